#pragma once
/// \file ceiling.hpp
/// Theorem 1 (correlation ceiling) and Corollary 1 (critical availability) of
/// the Halley paper, Section III-A.
///
/// With the latent level Θ ~ Beta(a, b), a = λ(1−ρ)/ρ, b = (1−λ)(1−ρ)/ρ:
///  - Part 1: Var(F/N) = λ(1−λ)[1 + (N−1)ρ]/N, whose large-pool floor is λ(1−λ)ρ;
///  - Part 2: A_N(σ) → A*(σ; λ, ρ) = F_Beta(σ; a, b) (latent_level.hpp: Boost.Math
///    ibeta for moderate a, b, relative-entropy quadrature when both are large);
///  - Corollary 1: A_crit = F_Beta(σmax; a, b);
///  - the spare ratio a target needs in the large-pool limit is F_Beta⁻¹(target),
///    with pool multiple 1/(1−σ);
///  - the correlation at which the ceiling reaches a target is found with
///    Boost.Math's TOMS 748 bracketing solver, after a scan that reaches down to
///    the smallest accepted ρ (2.2e-308).
///
/// Accepted domain: λ in (0, 1), ρ in [2.2e-308, 1) (ρ = 0, independence, has no
/// latent Beta law: its ceiling is the step at σ = λ), σ in [0, 1].

#include <boost/math/special_functions/beta.hpp>
#include <boost/math/tools/toms748_solve.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include "shiftfly/halley/beta_binomial.hpp"
#include "shiftfly/halley/latent_level.hpp"

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

/// Theorem 1 Part 1: the standard deviation of F/N at the floor, √(λ(1−λ)ρ).
inline double failure_fraction_sd_floor(double lambda, double rho) { return std::sqrt(variance_floor(lambda, rho)); }

/// Theorem 1 Part 2: the availability ceiling A*(σ; λ, ρ) = F_Beta(σ; a, b), σ in [0, 1].
inline double ceiling(double sigma, double lambda, double rho) {
  core::require_range("ceiling", "sigma", sigma, 0.0, 1.0);
  detail::require_latent("ceiling", lambda, rho);
  return latent_tails(sigma, lambda, rho).lower;
}

/// 1 − A*(σ), computed directly (ibetac), accurate when the ceiling is close to one.
inline double ceiling_shortfall(double sigma, double lambda, double rho) {
  core::require_range("ceiling_shortfall", "sigma", sigma, 0.0, 1.0);
  detail::require_latent("ceiling_shortfall", lambda, rho);
  return latent_tails(sigma, lambda, rho).upper;
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
  detail::require_latent("large_pool_spare_ratio", lambda, rho);
  // 1 − σ comes from the quantile itself (the mirrored law when σ > 1/2), so it keeps
  // its digits when σ rounds to one (tiny λ, strong ρ, targets near one).
  const auto q = latent_quantile(target, lambda, rho);
  if (!(q.complement > 0))
    core::fail_parameter("large_pool_spare_ratio", "target", core::to_message(target),
                         "at lambda = " + core::to_message(lambda) + ", rho = " + core::to_message(rho) +
                             " needs a spare ratio within double precision of 1 (pool multiple overflows)");
  return {q.sigma, 1.0 / q.complement};
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

/// How a correlation search ended.
enum class correlation_outcome {
  crossing,          ///< ρ is where the quantity first leaves the target, found to 1e-14 relative
  every_correlation, ///< the target holds at every ρ the search checks; ρ is the top of the range (1 − 1e-9)
  independent_only,  ///< the target holds at ρ = 0 and at no positive ρ the search checks (ρ = 0)
  unreachable,       ///< the target fails already at the smallest ρ (ρ is NaN)
  not_computed,      ///< the search was stopped by its work budget (work_bound.hpp)
};

/// The text of an outcome, as the tools print it.
inline const char* to_string(correlation_outcome o) {
  switch (o) {
    case correlation_outcome::crossing: return "crossing";
    case correlation_outcome::every_correlation: return "every correlation searched (rho is the top of the range)";
    case correlation_outcome::independent_only: return "independent lasers only (rho = 0)";
    case correlation_outcome::unreachable: return "unreachable";
    case correlation_outcome::not_computed: return "not computed";
  }
  return "";
}

/// The correlation at which the ceiling (or a finite pool's coverage) reaches a target.
struct correlation_target {
  bool reachable = false;  ///< false when no ρ in the searched range meets the target
  double rho = std::numeric_limits<double>::quiet_NaN();  ///< largest ρ with the target met at every ρ'' ≤ ρ
  correlation_outcome outcome = correlation_outcome::unreachable;
  double smallest_rho = 0;  ///< the smallest ρ the search evaluated (where an unreachable target failed)
  double shortfall_at_smallest = 0;  ///< the shortfall 1 − A there
};

namespace detail {

/// Points per decade of the scan below 1e-9; above, the scan keeps its own grid
/// (so that results found above 1e-9 do not depend on how far down it reaches).
inline constexpr int scan_points_per_decade = 4;

/// The first downward crossing of f on [rho_min, rho_max]: first a geometric scan of
/// [rho_min, 1e-9] at scan_points_per_decade, then the grid of `points` over
/// [1e-9, rho_max]. Returns a bracket [lo, hi] with f(lo) >= 0 > f(hi), or nothing.
template <class F>
inline std::optional<std::pair<double, double>> first_crossing_from(F&& f, double rho_min, double rho_max, int points) {
  constexpr double knee = 1e-9;
  if (rho_min < knee) {
    const int n = std::max(1, static_cast<int>(std::ceil(std::log10(knee / rho_min) * scan_points_per_decade)));
    const double step = std::log(knee / rho_min) / n;
    double prev = rho_min;
    if (!(f(prev) >= 0)) return std::nullopt;
    for (int i = 1; i < n; ++i) {
      const double r = rho_min * std::exp(step * i);
      if (!(f(r) >= 0)) return std::make_pair(prev, r);
      prev = r;
    }
    if (!(f(knee) >= 0)) return std::make_pair(prev, knee);
  }
  return first_crossing(f, knee, rho_max, points);
}

}  // namespace detail

/// Theorem 1 Part 4 made operational: the correlation below which a pool at
/// spare ratio σ has a ceiling of at least `target`. The scan starts at the
/// smallest accepted ρ (2.2e-308); TOMS 748 refines the first crossing.
inline correlation_target rho_for_ceiling(double lambda, double sigma, double target) {
  detail::require_open_unit("rho_for_ceiling", "lambda", lambda);
  detail::require_open_unit("rho_for_ceiling", "sigma", sigma);
  detail::require_open_unit("rho_for_ceiling", "target", target);
  // f >= 0 exactly when the shortfall 1 − A* is within the target's 1 − target.
  auto f = [&](double r) { return 1.0 - latent_tails(sigma, lambda, r).upper / (1 - target); };
  correlation_target out;
  out.smallest_rho = smallest_correlation;
  out.shortfall_at_smallest = latent_tails(sigma, lambda, smallest_correlation).upper;
  const auto br = detail::first_crossing_from(f, smallest_correlation, 1 - 1e-9, 400);
  if (br) {
    out.reachable = true;
    out.outcome = correlation_outcome::crossing;
    out.rho = detail::solve_crossing(f, br->first, br->second);
  } else if (f(smallest_correlation) >= 0) {
    out.reachable = true;
    out.outcome = correlation_outcome::every_correlation;
    out.rho = 1 - 1e-9;
  }
  return out;
}

}  // namespace shiftfly::halley
