#pragma once
/// \file path_diversity.hpp
/// Path diversity: how many shortest paths, and how many disjoint paths, join the pairs
/// of a graph, as exact distributions.
///
///     path_count_stats shortest_path_counts(g, path_count_options{how, threads});
///     local_connectivity_result local_connectivity(g, s, t, how = traversal::undirected);
///     disjoint_paths_stats disjoint_paths(g, how = traversal::undirected, options = {});
///
/// Shortest-path counts: σ(s, t), the number of shortest s–t paths, for every ordered pair
/// s ≠ t, by one breadth-first search per source with σ(s) = 1 and σ(w) = Σ σ(v) over the
/// predecessors v of w on a shortest path (the counting pass of U. Brandes, "A faster
/// algorithm for betweenness centrality", J. Math. Sociol. 25(2), 2001). Counts are kept in
/// 64 bits with checked additions: a count past 2^64 − 1 is refused (one line naming the
/// smallest source whose search overflowed and the target), never wrapped; exact wider counts
/// are not kept. The result is a histogram σ → ordered pairs (σ = 0: t unreachable from s),
/// with min, max and mean over the reachable pairs (the mean from an exact 128-bit sum).
///
/// Disjoint paths: λ(s, t), the most edge-disjoint s–t paths, and κ(s, t), the most
/// internally vertex-disjoint ones (an edge s–t counts as one path), which by Menger's
/// theorem (K. Menger, Fund. Math. 10, 1927) are the maximum s–t flows with unit arc
/// capacities, on the arc network and the split network of metrics/cuts/connectivity.hpp (whose
/// unit-capacity augmenting paths they reuse). Each flow stops at min(out-degree of s,
/// in-degree of t), which it cannot exceed. Over every ordered pair ("exact over all
/// pairs"; undirected, each unordered pair is computed once and counted twice), or over
/// `samples` ordered pairs drawn with core::python_random(seed):
/// s = randrange(n), then t = randrange(n − 1), t += 1 if t >= s (with replacement;
/// "sampled: k pairs, seed s"). Result: a histogram value → pairs for each, min and mean.
/// Before the run, the arc scans of 16 evenly spaced pairs of the list (or all, if fewer)
/// are extrapolated to the whole list, as estimate_connectivity_cost does; a run estimated
/// above options.max_work scans is refused with the estimate (arc scans and seconds at
/// connectivity_scans_per_second), and the estimate is returned in `work_estimate`.
///
/// The view is the undirected physical graph or, with traversal::arcs, the digraph of arcs
/// (loops ignored and repeated arcs merged: a parallel arc adds neither a shortest path nor
/// a disjoint one). Work is split over `threads` workers; the per-worker histograms are
/// integer sums, so every result is identical for any thread count.

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/core/worker_pool.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/distances/destination_pass.hpp"
#include "shiftfly/metrics/cuts/connectivity.hpp"
#include "shiftfly/metrics/distances/detail/ms_bfs.hpp"

namespace shiftfly::metrics {

/// The distribution of σ(s, t) over the ordered pairs s ≠ t.
struct path_count_stats {
  /// σ → ordered pairs with that many shortest paths (0 = unreachable).
  std::map<std::uint64_t, std::uint64_t> histogram;
  /// Ordered pairs s ≠ t, and those with t reachable from s.
  std::uint64_t pairs = 0, reachable = 0;
  /// Over the reachable pairs (0 when there are none).
  std::uint64_t min = 0, max = 0;
  double mean = 0.0;
  bool directed = false;
};

/// λ(s, t) and κ(s, t) of one pair.
struct local_connectivity_result {
  /// Most edge-disjoint s–t paths.
  std::uint64_t edge = 0;
  /// Most internally vertex-disjoint s–t paths (the edge s–t, if any, is one of them).
  std::uint64_t vertex = 0;
};

/// How shortest_path_counts runs.
struct path_count_options {
  /// Arcs (a digraph's) or the undirected physical graph.
  traversal how = traversal::undirected;
  /// Worker threads (0 = all cores, at most 1024).
  unsigned threads = 1;
};

/// How disjoint_paths runs.
struct disjoint_paths_options {
  /// 0 = every ordered pair; else this many sampled pairs (1 to 10^9).
  std::uint64_t samples = 0;
  /// Seed of the sampled pairs.
  std::uint64_t seed = 1;
  /// Worker threads (0 = all cores, at most 1024).
  unsigned threads = 1;
  /// Refuse a run whose estimated arc scans exceed this (1 to 10^15; 2·10^10 is about
  /// 100 s at connectivity_scans_per_second).
  std::uint64_t max_work = 20'000'000'000ULL;
};

/// The distributions of λ(s, t) and κ(s, t) over the pairs.
struct disjoint_paths_stats {
  /// λ → pairs and κ → pairs.
  std::map<std::uint64_t, std::uint64_t> edge, vertex;
  /// Pairs counted (ordered), flows computed (two per pair computed).
  std::uint64_t pairs = 0, flows = 0;
  std::uint64_t edge_min = 0, vertex_min = 0;
  double edge_mean = 0.0, vertex_mean = 0.0;
  /// "exact over all pairs" or "sampled: k pairs, seed s".
  std::string method;
  bool directed = false;
  /// Arc scans estimated before the run (the pilot's extrapolation).
  std::uint64_t work_estimate = 0;
};

namespace detail {

template <core::digraph_like G>
inline csr diversity_rows(const G& g, traversal how, const char* where) {
  using V = typename G::vertex_type;
  if (how == traversal::arcs) {
    require_arcs(where, g);
    return make_csr(g.num_vertices(), [&](std::size_t v) { return g.out_arcs(static_cast<V>(v)); });
  }
  return make_csr(g.num_vertices(), [&](std::size_t v) { return g.neighbors(static_cast<V>(v)); });
}

/// One part's shortest-path counts; `overflow` holds the first (source, target) past 2^64 − 1.
struct path_count_part {
  std::map<std::uint64_t, std::uint64_t> histogram;
  unsigned __int128 sum = 0;
  std::optional<std::pair<std::size_t, std::size_t>> overflow;
};

template <class T>
inline void finish_distribution(const std::map<std::uint64_t, std::uint64_t>& h, bool skip_zero, T& min, T& max,
                                double& mean, std::uint64_t& counted) {
  unsigned __int128 sum = 0;
  counted = 0;
  min = max = 0;
  for (const auto& [value, pairs] : h) {
    if (skip_zero && value == 0) continue;
    if (counted == 0) min = value;
    max = value;
    counted += pairs;
    sum += static_cast<unsigned __int128>(value) * pairs;
  }
  mean = counted ? static_cast<double>(sum) / static_cast<double>(counted) : 0.0;
}

/// Counts the shortest paths from the root while the search runs (sigma(v) = the sum of
/// sigma(u) over the DAG arcs u -> v); the first count past 2^64 - 1 stops the counting.
struct path_count_policy : split_policy_base {
  std::uint64_t* sigma;
  std::optional<std::size_t> overflow_at;
  void dag_arc(std::uint32_t u, std::uint32_t w) {
    if (!overflow_at && __builtin_add_overflow(sigma[w], sigma[u], &sigma[w])) overflow_at = w;
  }
};
}  // namespace detail

/// The exact distribution of the number of shortest paths σ(s, t) over the ordered pairs.
template <core::digraph_like G>
inline path_count_stats shortest_path_counts(const G& g, const path_count_options& o = {}) {
  constexpr const char* where = "metrics::shortest_path_counts";
  const traversal how = o.how;
  const unsigned threads = o.threads;
  const std::size_t n = g.num_vertices();
  core::require_range(where, "n", n, 1, std::uint64_t{1} << 32);
  core::require_range(where, "threads", threads, 0, 1024);
  const detail::csr a = detail::diversity_rows(g, how, where);
  const unsigned workers = core::resolve_threads(threads);
  core::require_memory(where, "the shortest-path counts of " + core::to_message(n) + " vertices",
                       core::estimate_add_mul(0, n, 24 * static_cast<std::uint64_t>(workers) + 8));
  const std::size_t parts = std::min<std::size_t>(n, 64);
  std::vector<detail::path_count_part> out(parts);
  core::for_each_part(parts, workers, [&](std::size_t p) {
    auto& part = out[p];
    const auto range = core::block_range(n, p, parts);
    std::vector<std::uint64_t> sigma(n, 0), values;
    values.reserve(n);
    shortest_path_dag dag;
    const csr_view<std::uint32_t> view{a.offsets, a.targets};
    detail::path_count_policy count{{}, sigma.data(), std::nullopt};
    for (std::size_t s = range.begin; s < range.end && !part.overflow; ++s) {
      sigma[s] = 1;
      dag.search(view, static_cast<std::uint32_t>(s), count);
      if (count.overflow_at) part.overflow = std::pair<std::size_t, std::size_t>{s, *count.overflow_at};
      values.clear();
      for (std::size_t i = 1; i < dag.reached; ++i) values.push_back(sigma[dag.order[i]]);
      for (std::size_t i = 0; i < dag.reached; ++i) sigma[dag.order[i]] = 0;
      if (part.overflow) break;
      std::sort(values.begin(), values.end());
      for (std::size_t i = 0; i < values.size();) {
        std::size_t j = i;
        while (j < values.size() && values[j] == values[i]) ++j;
        part.histogram[values[i]] += j - i;
        i = j;
      }
      if (values.size() + 1 < n) part.histogram[0] += n - 1 - values.size();
    }
  });
  path_count_stats r;
  r.directed = how == traversal::arcs;
  for (const auto& part : out) {
    if (part.overflow)
      core::fail(where, "the number of shortest paths from vertex " + core::to_message(part.overflow->first) +
                            " to vertex " + core::to_message(part.overflow->second) +
                            " exceeds 2^64 - 1 (counts are kept in 64 bits)");
    for (const auto& [value, pairs] : part.histogram) r.histogram[value] += pairs;
  }
  r.pairs = static_cast<std::uint64_t>(n) * (n - 1);
  detail::finish_distribution(r.histogram, true, r.min, r.max, r.mean, r.reachable);
  return r;
}

namespace detail {

/// The two unit-capacity networks of a view and the flow bound of each pair.
struct disjoint_networks {
  csr a, at;
  unit_network arcs, split;
  explicit disjoint_networks(csr rows)
      : a(std::move(rows)), at(transpose(a)), arcs(arc_network(a)), split(split_network(a)) {}
  [[nodiscard]] std::size_t bound(std::uint32_t s, std::uint32_t t) const {
    return std::min(a.degree(s), at.degree(t));
  }
};

/// λ(s, t), κ(s, t) with the given workers' flows.
inline local_connectivity_result pair_flows(const disjoint_networks& net, unit_flow& edge_flow, unit_flow& vertex_flow,
                                            std::uint32_t s, std::uint32_t t) {
  const std::size_t b = net.bound(s, t);
  return {edge_flow.flow(s, t, b), vertex_flow.flow(2 * s + 1, 2 * t, b)};
}

}  // namespace detail

/// λ(s, t) and κ(s, t) of one ordered pair s ≠ t.
template <core::digraph_like G>
inline local_connectivity_result local_connectivity(const G& g, std::uint64_t s, std::uint64_t t,
                                                    traversal how = traversal::undirected) {
  constexpr const char* where = "metrics::local_connectivity";
  const std::size_t n = g.num_vertices();
  core::require_range(where, "n", n, 2, connectivity_max_vertices);
  core::require_range(where, "s", s, 0, n - 1);
  core::require_range(where, "t", t, 0, n - 1);
  if (s == t) core::fail_parameter(where, "t", core::to_message(t), "equals s", "a vertex other than s");
  const detail::disjoint_networks net(detail::diversity_rows(g, how, where));
  detail::unit_flow e(net.arcs), v(net.split);
  return detail::pair_flows(net, e, v, static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(t));
}

/// The distributions of λ(s, t) and κ(s, t) over every ordered pair or a seeded sample.
template <core::digraph_like G>
inline disjoint_paths_stats disjoint_paths(const G& g, traversal how = traversal::undirected,
                                           const disjoint_paths_options& o = {}) {
  constexpr const char* where = "metrics::disjoint_paths";
  const std::size_t n = g.num_vertices();
  core::require_range(where, "n", n, 2, connectivity_max_vertices);
  core::require_range(where, "samples", o.samples, 0, 1'000'000'000ULL);
  core::require_range(where, "threads", o.threads, 0, 1024);
  core::require_range(where, "max_work", o.max_work, 1, 1'000'000'000'000'000ULL);
  const bool directed = how == traversal::arcs;
  detail::csr rows = detail::diversity_rows(g, how, where);
  // The pairs: `sampled` drawn up front; all pairs by index i over the ordered pairs,
  // s = i / (n − 1), t = i % (n − 1) (+1 from s on), undirected only those with s < t.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> sampled;
  const std::uint64_t ordered = static_cast<std::uint64_t>(n) * (n - 1);
  const std::uint64_t indices = o.samples == 0 ? ordered : o.samples;
  const std::uint64_t computed = o.samples != 0 ? o.samples : directed ? ordered : ordered / 2;
  const std::uint64_t weight = o.samples == 0 && !directed ? 2 : 1;
  if (o.samples != 0) {
    core::require_memory(where, "the list of " + core::to_message(o.samples) + " sampled pairs",
                         core::estimate_add_mul(0, o.samples, 8));
    core::python_random rng(o.seed);
    sampled.reserve(o.samples);
    for (std::uint64_t i = 0; i < o.samples; ++i) {
      const auto s = rng.randrange(n);
      auto t = rng.randrange(n - 1);
      if (t >= s) ++t;
      sampled.push_back({static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(t)});
    }
  }
  const auto pair_at = [&](std::uint64_t i) -> std::pair<std::uint32_t, std::uint32_t> {
    if (o.samples != 0) return sampled[i];
    const auto s = static_cast<std::uint32_t>(i / (n - 1));
    auto t = static_cast<std::uint32_t>(i % (n - 1));
    if (t >= s) ++t;
    return {s, t};
  };
  const auto skipped = [&](const std::pair<std::uint32_t, std::uint32_t>& p) {
    return o.samples == 0 && !directed && p.first > p.second;
  };
  const std::uint64_t network_arcs = 2 * (n + rows.targets.size()) + 2 * rows.targets.size();
  const unsigned workers =
      static_cast<unsigned>(std::min<std::uint64_t>(core::resolve_threads(o.threads), indices));
  core::require_memory(where, "the flow networks of " + core::to_message(n) + " vertices",
                       core::estimate_add_mul(0, network_arcs, 21 + 2 * static_cast<std::uint64_t>(workers)));
  const detail::disjoint_networks net(std::move(rows));
  // The pilot: arc scans of up to 16 evenly spaced pairs, extrapolated to the list.
  std::uint64_t estimate = 0;
  {
    const std::uint64_t k = std::min<std::uint64_t>(indices, 16);
    detail::unit_flow ef(net.arcs), vf(net.split);
    for (std::uint64_t j = 0; j < k; ++j) {
      const auto [s, t] = pair_at(static_cast<std::uint64_t>(static_cast<unsigned __int128>(j) * indices / k));
      detail::pair_flows(net, ef, vf, s, t);
    }
    const long double scans = static_cast<long double>(ef.scans() + vf.scans());
    const long double total = scans / static_cast<long double>(k) * static_cast<long double>(computed);
    estimate = total >= 1.8e19L ? UINT64_MAX : static_cast<std::uint64_t>(total + 0.5L);
  }
  if (estimate > o.max_work) {
    char seconds[64];
    std::snprintf(seconds, sizeof seconds, "%.0f", std::ceil(static_cast<double>(estimate) / connectivity_scans_per_second));
    core::fail_parameter(where, "max_work", core::to_message(o.max_work),
                         "is below the estimated " + core::to_message(estimate) + " arc scans (about " + seconds +
                             " s on one core) of " + core::to_message(2 * computed) +
                             " maximum flows on " + core::to_message(n) + " vertices",
                         "1 to 10^15; raise it, or sample pairs");
  }
  std::vector<std::map<std::uint64_t, std::uint64_t>> edge(workers), vertex(workers);
  std::atomic<std::uint64_t> next{0};
  core::run_workers(workers, [&](unsigned w) {
    detail::unit_flow ef(net.arcs), vf(net.split);
    for (std::uint64_t i; (i = next.fetch_add(1)) < indices;) {
      const auto p = pair_at(i);
      if (skipped(p)) continue;
      const auto r = detail::pair_flows(net, ef, vf, p.first, p.second);
      edge[w][r.edge] += weight;
      vertex[w][r.vertex] += weight;
    }
  });
  disjoint_paths_stats r;
  r.directed = directed;
  for (unsigned w = 0; w < workers; ++w) {
    for (const auto& [value, count] : edge[w]) r.edge[value] += count;
    for (const auto& [value, count] : vertex[w]) r.vertex[value] += count;
  }
  r.flows = 2 * computed;
  r.work_estimate = estimate;
  std::uint64_t max_unused = 0, counted = 0;
  detail::finish_distribution(r.edge, false, r.edge_min, max_unused, r.edge_mean, r.pairs);
  detail::finish_distribution(r.vertex, false, r.vertex_min, max_unused, r.vertex_mean, counted);
  r.method = o.samples == 0 ? "exact over all pairs"
                            : "sampled: " + core::to_message(o.samples) + " pairs, seed " + core::to_message(o.seed);
  return r;
}

}  // namespace shiftfly::metrics
