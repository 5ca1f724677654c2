#pragma once
/// \file throughput_bound.hpp
/// Upper bounds on throughput from path lengths: the total-distance bound for any
/// traffic matrix, and the throughput upper bound TUB of Namyar et al. for the worst
/// permutation.
///
/// Model (as metrics/flow/throughput_lp.hpp): every undirected link carries one unit of
/// capacity in each direction (traversal::arcs: one unit per directed arc, parallel
/// arcs adding up), so the total capacity is C = 2m (or the number of arcs). θ(T) is
/// the largest θ such that θ·T is routable within capacity (maximum concurrent flow).
///
/// API:
///   struct throughput_bound_result { value, method, algorithm, capacity, total_distance, certified,
///                                    permutation };
///   throughput_bound_result throughput_distance_bound(const G& g, const traffic_matrix& T, traversal = undirected);
///   throughput_bound_result worst_permutation_bound(const G& g, traversal = undirected);
///   throughput_bound_result worst_permutation_bound(const G& g, traversal, const worst_permutation_options&);
///   struct worst_permutation_options { endpoints, threads, progress };
///   std::uint64_t worst_permutation_bytes(k, n, max_distance, const worst_permutation_options&);
///   inline constexpr std::uint64_t worst_permutation_exact_max_n = 2000;
///   throughput_bound_result uniform_cut_bound(std::uint64_t n, std::uint64_t side, std::uint64_t cut_links);
///   throughput_bound_result permutation_cut_bound(std::uint64_t n, std::uint64_t side, std::uint64_t cut_links);
///   throughput_bound_result spectral_uniform_bound(const G& g);   // dense, n <= laplacian_trace_max_n
///   double spectral_uniform_bound_value(std::uint64_t n, std::uint64_t m, double reciprocal_sum);
///
/// - throughput_distance_bound: a unit of demand from s to t uses at least d(s,t) units of
///   capacity, so θ(T)·Σ_(s,t) T(s,t)·d(s,t) ≤ C: θ(T) ≤ C / Σ T(s,t)·d(s,t) (d the hop
///   distance, BFS). For uniform traffic on an arc-transitive graph (tori with equal sides,
///   hypercubes, complete graphs, Petersen) this is the exact θ = 2m / Σ_(s≠t) d(s,t).
///   An unreachable demanded pair gives the exact value 0. Computed on T·2^-e (exact scaling);
///   a bound above the largest double is +inf (tiny demands: 1e-307 on a 3 × 3 torus gives
///   3.6e308, while θ = 4e307 is a normal double, answered by the method that measures it), one
///   below the normal doubles is refused (no normal θ lies under it).
/// - worst_permutation_bound (TUB, Namyar et al., SIGCOMM 2021): every permutation matrix
///   P_π (one unit from s to π(s)) has θ(P_π) ≤ C / Σ_s d(s, π(s)), so the throughput of
///   the worst permutation is at most C / max_π Σ_s d(s, π(s)). With endpoints (H_v servers
///   on router v), TUB pairs routers by a permutation of the routers that have endpoints and
///   weighs the pair (s, t) by min(H_s, H_t): θ ≤ C / max_π Σ_s min(H_s, H_π(s))·d(s, π(s)),
///   θ per endpoint (each server sends θ units). The maximum is a linear assignment on the
///   distance matrix, always exact and certified:
///   - vertices (no endpoints) up to worst_permutation_exact_max_n = 2,000: the shortest
///     augmenting paths of metrics/flow/linear_assignment.hpp (n² 8-byte costs; 0.67 s for the
///     group-level Shiftfly at 2,000 groups (40 ports), 2.7 s for Boardfly, on the test machine);
///   - above, or with endpoints: the distances as one-byte integers
///     (metrics/distances/distance_matrix.hpp, a bit-parallel sweep) and the Hungarian method of
///     metrics/flow/small_weight_assignment.hpp, whose dual potentials are checked to bound every
///     permutation. Its memory (worst_permutation_bytes: k² bytes for k routers with endpoints)
///     is checked up front; at 21,316 routers it is 0.43 GiB (docs/performance.md).
///   The graph must be strongly connected.
/// - the cut bounds (undirected graphs): a cut of `cut_links` links between a side S of
///   `side` vertices and the rest carries at most cut_links units in each direction.
///   Uniform traffic sends |S|·(n − |S|) units across it each way, so θ ≤ cut_links /
///   (|S|·(n − |S|)); some permutation sends min(|S|, n − |S|) units across it each way
///   (map the smaller side into the larger), so the worst permutation's θ ≤ cut_links /
///   min(|S|, n − |S|). A bisection (metrics/cuts/bisection_interval.hpp: its certificate)
///   gives the classical forms 4w / n² and 2w / n. These are tight where the distance
///   bounds are not: on a hierarchy whose few upper links, not its path lengths, limit it.
///
/// - spectral_uniform_bound (uniform traffic, connected undirected graphs): a closed form in
///   the nonzero eigenvalues λ_2..λ_n of the combinatorial Laplacian L = D − A,
///     θ* <= m / (n · Σ_(i>=2) 1/λ_i),
///   equivalently: under any routing of one unit per ordered pair, the mean channel load is at
///   least n·Σ_(i>=2) 1/λ_i / m. This is the form the library implements for the mean-load
///   spectral bound after O. Narayan and I. Saniee, "An analytical solution to the multicommodity
///   network flow problem with weighted random routing", Applied Network Science 6:45 (2021): they
///   show that under weighted random routing the mean load of a node, net of its demand and over
///   its degree, is tr(L_D·L⁺) (L_D the demand's Laplacian), Σ_(i>=2) 1/λ_i for uniform demand, and
///   use it to bound the capacity under other routings. The theorem below is the link-capacity
///   form of that quantity for any routing, derived here (not their node-load theorem).
///   Theorem. Let G be connected with n vertices and m links, each direction of capacity 1.
///   Every feasible routing of θ units per ordered pair has θ·2n·Σ_(i>=2) 1/λ_i <= 2m.
///   Proof sketch. Fix a pair (s, t) and its routed unit flow; let f be its net flow on each
///   link (one direction minus the other) with the circulations removed (this only lowers the
///   capacity used), so |f(e)| <= 1 and the capacity the pair uses is at least Σ_e |f(e)| >=
///   Σ_e f(e)² >= R_eff(s, t) by Thomson's principle (a unit s-t flow's energy is at least the
///   effective resistance). Summed over the ordered pairs, the capacity used is at least
///   2·Σ_(s<t) R_eff(s, t) = 2n·Σ_(i>=2) 1/λ_i (the Kirchhoff index, Klein and Randić 1993;
///   metrics/spectral/laplacian_trace.hpp), and at throughput θ it is at most the capacity 2m.
///   Since R_eff(s, t) <= d(s, t), the bound is never below the distance bound (it is weaker):
///   on K_n it is n/2 against θ* = 1, on the cycle C_n 12/(n² − 1) against 8/n² (n even).
///   Closed forms: K_n: λ = n (n − 1 times), bound n/2; hypercube Q_d: λ = 2k with
///   multiplicity C(d, k), n = 2^d, m = d·2^(d−1); cycle C_n: Σ 1/λ = (n² − 1)/12.
///   A disconnected graph has θ* = 0: the bound returns 0 there.
///
/// References: P. Namyar, S. Supittayapornpong, M. Zhang, M. Yu and R. Govindan, "A
/// throughput-centric view of the performance of datacenter topologies", SIGCOMM 2021;
/// R. Jonker and A. Volgenant, Computing 38, 1987 (docs/references.md).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/distances/distance_matrix.hpp"
#include "shiftfly/metrics/flow/detail/capacity_network.hpp"
#include "shiftfly/metrics/flow/linear_assignment.hpp"
#include "shiftfly/metrics/flow/small_weight_assignment.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"
#include "shiftfly/metrics/spectral/laplacian_trace.hpp"

namespace shiftfly::metrics {

/// Largest vertex count for which worst_permutation_bound (no endpoints) uses the 8-byte
/// shortest-augmenting-path assignment; above it, the one-byte certified method.
inline constexpr std::uint64_t worst_permutation_exact_max_n = 2000;

/// An upper bound on θ and how it was obtained.
struct throughput_bound_result {
  double value = 0.0;  ///< capacity / total_distance (0 if a demanded pair is unreachable)
  std::string method = "upper bound";
  std::string algorithm;
  double capacity = 0.0;           ///< C: arcs (2m undirected), parallel arcs counted
  double total_distance = 0.0;     ///< Σ T(s,t)·d(s,t), or max_π Σ d(s, π(s))
  bool certified = true;           ///< false: heuristic permutation (not proven the worst)
  std::vector<std::uint64_t> permutation;  ///< worst_permutation_bound: the permutation used
  std::uint64_t endpoints = 0;  ///< worst_permutation_bound with endpoints: Σ H over the routers (0: vertices)
  /// The certified method's work: rows its greedy step matched, forest phases, potential moves.
  std::uint64_t certificate_rows = 0, certificate_phases = 0, certificate_dual_steps = 0;
};

namespace detail {
template <core::digraph_like G>
std::vector<std::int32_t> hop_distances(const G& g, std::uint64_t s, traversal how) {
  return bfs(g, static_cast<typename G::vertex_type>(s), how).distance;
}
}  // namespace detail

/// θ(T) ≤ C / Σ T(s,t)·d(s,t) (see the file comment).
template <core::digraph_like G>
throughput_bound_result throughput_distance_bound(const G& g, const traffic_matrix& T,
                                                  traversal how = traversal::undirected) {
  constexpr std::string_view where = "throughput_distance_bound";
  if (T.empty()) core::fail(where, "the traffic matrix has no demand (accepted: at least one pair)");
  if (T.n() != g.num_vertices())
    core::fail_parameter(where, "T", "a matrix for " + core::to_message(T.n()) + " vertices",
                         "does not match the graph's " + core::to_message(g.num_vertices()) + " vertices");
  const auto net = detail::make_capacity_network(where, g, how);
  throughput_bound_result r;
  r.algorithm = "capacity / total shortest-path length of the demands (BFS)";
  r.capacity = net.total_capacity;
  // Σ T·d summed over the demands × 2^-e (exact scaling; no overflow for demands up to the
  // largest double), scaled back at the end (metrics/flow/traffic.hpp)
  const int e = T.demand_exponent();
  for (const auto s : T.sources_with_demand()) {
    const auto d = detail::hop_distances(g, s, how);
    const auto tg = T.targets_of(s);
    const auto dm = T.demands_of(s);
    for (std::size_t i = 0; i < tg.size(); ++i) {
      if (d[tg[i]] < 0) {
        r.value = 0.0;
        r.total_distance = 0.0;
        r.algorithm = "exact: a demanded target is unreachable";
        r.method = "exact";
        return r;
      }
      r.total_distance += std::ldexp(dm[i], -e) * d[tg[i]];
    }
  }
  // scaled back: above the largest double the bound is +inf (still an upper bound, and no
  // normal θ exceeds it: the method that answers checks θ itself); below the normal doubles it
  // is refused, not rounded (a bound rounded to 0 would not be one, and no normal θ lies under it)
  const double scaled = r.capacity / r.total_distance;
  r.value = std::isinf(std::ldexp(scaled, -e)) ? std::numeric_limits<double>::infinity()
                                                : detail::unscaled_throughput(where, "the distance bound", scaled, e);
  r.total_distance = std::ldexp(r.total_distance, e);  // +inf past the largest double
  return r;
}

/// What worst_permutation_bound weighs and how it runs.
struct worst_permutation_options {
  /// Endpoints of every vertex (core/endpoints.hpp); empty: one a vertex. A pair of routers is
  /// weighted by the smaller count, min(H_s, H_t), as TUB does; routers without endpoints take
  /// no part (TUB's list of ToRs).
  std::vector<std::uint32_t> endpoints;
  unsigned threads = 0;  ///< the distance sweep's threads; 0 = all; the result does not depend on it
  /// Called after each batch of the distance sweep with (done, in all); serialised.
  std::function<void(std::size_t, std::size_t)> progress;
};

/// Peak memory of the certified method on n vertices of which k take part (one byte an
/// entry while the distances fit, two above 255, four above 65,535), with o.threads' blocks.
inline std::uint64_t worst_permutation_bytes(std::uint64_t k, std::uint64_t n, std::uint64_t max_distance,
                                             const worst_permutation_options& o) {
  const std::size_t entry = max_distance <= 0xff ? 1 : max_distance <= 0xffff ? 2 : 4;
  distance_matrix_options mo;
  mo.threads = o.threads;
  return core::estimate_add_mul(distance_matrix_bytes(k, n, entry, mo), k, 64);
}

namespace detail {
/// The certified method (see the file comment): distances as small integers, the assignment
/// of metrics/flow/small_weight_assignment.hpp, its potentials checked.
template <class T, core::digraph_like G>
void certified_worst_permutation(const G& g, traversal how, const worst_permutation_options& o,
                                 const std::vector<std::uint64_t>& members, const std::vector<std::uint32_t>& scale,
                                 throughput_bound_result& r) {
  distance_matrix_options mo;
  mo.threads = o.threads;
  mo.progress = o.progress;
  const auto d = pair_distances<T>(g, members, how, mo);
  const auto a = max_weight_assignment<T>(d.k, d.entries, scale);
  r.permutation.resize(g.num_vertices());
  for (std::uint64_t v = 0; v < g.num_vertices(); ++v) r.permutation[v] = v;
  // row = target, column = source: the source members[c] sends to members[r]
  for (std::uint64_t t = 0; t < d.k; ++t) r.permutation[members[a.column_of_row[t]]] = members[t];
  r.total_distance = static_cast<double>(a.total);
  r.certificate_rows = a.greedy_rows;
  r.certificate_phases = a.phases;
  r.certificate_dual_steps = a.dual_steps;
}
}  // namespace detail

/// TUB: the worst permutation's throughput ≤ C / max_π Σ w(s, π(s)) (see the file comment).
template <core::digraph_like G>
throughput_bound_result worst_permutation_bound(const G& g, traversal how, const worst_permutation_options& o) {
  constexpr std::string_view where = "worst_permutation_bound";
  const std::uint64_t n = g.num_vertices();
  core::require_range(where, "threads", o.threads, 0, 1024);
  const auto net = detail::make_capacity_network(where, g, how);
  throughput_bound_result r;
  r.capacity = net.total_capacity;
  const auto unreachable = [&](std::uint64_t s) {
    core::fail(where, "vertex " + core::to_message(s) +
                          " does not reach every vertex (accepted: a strongly connected graph)");
  };
  if (!o.endpoints.empty() && o.endpoints.size() != n)
    core::fail_parameter(where, "endpoints", core::to_message(o.endpoints.size()) + " values",
                         "does not give one per vertex (" + core::to_message(n) + ")", "one count per vertex, or none");
  // one endpoint a vertex up to 2,000 vertices: the 8-byte method, as before endpoints existed
  const bool unit = std::all_of(o.endpoints.begin(), o.endpoints.end(), [](std::uint32_t h) { return h == 1; });
  if (unit && n <= worst_permutation_exact_max_n) {
    core::require_memory(where, "the distance matrix (" + core::to_message(n) + "^2 entries)",
                         core::estimate_add_mul(0, n * n, 8));
    std::vector<std::int64_t> cost(n * n);
    for (std::uint64_t s = 0; s < n; ++s) {
      const auto d = detail::hop_distances(g, s, how);
      for (std::uint64_t t = 0; t < n; ++t) {
        if (d[t] < 0) unreachable(s);
        cost[s * n + t] = d[t];
      }
    }
    auto a = max_cost_assignment(n, cost);
    r.permutation = std::move(a.assignment);
    r.total_distance = static_cast<double>(a.total);
    r.algorithm = "TUB (Namyar et al.): capacity / max over permutations of total distance, exact assignment "
                  "(shortest augmenting paths)";
  } else {
    std::vector<std::uint64_t> members;
    std::vector<std::uint32_t> scale;
    std::uint64_t endpoints = 0;
    for (std::uint64_t v = 0; v < n; ++v) {
      const std::uint32_t h = o.endpoints.empty() ? 1 : o.endpoints[v];
      if (h == 0) continue;
      members.push_back(v);
      if (!unit) scale.push_back(h);
      endpoints += h;
    }
    if (members.size() < 2)
      core::fail_parameter(where, "endpoints", core::to_message(members.size()) + " routers with endpoints",
                           "leaves no pair to weigh", "at least 2 routers with endpoints");
    const std::uint64_t bound = distance_upper_bound(g, how);
    core::require_memory(where, "the certified worst permutation (" + core::to_message(members.size()) +
                                    "^2 distances)",
                         worst_permutation_bytes(members.size(), n, bound, o));
    if (bound <= 0xff) detail::certified_worst_permutation<std::uint8_t>(g, how, o, members, scale, r);
    else if (bound <= 0xffff) detail::certified_worst_permutation<std::uint16_t>(g, how, o, members, scale, r);
    else detail::certified_worst_permutation<std::uint32_t>(g, how, o, members, scale, r);
    r.endpoints = endpoints;
    r.algorithm = std::string("TUB (Namyar et al.): capacity / max over permutations of ") +
                  (unit ? "total distance" : "total min(H_s, H_t) x distance") +
                  ", exact assignment (Hungarian method on the small integer distances; certified by "
                  "dual potentials that bound every permutation)";
  }
  if (r.total_distance <= 0.0) core::fail(where, "the graph has a single vertex (accepted: at least 2)");
  r.value = r.capacity / r.total_distance;
  return r;
}

/// TUB over the vertices, one endpoint each (see the file comment).
template <core::digraph_like G>
throughput_bound_result worst_permutation_bound(const G& g, traversal how = traversal::undirected) {
  return worst_permutation_bound(g, how, worst_permutation_options{});
}

namespace detail {
/// The cut bounds: cut_links over the demand that must cross the cut, |S|·|S̄| pairs of
/// uniform traffic or, for the worst permutation, min(|S|, |S̄|) units.
inline throughput_bound_result cut_bound(std::string_view where, std::uint64_t n, std::uint64_t side,
                                         std::uint64_t cut_links, bool permutation) {
  core::require_range(where, "n", n, 2, traffic_max_vertices);
  core::require_range(where, "side", side, 1, n - 1);
  throughput_bound_result r;
  r.capacity = static_cast<double>(cut_links);
  r.total_distance = permutation ? static_cast<double>(std::min(side, n - side))
                                 : static_cast<double>(side) * static_cast<double>(n - side);
  r.value = r.capacity / r.total_distance;
  r.algorithm = std::string(permutation
                                ? "cut: links across a cut / the smaller side (a permutation sends all of it across; "
                                : "cut: links across a cut / pairs across it (") +
                core::to_message(cut_links) + " links, sides " + core::to_message(side) + " and " +
                core::to_message(n - side) + ")";
  return r;
}
}  // namespace detail

/// Uniform traffic's θ ≤ cut_links / (side · (n − side)) (see the file comment).
inline throughput_bound_result uniform_cut_bound(std::uint64_t n, std::uint64_t side, std::uint64_t cut_links) {
  return detail::cut_bound("uniform_cut_bound", n, side, cut_links, false);
}

/// The worst permutation's θ ≤ cut_links / min(side, n − side) (see the file comment).
inline throughput_bound_result permutation_cut_bound(std::uint64_t n, std::uint64_t side, std::uint64_t cut_links) {
  return detail::cut_bound("permutation_cut_bound", n, side, cut_links, true);
}

/// The spectral bound's closed form m / (n·Σ_(i>=2) 1/λ_i) (see the file comment).
inline double spectral_uniform_bound_value(std::uint64_t n, std::uint64_t m, double reciprocal_sum) {
  constexpr std::string_view where = "spectral_uniform_bound_value";
  core::require_range(where, "n", n, 2, traffic_max_vertices);
  if (!(reciprocal_sum > 0) || !std::isfinite(reciprocal_sum))
    core::throw_out_of_range(where, "reciprocal_sum", reciprocal_sum, "above 0, finite");
  return static_cast<double>(m) / (static_cast<double>(n) * reciprocal_sum);
}

/// Uniform traffic's θ* <= m / (n·Σ_(i>=2) 1/λ_i) (see the file comment); 0 when g is disconnected.
template <core::graph_like G>
throughput_bound_result spectral_uniform_bound(const G& g) {
  constexpr std::string_view where = "spectral_uniform_bound";
  const std::uint64_t n = g.num_vertices();
  core::require_range(where, "n", n, 2, laplacian_trace_max_n);
  throughput_bound_result r;
  r.algorithm = "spectral: m / (n sum of 1/lambda over the Laplacian's nonzero eigenvalues), "
                "the Kirchhoff index and Thomson's principle";
  const auto reach = bfs(g, typename G::vertex_type{0});
  for (const auto d : reach.distance)
    if (d < 0) {
      r.value = 0.0;
      r.algorithm = "a demanded pair is unreachable: theta* = 0";
      return r;
    }
  const auto t = laplacian_reciprocal_sum(g);
  r.capacity = 2.0 * static_cast<double>(t.links);
  r.total_distance = 2.0 * static_cast<double>(n) * t.reciprocal_sum;  // Σ over ordered pairs of R_eff
  r.value = spectral_uniform_bound_value(n, t.links, t.reciprocal_sum);
  return r;
}

}  // namespace shiftfly::metrics
