#pragma once
/// \file light_reserve.hpp
/// Algorithm 1 (LightReserve pool sizing), Halley Section IV-A.
///
/// The pool holds N = n + s lasers (spares fail too) and covers a window iff
/// F ≤ s, so A(s) = Pr[F ≤ s] with F ~ Beta-Binomial(n+s, a, b), or
/// Binomial(n+s, λ) at ρ = 0. A(s) is nondecreasing in s: extending the
/// exchangeable pool by one laser adds at most one failure, so
/// Pr[F_{N+1} ≤ s+1] ≥ Pr[F_N ≤ s]. s* = min{s : A(s) ≥ target} is found by an
/// exponential search (s = 0, 1, 2, 4, ...) followed by a binary search.
/// When s*/(n+s*) exceeds the cap σmax the result is UNREACHABLE, and ρ′, the
/// correlation that brings the target within the cap for the same active
/// channels (the largest spare count the cap allows), is found by TOMS 748.
/// Without a cap (no_cap) only the search bound max_spares (and a caller's
/// work_budget) limits the spares: a target past it is refused, never UNREACHABLE.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include "shiftfly/halley/beta_binomial.hpp"
#include "shiftfly/halley/ceiling.hpp"
#include "shiftfly/halley/work_bound.hpp"

namespace shiftfly::halley {

/// Largest spare count the sizing search explores before it gives up.
inline constexpr std::uint64_t max_spares = 10'000'000;

/// A budget cap σmax on the spare ratio s/(n+s), in (0, 1), or none (no_cap).
using spare_ratio_cap = std::optional<double>;
/// No budget cap: the spare search is bounded only by max_spares and the work budget.
inline constexpr spare_ratio_cap no_cap = std::nullopt;

/// A(s) = Pr[F ≤ s] for a pool of n active channels and s spares (N = n + s).
inline double coverage(std::uint64_t n, std::uint64_t s, double lambda, double rho) {
  core::require_range("coverage", "channels", n, 1, max_pool_size);
  core::require_range("coverage", "spares", s, 0, max_pool_size - n);
  return failure_cdf(n + s, s, lambda, rho);
}

/// 1 − A(s), computed directly from the upper tail.
inline double coverage_shortfall(std::uint64_t n, std::uint64_t s, double lambda, double rho) {
  core::require_range("coverage_shortfall", "channels", n, 1, max_pool_size);
  core::require_range("coverage_shortfall", "spares", s, 0, max_pool_size - n);
  return failure_sf(n + s, s, lambda, rho);
}

/// σ = s/(n + s), the spare ratio of n active channels and s spares (Section III-A).
inline double spare_ratio(std::uint64_t n, std::uint64_t s) {
  core::require_range("spare_ratio", "channels", n, 0, max_pool_size);
  core::require_range("spare_ratio", "spares", s, 0, max_pool_size);
  if (n + s == 0) core::fail("spare_ratio", "channels + spares = 0: an empty pool has no spare ratio");
  return static_cast<double>(s) / static_cast<double>(n + s);
}

/// Most spares a cap σmax allows: the largest s with s/(n+s) ≤ σmax.
inline std::uint64_t spares_at_cap(std::uint64_t n, double sigma_max) {
  core::require_range("spares_at_cap", "channels", n, 1, max_pool_size);
  detail::require_open_unit("spares_at_cap", "cap", sigma_max);
  // s ≤ σ n/(1−σ); guard the floor against rounding (1/2 must give exactly n).
  auto s = static_cast<std::uint64_t>(std::floor(sigma_max * static_cast<double>(n) / (1 - sigma_max) + 1e-9));
  while (s > 0 && static_cast<double>(s) / static_cast<double>(n + s) > sigma_max + 1e-15) --s;
  return s;
}

/// Most spares a pool of `pool` lasers may hold under the cap σmax: the largest s
/// with s/pool ≤ σmax (Corollary 1's cap applied to a pool of fixed size, as
/// Theorem 2's module pools are).
inline std::uint64_t spares_in_pool_at_cap(std::uint64_t pool, double sigma_max) {
  core::require_range("spares_in_pool_at_cap", "pool", pool, 1, max_pool_size);
  detail::require_open_unit("spares_in_pool_at_cap", "cap", sigma_max);
  const double n = static_cast<double>(pool);
  auto s = static_cast<std::uint64_t>(std::floor(sigma_max * n + 1e-9));
  while (s > 0 && static_cast<double>(s) / n > sigma_max + 1e-15) --s;
  return s;
}

/// Result of Algorithm 1.
struct sizing {
  std::uint64_t spares = 0;       ///< s*, the smallest spare count meeting the target
  std::uint64_t pool = 0;         ///< n + s*
  double coverage = 0;            ///< A(s*)
  double spare_ratio = 0;         ///< s*/(n+s*)
  double pool_multiple = 0;       ///< (n+s*)/n
  bool reachable = true;          ///< false when s* > cap_spares, s*/(n+s*) > σmax (UNREACHABLE); true without a cap
  /// false without a cap (no_cap): cap_spares and cap_coverage are then 0 and mean nothing
  bool capped = true;
  std::uint64_t cap_spares = 0;   ///< the most spares the cap allows
  double cap_coverage = 0;        ///< A(cap_spares); with cap_coverage_exact false, A(max_spares) <= A(cap_spares)
  /// false when the cap allows more than max_spares spares (a cap close to 1): cap_coverage is then
  /// A at max_spares spares, a lower bound of A(cap_spares) (A grows with s), not A(cap_spares)
  bool cap_coverage_exact = true;
  bool rho_target_exists = false; ///< whether some ρ′ ≥ 0 reaches the target at the cap
  double rho_target = std::numeric_limits<double>::quiet_NaN();  ///< ρ′ (only when UNREACHABLE)
  correlation_target rho_search;  ///< the whole ρ′ search (only when UNREACHABLE)
  int evaluations = 0;            ///< coverage evaluations the search used
};

/// The correlation ρ′ at or below which n channels with s spares reach the target
/// (largest ρ′ such that A ≥ target for every ρ ≤ ρ′).
///
/// How far down it looks: the pmf ratio recurrence differs from the binomial's by a
/// factor within 1 ± ρN/(λ(1−λ)) per step (N = n + s), so for
///   ρ ≤ ρ_safe = margin·λ(1−λ)/(8N²),  margin = 1 − sf(0)/(1 − target),
/// every term, and so the shortfall, is within a relative margin/2 of the independent
/// pool's and the target holds for all of [0, ρ_safe]. The geometric scan starts at
/// max(ρ_safe, 2.2e-308) (the smallest accepted ρ), four points a decade up to 1e-9,
/// then the 120-point grid above; TOMS 748 refines the first crossing.
inline correlation_target rho_for_coverage(std::uint64_t n, std::uint64_t s, double lambda, double target,
                                           const work_budget* budget = nullptr) {
  core::require_range("rho_for_coverage", "channels", n, 1, max_pool_size);
  core::require_range("rho_for_coverage", "spares", s, 0, max_pool_size - n);
  detail::require_open_unit("rho_for_coverage", "lambda", lambda);
  detail::require_open_unit("rho_for_coverage", "target", target);
  const double allowed = 1 - target;
  auto f = [&](double r) {
    check_work(budget, "rho_for_coverage", "the search for the correlation that reaches the target");
    return 1.0 - failure_sf(n + s, s, lambda, r) / allowed;
  };
  correlation_target out;
  const double f0 = f(0.0);
  out.smallest_rho = 0.0;
  out.shortfall_at_smallest = (1 - f0) * allowed;
  if (!(f0 >= 0)) return out;  // unreachable even with independent lasers
  const double pool = static_cast<double>(n + s);
  const double safe = f0 * lambda * (1 - lambda) / (8 * pool * pool);
  const double start = std::max(safe, smallest_correlation);
  const auto br = detail::first_crossing_from(f, start, 1 - 1e-9, 120);
  out.reachable = true;
  if (br) {
    out.outcome = correlation_outcome::crossing;
    out.rho = detail::solve_crossing(f, br->first, br->second);
  } else if (f(start) >= 0) {
    out.outcome = correlation_outcome::every_correlation;
    out.rho = 1 - 1e-9;
  } else {
    // f(0) ≥ 0 > f(start): only when the margin at ρ = 0 is below the smallest ρ's effect.
    out.outcome = correlation_outcome::independent_only;
    out.rho = 0.0;
  }
  return out;
}

/// The largest ρ′ in [lo, hi] such that n channels with s spares reach the target at
/// every ρ in [lo, ρ′]: unreachable when the target fails at lo, ρ′ = hi when it holds
/// on a 24-point geometric grid of [lo, hi], else TOMS 748 on the first crossing.
/// (The cost model of Observation 1 buys only ρ′ between its floor and ρ0.)
inline correlation_target rho_for_coverage_within(std::uint64_t n, std::uint64_t s, double lambda, double target,
                                                  double lo, double hi, const work_budget* budget = nullptr) {
  core::require_range("rho_for_coverage_within", "channels", n, 1, max_pool_size);
  core::require_range("rho_for_coverage_within", "spares", s, 0, max_pool_size - n);
  detail::require_open_unit("rho_for_coverage_within", "lambda", lambda);
  detail::require_open_unit("rho_for_coverage_within", "target", target);
  detail::require_open_unit("rho_for_coverage_within", "lo", lo);
  if (!std::isfinite(hi) || !(hi >= lo) || !(hi < 1))
    core::throw_out_of_range("rho_for_coverage_within", "hi", hi, "at least lo = " + core::to_message(lo) + " and below 1");
  const double allowed = 1 - target;
  auto f = [&](double r) {
    check_work(budget, "rho_for_coverage_within", "the search for the correlation that reaches the target");
    return 1.0 - failure_sf(n + s, s, lambda, r) / allowed;
  };
  correlation_target out;
  out.smallest_rho = lo;
  const double flo = f(lo);
  out.shortfall_at_smallest = (1 - flo) * allowed;
  if (!(flo >= 0)) return out;
  out.reachable = true;
  const auto br = hi > lo ? detail::first_crossing(f, lo, hi, 24) : std::nullopt;
  if (br) {
    out.outcome = correlation_outcome::crossing;
    out.rho = detail::solve_crossing(f, br->first, br->second);
  } else {
    out.outcome = correlation_outcome::every_correlation;
    out.rho = hi;
  }
  return out;
}

namespace detail {
/// Exponential-then-binary search for s* = min{s : Pr[F_{n+s} > s] ≤ 1 − target}.
/// Compares shortfalls, not coverages: 1 − A is what carries the digits near one.
inline std::uint64_t smallest_spares(std::uint64_t n, double lambda, double rho, double target, int& evaluations,
                                     const work_budget* budget = nullptr) {
  const double allowed = 1 - target;
  std::uint64_t work = 0;  // pool sizes evaluated so far: each evaluation costs O(n + s)
  auto meets = [&](std::uint64_t s) {
    check_work(budget, "light_reserve", "the search for the smallest spare count");
    ++evaluations;
    work += n + s;
    return failure_sf(n + s, s, lambda, rho) <= allowed;
  };
  if (meets(0)) return 0;
  const auto too_many = [&] {
    core::fail_parameter("light_reserve", "target", core::to_message(target),
                         "needs more than " + core::to_message(max_spares) + " spares, the most the search explores");
  };
  std::uint64_t lo = 0, hi = 1;
  bool max_checked = false;
  while (!meets(hi)) {
    lo = hi;
    if (hi >= max_spares) too_many();
    // Try the limit once, before doubling on, past 2^16 spares or as soon as the search
    // has spent as much as that one evaluation costs (at once for a large pool): an
    // unreachable target is refused after one large evaluation instead of every doubling
    // up to 10^7, and a reachable one pays at most the work already done again.
    if ((hi >= (std::uint64_t{1} << 16) || work >= n + max_spares) && !max_checked) {
      max_checked = true;
      if (!meets(max_spares)) too_many();
    }
    hi = std::min<std::uint64_t>(hi * 2, max_spares);
  }
  while (hi - lo > 1) {  // invariant: !meets(lo), meets(hi)
    const std::uint64_t mid = lo + (hi - lo) / 2;
    if (meets(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}
}  // namespace detail

/// Algorithm 1 (LightReserve): s* for n active channels at failure probability λ,
/// correlation ρ (0 = independent) and coverage target in (0,1), under cap σmax
/// in (0, 1), or with no cap (no_cap: reachable, capped = false, no ρ′ search).
///
/// A target that needs more than max_spares spares is refused (invalid_parameter
/// naming target), with or without a cap. With a budget, a spare search that
/// passes it throws work_exceeded, and a ρ′ search that passes it is left out
/// (rho_search.outcome = not_computed).
inline sizing light_reserve(std::uint64_t n, double lambda, double rho, double target, spare_ratio_cap sigma_max = 0.5,
                            const work_budget* budget = nullptr) {
  core::require_range("light_reserve", "channels", n, 1, max_pool_size / 2);
  detail::require_open_unit("light_reserve", "lambda", lambda);
  detail::require_correlation("light_reserve", "rho", rho);
  detail::require_open_unit("light_reserve", "target", target);
  if (sigma_max) detail::require_open_unit("light_reserve", "cap", *sigma_max);
  sizing out;
  const std::uint64_t hi = detail::smallest_spares(n, lambda, rho, target, out.evaluations, budget);
  out.spares = hi;
  out.pool = n + hi;
  out.coverage = coverage(n, hi, lambda, rho);
  out.spare_ratio = static_cast<double>(hi) / static_cast<double>(n + hi);
  out.pool_multiple = static_cast<double>(n + hi) / static_cast<double>(n);
  if (!sigma_max) {
    out.capped = false;
    return out;
  }
  out.cap_spares = spares_at_cap(n, *sigma_max);
  // A cap close to 1 allows more spares than a pool can be evaluated with (0.999999 at
  // 1,000 channels: 999,998,999); A grows with s, so A(max_spares) bounds it from below.
  out.cap_coverage_exact = out.cap_spares <= max_spares;
  out.cap_coverage = coverage(n, std::min(out.cap_spares, max_spares), lambda, rho);
  // UNREACHABLE exactly when s* passes the cap's spares (spares_at_cap, which reads the cap
  // with a 1e-15 allowance): a cap a rounding below s*/(n+s*) allows s*, and says so.
  out.reachable = hi <= out.cap_spares;
  if (!out.reachable) {
    try {
      const auto r = rho_for_coverage(n, out.cap_spares, lambda, target, budget);
      out.rho_target_exists = r.reachable;
      out.rho_target = r.rho;
      out.rho_search = r;
    } catch (const work_exceeded&) {
      out.rho_search.outcome = correlation_outcome::not_computed;
    }
  }
  return out;
}

/// Table II's threshold: the largest λ at which the target still fits inside the
/// cap, i.e. A(cap spares; λ, ρ) ≥ target (coverage falls as λ rises; TOMS 748 on λ).
inline double largest_rate_within_cap(std::uint64_t n, double rho, double target, double sigma_max = 0.5) {
  core::require_range("largest_rate_within_cap", "channels", n, 1, max_pool_size / 2);
  detail::require_correlation("largest_rate_within_cap", "rho", rho);
  detail::require_open_unit("largest_rate_within_cap", "target", target);
  detail::require_open_unit("largest_rate_within_cap", "cap", sigma_max);
  const std::uint64_t s = spares_at_cap(n, sigma_max);
  auto f = [&](double lambda) { return 1.0 - failure_sf(n + s, s, lambda, rho) / (1 - target); };
  // f decreases in λ; scan a geometric grid for the first sign change, then refine.
  const auto br = detail::first_crossing(f, 1e-12, 1 - 1e-12, 240);
  if (!br) {
    if (!(f(1e-12) >= 0)) return 0.0;
    return 1 - 1e-12;
  }
  return detail::solve_crossing(f, br->first, br->second);
}

}  // namespace shiftfly::halley
