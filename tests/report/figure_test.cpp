// Tests for report/figure.hpp and report/figure_style.hpp: the one style, enhanced text,
// log axes labelled 10^k, values below a display floor drawn at it and marked (in the
// key and the caption) while the CSV keeps them, and the same SVG bytes on every run;
// the paper's axes and annotations: ranges, a nines axis with a display ceiling, solid
// and dashed series, reference lines, hatched x bands, markers and shaded gaps; no two series
// of a figure drawn alike.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <vector>
#include <string>

#include <fmt/format.h>

#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/gnuplot.hpp"
#include "shiftfly/report/table_set.hpp"

namespace figure_test {

using namespace shiftfly::report;

namespace {
figure clamped_sample() {
  figure f{"shortfall", "Shortfall", "spare ratio σ = s/N (%)", "1 − λ_2", false, true,
           {{"ρ = 0.1", {10, 20, 30}, {1e-3, 1e-9, 0.0}}, {"ρ = 0.2", {10, 20, 30}, {1e-2, 1e-6, 1e-10}}}};
  f.display_floor = 1e-12;
  f.caption = "What it shows.";
  return f;
}
}  // namespace

TEST_CASE("figure_script: the project's style, enhanced labels, log axes as 10^k, one line style per series", "[report]") {
  const figure f = clamped_sample();
  const std::string s = figure_script(f);
  CHECK(s.rfind(std::string(figure_style), 0) == 0);
  CHECK(s.find("set terminal svg") != std::string::npos);
  CHECK(s.find(" enhanced ") != std::string::npos);
  CHECK(s.find("noenhanced") == std::string::npos);
  CHECK(s.find("set ylabel \"1 − λ_2\"\n") != std::string::npos);
  CHECK(s.find("set logscale y 10\nset format y \"10^{%L}\"\n") != std::string::npos);
  CHECK(s.find("set logscale x") == std::string::npos);
  CHECK(s.find("$s1 using 1:2 with linespoints lt 2 title \"ρ = 0.2\"") != std::string::npos);
  // The 0 is drawn at the floor and flagged; only the series that has it gets the clamped markers.
  CHECK(s.find("$s0 << EOD\n10 0.001 0\n20 1e-09 0\n30 1e-12 1\nEOD\n") != std::string::npos);
  CHECK(s.find("$s0 using 1:2 with lines lt 1 notitle, $s0 using 1:($3 > 0 ? NaN : $2) with points lt 1 notitle, "
               "$s0 using 1:($3 == 1 ? $2 : NaN) with points lt 1 pt 10 ps 1.3 notitle, "
               "NaN with linespoints lt 1 title \"ρ = 0.1\"") != std::string::npos);
  CHECK(s.find("$3 == 2") == std::string::npos);  // nothing above a ceiling (there is none)
  CHECK(s.find("$s1 using 1:($3 > 0") == std::string::npos);
  CHECK(s.find("title \"clamped: < 10^{-12}\"") != std::string::npos);
  // Every style differs from the others in colour, dash and point.
  CHECK(std::string(figure_style).find("set linetype 8 ") != std::string::npos);
}

TEST_CASE("clamped points: counted, said in the caption, kept true in the CSV", "[report]") {
  figure f = clamped_sample();
  CHECK(clamped_points(f) == 1);
  CHECK(figure_caption(f) == "What it shows. 1 value below 1e-12 (a log axis cannot show 0) is drawn at 1e-12 as "
                             "open downward triangles; the data file keeps the true values.");
  CHECK(figure_csv(f).find("ρ = 0.1,30,0\n") != std::string::npos);
  f.display_floor = 0;
  CHECK(clamped_points(f) == 0);
  CHECK(figure_caption(f) == "What it shows.");
  CHECK(figure_script(f).find("clamped: <") == std::string::npos);
  CHECK(figure_script(f).find("pt 10") == std::string::npos);
  CHECK(enhanced_number(1e-12) == "10^{-12}");
  CHECK(enhanced_number(2.5e-3) == "0.0025");
}

TEST_CASE("figure_svg: gnuplot typesets the labels and draws the same bytes twice", "[report]") {
  figure f = clamped_sample();
  f.logx = true;
  f.xticks = {};
  const std::string a = figure_svg(f), b = figure_svg(f);
  CHECK(a == b);
  CHECK(a.find("</svg>") != std::string::npos);
  CHECK(a.find(">1 − λ</tspan>") != std::string::npos);  // λ as a UTF-8 letter, its subscript a tspan of its own
  CHECK(a.find("font-family=\"Symbol\"") == std::string::npos);
  CHECK(a.find(">10</tspan>") != std::string::npos);  // tick labels 10^k: "10" with a raised exponent
  CHECK(a.find(">-12</tspan>") != std::string::npos);
  CHECK(a.find("clamped: &lt; 10") != std::string::npos);
  figure bad = f;
  bad.lines[0].y.pop_back();
  CHECK_THROWS_AS(figure_svg(bad), std::invalid_argument);
}

namespace {
/// A coverage figure as the Halley paper draws Fig. 3: percentages on a nines axis with a
/// display ceiling, a target line, a hatched band, two markers, a reversed x range.
figure nines_sample() {
  figure f{"coverage", "Coverage", "spare ratio σ (%)", "coverage ceiling", false, false,
           {{"ρ = 0.1", {10, 50, 90}, {50, 99.9, 100}, dash::dashed}, {"ρ = 0.2", {10, 50, 90}, {90, 99, 99.9999999999}, dash::solid}}};
  f.ynines = true;
  f.yrange = {0, 99.999999};
  f.display_ceiling = 99.999999;
  f.xrange = {90, 0, 10};
  f.references.push_back({'y', 99.999, "99.999% target"});
  f.references.push_back({'x', 50, "cap"});
  f.bands.push_back({50, 90, "past the 2× cap"});
  f.markers.push_back({50, 99.9, "operating point", true});
  f.markers.push_back({90, 99.999, "", false});
  f.caption = "Coverage.";
  return f;
}
}  // namespace

TEST_CASE("nines: heights and labels of a nines axis", "[report]") {
  CHECK(nines(90) == Approx(1.0));
  CHECK(nines(99.999) == Approx(5.0));
  CHECK(nines(0) == 0.0);
  CHECK(nines_label(0) == "0%");
  CHECK(nines_label(1) == "90%");
  CHECK(nines_label(2) == "99%");
  CHECK(nines_label(5) == "99.999%");
  CHECK(nines_label(8) == "99.999999%");
}

TEST_CASE("figure_script: a nines axis draws percentages at their nines; the ceiling clamps 100%", "[report]") {
  const figure f = nines_sample();
  const std::string s = figure_script(f);
  // Ticks 90% .. 99.999999% at 1 .. 8 (a percent sign doubled: a tick label is a format).
  CHECK(s.find("set ytics (\"90%%\" 1, \"99%%\" 2, \"99.9%%\" 3, \"99.99%%\" 4, \"99.999%%\" 5, \"99.9999%%\" 6, "
               "\"99.99999%%\" 7, \"99.999999%%\" 8)\nunset mytics\n") != std::string::npos);
  CHECK(s.find("set logscale y") == std::string::npos);
  // The range in nines, x reversed with its tick step.
  CHECK(s.find(fmt::format("set yrange [0:{}]\n", nines(99.999999))) != std::string::npos);
  CHECK(s.find("set xrange [90:0]\nset xtics 10\n") != std::string::npos);
  CHECK(s.find("set ytics 0") == std::string::npos);
  // 50% is 0.30103 nines; 100% and 99.9999999999% are drawn at the ceiling, flagged 2.
  CHECK(s.find(fmt::format("$s0 << EOD\n10 {} 0\n50 {} 0\n90 {} 2\nEOD\n", nines(50), nines(99.9), nines(99.999999))) !=
        std::string::npos);
  CHECK(s.find(fmt::format("90 {} 2\nEOD\n", nines(99.999999))) != std::string::npos);
  CHECK(s.find("$s0 using 1:($3 == 2 ? $2 : NaN) with points lt 1 dt 2 pt 8 ps 1.3 notitle") != std::string::npos);
  CHECK(s.find("$3 == 1") == std::string::npos);
  CHECK(s.find("title \"clamped: > 99.999999%\"") != std::string::npos);
  // Solid and dashed as asked, whatever the style's own pattern.
  CHECK(s.find("NaN with linespoints lt 1 dt 2 title \"ρ = 0.1\"") != std::string::npos);
  CHECK(s.find("NaN with linespoints lt 2 dt 1 title \"ρ = 0.2\"") != std::string::npos);
}

TEST_CASE("figure_script: reference lines, hatched bands, markers", "[report]") {
  const figure f = nines_sample();
  const std::string s = figure_script(f);
  CHECK(s.find(fmt::format("set arrow from graph 0, first {0} to graph 1, first {0} nohead front dt 2 lw 1.2 lc '#000000'\n",
                           nines(99.999))) != std::string::npos);
  CHECK(s.find("set arrow from first 50, graph 0 to first 50, graph 1 nohead front dt 2 lw 1.2 lc '#000000'\n") != std::string::npos);
  CHECK(s.find("NaN with lines dt 2 lw 1.2 lc '#000000' title \"99.999% target\"") != std::string::npos);
  CHECK(s.find("NaN with lines dt 2 lw 1.2 lc '#000000' title \"cap\"") != std::string::npos);
  CHECK(s.find("set object rect from first 50, graph 0 to first 90, graph 1 behind fc '#808080' fs pattern 4 transparent noborder\n") !=
        std::string::npos);
  CHECK(s.find("NaN with boxes fs pattern 4 transparent lc '#808080' title \"past the 2× cap\"") != std::string::npos);
  CHECK(s.find(fmt::format("$m0 << EOD\n50 {}\nEOD\n", nines(99.9))) != std::string::npos);
  CHECK(s.find("$m0 using 1:2 with points pt 7 ps 1.7 lc '#000000' title \"operating point\"") != std::string::npos);
  CHECK(s.find("$m1 using 1:2 with points pt 6 ps 1.7 lc '#000000' notitle") != std::string::npos);
  // Without annotations, none of it.
  figure bare = f;
  bare.references.clear();
  bare.bands.clear();
  bare.markers.clear();
  const std::string b = figure_script(bare);
  CHECK(b.find("set arrow") == std::string::npos);
  CHECK(b.find("set object") == std::string::npos);
  CHECK(b.find("$m0") == std::string::npos);
}

TEST_CASE("figure_script: a shaded gap between two series; ranges open at one end", "[report]") {
  figure f{"goodput", "Goodput", "failure rate λ", "goodput (%)", false, false,
           {{"baseline", {0.1, 0.2}, {70, 40}, dash::dashed}, {"full stack", {0.1, 0.2}, {76, 75}, dash::solid}}};
  f.gaps.push_back({0, 1, "gap"});
  f.yrange.lo = 0;
  const std::string s = figure_script(f);
  CHECK(s.find("$g0 << EOD\n0.1 70 76\n0.2 40 75\nEOD\n") != std::string::npos);
  CHECK(s.find("plot $g0 using 1:2:3 with filledcurves fc '#7f7f7f' fs transparent solid 0.2 noborder title \"gap\", $s0") !=
        std::string::npos);
  CHECK(s.find("set yrange [0:*]\n") != std::string::npos);
  CHECK(s.find("set xrange") == std::string::npos);
  figure bad = f;
  bad.gaps[0].upper = 2;
  CHECK_THROWS_AS(figure_script(bad), std::invalid_argument);
  bad = f;
  bad.lines[1].x[1] = 0.3;
  CHECK_THROWS_AS(figure_script(bad), std::invalid_argument);
  bad = f;
  bad.references.push_back({'z', 1, "?"});
  CHECK_THROWS_AS(figure_script(bad), std::invalid_argument);
  // A nines axis cannot draw 100% unless a ceiling clamps it, nor share the axis with a log scale.
  figure full = nines_sample();
  full.display_ceiling = 0;
  CHECK_THROWS_AS(figure_script(full), std::invalid_argument);
  full = nines_sample();
  full.logy = true;
  CHECK_THROWS_AS(figure_script(full), std::invalid_argument);
}

TEST_CASE("figure_caption: values clamped at the ceiling and values outside the plotted range are counted", "[report]") {
  figure f = nines_sample();
  CHECK(clamped_points_above(f) == 2);
  CHECK(clamped_points_below(f) == 0);
  CHECK(clamped_points(f) == 2);
  CHECK(figure_caption(f) == "Coverage. 2 values above 99.999999% (a nines axis cannot reach 100%) are drawn at 99.999999% as open "
                             "upward triangles; the data file keeps the true values.");
  // The CSV keeps the percentages, 100 included.
  CHECK(figure_csv(f).find("ρ = 0.1,90,100\n") != std::string::npos);
  CHECK(figure_csv(f).find("ρ = 0.2,90,99.9999999999\n") != std::string::npos);
  // A range that leaves points out: the caption says how many, the CSV keeps them.
  figure g{"g", "G", "x", "y (%)", false, false, {{"a", {0, 1, 2, 3}, {10, 60, 80, 120}}}};
  g.yrange = {60, 100};
  CHECK(points_outside_ranges(g).below == 1);
  CHECK(points_outside_ranges(g).above == 1);
  g.caption = "G.";
  CHECK(figure_caption(g) == "G. 1 value below 60 lies outside the plotted range and is not drawn; the data file keeps it. 1 value "
                             "above 100 lies outside the plotted range and is not drawn; the data file keeps it.");
  g.lines[0].y[0] = 20;
  g.lines[0].x.push_back(4);
  g.lines[0].y.push_back(30);
  CHECK(figure_caption(g).find("G. 2 values below 60 lie outside the plotted range and are not drawn; the data file keeps them.") == 0);
  g.lines[0].x.pop_back();
  g.lines[0].y.pop_back();
  g.xrange = {0.5, 3};
  CHECK(points_outside_ranges(g).beside == 1);
  CHECK(points_outside_ranges(g).below == 0);
  g.yrange = {};
  g.xrange = {};
  CHECK(points_outside_ranges(g).total() == 0);
  CHECK(figure_caption(g) == "G.");
}

TEST_CASE("figure_csv: a series name with a comma is quoted", "[report]") {
  const figure f{"q", "Q", "x", "y", false, false, {{"flat pool, ρ = 0.15", {1}, {2}}, {"say \"hi\"", {3}, {4}}}};
  CHECK(figure_csv(f) == "series,x,y\n\"flat pool, ρ = 0.15\",1,2\n\"say \"\"hi\"\"\",3,4\n");
}

TEST_CASE("figure_svg: the annotations render, the same bytes twice", "[report]") {
  figure f = nines_sample();
  f.gaps.push_back({0, 1, "gap"});
  const std::string a = figure_svg(f), b = figure_svg(f);
  CHECK(a == b);
  CHECK(a.find(">99.999%</tspan>") != std::string::npos);  // a tick label, its percent sign single
  CHECK(a.find(">99.999% target</tspan>") != std::string::npos);
  CHECK(a.find("<pattern") != std::string::npos);  // the hatching
  CHECK(a.find(">past the 2× cap</tspan>") != std::string::npos);
  CHECK(a.find(">operating point</tspan>") != std::string::npos);
  CHECK(a.find(">clamped: > 99.999999%</tspan>") != std::string::npos);
}

namespace {
figure grid_sample() {
  figure f{"grid", "Grid", "failure probability λ", "failure correlation ρ", false, false, {}};
  auto& g = f.grid;
  g.row_labels = {"0", "0.15"};
  g.column_labels = {"0.01", "0.05", "0.2"};
  g.values = {{2, 5, 16}, {9, 23, 64}};
  g.hatched = {{false, false, false}, {false, false, true}};
  g.value_label = "spares";
  g.hatched_label = "past the cap";
  return f;
}
}  // namespace

TEST_CASE("figure_script: a grid of numbered cells, hatched cells without their number", "[report]") {
  const figure f = grid_sample();
  const std::string s = figure_script(f);
  CHECK(s.find(std::string(grid_palette)) != std::string::npos);
  // every cell as "column row value hatched", row 0 at the top (a reversed y range)
  CHECK(s.find("$c << EOD\n0 0 2 0\n1 0 5 0\n2 0 16 0\n0 1 9 0\n1 1 23 0\n2 1 64 1\nEOD\n") != std::string::npos);
  CHECK(s.find("set xrange [-0.5:2.5]\nset yrange [1.5:-0.5]\n") != std::string::npos);
  // the colour scale spans the cells that are not hatched (2 to 23), not the hatched 64
  CHECK(s.find("set cbrange [2:23]\n") != std::string::npos);
  CHECK(s.find("set xtics (\"0.01\" 0, \"0.05\" 1, \"0.2\" 2)") != std::string::npos);
  CHECK(s.find("set ytics (\"0\" 0, \"0.15\" 1)") != std::string::npos);
  CHECK(s.find("set cblabel \"spares\"") != std::string::npos);
  CHECK(s.find("with boxxyerror fs pattern 4") != std::string::npos);
  CHECK(s.find("title \"past the cap\"") != std::string::npos);
  CHECK(s.find("$4 > 0 ? \"\" : sprintf") != std::string::npos);  // a hatched cell has no number
  CHECK(figure_csv(f) == "row,column,value,hatched\n0,0.01,2,0\n0,0.05,5,0\n0,0.2,16,0\n0.15,0.01,9,0\n0.15,0.05,23,0\n0.15,0.2,64,1\n");
  // no hatched cell: no hatching and no key entry
  figure plain = grid_sample();
  plain.grid.hatched.clear();
  const std::string p = figure_script(plain);
  CHECK(p.find("fs pattern") == std::string::npos);
  CHECK(p.find("set cbrange [2:64]\n") != std::string::npos);
}

TEST_CASE("figure_script: a grid of the wrong shape, with lines, or with a value that is not finite is refused", "[report]") {
  figure f = grid_sample();
  f.lines.push_back({"a", {1}, {2}});
  CHECK_THROWS_AS(figure_script(f), shiftfly::core::invalid_parameter);
  f = grid_sample();
  f.grid.row_labels.pop_back();
  CHECK_THROWS_AS(figure_script(f), shiftfly::core::invalid_parameter);
  f = grid_sample();
  f.grid.values[1].pop_back();
  CHECK_THROWS_AS(figure_script(f), shiftfly::core::invalid_parameter);
  f = grid_sample();
  f.grid.hatched[0].pop_back();
  CHECK_THROWS_AS(figure_script(f), shiftfly::core::invalid_parameter);
  f = grid_sample();
  f.grid.values[0][1] = std::numeric_limits<double>::quiet_NaN();
  CHECK_THROWS_AS(figure_script(f), shiftfly::core::invalid_parameter);
}

TEST_CASE("figure_svg: a grid renders, its numbers and hatching in it, the same bytes twice", "[report]") {
  const figure f = grid_sample();
  const std::string a = figure_svg(f), b = figure_svg(f);
  CHECK(a == b);
  CHECK(a.find(">23</tspan>") != std::string::npos);
  CHECK(a.find(">64</tspan>") == std::string::npos);  // hatched: not numbered
  CHECK(a.find("<pattern") != std::string::npos);
  CHECK(a.find(">past the cap</tspan>") != std::string::npos);
}

TEST_CASE("run_table_set draws figures only through the renderer it is given (the gnuplot component is opt-in)", "[report]") {
  const std::vector<section> sections{{"drawn", "a figure", [](const section_context&) {
                                         section_output o;
                                         o.figures.push_back(clamped_sample());
                                         return o;
                                       },
                                       {clamped_sample().id}}};
  table_set_options o;
  o.format = "html";
  std::ostringstream out, err;
  // no renderer: refused at the figure, naming the option; figure.hpp and table_set.hpp run no program
  CHECK_THROWS_WITH(run_table_set(sections, o, out, err), Catch::Contains("table_set_options::svg"));
  std::size_t drawn = 0;
  o.svg = [&drawn](const figure& f) {
    ++drawn;
    return "<svg><title>" + f.id + "</title></svg>";
  };
  std::ostringstream out2, err2;
  REQUIRE(run_table_set(sections, o, out2, err2) == 0);
  CHECK(drawn == 1);
  CHECK(out2.str().find("<svg") != std::string::npos);
}

TEST_CASE("figure_script: every series of a figure in a style of its own; a figure of more series is refused", "[report]") {
  figure f{"many", "Many", "x", "y", false, false, {}};
  for (std::size_t k = 0; k < figure_line_styles; ++k)
    f.lines.push_back({fmt::format("s{}", k), {1, 2}, {double(k), double(k + 1)}});
  CHECK_FALSE(detail::same_style_series(f).has_value());
  const std::string s = figure_script(f);
  for (std::size_t k = 1; k <= figure_line_styles; ++k) {
    CHECK(s.find(fmt::format("set linetype {} ", k)) != std::string::npos);  // the style exists
    CHECK(s.find(fmt::format("with linespoints lt {} title", k)) != std::string::npos);
  }
  // the styles differ in point shape and dash pattern, pairwise (their colours repeat after eight)
  std::vector<std::string> points, dashes;
  for (std::size_t k = 1; k <= figure_line_styles; ++k) {
    const auto at = figure_style.find(fmt::format("set linetype {} ", k));
    REQUIRE(at != std::string_view::npos);
    const std::string line(figure_style.substr(at, figure_style.find('\n', at) - at));
    points.push_back(line.substr(line.find(" pt ")));
    dashes.push_back(line.substr(line.find(" dt "), line.find(" pt ") - line.find(" dt ")));
  }
  for (std::size_t i = 0; i < points.size(); ++i)
    for (std::size_t j = i + 1; j < points.size(); ++j) {
      CHECK(points[i] != points[j]);
      CHECK(dashes[i] != dashes[j]);
    }
  // one more series would look like the first: refused, naming both
  f.lines.push_back({"one too many", {1, 2}, {0, 1}});
  REQUIRE(detail::same_style_series(f) == std::pair<std::size_t, std::size_t>{0, figure_line_styles});
  CHECK_THROWS_WITH(figure_script(f), Catch::Contains("series 's0' and 'one too many' would be drawn alike"));
  // unless its dash sets it apart
  f.lines.back().stroke = dash::dashed;
  CHECK_NOTHROW(figure_script(f));
}

TEST_CASE("every figure the project ships tells its series apart (its golden CSV's series fit the styles)", "[report]") {
  std::size_t figures = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(std::string(SHIFTFLY_SOURCE_DIR) + "/docs/results")) {
    if (e.path().extension() != ".csv") continue;
    std::ifstream in(e.path());
    std::string line;
    if (!std::getline(in, line) || line.rfind("series,", 0) != 0) continue;  // a table, not a figure
    ++figures;
    std::vector<std::string> names;
    while (std::getline(in, line)) {
      // the name is the first field, quoted when it holds a comma (figure_csv)
      std::string name = line.substr(0, line.find(','));
      if (!line.empty() && line[0] == '"') name = line.substr(0, line.find("\",") + 1);
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
    INFO(e.path().string() << ": " << names.size() << " series");
    CHECK(names.size() <= figure_line_styles);
  }
  CHECK(figures >= 10);
}

}  // namespace figure_test
