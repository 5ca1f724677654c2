// Tests for studies/chip_validation.hpp: the chip-level validation of eq. (1) measured
// independently of its table, and its verdict on the mean taken on the numbers (no round
// trip through text) agreeing with the figures the table prints.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/core/python_random.hpp"
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/studies/chip_validation.hpp"

namespace chip_validation_test {

using namespace shiftfly;

namespace {
// The verdict as the table used to reach it: print both means at three decimals and read them back.
std::string verdict_through_text(double rule, double measured) {
  return studies::rule_verdict(std::stod(report::fixed(rule, 3)), std::stod(report::fixed(measured, 3)));
}
}  // namespace

TEST_CASE("rounded_decimal rounds as the decimal print does, ties to even", "[studies]") {
  // exact binary ties: 0.0625 = 62.5 thousandths, 5.0625, 0.1875; and 2.5, 3.5 at no decimals
  CHECK(studies::rounded_decimal(0.0625, 3) == 62);
  CHECK(studies::rounded_decimal(0.1875, 3) == 188);
  CHECK(studies::rounded_decimal(5.0625, 3) == 5062);
  CHECK(studies::rounded_decimal(5.4375, 3) == 5438);
  CHECK(studies::rounded_decimal(2.5, 0) == 2);
  CHECK(studies::rounded_decimal(3.5, 0) == 4);
  // 1.0005 is stored below its decimal (1.000499999...), so it rounds down where x * 1000 would say a tie
  CHECK(studies::rounded_decimal(1.0005, 3) == 1000);
  CHECK(report::fixed(1.0005, 3) == "1.000");
  CHECK(studies::rounded_decimal(0.0, 3) == 0);
  // against the print, on drawn values near every kind of boundary
  core::python_random rng(5);
  for (int i = 0; i < 200000; ++i) {
    const int k = static_cast<int>(rng.randrange(4));
    double x = rng.random() * 40.0;
    if (k == 1) x = (std::floor(x * 1000.0) + 0.5) / 1000.0;                    // near a decimal tie
    if (k == 2) x = std::nextafter((std::floor(x * 16.0) + 0.5) / 16.0, 100.0);  // beside a binary tie
    if (k == 3) x = (std::floor(x * 2000.0) + 1.0) / 2000.0;                    // odd multiples of 1/2000
    const std::int64_t m = studies::rounded_decimal(x, 3);
    const std::string printed = report::fixed(x, 3);
    INFO(printed << " from " << x);
    REQUIRE(printed == std::to_string(m / 1000) + "." + fmt::format("{:03}", m % 1000));
  }
  CHECK_THROWS_AS(studies::rounded_decimal(-1.0, 3), std::invalid_argument);
  CHECK_THROWS_AS(studies::rounded_decimal(1.0, 16), std::invalid_argument);
  CHECK_THROWS_AS(studies::rounded_decimal(1e300, 3), std::invalid_argument);
}

TEST_CASE("the mean's verdict on the numbers equals the verdict through the printed figures", "[studies]") {
  core::python_random rng(7);
  for (int i = 0; i < 100000; ++i) {
    const double rule = 10.0 + rng.random() * 10.0;
    // measured values at, just beside and far from the rule
    const double offsets[] = {0.0, 1e-4, -1e-4, 4e-4, -4e-4, 6e-4, -6e-4, 1e-12, -1e-12, 0.1};
    const double measured = rule + offsets[rng.randrange(10)];
    INFO(rule << " against " << measured);
    REQUIRE(studies::rule_verdict(studies::rounded_decimal(rule, 3), studies::rounded_decimal(measured, 3)) ==
            verdict_through_text(rule, measured));
  }
}

TEST_CASE("chip-level validation at 36 and 144 groups: eq. (1) against all-pairs BFS", "[studies]") {
  const auto rows = studies::chip_validation_rows(studies::chip_validation_sizes(144), 1u << 20, {2});
  REQUIRE(rows.size() == 2);
  CHECK(studies::chip_validation_sizes(studies::chip_validation_max_groups) ==
        std::vector<std::uint64_t>{36, 144, 576, 2304});
  for (const auto& r : rows)
    for (const auto* m : {&r.boardfly, &r.shiftfly}) {
      INFO(m->groups << " groups");
      const auto group = m == &r.boardfly ? metrics::all_pairs_stats_serial(topology::boardfly_group_level(m->groups))
                                          : metrics::all_pairs_stats_serial(topology::shiftfly_group_level(m->groups));
      const auto chip = m == &r.boardfly ? metrics::all_pairs_stats_serial(topology::boardfly_chip_level(m->groups))
                                         : metrics::all_pairs_stats_serial(topology::shiftfly_chip_level(m->groups));
      CHECK(m->chips == m->groups * 32);
      CHECK(m->group_diameter == group.diameter);
      CHECK(m->chip_diameter == chip.diameter);
      CHECK(m->chip_mean_known);
      CHECK(m->chip_mean == chip.mean);
      CHECK(m->chip_method == "all-pairs");
      CHECK(m->rule_diameter == 3 * (group.diameter + 1) + group.diameter);
      CHECK(m->rule_mean == 3.0 * (group.mean + 1.0) + group.mean);
      CHECK(m->diameter_verdict == studies::rule_verdict<std::uint64_t>(m->rule_diameter, chip.diameter));
      CHECK(m->mean_verdict == verdict_through_text(m->rule_mean, chip.mean));
    }
  // above the all-pairs limit the diameter comes from iFUB and the mean is not measured
  const auto big = studies::chip_validation_rows({36}, 100, {2});
  CHECK(big[0].boardfly.chip_diameter == rows[0].boardfly.chip_diameter);
  CHECK(!big[0].boardfly.chip_mean_known);
  CHECK(big[0].boardfly.mean_verdict == "-");
  CHECK(big[0].boardfly.chip_method.rfind("iFUB (", 0) == 0);
}

}  // namespace chip_validation_test
