#pragma once
/// \file thermal.hpp
/// ThermaLead's closed forms, Halley Section IV-C.
///
/// For wide-sense stationary drift of variance σx² and lag-1 autocorrelation R,
/// the minimum-mean-square-error one-step predictor from the previous sample
/// leaves residual variance σe² = σx²(1 − R²) (orthogonality principle; exact for
/// AR(1) drift). A Gaussian offset of standard deviation σ exceeds a lock
/// threshold τ on a step with probability 2Φ̄(τ/σ) = erfc(τ/(σ√2)).

#include <cmath>

#include "shiftfly/core/checked.hpp"

namespace shiftfly::halley {

namespace detail {
inline void require_autocorrelation(const char* where, double r) {
  if (!std::isfinite(r) || !(r > -1) || !(r < 1)) core::throw_out_of_range(where, "R", r, "strictly between -1 and 1");
}
}  // namespace detail

/// σe² = σx²(1 − R²): the benchmark residual variance.
inline double residual_variance(double drift_variance, double r) {
  if (!std::isfinite(drift_variance) || !(drift_variance >= 0))
    core::throw_out_of_range("residual_variance", "drift_variance", drift_variance, "finite and at least 0");
  detail::require_autocorrelation("residual_variance", r);
  return drift_variance * (1 - r * r);
}

/// σe/σx = √(1 − R²): the benchmark residual's standard deviation in units of the drift's.
inline double residual_sd_ratio(double r) { return std::sqrt(residual_variance(1.0, r)); }

/// The share of the drift variance the best one-step forecast removes: R².
inline double variance_removed(double r) {
  detail::require_autocorrelation("variance_removed", r);
  return r * r;
}

/// 2Φ̄(τ/σ): the per-step lock-loss probability of a Gaussian offset.
inline double lock_loss_probability(double threshold, double sigma) {
  if (!std::isfinite(threshold) || !(threshold > 0))
    core::throw_out_of_range("lock_loss_probability", "threshold", threshold, "finite and greater than 0");
  if (!std::isfinite(sigma) || !(sigma > 0))
    core::throw_out_of_range("lock_loss_probability", "sigma", sigma, "finite and greater than 0");
  return std::erfc(threshold / (sigma * std::sqrt(2.0)));
}

/// Lock-loss rate of the benchmark forecast over that of the raw drift, at τ/σx.
inline double lock_loss_ratio(double threshold_over_sigma, double r) {
  detail::require_autocorrelation("lock_loss_ratio", r);
  const double before = lock_loss_probability(threshold_over_sigma, 1.0);
  const double after = lock_loss_probability(threshold_over_sigma, std::sqrt(1 - r * r));
  return after / before;
}

}  // namespace shiftfly::halley
