// Tests for include/shiftfly/halley/beta_binomial.hpp: agreement with mpmath at
// 260 random points (tails included), the ρ → 0 limit, and input validation.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include <boost/math/special_functions/beta.hpp>

#include "shiftfly/halley/beta_binomial.hpp"

namespace beta_binomial_test {

using namespace shiftfly::halley;

namespace {
double parse_log(const std::string& s) {
  return s == "-inf" ? -std::numeric_limits<double>::infinity() : std::stod(s);
}
// |log a − log b| ≤ tol·max(1, |log b|) bounds the relative error of a by about tol (a few ulps for large logs).
void check_log(double actual, double expected, const std::string& what) {
  INFO(what << " actual " << actual << " expected " << expected);
  if (std::isinf(expected)) {
    CHECK(std::isinf(actual));
    return;
  }
  CHECK(std::fabs(actual - expected) <= 1e-12 * std::max(1.0, std::fabs(expected)));
}
}  // namespace

TEST_CASE("pmf, cdf and sf agree with mpmath at 260 random points, tails included", "[halley][beta_binomial]") {
  std::ifstream in(std::string(SHIFTFLY_FIXTURES) + "/halley/beta_binomial.txt");
  REQUIRE(in.good());
  std::string line;
  int points = 0, deep_tails = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream is(line);
    std::string kind, xs, ys, lp, lc, ls;
    std::uint64_t n = 0, k = 0;
    is >> kind >> n >> k >> xs >> ys >> lp >> lc >> ls;
    const double x = std::stod(xs), y = std::stod(ys);
    const double e_pmf = parse_log(lp), e_cdf = parse_log(lc), e_sf = parse_log(ls);
    log_tails t;
    double l_pmf = 0;
    if (kind == "lr") {
      l_pmf = failure_log_pmf(n, k, x, y);
      t = failure_log_tails(n, k, x, y);
    } else if (kind == "ab") {
      l_pmf = beta_binomial_log_pmf(n, k, x, y);
      t = beta_binomial_log_tails(n, k, x, y);
    } else {
      l_pmf = binomial_log_pmf(n, k, x);
      t = binomial_log_tails(n, k, x);
    }
    check_log(l_pmf, e_pmf, line + " pmf");
    check_log(t.log_cdf, e_cdf, line + " cdf");
    check_log(t.log_sf, e_sf, line + " sf");
    // The double values themselves, where they do not underflow.
    if (e_sf > -700) {
      const double sf = kind == "lr" ? failure_sf(n, k, x, y) : kind == "ab" ? beta_binomial_sf(n, k, x, y) : binomial_sf(n, k, x);
      CHECK(sf == Approx(std::exp(e_sf)).epsilon(1e-12));
    }
    if (e_cdf > -700) {
      const double cdf = kind == "lr" ? failure_cdf(n, k, x, y) : kind == "ab" ? beta_binomial_cdf(n, k, x, y) : binomial_cdf(n, k, x);
      CHECK(cdf == Approx(std::exp(e_cdf)).epsilon(1e-12));
    }
    if (std::min(e_cdf, e_sf) < std::log(1e-12)) ++deep_tails;
    ++points;
  }
  CHECK(points >= 200);
  CHECK(deep_tails >= 40);  // the fixture exercises both tails beyond 1e-12
}

TEST_CASE("the failure-count law tends continuously to the binomial as rho -> 0", "[halley][beta_binomial]") {
  for (std::uint64_t n : {1u, 36u, 200u}) {
    for (double lambda : {1e-4, 0.05, 0.3}) {
      for (std::uint64_t k = 0; k <= n; k += std::max<std::uint64_t>(1, n / 7)) {
        const double b = binomial_log_pmf(n, k, lambda);
        CHECK(failure_log_pmf(n, k, lambda, 0.0) == b);
        // |log pmf(ρ) − log pmf(0)| shrinks monotonically and linearly in ρ (no jump at 0).
        double prev = std::fabs(failure_log_pmf(n, k, lambda, 1e-3) - b);
        double d9 = 0;
        for (double rho : {1e-5, 1e-7, 1e-9, 1e-12}) {
          const double d = std::fabs(failure_log_pmf(n, k, lambda, rho) - b);
          CHECK(d <= prev + 1e-13 * std::max(1.0, std::fabs(b)));
          if (rho == 1e-9) d9 = d;
          prev = d;
        }
        CHECK(prev <= 2e-3 * d9 + 1e-13 * std::max(1.0, std::fabs(b)));
      }
    }
  }
}

TEST_CASE("the (lambda, rho) form equals the (a, b) form", "[halley][beta_binomial]") {
  const auto s = beta_parameters(0.05, 0.15);
  CHECK(s.a == Approx(0.05 * 0.85 / 0.15));
  CHECK(s.b == Approx(0.95 * 0.85 / 0.15));
  for (std::uint64_t k : {0u, 4u, 20u, 36u}) {
    CHECK(failure_log_pmf(36, k, 0.05, 0.15) == Approx(beta_binomial_log_pmf(36, k, s.a, s.b)).epsilon(1e-13));
  }
  const auto v = failure_pmf_vector(36, 0.05, 0.15);
  double sum = 0, mean = 0;
  for (std::size_t k = 0; k < v.size(); ++k) {
    sum += v[k];
    mean += static_cast<double>(k) * v[k];
  }
  CHECK(sum == Approx(1.0).epsilon(1e-14));
  CHECK(mean == Approx(36 * 0.05).epsilon(1e-13));
}

TEST_CASE("degenerate binomials and the edges of the support", "[halley][beta_binomial]") {
  CHECK(binomial_pmf(10, 0, 0.0) == 1.0);
  CHECK(binomial_pmf(10, 10, 1.0) == 1.0);
  CHECK(binomial_cdf(10, 10, 0.3) == 1.0);
  CHECK(binomial_sf(10, 10, 0.3) == 0.0);
  CHECK(binomial_pmf(0, 0, 0.3) == 1.0);
}

TEST_CASE("bad input is refused with one line", "[halley][beta_binomial][validation]") {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  CHECK_THROWS_AS(failure_pmf(10, 2, nan, 0.1), std::invalid_argument);
  CHECK_THROWS_AS(failure_pmf(10, 2, 0.1, inf), std::invalid_argument);
  CHECK_THROWS_AS(failure_pmf(10, 2, 0.0, 0.1), std::invalid_argument);
  CHECK_THROWS_AS(failure_pmf(10, 2, 1.0, 0.1), std::invalid_argument);
  CHECK_THROWS_AS(failure_pmf(10, 2, 0.1, 1.0), std::invalid_argument);
  CHECK_THROWS_AS(failure_pmf(10, 2, 0.1, -0.1), std::invalid_argument);
  CHECK_THROWS_AS(failure_pmf(10, 11, 0.1, 0.1), std::invalid_argument);
  CHECK_THROWS_AS(beta_binomial_pmf(10, 2, 0.0, 1.0), std::invalid_argument);
  CHECK_THROWS_AS(beta_binomial_pmf(10, 2, 1.0, nan), std::invalid_argument);
  CHECK_THROWS_AS(binomial_pmf(10, 2, 1.5), std::invalid_argument);
  CHECK_THROWS_AS(beta_parameters(0.05, 0.0), std::invalid_argument);
  CHECK_THROWS_AS(failure_pmf(max_pool_size + 1, 0, 0.1, 0.1), std::invalid_argument);
  try {
    failure_cdf(10, 2, -0.5, 0.1);
    FAIL("no throw");
  } catch (const std::invalid_argument& e) {
    const std::string m = e.what();
    CHECK(m.find('\n') == std::string::npos);
    CHECK(m.rfind("failure_log_tails: lambda = -0.5", 0) == 0);
  }
}

TEST_CASE("extreme parameters: no overflow, no NaN, and the deep tail equals its leading term", "[halley][beta_binomial]") {
  for (double p : {1e-300, 1e-200, 1e-100, 1e-20}) {
    const auto t = binomial_log_tails(81, 49, p);
    CHECK(t.log_cdf == 0.0);
    // Pr[F > 49] = pmf(50)(1 + O(p)): log C(81,50) + 50 log p + 31 log(1-p).
    const double lead = std::lgamma(82.0) - std::lgamma(51.0) - std::lgamma(32.0) + 50 * std::log(p);
    CHECK(t.log_sf == Approx(lead).epsilon(1e-13));
  }
  // U-shaped beta-binomial (a, b < 1): both ends heavy, a deep trough between.
  const auto u = beta_binomial_log_tails(5000, 2500, 0.01, 0.01);
  CHECK(std::exp(u.log_cdf) == Approx(0.5).epsilon(1e-3));
  CHECK(std::exp(u.log_sf) == Approx(0.5).epsilon(1e-3));
  CHECK(std::exp(u.log_cdf) + std::exp(u.log_sf) == Approx(1.0).epsilon(1e-14));
  const auto big = failure_log_tails(200000, 100000, 0.05, 0.15);
  CHECK(std::isfinite(big.log_sf));
  CHECK(std::exp(big.log_sf) == Approx(boost::math::ibetac(0.05 * 0.85 / 0.15, 0.95 * 0.85 / 0.15, 0.5)).epsilon(1e-3));
}

}  // namespace beta_binomial_test
