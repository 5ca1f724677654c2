// The physical section's study (studies/physical_comparison.hpp): every configuration near 10,000
// endpoints, and for Boardfly and Shiftfly the layout's optical cables accounted for link by link
// against the Shiftfly paper's optical links (the links between 32-chip groups).
#include <catch2/catch.hpp>

#include <string>

#include "shiftfly/studies/physical_comparison.hpp"

namespace physical_comparison_test {

TEST_CASE("physical comparison: sizes near 10,000 endpoints, optical links accounted for", "[physical][studies]") {
  const auto rows = shiftfly::studies::physical_comparison_rows(shiftfly::studies::shipped_cost_model("slimfly-sc14"));
  REQUIRE(rows.size() == shiftfly::studies::physical_instances().size());
  for (const auto& r : rows) {
    INFO(r.instance.name);
    CHECK(r.cost.endpoints >= 9'000);
    CHECK(r.cost.endpoints <= 11'000);
    CHECK(r.cost.model == "slimfly-sc14");
    CHECK(r.cost.electric.count + r.cost.optical.count == r.cost.links);
    if (r.paper_optical) {
      // optical here = the paper's optical, less those made electric, plus the board links made optical
      CHECK(r.cost.optical.count == *r.paper_optical - r.between_groups_electric + r.inside_group_optical);
      CHECK(r.cost.routers == 324 * 32);
    }
  }
  // PolarFly and Jellyfish have no grouping: their racks come from METIS; the others keep their grouping.
  CHECK(rows[5].cost.layout == shiftfly::physical::layout_rule::metis);
  CHECK(rows[6].cost.layout == shiftfly::physical::layout_rule::metis);
  CHECK(rows[4].cost.layout == shiftfly::physical::layout_rule::grouped);
  // Dragonfly: p = h = 7 on 14 x 99 routers; the fat tree: k^3/4 hosts.
  CHECK(rows[3].cost.endpoints == 14 * 99 * 7);
  CHECK(rows[2].cost.endpoints == 34 * 34 * 34 / 4);
}

TEST_CASE("physical comparison: the Shiftfly paper's systems, optical links against the paper's", "[physical][studies]") {
  const auto model = shiftfly::studies::shipped_cost_model("slimfly-sc14");
  const auto rows = shiftfly::studies::paper_optical_rows(model, 8400);
  REQUIRE(rows.size() == 2 * 5);  // 36, 144, 576, 2,304 and 8,400 groups, Boardfly and Shiftfly
  for (const auto& r : rows) {
    INFO(r.design << " " << r.groups);
    CHECK(r.chips == 32 * r.groups);
    // Within the paper's budget of 40 optical ports a group, and exactly its closed forms where it has one.
    CHECK(r.between_groups <= 20 * r.groups);
    if (r.paper_exact) CHECK(r.between_groups == r.paper_links);
    // optical here = the links between groups, less those made electric, plus the board links made optical
    CHECK(r.optical == r.between_groups - r.between_groups_electric + r.inside_group_optical);
  }
  // The closed forms: Boardfly's one pod is K36 (36 x 35 / 2), Shiftfly at 8,400 groups is K(20, 3),
  // whose d(d + 1) = 420 groups with a bidirectional pair have 39 optical links' ends, not 40.
  CHECK(rows[0].design == "Boardfly");
  CHECK(rows[0].paper_exact);
  CHECK(rows[0].paper_links == 630);
  CHECK(rows[9].design == "Shiftfly");
  CHECK(rows[9].paper_exact);
  CHECK(rows[9].paper_links == 8400 * 20 - 210);
  CHECK_THROWS_WITH(shiftfly::studies::paper_optical_rows(model, 35), Catch::Contains("max_groups = 35"));
}

}  // namespace physical_comparison_test
