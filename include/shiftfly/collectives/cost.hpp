#pragma once
/// \file cost.hpp
/// The α–β cost model of the TPU explainer ("Maths"): a step costs a fixed α
/// (link latency, synchronisation) plus the time its largest message takes on a
/// link of bandwidth β, so a schedule takes
///     time = steps·α + (elements on the critical path)/β.
/// Closed forms for the dimension-ordered torus all-reduce and the ring over
/// P = Π k_i chips, with D elements per chip (exact when Π_{j<=i} k_j divides D):
///     steps:            torus Σ 2(k_i - 1),            ring 2(P - 1);
///     sent per chip:    2D(P - 1)/P for both, the minimum for any all-reduce
///                       (Patarasuk and Yuan, 2009);
///     time:             torus Σ_i 2(k_i - 1)(α + D/(k_0···k_i β)),
///                       ring 2(P - 1)(α + D/(Pβ));
/// the same bandwidth term 2D(P - 1)/(Pβ) and latency terms 2(X + Y - 2)α against
/// 2(XY - 1)α on X x Y. The bidirectional variants move D/2 each way, halving
/// the bandwidth term and keeping the step count.

#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <string_view>

#include "shiftfly/collectives/torus_chips.hpp"
#include "shiftfly/core/checked.hpp"

namespace shiftfly::collectives {

/// The model's two parameters: α (time per step) and β (elements per unit of time on one link).
struct alpha_beta {
  double alpha = 1.0;
  double beta = 1.0;
};

/// Requires α finite and >= 0, β finite and > 0.
inline void validate(const alpha_beta& m, std::string_view where = "alpha_beta") {
  if (!(m.alpha >= 0.0) || !std::isfinite(m.alpha)) core::throw_out_of_range(where, "alpha", m.alpha, "finite, at least 0");
  if (!(m.beta > 0.0) || !std::isfinite(m.beta)) core::throw_out_of_range(where, "beta", m.beta, "finite, greater than 0");
}

/// A time split into its latency and bandwidth terms.
struct cost {
  double latency = 0;    ///< steps·α
  double bandwidth = 0;  ///< critical-path elements / β
  double time = 0;       ///< their sum
};

/// time = steps·α + critical_elements/β.
inline cost alpha_beta_time(std::uint64_t steps, double critical_elements, const alpha_beta& m) {
  validate(m, "alpha_beta_time");
  cost c;
  c.latency = static_cast<double>(steps) * m.alpha;
  c.bandwidth = critical_elements / m.beta;
  c.time = c.latency + c.bandwidth;
  return c;
}

/// Closed forms for one all-reduce schedule.
struct closed_form {
  std::uint64_t steps = 0;
  double sent_per_chip = 0;           ///< 2D(P-1)/P
  double critical_path_elements = 0;  ///< Σ over steps of the message size
  cost time;
};

/// Σ 2(k_i - 1).
inline std::uint64_t torus_allreduce_steps(std::span<const std::uint64_t> dims) {
  torus_chip_count(dims);
  std::uint64_t s = 0;
  for (auto k : dims) s += 2 * (k - 1);
  return s;
}

/// 2(P - 1).
inline std::uint64_t ring_allreduce_steps(std::uint64_t chips) {
  core::require_at_least("ring_allreduce_steps", "chips", chips, 2);
  return core::checked_mul(2, chips - 1, "ring_allreduce_steps", "steps");
}

/// 2D(P - 1)/P, the elements each chip sends in either schedule (the all-reduce minimum).
inline double allreduce_volume_per_chip(std::uint64_t chips, std::uint64_t elements) {
  core::require_at_least("allreduce_volume_per_chip", "chips", chips, 1);
  return 2.0 * static_cast<double>(elements) * static_cast<double>(chips - 1) / static_cast<double>(chips);
}

/// Closed form of the dimension-ordered torus all-reduce: Σ_i 2(k_i - 1)(α + D'/(k_0···k_i β)), D' = D or D/2.
inline closed_form torus_allreduce_closed_form(std::span<const std::uint64_t> dims, std::uint64_t elements,
                                               const alpha_beta& m, bool bidirectional = false) {
  const std::uint64_t chips = torus_chip_count(dims);
  closed_form f;
  f.steps = torus_allreduce_steps(dims);
  f.sent_per_chip = allreduce_volume_per_chip(chips, elements);
  const double per_ring = bidirectional ? static_cast<double>(elements) / 2.0 : static_cast<double>(elements);
  double prefix = 1.0;
  for (auto k : dims) {
    prefix *= static_cast<double>(k);
    f.critical_path_elements += 2.0 * static_cast<double>(k - 1) * per_ring / prefix;
  }
  f.time = alpha_beta_time(f.steps, f.critical_path_elements, m);
  return f;
}

/// Closed form of the ring all-reduce over P chips: 2(P - 1)(α + D'/(Pβ)), D' = D or D/2.
inline closed_form ring_allreduce_closed_form(std::uint64_t chips, std::uint64_t elements, const alpha_beta& m,
                                              bool bidirectional = false) {
  closed_form f;
  f.steps = ring_allreduce_steps(chips);
  f.sent_per_chip = allreduce_volume_per_chip(chips, elements);
  const double per_ring = bidirectional ? static_cast<double>(elements) / 2.0 : static_cast<double>(elements);
  f.critical_path_elements = 2.0 * static_cast<double>(chips - 1) * per_ring / static_cast<double>(chips);
  f.time = alpha_beta_time(f.steps, f.critical_path_elements, m);
  return f;
}

}  // namespace shiftfly::collectives
