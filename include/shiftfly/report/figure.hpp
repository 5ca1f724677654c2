#pragma once
/// \file figure.hpp
/// Figures: series of (x, y) points written as CSV, and drawn as SVG by
/// gnuplot (Debian gnuplot-nox) from that data, in the project's one style
/// (report/figure_style.hpp). Nothing here writes SVG by hand. Labels and series
/// names are gnuplot enhanced text ("1 − λ_2", "ρ = 0.15"). A figure with a
/// display floor (a log axis cannot show 0) draws each value below the floor at
/// the floor with its own marker, says so in its key and caption, and keeps the
/// true value in its CSV.
///
/// API: `series`, `figure` (with its caption, the table it illustrates, a display
/// floor, named x ticks), `illustrate(f, table, what)`, `clamped_points(f)`,
/// `figure_caption(f)` (the caption with the sentence on clamped points),
/// `figure_csv(f)`, `figure_script(f)`, `figure_svg(f)` (gnuplot's SVG as text),
/// `write_figure(f, dir)`.

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
#include "shiftfly/report/figure_style.hpp"
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
  double display_floor = 0;  ///< > 0: values below it are drawn at it, marked as clamped (a log axis has no 0)
  std::vector<std::pair<double, std::string>> xticks = {};  ///< named x tick marks; empty: numbers
};

/// How many points of `f` lie below its display floor (drawn at the floor).
inline std::size_t clamped_points(const figure& f) {
  std::size_t n = 0;
  if (f.display_floor > 0)
    for (const auto& s : f.lines)
      for (const double y : s.y) n += !(y >= f.display_floor);
  return n;
}

/// A positive number as enhanced text: "10^{-12}" for a power of ten, else its shortest decimal.
inline std::string enhanced_number(double x) {
  const double e = std::round(std::log10(x));
  if (x > 0 && std::pow(10.0, e) == x) return fmt::format("10^{{{}}}", static_cast<int>(e));
  return fmt::format("{}", x);
}

/// The full caption: the figure's caption, and a sentence on clamped points when there are any.
inline std::string figure_caption(const figure& f) {
  std::string c = f.caption;
  if (const std::size_t n = clamped_points(f); n > 0) {
    const std::string floor = fmt::format("{}", f.display_floor);
    c += (c.empty() ? "" : " ") + fmt::format("{} {} below {} (a shortfall of 0 has no logarithm) {} drawn at {} as open "
                                              "downward triangles; the data file keeps the true values.",
                                              n, n == 1 ? "value" : "values", floor, n == 1 ? "is" : "are", floor);
  }
  return c;
}

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

/// The gnuplot script that draws `f` (figure_style, then the figure's data as
/// datablocks, labels, axes and plot), so that the drawing depends on nothing but `f`.
inline std::string figure_script(const figure& f) {
  std::string script(figure_style);
  const bool clamps = f.display_floor > 0;
  std::vector<bool> has_clamped(f.lines.size(), false);
  for (std::size_t k = 0; k < f.lines.size(); ++k) {
    const auto& s = f.lines[k];
    if (s.x.size() != s.y.size()) core::fail("report::figure_svg", "series '" + s.name + "' has unequal x and y");
    script += fmt::format("$s{} << EOD\n", k);
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      const bool low = clamps && !(s.y[i] >= f.display_floor);
      has_clamped[k] = has_clamped[k] || low;
      script += fmt::format("{} {} {}\n", s.x[i], low ? f.display_floor : s.y[i], low ? 1 : 0);
    }
    script += "EOD\n";
  }
  script += "set xlabel " + detail::gp_quote(f.xlabel) + "\n";
  script += "set ylabel " + detail::gp_quote(f.ylabel) + "\n";
  for (const auto& [axis, logscale] : {std::pair{'x', f.logx}, std::pair{'y', f.logy}})
    if (logscale) script += fmt::format("set logscale {0} 10\nset format {0} \"10^{{%L}}\"\n", axis);
  if (!f.xticks.empty()) {
    script += "set xtics (";
    for (std::size_t i = 0; i < f.xticks.size(); ++i)
      script += fmt::format("{}{} {}", i ? ", " : "", detail::gp_quote(f.xticks[i].second), f.xticks[i].first);
    script += ")\nset offsets graph 0.08, graph 0.08, 0, 0\nunset mxtics\n";
  }
  // A series with clamped values: its line through every point, its own marker where the value
  // is true, the clamped marker where it is not, and its key entry drawn from no data (NaN).
  script += "plot ";
  bool any = false;
  for (std::size_t k = 0; k < f.lines.size(); ++k) {
    const std::size_t lt = k % figure_line_styles + 1;
    const std::string title = detail::gp_quote(f.lines[k].name);
    script += k ? ", " : "";
    if (!has_clamped[k]) {
      script += fmt::format("$s{} using 1:2 with linespoints lt {} title {}", k, lt, title);
      continue;
    }
    any = true;
    script += fmt::format("$s{0} using 1:2 with lines lt {1} notitle, $s{0} using 1:($3 > 0 ? NaN : $2) with points lt {1} "
                          "notitle, $s{0} using 1:($3 > 0 ? $2 : NaN) with points lt {1} pt {2} ps 1.3 notitle, NaN with "
                          "linespoints lt {1} title {3}",
                          k, lt, clamped_point_type, title);
  }
  if (any)
    script += fmt::format(", NaN with points {} title {}", clamped_point_style,
                          detail::gp_quote("clamped: < " + enhanced_number(f.display_floor)));
  return script + "\n";
}

/// Draws `f` with gnuplot and returns the SVG text. Throws std::runtime_error when
/// gnuplot is missing or fails.
inline std::string figure_svg(const figure& f) { return detail::run_gnuplot(figure_script(f), f.id); }

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
