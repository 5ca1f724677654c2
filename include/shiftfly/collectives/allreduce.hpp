#pragma once
/// \file allreduce.hpp
/// The TPU explainer's comparison, run on data: the dimension-ordered torus
/// all-reduce and a ring all-reduce over the same chips (along a Hamiltonian
/// cycle of the torus, so every ring message also crosses one torus link), both
/// simulated on D integers per chip over the links of the library's torus
/// graph, verified, counted, and costed in the α–β model beside the closed forms;
/// in real units (cost.hpp's Hockney model) either simulated (simulate_allreduce)
/// or in closed form only, for any message size up to 2^60 bytes
/// (allreduce_closed_forms).

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "shiftfly/collectives/cost.hpp"
#include "shiftfly/collectives/ring_allreduce.hpp"
#include "shiftfly/collectives/schedule.hpp"
#include "shiftfly/collectives/simulator.hpp"
#include "shiftfly/collectives/torus_allreduce.hpp"
#include "shiftfly/collectives/torus_chips.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/memory.hpp"

namespace shiftfly::collectives {

/// One schedule's simulated counts, its α–β time from them, and the closed forms.
struct schedule_report {
  simulation_result simulated;
  cost time;             ///< steps·α + critical-path elements/β, from the simulated counts
  closed_form formula;   ///< the closed forms for the same parameters
};

/// Torus against ring on the same chips.
struct allreduce_comparison {
  std::vector<std::uint64_t> dims;
  std::uint64_t chips = 0;
  std::uint64_t elements = 0;
  bool bidirectional = false;
  alpha_beta model;
  schedule_report torus;
  schedule_report ring;
  bool verified = false;  ///< both schedules passed every check of the simulator
};

/// Refuses, before allocating, a comparison the simulator could not hold or finish:
/// memory beyond limits.max_bytes, or a ring of more than limits.max_messages messages.
inline void check_allreduce_size(std::span<const std::uint64_t> dims, std::uint64_t elements, bool bidirectional,
                                 const simulation_limits& limits) {
  constexpr const char* where = "allreduce";
  const std::uint64_t chips = torus_chip_count(dims);
  core::require_at_least(where, "elements", elements, 1);
  const std::uint64_t links = core::checked_mul(chips, 2 * dims.size(), where, "directed links");
  const std::uint64_t bytes = simulation_bytes(chips, elements, links);
  if (bytes > limits.max_bytes)
    core::fail(where, "simulating the " + torus_dims_text(dims) + " torus with " + core::to_message(elements) +
                          " elements per chip needs about " + detail::bytes_text(bytes) + " (" +
                          core::to_message(chips) + " chips x " + core::to_message(elements) +
                          " elements x 8 bytes), more than the limit of " +
                          detail::bytes_text(limits.max_bytes));
  const std::uint64_t ring_messages =
      core::checked_mul(core::checked_mul(2 * (chips - 1), chips, where, "ring messages"), bidirectional ? 2 : 1, where,
                        "ring messages");
  if (ring_messages > limits.max_messages)
    core::fail(where, "the ring over " + core::to_message(chips) + " chips sends up to " +
                          core::to_message(ring_messages) + " messages, more than the limit of " +
                          core::to_message(limits.max_messages) + " for one simulation");
  // The chips' vectors and the links, plus the largest step's staged payload (at most
  // ceil(elements / k) elements per chip for the smallest size k, also for the ring) and
  // its messages: checked against the memory this process may use (core/memory.hpp).
  std::uint64_t k_min = chips;
  for (auto k : dims) k_min = std::min(k_min, k);
  std::uint64_t peak = core::estimate_add_mul(bytes, chips, 8 * ((elements + k_min - 1) / k_min));
  peak = core::estimate_add_mul(peak, chips, 2 * sizeof(message));
  core::require_memory(where,
                       "simulating the " + torus_dims_text(dims) + " torus with " + core::to_message(elements) +
                           " elements per chip (" + core::to_message(chips) + " chips x " +
                           core::to_message(elements) + " elements x 8 bytes, and one step's messages)",
                       peak);
}

/// Simulates, verifies and costs the torus and the ring all-reduce on T(dims) with D = elements.
inline allreduce_comparison compare_allreduce(std::span<const std::uint64_t> dims, std::uint64_t elements,
                                              bool bidirectional = false, alpha_beta model = {},
                                              simulation_limits limits = {}) {
  validate(model, "allreduce");
  check_allreduce_size(dims, elements, bidirectional, limits);
  allreduce_comparison out;
  out.dims.assign(dims.begin(), dims.end());
  out.chips = torus_chip_count(dims);
  out.elements = elements;
  out.bidirectional = bidirectional;
  out.model = model;
  const auto plan = torus_allreduce_plan(dims, elements, bidirectional);
  const auto ring = ring_allreduce_plan(torus_ring_order(dims), elements, bidirectional);
  const auto links = torus_links(dims);
  out.torus.simulated = simulate(links, plan, limits);
  out.torus.time = alpha_beta_time(out.torus.simulated.steps,
                                   static_cast<double>(out.torus.simulated.critical_path_elements), model);
  out.torus.formula = torus_allreduce_closed_form(dims, elements, model, bidirectional);
  out.ring.simulated = simulate(links, ring, limits);
  out.ring.time = alpha_beta_time(out.ring.simulated.steps,
                                  static_cast<double>(out.ring.simulated.critical_path_elements), model);
  out.ring.formula = ring_allreduce_closed_form(out.chips, elements, model, bidirectional);
  out.verified = out.torus.simulated.verified && out.ring.simulated.verified;
  return out;
}

// ---------------------------------------------------------------------------
// Real units: the same comparison in the Hockney model, simulated or in closed form.

/// The comparison in closed form only: no simulation and no memory proportional to the
/// message, for messages up to 2^60 bytes. Every count is exact for any D (cost.hpp).
struct allreduce_formulas {
  std::vector<std::uint64_t> dims;
  std::uint64_t chips = 0;
  message_size message;
  bool bidirectional = false;
  hockney_model model;
  double sent_per_chip_elements = 0;  ///< 2D(P-1)/P, the all-reduce minimum (exact when P divides D)
  schedule_cost torus;
  schedule_cost ring;
};

/// Closed forms of the torus and the ring all-reduce on T(dims) for the message `msg`.
inline allreduce_formulas allreduce_closed_forms(std::span<const std::uint64_t> dims, const message_size& msg,
                                                 bool bidirectional, const hockney_model& model) {
  constexpr const char* where = "allreduce";
  validate(model, where);
  message_of_elements(msg.elements, msg.element_bytes, where);
  allreduce_formulas f;
  f.dims.assign(dims.begin(), dims.end());
  f.chips = torus_chip_count(dims);
  if (bidirectional) require_bidirectional_dims(where, dims);
  f.message = msg;
  f.bidirectional = bidirectional;
  f.model = model;
  f.sent_per_chip_elements = allreduce_volume_per_chip(f.chips, msg.elements);
  f.torus = cost_in_units(torus_allreduce_counts(dims, msg.elements, bidirectional), f.chips, msg, model);
  f.ring = cost_in_units(ring_allreduce_counts(f.chips, msg.elements, bidirectional), f.chips, msg, model);
  return f;
}

/// The comparison simulated on data and costed in real units, beside its closed forms.
struct allreduce_run {
  allreduce_comparison simulated;  ///< counts and verification (its α–β times use the abstract model {1, 1})
  schedule_cost torus;             ///< the simulated counts in the Hockney model
  schedule_cost ring;
  allreduce_formulas closed_form;  ///< the same parameters in closed form
};

/// Simulates, verifies and costs both schedules (refused, before allocating, when the
/// simulation would not fit: check_allreduce_size).
inline allreduce_run simulate_allreduce(std::span<const std::uint64_t> dims, const message_size& msg,
                                        bool bidirectional, const hockney_model& model,
                                        simulation_limits limits = {}) {
  allreduce_run r;
  r.closed_form = allreduce_closed_forms(dims, msg, bidirectional, model);
  r.simulated = compare_allreduce(dims, msg.elements, bidirectional, {}, limits);
  const auto counts = [](const simulation_result& s) {
    return schedule_counts{s.steps, s.messages, s.critical_path_elements};
  };
  r.torus = cost_in_units(counts(r.simulated.torus.simulated), r.simulated.chips, msg, model);
  r.ring = cost_in_units(counts(r.simulated.ring.simulated), r.simulated.chips, msg, model);
  return r;
}

}  // namespace shiftfly::collectives
