#pragma once
/// \file throughput_mwu.hpp
/// A certified (1+ε) interval on the throughput under a traffic matrix, by
/// exponential length functions over shortest paths (the multiplicative-weights
/// scheme of Garg and Könemann and of Fleischer for maximum concurrent flow).
///
/// Model (as metrics/flow/throughput_lp.hpp): every undirected link carries one unit of
/// capacity in each direction (traversal::arcs: one unit per directed arc, parallel
/// arcs adding up); θ(T) is the largest θ such that θ·T is routable as a
/// multicommodity flow within capacity (maximum concurrent flow), over any paths.
///
/// API:
///   struct throughput_mwu_options { double epsilon = 0.05; unsigned threads = 0;
///     std::uint64_t max_rounds = 10000; traversal how = traversal::undirected; double path_slack = -1 (auto);
///     double max_seconds = 0 (no limit); std::function<void(const throughput_mwu_progress&)> progress; };
///   struct throughput_interval { lower, upper, method ("interval"), lower_method,
///     upper_method, algorithm, epsilon, rounds, converged, width, round_limit, estimated_seconds };
///   throughput_interval throughput_mwu(const G& g, const traffic_matrix& T, const throughput_mwu_options& = {});
///   struct throughput_mwu_cost { units_per_round, rounds, seconds };
///   throughput_mwu_cost estimate_throughput_mwu_cost(n, arcs, sources, epsilon, max_rounds);
///   double throughput_mwu_least_seconds(const throughput_mwu_cost&);   // its first min_rounds rounds
///   inline constexpr double throughput_mwu_min_epsilon = 1e-3, throughput_mwu_units_per_second = 3e7;
///   inline constexpr int throughput_mwu_mix_steps = 40;
///   inline constexpr std::uint64_t throughput_mwu_min_rounds = 2;
///
/// Both ends are certificates, whatever the number of rounds:
/// - lower: a flow that routes a multiple q·T exactly, divided by its congestion
///   λ = max_e flow_e / c_e, routes (q/λ)·T within capacity: θ ≥ q/λ (the "feasible scaled
///   flow"). Candidates, each scaled to route T once: each round's shortest-path routing of T
///   under that round's lengths (the first round's is ECMP), each phase's flow, the flow of all
///   GK phases so far, and the flow of the phases since the last power-of-two phase. A convex
///   combination of routings of T routes T, so the certificate is one kept routing `best`:
///   every candidate is mixed into it, best <- (1 − t)·best + t·candidate with t in [0, 1]
///   minimising the congestion (a golden-section search, throughput_mwu_mix_steps steps, on
///   that convex piecewise-linear function of t; the congestion of the vector kept is the one
///   certified, however well the search did). This costs O(arcs) a step, against the n
///   Dijkstra runs of a round, and is at least the best single candidate (what was certified
///   before); measured on Shiftfly of 2,304 groups it converges in 15 rounds against 21
///   (docs/performance.md, "The interval at 12,500 groups").
///   Symmetric traffic (T(s,t) = T(t,s) for all pairs: detected as the complete matrix of equal
///   demands, i.e. uniform traffic) on the undirected network (equal capacity both ways): the
///   reverse of a routing of T (every path backwards) routes Tᵀ = T with the load of (u, v) on
///   (v, u), so each candidate is first replaced by the mean of it and its reverse, whose
///   congestion is at most its own (the k-th arc u -> v is paired with the k-th v -> u).
/// - upper: for any lengths l ≥ 0, every routing of T has Σ_e l_e x_e ≥ α(l) =
///   Σ_(s,t) T(s,t)·dist_l(s,t), and Σ_e l_e x_e ≤ λ(x)·D(l) with D(l) = Σ_e l_e c_e, so
///   θ ≤ D(l)/α(l); the minimum over the rounds' length functions is reported (the dual
///   bound of Garg–Könemann).
/// The loop stops as soon as upper ≤ (1+ε)·lower (converged = true), or after the round limit
/// with the interval reached so far (converged = false; width = upper/lower − 1 says how wide
/// it is): both ends are still certificates, only further apart than asked.
///
/// ε and time. ε is at least throughput_mwu_min_epsilon = 10^-3: GK needs of the order of
/// ε^-2 phases, and below about 5·10^-3 the 10,000-round limit ends the runs measured first
/// (a Jellyfish of 120 routers, degree 4: ε = 0.05 in 133 rounds, 0.01 in 1,648, 0.002 not in
/// 10,000, where the width was 0.0064). The cost model (estimate_throughput_mwu_cost): a round
/// is one Dijkstra per source, K·(arcs + n·log2 n) work units, and ⌈ε^-2⌉ rounds are
/// estimated (at most max_rounds); throughput_mwu_units_per_second = 3·10^7. Measured on one
/// core of the 2-core development machine, with the pull-form router: 1.7·10^7 units/s
/// (Boardfly of 40 groups, uniform: dense, its GK phases take several steps a source), 3.5·10^7
/// (Shiftfly of 100 groups), 5·10^7 to 5.6·10^7 (Jellyfish of 120 and 300 routers), 1.3·10^8
/// (torus 30×30, permutation); the push-form router (shortest_path_router) takes 20 % less CPU
/// on Shiftfly of 2,304 groups (6 rounds: 27.8 s against 34.8 s user, loaded machine) and the
/// first round is a breadth-first search (about 60 s of CPU at 12,500 groups, 8.4·10^9 units:
/// 1.4·10^8 units/s), so the constant moved from 2·10^7 to 3·10^7, still on the long side.
/// The rounds are the uncertain part: 10 to 30 on those graphs at ε = 0.05 (the estimate says
/// 400), 2,049 on the torus, over 10,000 on the Boardfly; so the estimate errs long on most
/// graphs and the round limit below keeps the others in time (within 1.2x on the Boardfly). So
/// the estimate of the whole run is reported (estimated_seconds) but does not refuse a run: with
/// max_seconds > 0, a run whose first throughput_mwu_min_rounds rounds (the ECMP round and one
/// phase: the least that gives an interval) are estimated above it is refused before it starts
/// (core::invalid_parameter, with the estimate), and any other run is limited to the rounds
/// that fit in max_seconds by the model (round_limit), so that no run takes much longer than
/// allowed, whatever its convergence; a run the limit stops says converged = false. (Refusing
/// on the ⌈ε^-2⌉ estimate refused Shiftfly of 2,304 groups at the tools' 60 s, estimated at
/// 5,502 s at the then 2·10^7 units a second, which converged in 21 rounds, about 55 s on 2
/// threads; 15 rounds now.)
///
/// At 12,500 groups (uniform traffic, 2 threads, docs/performance.md "The interval at 12,500
/// groups"): the model allows 2 rounds in --max-seconds 600, and Shiftfly's interval after them
/// is (n − 1)θ ∈ [11.50, 13.17] (width 0.145, not converged; 410 s of CPU, 5.5 GB peak, most of
/// it the 156-million-pair traffic matrix: 1.9 GB held, its 3.7 GB entry list while it is built);
/// the rounds, not their cost, are what is left to cut.
///
/// Scale. The interval is computed for T·2^-e (e = T.demand_exponent(), exact) and both ends
/// are scaled back by 2^-e: sums such as Σ T·dist stay finite for demands up to the largest
/// double, and an end outside the normal doubles is refused, not rounded to 0 or ∞.
///
/// The rounds. Round 1 routes T along shortest paths under hop lengths l_e = 1/c_e (a
/// vertex's flow split evenly over its shortest-path in-arcs: ECMP; when all capacities are
/// equal, as on the undirected network, by breadth-first search instead of Dijkstra, with the
/// same bits: shortest_path_router::equal_lengths); its upper bound is the
/// capacity over the total shortest-path length (metrics/flow/throughput_bound.hpp), and it
/// fixes the scale σ (that upper bound), so that a phase's flow σ·T is about what fits.
/// Every later round is one phase of Garg–Könemann/Fleischer: the sources in ascending
/// order, each routing σ·T(s,·) under the current lengths (one Dijkstra serves all of the
/// source's commodities; GK's grouping by source) along paths within a factor 1+slack of
/// shortest, as Fleischer allows: a vertex's flow is split evenly over its in-arcs (u, v)
/// from earlier-settled u with dist(u) + l(u,v) ≤ (1+slack)·dist(v) (path_slack; by default
/// ε above 256 vertices, where it saves steps, and 0, exact ties only, up to 256); in steps of at
/// most one capacity's worth on any arc, after each of which the lengths of the arcs used
/// grow by exp(ε·flow/c) (GK's (1 + ε·flow/c), in exponential form); then one more Dijkstra
/// per source (in parallel) evaluates α of the phase's final lengths for the upper bound, in
/// the rounds where it can matter (the first two, powers of two, and once lower·(1+ε)(1+ε/4) ≥ upper).
/// GK's worst-case analysis needs O(ε⁻² log m) phases; the certified stop usually comes
/// much sooner on small graphs, but large ones need many rounds (progress reports each).
///
/// Threads: the rounds' α evaluations are cut into a fixed number of parts (independent of
/// the thread count) combined in part order, and so are the phases (throughput_mwu_phase_parts
/// blocks of sources, each routed under the phase's lengths and its own updates, their flows
/// added in block order): results are bit-identical for any `threads`. A demanded target that cannot be reached gives the
/// exact interval [0, 0].
///
/// References: N. Garg and J. Könemann, FOCS 1998 and SIAM J. Comput. 37(2), 2007;
/// L. Fleischer, SIAM J. Discrete Math. 13(4), 2000 (docs/references.md).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <numeric>
#include <queue>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/worker_pool.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/flow/detail/capacity_network.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"

namespace shiftfly::metrics {

/// The state after a round, for a progress display.
struct throughput_mwu_progress {
  std::uint64_t round = 0;
  double lower = 0.0, upper = 0.0;
};

/// Smallest ε throughput_mwu accepts (see the file comment).
inline constexpr double throughput_mwu_min_epsilon = 1e-3;

/// Work units (one arc scan or heap step of a Dijkstra) a second on one core (see the file comment).
inline constexpr double throughput_mwu_units_per_second = 3e7;

/// The rounds a run needs at least to give an interval: the ECMP round and one phase.
inline constexpr std::uint64_t throughput_mwu_min_rounds = 2;

/// The estimated cost of a throughput_mwu run.
struct throughput_mwu_cost {
  double units_per_round = 0.0;  ///< K·(arcs + n·log2 n): one Dijkstra per source
  std::uint64_t rounds = 0;      ///< ⌈ε^-2⌉, at most max_rounds
  double seconds = 0.0;          ///< units_per_round·rounds / throughput_mwu_units_per_second
};

/// The cost model of the file comment, for n vertices, `arcs` arcs and `sources` sources with demand.
inline throughput_mwu_cost estimate_throughput_mwu_cost(std::uint64_t n, std::uint64_t arcs, std::uint64_t sources,
                                                        double epsilon, std::uint64_t max_rounds) {
  throughput_mwu_cost c;
  const double log2n = std::max(1.0, std::ceil(std::log2(static_cast<double>(std::max<std::uint64_t>(n, 2)))));
  c.units_per_round = static_cast<double>(sources) * (static_cast<double>(arcs) + static_cast<double>(n) * log2n);
  const double rounds = std::ceil(1.0 / (epsilon * epsilon));
  c.rounds = rounds >= static_cast<double>(max_rounds) ? max_rounds : static_cast<std::uint64_t>(rounds);
  c.seconds = c.units_per_round * static_cast<double>(c.rounds) / throughput_mwu_units_per_second;
  return c;
}

/// The estimated seconds of the first throughput_mwu_min_rounds rounds: the least an interval costs.
inline double throughput_mwu_least_seconds(const throughput_mwu_cost& c) {
  return c.units_per_round * static_cast<double>(throughput_mwu_min_rounds) / throughput_mwu_units_per_second;
}

/// Refuses (core::invalid_parameter naming max_seconds, with the estimate) an interval whose
/// first throughput_mwu_min_rounds rounds are estimated above max_seconds > 0; returns the round
/// limit: max_rounds, or the rounds that fit in max_seconds by the model when fewer (at least
/// throughput_mwu_min_rounds). max_seconds = 0: no limit.
inline std::uint64_t require_throughput_mwu_within(std::string_view where, std::uint64_t n, std::uint64_t arcs,
                                                   std::uint64_t sources, double epsilon, std::uint64_t max_rounds,
                                                   double max_seconds) {
  if (!(max_seconds >= 0.0 && max_seconds <= 604800.0))
    core::throw_out_of_range(where, "max_seconds", max_seconds, "0 (no limit) to 604800");
  if (max_seconds == 0.0) return max_rounds;
  const auto cost = estimate_throughput_mwu_cost(n, arcs, sources, epsilon, max_rounds);
  const double least = throughput_mwu_least_seconds(cost);
  if (least > max_seconds) {
    char estimate[64], whole[64];
    std::snprintf(estimate, sizeof estimate, "%.0f", std::ceil(least));
    std::snprintf(whole, sizeof whole, "%.0f", std::ceil(cost.seconds));
    core::fail_parameter(where, "max_seconds", core::to_message(max_seconds),
                         "is below the estimated " + std::string(estimate) + " s of the first " +
                             core::to_message(throughput_mwu_min_rounds) + " rounds of the (1+eps) interval (" +
                             core::to_message(sources) + " Dijkstra runs a round on " + core::to_message(n) +
                             " vertices and " + core::to_message(arcs) + " arcs; up to " +
                             core::to_message(cost.rounds) + " rounds, about " + whole + " s, to reach epsilon)",
                         "1 to 604800 seconds");
  }
  const double fit = std::floor(max_seconds * throughput_mwu_units_per_second / std::max(1.0, cost.units_per_round));
  return fit < static_cast<double>(max_rounds)
             ? std::max<std::uint64_t>(throughput_mwu_min_rounds, static_cast<std::uint64_t>(fit))
             : max_rounds;
}

/// Golden-section steps of the line search that mixes a new routing into the best one.
inline constexpr int throughput_mwu_mix_steps = 40;

/// Blocks of sources a phase routes independently, in parallel (a constant: see throughput_mwu).
inline constexpr std::size_t throughput_mwu_phase_parts = 2;

struct throughput_mwu_options {
  double epsilon = 0.05;             ///< stop when upper <= (1 + epsilon) * lower; in (0, 1)
  unsigned threads = 0;              ///< 0 = all hardware threads; the result does not depend on it
  std::uint64_t max_rounds = 10000;  ///< rounds (a GK phase and one Dijkstra per source each), 1 to 10^7
  traversal how = traversal::undirected;
  /// Phases route along paths within (1 + path_slack) of shortest, in [0, 1); negative = automatic
  /// (epsilon above 256 vertices, 0 up to 256).
  double path_slack = -1.0;
  /// Refuse a run estimated above this many seconds, and stop at the rounds that fit in it; 0 = no limit.
  double max_seconds = 0.0;
  std::function<void(const throughput_mwu_progress&)> progress;  ///< called after every round
};

/// θ(T) ∈ [lower, upper], each end certified (see the file comment).
struct throughput_interval {
  double lower = 0.0, upper = 0.0;
  std::string method = "interval";
  std::string lower_method = "feasible flow (shortest-path routings of T, scaled by their congestion)";
  std::string upper_method = "dual bound (min over rounds of D(l)/alpha(l), Garg-Koenemann)";
  std::string algorithm = "Garg-Koenemann/Fleischer phases: exponential lengths, Dijkstra by source";
  double epsilon = 0.0;
  std::uint64_t rounds = 0;
  bool converged = false;  ///< upper <= (1 + epsilon) * lower
  double width = 0.0;      ///< upper / lower − 1 reached (0 when exact; +inf when lower is 0 and upper is not)
  std::uint64_t round_limit = 0;  ///< the rounds allowed: max_rounds, or fewer to fit max_seconds
  double estimated_seconds = 0.0;  ///< the cost model's estimate (estimate_throughput_mwu_cost)
};

namespace detail {

/// Routes all of T along shortest paths under `length`: loads into `load` (size A, zeroed
/// here), returns α = Σ T(s,t)·dist(s,t) (+∞ if some target is unreachable).
///
/// The split is pushed along out-arcs, not pulled along in-arcs: a first pass over the settled
/// vertices' out-arcs counts each vertex's qualifying in-arcs (ties), and a second, in reverse
/// settle order, gives every vertex u its flow as its demand plus Σ share(v) over its qualifying
/// out-arcs (u, v), with share(v) = flow(v)/ties(v). Both passes read the arcs of u in order
/// (head, length, load contiguous) and per arc only the head's entries of the per-vertex arrays;
/// the pull form read tail, length and the tail's entries of each in-arc at random (perf on
/// Shiftfly of 2,304 groups: that pass was over half of a round). The flow on every arc is the
/// same share as in the pull form; only the order of the additions into a vertex's flow differs.
struct shortest_path_router {
  const capacity_network& net;
  const traffic_matrix& T;
  std::vector<double> dist, need, share;
  std::vector<std::uint32_t> order;
  std::vector<std::uint32_t> position, ties;
  std::vector<std::uint32_t> heap, slot;

  shortest_path_router(const capacity_network& c, const traffic_matrix& t)
      : net(c), T(t), dist(c.n), need(c.n, 0.0), share(c.n, 0.0), position(c.n), ties(c.n, 0), slot(c.n) {
    order.reserve(c.n);
  }

  /// Arcs given flow by the last route_source (when `track` is set), each once.
  std::vector<std::uint32_t> touched;
  bool track = false;
  /// Slack of the paths used: an in-arc (u, v) carries flow if dist(u) + l(u,v) <= (1 + slack)·dist(v).
  double slack = 1e-12;
  /// Every arc has the same length (the first round's 1/c on equal capacities): a breadth-first
  /// search replaces Dijkstra. The distances are the same sums of the same lengths, and the
  /// routing is the same: with the default slack 10^-12, an arc qualifies only
  /// from one level to the next, so which of two vertices at one distance settles first does
  /// not matter, and a vertex's flow adds its out-arcs' shares in arc order either way.
  bool equal_lengths = false;
  /// Route on a shortest-path tree: every vertex's flow on one qualifying in-arc, the one of
  /// least arc id, rather than split evenly over all of them; the cost α is the same.
  bool tree = false;
  std::vector<std::uint32_t> parent;

  double route_source(std::uint32_t s, const std::vector<double>& length, double* load, double scale = 1.0) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    constexpr std::uint32_t unseen = std::numeric_limits<std::uint32_t>::max();
    std::fill(dist.begin(), dist.end(), inf);
    std::fill(position.begin(), position.end(), unseen);
    order.clear();
    heap.clear();
    // Dijkstra with an indexed binary heap keyed by (dist, vertex): at most n entries
    const auto less = [&](std::uint32_t x, std::uint32_t y) { return dist[x] < dist[y] || (dist[x] == dist[y] && x < y); };
    const auto place = [&](std::size_t i, std::uint32_t v) {
      heap[i] = v;
      slot[v] = static_cast<std::uint32_t>(i);
    };
    const auto sift_up = [&](std::size_t i) {
      const std::uint32_t v = heap[i];
      while (i > 0) {
        const std::size_t parent = (i - 1) / 2;
        if (!less(v, heap[parent])) break;
        place(i, heap[parent]);
        i = parent;
      }
      place(i, v);
    };
    const auto sift_down = [&](std::size_t i) {
      const std::uint32_t v = heap[i];
      const std::size_t size = heap.size();
      while (true) {
        std::size_t c = 2 * i + 1;
        if (c >= size) break;
        if (c + 1 < size && less(heap[c + 1], heap[c])) ++c;
        if (!less(heap[c], v)) break;
        place(i, heap[c]);
        i = c;
      }
      place(i, v);
    };
    constexpr std::uint32_t absent = std::numeric_limits<std::uint32_t>::max();
    const double widen = 1.0 + slack;
    dist[s] = 0.0;
    if (equal_lengths) {  // breadth-first: the same distances (the same sums) and the same routing
      position[s] = 0;
      ties[s] = 0;
      order.push_back(s);
      for (std::size_t k = 0; k < order.size(); ++k) {
        const std::uint32_t u = order[k];
        const double d = dist[u];
        for (auto a = net.out_offsets[u]; a < net.out_offsets[u + 1]; ++a) {
          const std::uint32_t v = net.head[a];
          if (position[v] == unseen) {
            dist[v] = d + length[a];
            position[v] = static_cast<std::uint32_t>(order.size());
            ties[v] = 0;
            order.push_back(v);
          }
          // the distances of u's heads are final here: count the qualifying arcs now
          ties[v] += position[v] > k && d + length[a] <= dist[v] * widen;
        }
      }
    }
    if (!equal_lengths) heap.push_back(s);
    slot[s] = 0;
    while (!heap.empty()) {
      const std::uint32_t u = heap[0];
      const std::uint32_t last = heap.back();
      heap.pop_back();
      if (!heap.empty()) {
        heap[0] = last;
        sift_down(0);
      }
      slot[u] = absent;
      position[u] = static_cast<std::uint32_t>(order.size());
      order.push_back(u);
      const double d = dist[u];
      for (auto a = net.out_offsets[u]; a < net.out_offsets[u + 1]; ++a) {
        const std::uint32_t v = net.head[a];
        const double nd = d + length[a];
        if (nd < dist[v]) {
          const bool fresh = dist[v] == inf;
          dist[v] = nd;
          if (fresh) {
            heap.push_back(v);
            sift_up(heap.size() - 1);
          } else if (slot[v] != absent) {
            sift_up(slot[v]);
          }
        }
      }
    }
    const auto tg = T.targets_of(s);
    const auto dm = T.demands_of(s);
    double alpha = 0.0;
    for (std::size_t i = 0; i < tg.size(); ++i) {
      if (position[tg[i]] == unseen) {
        for (std::size_t j = 0; j < i; ++j) need[tg[j]] = 0.0;
        return inf;
      }
      need[tg[i]] = dm[i] * scale;
      alpha += dm[i] * dist[tg[i]];
    }
    // an arc (u, v) carries flow when u settled before v and dist(u) + l(u,v) <= (1 + slack)·dist(v)
    const std::size_t settled = order.size();
    const bool count = !equal_lengths || tree;
    if (tree) parent.assign(net.n, unseen);
    if (count) for (std::size_t k = 0; k < settled; ++k) ties[order[k]] = 0;
    for (std::size_t k = 0; k < settled && count; ++k) {
      const std::uint32_t u = order[k];
      const double d = dist[u];
      for (auto a = net.out_offsets[u]; a < net.out_offsets[u + 1]; ++a) {
        const std::uint32_t v = net.head[a];
        const bool qualifies = position[v] > k && d + length[a] <= dist[v] * widen;
        ties[v] += qualifies;
        if (tree && qualifies) parent[v] = std::min(parent[v], static_cast<std::uint32_t>(a));
      }
    }
    // send every vertex's demand and through-flow back along its qualifying in-arcs
    touched.clear();
    for (std::size_t k = settled; k-- > 0;) {
      const std::uint32_t u = order[k];
      const double d = dist[u];
      double f = need[u];
      need[u] = 0.0;
      for (auto a = net.out_offsets[u]; a < net.out_offsets[u + 1]; ++a) {
        const std::uint32_t v = net.head[a];
        const double sv = share[v];
        if (sv != 0.0 && position[v] > k && d + length[a] <= dist[v] * widen && (!tree || parent[v] == a)) {
          if (track && load[a] == 0.0) touched.push_back(static_cast<std::uint32_t>(a));
          load[a] += sv;
          f += sv;
        }
      }
      share[u] = ties[u] > 0 ? (tree ? f : f / static_cast<double>(ties[u])) : 0.0;
    }
    for (std::size_t k = 0; k < settled; ++k) share[order[k]] = 0.0;
    return alpha;
  }
};

/// The steps of throughput_mwu after its checks (one named step a method, the run's state in
/// members). Not movable: the routers hold references to net and T.
class mwu_solver {
 public:
  mwu_solver(const throughput_mwu_options& options, const capacity_network& network, const traffic_matrix& traffic,
             std::size_t parts_, unsigned threads_)
      : o(options),
        net(network),
        T(traffic),
        sources(traffic.sources_with_demand()),
        A(network.arcs()),
        n(network.n),
        K(sources.size()),
        parts(parts_),
        threads(threads_),
        part_load(parts_, std::vector<double>(A, 0.0)),
        part_alpha(parts_, 0.0),
        length(A),
        total(A, 0.0),
        y(A, 0.0) {}
  mwu_solver(const mwu_solver&) = delete;
  mwu_solver& operator=(const mwu_solver&) = delete;

  /// Round 1 (hop lengths l_e = 1/c_e, D(l) = Σ l_e c_e = arcs; its routing is ECMP); false
  /// when some demanded target is unreachable (θ = 0 exactly).
  bool first_round() {
    for (std::size_t a = 0; a < A; ++a) length[a] = 1.0 / net.capacity[a];
    // the first round's lengths 1/c are all equal when the capacities are
    hop_round = std::all_of(net.capacity.begin(), net.capacity.end(), [&](double c) { return c == net.capacity[0]; });
    alpha = route_all();
    hop_round = false;
    if (std::isinf(alpha)) return false;
    upper = static_cast<double>(A) / alpha;
    // best: the best routing of T found so far (a convex combination of routings of T routes T);
    // its congestion certifies the lower end
    best = y;
    mixed.resize(A);
    best_congestion = congestion(best);
    lower = 1.0 / best_congestion;
    pair_reverse_arcs();
    candidate.resize(A);
    if (symmetric) mix(y, 1.0);  // ECMP and its reverse
    return true;
  }

  /// The GK phases until the interval is within (1 + ε) or round_limit; returns the rounds.
  std::uint64_t phases_until(std::uint64_t round_limit) {
    std::uint64_t round = 1;
    if (o.progress) o.progress({round, lower, upper});
    // sigma (the first upper bound) makes a phase's flow about the capacity
    sigma = upper;
    snapshot.assign(A, 0.0);
    phase_sum.assign(A, 0.0);
    window.assign(A, 0.0);
    make_phase_routers();
    while (upper > (1.0 + o.epsilon) * lower && round < round_limit) {
      ++round;
      phase();
      mix_phase_flows();
      const double D = normalised_length();
      if (dual_bound_due()) {
        alpha = route_all();
        upper = std::min(upper, D / alpha);
        mix(y, 1.0);  // that round's routing of T is a candidate too
      }
      if (o.progress) o.progress({round, lower, upper});
    }
    return round;
  }

  double lower = 0.0, upper = 0.0;

 private:
  /// One routing of T under `length` into y; returns α.
  double route_all() {
    core::for_each_part(parts, threads, [&](std::size_t p) {
      shortest_path_router router(net, T);
      router.equal_lengths = hop_round;
      auto& load = part_load[p];
      std::fill(load.begin(), load.end(), 0.0);
      double sum = 0.0;
      const auto range = core::block_range(K, p, parts);
      for (std::size_t k = range.begin; k < range.end; ++k) {
        const double a = router.route_source(sources[k], length, load.data());
        sum += a;
        if (std::isinf(a)) break;
      }
      part_alpha[p] = sum;
    });
    double sum = 0.0;
    std::fill(y.begin(), y.end(), 0.0);
    for (std::size_t p = 0; p < parts; ++p) {
      sum += part_alpha[p];
      for (std::size_t a = 0; a < A; ++a) y[a] += part_load[p][a];
    }
    return sum;
  }

  double congestion(const std::vector<double>& f) const {
    double m = 0.0;
    for (std::size_t a = 0; a < A; ++a) m = std::max(m, f[a] / net.capacity[a]);
    return m;
  }

  /// Uniform traffic is symmetric (T(s,t) = T(t,s)), and so are the undirected network's
  /// capacities: the reverse of a routing of T (every path backwards) routes T, with the load of
  /// arc (u, v) on (v, u), so the mean of a routing and its reverse routes T too, within the
  /// larger of the two congestions. reverse_arc pairs the k-th arc u -> v with the k-th v -> u.
  void pair_reverse_arcs() {
    symmetric = o.how == traversal::undirected && T.is_uniform();
    if (!symmetric) return;
    std::vector<std::uint32_t> by_head(A);
    for (std::size_t u = 0; u < n; ++u) {
      const auto first = by_head.begin() + static_cast<std::ptrdiff_t>(net.out_offsets[u]);
      const auto last = by_head.begin() + static_cast<std::ptrdiff_t>(net.out_offsets[u + 1]);
      std::iota(first, last, static_cast<std::uint32_t>(net.out_offsets[u]));
      std::sort(first, last, [&](std::uint32_t x, std::uint32_t z) { return net.head[x] < net.head[z] || (net.head[x] == net.head[z] && x < z); });
    }
    reverse_arc.assign(A, 0);
    for (std::size_t u = 0; u < n; ++u) {
      for (auto i = net.out_offsets[u]; i < net.out_offsets[u + 1]; ++i) {
        const std::uint32_t a = by_head[i], v = net.head[a];
        std::size_t k = 0;  // a is the k-th arc u -> v
        while (i >= net.out_offsets[u] + k + 1 && net.head[by_head[i - k - 1]] == v) ++k;
        const auto first = by_head.begin() + static_cast<std::ptrdiff_t>(net.out_offsets[v]);
        const auto last = by_head.begin() + static_cast<std::ptrdiff_t>(net.out_offsets[v + 1]);
        const auto at = std::lower_bound(first, last, static_cast<std::uint32_t>(u),
                                         [&](std::uint32_t arc, std::uint32_t h) { return net.head[arc] < h; });
        reverse_arc[a] = *(at + static_cast<std::ptrdiff_t>(k));
      }
    }
  }

  /// The congestion of (1 − t)·best + t·candidate.
  double mixed_congestion(double t) const {
    double m = 0.0;
    for (std::size_t a = 0; a < A; ++a) m = std::max(m, ((1.0 - t) * best[a] + t * candidate[a]) / net.capacity[a]);
    return m;
  }

  /// best <- the best of (1 - t)·best + t·c over t in [0, 1], c = scale·cand (or the mean of it and
  /// its reverse when symmetric): golden-section search on the convex, piecewise linear
  /// congestion; the certificate is the congestion of the vector kept.
  void mix(const std::vector<double>& cand, double scale) {
    for (std::size_t a = 0; a < A; ++a)
      candidate[a] = symmetric ? 0.5 * scale * (cand[a] + cand[reverse_arc[a]]) : scale * cand[a];
    constexpr double golden = 0.6180339887498949;
    double lo = 0.0, hi = 1.0, t1 = hi - golden * (hi - lo), t2 = lo + golden * (hi - lo);
    double f1 = mixed_congestion(t1), f2 = mixed_congestion(t2);
    for (int it = 0; it < throughput_mwu_mix_steps; ++it) {
      if (f1 <= f2) {
        hi = t2;
        t2 = t1;
        f2 = f1;
        t1 = hi - golden * (hi - lo);
        f1 = mixed_congestion(t1);
      } else {
        lo = t1;
        t1 = t2;
        f1 = f2;
        t2 = lo + golden * (hi - lo);
        f2 = mixed_congestion(t2);
      }
    }
    const double t = f1 <= f2 ? t1 : t2;
    double m = 0.0;
    for (std::size_t a = 0; a < A; ++a) {
      mixed[a] = (1.0 - t) * best[a] + t * candidate[a];
      m = std::max(m, mixed[a] / net.capacity[a]);
    }
    if (m < best_congestion) {
      best.swap(mixed);
      best_congestion = m;
    }
    const double whole = congestion(candidate);  // t = 1: the candidate alone
    if (whole < best_congestion) {
      best = candidate;
      best_congestion = whole;
    }
    lower = std::max(lower, 1.0 / best_congestion);
  }

  /// The phase runs in phase_parts fixed blocks of sources (not one per thread, so that the
  /// result does not depend on the thread count): each block routes its sources under the
  /// phase's lengths as its own steps update them, then the blocks' flows are added in order
  /// and the lengths grow by exp(eps·flow/c) for all of it, as if one block had run after the
  /// other without seeing its updates. Both certificates hold whatever the order of updates.
  void make_phase_routers() {
    phase_parts = std::min<std::size_t>(K, throughput_mwu_phase_parts);
    for (std::size_t p = 0; p < phase_parts; ++p) {
      routers.emplace_back(net, T);
      routers.back().track = true;
      // Fleischer's (1+slack)-shortest paths: on large graphs the flow spreads over near-ties (fewer
      // GK steps per source, about 3x faster phases at 2,304 vertices); small graphs converge
      // faster on exact shortest paths
      routers.back().slack = o.path_slack >= 0.0 ? o.path_slack : (n > 256 ? o.epsilon : 0.0);
    }
    phase_length.resize(phase_parts);
    phase_flow.assign(phase_parts, std::vector<double>(A, 0.0));
    scratch.assign(phase_parts, std::vector<double>(A, 0.0));  // per-source loads
  }

  /// A GK phase: routes sigma·T source by source, each source along its shortest paths under
  /// the current lengths, which then grow by exp(eps·flow/c) on the arcs it used (eps: GK's
  /// length growth, exp(eps) for a capacity's worth of flow).
  void phase() {
    const double step = o.epsilon;
    core::for_each_part(phase_parts, threads, [&](std::size_t p) {
      auto& router = routers[p];
      auto& len = phase_length[p];
      auto& flow = phase_flow[p];
      auto& load = scratch[p];
      len = length;
      std::fill(flow.begin(), flow.end(), 0.0);
      const auto range = core::block_range(K, p, phase_parts);
      for (std::size_t k = range.begin; k < range.end; ++k) {
        // GK's steps: route what is left of sigma·T(s,·) along the current shortest paths, but at
        // most one capacity's worth on any arc per step, then update the lengths, until all is sent
        double left = 1.0;
        while (left > 0.0) {
          router.route_source(sources[k], len, load.data(), sigma * left);
          double fmax = 0.0;
          for (const auto a : router.touched) fmax = std::max(fmax, load[a] / net.capacity[a]);
          const double part = fmax > 1.0 ? 1.0 / fmax : 1.0;  // fraction of this routing sent now
          for (const auto a : router.touched) {
            const double f = load[a] * part;
            load[a] = 0.0;
            flow[a] += f;
            len[a] *= std::exp(step * f / net.capacity[a]);
          }
          left = part == 1.0 ? 0.0 : left * (1.0 - part);
        }
      }
    });
    for (std::size_t a = 0; a < A; ++a) {
      double f = 0.0;
      for (std::size_t p = 0; p < phase_parts; ++p) f += phase_flow[p][a];
      phase_sum[a] = f;
      total[a] += f;
      if (f > 0.0) length[a] *= std::exp(step * f / net.capacity[a]);
    }
    ++phases;
    sigma_sum += sigma;
  }

  /// Candidates mixed into the best routing: this phase's flow, the flow of all phases, and of
  /// the phases since the last power-of-two phase (each routes a multiple of T).
  void mix_phase_flows() {
    mix(phase_sum, 1.0 / sigma);
    mix(total, 1.0 / sigma_sum);
    if (sigma_sum > snapshot_sigma && snapshot_sigma > 0.0) {
      for (std::size_t a = 0; a < A; ++a) window[a] = total[a] - snapshot[a];
      mix(window, 1.0 / (sigma_sum - snapshot_sigma));
    }
    if ((phases & (phases - 1)) == 0) {  // snapshot at powers of two: the window is the later half or more
      snapshot = total;
      snapshot_sigma = sigma_sum;
    }
  }

  /// The lengths normalised to max 1 (against overflow); returns D = Σ l·c, for the dual bound.
  double normalised_length() {
    double lmax = 0.0;
    for (std::size_t a = 0; a < A; ++a) lmax = std::max(lmax, length[a]);
    double D = 0.0;
    for (std::size_t a = 0; a < A; ++a) {
      length[a] /= lmax;
      D += length[a] * net.capacity[a];
    }
    return D;
  }

  /// The dual bound costs a routing of all of T (as much as the phase): evaluate it while the
  /// rounds are few, at powers of two, and once the lower end is within (1+eps)(1+eps/4) of the upper
  /// one, where a better upper end can stop the loop; in between it rarely moves (on the
  /// group-level graphs it never improves on round 1's distance bound), and skipping it
  /// roughly halves the time of a round.
  bool dual_bound_due() const {
    return phases <= 2 || (phases & (phases - 1)) == 0 || lower * (1.0 + o.epsilon) * (1.0 + o.epsilon / 4) >= upper;
  }

  const throughput_mwu_options& o;
  const capacity_network& net;
  const traffic_matrix& T;
  const std::span<const std::uint32_t> sources;
  const std::size_t A, n, K, parts;
  const unsigned threads;
  std::vector<std::vector<double>> part_load;
  std::vector<double> part_alpha;
  std::vector<double> length, total, y;  ///< total: the flow of all phases, routing sigma_sum·T
  bool hop_round = false;
  double alpha = 0.0;
  std::vector<double> best, mixed, candidate;
  double best_congestion = 0.0;
  bool symmetric = false;
  std::vector<std::uint32_t> reverse_arc;
  double sigma = 0.0, sigma_sum = 0.0, snapshot_sigma = 0.0;
  std::vector<double> snapshot, phase_sum, window;
  std::uint64_t phases = 0;
  std::size_t phase_parts = 0;
  std::vector<shortest_path_router> routers;
  std::vector<std::vector<double>> phase_length, phase_flow, scratch;
};

}  // namespace detail

/// A certified interval on θ(T) on g (see the file comment).
template <core::digraph_like G>
throughput_interval throughput_mwu(const G& g, const traffic_matrix& T_in, const throughput_mwu_options& o = {}) {
  constexpr std::string_view where = "throughput_mwu";
  if (!(o.epsilon >= throughput_mwu_min_epsilon && o.epsilon < 1.0))
    core::throw_out_of_range(where, "epsilon", o.epsilon, "0.001 to below 1");
  core::require_range(where, "max_rounds", o.max_rounds, 1, 10'000'000);
  core::require_range(where, "threads", o.threads, 0, 1024);
  if (!(o.path_slack < 1.0)) core::throw_out_of_range(where, "path_slack", o.path_slack, "less than 1 (negative: automatic)");
  if (T_in.empty()) core::fail(where, "the traffic matrix has no demand (accepted: at least one pair)");
  if (T_in.n() != g.num_vertices())
    core::fail_parameter(where, "T", "a matrix for " + core::to_message(T_in.n()) + " vertices",
                         "does not match the graph's " + core::to_message(g.num_vertices()) + " vertices");
  require_throughput_demands(where, T_in);
  const auto net = detail::make_capacity_network(where, g, o.how);
  const std::size_t A = net.arcs(), n = net.n;
  const std::size_t K = T_in.sources_with_demand().size();
  const auto cost = estimate_throughput_mwu_cost(n, A, K, o.epsilon, o.max_rounds);
  const std::uint64_t round_limit =
      require_throughput_mwu_within(where, n, A, K, o.epsilon, o.max_rounds, o.max_seconds);
  // the demands × 2^-e (the largest in [1, 2), exact); a copy only when e != 0
  const int e = T_in.demand_exponent();
  traffic_matrix scaled_copy;
  if (e != 0) {
    core::require_memory(where, "the scaled traffic matrix (" + core::to_message(T_in.size()) + " pairs)",
                         core::estimate_add_mul(0, T_in.size(), 12));
    scaled_copy = T_in.scaled(e);
  }
  const traffic_matrix& T = e != 0 ? scaled_copy : T_in;
  const std::size_t parts = std::min<std::size_t>(K, 16);
  const unsigned threads = core::resolve_threads(o.threads);
  const std::size_t workers = std::min<std::size_t>(threads, parts);
  // per part: a load vector; per worker: the router's arrays; plus x, y, lengths, the best
  // routing and its line search, the phase's flow, the snapshot and window, the reverse arcs
  std::uint64_t bytes = core::estimate_add_mul(0, parts + 11 + 3 * throughput_mwu_phase_parts, core::estimate_add_mul(0, A, 8));
  bytes = core::estimate_add_mul(bytes, workers, core::estimate_add_mul(0, n, 48));
  core::require_memory(where, "the flow state (" + core::to_message(A) + " arcs, " + core::to_message(parts) + " parts)",
                       bytes);

  throughput_interval r;
  r.epsilon = o.epsilon;
  r.round_limit = round_limit;
  r.estimated_seconds = cost.seconds;
  if (A == 0) {  // nothing can be routed
    r.converged = true;
    return r;
  }
  detail::mwu_solver run(o, net, T, parts, threads);
  if (!run.first_round()) {  // some demanded target is unreachable: θ = 0 exactly
    r.rounds = 1;
    r.converged = true;
    r.lower_method = r.upper_method = "exact (a demanded target is unreachable)";
    return r;
  }
  r.rounds = run.phases_until(round_limit);
  r.converged = run.upper <= (1.0 + o.epsilon) * run.lower;
  r.width = run.lower > 0.0 ? run.upper / run.lower - 1.0 : std::numeric_limits<double>::infinity();
  r.lower = detail::unscaled_throughput(where, "the interval's lower end", run.lower, e);
  r.upper = detail::unscaled_throughput(where, "the interval's upper end", run.upper, e);
  return r;
}

}  // namespace shiftfly::metrics
