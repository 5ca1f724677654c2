#pragma once
/// \file bfs.hpp
/// Single-source breadth-first search (Moore 1959; textbook form in Cormen et
/// al., Introduction to Algorithms, §22.2): hop distances and a BFS tree.
///
/// Tie rule (the reference artefact's, topology/metrics.py `bfs_tree`): the
/// queue is FIFO and each vertex's neighbours are scanned in the order the graph
/// stores them, so a vertex's parent is the first vertex, in queue order, that
/// discovers it. The library's physical adjacency is sorted ascending, so over
/// the undirected graph neighbours are scanned in ascending order; along the
/// arcs they are scanned in generation order (graph::out_arcs).

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"

namespace shiftfly::metrics {

/// Which edges a search follows: the undirected physical graph or the directed arcs.
enum class traversal { undirected, arcs };

/// Distances and BFS-tree parents from one source.
template <class V>
struct bfs_result {
  /// Sentinel parent of the source and of unreachable vertices.
  static constexpr V no_parent = std::numeric_limits<V>::max();
  V source{};
  /// distance[v] = hops from the source, or -1 if v is unreachable.
  std::vector<std::int32_t> distance;
  /// parent[v] = predecessor of v in the BFS tree (no_parent for the source and unreachable vertices).
  std::vector<V> parent;
  /// Number of vertices reached, the source included.
  std::size_t reached = 0;
  /// Largest finite distance (the source's eccentricity within its reach).
  std::int32_t eccentricity = 0;
};

namespace detail {

template <class G>
inline void require_source(const char* where, const G& g, std::uint64_t source) {
  if (g.num_vertices() == 0) core::fail(where, "the graph has no vertices");
  core::require_range(where, "source", source, 0, g.num_vertices() - 1);
}

template <class G>
inline void require_arcs(const char* where, const G& g) {
  if (!g.has_arcs()) core::fail(where, "graph '" + std::string(g.name()) + "' has no directed arcs");
}

// Generic FIFO BFS; `next(u)` yields the range scanned from u.
template <class V, class Next>
inline bfs_result<V> bfs_core(std::size_t n, V source, Next&& next) {
  bfs_result<V> r;
  r.source = source;
  r.distance.assign(n, -1);
  r.parent.assign(n, bfs_result<V>::no_parent);
  std::vector<V> queue;
  queue.reserve(n);
  queue.push_back(source);
  r.distance[source] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const V u = queue[head];
    const std::int32_t du = r.distance[u] + 1;
    for (auto v : next(u)) {
      if (r.distance[v] < 0) {
        r.distance[v] = du;
        r.parent[v] = u;
        queue.push_back(static_cast<V>(v));
      }
    }
  }
  r.reached = queue.size();
  r.eccentricity = r.distance[queue.back()];
  return r;
}

}  // namespace detail

/// BFS over the undirected physical graph from `source` (neighbours in ascending order).
template <core::graph_like G>
inline bfs_result<typename G::vertex_type> bfs(const G& g, typename G::vertex_type source) {
  detail::require_source("metrics::bfs", g, source);
  return detail::bfs_core<typename G::vertex_type>(g.num_vertices(), source,
                                                   [&](auto u) { return g.neighbors(u); });
}

/// BFS along the directed arcs from `source` (out-arcs in generation order).
template <core::digraph_like G>
inline bfs_result<typename G::vertex_type> bfs_arcs(const G& g, typename G::vertex_type source) {
  detail::require_source("metrics::bfs_arcs", g, source);
  detail::require_arcs("metrics::bfs_arcs", g);
  return detail::bfs_core<typename G::vertex_type>(g.num_vertices(), source,
                                                   [&](auto u) { return g.out_arcs(u); });
}

/// BFS following `how` (undirected graph or arcs).
template <core::digraph_like G>
inline bfs_result<typename G::vertex_type> bfs(const G& g, typename G::vertex_type source, traversal how) {
  return how == traversal::arcs ? bfs_arcs(g, source) : bfs(g, source);
}

/// The BFS-tree path from v up to the root (v first, root last); {v} alone if v is the root,
/// and the partial path if v is unreachable (reference semantics: climb while a parent exists).
template <class V>
inline std::vector<V> tree_path(const bfs_result<V>& tree, V v) {
  core::require_range("metrics::tree_path", "v", v, 0, tree.parent.empty() ? 0 : tree.parent.size() - 1);
  std::vector<V> out{v};
  while (out.back() != tree.source && tree.parent[out.back()] != bfs_result<V>::no_parent)
    out.push_back(tree.parent[out.back()]);
  return out;
}

}  // namespace shiftfly::metrics
