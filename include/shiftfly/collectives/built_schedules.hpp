#pragma once
/// \file built_schedules.hpp
/// The schedules measure_collective builds and runs for all-reduce, all-gather and
/// reduce-scatter on any fabric (docs/collectives.md, "Schedules tried"): the ring along a
/// Hamiltonian cycle or a tour (ring_any.hpp), one-way and both ways; on tori, the TPU
/// explainer's dimension-ordered schedules (torus_allreduce.hpp) and Swing (swing.hpp).
///
///   std::vector<built_schedule> build_schedules(const core::graph<V>& g, const std::vector<std::uint32_t>& endpoints,
///                                               const collective_network& net, const built_request& r);
///
/// Times are the fluid bandwidth term of the synchronous step model: each step lasts as long
/// as its most loaded link direction needs (the elements routed over it, over its units of b),
/// so time = Σ_steps max_link load · (M/D)/b with D elements per compute node, M the buffer.
/// Each all-reduce is run on integers (simulator.hpp) where P·D stays small; its time then comes
/// from routing every message of the run. Bigger rings get the same number from the tour's
/// congestion (every ring step loads the links alike), marked not simulated.
/// All-gather and reduce-scatter use the second and first halves of the same schedules.

#include <concepts>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "shiftfly/collectives/network.hpp"
#include "shiftfly/collectives/ring_any.hpp"
#include "shiftfly/collectives/swing.hpp"
#include "shiftfly/collectives/torus_allreduce.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"

namespace shiftfly::collectives {

struct built_request {
  std::string op;                         ///< all-reduce, all-gather or reduce-scatter
  double bytes = 1, link_bandwidth = 1;   ///< M and b
  std::vector<std::uint64_t> torus_dims;  ///< the graph is T(dims), chips numbered as topology::torus
  /// Run on integers while compute nodes x elements stay at most this (else the time is counted).
  std::uint64_t max_simulated_cells = std::uint64_t{1} << 22;
};

struct built_schedule {
  std::string name;
  double seconds = 0;
  std::uint64_t steps = 0;
  bool simulated = false;
  std::string note;
};

namespace detail {

/// The time of a routed run of an all-reduce (halved for a reduce-scatter or all-gather, which
/// are its two halves of equal steps and load).
inline built_schedule from_run(const std::string& name, const routed_run& run, std::uint64_t elements,
                               const built_request& r, std::string note) {
  const bool half = r.op != "all-reduce";
  built_schedule s;
  s.name = half ? name + (r.op == "all-gather" ? ", its all-gather half" : ", its reduce-scatter half") : name;
  s.steps = half ? run.steps / 2 : run.steps;
  s.seconds = run.critical_elements * (half ? 0.5 : 1.0) * (r.bytes / static_cast<double>(elements)) / r.link_bandwidth;
  s.simulated = run.simulated;
  s.note = std::move(note) + (run.simulated ? "; run on integers over " + core::to_message(elements) +
                                                  " elements a node, every node ended with the sum"
                                            : "");
  return s;
}

}  // namespace detail

template <std::unsigned_integral V>
std::vector<built_schedule> build_schedules(const core::graph<V>& g, const std::vector<std::uint32_t>& endpoints,
                                            const collective_network& net, const built_request& r) {
  std::vector<built_schedule> out;
  if (r.op != "all-reduce" && r.op != "all-gather" && r.op != "reduce-scatter") return out;
  const std::uint64_t N = net.compute.size();
  if (N < 2) return out;
  // Rings.
  const auto tour = find_ring_tour(g, endpoints, net);
  const std::string where_ring = tour.hamiltonian ? "a Hamiltonian cycle" : "a tour";
  const std::string ring_note = tour.method + "; congestion " + core::to_message(tour.congestion) + " one way, " +
                                core::to_message(tour.congestion_bidirectional) + " both ways; longest hop " +
                                core::to_message(tour.longest_hops) + " links";
  const std::uint64_t ring_elements = 2 * N;
  const bool ring_data = N * ring_elements <= r.max_simulated_cells;
  for (bool both : {false, true}) {
    if (both && N < 3) continue;
    const std::string name = std::string(both ? "bidirectional " : "") + "ring all-reduce along " + where_ring;
    routed_run run;
    if (ring_data) {
      const auto plan = ring_plan_on(net, tour, ring_elements, both);
      run = simulate_routed(net, plan.plan, plan.route, true);
    } else {
      // Every step sends one block per ring pair (both rings: two half blocks): the step's
      // most loaded link carries load blocks.
      run.steps = 2 * (N - 1);
      const double block = static_cast<double>(ring_elements) / static_cast<double>(both ? 2 * N : N);
      run.critical_elements = static_cast<double>(run.steps) * block * (both ? tour.load_bidirectional : tour.load);
    }
    out.push_back(detail::from_run(name, run, ring_elements, r, ring_note));
  }
  // Tori: the explainer's dimension-ordered schedules and Swing.
  const auto& dims = r.torus_dims;
  if (!dims.empty() && !net.endpoints_split && N == net.routers && N == torus_chip_count(dims)) {
    const auto route = torus_route(net, dims);
    const std::uint64_t elements = 2 * dims.size() * N;
    const bool data = N * elements <= r.max_simulated_cells;
    bool every_three = true;
    for (auto k : dims) every_three = every_three && k >= 3;
    for (bool both : {false, true}) {
      if (both && !every_three) continue;
      const auto plan = torus_allreduce_plan(dims, elements, both);
      out.push_back(detail::from_run(plan.name, simulate_routed(net, plan, route, data), elements, r,
                                     "TPU explainer, nearest neighbours only"));
    }
    if (swing_unsupported(dims).empty()) {
      const auto plan = swing_allreduce_plan(dims, elements);
      out.push_back(detail::from_run(plan.name, simulate_routed(net, plan, route, data), elements, r,
                                     "De Sensi et al., NSDI 2024; messages routed the short way along their dimension"));
    }
  }
  return out;
}

}  // namespace shiftfly::collectives
