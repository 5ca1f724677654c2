#pragma once
/// \file composition.hpp
/// The goodput composition of Halley Section V-D, its coupled (correlated-factor)
/// model, and Proposition 1 (quantile transport) of Section V-E.
///
///   goodput = ideal × availability × (1 − thermal) × (1 − reconfig).
/// The baseline (four-laser reserve, dither lock, greedy reconfiguration) is
/// pinned to the 65.2% calibration anchor, which fixes `ideal`; the full stack
/// keeps each loss share in proportion to its simulated count (472/462 lock-loss
/// events, 8.8/16 reconfigurations) and sizes the pool to 99.9% (49 spares).
/// Availability is read three ways: the coverage reading A(s) (c = 1), the
/// lit-share reading E[min(n, N−F)]/n (c = 0), and c·A + (1−c)·lit in between.
/// Each reading re-derives `ideal` from the anchor.
///
/// Coupled model: Θ ~ Beta(a, b); given Θ the N = n+s lasers fail binomially, so
/// coverage given Θ is Binomial(N, Θ).cdf(s), and the thermal share scales by
/// Θ/λ. G(Θ) = ideal·Pr[F ≤ s | Θ]·(1 − thermal_fs·Θ/λ)·(1 − reconfig_fs), a
/// strictly decreasing function of Θ, so (Proposition 1) Q_p(G) = G(F_Θ⁻¹(1−p)).
/// p* is where the (1−p)-quantile of Θ stops rising with ρ, located by TOMS 748
/// on the sign of ∂F_Θ⁻¹(1−p)/∂ρ = −(∂I_x/∂ρ)/(∂I_x/∂x) at x = F_Θ⁻¹(1−p).
/// Realized goodput R (G plus the conditional binomial spread: 0 in a window
/// whose failures exceed s) has an exact law too: realized_goodput_quantile.

#include <boost/math/quadrature/tanh_sinh.hpp>
#include <boost/math/special_functions/beta.hpp>
#include <boost/math/tools/toms748_solve.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "shiftfly/halley/latent_level.hpp"
#include "shiftfly/halley/light_reserve.hpp"
#include "shiftfly/halley/paper_inputs.hpp"

namespace shiftfly::halley {

/// Inputs of the Section V-D composition, defaulting to the paper's stress point.
struct composition_inputs {
  double anchor = paper::goodput_anchor;               ///< baseline goodput (calibration anchor)
  double thermal_share = paper::thermal_loss_share;    ///< baseline share lost to lock-loss stalls
  double reconfig_share = paper::reconfig_loss_share;  ///< baseline share lost to reconfigurations
  /// full stack's lock-loss events over the baseline's
  double thermal_ratio = paper::stack_lock_loss_events / paper::baseline_lock_loss_events;
  /// full stack's reconfiguration proxy over the baseline's
  double reconfig_ratio = paper::stack_reconfigurations / paper::baseline_reconfigurations;
  std::uint64_t channels = paper::channels;                ///< n
  std::uint64_t baseline_spares = paper::static_reserve;   ///< the static four-laser reserve
  std::uint64_t stack_spares = paper::stack_spares;        ///< LightReserve at 99.9% (the paper's full stack)
  double lambda = paper::stress_lambda;
  double rho = paper::stress_rho;
};

namespace detail {
inline void require_share(const char* where, const char* param, double v) {
  if (!std::isfinite(v) || !(v >= 0) || !(v < 1)) core::throw_out_of_range(where, param, v, "0 up to, not including, 1");
}
inline void require_inputs(const char* where, const composition_inputs& in) {
  require_open_unit(where, "anchor", in.anchor);
  require_share(where, "thermal_share", in.thermal_share);
  require_share(where, "reconfig_share", in.reconfig_share);
  if (!std::isfinite(in.thermal_ratio) || !(in.thermal_ratio >= 0))
    core::throw_out_of_range(where, "thermal_ratio", in.thermal_ratio, "finite and at least 0");
  if (!std::isfinite(in.reconfig_ratio) || !(in.reconfig_ratio >= 0))
    core::throw_out_of_range(where, "reconfig_ratio", in.reconfig_ratio, "finite and at least 0");
  require_share(where, "thermal_share*thermal_ratio", in.thermal_share * in.thermal_ratio);
  require_share(where, "reconfig_share*reconfig_ratio", in.reconfig_share * in.reconfig_ratio);
  core::require_range(where, "channels", in.channels, 1, max_pool_size / 2);
  core::require_range(where, "baseline_spares", in.baseline_spares, 0, max_pool_size / 2);
  core::require_range(where, "stack_spares", in.stack_spares, 0, max_pool_size / 2);
  require_open_unit(where, "lambda", in.lambda);
  require_correlation(where, "rho", in.rho);
}
}  // namespace detail

/// The lit share: the expected lit fraction of the n channels, E[min(n, N − F)]/n, N = n + s.
inline double lit_share(std::uint64_t n, std::uint64_t s, double lambda, double rho) {
  core::require_range("lit_share", "channels", n, 1, max_pool_size / 2);
  core::require_range("lit_share", "spares", s, 0, max_pool_size / 2);
  const auto pmf = failure_pmf_vector(n + s, lambda, rho);
  // Only windows with F > s darken channels: 1 − E[(F − s)^+]/n.
  long double dark = 0;
  for (std::uint64_t k = s + 1; k < pmf.size(); ++k) dark += static_cast<long double>(pmf[k]) * static_cast<long double>(k - s);
  return static_cast<double>(1 - dark / static_cast<long double>(n));
}

/// The availability factor c·coverage + (1 − c)·lit share, c in [0, 1].
inline double availability_factor(std::uint64_t n, std::uint64_t s, double lambda, double rho, double c) {
  core::require_range("availability_factor", "c", c, 0.0, 1.0);
  return c * coverage(n, s, lambda, rho) + (1 - c) * lit_share(n, s, lambda, rho);
}

/// The Section V-D composition under one reading c.
struct composed_goodput {
  double c = 1;                     ///< 1 = coverage reading, 0 = lit-share reading
  double baseline_availability = 0; ///< availability factor of the four-laser reserve
  double stack_availability = 0;    ///< availability factor of the full stack's pool
  double ideal = 0;                 ///< anchor/(baseline availability·(1−thermal)(1−reconfig))
  double baseline = 0;              ///< = anchor
  double full_stack = 0;            ///< every component on
  double availability_only = 0;     ///< only the pool changed
  double availability_share = 0;    ///< availability_only − baseline: the pool's share of the gain
  double availability_change = 0;   ///< stack_availability − baseline_availability
  double gain_points = 0;           ///< full_stack − baseline, in goodput fraction
  double relative_gain = 0;         ///< full_stack/baseline − 1
  double capital_factor = 0;        ///< full_stack/baseline: training per unit of capacity
  double capacity_saving = 0;       ///< 1 − baseline/full_stack: capacity not built
};

/// Goodput of the baseline and the full stack under reading c, with `stack_spares` spares.
inline composed_goodput compose_goodput(const composition_inputs& in, double c = 1.0) {
  detail::require_inputs("compose_goodput", in);
  core::require_range("compose_goodput", "c", c, 0.0, 1.0);
  composed_goodput g;
  g.c = c;
  g.baseline_availability = availability_factor(in.channels, in.baseline_spares, in.lambda, in.rho, c);
  g.stack_availability = availability_factor(in.channels, in.stack_spares, in.lambda, in.rho, c);
  const double keep0 = (1 - in.thermal_share) * (1 - in.reconfig_share);
  const double keep1 = (1 - in.thermal_share * in.thermal_ratio) * (1 - in.reconfig_share * in.reconfig_ratio);
  g.ideal = in.anchor / (g.baseline_availability * keep0);
  g.baseline = g.ideal * g.baseline_availability * keep0;
  g.full_stack = g.ideal * g.stack_availability * keep1;
  g.availability_only = g.ideal * g.stack_availability * keep0;
  g.availability_share = g.availability_only - g.baseline;
  g.availability_change = g.stack_availability - g.baseline_availability;
  g.gain_points = g.full_stack - g.baseline;
  g.relative_gain = g.full_stack / g.baseline - 1;
  g.capital_factor = g.full_stack / g.baseline;
  g.capacity_saving = 1 - g.baseline / g.full_stack;
  return g;
}

/// Goodput of a pool with `spares` spares under an already calibrated `ideal`,
/// with the full stack's (stack = true) or the baseline's loss shares.
inline double goodput_at(const composition_inputs& in, double ideal, std::uint64_t spares, double lambda, bool stack,
                         double c = 1.0) {
  detail::require_inputs("goodput_at", in);
  detail::require_positive_finite("goodput_at", "ideal", ideal);
  const double keep = stack ? (1 - in.thermal_share * in.thermal_ratio) * (1 - in.reconfig_share * in.reconfig_ratio)
                            : (1 - in.thermal_share) * (1 - in.reconfig_share);
  return ideal * availability_factor(in.channels, spares, lambda, in.rho, c) * keep;
}

/// The baseline and the full stack side by side under one calibrated `ideal`.
struct goodput_comparison {
  double baseline = 0;       ///< baseline loss shares, baseline_spares
  double full_stack = 0;     ///< full stack's loss shares, stack_spares
  double gain_points = 0;    ///< full_stack − baseline
  double relative_gain = 0;  ///< full_stack/baseline − 1
};

/// Section V-D's comparisons away from the calibration point: the baseline (its loss
/// shares, `baseline_spares`) and the full stack (its loss shares, `stack_spares`) at
/// failure probability λ, both under the `ideal` compose_goodput calibrated.
inline goodput_comparison compare_goodput(const composition_inputs& in, double ideal, double lambda,
                                          std::uint64_t baseline_spares, std::uint64_t stack_spares, double c = 1.0) {
  goodput_comparison out;
  out.baseline = goodput_at(in, ideal, baseline_spares, lambda, false, c);
  out.full_stack = goodput_at(in, ideal, stack_spares, lambda, true, c);
  out.gain_points = out.full_stack - out.baseline;
  out.relative_gain = out.full_stack / out.baseline - 1;
  return out;
}

/// Section V-D's sensitivity sweep: both loss shares scaled together by `scale` (the
/// ±2x band; scaling them apart gives a different band, docs/halley.md section 7).
inline composition_inputs scale_loss_shares(composition_inputs in, double scale) {
  detail::require_positive_finite("scale_loss_shares", "scale", scale);
  in.thermal_share *= scale;
  in.reconfig_share *= scale;
  detail::require_inputs("scale_loss_shares", in);
  return in;
}

/// The share of a relative gain attributed to the stack when only `fraction` of it is
/// credited (Section V-D's attribution sweep): relative_gain·fraction, fraction in [0, 1].
inline double attributed_gain(double relative_gain, double fraction) {
  core::require_range("attributed_gain", "fraction", fraction, 0.0, 1.0);
  return relative_gain * fraction;
}

/// λ for a workload whose failures are `rarity` times rarer (Section VII-A: inference
/// against training, 13.6x): λ/rarity, the first-order scaling of a small probability.
inline double rarer_failure_probability(double lambda, double rarity) {
  detail::require_open_unit("rarer_failure_probability", "lambda", lambda);
  if (!std::isfinite(rarity) || !(rarity >= 1))
    core::throw_out_of_range("rarer_failure_probability", "rarity", rarity, "finite and at least 1");
  return lambda / rarity;
}

/// The coupled model's systematic goodput G(θ) for the full stack's pool.
inline double coupled_goodput(const composition_inputs& in, double ideal, double theta) {
  detail::require_inputs("coupled_goodput", in);
  core::require_range("coupled_goodput", "theta", theta, 0.0, 1.0);
  const std::uint64_t n = in.channels + in.stack_spares;
  const double cover = theta == 0 ? 1.0 : theta == 1 ? 0.0 : binomial_cdf(n, in.stack_spares, theta);
  const double thermal = std::max(0.0, 1 - in.thermal_share * in.thermal_ratio * theta / in.lambda);
  return ideal * cover * thermal * (1 - in.reconfig_share * in.reconfig_ratio);
}

/// E[G(Θ)] by tanh-sinh quadrature against the Beta(a, b) density.
inline double coupled_mean(const composition_inputs& in, double ideal) {
  detail::require_inputs("coupled_mean", in);
  detail::require_open_unit("coupled_mean", "rho", in.rho);
  if (detail::shape_of(in.lambda, in.rho).large())  // both shapes above 1000 (latent_level.hpp)
    return latent_expectation([&](double t, double) { return complementary{coupled_goodput(in, ideal, t), 0.0}; },
                              in.lambda, in.rho);
  const auto s = beta_parameters(in.lambda, in.rho);
  boost::math::quadrature::tanh_sinh<double> integrator(15);
  return integrator.integrate(
      [&](double t) { return t > 0 && t < 1 ? coupled_goodput(in, ideal, t) * boost::math::ibeta_derivative(s.a, s.b, t) : 0.0; },
      0.0, 1.0, 1e-12);
}

/// Proposition 1: Q_p(G) = G(F_Θ⁻¹(1 − p)) for p in (0, 1).
inline double goodput_quantile(const composition_inputs& in, double ideal, double p) {
  detail::require_open_unit("goodput_quantile", "p", p);
  detail::require_open_unit("goodput_quantile", "rho", in.rho);
  if (detail::shape_of(in.lambda, in.rho).large())
    return coupled_goodput(in, ideal, latent_quantile(1 - p, in.lambda, in.rho).sigma);
  const auto s = beta_parameters(in.lambda, in.rho);
  return coupled_goodput(in, ideal, boost::math::ibeta_inv(s.a, s.b, 1 - p));
}

/// Realized goodput of the coupled model (Sections V-D and V-E): a window draws
/// Θ ~ Beta(a, b), its N = n + s lasers fail Binomial(N, Θ), and it keeps
///   R = ideal·(1 − thermal_fs·Θ/λ)⁺·(1 − reconfig_fs)  when F ≤ s,   R = 0 when F > s
/// (the coverage reading: a window that runs out is lost). G(Θ) = E[R | Θ].
/// Its law is exact: Θ | F = k ~ Beta(a + k, b + N − k) (conjugacy), so for x ≥ 0
///   Pr[R ≤ x] = Pr[F > s] + Σ_{k ≤ s} Pr[F = k]·Pr[Θ ≥ θ(x) | F = k],
/// θ(x) the level at which the covered goodput is x, Pr[F = k] the beta-binomial pmf
/// and the posterior tail Boost's ibetac. That is a sum over the failure count, not
/// a sample.
struct realized_quantile {
  double goodput = 0;  ///< Q_p(R)
  double theta = 0;    ///< the level Θ = θ* at which the covered goodput is Q_p(R) (0 when Q_p(R) = 0)
  double at_zero = 0;  ///< Pr[R = 0]: the spares run out, or the thermal loss takes everything
};

namespace detail {
struct realized_law {
  std::uint64_t pool = 0, spares = 0;
  double a = 0, b = 0, runs_out = 0;  ///< Beta shape and Pr[F > s]
  std::vector<double> pmf;            ///< Pr[F = k], k = 0..s
  double keep = 0, slope = 0, lambda = 0;  ///< covered goodput h(θ) = keep·(1 − slope·θ/λ)⁺
  double theta_zero = 1;                   ///< min(1, λ/slope): h = 0 from there on

  realized_law(const composition_inputs& in, double ideal) {
    pool = in.channels + in.stack_spares;
    spares = in.stack_spares;
    const auto sh = beta_parameters(in.lambda, in.rho);
    a = sh.a;
    b = sh.b;
    runs_out = failure_sf(pool, spares, in.lambda, in.rho);
    pmf = failure_pmf_vector(pool, in.lambda, in.rho);
    pmf.resize(spares + 1);
    keep = ideal * (1 - in.reconfig_share * in.reconfig_ratio);
    slope = in.thermal_share * in.thermal_ratio;
    lambda = in.lambda;
    theta_zero = slope > 0 ? std::min(1.0, in.lambda / slope) : 1.0;
  }
  double covered(double theta) const { return keep * std::max(0.0, 1 - slope * theta / lambda); }
  /// Pr[F ≤ s, Θ ≥ θ] = Σ_{k ≤ s} Pr[F = k]·ibetac(a + k, b + N − k, θ).
  double covered_at_or_above(double theta) const {
    if (theta <= 0) return 1 - runs_out;
    if (theta >= 1) return 0;
    long double sum = 0;
    for (std::uint64_t k = 0; k <= spares; ++k)
      sum += static_cast<long double>(pmf[k]) *
             boost::math::ibetac(a + static_cast<double>(k), b + static_cast<double>(pool - k), theta);
    return static_cast<double>(sum);
  }
};
}  // namespace detail

/// Pr[R ≤ x], the exact cdf of realized goodput (see realized_quantile); ρ in (0, 1).
inline double realized_goodput_cdf(const composition_inputs& in, double ideal, double x) {
  detail::require_inputs("realized_goodput_cdf", in);
  detail::require_open_unit("realized_goodput_cdf", "rho", in.rho);
  detail::require_positive_finite("realized_goodput_cdf", "ideal", ideal);
  if (!std::isfinite(x)) core::throw_out_of_range("realized_goodput_cdf", "x", x, "finite");
  const detail::realized_law law(in, ideal);
  if (x < 0) return 0;
  if (x >= law.keep) return 1;
  if (!(law.slope > 0)) return law.runs_out;  // no thermal loss: a covered window keeps keep > x
  // h(θ) ≤ x  ⟺  θ ≥ θ(x) = λ(1 − x/keep)/slope.
  return law.runs_out + law.covered_at_or_above(law.lambda * (1 - x / law.keep) / law.slope);
}

/// The exact p-quantile of realized goodput, Q_p(R) = inf{x : Pr[R ≤ x] ≥ p}, p in (0, 1).
/// Above the atom at 0 the cdf is continuous and increasing in x, so Q_p(R) = h(θ*),
/// θ* = sup{θ : Pr[F > s] + Pr[F ≤ s, Θ ≥ θ] ≥ p}, found by bisection on θ until the
/// bracket is two adjacent doubles (the θ returned is its lower end, where the sum is still
/// at least p). Cost: (s + 1) ibetac calls per step, at most 1,100 steps.
inline realized_quantile realized_goodput_quantile(const composition_inputs& in, double ideal, double p) {
  detail::require_inputs("realized_goodput_quantile", in);
  detail::require_open_unit("realized_goodput_quantile", "rho", in.rho);
  detail::require_positive_finite("realized_goodput_quantile", "ideal", ideal);
  detail::require_open_unit("realized_goodput_quantile", "p", p);
  const detail::realized_law law(in, ideal);
  realized_quantile out;
  out.at_zero = law.runs_out + law.covered_at_or_above(law.theta_zero);
  if (p <= out.at_zero) return out;  // Pr[R ≤ 0] ≥ p
  double lo = 0, hi = law.theta_zero;  // invariant: cdf side at lo ≥ p > at hi
  for (;;) {
    const double mid = lo + (hi - lo) / 2;
    if (!(mid > lo && mid < hi)) break;
    (law.runs_out + law.covered_at_or_above(mid) >= p ? lo : hi) = mid;
  }
  out.theta = lo;
  out.goodput = law.covered(lo);
  return out;
}

/// The sign-carrying derivative ∂F_Θ⁻¹(q)/∂ρ at fixed λ (central difference of ibeta at the quantile).
inline double quantile_rho_derivative(double lambda, double rho, double q) {
  detail::require_open_unit("quantile_rho_derivative", "lambda", lambda);
  detail::require_open_unit("quantile_rho_derivative", "rho", rho);
  detail::require_open_unit("quantile_rho_derivative", "q", q);
  const double h = 1e-6 * std::min(rho, 1 - rho);
  if (detail::shape_of(lambda, rho).large())  // the quantiles themselves, where ibeta loses its digits
    return (latent_quantile(q, lambda, rho + h).sigma - latent_quantile(q, lambda, rho - h).sigma) / (2 * h);
  const auto s = beta_parameters(lambda, rho);
  const double x = boost::math::ibeta_inv(s.a, s.b, q);
  const auto sp = beta_parameters(lambda, rho + h), sm = beta_parameters(lambda, rho - h);
  const double di_drho = (boost::math::ibeta(sp.a, sp.b, x) - boost::math::ibeta(sm.a, sm.b, x)) / (2 * h);
  return -di_drho / boost::math::ibeta_derivative(s.a, s.b, x);
}

/// Proposition 1's threshold p*: for p < p*, raising ρ raises F_Θ⁻¹(1−p) and so lowers Q_p(G).
inline double quantile_threshold(double lambda, double rho) {
  detail::require_open_unit("quantile_threshold", "lambda", lambda);
  detail::require_open_unit("quantile_threshold", "rho", rho);
  auto f = [&](double p) { return quantile_rho_derivative(lambda, rho, 1 - p); };
  const double lo = 1e-4, hi = 0.5;
  if (!(f(lo) > 0) || !(f(hi) < 0)) core::fail("quantile_threshold", "no sign change of dQ/drho on p in [1e-4, 0.5]");
  std::uintmax_t iters = 100;
  auto tol = [](double x, double y) { return std::fabs(x - y) <= 1e-10; };
  const auto r = boost::math::tools::toms748_solve(f, lo, hi, tol, iters);
  return 0.5 * (r.first + r.second);
}

/// Fig. 15: the tail percentile p in [lo, hi] at which the closed-form quantiles
/// Q_p(G) of two pools, `in` and `other` (e.g. decorrelated), cross; TOMS 748 on
/// their difference to 1e-9 in p, the midpoint of the final bracket. The
/// difference must change sign on [lo, hi].
inline double quantile_crossing(const composition_inputs& in, const composition_inputs& other, double ideal, double lo = 0.05,
                                double hi = 0.5) {
  detail::require_open_unit("quantile_crossing", "lo", lo);
  detail::require_open_unit("quantile_crossing", "hi", hi);
  if (!(lo < hi)) core::throw_out_of_range("quantile_crossing", "hi", hi, "above lo = " + core::to_message(lo));
  auto diff = [&](double p) { return goodput_quantile(in, ideal, p) - goodput_quantile(other, ideal, p); };
  const double dlo = diff(lo), dhi = diff(hi);
  if (!(dlo * dhi <= 0)) core::fail("quantile_crossing", "the two quantile curves do not cross on [lo, hi]");
  std::uintmax_t iters = 100;
  const auto r = boost::math::tools::toms748_solve(diff, lo, hi, [](double x, double y) { return std::fabs(x - y) < 1e-9; }, iters);
  return 0.5 * (r.first + r.second);
}

}  // namespace shiftfly::halley
