// Tests for report/figure.hpp and report/figure_style.hpp: the one style, enhanced text,
// log axes labelled 10^k, values below a display floor drawn at it and marked (in the
// key and the caption) while the CSV keeps them, and the same SVG bytes on every run.
#include <catch2/catch.hpp>

#include <string>

#include "shiftfly/report/figure.hpp"

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
               "$s0 using 1:($3 > 0 ? $2 : NaN) with points lt 1 pt 10 ps 1.3 notitle, "
               "NaN with linespoints lt 1 title \"ρ = 0.1\"") != std::string::npos);
  CHECK(s.find("$s1 using 1:($3 > 0") == std::string::npos);
  CHECK(s.find("title \"clamped: < 10^{-12}\"") != std::string::npos);
  // Every style differs from the others in colour, dash and point.
  CHECK(std::string(figure_style).find("set linetype 8 ") != std::string::npos);
}

TEST_CASE("clamped points: counted, said in the caption, kept true in the CSV", "[report]") {
  figure f = clamped_sample();
  CHECK(clamped_points(f) == 1);
  CHECK(figure_caption(f) == "What it shows. 1 value below 1e-12 (a shortfall of 0 has no logarithm) is drawn at 1e-12 as "
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
