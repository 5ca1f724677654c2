#pragma once
/// \file bisection_partition.hpp
/// A bisection as a certificate: a split of the vertices into two halves of sizes
/// ⌊n/2⌋ and ⌈n/2⌉ (either side may be the larger) and the number of edges it cuts,
/// counted here on the undirected physical graph (loops and repeated edges ignored;
/// a directed family is measured on its physical graph, as every bisection bound of
/// the library is, so an arc pair u → v, v → u on one cable is one edge).
///
/// - bisection_partition: {cut, side, method}; side[v] is 0 or 1.
/// - bisection_cut(g, side): the edges cut by `side`, after checking that it is a
///   bisection (one line naming the first problem otherwise);
/// - rebalance_bisection(g, side): makes any 0/1 split a bisection by moving, one at a
///   time, the vertex of the larger side whose move adds the fewest cut edges (the
///   lowest id among ties), and returns the cut recounted from scratch.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"

namespace shiftfly::metrics {

/// A bisection and the edges it cuts (an upper bound on the bisection width, or the
/// width itself when `method` says exact).
struct bisection_partition {
  /// Edges of the physical graph with one end on each side.
  std::uint64_t cut = 0;
  /// side[v] ∈ {0, 1}; the sides hold ⌊n/2⌋ and ⌈n/2⌉ vertices.
  std::vector<std::uint8_t> side;
  /// How it was found, e.g. "upper bound (METIS, best of 8 seeded runs)".
  std::string method;
};

/// Edges of the physical graph cut by `side`, which must hold one 0/1 entry per vertex
/// with ⌊n/2⌋ vertices on one side and ⌈n/2⌉ on the other.
template <core::graph_like G>
inline std::uint64_t bisection_cut(const G& g, const std::vector<std::uint8_t>& side) {
  using V = typename G::vertex_type;
  const std::size_t n = g.num_vertices();
  if (side.size() != n)
    core::fail_parameter("metrics::bisection_cut", "side", "", "has " + core::to_message(side.size()) + " entries",
                         core::to_message(n) + ", one per vertex");
  std::size_t ones = 0;
  for (std::size_t v = 0; v < n; ++v) {
    if (side[v] > 1)
      core::fail_parameter("metrics::bisection_cut", "side[" + core::to_message(v) + "]",
                           core::to_message(static_cast<unsigned>(side[v])), "is not a side", "0 or 1");
    ones += side[v];
  }
  if (ones != n / 2 && ones != n - n / 2)
    core::fail_parameter("metrics::bisection_cut", "side", "", "puts " + core::to_message(ones) + " of " +
                                                                   core::to_message(n) + " vertices on side 1",
                         core::to_message(n / 2) + " or " + core::to_message(n - n / 2));
  std::uint64_t cut = 0;
  for (std::size_t u = 0; u < n; ++u)
    for (auto v : g.neighbors(static_cast<V>(u))) cut += static_cast<std::size_t>(v) > u && side[v] != side[u];
  return cut;
}

/// Makes `side` (0/1 per vertex) a bisection by greedy moves from the larger side
/// (each time the vertex adding the fewest cut edges, lowest id among ties; O(moves·n + m))
/// and returns its cut, recounted by bisection_cut.
template <core::graph_like G>
inline std::uint64_t rebalance_bisection(const G& g, std::vector<std::uint8_t>& side) {
  using V = typename G::vertex_type;
  const std::size_t n = g.num_vertices();
  if (side.size() != n)
    core::fail_parameter("metrics::rebalance_bisection", "side", "",
                         "has " + core::to_message(side.size()) + " entries", core::to_message(n) + ", one per vertex");
  std::size_t ones = 0;
  for (std::size_t v = 0; v < n; ++v) {
    if (side[v] > 1)
      core::fail_parameter("metrics::rebalance_bisection", "side[" + core::to_message(v) + "]",
                           core::to_message(static_cast<unsigned>(side[v])), "is not a side", "0 or 1");
    ones += side[v];
  }
  // gain[v] = (neighbours on v's side) − (neighbours across): the cut grows by it when v moves.
  std::vector<std::int64_t> gain(n, 0);
  for (std::size_t u = 0; u < n; ++u)
    for (auto v : g.neighbors(static_cast<V>(u)))
      if (static_cast<std::size_t>(v) != u) gain[u] += side[v] == side[u] ? 1 : -1;
  const std::size_t hi = n - n / 2;
  while (ones > hi || n - ones > hi) {
    const std::uint8_t from = ones > hi ? 1 : 0;
    std::size_t best = n;
    for (std::size_t v = 0; v < n; ++v)
      if (side[v] == from && (best == n || gain[v] < gain[best])) best = v;
    side[best] = static_cast<std::uint8_t>(1 - from);
    gain[best] = -gain[best];
    for (auto w : g.neighbors(static_cast<V>(best)))
      if (static_cast<std::size_t>(w) != best) gain[w] += side[w] == side[best] ? 2 : -2;
    ones = from ? ones - 1 : ones + 1;
  }
  return bisection_cut(g, side);
}

}  // namespace shiftfly::metrics
