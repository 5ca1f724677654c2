// The link-failure sweep: Boardfly then Shiftfly, every rate in order, each row the
// measurement of operations/link_failures.hpp for that graph and rate.
#include <catch2/catch.hpp>

#include "shiftfly/operations/link_failures.hpp"
#include "shiftfly/studies/link_failure_sweep.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"

namespace link_failure_sweep_test {

namespace studies = shiftfly::studies;

TEST_CASE("the link-failure sweep measures each topology at each rate", "[studies][failures]") {
  studies::link_failure_sweep_params prm;
  prm.groups = 144;
  prm.rates = {0.0, 0.1, 0.3};
  for (bool exact : {false, true}) {
    prm.exact = exact;
    const auto sweep = studies::run_link_failure_sweep(prm);
    REQUIRE(sweep.rows.size() == 6);
    const auto bf = shiftfly::topology::boardfly_group_level(prm.groups);
    const auto sf = shiftfly::topology::shiftfly_group_level(prm.groups);
    for (std::size_t i = 0; i < 6; ++i) {
      const auto& row = sweep.rows[i];
      const double rate = prm.rates[i % 3];
      CHECK(row.topology == (i < 3 ? "Boardfly" : "Shiftfly"));
      const auto direct = i < 3 ? (exact ? shiftfly::operations::link_failures_exact(bf, rate)
                                         : shiftfly::operations::link_failures(bf, rate))
                                : (exact ? shiftfly::operations::link_failures_exact(sf, rate)
                                         : shiftfly::operations::link_failures(sf, rate));
      CHECK(row.result.rate == rate);
      CHECK(row.result.exact == exact);
      CHECK(row.result.links_after == direct.links_after);
      CHECK(row.result.reachable_fraction == direct.reachable_fraction);
      CHECK(row.result.mean_distance == direct.mean_distance);
      CHECK(row.result.eccentricity == direct.eccentricity);
    }
    CHECK(sweep.rows[0].result.reachable_fraction == 1.0);
  }
}

}  // namespace link_failure_sweep_test
