#pragma once
/// \file tree_schedule.hpp
/// The tree schedules of a collective, built within a work limit and checked (docs/collectives.md,
/// "The tree packings"): collectives/collective.hpp asks for them, the tools write them
/// (collectives/msccl_xml.hpp).
///
///   double packing_work_estimate(const collective_network& n, std::uint64_t trees_per_root, bool all_roots);
///   checked_trees checked_allgather_trees(const collective_network& n, const cut_ratio& opt, bool reversed, double max_work);
///   checked_trees checked_root_trees(const collective_network& n, std::uint32_t root, std::uint64_t lambda,
///                                    bool reversed, double max_work);
///   std::uint64_t compute_diameter(const collective_network& n, std::optional<std::uint32_t> root, bool reversed);
///
/// The estimate, in the units the packer counts (arcs scanned by its maximum flows): about
/// 2·N² maximum flows for the all-gather packing's trees (measured on tori from 4×4 to 6×6×6:
/// 1.5 to 1.6·N²), 2·λ·N for a broadcast's, plus 2·N per arc of a forwarding vertex to split
/// it off, each flow scanning the arcs and vertices; about 2·10^-7 s a unit on one core. Shallow
/// (breadth-first) trees, for a latency term, count 16 times that (measured: 5 to 13 times).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "shiftfly/collectives/cut_bound.hpp"
#include "shiftfly/collectives/network.hpp"
#include "shiftfly/collectives/tree_packing.hpp"
#include "shiftfly/collectives/tree_simulator.hpp"

namespace shiftfly::collectives {

/// The work limit of a tree packing the caller needs (a schedule file, a latency term): about 20 s
/// on one core.
inline constexpr double collective_max_packing_work = 1e8;
/// The work limit of a tree packing built only to show it (the caller does not need the trees):
/// about 4 s, so that a plain bound stays quick.
inline constexpr double collective_auto_packing_work = 2e7;

inline double packing_work_estimate(const collective_network& n, std::uint64_t trees, bool all_roots, bool shallow = false) {
  const double N = static_cast<double>(n.compute.size()), A = static_cast<double>(n.tail.size()),
               V = static_cast<double>(n.vertices) + 1;
  std::vector<char> compute(n.vertices, 0);
  for (auto c : n.compute) compute[c] = 1;
  double forwarding_arcs = 0;
  for (auto t : n.tail) forwarding_arcs += compute[t] ? 0 : 1;
  const double flows = (all_roots ? 2 * N * N : 2 * static_cast<double>(trees) * N) + 2 * forwarding_arcs * N;
  return flows * (A + V + N) * (shallow ? 16 : 1);
}

/// One operation's trees, each checked: its time recomputed from the trees and its run on data.
struct checked_trees {
  tree_packing packing;
  packing_load time;           ///< exact, a fraction of M/b
  tree_simulation simulation;  ///< verified
};

/// The hop diameter the data must cross: the most hops from a compute node (the root) to another
/// (to the root, reversed); every schedule's step count is at least this.
inline std::uint64_t compute_diameter(const collective_network& n, std::optional<std::uint32_t> root, bool reversed) {
  std::vector<std::vector<std::uint32_t>> out(n.vertices);
  for (std::size_t a = 0; a < n.tail.size(); ++a)
    out[reversed ? n.head[a] : n.tail[a]].push_back(reversed ? n.tail[a] : n.head[a]);
  std::vector<char> compute(n.vertices, 0);
  for (auto c : n.compute) compute[c] = 1;
  std::uint64_t best = 0;
  std::vector<std::uint64_t> dist(n.vertices);
  for (auto s : n.compute) {
    if (root && s != *root) continue;
    std::fill(dist.begin(), dist.end(), UINT64_MAX);
    std::vector<std::uint32_t> queue{s};
    dist[s] = 0;
    for (std::size_t i = 0; i < queue.size(); ++i)
      for (auto w : out[queue[i]])
        if (dist[w] == UINT64_MAX) {
          dist[w] = dist[queue[i]] + 1;
          queue.push_back(w);
        }
    for (auto c : n.compute)
      if (dist[c] != UINT64_MAX) best = std::max(best, dist[c]);
  }
  return best;
}

/// The all-gather (reversed: reduce-scatter) packing for optimum `opt`, checked.
inline checked_trees checked_allgather_trees(const collective_network& n, const cut_ratio& opt, bool reversed,
                                             double max_work, bool shallow = false) {
  checked_trees c;
  c.packing = pack_allgather_trees(n, opt, reversed, {max_work, shallow});
  c.time = packing_time(n, c.packing, n.compute.size());
  c.simulation = simulate_trees(n, c.packing, reversed ? tree_operation::reduce_scatter : tree_operation::all_gather,
                                c.time.numerator, c.time.denominator);
  return c;
}

/// The broadcast (reversed: reduce) packing from `root` with λ trees, checked.
inline checked_trees checked_root_trees(const collective_network& n, std::uint32_t root, std::uint64_t lambda,
                                        bool reversed, double max_work, bool shallow = false) {
  checked_trees c;
  c.packing = pack_root_trees(n, root, lambda, reversed, {max_work, shallow});
  c.time = packing_time(n, c.packing, 1);
  c.simulation = simulate_trees(n, c.packing, reversed ? tree_operation::reduce : tree_operation::broadcast,
                                c.time.numerator, c.time.denominator);
  return c;
}

}  // namespace shiftfly::collectives
