// Numeric robustness of the Halley functions at extreme parameters:
// λ down to 1e-9, ρ from 1e-6 to 0.999, pools up to N = 10⁵ and
// coverage targets up to 1 − 1e-12. Every call returns a finite value inside
// its mathematical bounds, monotone where the mathematics says so, or throws
// one clear std::invalid_argument line. Never NaN, never an infinity
// presented as a result, never a silent wrong answer.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "shiftfly/halley/beta_binomial.hpp"
#include "shiftfly/halley/ceiling.hpp"
#include "shiftfly/halley/composition.hpp"
#include "shiftfly/halley/cost.hpp"
#include "shiftfly/halley/hierarchy.hpp"
#include "shiftfly/halley/light_reserve.hpp"
#include "shiftfly/halley/thermal.hpp"
#include "shiftfly/halley/window.hpp"

namespace robustness_test {

namespace h = shiftfly::halley;

namespace {

const std::vector<double> lambdas{1e-9, 1e-6, 1e-3, 0.05, 0.5, 0.9, 0.999};
const std::vector<double> rhos{0.0, 1e-6, 1e-4, 0.01, 0.15, 0.5, 0.9, 0.999};
const std::vector<std::uint64_t> pools{1, 2, 32, 1000, 100'000};
const std::vector<double> targets{0.5, 0.9, 0.999, 1 - 1e-6, 1 - 1e-9, 1 - 1e-12};
const double nan = std::numeric_limits<double>::quiet_NaN();
const double inf = std::numeric_limits<double>::infinity();
const std::vector<double> non_finite{nan, inf, -inf};

// Distinct points in increasing order (monotonicity is checked along them).
std::vector<std::uint64_t> sorted_points(std::vector<std::uint64_t> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

bool probability(double p) { return std::isfinite(p) && p >= 0.0 && p <= 1.0; }

// A rejected call must say why in one line.
template <class F>
void require_clear_error(F&& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    CHECK_FALSE(what.empty());
    CHECK(what.find('\n') == std::string::npos);
    return;
  }
  FAIL("expected std::invalid_argument");
}

// Runs f; returns false when it threw one clear invalid_argument line.
template <class F>
bool accepted(F&& f) {
  try {
    f();
    return true;
  } catch (const std::invalid_argument& e) {
    const std::string what = e.what();
    CHECK(what.find('\n') == std::string::npos);
    CHECK_FALSE(what.empty());
    return false;
  }
}

}  // namespace

TEST_CASE("failure-count distribution: finite, normalised, right mean at every extreme", "[halley][robustness]") {
  for (auto n : pools)
    for (double lambda : lambdas)
      for (double rho : rhos) {
        INFO("N = " << n << ", lambda = " << lambda << ", rho = " << rho);
        const auto pmf = h::failure_pmf_vector(n, lambda, rho);
        REQUIRE(pmf.size() == n + 1);
        long double total = 0, mean = 0;
        bool all_probabilities = true;
        for (std::size_t k = 0; k < pmf.size(); ++k) {
          all_probabilities = all_probabilities && probability(pmf[k]);
          total += pmf[k];
          mean += static_cast<long double>(k) * pmf[k];
        }
        CHECK(all_probabilities);
        CHECK(std::fabs(static_cast<double>(total) - 1.0) < 1e-9);
        // E[F] = Nλ for every ρ (the latent level has mean λ).
        CHECK(static_cast<double>(mean) == Approx(static_cast<double>(n) * lambda).epsilon(1e-6).margin(1e-12));
      }
}

TEST_CASE("failure-count tails: cdf + sf = 1, both monotone and in [0,1]", "[halley][robustness]") {
  for (auto n : pools)
    for (double lambda : lambdas)
      for (double rho : rhos) {
        INFO("N = " << n << ", lambda = " << lambda << ", rho = " << rho);
        double prev_cdf = 0, prev_sf = 1;
        for (std::uint64_t k : sorted_points({0, 1, n / 100, n / 10, n / 2, n - 1, n})) {
          const double cdf = h::failure_cdf(n, k, lambda, rho);
          const double sf = h::failure_sf(n, k, lambda, rho);
          INFO("k = " << k << ": cdf = " << cdf << ", sf = " << sf);
          REQUIRE(probability(cdf));
          REQUIRE(probability(sf));
          CHECK(std::fabs(cdf + sf - 1.0) < 1e-12);
          CHECK(cdf >= prev_cdf);
          CHECK(sf <= prev_sf);
          prev_cdf = cdf;
          prev_sf = sf;
        }
        CHECK(h::failure_cdf(n, n, lambda, rho) == 1.0);
        CHECK(h::failure_sf(n, n, lambda, rho) == 0.0);
      }
}

TEST_CASE("coverage: nondecreasing in spares, nonincreasing in lambda", "[halley][robustness]") {
  for (std::uint64_t n : {std::uint64_t{1}, std::uint64_t{32}, std::uint64_t{100'000}})
    for (double rho : rhos) {
      for (std::uint64_t s : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{4}, n / 10, n}) {
        double prev = 2;
        for (double lambda : lambdas) {
          INFO("n = " << n << ", s = " << s << ", rho = " << rho << ", lambda = " << lambda);
          const double a = h::coverage(n, s, lambda, rho);
          const double short_ = h::coverage_shortfall(n, s, lambda, rho);
          REQUIRE(probability(a));
          REQUIRE(probability(short_));
          CHECK(std::fabs(a + short_ - 1.0) < 1e-12);
          CHECK(a <= prev + 1e-15);
          prev = a;
        }
      }
      for (double lambda : lambdas) {
        double prev = -1;
        for (std::uint64_t s : sorted_points({0, 1, 2, 16, n, 4 * n})) {
          INFO("n = " << n << ", s = " << s << ", rho = " << rho << ", lambda = " << lambda);
          const double a = h::coverage(n, s, lambda, rho);
          REQUIRE(probability(a));
          CHECK(a >= prev - 1e-15);
          prev = a;
        }
      }
    }
}

TEST_CASE("variance and ceiling: finite, bounded, monotone in sigma", "[halley][robustness]") {
  for (double lambda : lambdas)
    for (double rho : rhos) {
      INFO("lambda = " << lambda << ", rho = " << rho);
      for (auto n : pools) {
        const double v = h::failure_fraction_variance(n, lambda, rho);
        REQUIRE(std::isfinite(v));
        CHECK(v >= 0);
        CHECK(v <= 0.25);
        CHECK(v >= h::variance_floor(lambda, rho) * (1 - 1e-12));
      }
      if (rho == 0.0) {
        require_clear_error([&] { (void)h::ceiling(0.5, lambda, rho); });  // ρ = 0 has no latent level
        continue;
      }
      double prev = -1;
      for (double sigma : {0.0, 1e-12, 1e-6, 1e-3, 0.05, 0.5, 0.9, 1 - 1e-9, 1.0}) {
        INFO("sigma = " << sigma);
        const double a = h::ceiling(sigma, lambda, rho);
        const double sf = h::ceiling_shortfall(sigma, lambda, rho);
        REQUIRE(probability(a));
        REQUIRE(probability(sf));
        CHECK(std::fabs(a + sf - 1.0) < 1e-12);
        CHECK(a >= prev);
        prev = a;
      }
      double prev_sigma = -1;
      for (double target : targets) {
        INFO("target = " << target);
        h::large_pool_ratio r;
        if (!accepted([&] { r = h::large_pool_spare_ratio(lambda, rho, target); })) continue;
        REQUIRE(std::isfinite(r.sigma));
        REQUIRE(std::isfinite(r.pool_multiple));
        CHECK(r.sigma >= 0);
        CHECK(r.sigma <= 1);  // 1 − σ may be below double's resolution near one
        CHECK(r.pool_multiple >= 1);
        CHECK(r.sigma >= prev_sigma);
        prev_sigma = r.sigma;
      }
    }
}

TEST_CASE("rho for a ceiling: a correlation in (0,1) or unreachable, never NaN when reachable", "[halley][robustness][heavy]") {
  for (double lambda : lambdas)
    for (double sigma : {1e-6, 0.01, 0.5, 0.99})
      for (double target : targets) {
        INFO("lambda = " << lambda << ", sigma = " << sigma << ", target = " << target);
        const auto r = h::rho_for_ceiling(lambda, sigma, target);
        if (!r.reachable) {
          CHECK(std::isnan(r.rho));
          continue;
        }
        REQUIRE(std::isfinite(r.rho));
        CHECK(r.rho > 0);
        CHECK(r.rho < 1);
        // At the returned correlation the ceiling meets the target.
        CHECK(h::ceiling_shortfall(sigma, lambda, r.rho) <= (1 - target) * (1 + 1e-9));
      }
}

TEST_CASE("LightReserve sizing: the smallest spare count, monotone in the target", "[halley][robustness][heavy]") {
  // Each sizing costs O(n + s) per coverage evaluation; the big pool is checked
  // at the correlations where its searches stay short, the small pools everywhere.
  struct point {
    std::uint64_t n;
    double lambda, rho;
  };
  std::vector<point> grid;
  for (std::uint64_t n : {std::uint64_t{1}, std::uint64_t{32}})
    for (double lambda : {1e-9, 1e-6, 1e-3, 0.05, 0.5})
      for (double rho : {0.0, 1e-6, 1e-3, 0.15, 0.5}) grid.push_back({n, lambda, rho});
  for (double lambda : {1e-9, 0.05})
    for (double rho : {0.0, 1e-6, 1e-3}) grid.push_back({100'000, lambda, rho});
  for (const point& p : grid) {
        // Plain copies, not structured bindings: Clang 14 cannot capture a binding in a lambda.
        const std::uint64_t n = p.n;
        const double lambda = p.lambda, rho = p.rho;
        std::uint64_t prev = 0;
        for (double target : targets) {
          INFO("n = " << n << ", lambda = " << lambda << ", rho = " << rho << ", target = " << target);
          h::sizing s;
          if (!accepted([&] { s = h::light_reserve(n, lambda, rho, target); })) break;  // larger targets need more
          REQUIRE(probability(s.coverage));
          REQUIRE(probability(s.cap_coverage));
          REQUIRE(std::isfinite(s.spare_ratio));
          REQUIRE(std::isfinite(s.pool_multiple));
          CHECK(s.pool == n + s.spares);
          CHECK(s.spares >= prev);
          prev = s.spares;
          // Minimality, with shortfalls (they carry the digits near one).
          CHECK(h::coverage_shortfall(n, s.spares, lambda, rho) <= 1 - target);
          if (s.spares > 0) CHECK(h::coverage_shortfall(n, s.spares - 1, lambda, rho) > 1 - target);
          CHECK(s.reachable == (s.spare_ratio <= 0.5));
          if (!s.reachable && s.rho_target_exists) {
            CHECK(std::isfinite(s.rho_target));
            CHECK(s.rho_target >= 0);
            CHECK(s.rho_target < 1);
          }
        }
      }
}

TEST_CASE("largest rate within the cap: a probability, nonincreasing in the target", "[halley][robustness]") {
  for (std::uint64_t n : {std::uint64_t{1}, std::uint64_t{32}, std::uint64_t{1000}})
    for (double rho : {0.0, 1e-6, 0.15, 0.9}) {
      double prev = 1;
      for (double target : targets) {
        INFO("n = " << n << ", rho = " << rho << ", target = " << target);
        const double lambda = h::largest_rate_within_cap(n, rho, target);
        REQUIRE(std::isfinite(lambda));
        CHECK(lambda >= 0);
        CHECK(lambda < 1);
        CHECK(lambda <= prev);
        prev = lambda;
      }
    }
}

TEST_CASE("window arithmetic: probabilities in [0,1], inverses finite", "[halley][robustness]") {
  double prev = -1;
  for (double fit : {0.0, 1e-6, 1.0, 100.0, 1e4, 1e8, 1e12, 1e300}) {
    const double p = h::failure_probability(fit, h::hours_per_year);
    INFO("fit = " << fit << ": " << p);
    REQUIRE(probability(p));
    CHECK(p >= prev);
    prev = p;
  }
  for (double lambda : lambdas) {
    INFO("lambda = " << lambda);
    const double fit = h::fit_for_probability(lambda, 90 * 24.0);
    REQUIRE(std::isfinite(fit));
    CHECK(fit > 0);
    CHECK(h::failure_probability(fit, 90 * 24.0) == Approx(lambda).epsilon(1e-12));
    const double window = h::window_for_probability(lambda, 50.0);
    REQUIRE(std::isfinite(window));
    CHECK(window > 0);
  }
  for (double x : non_finite) {
    require_clear_error([&] { (void)h::failure_probability(x, 24.0); });
    require_clear_error([&] { (void)h::failure_probability(10.0, x); });
    require_clear_error([&] { (void)h::fit_for_probability(x, 24.0); });
    require_clear_error([&] { (void)h::window_for_probability(0.01, x); });
  }
  require_clear_error([&] { (void)h::failure_probability(-1.0, 24.0); });
  require_clear_error([&] { (void)h::parse_window("1e400y"); });
  require_clear_error([&] { (void)h::parse_window("nand"); });
  require_clear_error([&] { (void)h::parse_window("infh"); });
  require_clear_error([&] { (void)h::parse_window("-1d"); });
  require_clear_error([&] { (void)h::parse_window("0h"); });
}

TEST_CASE("hierarchy: finite variances and coverages at extreme correlations", "[halley][robustness]") {
  // The nested model integrates over the cross-module level with tanh-sinh; strong
  // cross-module correlation makes that integrand singular at both ends and each
  // call slow, so 0.9 is checked at one rate only.
  struct point {
    double across, within, lambda;
  };
  std::vector<point> grid{{0.9, 0.999, 0.05}};
  for (double across : {1e-6, 1e-3, 0.15})
    for (double within : {across, 0.999})
      for (double lambda : {1e-9, 0.05}) grid.push_back({across, within, lambda});
  for (const auto& [across, within, lambda] : grid) {
        const h::module_shape m{8, 4, within, across};
        INFO("within = " << within << ", across = " << across << ", lambda = " << lambda);
        const double rbar = h::average_correlation(m);
        CHECK(rbar >= across * (1 - 1e-12));
        CHECK(rbar <= within * (1 + 1e-12));
        const double v = h::hierarchical_variance(m, lambda);
        REQUIRE(std::isfinite(v));
        CHECK(v >= 0);
        CHECK(v <= 0.25);
        double prev = -1;
        for (std::uint64_t s : {0, 4, 16}) {
          const auto c = h::hierarchy_coverage(m, s, lambda);
          INFO("s = " << s << ": nested " << c.nested << ", flat " << c.flat);
          REQUIRE(probability(c.nested));
          REQUIRE(probability(c.flat));
          REQUIRE(probability(c.nested_shortfall));
          CHECK(c.nested >= prev - 1e-12);
          prev = c.nested;
        }
      }
  for (double x : non_finite) {
    require_clear_error([&] { (void)h::hierarchical_variance({8, 4, 0.5, x}, 0.05); });
    require_clear_error([&] { (void)h::hierarchical_variance({8, 4, x, 0.1}, 0.05); });
    require_clear_error([&] { (void)h::hierarchical_variance({8, 4, 0.5, 0.1}, x); });
  }
}

TEST_CASE("thermal: lock-loss probabilities and ratios stay finite", "[halley][robustness]") {
  for (double r : {-0.999999, -0.5, 0.0, 0.5, 0.9, 0.999999}) {
    INFO("R = " << r);
    CHECK(std::isfinite(h::variance_removed(r)));
    CHECK(std::isfinite(h::residual_variance(1.0, r)));
    for (double tau : {1e-9, 0.5, 3.0, 10.0}) {
      // Far in the tail both probabilities underflow to 0: a ratio would be 0/0.
      double ratio = 0;
      if (!accepted([&] { ratio = h::lock_loss_ratio(tau, r); })) continue;
      INFO("tau = " << tau << ": " << ratio);
      CHECK(std::isfinite(ratio));
      CHECK(ratio >= 0);
    }
  }
  for (double x : non_finite) {
    require_clear_error([&] { (void)h::lock_loss_ratio(x, 0.5); });
    require_clear_error([&] { (void)h::lock_loss_ratio(3.0, x); });
    require_clear_error([&] { (void)h::lock_loss_probability(x, 1.0); });
  }
}

TEST_CASE("every probability parameter rejects NaN, infinities and the ends of its range", "[halley][robustness]") {
  std::vector<double> bad = non_finite;
  bad.insert(bad.end(), {-1e-300, 1.0, 1.0 + 1e-15, -0.5});
  for (double x : bad) {
    INFO("value = " << x);
    require_clear_error([&] { (void)h::failure_pmf_vector(10, x, 0.1); });
    require_clear_error([&] { (void)h::failure_pmf_vector(10, 0.1, x); });
    require_clear_error([&] { (void)h::failure_cdf(10, 3, x, 0.1); });
    require_clear_error([&] { (void)h::coverage(10, 3, x, 0.1); });
    require_clear_error([&] { (void)h::coverage(10, 3, 0.1, x); });
    require_clear_error([&] { (void)h::ceiling(0.5, x, 0.1); });
    require_clear_error([&] { (void)h::ceiling(0.5, 0.1, x); });
    require_clear_error([&] { (void)h::light_reserve(32, x, 0.1, 0.999); });
    require_clear_error([&] { (void)h::light_reserve(32, 0.05, x, 0.999); });
    require_clear_error([&] { (void)h::light_reserve(32, 0.05, 0.1, x); });
    require_clear_error([&] { (void)h::light_reserve(32, 0.05, 0.1, 0.999, x); });
    require_clear_error([&] { (void)h::large_pool_spare_ratio(0.05, 0.1, x); });
    require_clear_error([&] { (void)h::rho_for_ceiling(x, 0.5, 0.99); });
    require_clear_error([&] { (void)h::rho_for_ceiling(0.05, x, 0.99); });
    require_clear_error([&] { (void)h::rho_for_ceiling(0.05, 0.5, x); });
    require_clear_error([&] { (void)h::largest_rate_within_cap(32, 0.1, x); });
    require_clear_error([&] { (void)h::cheapest_plan(32, x, 0.15, 0.999); });
    require_clear_error([&] { (void)h::cheapest_plan(32, 0.05, x, 0.999); });
    require_clear_error([&] { (void)h::cheapest_plan(32, 0.05, 0.15, x); });
    h::composition_inputs in;
    in.lambda = x;
    require_clear_error([&] { (void)h::compose_goodput(in); });
  }
  // Pools beyond the documented maxima are refused before anything is allocated.
  require_clear_error([&] { (void)h::failure_pmf_vector(h::max_pool_size + 1, 0.1, 0.1); });
  require_clear_error([&] { (void)h::coverage(h::max_pool_size, 1, 0.1, 0.1); });
  require_clear_error([&] { (void)h::light_reserve(0, 0.1, 0.1, 0.9); });
  require_clear_error([&] { (void)h::light_reserve(std::numeric_limits<std::uint64_t>::max(), 0.1, 0.1, 0.9); });
}

TEST_CASE("cost split: finite costs and a saving ratio of at least one", "[halley][robustness]") {
  for (double lambda : {1e-6, 1e-3, 0.05})
    for (double rho0 : {0.03, 0.15, 0.5})
      for (double target : {0.9, 0.999, 1 - 1e-6}) {
        INFO("lambda = " << lambda << ", rho0 = " << rho0 << ", target = " << target);
        h::split s;
        if (!accepted([&] { s = h::cheapest_plan(32, lambda, rho0, target); })) continue;
        REQUIRE(std::isfinite(s.cheapest.cost));
        REQUIRE(std::isfinite(s.spares_only.cost));
        CHECK(s.cheapest.cost <= s.spares_only.cost);
        if (s.cheapest.cost > 0) CHECK(s.saving_ratio >= 1.0);
        CHECK(probability(s.cheapest.coverage));
        CHECK(s.cheapest.coverage >= target - 1e-12);
      }
}

}  // namespace robustness_test
