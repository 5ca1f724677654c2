// Algorithm 1 under a cap and with none (light_reserve with no_cap): on the paper's case and
// on random cases drawn with the library's Python-compatible Mersenne Twister, a cap that allows
// the uncapped s* gives the same answer, a tighter one is UNREACHABLE exactly when s* passes the
// cap's spares, s* is monotone in the target and minimal, checked through coverage() and, on
// small pools, against a beta-binomial pmf summed directly from lgamma in long double.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "shiftfly/core/python_random.hpp"
#include "shiftfly/halley/light_reserve.hpp"

namespace light_reserve_cap_test {

using namespace shiftfly::halley;

/// Pr[F ≤ k] for F ~ Beta-Binomial(N, a, b) (Binomial(N, λ) at ρ = 0), each pmf term
/// C(N,j)·B(a+j, b+N−j)/B(a,b) from lgamma in long double: not the ratio recurrence
/// the library sums.
long double direct_cdf(std::uint64_t pool, std::uint64_t k, double lambda, double rho) {
  const long double n = static_cast<long double>(pool), l = lambda, r = rho;
  long double sum = 0;
  for (std::uint64_t j = 0; j <= k && j <= pool; ++j) {
    const long double jj = static_cast<long double>(j);
    const long double log_choose = std::lgamma(n + 1) - std::lgamma(jj + 1) - std::lgamma(n - jj + 1);
    long double lp = 0;
    if (rho == 0) {
      lp = log_choose + jj * std::log(l) + (n - jj) * std::log1p(-l);
    } else {
      const long double a = l * (1 - r) / r, b = (1 - l) * (1 - r) / r;
      auto lbeta = [](long double x, long double y) { return std::lgamma(x) + std::lgamma(y) - std::lgamma(x + y); };
      lp = log_choose + lbeta(a + jj, b + n - jj) - lbeta(a, b);
    }
    sum += std::exp(lp);
  }
  return sum;
}

/// Whether s/(n+s) > cap, exactly: cap = m·2^(e−53) with m an integer, so the test is
/// s·2^(53−e) > m·(n+s) in 128-bit integers (caps from 2^-11, pools below 2^40; a smaller
/// cap is compared in long double, where the ratios of consecutive s lie far apart).
bool ratio_above(std::uint64_t s, std::uint64_t n, double cap) {
  int e = 0;
  const double f = std::frexp(cap, &e);  // cap = f·2^e, f in [1/2, 1)
  if (e < -10) return static_cast<long double>(s) / static_cast<long double>(n + s) > cap;
  const auto m = static_cast<unsigned __int128>(std::ldexp(f, 53));
  REQUIRE(s + n < (std::uint64_t{1} << 40));
  return (static_cast<unsigned __int128>(s) << (53 - e)) > m * (n + s);
}

struct drawn {
  std::uint64_t n;
  double lambda, rho, target;
};

/// A case: n in [1, 120], λ = 10^U(−3, −0.7), ρ = 0 one time in four else 10^U(−4, −0.5),
/// target = 1 − 10^U(−6, −1). Uniforms come from random() only (no std distributions).
drawn draw(shiftfly::core::python_random& g) {
  drawn d{};
  d.n = 1 + g.randrange(std::uint64_t{120});
  d.lambda = std::pow(10.0, g.uniform(-3, -0.7));
  d.rho = g.randrange(std::uint64_t{4}) == 0 ? 0.0 : std::pow(10.0, g.uniform(-4, -0.5));
  d.target = 1 - std::pow(10.0, g.uniform(-6, -1));
  return d;
}

/// s* = min{s : A(s) ≥ target}: the library's shortfall test decides, and coverage() agrees
/// (within 1e-13 of the target, where the two readings of a tie may round apart).
void check_minimal(const drawn& d, std::uint64_t s) {
  CHECK(coverage_shortfall(d.n, s, d.lambda, d.rho) <= 1 - d.target);
  CHECK(coverage(d.n, s, d.lambda, d.rho) >= d.target - 1e-13);
  if (s > 0) {
    CHECK(coverage_shortfall(d.n, s - 1, d.lambda, d.rho) > 1 - d.target);
    CHECK(coverage(d.n, s - 1, d.lambda, d.rho) < d.target + 1e-13);
  }
  if (d.n + s <= 400) {  // the independent sum, on small pools
    CHECK(static_cast<double>(direct_cdf(d.n + s, s, d.lambda, d.rho)) >= d.target - 1e-11);
    if (s > 0) CHECK(static_cast<double>(direct_cdf(d.n + s - 1, s - 1, d.lambda, d.rho)) < d.target + 1e-11);
  }
}

/// Every cap property of one case, against its uncapped answer u.
void check_caps(const drawn& d, const sizing& u, shiftfly::core::python_random& g) {
  std::vector<double> caps = {0.5, 0.9, 0.999999, g.uniform(0.01, 0.99)};
  if (u.spares > 0) {
    const double exact = u.spare_ratio;  // the cap that just allows s*
    caps.push_back(exact);
    caps.push_back(std::nextafter(exact, 0.0));                 // a rounding below it
    caps.push_back(static_cast<double>(u.spares - 1) / static_cast<double>(d.n + u.spares - 1) + 1e-12);  // allows s* − 1 only
  }
  for (const double cap : caps) {
    if (!(cap > 0 && cap < 1)) continue;
    INFO("cap " << cap);
    const auto c = light_reserve(d.n, d.lambda, d.rho, d.target, cap);
    CHECK(c.capped);
    CHECK(c.spares == u.spares);  // the cap never changes s*, only whether it is allowed
    CHECK(c.coverage == u.coverage);
    CHECK(c.pool == u.pool);
    // The cap's spares: the most spares with s/(n+s) within the cap.
    CHECK(c.cap_spares == spares_at_cap(d.n, cap));
    CHECK(static_cast<double>(c.cap_spares) / static_cast<double>(d.n + c.cap_spares) <= cap + 1e-15);
    CHECK(ratio_above(c.cap_spares + 1, d.n, cap));  // one more is past the cap, exactly
    CHECK(c.reachable == (u.spares <= c.cap_spares));  // UNREACHABLE exactly when s* passes them
    if (c.cap_coverage_exact) {
      // A grows with s, so s* ≤ cap spares exactly when the cap's spares meet the target.
      CHECK(c.cap_coverage == coverage(d.n, c.cap_spares, d.lambda, d.rho));
      CHECK(c.reachable == (coverage_shortfall(d.n, c.cap_spares, d.lambda, d.rho) <= 1 - d.target));
    }
  }
}

TEST_CASE("light_reserve: no cap gives s*, reachable, no cap fields; a bad cap is refused", "[halley][light_reserve][cap]") {
  const auto u = light_reserve(32, 0.05, 0.15, 0.99999, no_cap);
  CHECK(u.spares == 156);  // Table II / Section IV-A: 156 spares, past the 2x cap
  CHECK(u.reachable);
  CHECK_FALSE(u.capped);
  CHECK(u.cap_spares == 0);
  CHECK_FALSE(u.rho_target_exists);  // no ρ′ search: there is no cap to bring the target within
  CHECK(std::isnan(u.rho_target));
  const auto capped = light_reserve(32, 0.05, 0.15, 0.99999);  // the default cap, 1/2
  CHECK(capped.capped);
  CHECK_FALSE(capped.reachable);
  CHECK(capped.spares == u.spares);
  CHECK(capped.coverage == u.coverage);
  for (const double bad : {0.0, 1.0, -0.5, 2.0, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()})
    CHECK_THROWS_WITH(light_reserve(32, 0.05, 0.15, 0.99, bad), Catch::Contains("cap"));
  // No cap does not lift the search bound: past 10^7 spares the target is refused, naming it.
  CHECK_THROWS_WITH(light_reserve(32, 0.999, 0.9, 1 - 1e-12, no_cap),
                    Catch::Contains("target") && Catch::Contains("needs more than 10000000 spares"));
}

TEST_CASE("light_reserve on the paper's case: caps 0.5, 0.9, 0.999999 and none", "[halley][light_reserve][cap]") {
  // 32 channels at lambda = 0.05, rho = 0.15: 23 spares for 99%, 49 for 99.9%, 156 for 99.999%.
  struct row {
    double target;
    std::uint64_t spares;
  };
  for (const row r : {row{0.99, 23}, row{0.999, 49}, row{0.99999, 156}}) {
    INFO("target " << r.target);
    const drawn d{32, 0.05, 0.15, r.target};
    const auto u = light_reserve(d.n, d.lambda, d.rho, d.target, no_cap);
    CHECK(u.spares == r.spares);
    check_minimal(d, u.spares);
    shiftfly::core::python_random g(2611);
    check_caps(d, u, g);
    // the cap's spares at 32 channels: 32 (1/2), 288 (0.9), 31,999,967 (the double nearest 0.999999 is just
    // below it; past the spares coverage evaluates)
    CHECK(light_reserve(32, 0.05, 0.15, r.target, 0.5).reachable == (r.spares <= 32));
    CHECK(light_reserve(32, 0.05, 0.15, r.target, 0.9).cap_spares == 288);
    CHECK(light_reserve(32, 0.05, 0.15, r.target, 0.9).reachable);
    const auto wide = light_reserve(32, 0.05, 0.15, r.target, 0.999999);
    CHECK(wide.cap_spares == 31'999'967);
    CHECK(wide.reachable);
    CHECK_FALSE(wide.cap_coverage_exact);
  }
}

TEST_CASE("light_reserve on random cases: caps agree with no cap, s* minimal and monotone in the target",
          "[halley][light_reserve][cap]") {
  shiftfly::core::python_random g(20261201);
  int small_pools = 0, unreachable = 0;
  for (int i = 0; i < 60; ++i) {
    const drawn d = draw(g);
    INFO("case " << i << ": n " << d.n << ", lambda " << d.lambda << ", rho " << d.rho << ", target " << d.target);
    const auto u = light_reserve(d.n, d.lambda, d.rho, d.target, no_cap);
    CHECK_FALSE(u.capped);
    CHECK(u.reachable);
    check_minimal(d, u.spares);
    small_pools += d.n + u.spares <= 400;
    unreachable += u.spares > spares_at_cap(d.n, 0.5);
    check_caps(d, u, g);
    // Monotone in the target: a stricter target never needs fewer spares, a looser never more.
    const double stricter = 1 - (1 - d.target) * g.uniform(0.05, 0.95);
    const double looser = 1 - (1 - d.target) * g.uniform(1.05, 1.0 / (1 - d.target) - 0.05);
    INFO("stricter " << stricter << ", looser " << looser);
    CHECK(light_reserve(d.n, d.lambda, d.rho, stricter, no_cap).spares >= u.spares);
    if (looser > 0 && looser < 1) CHECK(light_reserve(d.n, d.lambda, d.rho, looser, no_cap).spares <= u.spares);
  }
  // The draw covers both sides of the 2x cap and many pools small enough for the direct sum.
  CHECK(small_pools >= 30);
  CHECK(unreachable >= 5);
  CHECK(unreachable <= 55);
}

}  // namespace light_reserve_cap_test
