#pragma once
/// \file throughput_arc_generation.hpp
/// Exact throughput under a traffic matrix (maximum concurrent flow) by the source-aggregated
/// edge LP whose flow variables are priced in: it starts from every source's shortest-path
/// arcs and adds an arc to a source's commodity only when the LP's duals say it pays
/// (delayed column generation on the edge formulation), on the orbits of automorphisms.
///
/// Model: as metrics/flow/throughput_lp.hpp (one unit of capacity per direction of every
/// link, or per directed arc, parallel arcs adding up; θ(T) is the largest θ such that θ·T is
/// routable within capacity over any paths).
///
/// API:
///   struct throughput_arc_generation_options { how, max_rounds, max_seconds, progress };
///   struct throughput_arc_generation_result { value, lower_certificate, dual_bound, method,
///       algorithm, converged, rounds, variables, full_variables, constraints, source_orbits,
///       arc_orbits, generators, shortest_path_exact, seconds };
///   throughput_arc_generation_result throughput_arc_generation(const G& g, const traffic_matrix& T,
///       std::span<const std::vector<std::uint32_t>> generators, const throughput_arc_generation_options& = {});
///   std::uint64_t throughput_arc_generation_start(const G& g, const traffic_matrix& T,
///       std::span<const std::vector<std::uint32_t>> generators, traversal how);   // its first LP's flow variables
///   inline constexpr std::uint64_t throughput_arc_generation_max_variables;     // 2·10^6
///
/// The LP, in the minimum-congestion form (θ(T) = 1/λ*): variables λ and f_i(a) ≥ 0, one commodity
/// per sending vertex orbit V_i (its representative r_i, the least sender; every sender without
/// generators), one capacity row per arc orbit O (every arc without generators):
///   min λ  s.t.  Σ_{a into v} f_i(a) − Σ_{a out of v} f_i(a) = T(r_i, v)   for every i, v ≠ r_i,
///                Σ_i (|V_i| / |O|) Σ_{a∈O} f_i(a) − λ·c_O ≤ 0                 for every arc orbit O.
/// This is the LP of metrics/flow/throughput_symmetric.hpp (the reduction's argument is there)
/// with the demand fixed and the congestion minimised: with θ fixed at 0 the θ-form starts from a
/// point where every pivot is degenerate until each commodity spans the graph, while this form
/// starts from a routing and CLP's crash ("idiot") finds a good one.
///
/// Arc generation: the first LP keeps, for commodity i, only the arcs u → v with
/// hop(r_i, v) = hop(r_i, u) + 1 (its shortest-path DAG: on group-level Shiftfly of 576 groups
/// 3,012 of the 22,620 arcs a commodity). Its optimum is the best routing on shortest paths. The
/// LP is then optimal for all arcs when no left-out f_i(a), a = u → v in O, has a negative
/// reduced cost 0 − (π_{i,v} − π_{i,u} + (|V_i|/|O|)·π_O) under CLP's row duals π (π_{i,r_i} = 0):
/// those are added and the LP solved again from its last basis, until none is left (a round).
/// Every round's LP is a restriction, so its λ only falls; the duals of the last one are
/// feasible for the whole LP, so that λ is λ*.
///
/// Certificates, computed here at every round, independent of CLP's claims:
/// - lower: the LP's flow f_i (clamped to ≥ 0), lifted to the graph (every arc of O carries the
///   orbit row's load), each vertex's conservation deficit re-sent (at most one unit of load an
///   arc per unit, counted |V_i| times, on capacities ≥ 1): θ(T) ≥ 1 / (κ + deficits), κ the
///   congestion; as throughput_symmetric.hpp;
/// - upper: Garg–Könemann's bound Σ_a l_a c_a / Σ_i |V_i|·α_{r_i}(l) (α the cost of routing the
///   row of T on shortest paths under l, one Dijkstra a representative) at the hop lengths
///   l = 1/c (the distance bound: every arc at capacity, every pair on a shortest path) and at
///   the invariant lengths l_a = |π_O| / |O| of every round; the smallest is kept.
/// The run ends when upper ≤ lower·(1 + throughput_lp_tolerance); the value is CLP's 1/λ, accepted
/// as in throughput_lp (within 10^-7 of both certificates). shortest_path_exact says the first
/// LP already certified it: the optimum routes on shortest paths alone (on every group-level
/// Shiftfly measured, θ equals the distance bound). If max_rounds or max_seconds stops the run
/// first, or CLP fails, the result is the certified interval [lower, upper], method "interval".
///
/// Why this and not the reduced LP or metrics/flow/throughput_column_generation.hpp: the reduced
/// LP has every (source orbit, arc) pair, 2.2 M at 576 Shiftfly groups, and CLP did not finish it;
/// column generation on routings has a master of few rows but dense columns (a routing touches
/// most arc orbits) and tails off; here the columns have three nonzeros and the first LP is
/// already near the optimum. Measured in docs/performance.md ("Exact throughput by arc generation").
///
/// Size: source orbits × arcs (the pricing's work) at most throughput_cg_max_variables (5·10^7),
/// and the first LP's flow variables at most throughput_arc_generation_max_variables (2·10^6),
/// 120 bytes each (CLP's copies and factors) checked with core::require_memory, again as arcs enter.
/// CLP's time is not estimated: max_seconds (> 0) limits the run, CLP's solves included.
///
/// References: G. B. Dantzig and P. Wolfe, Operations Research 8(1), 1960, and L. R. Ford and
/// D. R. Fulkerson, Management Science 5(1), 1958 (delayed column generation); N. Garg and
/// J. Könemann, SIAM J. Comput. 37(2), 2007 (the dual bound); COIN-OR CLP (docs/references.md).

#include <ClpSimplex.hpp>
#include <CoinHelperFunctions.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/metrics/flow/detail/capacity_network.hpp"
#include "shiftfly/metrics/flow/throughput_column_generation.hpp"
#include "shiftfly/metrics/flow/throughput_lp.hpp"
#include "shiftfly/metrics/flow/throughput_mwu.hpp"
#include "shiftfly/metrics/flow/throughput_symmetric.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"

namespace shiftfly::metrics {

/// Largest first LP (flow variables on the shortest-path DAGs) throughput_arc_generation accepts.
inline constexpr std::uint64_t throughput_arc_generation_max_variables = 2'000'000;

struct throughput_arc_generation_options {
  traversal how = traversal::undirected;
  std::uint64_t max_rounds = 1000;  ///< LPs solved, 1 to 10^6 (deterministic stop)
  double max_seconds = 0.0;         ///< stop after this many seconds (0 = no limit); not deterministic
  /// After every LP: (round, certified lower, certified upper, flow variables in the LP, seconds).
  std::function<void(std::uint64_t, double, double, std::uint64_t, double)> progress;
};

struct throughput_arc_generation_result {
  double value = 0.0;              ///< θ(T) when converged; else the lower end
  double lower_certificate = 0.0;  ///< θ(T) ≥ this (the LP's flow, checked here)
  double dual_bound = 0.0;         ///< θ(T) ≤ this (Garg–Könemann, the best lengths seen)
  std::string method = "exact";    ///< "exact", or "interval" when a limit or CLP stopped the run
  std::string algorithm;
  bool converged = true;
  std::uint64_t rounds = 0;          ///< LPs solved
  std::uint64_t variables = 0;       ///< flow variables in the last LP
  std::uint64_t full_variables = 0;  ///< flow variables of the whole LP (commodities × arcs)
  std::uint64_t constraints = 0;
  std::uint64_t source_orbits = 0, arc_orbits = 0, generators = 0;
  bool shortest_path_exact = false;  ///< the first LP (shortest paths only) was already certified
  double seconds = 0.0;              ///< wall time (not part of any figure)
};

namespace detail {

/// The orbits of `generators` (checked) or, without generators, every vertex and arc its own.
inline symmetry_orbits arc_generation_orbits(std::string_view where, const capacity_network& net,
                                             const traffic_matrix& T,
                                             std::span<const std::vector<std::uint32_t>> generators) {
  if (!generators.empty()) return symmetry_orbits_of(where, net, T, generators);
  symmetry_orbits o;
  o.vertex_orbit.resize(net.n);
  for (std::size_t v = 0; v < net.n; ++v) o.vertex_orbit[v] = static_cast<std::uint32_t>(v);
  o.vertex_size.assign(net.n, 1);
  o.arc_orbit.resize(net.arcs());
  for (std::size_t a = 0; a < net.arcs(); ++a) o.arc_orbit[a] = static_cast<std::uint32_t>(a);
  o.arc_size.assign(net.arcs(), 1);
  o.arc_capacity = net.capacity;
  return o;
}

/// The least sender of every sending vertex orbit.
inline std::vector<std::uint32_t> arc_generation_representatives(const symmetry_orbits& o, const traffic_matrix& T) {
  std::vector<std::uint32_t> reps;
  std::vector<char> seen(o.vertex_size.size(), 0);
  for (const auto s : T.sources_with_demand())
    if (!seen[o.vertex_orbit[s]]) {
      seen[o.vertex_orbit[s]] = 1;
      reps.push_back(s);
    }
  return reps;
}

/// Hop distances from s in `net` (unreachable: max).
inline void arc_generation_hops(const capacity_network& net, std::uint32_t s, std::vector<std::uint32_t>& hop,
                                std::vector<std::uint32_t>& queue) {
  hop.assign(net.n, std::numeric_limits<std::uint32_t>::max());
  queue.clear();
  queue.push_back(s);
  hop[s] = 0;
  for (std::size_t i = 0; i < queue.size(); ++i)
    for (auto a = net.out_offsets[queue[i]]; a < net.out_offsets[queue[i] + 1]; ++a)
      if (hop[net.head[a]] == std::numeric_limits<std::uint32_t>::max()) {
        hop[net.head[a]] = hop[queue[i]] + 1;
        queue.push_back(net.head[a]);
      }
}

/// Whether arc a enters the first LP of the commodity from s: a shortest-path arc.
inline bool arc_generation_first(const capacity_network& net, const std::vector<std::uint32_t>& hop, std::uint32_t s,
                                 std::size_t a) {
  const auto u = net.tail[a], v = net.head[a];
  return v != s && u != v && hop[u] != std::numeric_limits<std::uint32_t>::max() && hop[v] == hop[u] + 1;
}


/// The steps of throughput_arc_generation (one named step a method, the run's state in
/// members). Not movable: the router holds references to net and T.
class ag_solver {
 public:
  static constexpr std::string_view where = "throughput_arc_generation";

  ag_solver(const throughput_arc_generation_options& options, const capacity_network& network,
            std::span<const std::vector<std::uint32_t>> generators, const traffic_matrix& T_in,
            std::chrono::steady_clock::time_point began)
      : opt(options),
        net(network),
        start_time(began),
        n(network.n),
        A(network.arcs()),
        o(arc_generation_orbits(where, network, T_in, generators)),
        reps(arc_generation_representatives(o, T_in)),
        K(reps.size()),
        R(o.arc_size.size()) {}
  ag_solver(const ag_solver&) = delete;
  ag_solver& operator=(const ag_solver&) = delete;

  static void require_input(const throughput_arc_generation_options& opt, const traffic_matrix& T_in, std::uint64_t n) {
    core::require_range(where, "max_rounds", opt.max_rounds, 1, 1'000'000);
    if (!(opt.max_seconds >= 0.0 && opt.max_seconds <= 604800.0))
      core::throw_out_of_range(where, "max_seconds", opt.max_seconds, "0 (no limit) to 604800");
    if (T_in.empty()) core::fail(where, "the traffic matrix has no demand (accepted: at least one pair)");
    if (T_in.n() != n)
      core::fail_parameter(where, "T", "a matrix for " + core::to_message(T_in.n()) + " vertices",
                           "does not match the graph's " + core::to_message(n) + " vertices");
    require_throughput_demands(where, T_in);
  }

  /// The result's sizes and algorithm; refuses a problem above throughput_cg_max_variables.
  void describe(std::size_t generators) {
    r.source_orbits = K;
    r.arc_orbits = R;
    r.generators = generators;
    r.full_variables = throughput_lp_variables(K, A);
    r.algorithm = "column generation on the edge LP (arc generation: flow variables priced in from the shortest-path arcs)" +
                  (generators == 0 ? std::string()
                                   : " on the orbits of " + core::to_message(generators) + " automorphisms (" +
                                         core::to_message(K) + " source orbits, " + core::to_message(R) +
                                         " arc orbits)") +
                  ", COIN-OR CLP";
    if (r.full_variables > throughput_cg_max_variables)
      core::fail(where, "commodities x arcs is " + core::to_message(r.full_variables) + " (" + core::to_message(K) +
                            (generators == 0 ? " sources" : " source orbits") + " x " + core::to_message(A) +
                            " arcs), more than the " + core::to_message(throughput_cg_max_variables) +
                            " accepted (use the (1+eps) interval of throughput_mwu)");
  }

  throughput_arc_generation_result& result() { return r; }

  /// The whole run on the reachable traffic T_in (scaled here by a power of two).
  throughput_arc_generation_result solve(const traffic_matrix& T_in, bool plain) {
    e = T_in.demand_exponent();
    T = T_in.scaled(e);
    const auto first = first_arcs(plain);
    build_lp();
    add_first_variables(first);
    router.emplace(net, T);
    scratch.assign(A, 0.0);
    first_bounds();
    iterate();
    return finish();
  }

 private:
  /// The first LP's arcs: every commodity's shortest-path DAG (their count refused above
  /// throughput_arc_generation_max_variables or the memory).
  std::uint64_t first_arcs(bool plain) {
    hops.resize(K);
    std::uint64_t first = 0;
    std::vector<std::uint32_t> queue;
    for (std::size_t k = 0; k < K; ++k) {
      arc_generation_hops(net, reps[k], hops[k], queue);
      for (std::size_t a = 0; a < A; ++a) first += arc_generation_first(net, hops[k], reps[k], a) ? 1 : 0;
    }
    if (first > throughput_arc_generation_max_variables)
      core::fail(where, "the first LP would have " + core::to_message(first) +
                            " flow variables (the shortest-path arcs of " + core::to_message(K) +
                            (plain ? " sources" : " source orbits") + "), more than the " +
                            core::to_message(throughput_arc_generation_max_variables) + " accepted");
    fixed = core::estimate_add_mul(core::estimate_add_mul(0, K, core::estimate_add_mul(0, n, 64)), A, 64);
    require_memory(first);
    return first;
  }

  void require_memory(std::uint64_t variables) const {
    core::require_memory(where, "the LP (" + core::to_message(variables) + " flow variables)",
                         core::estimate_add_mul(fixed, variables, 120));
  }

  /// Conservation (k, v != r_k) at k·(n−1) + (v < r_k ? v : v − 1); −1 for v = r_k.
  std::int64_t cons_row(std::size_t k, std::uint64_t v) const {
    const std::uint64_t s = reps[k];
    if (v == s) return -1;
    return static_cast<std::int64_t>(k * (n - 1) + (v < s ? v : v - 1));
  }

  double coefficient(std::size_t k, std::size_t a) const {
    const auto O = o.arc_orbit[a];
    return static_cast<double>(o.vertex_size[o.vertex_orbit[reps[k]]]) / static_cast<double>(o.arc_size[O]);
  }

  /// The LP's rows (conservation, then capacity at K·(n−1) + O) and column 0: λ, −c_O on every capacity row.
  void build_lp() {
    cons_rows = static_cast<std::uint64_t>(K) * (n - 1);
    const std::uint64_t rows = cons_rows + R;
    if (rows > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
      core::fail(where, "the LP would have " + core::to_message(rows) + " rows, too many for CLP's index types");
    r.constraints = rows;
    in_lp.assign(K, std::vector<char>(A, 0));
    model.setLogLevel(0);
    std::vector<double> row_lo(rows, 0.0), row_hi(rows, 0.0);
    for (std::size_t k = 0; k < K; ++k) {
      const auto tg = T.targets_of(reps[k]);
      const auto dm = T.demands_of(reps[k]);
      for (std::size_t i = 0; i < tg.size(); ++i) row_lo[cons_row(k, tg[i])] = row_hi[cons_row(k, tg[i])] = dm[i];
    }
    for (std::size_t O = 0; O < R; ++O) {
      row_lo[cons_rows + O] = -COIN_DBL_MAX;
      row_hi[cons_rows + O] = 0.0;
    }
    std::vector<CoinBigIndex> start{0};
    std::vector<int> index;
    std::vector<double> value;
    for (std::size_t O = 0; O < R; ++O) {
      index.push_back(static_cast<int>(cons_rows + O));
      value.push_back(-o.arc_capacity[O]);
    }
    start.push_back(static_cast<CoinBigIndex>(index.size()));
    const double lo = 0.0, hi = COIN_DBL_MAX, obj = 1.0;
    model.loadProblem(1, static_cast<int>(rows), start.data(), index.data(), value.data(), &lo, &hi, &obj,
                      row_lo.data(), row_hi.data());
    model.setPrimalTolerance(1e-9);
    model.setDualTolerance(1e-9);
  }

  /// Adds the variables (commodity, arc): CLP column c + 1 is var_k[c], var_a[c].
  void add_variables(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& add) {
    std::vector<CoinBigIndex> start{0};
    std::vector<int> index;
    std::vector<double> value;
    start.reserve(add.size() + 1);
    index.reserve(3 * add.size());
    value.reserve(3 * add.size());
    for (const auto& [k, a] : add) {
      // rows ascending: conservation of the tail (−1) and head (+1), then the capacity row
      const auto ru = cons_row(k, net.tail[a]), rv = cons_row(k, net.head[a]);
      if (ru >= 0 && ru < rv) {
        index.push_back(static_cast<int>(ru));
        value.push_back(-1.0);
      }
      index.push_back(static_cast<int>(rv));
      value.push_back(1.0);
      if (ru >= 0 && ru > rv) {
        index.push_back(static_cast<int>(ru));
        value.push_back(-1.0);
      }
      index.push_back(static_cast<int>(cons_rows + o.arc_orbit[a]));
      value.push_back(coefficient(k, a));
      start.push_back(static_cast<CoinBigIndex>(index.size()));
      var_k.push_back(k);
      var_a.push_back(a);
      in_lp[k][a] = 1;
    }
    const std::vector<double> lo(add.size(), 0.0), hi(add.size(), COIN_DBL_MAX), obj(add.size(), 0.0);
    model.addColumns(static_cast<int>(add.size()), lo.data(), hi.data(), obj.data(), start.data(), index.data(),
                     value.data());
  }

  void add_first_variables(std::uint64_t first) {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> add;
    add.reserve(first);
    for (std::size_t k = 0; k < K; ++k)
      for (std::size_t a = 0; a < A; ++a)
        if (arc_generation_first(net, hops[k], reps[k], a))
          add.emplace_back(static_cast<std::uint32_t>(k), static_cast<std::uint32_t>(a));
    add_variables(add);
    std::vector<std::vector<std::uint32_t>>().swap(hops);
  }

  /// Garg–Könemann's bound at invariant lengths: Σ l·c / Σ_k |V_k|·α_k(l).
  double bound_of(const std::vector<double>& l) {
    double D = 0.0, alpha = 0.0;
    for (std::size_t a = 0; a < A; ++a) D += l[a] * net.capacity[a];
    for (std::size_t k = 0; k < K; ++k)
      alpha += static_cast<double>(o.vertex_size[o.vertex_orbit[reps[k]]]) * router->route_source(reps[k], l, scratch.data());
    return alpha > 0.0 ? D / alpha : std::numeric_limits<double>::infinity();
  }

  /// The distance bound, and a first lower certificate: ECMP (the shortest paths under hop
  /// lengths, split evenly), lifted.
  void first_bounds() {
    length.resize(A);
    for (std::size_t a = 0; a < A; ++a) length[a] = 1.0 / net.capacity[a];
    upper = bound_of(length);
    std::vector<double> ecmp(R, 0.0);
    std::fill(scratch.begin(), scratch.end(), 0.0);  // bound_of leaves its loads there
    router->track = true;
    for (std::size_t k = 0; k < K; ++k) {
      router->route_source(reps[k], length, scratch.data());
      for (const auto a : router->touched) {
        ecmp[o.arc_orbit[a]] += coefficient(k, a) * scratch[a];
        scratch[a] = 0.0;
      }
    }
    router->track = false;
    double congestion = 0.0;
    for (std::size_t O = 0; O < R; ++O) congestion = std::max(congestion, ecmp[O] / o.arc_capacity[O]);
    if (congestion > 0.0) lower = 1.0 / congestion;
  }

  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count(); }

  /// LPs until the bounds meet or a limit stops them (trouble says which).
  void iterate() {
    orbit_load.resize(R);
    balance.resize(K * n);
    for (std::uint64_t round = 1;; ++round) {
      r.rounds = round;
      r.variables = var_k.size();
      if (!solve_lp(round)) break;
      read_lower();
      read_upper();
      if (round == 1) r.shortest_path_exact = upper <= lower * (1 + throughput_lp_tolerance);
      if (opt.progress) opt.progress(round, lower, upper, var_k.size(), elapsed());
      if (upper <= lower * (1 + throughput_lp_tolerance)) break;
      if (round >= opt.max_rounds) {
        trouble = "the round limit";
        break;
      }
      const auto add = price();
      if (add.empty()) {
        trouble = "no arc left to price while the bounds are apart (numerical)";
        break;
      }
      require_memory(var_k.size() + add.size());
      add_variables(add);
    }
  }

  /// Solves the LP within the time left (false: no optimum, trouble says why).
  bool solve_lp(std::uint64_t round) {
    const double left = opt.max_seconds - elapsed();
    if (opt.max_seconds > 0.0 && left <= 0.0) {
      trouble = "the time limit";
      return false;
    }
    model.setMaximumSeconds(opt.max_seconds > 0.0 ? std::max(1.0, left) : -1.0);
    model.setMaximumWallSeconds(opt.max_seconds > 0.0 ? std::max(1.0, left) : -1.0);
    if (round == 1)
      model.initialSolve();  // CLP's choice: presolve, its crash, primal simplex
    else
      model.primal(1);  // from the last basis
    if (model.status() != 0) {
      trouble = opt.max_seconds > 0.0 && elapsed() >= opt.max_seconds ? std::string("the time limit")
                                                                       : "CLP's status " + std::to_string(model.status());
      return false;
    }
    return true;
  }

  /// θ, and the lower certificate: the lifted flow's orbit loads and its conservation deficits (file comment).
  void read_lower() {
    const double* x = model.primalColumnSolution();
    const double lambda = x[0];
    theta = lambda > 0.0 ? 1.0 / lambda : 0.0;
    std::fill(orbit_load.begin(), orbit_load.end(), 0.0);
    std::fill(balance.begin(), balance.end(), 0.0);
    for (std::size_t c = 0; c < var_k.size(); ++c) {
      const double f = std::max(0.0, x[c + 1]);
      if (f == 0.0) continue;
      const auto k = var_k[c], a = var_a[c];
      orbit_load[o.arc_orbit[a]] += coefficient(k, a) * f;
      balance[k * n + net.head[a]] += f;
      balance[k * n + net.tail[a]] -= f;
    }
    double deficit = 0.0;
    for (std::size_t k = 0; k < K; ++k) {
      const auto tg = T.targets_of(reps[k]);
      const auto dm = T.demands_of(reps[k]);
      for (std::size_t i = 0; i < tg.size(); ++i) balance[k * n + tg[i]] -= dm[i];
      double dk = 0.0;
      for (std::size_t v = 0; v < n; ++v)
        if (v != reps[k]) dk += std::max(0.0, -balance[k * n + v]);
      deficit += static_cast<double>(o.vertex_size[o.vertex_orbit[reps[k]]]) * dk;
    }
    double congestion = 0.0;
    for (std::size_t O = 0; O < R; ++O) congestion = std::max(congestion, orbit_load[O] / o.arc_capacity[O]);
    if (congestion + deficit > 0.0) lower = std::max(lower, 1.0 / (congestion + deficit));
  }

  /// The upper bound: the capacity rows' duals as invariant lengths.
  void read_upper() {
    const double* dual = model.dualRowSolution();
    for (std::size_t a = 0; a < A; ++a) {
      const auto O = o.arc_orbit[a];
      length[a] = std::fabs(std::min(0.0, dual[cons_rows + O])) / static_cast<double>(o.arc_size[O]);
    }
    upper = std::min(upper, bound_of(length));
  }

  /// Pricing: every left-out (k, a) of negative reduced cost 0 − (π_{k,v} − π_{k,u} + q·π_O).
  std::vector<std::pair<std::uint32_t, std::uint32_t>> price() const {
    const double* dual = model.dualRowSolution();
    const auto pi = [&](std::size_t k, std::uint32_t v) {
      const auto row = cons_row(k, v);
      return row < 0 ? 0.0 : dual[row];
    };
    std::vector<std::pair<std::uint32_t, std::uint32_t>> add;
    for (std::size_t k = 0; k < K; ++k)
      for (std::size_t a = 0; a < A; ++a) {
        if (in_lp[k][a] || net.head[a] == reps[k] || net.tail[a] == net.head[a]) continue;
        const double reduced =
            -(pi(k, net.head[a]) - pi(k, net.tail[a]) + coefficient(k, a) * dual[cons_rows + o.arc_orbit[a]]);
        if (reduced < -1e-9) add.emplace_back(static_cast<std::uint32_t>(k), static_cast<std::uint32_t>(a));
      }
    return add;
  }

  /// The answer: exact when certified (detail::certified_throughput), else the interval; unscaled.
  throughput_arc_generation_result finish() {
    r.seconds = elapsed();
    if (lower > upper * (1 + 1e-12))
      core::fail(where, "the flow's bound " + core::to_message(lower) + " exceeds the dual bound " +
                            core::to_message(upper) + " (numerical)");
    double value = lower, lower_out = lower;
    bool exact = trouble.empty();
    if (exact) {
      std::string why;
      const auto accepted = certified_throughput(theta, lower, upper, lower_out, why);
      if (accepted) {
        value = *accepted;
      } else {
        exact = false;
        trouble = why;
      }
    }
    r.converged = exact;
    r.method = exact ? "exact" : "interval";
    if (!exact)
      r.algorithm += ", stopped by " + trouble + " after " + core::to_message(r.rounds) +
                     (r.rounds == 1 ? " LP" : " LPs") +
                     ": certified interval (lower: the LP's flow; upper: the Garg-Koenemann dual bound)";
    r.value = unscaled_throughput(where, "the throughput", value, e);
    r.lower_certificate = unscaled_throughput(where, "the flow's bound", std::min(lower_out, value), e);
    r.dual_bound = unscaled_throughput(where, "the dual bound", upper, e);
    return r;
  }

  const throughput_arc_generation_options& opt;
  const capacity_network& net;
  std::chrono::steady_clock::time_point start_time;
  const std::size_t n, A;
  const symmetry_orbits o;
  const std::vector<std::uint32_t> reps;  ///< one sender a sending vertex orbit
  const std::size_t K, R;                 ///< commodities; capacity rows (arc orbits)
  throughput_arc_generation_result r;
  int e = 0;
  traffic_matrix T;  ///< T_in scaled by 2^e
  std::vector<std::vector<std::uint32_t>> hops;
  std::uint64_t fixed = 0;  ///< the memory estimate without the flow variables
  std::uint64_t cons_rows = 0;
  std::vector<std::uint32_t> var_k, var_a;  ///< the variables in the LP
  std::vector<std::vector<char>> in_lp;
  ClpSimplex model;
  std::optional<shortest_path_router> router;
  std::vector<double> scratch, length;
  double upper = 0.0, lower = 0.0, theta = 0.0;
  std::string trouble;
  std::vector<double> orbit_load, balance;
};

}  // namespace detail

/// Flow variables of the first LP of throughput_arc_generation (the shortest-path arcs of every
/// source orbit's representative); the generators are checked as there.
template <core::digraph_like G>
std::uint64_t throughput_arc_generation_start(const G& g, const traffic_matrix& T,
                                              std::span<const std::vector<std::uint32_t>> generators,
                                              traversal how = traversal::undirected) {
  constexpr std::string_view where = "throughput_arc_generation_start";
  if (T.n() != g.num_vertices())
    core::fail_parameter(where, "T", "a matrix for " + core::to_message(T.n()) + " vertices",
                         "does not match the graph's " + core::to_message(g.num_vertices()) + " vertices");
  const auto net = detail::make_capacity_network(where, g, how);
  const auto o = detail::arc_generation_orbits(where, net, T, generators);
  std::vector<std::uint32_t> hop, queue;
  std::uint64_t count = 0;
  for (const auto s : detail::arc_generation_representatives(o, T)) {
    detail::arc_generation_hops(net, s, hop, queue);
    for (std::size_t a = 0; a < net.arcs(); ++a) count += detail::arc_generation_first(net, hop, s, a) ? 1 : 0;
  }
  return count;
}

/// θ(T) on g by arc generation on the orbits of the group `generators` generate (see the file
/// comment); an empty span: every vertex and arc its own orbit.
template <core::digraph_like G>
throughput_arc_generation_result throughput_arc_generation(const G& g, const traffic_matrix& T_in,
                                                           std::span<const std::vector<std::uint32_t>> generators,
                                                           const throughput_arc_generation_options& opt = {}) {
  using detail::ag_solver;
  const auto start_time = std::chrono::steady_clock::now();
  ag_solver::require_input(opt, T_in, g.num_vertices());
  const auto net = detail::make_capacity_network(ag_solver::where, g, opt.how);
  ag_solver run(opt, net, generators, T_in, start_time);
  run.describe(generators.size());
  if (detail::unreachable_demand(net, T_in)) {
    run.result().algorithm = "exact: a demanded target is unreachable (BFS)";
    return run.result();
  }
  return run.solve(T_in, generators.empty());
}

}  // namespace shiftfly::metrics
