#pragma once
/// \file figure.hpp
/// Figures: series of (x, y) points written as CSV, and drawn as SVG by
/// gnuplot (Debian gnuplot-nox) from that CSV. Nothing here writes SVG by hand.

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "shiftfly/core/checked.hpp"

namespace shiftfly::report {

/// One line of a figure.
struct series {
  std::string name;
  std::vector<double> x, y;
};

/// A line chart.
struct figure {
  std::string id;  ///< file stem: <id>.csv and <id>.svg
  std::string title, xlabel, ylabel;
  bool logx = false, logy = false;
  std::vector<series> lines;
};

/// The figure's data as CSV: series,x,y (shortest round-trip decimal).
inline std::string figure_csv(const figure& f) {
  std::string out = "series,x,y\n";
  for (const auto& s : f.lines) {
    if (s.x.size() != s.y.size()) core::fail("report::figure_csv", "series '" + s.name + "' has unequal x and y");
    for (std::size_t i = 0; i < s.x.size(); ++i) out += fmt::format("{},{},{}\n", s.name, s.x[i], s.y[i]);
  }
  return out;
}

namespace detail {
inline std::string gp_quote(const std::string& s) {
  std::string q = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') q += '\\';
    q += c;
  }
  return q + "\"";
}
}  // namespace detail

/// Writes <dir>/<id>.csv and draws <dir>/<id>.svg with gnuplot. Throws
/// std::runtime_error when gnuplot is missing or fails.
inline void write_figure(const figure& f, const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  const auto csv = dir / (f.id + ".csv");
  {
    std::ofstream out(csv, std::ios::binary);
    out << figure_csv(f);
  }
  // One data file per series, so gnuplot needs no filtering.
  std::vector<std::filesystem::path> parts;
  for (std::size_t k = 0; k < f.lines.size(); ++k) {
    auto p = dir / fmt::format(".{}.{}.dat", f.id, k);
    std::ofstream out(p, std::ios::binary);
    for (std::size_t i = 0; i < f.lines[k].x.size(); ++i) out << fmt::format("{} {}\n", f.lines[k].x[i], f.lines[k].y[i]);
    parts.push_back(p);
  }
  std::string script = "set terminal svg size 720,450 dynamic enhanced font 'sans,12' background '#ffffff'\n";
  script += "set output " + detail::gp_quote((dir / (f.id + ".svg")).string()) + "\n";
  script += "set title " + detail::gp_quote(f.title) + " noenhanced\n";
  script += "set xlabel " + detail::gp_quote(f.xlabel) + " noenhanced\n";
  script += "set ylabel " + detail::gp_quote(f.ylabel) + " noenhanced\n";
  script += "set key outside right top noenhanced\nset grid\n";
  if (f.logx) script += "set logscale x\n";
  if (f.logy) script += "set logscale y\n";
  script += "plot ";
  for (std::size_t k = 0; k < parts.size(); ++k)
    script += (k ? ", " : "") + detail::gp_quote(parts[k].string()) + " using 1:2 with linespoints lw 2 title " +
              detail::gp_quote(f.lines[k].name);
  script += "\n";
  const auto gp = dir / fmt::format(".{}.gp", f.id);
  {
    std::ofstream out(gp, std::ios::binary);
    out << script;
  }
  const std::string cmd = "gnuplot " + detail::gp_quote(gp.string()) + " 2>&1";
  const int rc = std::system(cmd.c_str());
  std::error_code ec;
  std::filesystem::remove(gp, ec);
  for (const auto& p : parts) std::filesystem::remove(p, ec);
  if (rc != 0) throw std::runtime_error("report::write_figure: gnuplot failed for figure '" + f.id + "' (is gnuplot-nox installed?)");
}

}  // namespace shiftfly::report
