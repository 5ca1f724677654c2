// Tests that the Halley figures carry the paper's axes and marks (tables/halley/*_tables.hpp):
// Fig. 3 and Fig. 8 as coverage in percent on a nines axis, Fig. 3's target line, hatched
// band and operating-point dots, Fig. 14 right's shaded gap and circles, the dashed and solid
// curves the captions name, Fig. 14 left as a grid of numbered cells, those past the cap hatched. The drawings themselves are compared byte by byte by
// tables/check_halley; this checks what they are drawn from.
#include <catch2/catch.hpp>

#include <string>

#include "shiftfly/tables/halley/ceiling_tables.hpp"
#include "shiftfly/tables/halley/composition_tables.hpp"
#include "shiftfly/tables/halley/hierarchy_tables.hpp"
#include "shiftfly/tables/halley/spares_grid_table.hpp"

namespace halley_figures_test {

using namespace shiftfly;

namespace {
const report::figure& halley_figure(const report::section_output& o, const std::string& id) {
  for (const auto& f : o.figures)
    if (f.id == id) return f;
  FAIL("no figure " << id);
  throw;
}
}  // namespace

TEST_CASE("Fig. 3: coverage ceiling on a nines axis, the target dashed, the cap hatched, the operating points marked", "[tables]") {
  const tables::halley_parameters p;
  const auto o = tables::halley_ceiling(p);
  const auto& left = halley_figure(o, "fig3_left_plot");
  CHECK(left.ynines);
  CHECK_FALSE(left.logy);
  CHECK(left.yrange.hi == 99.999999);
  CHECK(left.display_ceiling == 99.999999);
  // The curves hold A* in percent, not the shortfall: 1 - A* at sigma = 50%, rho = 0.15 is the table's 3.30e-03.
  const auto& rho15 = left.lines[2];
  REQUIRE(rho15.name == "ρ = 0.15");
  REQUIRE(rho15.x[24] == 50);
  CHECK(100 - rho15.y[24] == Approx(0.3303).epsilon(1e-3));
  REQUIRE(left.references.size() == 1);
  CHECK(left.references[0].axis == 'y');
  CHECK(left.references[0].at == Approx(99.999));
  REQUIRE(left.bands.size() == 1);
  CHECK(left.bands[0].from == 50);
  CHECK(left.bands[0].to == 90);
  const auto& right = halley_figure(o, "fig3_right_plot");
  CHECK(right.ynines);
  CHECK(right.xrange.lo == 0.25);  // correlation decreases to the right
  CHECK(right.xrange.hi == 0);
  REQUIRE(right.markers.size() == 2);
  CHECK(right.markers[0].filled);
  CHECK(right.markers[0].x == 0.15);
  CHECK(right.markers[0].y == Approx(99.67).epsilon(1e-4));
  CHECK_FALSE(right.markers[1].filled);
  CHECK(right.markers[1].x == Approx(0.056).epsilon(0.02));
  CHECK(right.markers[1].y == Approx(99.999));
  // Every value is counted: above the top of the axis drawn at it, none left out silently.
  CHECK(report::clamped_points_above(left) > 0);
  CHECK(report::figure_caption(left).find("open upward triangles") != std::string::npos);
}

TEST_CASE("Fig. 8 and Fig. 14 right: the paper's dashed and solid curves and marks", "[tables]") {
  const tables::halley_parameters p;
  const auto h = tables::halley_hierarchy(p);  // kept alive: the figure is a reference into it
  const auto& f8 = halley_figure(h, "fig8_hierarchy_plot");
  CHECK(f8.ynines);
  CHECK(f8.lines[0].stroke == report::dash::dashed);  // the flat pool at rho = 0.15
  CHECK(f8.lines[1].stroke == report::dash::solid);   // the module structure's rho_bar
  CHECK(f8.lines[0].y[8] < f8.lines[1].y[8]);         // at the 2x cap (32 spares) the structure covers more
  const auto c = tables::halley_composition(p);
  const auto& f14 = halley_figure(c, "fig14_right_plot");
  CHECK(f14.lines[0].stroke == report::dash::dashed);  // baseline
  CHECK(f14.lines[1].stroke == report::dash::solid);   // full stack
  REQUIRE(f14.gaps.size() == 1);
  CHECK(f14.gaps[0].lower == 0);
  CHECK(f14.gaps[0].upper == 1);
  REQUIRE(f14.markers.size() == 2);
  CHECK(f14.markers[0].x == p.composition.lambda);
  const auto& f15 = halley_figure(c, "fig15_quantiles_plot");
  CHECK(f15.lines[0].stroke == report::dash::dashed);  // rho = 0.15
  CHECK(f15.lines[1].stroke == report::dash::solid);   // rho = 0.03
}

TEST_CASE("Fig. 14 left: the spares grid as the paper draws it, the cells past the cap hatched", "[tables]") {
  const tables::halley_parameters p;
  const auto o = tables::halley_fig14_left(p);
  REQUIRE(o.tables.size() == 1);
  const auto& t = o.tables[0];
  const auto& g = halley_figure(o, "fig14_left_plot").grid;
  CHECK(halley_figure(o, "fig14_left_plot").table == "fig14_left");
  REQUIRE(g.row_labels.size() == 5);
  REQUIRE(g.column_labels.size() == 5);
  CHECK(g.row_labels.front() == "0");
  CHECK(g.column_labels.back() == "0.2");
  std::size_t hatched = 0;
  for (std::size_t r = 0; r < 5; ++r)
    for (std::size_t c = 0; c < 5; ++c) {
      // the cell is the table's count, and hatched exactly where the table says "(past cap)"
      const std::string cell = t.rows[r][c + 1];
      CHECK(cell.rfind(std::to_string(static_cast<long long>(g.values[r][c])), 0) == 0);
      CHECK(g.is_hatched(r, c) == (cell.find("(past cap)") != std::string::npos));
      hatched += g.is_hatched(r, c);
      // past the cap means more spares than the 2x pool holds (32 with 32 channels)
      CHECK(g.is_hatched(r, c) == (g.values[r][c] > 32));
    }
  CHECK(hatched == 9);  // the paper's hatched cells: rho = 0.15 from lambda = 0.1, 0.25 from 0.05, 0.35 from 0.03
  CHECK(g.hatched_label == "past the cap (more than 32 spares)");
}

}  // namespace halley_figures_test
