// Tests for studies/equal_cost.hpp (Table 2 of the Shiftfly paper) and studies/table2_groups.hpp:
// the exact method's rows equal all-pairs values computed directly from the graphs by the
// serial verifier, and their chip figures are eq. (1) of them.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/studies/equal_cost.hpp"
#include "shiftfly/studies/table2_groups.hpp"

namespace equal_cost_test {

using namespace shiftfly;

TEST_CASE("Table 2's group counts are written once", "[studies]") {
  CHECK(studies::table2_groups_up_to() == std::vector<std::uint64_t>{36, 144, 576, 2304, 8400, 12500, 36000});
  CHECK(studies::table2_groups_up_to(2304) == std::vector<std::uint64_t>{36, 144, 576, 2304});
  CHECK(studies::table2_groups_up_to(2303) == std::vector<std::uint64_t>{36, 144, 576});
  CHECK(studies::table2_groups_up_to(35).empty());
}

TEST_CASE("the exact equal-cost study equals all-pairs BFS from every vertex", "[studies][exact]") {
  const std::vector<std::uint64_t> sizes{36, 144, 576};
  const auto rows = studies::equal_cost_rows(studies::equal_cost_method::exact, {2}, sizes);
  REQUIRE(rows.size() == sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const auto bf = metrics::all_pairs_stats_serial(topology::boardfly_group_level(sizes[i]));
    const auto sf = metrics::all_pairs_stats_serial(topology::shiftfly_group_level(sizes[i]));
    INFO("groups " << sizes[i]);
    CHECK(rows[i].groups == sizes[i]);
    CHECK(rows[i].chips == sizes[i] * 32);
    CHECK(rows[i].boardfly.distance.diameter == bf.diameter);
    CHECK(rows[i].shiftfly.distance.diameter == sf.diameter);
    CHECK(rows[i].boardfly.distance.total_distance == bf.total_distance);
    CHECK(rows[i].shiftfly.distance.total_distance == sf.total_distance);
    // eq. (1): 3(g + 1) + g chip hops for g group hops
    CHECK(rows[i].boardfly.chip_diameter == 3 * (bf.diameter + 1) + bf.diameter);
    CHECK(rows[i].shiftfly.chip_diameter == 3 * (sf.diameter + 1) + sf.diameter);
    CHECK(rows[i].shiftfly.chip_mean == 3.0 * (sf.mean + 1.0) + sf.mean);
    CHECK(rows[i].boardfly.gap.method == "lanczos");
  }
}

TEST_CASE("the reference method samples above 3,000 groups, as the artefact did", "[studies]") {
  const auto rows = studies::equal_cost_rows(studies::equal_cost_method::reference_artefact, {2}, {36});
  REQUIRE(rows.size() == 1);
  // exact at this size (all pairs up to 3,000 groups), the gap by power iteration
  const auto bf = metrics::all_pairs_stats_serial(topology::boardfly_group_level(36));
  CHECK(rows[0].boardfly.distance.total_distance == bf.total_distance);
  CHECK(rows[0].boardfly.gap.method != "lanczos");
}

}  // namespace equal_cost_test
