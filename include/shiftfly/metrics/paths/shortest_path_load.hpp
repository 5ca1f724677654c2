#pragma once
/// \file shortest_path_load.hpp
/// The load of every channel when every ordered pair of routers sends one unit along its
/// shortest paths (uniform traffic), under the two multipath rules of switches:
///
///   enum class shortest_path_split { ecmp, spread };
///   struct uniform_load_options { unsigned threads = 0; shortest_path_split split; std::uint64_t max_arc_visits; };
///   std::vector<double> uniform_shortest_path_load(const G& g, const uniform_load_options& o);
///   std::uint64_t uniform_load_arc_visits(const G& g);   // the work, for estimates
///
/// Channels: a channel is one direction of a physical link, indexed by CSR position of the
/// undirected physical graph: the channel u -> v is offsets[u] + (position of v in u's
/// sorted neighbour list), 2m channels in all (the indexing of routing/channel_share.hpp,
/// which this room does not include). The result has one load per channel: the sum, over
/// the ordered pairs s != t, of the fraction of the pair's unit that crosses the channel.
///
/// The splits (per destination t, on the distances d(., t) of the physical graph):
/// - ecmp: the flow of a pair that is at router u splits evenly over the channels u -> v
///   with d(v, t) = d(u, t) - 1 (what a switch does; D. Thaler and C. Hopps, RFC 2991).
/// - spread: an even split over all shortest s-t paths; at u the flow splits over the next
///   hops v in proportion to sigma(v, t), the number of shortest v-t paths. Summed over the
///   two channels of a link, this is twice the link's edge betweenness (U. Brandes, "A
///   faster algorithm for betweenness centrality", J. Math. Sociol. 25(2), 2001; networkx's
///   edge_betweenness_centrality(normalized=False) and igraph's edge_betweenness(directed=
///   False) count each unordered pair once, this counts both orders).
///
/// Algorithm: one BFS per destination t (the tree of d(., t), with c(u) = the number of
/// next hops of u for ecmp, sigma(u, t) for spread), then one pass from the farthest vertex
/// in: the flow at u is f(u) = 1 + what u receives, each next hop v gets f(u)/c(u) (ecmp)
/// or f(u)·sigma(v)/sigma(u) (spread) on the channel u -> v. This is Brandes' dependency
/// accumulation with the destination as root; the two splits differ only in c and in the
/// weight of v. Work: two scans of the 2m channels per destination, n·4m arc visits in all
/// (uniform_load_arc_visits), O(n + m) memory per thread (distances, order, c, received
/// flow and one load vector).
///
/// Relation to metrics/flow/throughput_ecmp.hpp: that routing runs per SOURCE s and pulls
/// the flow that must reach v from v's predecessors toward s in proportion to capacity
/// (with unit capacities: evenly). Under uniform traffic on an undirected graph, the flow
/// it puts on the channel u -> v (toward the destinations, away from s) is exactly the flow
/// this header's ecmp puts on v -> u with s as the destination: its uniform loads are the
/// reverse-channel loads of these ecmp loads, and both have the same maximum (a test checks
/// ecmp_uniform_throughput_bound's max_load against ours). Spread is symmetric under
/// reversal (the shortest s-t paths reversed are the shortest t-s paths), so its loads on
/// u -> v and v -> u need not be equal but per source and per destination give the same vector.
///
/// Disconnected graphs are refused (one line naming an unreachable vertex): uniform traffic
/// demands every pair, and a pair without a path has no route. Reproducibility: the
/// destinations are cut into blocks of uniform_load_block, each summed into its own vector in
/// destination order, and the blocks are added in block order (each channel's sum in that
/// order, over channel ranges in parallel), so the result is bit-identical for any thread
/// count. Running time is bounded up front: a run of more than `max_arc_visits` arc visits is
/// refused with the estimate.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/worker_pool.hpp"

namespace shiftfly::metrics {

/// How a pair's flow splits at a router over its shortest-path next hops.
enum class shortest_path_split {
  ecmp,    ///< evenly over the next hops
  spread,  ///< evenly over the shortest paths (in proportion to the next hops' path counts)
};

/// The name of a split ("ecmp", "spread").
inline std::string_view split_name(shortest_path_split s) noexcept {
  return s == shortest_path_split::spread ? "spread" : "ecmp";
}

/// Destinations per block of the load sum (fixed, so that thread counts do not change it).
inline constexpr std::size_t uniform_load_block = 64;

/// Arc visits per second of one core, for the refusal's time estimate (measured on the
/// 2-core test machine, docs/performance.md, "Uniform shortest-path load").
inline constexpr double uniform_load_visits_per_second = 4.0e8;

/// The default limit on arc visits: about 40 minutes of one core at the rate above
/// (Shiftfly at 36,000 groups takes 1.04·10^11).
inline constexpr std::uint64_t uniform_load_default_max_arc_visits = 1'000'000'000'000ULL;

/// How uniform_shortest_path_load runs.
struct uniform_load_options {
  /// Worker threads (0 = all cores, at most 1024).
  unsigned threads = 0;
  /// The multipath rule.
  shortest_path_split split = shortest_path_split::ecmp;
  /// Refuse a run estimated (uniform_load_arc_visits) above this many arc visits (1 to 10^15).
  std::uint64_t max_arc_visits = uniform_load_default_max_arc_visits;
};

/// Arc visits of the run: two scans of the 2m channels per destination.
template <core::digraph_like G>
std::uint64_t uniform_load_arc_visits(const G& g) {
  const std::uint64_t channels = g.targets().size();
  return core::checked_mul(core::checked_mul(static_cast<std::uint64_t>(g.num_vertices()), channels,
                                             "uniform_load_arc_visits", "vertices x channels"),
                           std::uint64_t{2}, "uniform_load_arc_visits", "vertices x channels");
}

namespace detail {

/// Per-worker scratch: O(n).
struct uniform_load_scratch {
  std::vector<std::int32_t> dist;
  std::vector<std::uint32_t> order;
  std::vector<double> count;     // next hops (ecmp) or sigma (spread)
  std::vector<double> received;  // flow received from farther vertices
};

/// Adds destination t's loads to `load` (2m channels). Returns false if a vertex is unreachable.
template <bool Spread, class V>
bool uniform_load_destination(std::span<const std::uint64_t> off, std::span<const V> tgt, std::uint32_t t,
                              uniform_load_scratch& w, double* load) {
  const std::size_t n = off.size() - 1;
  std::int32_t* dist = w.dist.data();
  double* count = w.count.data();
  double* received = w.received.data();
  std::uint32_t* order = w.order.data();
  std::fill(dist, dist + n, -1);
  std::fill(count, count + n, 0.0);
  std::fill(received, received + n, 0.0);
  dist[t] = 0;
  count[t] = 1.0;
  order[0] = t;
  std::size_t tail = 1;
  for (std::size_t h = 0; h < tail; ++h) {
    const std::uint32_t u = order[h];
    const std::int32_t du1 = dist[u] + 1;
    const double add = Spread ? count[u] : 1.0;
    for (auto i = off[u]; i < off[u + 1]; ++i) {
      const auto v = static_cast<std::uint32_t>(tgt[i]);
      if (dist[v] < 0) {
        dist[v] = du1;
        order[tail++] = v;
        count[v] = add;
      } else if (dist[v] == du1) {
        count[v] += add;
      }
    }
  }
  if (tail != n) return false;
  // From the farthest vertex in: u sends f(u) = 1 + received(u) to its next hops.
  for (std::size_t k = n; k-- > 1;) {
    const std::uint32_t u = order[k];
    const double g = (1.0 + received[u]) / count[u];
    const std::int32_t du = dist[u] - 1;
    for (auto i = off[u]; i < off[u + 1]; ++i) {
      const auto v = static_cast<std::uint32_t>(tgt[i]);
      if (dist[v] == du) {
        const double x = Spread ? g * count[v] : g;
        load[i] += x;
        received[v] += x;
      }
    }
  }
  return true;
}

}  // namespace detail

/// The load of every channel (CSR position) when every ordered pair s != t sends one unit,
/// split by o.split over shortest paths (see the file comment).
template <core::digraph_like G>
std::vector<double> uniform_shortest_path_load(const G& g, const uniform_load_options& o = {}) {
  constexpr std::string_view where = "uniform_shortest_path_load";
  core::require_range(where, "threads", o.threads, 0U, 1024U);
  if (o.split != shortest_path_split::ecmp && o.split != shortest_path_split::spread)
    core::fail_parameter(where, "split", core::to_message(static_cast<int>(o.split)), "is not a split",
                         "ecmp or spread");
  core::require_range(where, "max_arc_visits", o.max_arc_visits, std::uint64_t{1}, std::uint64_t{1'000'000'000'000'000ULL});
  const std::uint64_t n = g.num_vertices();
  core::require_range(where, "n", n, std::uint64_t{2}, std::uint64_t{0xffffffffULL});
  const std::uint64_t visits = uniform_load_arc_visits(g);
  if (visits > o.max_arc_visits) {
    char estimate[64];
    std::snprintf(estimate, sizeof estimate, "%.0f", std::ceil(static_cast<double>(visits) / uniform_load_visits_per_second));
    core::fail_parameter(where, "max_arc_visits", core::to_message(o.max_arc_visits),
                         "is below the estimated " + core::to_message(visits) + " arc visits (about " + estimate +
                             " s on one core) of " + core::to_message(n) + " vertices and " +
                             core::to_message(g.targets().size()) + " channels",
                         "1 to 10^15");
  }
  const auto off = g.offsets();
  const auto tgt = g.targets();
  const std::size_t channels = tgt.size();
  const std::size_t blocks = (n + uniform_load_block - 1) / uniform_load_block;
  const unsigned workers =
      static_cast<unsigned>(std::min<std::size_t>(core::resolve_threads(o.threads), blocks));
  core::require_memory(where,
                       "the channel loads (" + core::to_message(channels) + " channels, " +
                           core::to_message(workers + 1) + " copies) and " + core::to_message(workers) +
                           " workspaces of " + core::to_message(n) + " vertices",
                       core::estimate_add_mul(core::estimate_add_mul(0, std::uint64_t{workers} + 1, channels * 8),
                                              std::uint64_t{workers}, n * 24));
  std::vector<double> total(channels, 0.0);
  std::vector<std::vector<double>> part(workers, std::vector<double>(channels, 0.0));
  std::vector<detail::uniform_load_scratch> scratch(workers);
  for (auto& w : scratch) {
    w.dist.resize(n);
    w.order.resize(n);
    w.count.resize(n);
    w.received.resize(n);
  }
  std::vector<std::int64_t> unreachable(workers, -1);  // a destination whose BFS missed a vertex
  const bool spread = o.split == shortest_path_split::spread;
  // Waves of `workers` blocks: worker w takes block wave + w; then the wave's blocks are
  // added to the total in block order, channel ranges in parallel.
  for (std::size_t first = 0; first < blocks; first += workers) {
    const std::size_t in_wave = std::min<std::size_t>(workers, blocks - first);
    core::run_workers(static_cast<unsigned>(in_wave), [&](unsigned w) {
      double* load = part[w].data();
      std::fill(load, load + channels, 0.0);
      const std::size_t lo = (first + w) * uniform_load_block;
      const std::size_t hi = std::min<std::size_t>(n, lo + uniform_load_block);
      for (std::size_t t = lo; t < hi; ++t) {
        const bool ok = spread ? detail::uniform_load_destination<true>(off, tgt, static_cast<std::uint32_t>(t), scratch[w], load)
                               : detail::uniform_load_destination<false>(off, tgt, static_cast<std::uint32_t>(t), scratch[w], load);
        if (!ok) {
          unreachable[w] = static_cast<std::int64_t>(t);
          return;
        }
      }
    });
    for (std::size_t w = 0; w < in_wave; ++w)
      if (unreachable[w] >= 0) {
        const auto t = static_cast<std::uint64_t>(unreachable[w]);
        std::uint64_t missing = 0;
        while (missing < n && scratch[w].dist[missing] >= 0) ++missing;
        core::fail(where, "the graph is not connected: vertex " + core::to_message(missing) +
                              " does not reach vertex " + core::to_message(t) +
                              " (uniform traffic needs a path for every pair; accepted: a connected graph)");
      }
    core::parallel_for(channels, workers, workers, [&](std::size_t, std::size_t b, std::size_t e) {
      for (std::size_t w = 0; w < in_wave; ++w) {
        const double* p = part[w].data();
        for (std::size_t c = b; c < e; ++c) total[c] += p[c];
      }
    });
  }
  return total;
}

}  // namespace shiftfly::metrics
