// TriageGuard's closed forms (Halley Section IV-D), with the exchange argument checked by brute force.
#include <catch2/catch.hpp>

#include <limits>
#include <vector>

#include "printed.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/halley/triage.hpp"

namespace triage_test {

using namespace shiftfly::halley;

TEST_CASE("MTTR = mu t_sw + (1 - mu) t_miss and the printed cuts against uniform sparing", "[halley][triage]") {
  CHECK(mean_time_to_recover(0.0) == 150.0);
  CHECK(mean_time_to_recover(1.0) == 5.0);
  const double uniform = uniform_intercepted_mass(4, 18);
  CHECK(halley_test::pct(uniform, 0) == "22");  // 4/18, about 22%
  CHECK(halley_test::pct(mttr_cut(0.264, uniform), 1) == "5.1");   // stale telemetry
  CHECK(halley_test::pct(mttr_cut(0.307, uniform), 1) == "10.4");  // fresh telemetry
  CHECK(halley_test::pct(mttr_cut(0.311, uniform), 1) == "10.9");  // oracle
  // The all-dynamic baseline bounds every ranking's MTTR from above.
  for (double mu = 0; mu <= 1; mu += 0.1) CHECK(mean_time_to_recover(mu) <= mean_time_to_recover(0.0));
}

TEST_CASE("top-B protection is optimal: brute force over every subset", "[halley][triage]") {
  shiftfly::core::python_random rng(2026);
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t m = 1 + rng.randrange(12);
    std::vector<double> risks(m);
    for (auto& r : risks) r = rng.random() < 0.2 ? 0.5 : rng.random();  // ties included
    const std::uint64_t budget = rng.randrange(m + 1);
    const double tau = rng.random() < 0.5 ? 0.0 : 0.35;
    const auto p = top_b_protection(risks, budget, tau);
    CHECK(p.modules.size() <= budget);
    for (auto i : p.modules) CHECK(risks[i] > tau);
    CHECK(p.protected_risk == Approx(best_protected_risk_brute_force(risks, budget, tau)).margin(1e-12));
  }
}

TEST_CASE("Fig. 7 shape: four modules above tau = 0.35 get hot spares", "[halley][triage]") {
  const std::vector<double> risks = {0.2, 0.8, 0.1, 0.5, 0.3, 0.6, 0.05, 0.9};
  const auto p = top_b_protection(risks, 4, 0.35);
  CHECK(p.modules == std::vector<std::size_t>{7, 1, 5, 3});
  CHECK(p.intercepted_mass == Approx((0.9 + 0.8 + 0.6 + 0.5) / 3.45));
}

TEST_CASE("TriageGuard refuses bad input", "[halley][triage][validation]") {
  CHECK_THROWS_AS(mean_time_to_recover(1.5), std::invalid_argument);
  CHECK_THROWS_AS(mean_time_to_recover(0.5, 10, 5), std::invalid_argument);
  CHECK_THROWS_AS(uniform_intercepted_mass(5, 4), std::invalid_argument);
  const std::vector<double> bad = {0.1, std::numeric_limits<double>::quiet_NaN()};
  CHECK_THROWS_AS(top_b_protection(bad, 1), std::invalid_argument);
  const std::vector<double> neg = {0.1, -0.2};
  CHECK_THROWS_AS(top_b_protection(neg, 1), std::invalid_argument);
}

}  // namespace triage_test
