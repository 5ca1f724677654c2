// Theorem 1 and Corollary 1 (Halley Section III): every printed value is a test.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "printed.hpp"
#include "shiftfly/halley/ceiling.hpp"
#include "shiftfly/halley/light_reserve.hpp"

namespace ceiling_test {

using namespace shiftfly::halley;
using halley_test::fixed;
using halley_test::pct;

TEST_CASE("Corollary 1: A_crit = 99.670% at lambda = 0.05, rho = 0.15, sigma_max = 1/2", "[halley][ceiling]") {
  CHECK(pct(critical_availability(0.05, 0.15, 0.5), 3) == "99.670");
  CHECK(pct(critical_availability(0.05, 0.15), 2) == "99.67");  // Fig. 3 right, filled dot
  CHECK(ceiling_shortfall(0.5, 0.05, 0.15) == Approx(1 - critical_availability(0.05, 0.15)).epsilon(1e-10));
}

TEST_CASE("Corollary 1: A_crit reaches 99.999% once rho falls below about 0.056", "[halley][ceiling]") {
  const auto r = rho_for_ceiling(0.05, 0.5, 0.99999);
  REQUIRE(r.reachable);
  CHECK(fixed(r.rho, 3) == "0.056");
  // The root is a root: the ceiling crosses the target there.
  CHECK(ceiling_shortfall(0.5, 0.05, r.rho) == Approx(1e-5).epsilon(1e-8));
  CHECK(critical_availability(0.05, r.rho * 0.99) > 0.99999);
  CHECK(critical_availability(0.05, r.rho * 1.01) < 0.99999);
}

TEST_CASE("large-pool limit: 99.999% needs sigma = 0.821, a 5.6x pool", "[halley][ceiling]") {
  const auto r = large_pool_spare_ratio(0.05, 0.15, 0.99999);
  CHECK(fixed(r.sigma, 3) == "0.821");
  CHECK(fixed(r.pool_multiple, 1) == "5.6");
  CHECK(ceiling(r.sigma, 0.05, 0.15) == Approx(0.99999).epsilon(1e-12));
}

TEST_CASE("Theorem 1 Part 1: variance floor 0.0071, standard deviation 0.084", "[halley][ceiling]") {
  CHECK(fixed(variance_floor(0.05, 0.15), 4) == "0.0071");
  CHECK(fixed(std::sqrt(variance_floor(0.05, 0.15)), 3) == "0.084");
  // Var(F/N) against the pmf's own variance, and its approach to the floor.
  for (std::uint64_t n : {1u, 10u, 36u, 300u}) {
    const auto v = failure_pmf_vector(n, 0.05, 0.15);
    double m1 = 0, m2 = 0;
    for (std::size_t k = 0; k < v.size(); ++k) {
      const double f = static_cast<double>(k) / static_cast<double>(n);
      m1 += f * v[k];
      m2 += f * f * v[k];
    }
    CHECK(m2 - m1 * m1 == Approx(failure_fraction_variance(n, 0.05, 0.15)).epsilon(1e-10));
  }
  CHECK(failure_fraction_variance(100000, 0.05, 0.15) == Approx(variance_floor(0.05, 0.15)).epsilon(1e-4));
  CHECK(failure_fraction_variance(100000, 0.05, 0.0) == Approx(0.05 * 0.95 / 100000));
}

TEST_CASE("Theorem 1 Part 2: A_N(sigma) approaches F_Beta(sigma) as N grows", "[halley][ceiling]") {
  // At the 2x cap every pool approaches the ceiling from below (Section III-A).
  const double limit = critical_availability(0.05, 0.15);
  double prev = 0;
  for (std::uint64_t n : {16u, 32u, 128u, 512u, 2048u}) {
    const double a = coverage(n, n, 0.05, 0.15);
    CHECK(a < limit);
    CHECK(a > prev);
    prev = a;
  }
  CHECK(limit - prev < 2e-4);
  // At the four-laser reserve's ratio 1/9 a large pool approaches 85.1%, below the 32-channel reserve's 86.3%.
  CHECK(pct(ceiling(1.0 / 9.0, 0.05, 0.15), 1) == "85.1");
  CHECK(coverage(32, 4, 0.05, 0.15) > ceiling(1.0 / 9.0, 0.05, 0.15));
}

TEST_CASE("Theorem 1 Part 4 and the monotonicity check at the 2x cap", "[halley][ceiling]") {
  // A* -> 1 as rho -> 0 for sigma > lambda.
  CHECK(ceiling_shortfall(0.5, 0.05, 1e-4) < 1e-12);
  // At sigma = 1/2, dA*/drho < 0 on (0,1) for every lambda <= 0.3 (checked on a grid).
  for (double lambda : {0.001, 0.01, 0.05, 0.1, 0.2, 0.3}) {
    double prev = 0.0;  // the shortfall 1 - A* rises strictly with rho (A* falls)
    for (double rho = 0.01; rho < 0.99; rho += 0.01) {
      const double shortfall = ceiling_shortfall(0.5, lambda, rho);
      CHECK(shortfall > prev);
      prev = shortfall;
    }
  }
  // Below a spare ratio of about 14% the ceiling is not monotone in rho (Fig. 3 left).
  CHECK(ceiling(0.10, 0.05, 0.25) > ceiling(0.10, 0.05, 0.15));
  CHECK(ceiling(0.20, 0.05, 0.25) < ceiling(0.20, 0.05, 0.15));
}

TEST_CASE("ceiling functions refuse bad input", "[halley][ceiling][validation]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  CHECK_THROWS_AS(ceiling(1.5, 0.05, 0.15), std::invalid_argument);
  CHECK_THROWS_AS(ceiling(0.5, nan, 0.15), std::invalid_argument);
  CHECK_THROWS_AS(critical_availability(0.05, 0.15, 1.0), std::invalid_argument);
  CHECK_THROWS_AS(critical_availability(0.05, 0.15, 0.0), std::invalid_argument);
  CHECK_THROWS_AS(large_pool_spare_ratio(0.05, 0.15, 1.0), std::invalid_argument);
  CHECK_THROWS_AS(rho_for_ceiling(0.05, 0.5, -1.0), std::invalid_argument);
  CHECK_THROWS_AS(failure_fraction_variance(0, 0.05, 0.15), std::invalid_argument);
  CHECK_FALSE(rho_for_ceiling(0.6, 0.5, 0.99).reachable);  // sigma below lambda: no rho helps
}

TEST_CASE("Theorem 1 Part 1: the floor's standard deviation 0.084 is the latent level's", "[halley][ceiling]") {
  CHECK(fixed(failure_fraction_sd_floor(0.05, 0.15), 3) == "0.084");
  // Independently: the standard deviation of Theta ~ Beta(a, b), sqrt(ab/((a+b)^2 (a+b+1))).
  for (double lambda : {0.01, 0.05, 0.3}) {
    for (double rho : {0.01, 0.15, 0.6}) {
      const double a = lambda * (1 - rho) / rho, b = (1 - lambda) * (1 - rho) / rho;
      CHECK(failure_fraction_sd_floor(lambda, rho) == Approx(std::sqrt(a * b / ((a + b) * (a + b) * (a + b + 1)))).epsilon(1e-13));
    }
  }
  CHECK_THROWS_AS(failure_fraction_sd_floor(0.05, -0.1), std::invalid_argument);
}

}  // namespace ceiling_test
