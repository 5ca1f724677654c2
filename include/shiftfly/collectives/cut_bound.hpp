#pragma once
/// \file cut_bound.hpp
/// Exact cut bounds of the collectives on any fabric (docs/collectives.md), each with the cut
/// that attains it, in integer arithmetic (capacities are whole units of the link bandwidth b:
/// collectives/network.hpp).
///
///   cut_ratio optimal_allgather_cut(const collective_network& n, const std::vector<std::uint32_t>& targets = {},
///                                   bool reversed = false, const cut_search_options& o = {});
///   cut_ratio root_cut(const collective_network& n, std::uint32_t root, bool reversed = false);
///   cut_ratio separating_cut(const collective_network& n, bool vertex_transitive = false);
///
/// - optimal_allgather_cut: ForestColl's optimum (L. Zhao et al., "ForestColl: Efficient Collective
///   Communications on Heterogeneous Network Fabrics", arXiv 2402.06787; L. Zhao and
///   A. Krishnamurthy, arXiv 2305.18461, section 1.1): the all-gather takes at least
///   (M/N) · max over S of |S ∩ Vc| / B+(S), S a vertex set holding at least one compute node and
///   not all of them, B+(S) the bandwidth leaving S; a packing of spanning out-trees reaches it.
///   Returned as the cut S and the ratio B+(S) / |S ∩ Vc| = x*, the least over all such S.
///   The search is ForestColl's optimality test: add a source s with an arc of capacity x to every
///   compute node; x ≤ x* exactly when every compute node v has a minimum s-v cut of at least N·x
///   (a cut {s} ∪ S with v ∉ S costs x·|Vc \ S| + B+(S)). Starting from the best single-vertex and
///   all-but-one cuts, each failed test yields a cut of strictly smaller ratio (Newton's step, as
///   Dinkelbach's method for fractional programs), so the search ends, on the exact x*, after
///   finitely many steps; x = p/q is tested with every capacity scaled by q, all integers.
///   `targets`: the compute vertices to test (one a vertex orbit of an automorphism group that
///   preserves the compute set gives the same answer); empty: all. `reversed`: on the reversed
///   arcs, B+ becomes the bandwidth entering S: the reduce-scatter, the time reversal of an
///   all-gather. `o.threads` (0: every core) run the tests side by side in blocks; the first failed
///   test of a block moves the search on as one thread would, so the answer and `max_flows` are
///   those of one thread.
/// - root_cut: λ = the least over compute vertices v ≠ root of the root's minimum cut to v, in
///   units (Edmonds' branching theorem: J. Edmonds, "Edge-disjoint branchings", 1973; a broadcast
///   of M from the root takes at least M/(λ·b), and λ arc-disjoint spanning arborescences reach it
///   when every vertex is a compute node). `reversed`: the cut from v to the root (reduce).
/// - separating_cut: the least, over vertex sets S holding some compute nodes and not all, of
///   min(B+(S), B−(S)): an all-reduce must move M bytes out of and into every such S (docs/collectives.md).
///   By maximum flows from the first compute node, except where a theorem gives the answer, the
///   same cut {root} and units the flows would find (the root's side of its first minimum cut is
///   the least one holding it, and {root} is one), with no flow: on a connected network whose arcs
///   pair up, (a) when the root's links carry the least units of any arc (every separating set has
///   an arc leaving it), as where endpoints are split off; (b) when `vertex_transitive` (the
///   caller's proof: every vertex a compute node, one orbit of the automorphism group) and every
///   arc has the same units: a connected vertex-transitive graph's edge connectivity is its degree
///   (W. Mader, "Minimale n-fach kantenzusammenhängende Graphen", Math. Ann. 191, 1971; Godsil and
///   Royle, Algebraic Graph Theory, section 3.3). (c) Every vertex a compute node, every arc the
///   same units, no loop: flows to a dominating set D only (a greedy one, from the root), as in
///   D. W. Matula, "Determining edge connectivity in O(nm)", FOCS 1987: λ is the least degree δ
///   unless some flow from the root to D is below it (a minimum cut below δ has on each side a
///   vertex whose neighbours are all on that side, else a side of s vertices would have
///   s·δ <= s(s - 1) + λ < s(s - 1) + δ, impossible for s <= λ < δ; so D meets both sides); then
///   the flows in the compute nodes' order up to the first that reaches λ give the flows' cut
///   (then at most |D| flows more than the scan alone; where λ = δ, |D| + a few in all).

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "shiftfly/collectives/max_flow.hpp"
#include "shiftfly/collectives/network.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/worker_pool.hpp"

namespace shiftfly::collectives {

/// A cut S and its ratio units / compute_inside (units of b leaving S, compute nodes in S).
struct cut_ratio {
  std::uint64_t units = 0;           ///< B(S) in units of b
  std::uint64_t compute_inside = 0;  ///< |S ∩ Vc| (root_cut, separating_cut: 1)
  std::vector<std::uint32_t> cut;    ///< S, ascending
  std::uint64_t max_flows = 0;       ///< maximum flows computed
};

/// How optimal_allgather_cut searches (never what it answers).
struct cut_search_options {
  unsigned threads = 1;  ///< worker threads for the tests, 0 = every core; the cut and max_flows do not depend on it
};

namespace detail {

inline void require_compute(const collective_network& n, const char* where) {
  if (n.compute.size() < 2)
    core::fail(where, "the network has " + core::to_message(n.compute.size()) +
                          " compute nodes; accepted: at least 2 (a collective needs two)");
}

/// units leaving S (or entering, reversed) and compute nodes in S.
inline cut_ratio measure_cut(const collective_network& n, const std::vector<char>& in, bool reversed) {
  cut_ratio c;
  for (std::size_t i = 0; i < n.tail.size(); ++i) {
    const auto from = reversed ? n.head[i] : n.tail[i], to = reversed ? n.tail[i] : n.head[i];
    if (in[from] && !in[to]) c.units += n.units[i];
  }
  for (auto v : n.compute) c.compute_inside += in[v] ? 1 : 0;
  for (std::uint32_t v = 0; v < n.vertices; ++v)
    if (in[v]) c.cut.push_back(v);
  return c;
}

/// a/b < c/d for positive denominators.
inline bool less_ratio(std::uint64_t a, std::uint64_t b, std::uint64_t c, std::uint64_t d) {
  return static_cast<unsigned __int128>(a) * d < static_cast<unsigned __int128>(c) * b;
}

inline std::uint64_t total_units(const collective_network& n) {
  std::uint64_t t = 0;
  for (auto u : n.units) t = core::checked_add(t, u, "cut_bound", "the total link capacity in units of b", std::numeric_limits<std::uint32_t>::max());
  return t;
}

}  // namespace detail

inline cut_ratio optimal_allgather_cut(const collective_network& n, const std::vector<std::uint32_t>& targets = {},
                                       bool reversed = false, const cut_search_options& o = {}) {
  const unsigned threads = o.threads;
  constexpr const char* where = "optimal_allgather_cut";
  detail::require_compute(n, where);
  const std::uint64_t N = n.compute.size();
  detail::total_units(n);
  // The best single-vertex cuts: S = {c} (ratio out(c) / 1) and S = V \ {c} (in(c) / (N - 1)).
  std::vector<std::uint64_t> out(n.vertices, 0), in(n.vertices, 0);
  for (std::size_t i = 0; i < n.tail.size(); ++i) {
    out[reversed ? n.head[i] : n.tail[i]] += n.units[i];
    in[reversed ? n.tail[i] : n.head[i]] += n.units[i];
  }
  std::vector<char> side(n.vertices, 0);
  cut_ratio best;
  bool have = false;
  for (auto c : n.compute)
    for (int all_but : {0, 1}) {
      const std::uint64_t units = all_but ? in[c] : out[c], inside = all_but ? N - 1 : 1;
      if (!have || detail::less_ratio(units, inside, best.units, best.compute_inside)) {
        std::fill(side.begin(), side.end(), static_cast<char>(all_but));
        side[c] = static_cast<char>(!all_but);
        best = detail::measure_cut(n, side, reversed);
        have = true;
      }
    }
  // The flow network: vertex n.vertices is the source s; one copy a worker.
  flow_network net(n.vertices + 1);
  std::vector<std::uint32_t> arc(n.tail.size()), source_arc(N);
  for (std::size_t i = 0; i < n.tail.size(); ++i)
    arc[i] = net.add_arc(reversed ? n.head[i] : n.tail[i], reversed ? n.tail[i] : n.head[i], 0);
  for (std::size_t k = 0; k < N; ++k) source_arc[k] = net.add_arc(n.vertices, n.compute[k], 0);
  const auto& test = targets.empty() ? n.compute : targets;
  const unsigned workers = std::max(1U, std::min<unsigned>(core::resolve_threads(threads),
                                                           static_cast<unsigned>(std::min<std::size_t>(test.size(), 64))));
  std::vector<flow_network> nets(workers, net);
  // The tests run in blocks of a few a worker, all at the ratio p/q of the best cut so far; the
  // first failed test of a block (in the order of `test`) gives the next cut, and the search goes
  // on from it, as one thread would: the tests after it in the block are dropped. So the cut, the
  // ratio and the count of flows (the flows one thread would run) do not depend on the threads.
  const std::size_t block = workers == 1 ? 1 : 4 * static_cast<std::size_t>(workers);
  std::vector<char> failed(block);
  std::vector<std::vector<char>> sides(block);
  std::uint64_t flows = 0;
  for (std::size_t t = 0; t < test.size();) {
    if (best.units == 0) break;  // a cut no bandwidth leaves: infinite time (a disconnected network)
    const std::uint64_t p = best.units, q = best.compute_inside;
    const std::uint64_t need = N * p;
    const std::size_t count = std::min(block, test.size() - t);
    core::run_workers(workers, [&](unsigned w) {
      auto& mine = nets[w];
      for (std::size_t i = 0; i < n.tail.size(); ++i) mine.set_capacity(arc[i], n.units[i] * q);
      for (std::size_t k = 0; k < N; ++k) mine.set_capacity(source_arc[k], p);
      for (std::size_t j = w; j < count; j += workers) {
        failed[j] = mine.max_flow(n.vertices, test[t + j], need) < need;
        if (failed[j]) sides[j] = mine.source_side(n.vertices);
      }
    });
    std::size_t first = 0;
    while (first < count && !failed[first]) ++first;
    flows += std::min(count, first + 1);
    if (first == count) {
      t += count;
      continue;
    }
    auto s_side = std::move(sides[first]);
    s_side.pop_back();
    auto found = detail::measure_cut(n, s_side, reversed);
    if (found.compute_inside == 0 || !detail::less_ratio(found.units, found.compute_inside, p, q))
      core::fail(where, "internal: a failed test gave no better cut");  // cannot happen (see the file comment)
    best = std::move(found);
    t += first;  // the failed node is tested again at the new ratio
  }
  best.max_flows = flows;
  return best;
}

inline cut_ratio root_cut(const collective_network& n, std::uint32_t root, bool reversed = false) {
  constexpr const char* where = "root_cut";
  detail::require_compute(n, where);
  if (root >= n.vertices || std::find(n.compute.begin(), n.compute.end(), root) == n.compute.end())
    core::fail_parameter(where, "root", core::to_message(root), "is not a compute vertex");
  detail::total_units(n);
  flow_network net(n.vertices);
  for (std::size_t i = 0; i < n.tail.size(); ++i)
    net.add_arc(reversed ? n.head[i] : n.tail[i], reversed ? n.tail[i] : n.head[i], n.units[i]);
  cut_ratio best;
  bool have = false;
  std::uint64_t flows = 0;
  for (auto v : n.compute) {
    if (v == root) continue;
    const std::uint64_t limit = have ? best.units : std::numeric_limits<std::uint64_t>::max();
    const std::uint64_t f = net.max_flow(root, v, limit);
    ++flows;
    if (!have || f < best.units) {
      auto side = net.source_side(root);
      best = detail::measure_cut(n, side, reversed);
      have = true;
    }
  }
  best.compute_inside = 1;
  best.max_flows = flows;
  return best;
}

inline cut_ratio separating_cut(const collective_network& n, bool vertex_transitive = false) {
  constexpr const char* where = "separating_cut";
  detail::require_compute(n, where);
  detail::total_units(n);
  bool symmetric = true;  // every arc's reverse carries the same units: one direction suffices
  {
    std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint64_t>> a, b;
    for (std::size_t i = 0; i < n.tail.size(); ++i) {
      a.emplace_back(n.tail[i], n.head[i], n.units[i]);
      b.emplace_back(n.head[i], n.tail[i], n.units[i]);
    }
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    symmetric = a == b;
  }
  // The theorems of the file comment: the cut {root} without a flow (the answer the flows give).
  if (symmetric && !n.tail.empty() && components(n).size() == 1) {
    const auto root = n.compute.front();
    const std::uint64_t least = *std::min_element(n.units.begin(), n.units.end());
    const bool uniform = std::all_of(n.units.begin(), n.units.end(), [&](std::uint64_t u) { return u == least; });
    std::uint64_t out_root = 0;
    for (std::size_t i = 0; i < n.tail.size(); ++i)
      if (n.tail[i] == root) out_root += n.units[i];
    if (out_root == least || (vertex_transitive && uniform && n.compute.size() == n.vertices)) {
      std::vector<char> in(n.vertices, 0);
      in[root] = 1;
      auto c = detail::measure_cut(n, in, false);
      c.compute_inside = 1;
      c.max_flows = 0;
      return c;
    }
    bool loop = false;
    for (std::size_t i = 0; i < n.tail.size(); ++i) loop = loop || n.tail[i] == n.head[i];
    if (uniform && !loop && n.compute.size() == n.vertices) {  // (c): Matula's dominating set
      std::vector<std::uint64_t> offset(n.vertices + 1, 0), degree(n.vertices, 0);
      for (std::size_t i = 0; i < n.tail.size(); ++i) ++offset[n.tail[i] + 1];
      for (std::uint32_t v = 0; v < n.vertices; ++v) offset[v + 1] += offset[v];
      std::vector<std::uint32_t> next(n.tail.size());
      {
        auto at = offset;
        for (std::size_t i = 0; i < n.tail.size(); ++i) next[at[n.tail[i]]++] = n.head[i];
      }
      std::uint64_t lambda = std::numeric_limits<std::uint64_t>::max();
      for (std::uint32_t v = 0; v < n.vertices; ++v) lambda = std::min(lambda, (offset[v + 1] - offset[v]) * least);
      flow_network net(n.vertices);
      for (std::size_t i = 0; i < n.tail.size(); ++i) net.add_arc(n.tail[i], n.head[i], n.units[i]);
      std::uint64_t flows = 0;
      std::vector<char> dominated(n.vertices, 0);
      const auto take = [&](std::uint32_t v) {
        dominated[v] = 1;
        for (auto k = offset[v]; k < offset[v + 1]; ++k) dominated[next[k]] = 1;
      };
      take(root);
      for (std::uint32_t v = 0; v < n.vertices; ++v)
        if (!dominated[v]) {
          take(v);
          lambda = std::min(lambda, net.max_flow(root, v, lambda));
          ++flows;
        }
      for (auto v : n.compute) {
        if (v == root) continue;
        const std::uint64_t f = net.max_flow(root, v, lambda + 1);
        ++flows;
        if (f == lambda) {
          auto c = detail::measure_cut(n, net.source_side(root), false);
          c.compute_inside = 1;
          c.max_flows = flows;
          return c;
        }
      }
      core::fail(where, "internal: no compute node reached the least cut");  // cannot happen (see the file comment)
    }
  }
  cut_ratio best;
  bool have = false;
  std::uint64_t flows = 0;
  for (int dir = 0; dir < (symmetric ? 1 : 2); ++dir) {
    const auto c = root_cut(n, n.compute.front(), dir == 1);
    flows += c.max_flows;
    if (!have || c.units < best.units) {
      best = c;
      have = true;
    }
  }
  best.max_flows = flows;
  return best;
}

}  // namespace shiftfly::collectives
