#pragma once
/// \file figure.hpp
/// Figures: series of (x, y) points written as CSV, and drawn as SVG by
/// gnuplot (Debian gnuplot-nox) from that data. Nothing here writes SVG by hand.
///
/// API: `series`, `figure` (with its caption and the table it illustrates),
/// `illustrate(f, table, what)` (sets both), `figure_csv(f)`, `figure_svg(f)` (gnuplot's SVG as text), `write_figure(f, dir)`.

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <unistd.h>  // mkstemp, write, close; popen from <cstdio>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/report/table.hpp"

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
  std::string caption = {};  ///< what it shows, its source and method (the HTML report prints it under the figure)
  std::string table = {};    ///< id of the table it illustrates (the HTML report sets it beside); empty: none
};

/// Sets `f` beside table `t` (its `table`) with the caption `what`, then t's source and method.
inline void illustrate(figure& f, const table& t, const std::string& what) {
  f.table = t.id;
  f.caption = what + " Source: " + t.source + ". Method: " + t.method + ".";
}

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

/// Runs gnuplot on `script` (written to a private temporary file) and returns what it
/// printed on stdout: the terminal's output, as no `set output` is given.
inline std::string run_gnuplot(const std::string& script, const std::string& what) {
  std::string path = (std::filesystem::temp_directory_path() / "shiftfly_figure_XXXXXX").string();
  const int fd = ::mkstemp(path.data());
  if (fd < 0) throw std::runtime_error("report::figure_svg: cannot create a temporary file for figure '" + what + "'");
  const bool written = ::write(fd, script.data(), script.size()) == static_cast<ssize_t>(script.size());
  ::close(fd);
  std::string svg;
  int rc = -1;
  if (written) {
    if (FILE* p = ::popen(("gnuplot " + gp_quote(path) + " 2>/dev/null").c_str(), "r")) {
      char buf[65536];
      std::size_t n = 0;
      while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) svg.append(buf, n);
      rc = ::pclose(p);
    }
  }
  std::error_code ec;
  std::filesystem::remove(path, ec);
  if (rc != 0 || svg.find("</svg>") == std::string::npos)
    throw std::runtime_error("report::figure_svg: gnuplot failed for figure '" + what + "' (is gnuplot-nox installed?)");
  return svg;
}
}  // namespace detail

/// Draws `f` with gnuplot and returns the SVG text. The data travel inside the
/// script (gnuplot datablocks), so the drawing depends on nothing but `f`.
/// Throws std::runtime_error when gnuplot is missing or fails.
inline std::string figure_svg(const figure& f) {
  std::string script;
  for (std::size_t k = 0; k < f.lines.size(); ++k) {
    const auto& s = f.lines[k];
    if (s.x.size() != s.y.size()) core::fail("report::figure_svg", "series '" + s.name + "' has unequal x and y");
    script += fmt::format("$s{} << EOD\n", k);
    for (std::size_t i = 0; i < s.x.size(); ++i) script += fmt::format("{} {}\n", s.x[i], s.y[i]);
    script += "EOD\n";
  }
  script += "set terminal svg size 720,450 dynamic enhanced font 'sans,12' background '#ffffff'\n";
  script += "set title " + detail::gp_quote(f.title) + " noenhanced\n";
  script += "set xlabel " + detail::gp_quote(f.xlabel) + " noenhanced\n";
  script += "set ylabel " + detail::gp_quote(f.ylabel) + " noenhanced\n";
  script += "set key outside right top noenhanced\nset grid\n";
  if (f.logx) script += "set logscale x\n";
  if (f.logy) script += "set logscale y\n";
  script += "plot ";
  for (std::size_t k = 0; k < f.lines.size(); ++k)
    script += fmt::format("{}$s{} using 1:2 with linespoints lw 2 title {}", k ? ", " : "", k, detail::gp_quote(f.lines[k].name));
  script += "\n";
  return detail::run_gnuplot(script, f.id);
}

/// Writes <dir>/<id>.csv and <dir>/<id>.svg (figure_svg). Throws
/// std::runtime_error when gnuplot is missing or fails, or a file cannot be written.
inline void write_figure(const figure& f, const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  const std::string svg = figure_svg(f);
  for (const auto& [name, text] : {std::pair{f.id + ".csv", figure_csv(f)}, std::pair{f.id + ".svg", svg}}) {
    std::ofstream out(dir / name, std::ios::binary);
    out << text;
    if (!out) throw std::runtime_error("report::write_figure: cannot write " + (dir / name).string());
  }
}

}  // namespace shiftfly::report
