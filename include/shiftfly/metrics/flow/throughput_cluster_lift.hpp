#pragma once
/// \file throughput_cluster_lift.hpp
/// Exact throughput under uniform traffic on graphs made of cliques joined by few links
/// (Boardfly's pods, Dragonfly's groups): the exact LP of the quotient by the cliques, and its
/// routing lifted through them.
///
///   struct cluster_lift_result { value, lower, upper, congestion, deficit, exact, parts, links_between,
///                                variables, algorithm };
///   cluster_lift_result throughput_cluster_lift(const G& g, std::span<const std::uint32_t> part_of,
///                                               double max_seconds = 0);
///   bool parts_are_cliques(const G& g, std::span<const std::uint32_t> part_of);
///   std::uint64_t cluster_lift_variables(const G& g, std::span<const std::uint32_t> part_of);
///   inline constexpr std::uint64_t throughput_cluster_lift_max_variables;
///
/// The model is throughput_lp.hpp's (every link one unit of capacity each way; uniform traffic,
/// one unit for every ordered pair), on the undirected graph.
///
/// Upper end. Contract every part to one vertex (metrics/flow/throughput_contracted.hpp): θ(g) ≤
/// θ(Q) for the quotient Q, whose demand from part A to part B is |A|·|B| and whose arc X -> Y has
/// the capacity m(X,Y), the number of links between X and Y. Q's exact LP (throughput_lp.hpp:
/// COIN-OR CLP, source-aggregated, certified by its flow and its duals within 1e-7) gives θ(Q);
/// its duals, put on the links between parts (0 inside them), are a length function of g with the
/// same bound, so `upper` (the duals' bound) is certified for g.
///
/// Lower end: the lift. For a source part A the LP's flow f_A sends θ·|A|·|B| to every other part
/// B. At every part X, what of f_A arrives (from each neighbour part Y, and at X = A what A sends)
/// leaves in proportion to what leaves (to each neighbour part Z, and at X ≠ A what ends at X):
/// a routing of Q, each commodity's flow split into walks with weights. Its lift to g:
/// - a pair (s, t), s in A and t in B ≠ A, follows the walks of f_A that end at B, each with its
///   share of θ;
/// - a step X -> Y of a walk uses each of the m(X,Y) links between X and Y equally;
/// - inside a part, the walk goes from the vertex it entered at (s itself at the start) to the
///   vertex of the next link (t itself at the end) by their direct link, the parts being cliques;
///   no hop when the two are one vertex;
/// - a pair inside one part uses its direct link.
/// Every pair then gets θ (every s of A starts 1/|A| of f_A, every t of B ends 1/|B| of what ends
/// at B). A link between X and Y carries f(X -> Y)/m(X,Y) each way, at most 1 since the LP keeps
/// f(X -> Y) ≤ m(X,Y). The arc u -> w inside X carries θ (the pair itself) plus
///   Σ over what arrives i and what leaves o of P_X(i, o)·p_i(u)·q_o(w),
/// P_X(i, o) the flow paired from i to o at X, p_Y(u) = m(u,Y)/m(X,Y) the share of the links from
/// Y that end at u (1/|X| for what starts at X), q_Z(w) = m(w,Z)/m(X,Z) likewise for what leaves
/// (1/|X| for what ends at X). The lift's congestion λ is the largest load (parallel links share
/// theirs), computed here from the LP's flow without CLP. The LP's flow keeps conservation only to
/// its tolerance: the sum δ of every commodity's conservation errors at every part is added, as
/// throughput_lp's own lower certificate does (a unit re-sent from the source, or dropped, moves at
/// most one unit on any link, the lifted walks crossing every link at most once). So
///   θ(g) ≥ lower = θ(Q) / max(1, λ + δ),
/// and θ(g) = θ(Q) (`exact`) when lower and upper are within throughput_lp_tolerance (1e-7) of
/// θ(Q): where the cliques' links have room for what crosses them, the links between parts alone
/// decide θ. Otherwise [lower, upper] is a certified interval.
///
/// Input: part_of as contracted_uniform_upper_bound's (one part a vertex, 0 .. k − 1, none empty,
/// k ≥ 2), every part a clique of g (parts_are_cliques), and Q's LP within
/// throughput_cluster_lift_max_variables (k × arcs of Q with parallel arcs merged); otherwise
/// refused in one line naming part_of. `max_seconds` > 0 is CLP's time limit (throughput_lp's).
/// Work: Q's LP, then Σ_X (deg_Q(X) + 1)² per source part and Σ_X |X|²·(links out of a vertex)
/// for the loads.
///
/// Measured (docs/performance.md, "Boardfly's pods, exact"): Boardfly of 1,000 groups (28 pods).

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/error.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/metrics/cuts/structural_clusters.hpp"
#include "shiftfly/metrics/flow/throughput_contracted.hpp"
#include "shiftfly/metrics/flow/throughput_lp.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"

namespace shiftfly::metrics {

/// Largest quotient LP (flow variables: parts × the quotient's merged arcs) the lift solves.
inline constexpr std::uint64_t throughput_cluster_lift_max_variables = 40'000;

/// The quotient's exact θ and its lift (see the file comment).
struct cluster_lift_result {
  double value = 0.0;       ///< θ(Q), the quotient's exact throughput
  double lower = 0.0;       ///< θ(g) ≥ this: θ(Q) / max(1, congestion + deficit)
  double upper = 0.0;       ///< θ(g) ≤ this: the quotient LP's dual bound
  double congestion = 0.0;  ///< the lifted routing's largest load at θ(Q) (1 unit a link each way)
  double deficit = 0.0;     ///< the LP flow's conservation errors, summed
  bool exact = false;       ///< lower and upper within throughput_lp_tolerance of value
  std::uint64_t parts = 0, links_between = 0;
  std::uint64_t variables = 0;  ///< the quotient LP's flow variables
  std::string algorithm;
};

/// Whether every part of part_of induces a clique of g (loops and parallel links aside).
template <core::digraph_like G>
bool parts_are_cliques(const G& g, std::span<const std::uint32_t> part_of) {
  const std::uint64_t n = g.num_vertices();
  if (part_of.size() != n) return false;
  std::uint64_t k = 0;
  for (const auto p : part_of) k = std::max<std::uint64_t>(k, std::uint64_t{p} + 1);
  std::vector<std::uint64_t> size(k, 0);
  for (const auto p : part_of) ++size[p];
  std::vector<std::uint64_t> seen(n, n);  // seen[v] = u: v counted among u's neighbours
  const auto off = g.offsets();
  const auto tgt = g.targets();
  for (std::uint64_t u = 0; u < n; ++u) {
    std::uint64_t inside = 0;
    for (auto i = off[u]; i < off[u + 1]; ++i) {
      const std::uint64_t v = tgt[i];
      if (v != u && part_of[v] == part_of[u] && seen[v] != u) {
        seen[v] = u;
        ++inside;
      }
    }
    if (inside + 1 != size[part_of[u]]) return false;
  }
  return true;
}

/// The quotient LP's flow variables: parts × the quotient's arcs, parallel arcs merged.
template <core::digraph_like G>
std::uint64_t cluster_lift_variables(const G& g, std::span<const std::uint32_t> part_of) {
  const std::uint64_t n = g.num_vertices();
  if (part_of.size() != n) return 0;
  std::uint64_t k = 0;
  for (const auto p : part_of) k = std::max<std::uint64_t>(k, std::uint64_t{p} + 1);
  std::vector<std::uint64_t> pairs;  // X·k + Y for every channel between parts
  const auto off = g.offsets();
  const auto tgt = g.targets();
  for (std::uint64_t u = 0; u < n; ++u)
    for (auto i = off[u]; i < off[u + 1]; ++i)
      if (part_of[u] != part_of[tgt[i]]) pairs.push_back(std::uint64_t{part_of[u]} * k + part_of[tgt[i]]);
  std::sort(pairs.begin(), pairs.end());
  const auto arcs = static_cast<std::uint64_t>(std::unique(pairs.begin(), pairs.end()) - pairs.begin());
  return throughput_lp_variables(k, arcs);
}

namespace detail {

/// The quotient LP's flow (one row of net.arcs() a source part) and θ, on the scaled demands.
struct quotient_lp_flow {
  double theta_scaled = 0.0;  ///< θ of the scaled demands
  int exponent = 0;           ///< the demands' scale: θ(Q) = theta_scaled · 2^-exponent
  traffic_matrix scaled;
  std::vector<double> flow;
  throughput_lp_result lp;
};

inline quotient_lp_flow solve_quotient_lp(const capacity_network& net, const traffic_matrix& demand, double max_seconds) {
  quotient_lp_flow q;
  q.exponent = demand.demand_exponent();
  q.scaled = demand.scaled(q.exponent);
  const auto began = std::chrono::steady_clock::now();
  std::string why;
  for (int attempt = 1; attempt <= 2; ++attempt) {
    q.lp.attempts = attempt;
    const auto theta = solve_throughput_lp(net, q.scaled, q.scaled.sources_with_demand(), attempt == 2, q.lp, why,
                                           clp_seconds_left(max_seconds, began), &q.flow);
    if (!theta) continue;
    q.theta_scaled = *theta;
    return q;
  }
  throw throughput_lp_unsolved("throughput_cluster_lift: CLP did not certify the quotient's optimum (" + why +
                               "); no value is returned");
}

}  // namespace detail

/// θ(g) under uniform traffic from the quotient by the cliques part_of and the lift of its routing
/// (see the file comment).
template <core::digraph_like G>
cluster_lift_result throughput_cluster_lift(const G& g, std::span<const std::uint32_t> part_of, double max_seconds = 0.0) {
  constexpr std::string_view where = "throughput_cluster_lift";
  if (!(max_seconds >= 0.0 && max_seconds <= 604800.0))
    core::throw_out_of_range(where, "max_seconds", max_seconds, "0 (no limit) to 604800");
  const auto q = detail::make_uniform_quotient(where, g, part_of);
  if (!parts_are_cliques(g, part_of))
    core::fail_parameter(where, "part_of", "the partition", "has a part that is not a clique of the graph",
                         "parts that are cliques (the lift crosses a part by one link)");
  const std::uint64_t n = g.num_vertices(), k = q.size.size();
  const auto net = detail::make_capacity_network(where, q.graph, traversal::arcs);  // m(X,Y) as capacity
  const std::size_t A = net.arcs();
  cluster_lift_result r;
  r.parts = k;
  r.links_between = q.links_between;
  r.variables = throughput_lp_variables(k, A);
  if (r.variables > throughput_cluster_lift_max_variables)
    core::fail_parameter(where, "part_of", core::to_message(k) + " parts",
                         "give a quotient LP of " + core::to_message(r.variables) + " flow variables",
                         "at most " + core::to_message(throughput_cluster_lift_max_variables));
  if (detail::unreachable_demand(net, q.demand)) {  // θ = 0: a part that cannot reach another
    r.exact = true;
    r.algorithm = "exact: a part cannot reach another (BFS on the quotient)";
    return r;
  }
  const auto lp = detail::solve_quotient_lp(net, q.demand, max_seconds);
  const double theta_s = lp.theta_scaled;  // flows route theta_s · scaled demands = θ(Q) · the demands
  // P_X(i, o) at every part X, i over X's in-arcs then "starts here", o over X's out-arcs then
  // "ends here"; stored per part at offset pbase[X], (in(X) + 1) × (out(X) + 1)
  std::vector<std::uint64_t> pbase(k + 1, 0);
  for (std::uint64_t x = 0; x < k; ++x) {
    const std::uint64_t ins = net.in_offsets[x + 1] - net.in_offsets[x] + 1;
    const std::uint64_t outs = net.out_offsets[x + 1] - net.out_offsets[x] + 1;
    pbase[x + 1] = pbase[x] + ins * outs;
  }
  std::vector<double> P(pbase[k], 0.0), in_val, out_val;
  const auto sources = lp.scaled.sources_with_demand();
  for (std::size_t c = 0; c < sources.size(); ++c) {
    const std::uint64_t a_part = sources[c];
    const double* f = lp.flow.data() + c * A;
    double supply = 0.0;
    std::vector<double> ends(k, 0.0);
    const auto tg = lp.scaled.targets_of(a_part);
    const auto dm = lp.scaled.demands_of(a_part);
    for (std::size_t i = 0; i < tg.size(); ++i) {
      ends[tg[i]] = theta_s * dm[i];
      supply += ends[tg[i]];
    }
    for (std::uint64_t x = 0; x < k; ++x) {
      const auto ib = net.in_offsets[x], ie = net.in_offsets[x + 1];
      const auto ob = net.out_offsets[x], oe = net.out_offsets[x + 1];
      in_val.assign(ie - ib + 1, 0.0);
      out_val.assign(oe - ob + 1, 0.0);
      double in_total = 0.0, out_total = 0.0;
      for (auto j = ib; j < ie; ++j) in_total += in_val[j - ib] = f[net.in_arc[j]];
      in_total += in_val[ie - ib] = x == a_part ? supply : 0.0;
      for (auto j = ob; j < oe; ++j) out_total += out_val[j - ob] = f[j];
      out_total += out_val[oe - ob] = x == a_part ? 0.0 : ends[x];
      r.deficit += std::abs(in_total - out_total);
      if (!(in_total > 0.0)) continue;
      double* p = P.data() + pbase[x];
      const std::size_t width = out_val.size();
      for (std::size_t i = 0; i < in_val.size(); ++i) {
        if (in_val[i] == 0.0) continue;
        const double share = in_val[i] / in_total;
        for (std::size_t o = 0; o < width; ++o) p[i * width + o] += share * out_val[o];
      }
    }
  }
  // the loads: links between parts, f(X -> Y)/m(X,Y); arcs inside parts, θ plus the lifted walks
  const double theta = std::ldexp(theta_s, -lp.exponent);
  std::vector<double> between(A, 0.0);
  for (std::size_t c = 0; c < sources.size(); ++c)
    for (std::size_t a = 0; a < A; ++a) between[a] += lp.flow[c * A + a];
  double congestion = 0.0;
  for (std::size_t a = 0; a < A; ++a) congestion = std::max(congestion, between[a] / net.capacity[a]);
  const auto off = g.offsets();
  const auto tgt = g.targets();
  std::vector<std::vector<std::uint32_t>> members(k);
  for (std::uint64_t v = 0; v < n; ++v) members[part_of[v]].push_back(static_cast<std::uint32_t>(v));
  std::vector<std::uint32_t> local(n);
  for (const auto& m : members)
    for (std::size_t i = 0; i < m.size(); ++i) local[m[i]] = static_cast<std::uint32_t>(i);
  // every vertex's channels to other parts, as (the quotient's arc out of its part, count)
  const auto arc_of = [&](std::uint64_t x, std::uint64_t y) {
    const auto b = net.head.begin() + static_cast<std::ptrdiff_t>(net.out_offsets[x]);
    const auto e = net.head.begin() + static_cast<std::ptrdiff_t>(net.out_offsets[x + 1]);
    return static_cast<std::uint64_t>(std::lower_bound(b, e, static_cast<std::uint32_t>(y)) - net.head.begin());
  };
  std::vector<double> L, count, row;
  for (std::uint64_t x = 0; x < k; ++x) {
    const auto& m = members[x];
    const std::size_t s = m.size();
    const auto ib = net.in_offsets[x], ie = net.in_offsets[x + 1];
    const auto ob = net.out_offsets[x], oe = net.out_offsets[x + 1];
    const std::size_t ins = ie - ib + 1, width = oe - ob + 1;
    const double* p = P.data() + pbase[x];
    // the in-arc Y -> X at position j of X's in-arcs, by Y (in-arcs are listed by arc id, so by tail)
    const auto in_index = [&](std::uint64_t y) {
      for (auto j = ib; j < ie; ++j)
        if (net.tail[net.in_arc[j]] == y) return j - ib;
      return ie - ib;  // not reached: the channel u -> y makes the arc y -> x
    };
    // row_u(o) = Σ_i p_i(u)·P(i, o); then L(u, w) = row_u(ends)/|X| + Σ_Z row_u(Z)·m(w,Z)/m(X,Z)
    L.assign(s * s, 0.0);
    row.assign(width, 0.0);
    for (std::size_t lu = 0; lu < s; ++lu) {
      const std::uint64_t u = m[lu];
      for (std::size_t o = 0; o < width; ++o) row[o] = p[(ins - 1) * width + o] / static_cast<double>(s);
      for (auto i = off[u]; i < off[u + 1]; ++i) {
        const std::uint64_t y = part_of[tgt[i]];
        if (y == x) continue;
        const auto j = in_index(y);
        const double share = 1.0 / net.capacity[net.in_arc[ib + j]];  // one of the m(Y,X) channels
        for (std::size_t o = 0; o < width; ++o) row[o] += share * p[j * width + o];
      }
      double* l = L.data() + lu * s;
      const double ending = row[width - 1] / static_cast<double>(s);
      for (std::size_t lw = 0; lw < s; ++lw) l[lw] = ending;
      for (std::size_t lw = 0; lw < s; ++lw) {
        const std::uint64_t w = m[lw];
        for (auto i = off[w]; i < off[w + 1]; ++i) {
          const std::uint64_t z = part_of[tgt[i]];
          if (z == x) continue;
          const auto a = arc_of(x, z);
          l[lw] += row[a - ob] / net.capacity[a];
        }
      }
    }
    // the channels inside X: θ + L(u, w), shared by parallel links
    count.assign(s * s, 0.0);
    for (const auto u : m)
      for (auto i = off[u]; i < off[u + 1]; ++i)
        if (tgt[i] != u && part_of[tgt[i]] == x) count[local[u] * s + local[tgt[i]]] += 1.0;
    for (std::size_t lu = 0; lu < s; ++lu)
      for (std::size_t lw = 0; lw < s; ++lw)
        if (lu != lw) congestion = std::max(congestion, (theta + L[lu * s + lw]) / count[lu * s + lw]);
  }
  r.congestion = congestion;
  r.value = theta;
  r.upper = std::ldexp(lp.lp.dual_bound, -lp.exponent);
  r.lower = theta / std::max(1.0, congestion + r.deficit);
  r.exact = r.lower >= theta * (1.0 - throughput_lp_tolerance) && r.upper <= theta * (1.0 + throughput_lp_tolerance);
  r.algorithm = "the exact LP of the quotient by " + core::to_message(k) + " cliques (" +
                core::to_message(q.links_between) + " links between them; COIN-OR CLP, " +
                core::to_message(r.variables) + " flow variables) and its routing lifted through the cliques (congestion " +
                core::to_message(congestion) + ")";
  return r;
}

namespace detail {

/// Uniform traffic on the undirected graph: the quotient by g's structural clusters, exactly, and
/// its routing lifted through them, where the clusters number 2 to throughput_contracted_max_parts
/// with at least throughput_contracted_min_part vertices a part on average, are cliques, and give
/// a quotient LP of at most `max_variables` flow variables (at most
/// throughput_cluster_lift_max_variables); none otherwise, or when CLP does not certify the
/// quotient's optimum (`unsolved` then says why). `max_seconds` > 0: CLP's limit. Used by
/// measure_throughput, measure_throughput_within_work and measure_throughput_profile.
template <core::digraph_like G>
std::optional<cluster_lift_result> uniform_cluster_lift(const G& g, double max_seconds, std::string& unsolved,
                                                        std::uint64_t max_variables = throughput_cluster_lift_max_variables) {
  const auto clusters = structural_clusters(g);
  const std::span<const std::uint32_t> part_of(clusters.part_of);
  if (clusters.parts < 2 || clusters.parts > throughput_contracted_max_parts ||
      clusters.parts * throughput_contracted_min_part > g.num_vertices() ||
      cluster_lift_variables(g, part_of) > std::min(max_variables, throughput_cluster_lift_max_variables) ||
      !parts_are_cliques(g, part_of))
    return std::nullopt;
  try {
    auto lift = throughput_cluster_lift(g, part_of, max_seconds);
    lift.algorithm += " (the cliques: structural clusters, similarity " +
                      core::to_message(structural_cluster_options{}.similarity) + ")";
    return lift;
  } catch (const throughput_lp_unsolved& e) {
    unsolved = e.what();
    return std::nullopt;
  }
}

}  // namespace detail

}  // namespace shiftfly::metrics
