// The physical section's study (studies/physical_comparison.hpp): every configuration near 10,000
// endpoints, and for Boardfly and Shiftfly the layout's optical cables accounted for link by link
// against the Shiftfly paper's optical links (the links between 32-chip groups).
#include <catch2/catch.hpp>

#include <string>

#include "shiftfly/studies/physical_comparison.hpp"

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
  // Dragonfly: p = h = 7 on 14 x 99 routers; the fat tree: k^3/4 hosts.
  CHECK(rows[3].cost.endpoints == 14 * 99 * 7);
  CHECK(rows[2].cost.endpoints == 34 * 34 * 34 / 4);
}
