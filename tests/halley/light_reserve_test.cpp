// Algorithm 1 (LightReserve), Fig. 5, Table II and Fig. 14 (left): every printed value is a test.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <tuple>
#include <utility>
#include <vector>

#include "printed.hpp"
#include "shiftfly/halley/ceiling.hpp"
#include "shiftfly/halley/light_reserve.hpp"
#include "shiftfly/halley/window.hpp"

namespace light_reserve_test {

using namespace shiftfly::halley;
using halley_test::fixed;
using halley_test::pct;

namespace {
/// The smallest s with A(s) >= target by a plain linear scan (the verifier of the search).
std::uint64_t linear_scan(std::uint64_t n, double lambda, double rho, double target) {
  std::uint64_t s = 0;
  while (coverage_shortfall(n, s, lambda, rho) > 1 - target) ++s;
  return s;
}
}  // namespace

TEST_CASE("Section IV-A: the four-laser reserve covers 86.3% at lambda = 0.05, rho = 0.15", "[halley][light_reserve]") {
  CHECK(pct(coverage(32, 4, 0.05, 0.15), 1) == "86.3");
}

TEST_CASE("Section IV-A: 99% needs 23 spares, 99.9% needs 49, 99.999% needs 156 (a 5.9x pool)", "[halley][light_reserve]") {
  const auto s99 = light_reserve(32, 0.05, 0.15, 0.99);
  CHECK(s99.spares == 23);
  CHECK(s99.reachable);
  const auto s999 = light_reserve(32, 0.05, 0.15, 0.999);
  CHECK(s999.spares == 49);
  CHECK_FALSE(s999.reachable);  // 81 lasers, a 2.5x pool, past the 2x cap
  CHECK(fixed(s999.pool_multiple, 1) == "2.5");
  const auto s5 = light_reserve(32, 0.05, 0.15, 0.99999);
  CHECK(s5.spares == 156);
  CHECK(fixed(s5.pool_multiple, 1) == "5.9");
  for (const auto& s : {s99, s999, s5}) {
    CHECK(s.coverage >= 0.99 - 1e-15);
    CHECK(coverage(32, s.spares - 1, 0.05, 0.15) < coverage(32, s.spares, 0.05, 0.15));
  }
}

TEST_CASE("Fig. 5 left: with independent failures 99% needs 5, 9 and 16 spares", "[halley][light_reserve]") {
  CHECK(light_reserve(32, 0.05, 0.0, 0.99).spares == 5);
  CHECK(light_reserve(32, 0.10, 0.0, 0.99).spares == 9);
  CHECK(light_reserve(32, 0.20, 0.0, 0.99).spares == 16);
}

TEST_CASE("Section IV-A: 99.999% in a 2x pool of 32 is UNREACHABLE with rho' = 0.046; the cap gives 99.623%",
          "[halley][light_reserve]") {
  const auto s = light_reserve(32, 0.05, 0.15, 0.99999, 0.5);
  CHECK_FALSE(s.reachable);
  CHECK(s.cap_spares == 32);
  CHECK(pct(s.cap_coverage, 3) == "99.623");
  REQUIRE(s.rho_target_exists);
  CHECK(fixed(s.rho_target, 3) == "0.046");
  // rho' is a root: at rho' the capped pool meets the target, just above it does not.
  CHECK(coverage_shortfall(32, 32, 0.05, s.rho_target) == Approx(1e-5).epsilon(1e-7));
  CHECK(coverage(32, 32, 0.05, s.rho_target * 1.001) < 0.99999);
  // ...a little below the large-pool value of about 0.056 (Corollary 1).
  CHECK(s.rho_target < rho_for_ceiling(0.05, 0.5, 0.99999).rho);
}

TEST_CASE("Fig. 5 right: above about lambda = 0.02 sizing for 99.9% passes the cap; 76 spares at lambda = 0.005",
          "[halley][light_reserve]") {
  CHECK(light_reserve(32, 0.015, 0.15, 0.999).reachable);
  CHECK_FALSE(light_reserve(32, 0.02, 0.15, 0.999).reachable);
  CHECK(light_reserve(32, 0.005, 0.15, 0.99999).spares == 76);
  // The fixed reserve's coverage falls as the rate grows.
  double prev = 1;
  for (double lambda = 0.005; lambda <= 0.1; lambda += 0.005) {
    const double a = coverage(32, 4, lambda, 0.15);
    CHECK(a < prev);
    prev = a;
  }
}

TEST_CASE("Table II: A_crit and s5 (correlated and independent) for every row", "[halley][light_reserve]") {
  struct row {
    double fit;
    const char* window;
    const char* acrit;
    std::uint64_t s5_corr, s5_ind;
  };
  // The last row is the stress point lambda = 0.05 (976 FIT is its rounded rate).
  const std::vector<row> rows = {{50, "90d", "99.9996", 25, 1},
                                 {50, "1y", "99.9985", 39, 2},
                                 {250, "1y", "99.9922", 61, 3},
                                 {500, "1y", "99.9839", 73, 4},
                                 {0, "6y", "99.6697", 156, 10}};
  for (const auto& r : rows) {
    const double lambda = r.fit > 0 ? failure_probability(r.fit, parse_window(r.window)) : 0.05;
    INFO(r.fit << " FIT " << r.window << " lambda " << lambda);
    CHECK(pct(critical_availability(lambda, 0.15), 4) == r.acrit);
    CHECK(light_reserve(32, lambda, 0.15, 0.99999).spares == r.s5_corr);
    CHECK(light_reserve(32, lambda, 0.0, 0.99999).spares == r.s5_ind);
    // "the 32-channel pool reaches slightly less" than A_crit
    CHECK(coverage(32, 32, lambda, 0.15) < critical_availability(lambda, 0.15));
  }
  // Forward from 976 FIT the stress row's A_crit prints one digit lower (lambda = 0.050005).
  CHECK(pct(critical_availability(failure_probability(976, parse_window("6y")), 0.15), 4) == "99.6696");
}

TEST_CASE("Table II: the 2.4e-4 threshold, 200 days at 50 FIT and 40 days at 250 FIT", "[halley][light_reserve]") {
  const double t = largest_rate_within_cap(32, 0.15, 0.99999, 0.5);
  CHECK(fmt::format("{:.1e}", t) == "2.4e-04");
  CHECK(light_reserve(32, t * 0.999, 0.15, 0.99999).reachable);
  CHECK_FALSE(light_reserve(32, t * 1.001, 0.15, 0.99999).reachable);
  CHECK(fmt::format("{:.1e}", -std::log1p(-t) * 1e9) == "2.4e+05");  // FIT-hours
  CHECK(std::round(window_for_probability(t, 50) / 24 / 10) * 10 == 200);  // "about 200 days"
  CHECK(std::round(window_for_probability(t, 250) / 24 / 10) * 10 == 40);  // "about 40 days"
}

TEST_CASE("Section V-D: at 50 FIT the four-laser reserve covers 99.974% (90 d) and 99.896% (1 y)", "[halley][light_reserve]") {
  CHECK(pct(coverage(32, 4, failure_probability(50, parse_window("90d")), 0.15), 3) == "99.974");
  CHECK(pct(coverage(32, 4, failure_probability(50, parse_window("1y")), 0.15), 3) == "99.896");
  // "with yearly restocks, 99.999% still exceeds the 2x cap at 50 FIT"
  CHECK_FALSE(light_reserve(32, failure_probability(50, parse_window("1y")), 0.15, 0.99999).reachable);
}

TEST_CASE("Fig. 14 left: spares for 99% of 32 channels, cells past the 2x cap flagged", "[halley][light_reserve]") {
  const std::vector<double> rhos = {0, 0.05, 0.15, 0.25, 0.35};
  const std::vector<double> lambdas = {0.01, 0.03, 0.05, 0.10, 0.20};
  // Published cells (hatched cells are not printed): row by row.
  const std::vector<std::vector<int>> published = {{2, 4, 5, 9, 16}, {5, 8, 11, 17, 29}, {9, 17, 23}, {12, 27}, {15}};
  for (std::size_t i = 0; i < rhos.size(); ++i) {
    for (std::size_t j = 0; j < lambdas.size(); ++j) {
      const auto s = light_reserve(32, lambdas[j], rhos[i], 0.99);
      const bool printed = j < published[i].size();
      INFO("rho " << rhos[i] << " lambda " << lambdas[j] << " spares " << s.spares);
      CHECK(s.reachable == printed);  // exactly the printed cells are within the cap
      if (printed) CHECK(s.spares == static_cast<std::uint64_t>(published[i][j]));
      else CHECK(s.spares > 32);
    }
  }
}

TEST_CASE("the exponential-then-binary search equals a linear scan", "[halley][light_reserve]") {
  for (double lambda : {0.001, 0.05, 0.2})
    for (double rho : {0.0, 0.03, 0.15, 0.35})
      for (double target : {0.5, 0.9, 0.99, 0.9999}) {
        INFO(lambda << " " << rho << " " << target);
        CHECK(light_reserve(16, lambda, rho, target).spares == linear_scan(16, lambda, rho, target));
      }
  // A(s) is nondecreasing in s.
  double prev = 0;
  for (std::uint64_t s = 0; s < 200; ++s) {
    const double a = coverage(32, s, 0.05, 0.35);
    CHECK(a >= prev);
    prev = a;
  }
  CHECK(light_reserve(32, 0.05, 0.15, 1 - 1e-7).spares > 156);
}

TEST_CASE("the search tries the 10^7-spare limit once its work matches that evaluation", "[halley][light_reserve]") {
  // A large pool: after s = 0 and s = 1 the search has evaluated 2n + 1 >= n + 10^7
  // lasers, so the third evaluation is the limit, and an unreachable target stops there
  // (rather than doubling through 2^16 first, O(n) each).
  int evaluations = 0;
  CHECK_THROWS_WITH(detail::smallest_spares(10'000'000, 0.999, 0.9, 1 - 1e-12, evaluations),
                    Catch::Contains("needs more than 10000000 spares"));
  CHECK(evaluations == 3);
  // A small pool reaches 2^16 spares long before its work matches the limit's: its
  // searches never probe the limit. s* = 408 for 99.99999% at n = 32 takes s = 0, the
  // 10 doublings 1..512 and 8 bisections of (256, 512]: 19 evaluations, not 20.
  evaluations = 0;
  CHECK(detail::smallest_spares(32, 0.05, 0.15, 1 - 1e-7, evaluations) == 408);
  CHECK(evaluations == 19);
}

TEST_CASE("LightReserve refuses bad input", "[halley][light_reserve][validation]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK_THROWS_AS(light_reserve(0, 0.05, 0.15, 0.99), std::invalid_argument);
  CHECK_THROWS_AS(light_reserve(32, 0.0, 0.15, 0.99), std::invalid_argument);
  CHECK_THROWS_AS(light_reserve(32, 0.05, 1.0, 0.99), std::invalid_argument);
  CHECK_THROWS_AS(light_reserve(32, 0.05, 0.15, 1.0), std::invalid_argument);
  CHECK_THROWS_AS(light_reserve(32, 0.05, 0.15, 0.0), std::invalid_argument);
  CHECK_THROWS_AS(light_reserve(32, 0.05, 0.15, 0.99, 1.0), std::invalid_argument);
  CHECK_THROWS_AS(light_reserve(32, nan, 0.15, 0.99), std::invalid_argument);
  CHECK_THROWS_AS(light_reserve(32, 0.05, 0.15, nan), std::invalid_argument);
  CHECK_THROWS_AS(coverage(0, 4, 0.05, 0.15), std::invalid_argument);
}

TEST_CASE("spare_ratio: the reserve's 4/36 = 1/9, whose large-pool ceiling is 85.1%", "[halley][light_reserve]") {
  CHECK(spare_ratio(32, 4) == 1.0 / 9);
  CHECK(pct(ceiling(spare_ratio(32, 4), 0.05, 0.15), 1) == "85.1");
  for (std::uint64_t n = 0; n <= 40; ++n)
    for (std::uint64_t s = 0; s <= 40; ++s) {
      if (n + s == 0) continue;
      const double r = spare_ratio(n, s);
      CHECK(r * static_cast<double>(n + s) == Approx(static_cast<double>(s)).margin(1e-12));
    }
  CHECK_THROWS(spare_ratio(0, 0));
}

TEST_CASE("spares_in_pool_at_cap: the largest s with s/pool <= sigma_max, by brute force", "[halley][light_reserve]") {
  // sigma_max = k/d exactly as a fraction; the brute force compares integers.
  for (auto [k, d] : {std::pair<std::uint64_t, std::uint64_t>{1, 2}, {1, 10}, {1, 3}, {1, 4}, {7, 10}, {2, 3}}) {
    const double sigma = static_cast<double>(k) / static_cast<double>(d);
    for (std::uint64_t pool = 1; pool <= 400; ++pool) {
      std::uint64_t best = 0;
      for (std::uint64_t s = 0; s <= pool; ++s)
        if (s * d <= k * pool) best = s;
      CHECK(spares_in_pool_at_cap(pool, sigma) == best);
    }
  }
  CHECK(spares_in_pool_at_cap(144, 0.5) == 72);  // Theorem 2's 18 x 8 at its own cap
  CHECK_THROWS_AS(spares_in_pool_at_cap(0, 0.5), std::invalid_argument);
  CHECK_THROWS_AS(spares_in_pool_at_cap(10, 1.0), std::invalid_argument);
}

TEST_CASE("a cap close to 1 sizes as any other: the same s*, and the cap's coverage bounded from below", "[halley][light_reserve]") {
  using shiftfly::halley::light_reserve;
  // the paper's case and a larger pool, at caps 0.5, 0.9 and 0.999999: s* does not depend on the cap
  for (auto [n, lambda, rho, target] : {std::tuple{32ull, 0.05, 0.15, 0.99}, std::tuple{1000ull, 0.01, 0.01, 0.99}}) {
    const auto base = light_reserve(n, lambda, rho, target, 0.5);
    for (double cap : {0.5, 0.9, 0.999999}) {
      INFO("n = " << n << ", cap = " << cap);
      const auto s = light_reserve(n, lambda, rho, target, cap);
      CHECK(s.spares == base.spares);
      CHECK(s.coverage == base.coverage);
      CHECK(s.reachable);
      CHECK(s.cap_coverage >= s.coverage);  // A grows with s, and s* fits the cap
      // exact while the cap allows at most max_spares spares, a lower bound past that
      CHECK(s.cap_coverage_exact == (s.cap_spares <= shiftfly::halley::max_spares));
    }
  }
  // 1,000 channels at 0.999999 allow 999,998,999 spares: past max_spares, so a bound
  const auto big = light_reserve(1000, 0.01, 0.01, 0.99, 0.999999);
  CHECK(big.cap_spares == 999998999u);
  CHECK_FALSE(big.cap_coverage_exact);
  CHECK(big.cap_coverage == shiftfly::halley::coverage(1000, shiftfly::halley::max_spares, 0.01, 0.01));
}

}  // namespace light_reserve_test
