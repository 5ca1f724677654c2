#pragma once
/// \file triage.hpp
/// TriageGuard's closed forms, Halley Section IV-D (Algorithm 4).
///
/// Pre-spare the top-B modules whose risk exceeds τ. The expected number of
/// protected failures is additive over the protected set, so the exchange
/// argument makes top-B selection optimal for any fixed risk estimate. With µ
/// the share of expected failures on protected modules (the intercepted mass),
/// MTTR = µ·t_sw + (1 − µ)·t_miss; uniform sparing of B of M modules intercepts
/// B/M on average.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <bit>
#include <string>
#include <span>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/halley/paper_inputs.hpp"

namespace shiftfly::halley {

/// MTTR = µ·t_sw + (1 − µ)·t_miss (milliseconds in, milliseconds out).
inline double mean_time_to_recover(double mu, double t_switch = paper::switch_over_ms, double t_miss = paper::miss_recovery_ms) {
  core::require_range("mean_time_to_recover", "mu", mu, 0.0, 1.0);
  if (!std::isfinite(t_switch) || !(t_switch >= 0))
    core::throw_out_of_range("mean_time_to_recover", "t_switch", t_switch, "finite and at least 0");
  if (!std::isfinite(t_miss) || !(t_miss >= t_switch))
    core::throw_out_of_range("mean_time_to_recover", "t_miss", t_miss, "finite and at least t_switch");
  return mu * t_switch + (1 - mu) * t_miss;
}

/// Intercepted mass of uniform sparing: B/M.
inline double uniform_intercepted_mass(std::uint64_t budget, std::uint64_t modules) {
  core::require_range("uniform_intercepted_mass", "modules", modules, 1, 1'000'000'000);
  core::require_range("uniform_intercepted_mass", "budget", budget, 0, modules);
  return static_cast<double>(budget) / static_cast<double>(modules);
}

/// The relative MTTR cut of a ranking intercepting µ against uniform sparing intercepting µ0.
inline double mttr_cut(double mu, double mu_uniform, double t_switch = paper::switch_over_ms, double t_miss = paper::miss_recovery_ms) {
  return 1 - mean_time_to_recover(mu, t_switch, t_miss) / mean_time_to_recover(mu_uniform, t_switch, t_miss);
}

/// A TriageGuard selection.
struct protection {
  std::vector<std::size_t> modules;  ///< protected module indices, highest risk first (ties: lower index)
  double protected_risk = 0;         ///< Σ risk over the protected set
  double intercepted_mass = 0;       ///< protected_risk / Σ risk (0 when every risk is 0)
};

namespace detail {
inline void require_risks(const char* where, std::span<const double> risks) {
  for (std::size_t i = 0; i < risks.size(); ++i)
    if (!std::isfinite(risks[i]) || !(risks[i] >= 0))
      core::throw_out_of_range(where, "risk[" + std::to_string(i) + "]", risks[i], "finite and at least 0");
}
}  // namespace detail

/// Algorithm 4: pre-spare the top-B modules with risk > τ.
inline protection top_b_protection(std::span<const double> risks, std::uint64_t budget, double threshold = 0.0) {
  detail::require_risks("top_b_protection", risks);
  if (!std::isfinite(threshold)) core::throw_out_of_range("top_b_protection", "threshold", threshold, "finite");
  std::vector<std::size_t> order(risks.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return risks[a] > risks[b]; });
  protection p;
  for (std::size_t i : order) {
    if (p.modules.size() >= budget || !(risks[i] > threshold)) break;
    p.modules.push_back(i);
    p.protected_risk += risks[i];
  }
  const double total = std::accumulate(risks.begin(), risks.end(), 0.0);
  p.intercepted_mass = total > 0 ? p.protected_risk / total : 0.0;
  return p;
}

/// Brute force over every subset of at most B modules above τ: the largest protected risk.
/// Exponential; for checking the exchange argument on small pools (at most 20 modules).
inline double best_protected_risk_brute_force(std::span<const double> risks, std::uint64_t budget, double threshold = 0.0) {
  detail::require_risks("best_protected_risk_brute_force", risks);
  core::require_range("best_protected_risk_brute_force", "modules", risks.size(), 0, 20);
  double best = 0;
  const std::uint32_t subsets = 1u << risks.size();
  for (std::uint32_t mask = 0; mask < subsets; ++mask) {
    if (static_cast<std::uint64_t>(std::popcount(mask)) > budget) continue;
    double sum = 0;
    bool ok = true;
    for (std::size_t i = 0; i < risks.size() && ok; ++i)
      if (mask >> i & 1u) {
        if (!(risks[i] > threshold)) ok = false;
        sum += risks[i];
      }
    if (ok) best = std::max(best, sum);
  }
  return best;
}

}  // namespace shiftfly::halley
