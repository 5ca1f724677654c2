#pragma once
/// \file throughput_balanced.hpp
/// A certified lower bound on throughput from shortest-path routing whose splits are
/// balanced round after round: θ(T) ≥ 1 / (the largest load of a link per unit of its
/// capacity) of any routing of T, and each round is one.
///
///   struct balanced_routing_options { threads, how, max_rounds, target, max_seconds, step, patience, gap_patience,
///                                     progress };
///   throughput_lower_bound_result balanced_throughput_bound(const G& g, const traffic_matrix& T, options);
///   throughput_lower_bound_result balanced_uniform_throughput_bound(const G& g, options);
///
/// The routing (model and capacities as metrics/flow/throughput_lp.hpp): every demand T(s,t)
/// is split over its shortest paths, each path P carrying the share Π_{a∈P} w_a / Σ_P' Π_{a∈P'} w_a
/// for arc weights w > 0 common to every demand. One BFS, one forward pass and one backward
/// pass a source compute it without listing paths: this is Dial's algorithm on the
/// shortest-path DAG (detail::ecmp_route_source with weights, metrics/flow/throughput_ecmp.hpp).
/// The weights differ by arc but the split at a vertex differs by source, through the
/// products upstream; a split by arc weights alone (the same at a vertex for every source)
/// stalled 16 % above the mean load on Shiftfly's 576 groups, where this reaches 0.1 %.
///
/// The rounds: w_a = c_a·exp(−y_a), y = 0 at first; after a round with loads x_a per unit
/// capacity and mean load x̄, y_a += η·(x_a / x̄ − 1) (multiplicative weights on the
/// congestion: loaded arcs lose share, idle ones gain), y clamped to [−40, 40]; η = step,
/// halved after a round worse than the best. The default step 1.5 was measured on Shiftfly's
/// 2,304 groups: within 5 % of the distance bound after 4 rounds, against 6 at η = 1 and a
/// worse round (then halved) at η = 2. The best round's bound is the answer. The
/// rounds stop at max_rounds, at `target`, at max_seconds, or when the best bound has gained
/// less than 0.1 % over the last `patience` rounds (the algorithm string then says "stalled");
/// with `gap_patience` and a target, when the gap to the target has not halved over them instead
/// (a run aimed at exactness: where θ* is the distance bound the gap shrinks geometrically, by
/// about half a round on Jellyfish's 1,000 routers of degree 40, to 1e-7 in 26 rounds).
///
/// What it can reach: a routing on shortest paths only, so at most the distance bound
/// capacity / Σ T(s,t)·d(s,t) (metrics/flow/throughput_bound.hpp), and at most θ* where the
/// optimum needs longer paths (Boardfly's pods: the shortest paths between two pods share
/// their few direct links). Where θ* meets the distance bound (the group-level Shiftfly
/// graphs measured: 576 groups, 2,304, 12,500), its bound closes on it in a few rounds
/// (docs/performance.md). `target` stops the
/// rounds once the bound reaches it.
///
/// The work: a round is the ECMP routing's work with one more pass over the in-arcs (the
/// forward pass; it also gives the sums the backward pass divides by), O(n·arcs). Loads are summed
/// in fixed blocks of sources (detail::ecmp_loads), so every round, and the answer, is
/// bit-identical for every thread count, unless `max_seconds` stops the rounds (a round is
/// not started when the last one's time would take it past max_seconds): then the number
/// of rounds depends on the machine, and `rounds` says how many ran.
///
/// References: R. B. Dial, "A probabilistic multipath traffic assignment model which
/// obviates path enumeration", Transportation Research 5 (1971); the multiplicative weights
/// update of S. Arora, E. Hazan and S. Kale, Theory of Computing 8 (2012) (docs/references.md).

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/metrics/flow/detail/capacity_network.hpp"
#include "shiftfly/metrics/flow/throughput_ecmp.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"

namespace shiftfly::metrics {

/// Rounds of the balanced routing unless told otherwise.
inline constexpr std::uint64_t balanced_routing_default_rounds = 40;

/// The relative gain over `patience` rounds below which the rounds have stalled.
inline constexpr double balanced_routing_min_gain = 1e-3;

/// After each round: the round (from 1) and the best bound so far.
struct balanced_routing_progress {
  std::uint64_t round = 0;
  double lower = 0.0;
};

/// How many rounds, how fast, and when to stop.
struct balanced_routing_options {
  unsigned threads = 0;  ///< 0 = every hardware thread; the result does not depend on it
  traversal how = traversal::undirected;
  std::uint64_t max_rounds = balanced_routing_default_rounds;  ///< 1 to 100,000
  double target = 0.0;       ///< stop once the bound reaches this θ (0 = run every round)
  double max_seconds = 0.0;  ///< do not start a round that would end past this (0 = no limit)
  double step = 1.5;         ///< η of the weight update, above 0 to 16
  /// Stop when the best bound has gained less than 0.1 % over this many rounds (it has stalled,
  /// as where the optimum needs longer paths); 0 = never, else 1 to 1,000.
  std::uint64_t patience = 4;
  /// With a target: the rounds have stalled when target − bound has not halved over `patience`
  /// rounds, rather than the bound gaining less than 0.1 % (for a run aimed at exactness).
  bool gap_patience = false;
  std::function<void(const balanced_routing_progress&)> progress;  ///< after every round
};

namespace detail {

inline void require_balanced_options(std::string_view where, const balanced_routing_options& o) {
  core::require_range(where, "threads", o.threads, 0, 1024);
  core::require_range(where, "max_rounds", o.max_rounds, 1, 100'000);
  if (!(o.target >= 0.0) || !std::isfinite(o.target))
    core::throw_out_of_range(where, "target", o.target, "0 (none) or a finite θ above 0");
  if (!(o.max_seconds >= 0.0) || !std::isfinite(o.max_seconds))
    core::throw_out_of_range(where, "max_seconds", o.max_seconds, "0 (no limit) or finite seconds above 0");
  if (!(o.step > 0.0 && o.step <= 16.0)) core::throw_out_of_range(where, "step", o.step, "above 0 to 16");
  core::require_range(where, "patience", o.patience, 0, 1000);
}

/// The rounds over the listed sources; demand(s, v) is T(s, v).
template <core::digraph_like G, class Demand>
throughput_lower_bound_result balanced_bound(std::string_view where, const G& g, std::span<const std::uint32_t> sources,
                                             Demand&& demand, const balanced_routing_options& o,
                                             const std::string& traffic_name) {
  const auto start = std::chrono::steady_clock::now();
  const auto net = make_capacity_network(where, g, o.how);
  const std::size_t arcs = net.arcs();
  core::require_memory(where, "the arc weights (" + core::to_message(arcs) + " arcs, 3 vectors)",
                       core::estimate_add_mul(0, static_cast<std::uint64_t>(arcs) * 3, 8));
  std::vector<double> y(arcs, 0.0), weight(net.capacity), load;
  throughput_lower_bound_result best, round;
  best.capacity = round.capacity = net.total_capacity;
  double eta = o.step, last_seconds = 0.0;
  std::uint64_t rounds = 0, best_round = 0;
  std::vector<double> history;  // the best bound after each round
  std::string stopped;
  for (; rounds < o.max_rounds; ++rounds) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (rounds > 0 && o.max_seconds > 0.0 && elapsed + last_seconds > o.max_seconds) break;
    const auto t0 = std::chrono::steady_clock::now();
    if (!ecmp_loads(where, net, sources, demand, o.threads, weight.data(), load)) {
      best.unreachable = true;
      best.method = "exact";
      best.algorithm = "exact: a demanded target is unreachable";
      best.value = best.max_load = 0.0;
      best.rounds = rounds + 1;
      return best;
    }
    ecmp_summarize(net, load, round);
    last_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (rounds == 0 || round.max_load < best.max_load) {
      best.max_load = round.max_load;
      best.mean_load = round.mean_load;
      best.value = round.value;
      best_round = rounds + 1;
    } else {
      eta /= 2;  // worse than the best: a smaller step
    }
    if (o.progress) o.progress(balanced_routing_progress{rounds + 1, best.value});
    history.push_back(best.value);
    if (o.target > 0.0 && best.value >= o.target) {
      ++rounds;
      break;
    }
    const double before = o.patience > 0 && history.size() > o.patience ? history[history.size() - 1 - o.patience] : 0.0;
    if (before > 0.0 && (o.gap_patience && o.target > 0.0 ? o.target - best.value > 0.5 * (o.target - before)
                                                            : best.value < before * (1.0 + balanced_routing_min_gain))) {
      ++rounds;
      stopped = ", stalled";
      break;
    }
    // multiplicative weights on the congestion (see the file comment)
    if (round.mean_load > 0.0)
      for (std::size_t a = 0; a < arcs; ++a) {
        y[a] = std::clamp(y[a] + eta * (load[a] / net.capacity[a] / round.mean_load - 1.0), -40.0, 40.0);
        weight[a] = net.capacity[a] * std::exp(-y[a]);
      }
  }
  best.rounds = rounds;
  best.algorithm = "1 / max link load of balanced shortest-path routing: each demand split over its shortest paths "
                   "by the product of arc weights, the weights updated on the congestion (BFS and Dial's passes; " +
                   core::to_message(rounds) + (rounds == 1 ? " round" : " rounds") + ", best round " +
                   core::to_message(best_round) + stopped + "; " + traffic_name + ")";
  return best;
}

}  // namespace detail

/// θ(T) ≥ the best round's 1 / max load (see the file comment).
template <core::digraph_like G>
throughput_lower_bound_result balanced_throughput_bound(const G& g, const traffic_matrix& T,
                                                        const balanced_routing_options& o = {}) {
  constexpr std::string_view where = "balanced_throughput_bound";
  detail::require_balanced_options(where, o);
  const auto demand = detail::traffic_demand(where, g, T);
  return detail::balanced_bound(where, g, T.sources_with_demand(), demand, o, detail::traffic_label(T));
}

/// The same bound for uniform traffic (one unit for every ordered pair), without building
/// the n² traffic matrix.
template <core::digraph_like G>
throughput_lower_bound_result balanced_uniform_throughput_bound(const G& g, const balanced_routing_options& o = {}) {
  constexpr std::string_view where = "balanced_uniform_throughput_bound";
  detail::require_balanced_options(where, o);
  const std::uint64_t n = g.num_vertices();
  core::require_range(where, "n", n, 2, traffic_max_vertices);
  std::vector<std::uint32_t> sources(n);
  for (std::uint64_t s = 0; s < n; ++s) sources[s] = static_cast<std::uint32_t>(s);
  return detail::balanced_bound(where, g, sources, [](std::uint32_t s, std::size_t v) { return v == s ? 0.0 : 1.0; },
                                o, "uniform traffic");
}

}  // namespace shiftfly::metrics
