#pragma once
/// \file k_shortest_paths.hpp
/// K-shortest-paths routing (ksp:K): the traffic of a pair split evenly over its K
/// shortest simple (loopless) paths, found by Yen's algorithm (J. Y. Yen, "Finding the K
/// shortest loopless paths in a network", Management Science 17(11), 1971), on the
/// undirected physical graph with unit link lengths.
///
/// Order of the paths (the tie rule): paths are ranked by length, then by their vertex
/// sequences compared lexicographically (vertex ids). This is a strict total order on the
/// simple s-t paths, and the routing takes exactly its first K paths (all of them when the
/// graph has fewer than K): Yen's algorithm is exact for any strict total order that
/// compares two paths with a common root as it compares their spurs, provided each spur
/// path is the least one in that order. Here a spur path is found by a BFS from the
/// destination over the vertices not in the root, then the walk from the spur node that
/// takes, at each step, the lowest-id neighbour one step closer: the lexicographically
/// least of the shortest spur paths. A pair with K' paths (K' <= K) puts 1/K' of its
/// traffic on each; a channel used by c of them carries c/K'.
///
/// Cost: every one of the K paths tries at most n spur nodes, each a BFS of O(n + m):
/// O(K n (n + m)) time per pair; memory O(K n + m): the found paths and at most K - |found|
/// candidates (only the least of them can still be taken), each at most n vertices.
/// `k_shortest_paths_pair_work` gives the step count K·n·(n + 2m) a caller multiplies by
/// its pair count to refuse a run up front (`require_k_shortest_paths_within`).
///
/// API:
///   class k_shortest_paths_routing {
///     k_shortest_paths_routing(const core::graph<>& g, std::uint32_t K);  // 1 <= K <= 1024
///     void shares(s, t, std::vector<channel_share>& out) const;  // appends, each channel once, by channel
///     void paths(s, t, std::vector<routed_path>& out) const;     // appends the K' paths in order
///   };
///   std::uint64_t k_shortest_paths_pair_work(const core::graph<>& g, std::uint32_t K);  // saturating
///   void require_k_shortest_paths_within(g, K, pairs, max_steps);
/// The routing refers to the graph, which must outlive it; its calls are independent
/// (every call uses its own scratch), so several threads may call one routing.

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/routing/channel_share.hpp"
#include "shiftfly/routing/routed_path.hpp"

namespace shiftfly::routing {

/// The largest K accepted.
inline constexpr std::uint32_t k_shortest_paths_max_k = 1024;

/// Steps of one pair's Yen run at worst, K·n·(n + 2m) (saturating at 2^64 - 1).
inline std::uint64_t k_shortest_paths_pair_work(const core::graph<>& g, std::uint32_t K) {
  const std::uint64_t n = g.num_vertices(), bfs = n + 2 * static_cast<std::uint64_t>(g.num_edges());
  std::uint64_t r = 0;
  if (__builtin_mul_overflow(static_cast<std::uint64_t>(K), n, &r) || __builtin_mul_overflow(r, bfs, &r))
    return std::numeric_limits<std::uint64_t>::max();
  return r;
}

/// Refuses, in one line with the estimate, a ksp:K run over `pairs` pairs whose worst-case
/// step count K·n·(n + 2m)·pairs exceeds `max_steps`.
inline void require_k_shortest_paths_within(const core::graph<>& g, std::uint32_t K, std::uint64_t pairs,
                                            std::uint64_t max_steps) {
  std::uint64_t steps = 0;
  const bool overflow = __builtin_mul_overflow(k_shortest_paths_pair_work(g, K), pairs, &steps);
  if (overflow || steps > max_steps)
    core::fail_parameter("k_shortest_paths", "K", core::to_message(K),
                         "needs up to " + (overflow ? std::string("more than 2^64") : core::to_message(steps)) +
                             " steps (K n (n + 2m) per pair x " + core::to_message(pairs) + " pairs, n = " +
                             core::to_message(g.num_vertices()) + ", m = " + core::to_message(g.num_edges()) + ")",
                         "at most " + core::to_message(max_steps) + " steps");
}

/// Even split over the K shortest simple paths (see the file comment).
class k_shortest_paths_routing {
 public:
  k_shortest_paths_routing(const core::graph<>& g, std::uint32_t K) : g_(&g), k_(K) {
    core::require_range("k_shortest_paths", "K", K, 1, k_shortest_paths_max_k);
    core::require_at_least("k_shortest_paths", "vertex count", g.num_vertices(), 2);
  }

  [[nodiscard]] std::uint32_t k() const noexcept { return k_; }
  /// Steps of one pair at worst (k_shortest_paths_pair_work).
  [[nodiscard]] std::uint64_t pair_work() const { return k_shortest_paths_pair_work(*g_, k_); }

  /// The K' <= K shortest simple paths from s to t in the order of the file comment
  /// (none when t is unreachable).
  [[nodiscard]] std::vector<std::vector<std::uint32_t>> path_list(std::uint32_t s, std::uint32_t t) const {
    validate_pair("k_shortest_paths::paths", s, t);
    return yen(s, t);
  }

  /// Appends the paths, each with fraction 1/K'.
  void paths(std::uint32_t s, std::uint32_t t, std::vector<routed_path>& out) const {
    auto list = path_list(s, t);
    const double fraction = list.empty() ? 0.0 : 1.0 / static_cast<double>(list.size());
    for (auto& p : list) out.push_back({std::move(p), fraction});
  }

  /// Appends the channels of the (s, t) traffic, each once (ascending channel), with
  /// fraction c/K' for a channel on c of the K' paths. Refuses a pair with no path.
  void shares(std::uint32_t s, std::uint32_t t, std::vector<channel_share>& out) const {
    validate_pair("k_shortest_paths::shares", s, t);
    const auto list = yen(s, t);
    if (list.empty())
      core::fail("k_shortest_paths::shares",
                 "no path from source = " + core::to_message(s) + " to dest = " + core::to_message(t) + " (the graph is disconnected)");
    std::vector<std::uint64_t> channels;
    for (const auto& p : list)
      for (std::size_t i = 0; i + 1 < p.size(); ++i) channels.push_back(channel_of(*g_, p[i], p[i + 1]));
    std::sort(channels.begin(), channels.end());
    const double paths = static_cast<double>(list.size());
    for (std::size_t i = 0; i < channels.size();) {
      std::size_t j = i;
      while (j < channels.size() && channels[j] == channels[i]) ++j;
      out.push_back({channels[i], static_cast<double>(j - i) / paths});
      i = j;
    }
  }

 private:
  using path_type = std::vector<std::uint32_t>;

  /// Length, then lexicographic vertex sequence.
  struct path_order {
    bool operator()(const path_type& a, const path_type& b) const {
      return a.size() != b.size() ? a.size() < b.size() : a < b;
    }
  };

  /// Per-call scratch.
  struct scratch {
    std::vector<std::int32_t> dist;
    std::vector<char> blocked, removed;
    std::vector<std::uint32_t> queue;
  };

  void validate_pair(const char* where, std::uint32_t s, std::uint32_t t) const {
    const std::uint64_t n = g_->num_vertices();
    core::require_range(where, "source", s, 0, n - 1);
    core::require_range(where, "dest", t, 0, n - 1);
    if (s == t) core::fail_parameter(where, "dest", core::to_message(t), "equals the source", "a vertex other than the source");
  }

  /// The least (length, then lexicographic) path from `spur` to t that avoids the blocked
  /// vertices and leaves `spur` by no vertex marked removed; appended to `out` (without
  /// `spur`). False when there is none. sc.blocked must include `spur`.
  bool spur_path(std::uint32_t spur, std::uint32_t t, scratch& sc, path_type& out) const {
    const auto& g = *g_;
    std::fill(sc.dist.begin(), sc.dist.end(), -1);
    sc.queue.clear();
    sc.dist[t] = 0;
    sc.queue.push_back(t);
    for (std::size_t h = 0; h < sc.queue.size(); ++h) {
      const auto x = sc.queue[h];
      for (auto y : g.neighbors(x))
        if (sc.dist[y] < 0 && !sc.blocked[y]) {
          sc.dist[y] = sc.dist[x] + 1;
          sc.queue.push_back(y);
        }
    }
    std::int32_t best = -1;
    std::uint32_t first = 0;
    for (auto x : g.neighbors(spur))  // ascending: the first of least distance is the lowest id
      if (sc.dist[x] >= 0 && !sc.removed[x] && (best < 0 || sc.dist[x] < best)) {
        best = sc.dist[x];
        first = x;
      }
    if (best < 0) return false;
    std::uint32_t cur = first;
    out.push_back(cur);
    while (cur != t) {
      for (auto y : g.neighbors(cur))
        if (sc.dist[y] == sc.dist[cur] - 1) {
          cur = y;
          break;
        }
      out.push_back(cur);
    }
    return true;
  }

  std::vector<path_type> yen(std::uint32_t s, std::uint32_t t) const {
    const std::size_t n = g_->num_vertices();
    scratch sc{std::vector<std::int32_t>(n, -1), std::vector<char>(n, 0), std::vector<char>(n, 0), {}};
    sc.queue.reserve(n);
    std::vector<path_type> found;
    path_type first{s};
    sc.blocked[s] = 1;
    const bool reachable = spur_path(s, t, sc, first);
    sc.blocked[s] = 0;
    if (!reachable) return found;
    found.push_back(std::move(first));
    std::set<path_type, path_order> candidates;
    while (found.size() < k_) {
      const path_type last = found.back();
      std::vector<std::size_t> same_root(found.size());  // the found paths that begin with last[0..i]
      for (std::size_t j = 0; j < found.size(); ++j) same_root[j] = j;
      for (std::size_t i = 0; i + 1 < last.size(); ++i) {
        const std::uint32_t spur = last[i];
        std::erase_if(same_root, [&](std::size_t j) { return found[j].size() <= i + 1 || found[j][i] != spur; });
        // the next hops of every found path with this root, and the root's vertices, are out
        std::vector<std::uint32_t> removed;
        for (auto j : same_root) removed.push_back(found[j][i + 1]);
        for (auto x : removed) sc.removed[x] = 1;
        for (std::size_t j = 0; j <= i; ++j) sc.blocked[last[j]] = 1;
        path_type candidate(last.begin(), last.begin() + static_cast<std::ptrdiff_t>(i) + 1);
        if (spur_path(spur, t, sc, candidate)) candidates.insert(std::move(candidate));
        for (auto x : removed) sc.removed[x] = 0;
        for (std::size_t j = 0; j <= i; ++j) sc.blocked[last[j]] = 0;
      }
      // only the least K - |found| candidates can still be taken
      while (candidates.size() > k_ - found.size()) candidates.erase(std::prev(candidates.end()));
      // the least candidate not yet found (a candidate never repeats a found path, by the
      // removed next hops; the check keeps that an invariant rather than an assumption)
      while (!candidates.empty() && std::find(found.begin(), found.end(), *candidates.begin()) != found.end())
        candidates.erase(candidates.begin());
      if (candidates.empty()) break;
      found.push_back(*candidates.begin());
      candidates.erase(candidates.begin());
    }
    return found;
  }

  const core::graph<>* g_;
  std::uint32_t k_;
};

}  // namespace shiftfly::routing
