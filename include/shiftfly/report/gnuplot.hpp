#pragma once
/// \file gnuplot.hpp
/// Drawing figures by running gnuplot (Debian gnuplot-nox): the script of
/// report/figure.hpp is written to a private temporary file and gnuplot's SVG is
/// read back through popen. This is the only header of the library that starts a
/// program; it is the gnuplot component (shiftfly/gnuplot.hpp), which a program
/// opts into: no graph, metrics, report or tables header includes it. The table-set
/// driver (report/table_set.hpp) takes the renderer as table_set_options::svg, and
/// the tools pass figure_svg.
///
/// API: `figure_svg(f)` (gnuplot's SVG as text), `write_figure(f, dir)` (<id>.csv and <id>.svg).

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>

#include <unistd.h>  // mkstemp, write, close; popen from <cstdio>

#include "shiftfly/report/figure.hpp"

namespace shiftfly::report {

namespace detail {
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
