#pragma once
/// \file figure.hpp
/// Figures: series of (x, y) points written as CSV, and the gnuplot script that
/// draws them as SVG in the project's one style (report/figure_style.hpp). Running
/// gnuplot is not here: report/gnuplot.hpp (figure_svg, write_figure), the gnuplot
/// component a program opts into (shiftfly/gnuplot.hpp), so that no other header
/// starts a program. Nothing here writes SVG by hand. Labels and series
/// names are gnuplot enhanced text ("1 − λ_2", "ρ = 0.15"). A figure with a
/// display floor (a log axis cannot show 0) or a display ceiling (a nines axis
/// cannot reach 100%) draws each value beyond it at it with its own marker, says
/// so in its key and caption, and keeps the true value in its CSV; values outside
/// a plotted range are not drawn, and the caption counts them.
///
/// A paper's figure is drawn with its axes and annotations: ranges (reversed when
/// lo > hi) and tick steps, a nines axis for a coverage close to 100% (90%, 99%,
/// 99.9%, ... equally spaced), series drawn solid or dashed as the paper says,
/// dashed reference lines (a target), hatched x bands (past a budget cap), filled
/// or open markers (operating points) and the shaded gap between two curves.
///
/// API: `dash`, `series`, `axis_range`, `reference_line`, `x_band`, `marker`,
/// `shaded_gap`, `cell_grid`, `figure` (with its caption, the table it illustrates, a
/// display floor and ceiling, named x ticks, a nines y axis, ranges and annotations; or
/// a grid of numbered cells in place of lines),
/// `illustrate(f, table, what)`, `clamped_points(f)` (`_below`, `_above`),
/// `points_outside_ranges(f)`, `nines(percent)`, `nines_label(k)`,
/// `enhanced_number(x)`, `figure_caption(f)` (the caption with the sentences on
/// clamped and unplotted points), `figure_csv(f)`, `figure_script(f)`; in
/// report/gnuplot.hpp: `figure_svg(f)` (gnuplot's SVG as text), `write_figure(f, dir)`.

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/report/figure_style.hpp"
#include "shiftfly/report/render.hpp"
#include "shiftfly/report/table.hpp"

namespace shiftfly::report {

/// How a series' line is dashed: as its line style cycles (figure_style), or solid or
/// dashed where the paper says which curve is drawn which way.
enum class dash { automatic, solid, dashed };

/// One line of a figure.
struct series {
  std::string name;
  std::vector<double> x, y;
  dash stroke = dash::automatic;
};

/// An axis range in data units: `lo` to `hi` (NaN: autoscaled at that end; lo > hi reverses
/// the axis, as for a correlation that decreases to the right), with tick marks `step`
/// apart (0: gnuplot's choice; ignored on a nines axis, whose ticks are the nines).
struct axis_range {
  double lo = std::numeric_limits<double>::quiet_NaN();
  double hi = std::numeric_limits<double>::quiet_NaN();
  double step = 0;
};

/// A dashed reference line across the plot (a target, a floor): horizontal at y = `at`
/// (axis 'y') or vertical at x = `at` (axis 'x'), in data units; in the key as `label`.
struct reference_line {
  char axis = 'y';
  double at = 0;
  std::string label;
};

/// A hatched band over the plot's full height, from x = `from` to x = `to` (a range past a
/// budget cap); in the key as `label`.
struct x_band {
  double from = 0, to = 0;
  std::string label;
};

/// One marked point (an operating point) at (x, y) in data units: a black circle, filled or
/// open; in the key as `label` (empty: no key entry).
struct marker {
  double x = 0, y = 0;
  std::string label;
  bool filled = true;
};

/// The shaded area between two series of the figure, lines[lower] and lines[upper], which
/// have the same x values; in the key as `label`.
struct shaded_gap {
  std::size_t lower = 0, upper = 1;
  std::string label;
};

/// A grid of numbered cells (a heatmap), drawn in place of lines: cell (r, c) holds
/// values[r][c], filled on a sequential scale (light to dark, so that it reads in greyscale
/// too) and printed in the cell; a hatched cell (past a budget cap, as a paper hatches it)
/// is drawn hatched, without its number. Row 0 is drawn at the top, as in a table; the
/// figure's xlabel names the columns and its ylabel the rows.
struct cell_grid {
  std::vector<std::string> row_labels, column_labels;
  std::vector<std::vector<double>> values;  ///< [row][column]
  std::vector<std::vector<bool>> hatched;   ///< [row][column]; empty: no cell hatched
  std::string value_label;                  ///< the colour scale's label
  std::string hatched_label;                ///< the key entry of the hatching
  [[nodiscard]] bool empty() const { return values.empty(); }
  [[nodiscard]] bool is_hatched(std::size_t r, std::size_t c) const { return !hatched.empty() && hatched[r][c]; }
};

/// A line chart, or a grid of cells (`grid`).
struct figure {
  std::string id;  ///< file stem: <id>.csv and <id>.svg
  std::string title, xlabel, ylabel;
  bool logx = false, logy = false;
  std::vector<series> lines;
  std::string caption = {};  ///< what it shows, its source and method (the HTML report prints it under the figure)
  std::string table = {};    ///< id of the table it illustrates (the HTML report sets it beside); empty: none
  double display_floor = 0;  ///< > 0: values below it are drawn at it, marked as clamped (a log axis has no 0)
  std::vector<std::pair<double, std::string>> xticks = {};  ///< named x tick marks; empty: numbers
  double display_ceiling = 0;  ///< > 0: values above it are drawn at it, marked as clamped (a nines axis has no 100%)
  /// y is a coverage or availability in percent, drawn on a nines axis: k nines at height k,
  /// ticks labelled 90%, 99%, 99.9%, ...; the data file keeps the percentages.
  bool ynines = false;
  axis_range xrange = {}, yrange = {};         ///< the plotted ranges; values outside are not drawn (the caption counts them)
  std::vector<reference_line> references = {};  ///< dashed lines across the plot
  std::vector<x_band> bands = {};               ///< hatched ranges of x
  std::vector<marker> markers = {};             ///< marked points
  std::vector<shaded_gap> gaps = {};            ///< shaded areas between two series
  cell_grid grid = {};                          ///< non-empty: the figure is this grid, and has no lines
};

namespace detail {
/// Where a value stands against the display floor and ceiling: drawn as it is, or clamped.
enum class clamp { none, below, above };

inline clamp clamp_of(const figure& f, double y) {
  if (f.display_floor > 0 && !(y >= f.display_floor)) return clamp::below;
  if (f.display_ceiling > 0 && y > f.display_ceiling) return clamp::above;
  return clamp::none;
}

inline std::size_t count_clamped(const figure& f, clamp which) {
  std::size_t n = 0;
  for (const auto& s : f.lines)
    for (const double y : s.y) n += clamp_of(f, y) == which;
  return n;
}

/// The smallest and largest value of range `r` (NaN: open at that end). With one end given,
/// `lo` bounds from below and `hi` from above.
inline double range_min(const axis_range& r) { return std::isnan(r.lo) || std::isnan(r.hi) ? r.lo : std::min(r.lo, r.hi); }
inline double range_max(const axis_range& r) { return std::isnan(r.lo) || std::isnan(r.hi) ? r.hi : std::max(r.lo, r.hi); }
inline bool below_range(const axis_range& r, double v) { return !std::isnan(range_min(r)) && v < range_min(r); }
inline bool above_range(const axis_range& r, double v) { return !std::isnan(range_max(r)) && v > range_max(r); }
}  // namespace detail

/// How many points of `f` lie below its display floor (drawn at the floor).
inline std::size_t clamped_points_below(const figure& f) { return detail::count_clamped(f, detail::clamp::below); }

/// How many points of `f` lie above its display ceiling (drawn at the ceiling).
inline std::size_t clamped_points_above(const figure& f) { return detail::count_clamped(f, detail::clamp::above); }

/// How many points of `f` are drawn clamped, below its floor or above its ceiling.
inline std::size_t clamped_points(const figure& f) { return clamped_points_below(f) + clamped_points_above(f); }

/// How many points of `f` that are not clamped lie outside its plotted ranges (not drawn):
/// below the y range, above it, and outside the x range.
struct outside_counts {
  std::size_t below = 0, above = 0, beside = 0;
  std::size_t total() const { return below + above + beside; }
};

inline outside_counts points_outside_ranges(const figure& f) {
  outside_counts n;
  for (const auto& s : f.lines)
    for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
      if (detail::clamp_of(f, s.y[i]) != detail::clamp::none) continue;
      if (detail::below_range(f.xrange, s.x[i]) || detail::above_range(f.xrange, s.x[i])) ++n.beside;
      else if (detail::below_range(f.yrange, s.y[i])) ++n.below;
      else if (detail::above_range(f.yrange, s.y[i])) ++n.above;
    }
  return n;
}

/// A positive number as enhanced text: "10^{-12}" for a power of ten, else its shortest decimal.
inline std::string enhanced_number(double x) {
  const double e = std::round(std::log10(x));
  if (x > 0 && std::pow(10.0, e) == x) return fmt::format("10^{{{}}}", static_cast<int>(e));
  return fmt::format("{}", x);
}

/// The label of k nines on a nines axis: 0%, 90%, 99%, 99.9%, ...
inline std::string nines_label(int k) {
  if (k <= 0) return "0%";
  if (k == 1) return "90%";
  return "99" + (k > 2 ? "." + std::string(static_cast<std::size_t>(k - 2), '9') : std::string()) + "%";
}

/// A y value in percent as its height on a nines axis, -log10(1 - y/100): 90% -> 1, 99.9% -> 3.
inline double nines(double percent) { return 0.0 - std::log10((100.0 - percent) / 100.0); }

namespace detail {
inline std::string plural(std::size_t n, const char* one, const char* many) { return n == 1 ? one : many; }

/// A y value as the caption says it: its shortest decimal, with "%" on a nines axis.
inline std::string caption_y(const figure& f, double y) { return fmt::format("{}", y) + (f.ynines ? "%" : ""); }
}  // namespace detail

/// The full caption: the figure's caption, then a sentence for each kind of value not drawn
/// where it lies: clamped to the display floor or ceiling, or outside the plotted range.
inline std::string figure_caption(const figure& f) {
  std::string c = f.caption;
  const auto add = [&c](const std::string& sentence) { c += (c.empty() ? "" : " ") + sentence; };
  if (const std::size_t n = clamped_points_below(f); n > 0) {
    const std::string floor = detail::caption_y(f, f.display_floor);
    add(fmt::format("{} {} below {} ({}) {} drawn at {} as open downward triangles; the data file keeps the true values.", n,
                    detail::plural(n, "value", "values"), floor, f.logy ? "a log axis cannot show 0" : "the foot of the plotted range",
                    detail::plural(n, "is", "are"), floor));
  }
  if (const std::size_t n = clamped_points_above(f); n > 0) {
    const std::string ceiling = detail::caption_y(f, f.display_ceiling);
    add(fmt::format("{} {} above {} ({}) {} drawn at {} as open upward triangles; the data file keeps the true values.", n,
                    detail::plural(n, "value", "values"), ceiling, f.ynines ? "a nines axis cannot reach 100%" : "the top of the plotted range",
                    detail::plural(n, "is", "are"), ceiling));
  }
  const auto out = points_outside_ranges(f);
  if (out.below > 0)
    add(fmt::format("{} {} below {} {} outside the plotted range and {} not drawn; the data file keeps {}.", out.below,
                    detail::plural(out.below, "value", "values"), detail::caption_y(f, detail::range_min(f.yrange)),
                    detail::plural(out.below, "lies", "lie"), detail::plural(out.below, "is", "are"), detail::plural(out.below, "it", "them")));
  if (out.above > 0)
    add(fmt::format("{} {} above {} {} outside the plotted range and {} not drawn; the data file keeps {}.", out.above,
                    detail::plural(out.above, "value", "values"), detail::caption_y(f, detail::range_max(f.yrange)),
                    detail::plural(out.above, "lies", "lie"), detail::plural(out.above, "is", "are"), detail::plural(out.above, "it", "them")));
  if (out.beside > 0)
    add(fmt::format("{} {} outside the plotted x range {} not drawn; the data file keeps {}.", out.beside,
                    detail::plural(out.beside, "point", "points"), detail::plural(out.beside, "is", "are"),
                    detail::plural(out.beside, "it", "them")));
  return c;
}

/// Sets `f` beside table `t` (its `table`) with the caption `what`, then t's source and method.
inline void illustrate(figure& f, const table& t, const std::string& what) {
  f.table = t.id;
  f.caption = what + " Source: " + t.source + ". Method: " + t.method + ".";
}

/// The figure's data as CSV: series,x,y (shortest round-trip decimal; a series name with a
/// comma or a quote is quoted as RFC 4180 says); for a grid, row,column,value,hatched.
inline std::string figure_csv(const figure& f) {
  if (!f.grid.empty()) {
    const auto& g = f.grid;
    std::string out = "row,column,value,hatched\n";
    for (std::size_t r = 0; r < g.values.size() && r < g.row_labels.size(); ++r)
      for (std::size_t c = 0; c < g.values[r].size() && c < g.column_labels.size(); ++c)
        out += fmt::format("{},{},{},{}\n", detail::csv_field(g.row_labels[r]), detail::csv_field(g.column_labels[c]),
                           g.values[r][c], g.is_hatched(r, c) ? 1 : 0);
    return out;
  }
  std::string out = "series,x,y\n";
  for (const auto& s : f.lines) {
    if (s.x.size() != s.y.size()) core::fail("report::figure_csv", "series '" + s.name + "' has unequal x and y");
    const std::string name = detail::csv_field(s.name);
    for (std::size_t i = 0; i < s.x.size(); ++i) out += fmt::format("{},{},{}\n", name, s.x[i], s.y[i]);
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

/// A y value where gnuplot draws it: its height on a nines axis, else itself.
inline double plot_y(const figure& f, double y) { return f.ynines ? nines(y) : y; }

/// One end of a range for `set xrange [lo:hi]`: the number, or * (autoscale) for NaN.
inline std::string range_end(double v) { return std::isnan(v) ? std::string("*") : fmt::format("{}", v); }

/// The plotted y range: the figure's, in nines on a nines axis.
inline axis_range plotted_yrange(const figure& f) {
  axis_range r = f.yrange;
  if (f.ynines) {
    if (!std::isnan(r.lo)) r.lo = nines(r.lo);
    if (!std::isnan(r.hi)) r.hi = nines(r.hi);
  }
  return r;
}

/// `set <axis>range` and `set <axis>tics <step>` for a range that is given.
inline std::string range_commands(char axis, const axis_range& r, bool with_step) {
  std::string out;
  if (!std::isnan(r.lo) || !std::isnan(r.hi)) out += fmt::format("set {}range [{}:{}]\n", axis, range_end(r.lo), range_end(r.hi));
  if (with_step && r.step > 0) out += fmt::format("set {}tics {}\n", axis, r.step);
  return out;
}

/// Throws when a part of `f` refers to what is not there or cannot be drawn.
/// The line style (1-based, of figure_style) series `k` of a figure is drawn in, and its dash
/// when the figure sets one in place of the style's own.
struct series_style {
  std::size_t line_type = 1;
  dash stroke = dash::automatic;
  bool operator==(const series_style&) const = default;
};

inline series_style style_of(const figure& f, std::size_t k) { return {k % figure_line_styles + 1, f.lines[k].stroke}; }

/// The first two series (indices) of `f` that would be drawn in the same style, if any.
inline std::optional<std::pair<std::size_t, std::size_t>> same_style_series(const figure& f) {
  for (std::size_t j = 1; j < f.lines.size(); ++j)
    for (std::size_t i = 0; i < j; ++i)
      if (style_of(f, i) == style_of(f, j)) return std::pair{i, j};
  return std::nullopt;
}

inline void validate_figure(const figure& f) {
  const std::string fn = "report::figure_svg";
  if (const auto& g = f.grid; !g.empty()) {
    if (!f.lines.empty()) core::fail(fn, "figure '" + f.id + "' has both a cell grid and lines (accepted: one of them)");
    if (g.values.size() != g.row_labels.size())
      core::fail(fn, fmt::format("figure '{}': the grid has {} rows of values and {} row labels", f.id, g.values.size(), g.row_labels.size()));
    if (!g.hatched.empty() && g.hatched.size() != g.values.size())
      core::fail(fn, fmt::format("figure '{}': the grid has {} rows of values and {} of hatching", f.id, g.values.size(), g.hatched.size()));
    for (std::size_t r = 0; r < g.values.size(); ++r) {
      if (g.values[r].size() != g.column_labels.size() || (!g.hatched.empty() && g.hatched[r].size() != g.column_labels.size()))
        core::fail(fn, fmt::format("figure '{}': grid row {} does not have one cell for each of the {} columns", f.id, r,
                                   g.column_labels.size()));
      for (const double v : g.values[r])
        if (!std::isfinite(v)) core::fail(fn, fmt::format("figure '{}': grid row {} has the value {}", f.id, r, v));
    }
  }
  for (const auto& s : f.lines)
    if (s.x.size() != s.y.size()) core::fail(fn, "series '" + s.name + "' has unequal x and y");
  if (const auto same = same_style_series(f))
    core::fail(fn, fmt::format("figure '{}': series '{}' and '{}' would be drawn alike (the figure has {} series; accepted: "
                               "at most {}, the line styles of report/figure_style.hpp)",
                               f.id, f.lines[same->first].name, f.lines[same->second].name, f.lines.size(), figure_line_styles));
  if (f.ynines && f.logy) core::fail(fn, "figure '" + f.id + "' has both a nines and a log y axis");
  if (f.ynines)
    for (const auto& s : f.lines)
      for (const double y : s.y)
        if (clamp_of(f, y) == clamp::none && !(y < 100))
          core::fail(fn, "figure '" + f.id + "': series '" + s.name + "' has " + fmt::format("{}", y) +
                             "%, which a nines axis cannot draw (set a display ceiling below 100)");
  if (f.display_floor > 0 && f.display_ceiling > 0 && !(f.display_floor < f.display_ceiling))
    core::fail(fn, fmt::format("figure '{}' has display floor {} not below its ceiling {}", f.id, f.display_floor, f.display_ceiling));
  for (const auto& r : f.references)
    if (r.axis != 'x' && r.axis != 'y')
      core::fail(fn, "figure '" + f.id + "': reference line '" + r.label + "' has axis '" + std::string(1, r.axis) + "' (accepted: x, y)");
  for (const auto& g : f.gaps) {
    if (g.lower >= f.lines.size() || g.upper >= f.lines.size() || g.lower == g.upper)
      core::fail(fn, fmt::format("figure '{}': shaded gap '{}' joins series {} and {} (accepted: two different series of 0..{})", f.id,
                                 g.label, g.lower, g.upper, f.lines.size() - (f.lines.empty() ? 0 : 1)));
    if (f.lines[g.lower].x != f.lines[g.upper].x)
      core::fail(fn, "figure '" + f.id + "': shaded gap '" + g.label + "' joins series '" + f.lines[g.lower].name + "' and '" +
                         f.lines[g.upper].name + "', whose x values differ");
  }
}
}  // namespace detail

namespace detail {
/// The script of a grid figure (after figure_style): one datablock of "column row value
/// hatched", the rows and columns as named ticks, a filled box for each cell not hatched
/// on the grid palette, the hatching, the numbers (white on the darker cells), the key.
inline std::string grid_script(const figure& f) {
  const auto& g = f.grid;
  std::string script(figure_style);
  script += grid_palette;
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  script += "$c << EOD\n";
  bool any_hatched = false;
  for (std::size_t r = 0; r < g.values.size(); ++r)
    for (std::size_t c = 0; c < g.column_labels.size(); ++c) {
      const bool h = g.is_hatched(r, c);
      any_hatched = any_hatched || h;
      if (!h) lo = std::min(lo, g.values[r][c]), hi = std::max(hi, g.values[r][c]);
      script += fmt::format("{} {} {} {}\n", c, r, g.values[r][c], h ? 1 : 0);
    }
  script += "EOD\n";
  if (!std::isfinite(lo)) lo = 0, hi = 1;  // every cell hatched
  if (!(hi > lo)) hi = lo + 1;
  script += "set xlabel " + gp_quote(f.xlabel) + "\n";
  script += "set ylabel " + gp_quote(f.ylabel) + "\n";
  script += "set cblabel " + gp_quote(g.value_label) + "\n";
  script += fmt::format("set xrange [-0.5:{}]\nset yrange [{}:-0.5]\nset cbrange [{}:{}]\nunset grid\n",
                        static_cast<double>(g.column_labels.size()) - 0.5, static_cast<double>(g.row_labels.size()) - 0.5, lo, hi);
  for (const auto& [axis, labels] : {std::pair{'x', &g.column_labels}, std::pair{'y', &g.row_labels}}) {
    script += fmt::format("set {}tics (", axis);
    for (std::size_t i = 0; i < labels->size(); ++i) script += fmt::format("{}{} {}", i ? ", " : "", gp_quote((*labels)[i]), i);
    script += fmt::format(")\nunset m{}tics\n", axis);
  }
  // numbers in white on cells darker than 60 % of the scale
  const double white_above = lo + 0.6 * (hi - lo);
  script += "plot $c using 1:2:(0.5):(0.5):($4 > 0 ? NaN : $3) with boxxyerror fs solid 1.0 noborder fc palette notitle";
  if (any_hatched)
    script += fmt::format(", $c using 1:2:($4 > 0 ? 0.5 : NaN):(0.5) with boxxyerror {} notitle", band_key_style);
  script += fmt::format(", $c using 1:2:($4 > 0 ? \"\" : sprintf(\"%g\", $3)):($3 > {} ? 0xffffff : 0x202020) with labels tc rgb "
                        "variable notitle",
                        white_above);
  if (any_hatched) script += fmt::format(", NaN with boxes {} title {}", band_key_style, gp_quote(g.hatched_label));
  return script + "\n";
}
}  // namespace detail

/// The gnuplot script that draws `f` (figure_style, then the figure's data as
/// datablocks, labels, axes, ranges, reference lines, bands and plot), so that the
/// drawing depends on nothing but `f`.
inline std::string figure_script(const figure& f) {
  detail::validate_figure(f);
  if (!f.grid.empty()) return detail::grid_script(f);
  std::string script(figure_style);
  // Each series' points as "x y flag": the flag says where a value is clamped (1 below the
  // floor, 2 above the ceiling) and the y written is where it is drawn.
  std::vector<bool> has_below(f.lines.size(), false), has_above(f.lines.size(), false);
  const auto drawn_y = [&f](double y) {
    const auto c = detail::clamp_of(f, y);
    return detail::plot_y(f, c == detail::clamp::below ? f.display_floor : c == detail::clamp::above ? f.display_ceiling : y);
  };
  for (std::size_t k = 0; k < f.lines.size(); ++k) {
    const auto& s = f.lines[k];
    script += fmt::format("$s{} << EOD\n", k);
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      const auto c = detail::clamp_of(f, s.y[i]);
      has_below[k] = has_below[k] || c == detail::clamp::below;
      has_above[k] = has_above[k] || c == detail::clamp::above;
      script += fmt::format("{} {} {}\n", s.x[i], drawn_y(s.y[i]), c == detail::clamp::below ? 1 : c == detail::clamp::above ? 2 : 0);
    }
    script += "EOD\n";
  }
  for (std::size_t k = 0; k < f.gaps.size(); ++k) {
    const auto& lo = f.lines[f.gaps[k].lower];
    const auto& hi = f.lines[f.gaps[k].upper];
    script += fmt::format("$g{} << EOD\n", k);
    for (std::size_t i = 0; i < lo.x.size(); ++i) script += fmt::format("{} {} {}\n", lo.x[i], drawn_y(lo.y[i]), drawn_y(hi.y[i]));
    script += "EOD\n";
  }
  for (std::size_t k = 0; k < f.markers.size(); ++k)
    script += fmt::format("$m{} << EOD\n{} {}\nEOD\n", k, f.markers[k].x, detail::plot_y(f, f.markers[k].y));
  script += "set xlabel " + detail::gp_quote(f.xlabel) + "\n";
  script += "set ylabel " + detail::gp_quote(f.ylabel) + "\n";
  for (const auto& [axis, logscale] : {std::pair{'x', f.logx}, std::pair{'y', f.logy}})
    if (logscale) script += fmt::format("set logscale {0} 10\nset format {0} \"10^{{%L}}\"\n", axis);
  script += detail::range_commands('x', f.xrange, f.xticks.empty());
  script += detail::range_commands('y', detail::plotted_yrange(f), !f.ynines);
  if (f.ynines) {
    // Ticks at every whole number of nines the range or the data reach (a tick label is a
    // format string to gnuplot: "%%" is a percent sign).
    const auto r = detail::plotted_yrange(f);
    double lo = detail::range_min(r), hi = detail::range_max(r);
    double dlo = std::numeric_limits<double>::infinity(), dhi = -dlo;
    for (const auto& s : f.lines)
      for (const double y : s.y) {
        const double n = drawn_y(y);
        if (std::isfinite(n)) dlo = std::min(dlo, n), dhi = std::max(dhi, n);
      }
    if (std::isnan(lo)) lo = std::isfinite(dlo) ? dlo : 0;
    if (std::isnan(hi)) hi = std::isfinite(dhi) ? dhi : 1;
    // No tick at 0 nines (0%), which a nines axis does not resolve: the first label is 90%.
    const int first = std::max(1, static_cast<int>(std::floor(lo + 1e-6))), last = std::min(17, static_cast<int>(std::ceil(hi - 1e-6)));
    script += "set ytics (";
    for (int k = first; k <= last; ++k) {
      std::string label = nines_label(k);
      label.insert(label.size() - 1, "%");
      script += fmt::format("{}{} {}", k == first ? "" : ", ", detail::gp_quote(label), k);
    }
    script += ")\nunset mytics\n";
  }
  if (!f.xticks.empty()) {
    script += "set xtics (";
    for (std::size_t i = 0; i < f.xticks.size(); ++i)
      script += fmt::format("{}{} {}", i ? ", " : "", detail::gp_quote(f.xticks[i].second), f.xticks[i].first);
    script += ")\nset offsets graph 0.08, graph 0.08, 0, 0\nunset mxtics\n";
  }
  for (const auto& b : f.bands)
    script += fmt::format("set object rect from first {}, graph 0 to first {}, graph 1 behind {}\n", b.from, b.to, band_style);
  for (const auto& r : f.references) {
    if (r.axis == 'y')
      script += fmt::format("set arrow from graph 0, first {0} to graph 1, first {0} nohead front {1}\n", detail::plot_y(f, r.at),
                            reference_line_style);
    else
      script += fmt::format("set arrow from first {0}, graph 0 to first {0}, graph 1 nohead front {1}\n", r.at, reference_line_style);
  }
  // The plot: shaded gaps first (under the lines), then the series, the markers, and the key
  // entries, drawn from no data (NaN), of the reference lines, the bands and the clamped marks.
  // A series with clamped values: its line through every point, its own marker where the value
  // is true, the clamped markers where it is not, and its key entry drawn from no data.
  std::vector<std::string> items;
  const auto title = [](const std::string& t) { return t.empty() ? std::string("notitle") : "title " + detail::gp_quote(t); };
  for (std::size_t k = 0; k < f.gaps.size(); ++k)
    items.push_back(fmt::format("$g{} using 1:2:3 with filledcurves {} {}", k, shaded_gap_style, title(f.gaps[k].label)));
  for (std::size_t k = 0; k < f.lines.size(); ++k) {
    const auto& s = f.lines[k];
    std::string lt = fmt::format("lt {}", detail::style_of(f, k).line_type);
    if (s.stroke != dash::automatic) lt += fmt::format(" dt {}", s.stroke == dash::solid ? solid_dash : dashed_dash);
    const std::string name = detail::gp_quote(s.name);
    if (!has_below[k] && !has_above[k]) {
      items.push_back(fmt::format("$s{} using 1:2 with linespoints {} title {}", k, lt, name));
      continue;
    }
    items.push_back(fmt::format("$s{} using 1:2 with lines {} notitle", k, lt));
    items.push_back(fmt::format("$s{} using 1:($3 > 0 ? NaN : $2) with points {} notitle", k, lt));
    if (has_below[k])
      items.push_back(fmt::format("$s{} using 1:($3 == 1 ? $2 : NaN) with points {} pt {} ps 1.3 notitle", k, lt, clamped_point_type));
    if (has_above[k])
      items.push_back(fmt::format("$s{} using 1:($3 == 2 ? $2 : NaN) with points {} pt {} ps 1.3 notitle", k, lt, clamped_above_point_type));
    items.push_back(fmt::format("NaN with linespoints {} title {}", lt, name));
  }
  for (std::size_t k = 0; k < f.markers.size(); ++k)
    items.push_back(fmt::format("$m{} using 1:2 with points {} {}", k, f.markers[k].filled ? filled_marker_style : open_marker_style,
                                title(f.markers[k].label)));
  for (const auto& r : f.references) items.push_back(fmt::format("NaN with lines {} {}", reference_line_style, title(r.label)));
  for (const auto& b : f.bands) items.push_back(fmt::format("NaN with boxes {} {}", band_key_style, title(b.label)));
  if (std::find(has_below.begin(), has_below.end(), true) != has_below.end())
    items.push_back(fmt::format("NaN with points {} title {}", clamped_point_style,
                                detail::gp_quote("clamped: < " + (f.ynines ? detail::caption_y(f, f.display_floor) : enhanced_number(f.display_floor)))));
  if (std::find(has_above.begin(), has_above.end(), true) != has_above.end())
    items.push_back(fmt::format("NaN with points {} title {}", clamped_above_point_style,
                                detail::gp_quote("clamped: > " + (f.ynines ? detail::caption_y(f, f.display_ceiling) : enhanced_number(f.display_ceiling)))));
  script += "plot ";
  for (std::size_t i = 0; i < items.size(); ++i) script += (i ? ", " : "") + items[i];
  return script + "\n";
}

}  // namespace shiftfly::report
