#pragma once
/// \file multicast.hpp
/// Definition 6.1 (Shiftfly paper): the cost of serving one item from its home
/// to a set of requesters. Unicast cost U charges every reached requester its
/// full BFS distance; tree cost T counts once each edge of the union of the
/// BFS-tree paths requester → home (a Steiner tree of the requesters, so
/// T <= U); efficiency is U / T (1 when T = 0). Also the merge step of two
/// routes and the mean merge depth. Semantics, tie rules and random draws are
/// the reference artefact's (topology/metrics.py `multicast`,
/// `mean_multicast_efficiency`, `merge_step`, `mean_merge_depth`).

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"

namespace shiftfly::metrics {

/// Definition 6.1 for one item.
struct multicast_result {
  /// Σ over reached requesters of d(home, requester) (repeats counted).
  std::uint64_t unicast_cost = 0;
  /// Edges in the union of the BFS-tree paths from the reached requesters to the home.
  std::uint64_t tree_cost = 0;
  /// unicast_cost / tree_cost, 1 when tree_cost = 0.
  double efficiency = 1.0;
  /// Requesters reachable from the home (repeats counted).
  std::size_t reached = 0;
};

/// Definition 6.1 on a given BFS tree rooted at the home.
template <class V>
inline multicast_result multicast(const bfs_result<V>& tree, std::span<const V> requesters) {
  const std::size_t n = tree.distance.size();
  multicast_result r;
  std::vector<char> on_tree(n, 0);  // v's edge to its parent is already counted
  for (V v : requesters) {
    core::require_range("metrics::multicast", "requester", v, 0, n - 1);
    if (tree.distance[v] < 0) continue;
    ++r.reached;
    r.unicast_cost += static_cast<std::uint64_t>(tree.distance[v]);
    for (V u = v; u != tree.source && !on_tree[u]; u = tree.parent[u]) {
      on_tree[u] = 1;
      ++r.tree_cost;
    }
  }
  r.efficiency = r.tree_cost ? static_cast<double>(r.unicast_cost) / static_cast<double>(r.tree_cost) : 1.0;
  return r;
}

/// Definition 6.1: BFS tree from `home` over the undirected graph, then the costs.
template <core::graph_like G>
inline multicast_result multicast(const G& g, typename G::vertex_type home,
                                  std::span<const typename G::vertex_type> requesters) {
  return multicast(bfs(g, home), requesters);
}

/// Mean efficiency and mean unicast distance over `trials` random (home, requester set)
/// draws (reference `mean_multicast_efficiency`: home = randrange(n), requesters =
/// sample(range(n), min(fanout, n)), seed 13 by default).
struct mean_multicast_result {
  double efficiency = 1.0;
  double mean_distance = 0.0;
  std::size_t trials_counted = 0;
};

template <core::graph_like G>
inline mean_multicast_result mean_multicast_efficiency(const G& g, std::size_t trials = 200, std::size_t fanout = 32,
                                                       std::uint64_t seed = 13) {
  using V = typename G::vertex_type;
  const std::size_t n = g.num_vertices();
  core::require_range("metrics::mean_multicast_efficiency", "n", n, 1, std::uint64_t{1} << 32);
  core::require_range("metrics::mean_multicast_efficiency", "trials", trials, 1, 100000000);
  core::require_range("metrics::mean_multicast_efficiency", "fanout", fanout, 1, std::uint64_t{1} << 32);
  core::python_random rng(seed);
  double eff = 0, dist = 0;
  mean_multicast_result out;
  std::vector<V> req;
  for (std::size_t t = 0; t < trials; ++t) {
    const auto home = static_cast<V>(rng.randrange(n));
    const auto drawn = rng.sample_range(n, std::min(fanout, n));
    req.assign(drawn.begin(), drawn.end());
    const auto r = multicast(g, home, std::span<const V>(req));
    if (r.reached) {
      eff += r.efficiency;
      dist += static_cast<double>(r.unicast_cost) / static_cast<double>(r.reached);
      ++out.trials_counted;
    }
  }
  if (out.trials_counted) {
    out.efficiency = eff / static_cast<double>(out.trials_counted);
    out.mean_distance = dist / static_cast<double>(out.trials_counted);
  }
  return out;
}

/// Merge step of two routes (source first): the smallest min(i, j) over positions with
/// path_a[i] == path_b[j] (last occurrence in path_b), or -1 if they share no vertex.
/// For two shift routes, routing::shift_merge_step gives it from the labels (Theorem 5.3).
template <class V>
inline std::int64_t merge_step(std::span<const V> path_a, std::span<const V> path_b) {
  std::unordered_map<V, std::size_t> pos_b;
  for (std::size_t j = 0; j < path_b.size(); ++j) pos_b[path_b[j]] = j;  // last occurrence wins, as in a dict
  std::int64_t best = -1;
  for (std::size_t i = 0; i < path_a.size(); ++i) {
    auto it = pos_b.find(path_a[i]);
    if (it == pos_b.end()) continue;
    const auto k = static_cast<std::int64_t>(std::min(i, it->second));
    if (best < 0 || k < best) best = k;
  }
  return best;
}

/// Mean merge depth (reference `mean_merge_depth`, seed 17): per trial draw home, a, b
/// with randrange(n) each; skip a == b or either equal to home; route both to the home
/// with `route(x, home)` (a vertex sequence, x first) and average the merge steps >= 0.
template <core::graph_like G, class Route>
  requires std::invocable<Route&, typename G::vertex_type, typename G::vertex_type>
inline double mean_merge_depth(const G& g, Route&& route, std::size_t trials = 400, std::uint64_t seed = 17) {
  using V = typename G::vertex_type;
  const std::size_t n = g.num_vertices();
  core::require_range("metrics::mean_merge_depth", "n", n, 1, std::uint64_t{1} << 32);
  core::require_range("metrics::mean_merge_depth", "trials", trials, 1, 100000000);
  core::python_random rng(seed);
  std::uint64_t total = 0, count = 0;
  for (std::size_t t = 0; t < trials; ++t) {
    const auto home = static_cast<V>(rng.randrange(n));
    const auto a = static_cast<V>(rng.randrange(n));
    const auto b = static_cast<V>(rng.randrange(n));
    if (a == b || a == home || b == home) continue;
    const std::vector<V> pa = route(a, home), pb = route(b, home);
    const auto k = merge_step<V>(pa, pb);
    if (k >= 0) {
      total += static_cast<std::uint64_t>(k);
      ++count;
    }
  }
  return count ? static_cast<double>(total) / static_cast<double>(count) : 0.0;
}

/// Mean merge depth with BFS-tree routes (the reference's use_shift=False branch):
/// each route climbs the BFS tree of the home; trees are cached per home.
template <core::graph_like G>
inline double mean_merge_depth(const G& g, std::size_t trials = 400, std::uint64_t seed = 17) {
  using V = typename G::vertex_type;
  std::unordered_map<V, bfs_result<V>> trees;
  auto route = [&](V x, V home) {
    auto it = trees.find(home);
    if (it == trees.end()) it = trees.emplace(home, bfs(g, home)).first;
    return tree_path(it->second, x);
  };
  return mean_merge_depth(g, route, trials, seed);
}

}  // namespace shiftfly::metrics
