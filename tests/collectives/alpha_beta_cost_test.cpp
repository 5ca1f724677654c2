// Tests for collectives/cost.hpp: the α–β closed forms equal the counts the
// simulator measures, and the explainer's formulas (written out independently here).
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <vector>

#include "contributions.hpp"
#include "shiftfly/collectives/allreduce.hpp"
#include "shiftfly/collectives/cost.hpp"

namespace alpha_beta_cost_test {

namespace sc = shiftfly::collectives;
using namespace test_support;

TEST_CASE("simulated counts equal the closed forms when the block sizes divide D", "[cost]") {
  const sc::alpha_beta m{2.5, 4.0};
  for (const auto& dims : small_tori()) {
    const std::uint64_t P = product(dims);
    INFO(sc::torus_dims_text(dims));
    const auto c = sc::compare_allreduce(dims, 2 * P, false, m);
    REQUIRE(c.verified);
    for (const auto* r : {&c.torus, &c.ring}) {
      REQUIRE(r->simulated.steps == r->formula.steps);
      REQUIRE(static_cast<double>(r->simulated.max_sent_per_chip) == r->formula.sent_per_chip);
      REQUIRE(static_cast<double>(r->simulated.critical_path_elements) == Approx(r->formula.critical_path_elements));
      REQUIRE(r->time.time == Approx(r->formula.time.time));
    }
    // The same bandwidth term for both; latency Σ 2(k_i - 1)α against 2(P - 1)α.
    REQUIRE(c.torus.time.bandwidth == Approx(c.ring.time.bandwidth));
    REQUIRE(c.torus.time.bandwidth == Approx(2.0 * 2 * P * (P - 1) / P / m.beta));
    std::uint64_t sum = 0;
    for (auto k : dims) sum += k - 1;
    REQUIRE(c.torus.time.latency == Approx(2.0 * sum * m.alpha));
    REQUIRE(c.ring.time.latency == Approx(2.0 * (P - 1) * m.alpha));
  }
}

TEST_CASE("the explainer's X x Y formulas", "[cost]") {
  const double a = 3.0, b = 7.0;
  for (std::uint64_t X = 2; X <= 9; ++X)
    for (std::uint64_t Y = 2; Y <= 9; ++Y) {
      const std::vector<std::uint64_t> dims{X, Y};
      const double D = 1000.0, XY = static_cast<double>(X * Y);
      const auto t = sc::torus_allreduce_closed_form(dims, 1000, {a, b});
      const auto r = sc::ring_allreduce_closed_form(X * Y, 1000, {a, b});
      const double torus = 2.0 * (X - 1) * (a + D / (X * b)) + 2.0 * (Y - 1) * (a + D / (XY * b));
      const double ring = 2.0 * (XY - 1) * (a + D / (XY * b));
      REQUIRE(t.time.time == Approx(torus));
      REQUIRE(r.time.time == Approx(ring));
      REQUIRE(t.time.latency == Approx(2.0 * (X + Y - 2) * a));
      REQUIRE(r.time.latency == Approx(2.0 * (XY - 1) * a));
      REQUIRE(t.sent_per_chip == Approx(2.0 * D * (XY - 1) / XY));
      REQUIRE(t.time.bandwidth == Approx(r.time.bandwidth));
    }
  REQUIRE(sc::torus_allreduce_steps(std::vector<std::uint64_t>{4, 4}) == 12);
  REQUIRE(sc::ring_allreduce_steps(16) == 30);
  REQUIRE(sc::torus_allreduce_steps(std::vector<std::uint64_t>{16, 16}) == 60);
  REQUIRE(sc::ring_allreduce_steps(256) == 510);
  REQUIRE(sc::torus_allreduce_steps(std::vector<std::uint64_t>{16, 16, 16}) == 90);
  REQUIRE(sc::ring_allreduce_steps(4096) == 8190);
}

TEST_CASE("bidirectional halves the bandwidth term and keeps the steps", "[cost]") {
  const std::vector<std::uint64_t> dims{4, 4};
  const auto c = sc::compare_allreduce(dims, 32, true, {1.0, 1.0});
  REQUIRE(c.torus.simulated.steps == 12);
  REQUIRE(c.ring.simulated.steps == 30);
  REQUIRE(c.torus.simulated.critical_path_elements == 30);
  REQUIRE(c.ring.simulated.critical_path_elements == 30);
  REQUIRE(c.torus.formula.critical_path_elements == Approx(30.0));
  REQUIRE(c.torus.time.time == Approx(42.0));
  REQUIRE(c.ring.time.time == Approx(60.0));
}

TEST_CASE("alpha and beta are validated", "[cost]") {
  REQUIRE_THROWS_WITH(sc::alpha_beta_time(1, 1, {-1.0, 1.0}), Catch::Contains("alpha = -1"));
  REQUIRE_THROWS_WITH(sc::alpha_beta_time(1, 1, {1.0, 0.0}), Catch::Contains("beta = 0"));
  REQUIRE_THROWS_AS(sc::alpha_beta_time(1, 1, {1.0, -2.0}), std::invalid_argument);
  REQUIRE_THROWS_AS(sc::alpha_beta_time(1, 1, {std::numeric_limits<double>::quiet_NaN(), 1.0}), std::invalid_argument);
  REQUIRE_THROWS_AS(sc::alpha_beta_time(1, 1, {1.0, std::numeric_limits<double>::infinity()}), std::invalid_argument);
  REQUIRE(sc::alpha_beta_time(10, 20, {0.0, 4.0}).time == 5.0);
  const std::vector<std::uint64_t> dims{4, 4};
  REQUIRE_THROWS_AS(sc::compare_allreduce(dims, 16, false, {-1.0, 1.0}), std::invalid_argument);
}

}  // namespace alpha_beta_cost_test
