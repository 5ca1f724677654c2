#pragma once
/// \file tree_simulator.hpp
/// Runs a tree schedule (collectives/tree_packing.hpp) on integers over any fabric and verifies
/// it, independently of how the trees were built:
///
///   tree_simulation simulate_trees(const collective_network& n, const tree_packing& p, tree_operation op,
///                                  std::uint64_t time_numerator, std::uint64_t time_denominator,
///                                  std::uint64_t max_bytes = 1 << 30);
///
/// The data: every root's block of the buffer is split into per_root elements, a tree taken m
/// times owning m of them (its share of the bandwidth); the buffer has E = roots x per_root
/// elements (roots: every compute node for all-gather / reduce-scatter; the one root for
/// broadcast / reduce), so one element is M/E bytes.
/// - all-gather / broadcast: a root starts with its own elements (20-bit pseudo-random values);
///   every tree edge copies the tree's elements from its `from` vertex, which must already hold
///   them, to its `to` vertex, hop by hop along its route; every compute node must end with every
///   element, each equal to its root's value.
/// - reduce-scatter / reduce: every compute node starts with the whole buffer; the tree edges run
///   leaves first, each adding the partial sum of its lower end into its upper end (once: a second
///   send of the same elements is refused); every root must end with, for each of its elements,
///   the exact sum over all compute nodes, made of exactly N contributions.
/// Refused, with one line: a hop between vertices that no arc of the network joins, a route that
/// does not run from the edge's one end to the other, a copy from a vertex that does not hold the
/// elements, and any arc direction that carries more than bandwidth x the claimed time
/// (time = time_numerator/time_denominator x M/b: an arc of u units may carry u·b·time bytes,
/// u·E·numerator/denominator elements).

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/collectives/network.hpp"
#include "shiftfly/collectives/simulator.hpp"
#include "shiftfly/collectives/tree_packing.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/memory.hpp"

namespace shiftfly::collectives {

enum class tree_operation { all_gather, reduce_scatter, broadcast, reduce };

struct tree_simulation {
  std::uint64_t elements = 0;        ///< E, the buffer in elements
  std::uint64_t messages = 0;        ///< tree edges run
  std::uint64_t hops = 0;            ///< arc traversals
  std::uint64_t max_arc_elements = 0;
  bool verified = false;
};

inline tree_simulation simulate_trees(const collective_network& n, const tree_packing& p, tree_operation op,
                                      std::uint64_t time_numerator, std::uint64_t time_denominator,
                                      std::uint64_t max_bytes = std::uint64_t{1} << 30) {
  constexpr const char* where = "simulate_trees";
  const bool gather = op == tree_operation::all_gather || op == tree_operation::broadcast;
  const bool all_roots = op == tree_operation::all_gather || op == tree_operation::reduce_scatter;
  if (p.reversed == gather)
    core::fail(where, std::string("the packing is of ") + (p.reversed ? "in" : "out") + "-trees, the operation needs " +
                          (gather ? "out" : "in") + "-trees");
  if (time_denominator == 0) core::fail_parameter(where, "time_denominator", "0", "is out of range", "at least 1");
  const std::uint64_t N = n.compute.size();
  std::vector<std::uint32_t> index(n.vertices, UINT32_MAX);
  for (std::size_t i = 0; i < N; ++i) index[n.compute[i]] = static_cast<std::uint32_t>(i);
  // The roots and each root's first element.
  std::vector<std::uint32_t> roots;
  if (all_roots) roots = n.compute;
  else {
    if (p.trees.empty()) core::fail(where, "the packing has no trees");
    roots.push_back(p.trees.front().root);
  }
  std::vector<std::uint64_t> first(n.vertices, UINT64_MAX), filled(n.vertices, 0);
  for (std::size_t r = 0; r < roots.size(); ++r) first[roots[r]] = r * p.per_root;
  const std::uint64_t E = core::checked_mul(roots.size(), p.per_root, where, "roots x per_root");
  const std::uint64_t need = core::checked_mul(core::checked_mul(N, E, where, "compute nodes x elements"), 12, where, "bytes");
  if (need > max_bytes)
    core::fail(where, "simulating " + core::to_message(N) + " compute nodes x " + core::to_message(E) +
                          " elements needs about " + detail::bytes_text(need) + ", more than the limit of " +
                          detail::bytes_text(max_bytes));
  core::require_memory(where, "simulating the tree schedule", need);
  // Each tree's elements [lo, hi).
  std::vector<std::pair<std::uint64_t, std::uint64_t>> block(p.trees.size());
  for (std::size_t t = 0; t < p.trees.size(); ++t) {
    const auto r = p.trees[t].root;
    if (r >= n.vertices || first[r] == UINT64_MAX)
      core::fail(where, "tree " + core::to_message(t) + " has root " + core::to_message(r) + ", not a root of the operation");
    const std::uint64_t lo = first[r] + filled[r];
    filled[r] = core::checked_add(filled[r], p.trees[t].multiplicity, where, "multiplicities");
    if (filled[r] > p.per_root)
      core::fail(where, "the trees of root " + core::to_message(r) + " take more than " + core::to_message(p.per_root) + " elements");
    block[t] = {lo, lo + p.trees[t].multiplicity};
  }
  for (auto r : roots)
    if (filled[r] != p.per_root)
      core::fail(where, "the trees of root " + core::to_message(r) + " take " + core::to_message(filled[r]) + " of its " +
                            core::to_message(p.per_root) + " elements");
  std::vector<std::uint64_t> carried(n.tail.size(), 0);
  tree_simulation out;
  out.elements = E;
  constexpr std::int64_t absent = -1;
  std::vector<std::int64_t> value(static_cast<std::size_t>(N * E), gather ? absent : 0);
  std::vector<std::uint32_t> count(gather ? 0 : static_cast<std::size_t>(N * E), 1);
  std::vector<char> sent(gather ? 0 : static_cast<std::size_t>(N * E), 0);
  std::vector<std::int64_t> expected(static_cast<std::size_t>(E), 0);
  for (std::size_t r = 0; r < roots.size(); ++r)
    for (std::uint64_t e = r * p.per_root; e < (r + 1) * p.per_root; ++e)
      if (gather) value[index[roots[r]] * E + e] = detail::initial_value(roots[r], e);
  if (!gather)
    for (std::uint64_t c = 0; c < N; ++c)
      for (std::uint64_t e = 0; e < E; ++e) {
        value[c * E + e] = detail::initial_value(n.compute[c], e);
        expected[e] += value[c * E + e];
      }
  const auto at = [&](std::uint32_t v, std::uint64_t e) -> std::size_t {
    return static_cast<std::size_t>(index[v]) * E + e;
  };
  for (std::size_t t = 0; t < p.trees.size(); ++t) {
    const auto& tree = p.trees[t];
    const std::uint64_t lo = block[t].first, hi = block[t].second;  // not a structured binding: lambdas capture it (clang 14)
    const auto run = [&](const packed_edge& edge) {
      // In the data's direction: out-trees from -> to; in-trees to -> from, the route reversed.
      const std::uint32_t src = gather ? edge.from : edge.to, dst = gather ? edge.to : edge.from;
      const std::string what = "tree " + core::to_message(t) + " (root " + core::to_message(tree.root) + "), edge " +
                               core::to_message(src) + " -> " + core::to_message(dst);
      if (src >= n.vertices || dst >= n.vertices || index[src] == UINT32_MAX || index[dst] == UINT32_MAX)
        core::fail(where, what + ": its ends must be compute vertices");
      if (edge.route.empty()) core::fail(where, what + ": an empty route");
      std::uint32_t here = src;
      for (std::size_t h = 0; h < edge.route.size(); ++h) {
        const auto a = edge.route[gather ? h : edge.route.size() - 1 - h];
        if (a >= n.tail.size()) core::fail(where, what + ": arc " + core::to_message(a) + " is not an arc of the network");
        // The hop's ends, in the data's direction: a message goes only where a link goes.
        const std::uint32_t x = n.tail[a], y = n.head[a];
        if (x != here)
          core::fail(where, what + ": hop " + core::to_message(h) + " takes the link " + core::to_message(x) + " -> " +
                                core::to_message(y) + " but the data is at " + core::to_message(here) +
                                ", not joined to " + core::to_message(y) + " by that link");
        carried[a] += hi - lo;
        ++out.hops;
        here = y;
      }
      if (here != dst) core::fail(where, what + ": the route ends at " + core::to_message(here));
      for (std::uint64_t e = lo; e < hi; ++e) {
        if (gather) {
          if (value[at(src, e)] == absent) core::fail(where, what + ": sends element " + core::to_message(e) + " it does not hold");
          value[at(dst, e)] = value[at(src, e)];
        } else {
          if (sent[at(src, e)]) core::fail(where, what + ": sends its partial sum of element " + core::to_message(e) + " twice");
          sent[at(src, e)] = 1;
          value[at(dst, e)] += value[at(src, e)];
          count[at(dst, e)] += count[at(src, e)];
        }
      }
      ++out.messages;
    };
    // The packing's orientation: a reversed packing's arcs read head to tail, so its out-tree
    // edge from -> to runs, as data, to -> from over arcs whose tail is `to`'s side.
    if (gather)
      for (const auto& e : tree.edges) run(e);
    else
      for (auto it = tree.edges.rbegin(); it != tree.edges.rend(); ++it) run(*it);
  }
  // Final state.
  for (std::uint64_t c = 0; c < N; ++c)
    for (std::size_t r = 0; r < roots.size(); ++r) {
      if (!gather && n.compute[c] != roots[r]) continue;
      for (std::uint64_t e = r * p.per_root; e < (r + 1) * p.per_root; ++e) {
        const std::size_t i = static_cast<std::size_t>(c * E + e);
        const std::int64_t want = gather ? detail::initial_value(roots[r], e) : expected[e];
        if (value[i] != want || (!gather && count[i] != N))
          core::fail(where, "compute vertex " + core::to_message(n.compute[c]) + " ends with " +
                                (value[i] == absent && gather ? std::string("nothing") : core::to_message(value[i])) +
                                " at element " + core::to_message(e) + " (root " + core::to_message(roots[r]) +
                                "), not " + core::to_message(want) +
                                (gather ? "" : " from " + core::to_message(N) + " contributions (" + core::to_message(count[i]) + ")"));
      }
    }
  for (std::size_t a = 0; a < carried.size(); ++a) {
    out.max_arc_elements = std::max(out.max_arc_elements, carried[a]);
    // carried · den ≤ units · E · num
    if (static_cast<unsigned __int128>(carried[a]) * time_denominator >
        static_cast<unsigned __int128>(n.units[a]) * E * time_numerator)
      core::fail(where, "arc " + core::to_message(n.tail[a]) + " -> " + core::to_message(n.head[a]) + " carries " +
                            core::to_message(carried[a]) + " of " + core::to_message(E) + " elements, more than its " +
                            core::to_message(n.units[a]) + " b allow in " + core::to_message(time_numerator) + "/" +
                            core::to_message(time_denominator) + " M/b");
  }
  out.verified = true;
  return out;
}

}  // namespace shiftfly::collectives
