#pragma once
/// \file ceiling.hpp
/// Theorem 1 (correlation ceiling) and Corollary 1 (critical availability) of
/// the Halley paper, Section III-A.
///
/// With the latent level Θ ~ Beta(a, b), a = λ(1−ρ)/ρ, b = (1−λ)(1−ρ)/ρ:
///  - Part 1: Var(F/N) = λ(1−λ)[1 + (N−1)ρ]/N, whose large-pool floor is λ(1−λ)ρ;
///  - Part 2: A_N(σ) → A*(σ; λ, ρ) = F_Beta(σ; a, b) (Boost.Math ibeta);
///  - Corollary 1: A_crit = F_Beta(σmax; a, b);
///  - the spare ratio a target needs in the large-pool limit is F_Beta⁻¹(target),
///    with pool multiple 1/(1−σ);
///  - the correlation at which the ceiling reaches a target is found with
///    Boost.Math's TOMS 748 bracketing solver.

#include <boost/math/special_functions/beta.hpp>
#include <boost/math/tools/toms748_solve.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include "shiftfly/halley/beta_binomial.hpp"

namespace shiftfly::halley {

namespace detail {
inline void require_positive_finite(const char* where, const char* param, double v) {
  if (!std::isfinite(v) || !(v > 0)) core::throw_out_of_range(where, param, v, "finite and greater than 0");
}
}  // namespace detail

/// Theorem 1 Part 1: Var(F/N) = λ(1−λ)[1 + (N−1)ρ]/N for N ≥ 1 lasers.
inline double failure_fraction_variance(std::uint64_t n, double lambda, double rho) {
  core::require_range("failure_fraction_variance", "N", n, 1, max_pool_size);
  detail::require_open_unit("failure_fraction_variance", "lambda", lambda);
  detail::require_correlation("failure_fraction_variance", "rho", rho);
  const double nn = static_cast<double>(n);
  return lambda * (1 - lambda) * (1 + (nn - 1) * rho) / nn;
}

/// Theorem 1 Part 1: the large-pool variance floor λ(1−λ)ρ.
inline double variance_floor(double lambda, double rho) {
  detail::require_open_unit("variance_floor", "lambda", lambda);
  detail::require_correlation("variance_floor", "rho", rho);
  return lambda * (1 - lambda) * rho;
}

/// Theorem 1 Part 2: the availability ceiling A*(σ; λ, ρ) = F_Beta(σ; a, b), σ in [0, 1].
inline double ceiling(double sigma, double lambda, double rho) {
  core::require_range("ceiling", "sigma", sigma, 0.0, 1.0);
  const auto s = beta_parameters(lambda, rho);
  return boost::math::ibeta(s.a, s.b, sigma);
}

/// 1 − A*(σ), computed directly (ibetac), accurate when the ceiling is close to one.
inline double ceiling_shortfall(double sigma, double lambda, double rho) {
  core::require_range("ceiling_shortfall", "sigma", sigma, 0.0, 1.0);
  const auto s = beta_parameters(lambda, rho);
  return boost::math::ibetac(s.a, s.b, sigma);
}

/// Corollary 1: A_crit = F_Beta(σmax; a, b), the ceiling at the budget cap σmax in (0, 1).
inline double critical_availability(double lambda, double rho, double sigma_max = 0.5) {
  detail::require_open_unit("critical_availability", "sigma_max", sigma_max);
  return ceiling(sigma_max, lambda, rho);
}

/// Large-pool sizing (Theorem 1 Part 2 inverted): the spare ratio σ with A*(σ) = target.
struct large_pool_ratio {
  double sigma = 0;          ///< F_Beta⁻¹(target; a, b)
  double pool_multiple = 0;  ///< total pool over active lasers, 1/(1−σ)
};

/// The spare ratio a target needs as the pool grows, and the pool multiple 1/(1−σ).
inline large_pool_ratio large_pool_spare_ratio(double lambda, double rho, double target) {
  detail::require_open_unit("large_pool_spare_ratio", "target", target);
  const auto s = beta_parameters(lambda, rho);
  const double sigma = boost::math::ibeta_inv(s.a, s.b, target);
  // 1 − σ is exact in double while σ ≤ 1/2; above, it is taken from the mirrored
  // inverse (1 − F_Beta⁻¹(t; a, b) = F_Beta⁻¹(1 − t; b, a)), which keeps its digits
  // when σ rounds to one (tiny λ, strong ρ, targets near one).
  const double spare_free = sigma <= 0.5 ? 1.0 - sigma : boost::math::ibeta_inv(s.b, s.a, 1.0 - target);
  if (!(spare_free > 0))
    core::fail("large_pool_spare_ratio", "target = " + core::to_message(target) + " at lambda = " +
                                             core::to_message(lambda) + ", rho = " + core::to_message(rho) +
                                             " needs a spare ratio within double precision of 1 (pool multiple overflows)");
  return {sigma, 1.0 / spare_free};
}

namespace detail {

/// Scans f on a geometric grid of ρ from tiny upward and returns a bracket
/// [lo, hi] with f(lo) >= 0 > f(hi) around the first downward crossing, or
/// nothing when f is negative already at the smallest ρ or never crosses.
template <class F>
inline std::optional<std::pair<double, double>> first_crossing(F&& f, double rho_min, double rho_max, int points) {
  double prev = rho_min;
  if (!(f(prev) >= 0)) return std::nullopt;
  const double step = std::log(rho_max / rho_min) / points;
  for (int i = 1; i <= points; ++i) {
    const double r = i == points ? rho_max : rho_min * std::exp(step * i);
    if (!(f(r) >= 0)) return std::make_pair(prev, r);
    prev = r;
  }
  return std::nullopt;
}

/// TOMS 748 on a bracket [lo, hi] with f(lo) >= 0 > f(hi); returns the left end
/// of the final bracket (where f >= 0), to about 1e-14 relative.
template <class F>
inline double solve_crossing(F&& f, double lo, double hi) {
  std::uintmax_t iters = 200;
  auto tol = [](double x, double y) { return std::fabs(x - y) <= 1e-14 * std::fmax(std::fabs(x), std::fabs(y)); };
  const double flo = f(lo), fhi = f(hi);
  if (flo == 0) return lo;
  const auto r = boost::math::tools::toms748_solve(f, lo, hi, flo, fhi, tol, iters);
  return f(r.second) >= 0 ? r.second : r.first;
}

}  // namespace detail

/// The correlation at which the ceiling reaches a target.
struct correlation_target {
  bool reachable = false;  ///< false when no ρ > 0 brings the ceiling to the target (σ ≤ λ)
  double rho = 0;          ///< largest ρ such that A*(σ; λ, ρ'') ≥ target for all ρ'' ≤ ρ
};

/// Theorem 1 Part 4 made operational: the correlation below which a pool at
/// spare ratio σ has a ceiling of at least `target` (TOMS 748 on ρ).
inline correlation_target rho_for_ceiling(double lambda, double sigma, double target) {
  detail::require_open_unit("rho_for_ceiling", "lambda", lambda);
  detail::require_open_unit("rho_for_ceiling", "sigma", sigma);
  detail::require_open_unit("rho_for_ceiling", "target", target);
  // f >= 0 exactly when the shortfall 1 − A* is within the target's 1 − target.
  auto f = [&](double r) {
    const auto s = beta_parameters(lambda, r);
    return 1.0 - boost::math::ibetac(s.a, s.b, sigma) / (1 - target);
  };
  const auto br = detail::first_crossing(f, 1e-9, 1 - 1e-9, 400);
  if (!br) {
    if (f(1e-9) >= 0) return {true, 1 - 1e-9};
    return {false, std::numeric_limits<double>::quiet_NaN()};
  }
  return {true, detail::solve_crossing(f, br->first, br->second)};
}

}  // namespace shiftfly::halley
