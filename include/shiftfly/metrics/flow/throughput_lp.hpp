#pragma once
/// \file throughput_lp.hpp
/// Exact throughput under a traffic matrix by linear programming (maximum concurrent
/// flow), solved with COIN-OR CLP.
///
/// Model: every undirected link carries one unit of capacity in each direction (along
/// the directed arcs, traversal::arcs: one unit per arc, parallel arcs adding up). A
/// traffic matrix T (metrics/flow/traffic.hpp) gives demands T(s,t) > 0 for ordered pairs
/// s ≠ t. The throughput θ(T) is the largest θ such that θ·T can be routed as a
/// multicommodity flow within capacity (maximum concurrent flow), over any paths.
///
/// API:
///   struct throughput_lp_result { value, method, algorithm, sources, arcs, variables,
///                                 constraints, nonzeros };
///   throughput_lp_result throughput_lp(const G& g, const traffic_matrix& T,
///                                      traversal how = traversal::undirected, double max_seconds = 0);
///   std::uint64_t throughput_lp_variables(std::uint64_t sources, std::uint64_t arcs);
///   inline constexpr std::uint64_t throughput_lp_max_variables;
///   struct throughput_lp_unsolved : std::runtime_error;   // CLP could not certify an optimum
///   struct throughput_lp_out_of_time : throughput_lp_unsolved;   // CLP stopped at max_seconds
///
/// The LP is the edge–commodity formulation with commodities aggregated by source
/// (demands from one source share one flow: a flow from s that delivers θ·T(s,t) at
/// every t is a sum of flows s -> t, so aggregation loses nothing). Variables: θ and
/// f[s][a] ≥ 0 for every source s with demand and every arc a (not the arcs into s,
/// which an optimal flow never needs). Rows: for every such s and vertex v ≠ s,
/// inflow − outflow − θ·T(s,v) = 0; for every arc, Σ_s f[s][a] ≤ capacity. Maximize θ.
/// A pair whose target cannot be reached makes θ = 0, as the LP finds.
///
/// Size: at most throughput_lp_max_variables = 40,000 flow variables (sources × arcs):
/// simplex time grows fast on these degenerate LPs (measured, uniform traffic on
/// group-level Shiftfly at 8 ports: 2,600 rows × 17,000 columns in about 3 s, 4,500 ×
/// 31,000 in about 25 s), so this is uniform or permutation traffic on some 60 routers of
/// degree 8, or 100 of degree 4. Larger problems are refused up front
/// (core::invalid_parameter, with the count and the memory estimate); the (1+ε) interval
/// of metrics/flow/throughput_mwu.hpp has no such limit.
///
/// Scale. The LP is solved on T·2^-e (e = T.demand_exponent(): the largest demand in [1, 2),
/// an exact scaling) and θ(T) = θ(T·2^-e)·2^-e, so θ(c·T) = θ(T)/c whatever the magnitude of
/// the demands: CLP's tolerances are absolute, and on the unscaled LP demands of 10^11 gave
/// a suboptimal θ, 10^13 and up "unscaled problem infeasible", 10^100 "numerical errors" and
/// 10^-200 "dual infeasible". Demands more than throughput_max_demand_ratio (10^12) apart are
/// refused (require_throughput_demands, metrics/flow/traffic.hpp); a θ outside the normal doubles
/// (2.2250738585072014e-308 to 1.7976931348623157e308) is refused, not rounded. A demanded
/// target that cannot be reached (BFS) gives θ = 0 without the LP.
///
/// Verification. CLP's status must be "optimal" (its secondary status, e.g. small
/// infeasibilities after unscaling, is left to the certificates); then two certificates are
/// computed on the scaled problem by code independent of CLP:
/// - lower (lower_certificate): CLP's flow with negative values clamped and every conservation
///   deficit re-sent from the source (one unit of load on an arc at most per unit of deficit;
///   surpluses dropped) routes θ·T at congestion λ ≤ max load/c + Σ deficits, so θ(T) ≥ θ/λ;
/// - upper (dual_bound): the capacity rows' duals as lengths y ≥ 0 give
///   θ(T) ≤ Σ_a y_a·c_a / Σ T(s,t)·dist_y(s,t) (Garg–Könemann's dual bound), by Dijkstra.
/// Both must lie within throughput_lp_tolerance = 1e-7 of θ (they came within 7e-8 on matrices
/// of demands 10^12 apart, and within 1e-14 on uniform ones): θ is then the optimum to 1e-7,
/// not only a feasible value. θ is CLP's value, or the dual bound when CLP's exceeds it by more
/// than rounding (a flow a little infeasible). A run that fails is tried once more (primal
/// simplex without presolve); if that fails too, throughput_lp throws throughput_lp_unsolved (a
/// std::runtime_error) with the reason, and measure_throughput (metrics/flow/throughput.hpp) answers
/// with the (1+ε) interval instead.
///
/// References: T. Leighton and S. Rao, J. ACM 46(6), 1999 (the concurrent flow problem);
/// F. Shahrokhi and D. W. Matula, "The maximum concurrent flow problem", J. ACM 37(2),
/// 1990; COIN-OR CLP (docs/references.md, [CLP]).

#include <ClpSimplex.hpp>
#include <CoinHelperFunctions.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/flow/detail/capacity_network.hpp"
#include "shiftfly/metrics/flow/throughput_mwu.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"

namespace shiftfly::metrics {

/// Relative distance within which both certificates must confirm CLP's θ.
inline constexpr double throughput_lp_tolerance = 1e-7;

/// Largest number of flow variables (sources with demand × arcs) throughput_lp accepts.
inline constexpr std::uint64_t throughput_lp_max_variables = 40'000;

/// The exact throughput and the size of the LP that gave it.
struct throughput_lp_result {
  double value = 0.0;  ///< θ(T)
  std::string method = "exact";
  std::string algorithm = "edge-commodity LP, COIN-OR CLP, source-aggregated";
  std::uint64_t sources = 0;      ///< sources with demand (commodities after aggregation)
  std::uint64_t arcs = 0;         ///< arcs of the capacity network
  std::uint64_t variables = 0;    ///< columns (θ and the flows)
  std::uint64_t constraints = 0;  ///< rows (conservation and capacity)
  std::uint64_t nonzeros = 0;
  /// θ(T) ≥ this: CLP's flow, repaired here; at most value, within throughput_lp_tolerance of it
  double lower_certificate = 0.0;
  /// θ(T) ≤ this: the duals' length bound; within throughput_lp_tolerance of value, and at least
  /// value up to rounding (1e-12 relative: both are rounded sums)
  double dual_bound = 0.0;
  int attempts = 0;         ///< CLP runs: 1, or 2 when the first was not certified (0: θ = 0 without the LP)
};

/// CLP did not return a certified optimum (its status, or a failed check, in what()).
struct throughput_lp_unsolved : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// CLP was stopped by the time limit it was given (max_seconds): no value, and no second attempt.
struct throughput_lp_out_of_time : throughput_lp_unsolved {
  using throughput_lp_unsolved::throughput_lp_unsolved;
};

/// Flow variables of the source-aggregated LP: sources × arcs (an upper bound: arcs into a source are left out).
inline std::uint64_t throughput_lp_variables(std::uint64_t sources, std::uint64_t arcs) {
  std::uint64_t r = 0;
  if (__builtin_mul_overflow(sources, arcs, &r)) return std::numeric_limits<std::uint64_t>::max();
  return r;
}

namespace detail {

/// Whether every vertex of `net` reaches vertex 0 and is reached from it: then every vertex
/// reaches every other (strongly connected). One BFS each way over the arcs.
inline bool strongly_connected(const capacity_network& net) {
  std::vector<char> seen(net.n);
  std::vector<std::uint32_t> queue;
  queue.reserve(net.n);
  for (const bool forward : {true, false}) {
    std::fill(seen.begin(), seen.end(), 0);
    queue.assign(1, 0);
    seen[0] = 1;
    for (std::size_t i = 0; i < queue.size(); ++i) {
      const auto v = queue[i];
      const auto begin = forward ? net.out_offsets[v] : net.in_offsets[v];
      const auto end = forward ? net.out_offsets[v + 1] : net.in_offsets[v + 1];
      for (auto k = begin; k < end; ++k) {
        const auto w = forward ? net.head[k] : net.tail[net.in_arc[k]];
        if (!seen[w]) seen[w] = 1, queue.push_back(w);
      }
    }
    if (queue.size() != net.n) return false;
  }
  return true;
}

/// True if some demanded target of T cannot be reached from its source in `net`: no demand is
/// unreachable in a strongly connected network (two BFS); otherwise one BFS a source.
inline bool unreachable_demand(const capacity_network& net, const traffic_matrix& T) {
  if (net.n == 0 || strongly_connected(net)) return false;
  std::vector<std::uint32_t> seen(net.n, std::numeric_limits<std::uint32_t>::max()), queue;
  queue.reserve(net.n);
  for (const auto s : T.sources_with_demand()) {
    queue.clear();
    queue.push_back(s);
    seen[s] = s;
    for (std::size_t i = 0; i < queue.size(); ++i)
      for (auto a = net.out_offsets[queue[i]]; a < net.out_offsets[queue[i] + 1]; ++a)
        if (seen[net.head[a]] != s) {
          seen[net.head[a]] = s;
          queue.push_back(net.head[a]);
        }
    for (const auto t : T.targets_of(s))
      if (seen[t] != s) return true;
  }
  return false;
}

/// The time left of `max_seconds` (0: no limit) since `began`, for the next CLP run; at least a
/// millisecond, so that a spent budget still stops CLP at once rather than lifting its limit.
inline double clp_seconds_left(double max_seconds, std::chrono::steady_clock::time_point began) {
  if (max_seconds <= 0.0) return 0.0;
  const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  return std::max(1e-3, max_seconds - spent);
}

/// Runs CLP on `model` with the tolerances of these LPs: presolve, then CLP's choice of simplex
/// (dual); `retry`: primal simplex without presolve (the second attempt). False, with CLP's status
/// in `why`, unless CLP reports "optimal" (its secondary status, e.g. small infeasibilities after
/// unscaling, is left to the certificates). Shared by every LP of the throughput metrics.
/// `max_seconds` > 0: CLP stops after that many seconds, CPU or wall clock, whichever comes first
/// (its own limits, checked between its iterations, so the solve ends within a fraction of a
/// second of it), and then throws throughput_lp_out_of_time: a time budget holds whatever CLP's
/// time on the LP, which no estimate predicts well on every graph (docs/metrics.md).
inline bool run_throughput_clp(ClpSimplex& model, bool retry, std::string& why, double max_seconds = 0.0) {
  // tolerances tightened from CLP's 1e-7 so that θ comes out to about 1e-9 (these LPs are highly
  // degenerate: flows tie on many paths)
  model.setPrimalTolerance(1e-9);
  model.setDualTolerance(1e-9);
  if (max_seconds > 0.0) {
    model.setMaximumSeconds(max_seconds);
    model.setMaximumWallSeconds(max_seconds);
  }
  if (!retry) {
    model.initialSolve();
  } else {
    ClpSolve how_to;
    how_to.setSolveType(ClpSolve::usePrimal);
    how_to.setPresolveType(ClpSolve::presolveOff);
    model.initialSolve(how_to);
  }
  if (model.status() == 0) return true;
  if (max_seconds > 0.0 && model.status() == 3 && model.hitMaximumIterations()) {
    char limit[32];
    std::snprintf(limit, sizeof limit, "%.3g", max_seconds);
    throw throughput_lp_out_of_time(std::string("CLP stopped at the time limit of ") + limit +
                                    " s (max_seconds) before its optimum; no value is returned");
  }
  static constexpr const char* names[] = {"optimal", "primal infeasible", "dual infeasible",
                                          "stopped on iterations", "stopped on numerical errors",
                                          "stopped by an event"};
  const int st = model.status();
  why = "status " + std::to_string(st) + (st >= 0 && st <= 5 ? std::string(" ") + names[st] : std::string()) +
        ", secondary " + std::to_string(model.secondaryStatus());
  return false;
}

/// The acceptance rule of CLP's θ: both certificates (a flow's bound `lower`, a length bound
/// `upper`) within throughput_lp_tolerance of it. The answer is CLP's θ, or the dual bound when
/// CLP's exceeds it by more than rounding (its flow a little infeasible: seen at 1e-10 relative
/// with demands 1e9 apart). The certificates are rounded sums: they may cross by a few units in
/// the last place (never more than 1e-12 relative, or they contradict each other), and then the
/// lower one is set to the answer (`lower_out`). Nothing, with `why`, when a check fails.
inline std::optional<double> certified_throughput(double theta, double lower, double upper, double& lower_out,
                                                  std::string& why) {
  lower_out = lower;
  if (!(theta > 0.0) || !(lower >= theta * (1 - throughput_lp_tolerance)) ||
      !(upper <= theta * (1 + throughput_lp_tolerance))) {
    why = "CLP's theta " + core::to_message(theta) + " is not within " + core::to_message(throughput_lp_tolerance) +
          " of both certificates, flow " + core::to_message(lower) + " and dual bound " + core::to_message(upper);
    return std::nullopt;
  }
  if (lower > upper * (1 + 1e-12)) {
    why = "the flow's bound " + core::to_message(lower) + " exceeds the dual bound " + core::to_message(upper);
    return std::nullopt;
  }
  const double answer = theta > upper * (1 + 1e-12) ? upper : theta;
  lower_out = std::min(lower, answer);
  return answer;
}

/// The source-aggregated LP in CLP's column form, one builder for the edge LP (here) and the LP
/// reduced by automorphisms (throughput_symmetric.hpp). Rows: conservation (k, v != s_k) at
/// k·(n−1) + (v < s_k ? v : v−1), then the capacity rows (≤ their capacity). Column 0: θ, with
/// −T(s_k, v) on the conservation row of (k, v); then one flow column per (source k, arc a), in
/// (k, a) order, a not into s_k (and not a loop, with skip_loops): −1 on the row of its tail
/// (unless the tail is s_k), +1 on its head's, rows ascending, then its capacity row.
struct source_aggregated_lp {
  std::vector<CoinBigIndex> start;
  std::vector<int> index;
  std::vector<double> value, col_lo, col_hi, obj, row_lo, row_hi;
  std::uint64_t cons_rows = 0, rows = 0;

  [[nodiscard]] std::uint64_t columns() const { return col_lo.size(); }
  void load_into(ClpSimplex& model) const {
    model.loadProblem(static_cast<int>(columns()), static_cast<int>(rows), start.data(), index.data(), value.data(),
                      col_lo.data(), col_hi.data(), obj.data(), row_lo.data(), row_hi.data());
  }
};

/// Builds the LP (see source_aggregated_lp); capacity_entry(k, s, a) gives the capacity row of
/// flow column (k, a) and its coefficient there; row_capacity the capacity rows' bounds.
template <class CapacityEntry>
source_aggregated_lp build_source_aggregated_lp(std::string_view where, const capacity_network& net,
                                                const traffic_matrix& T, std::span<const std::uint32_t> sources,
                                                std::span<const double> row_capacity, bool skip_loops,
                                                CapacityEntry capacity_entry) {
  const std::size_t n = net.n, A = net.arcs();
  const std::uint64_t K = sources.size();
  source_aggregated_lp lp;
  lp.cons_rows = K * (n - 1);
  lp.rows = lp.cons_rows + row_capacity.size();
  const std::uint64_t cols_est = 1 + K * A;
  lp.start.reserve(cols_est + 1);
  lp.index.reserve(3 * cols_est + T.size());
  lp.value.reserve(3 * cols_est + T.size());
  lp.col_lo.reserve(cols_est);
  lp.col_hi.reserve(cols_est);
  lp.obj.reserve(cols_est);
  const auto cons_row = [&](std::uint64_t k, std::uint64_t s, std::uint64_t v) {
    return static_cast<int>(k * (n - 1) + (v < s ? v : v - 1));
  };
  lp.start.push_back(0);
  for (std::uint64_t k = 0; k < K; ++k) {  // θ
    const auto s = sources[k];
    const auto tg = T.targets_of(s);
    const auto dm = T.demands_of(s);
    for (std::size_t i = 0; i < tg.size(); ++i) {
      lp.index.push_back(cons_row(k, s, tg[i]));
      lp.value.push_back(-dm[i]);
    }
  }
  lp.col_lo.push_back(0.0);
  lp.col_hi.push_back(COIN_DBL_MAX);
  lp.obj.push_back(-1.0);  // CLP minimizes: −θ
  lp.start.push_back(static_cast<CoinBigIndex>(lp.index.size()));
  for (std::uint64_t k = 0; k < K; ++k) {
    const std::uint64_t s = sources[k];
    for (std::size_t a = 0; a < A; ++a) {
      const std::uint64_t u = net.tail[a], w = net.head[a];
      if (w == s || (skip_loops && u == w)) continue;
      const int ru = u == s ? -1 : cons_row(k, s, u), rw = cons_row(k, s, w);
      if (ru >= 0 && ru < rw) {
        lp.index.push_back(ru);
        lp.value.push_back(-1.0);
      }
      lp.index.push_back(rw);
      lp.value.push_back(1.0);
      if (ru >= 0 && ru > rw) {
        lp.index.push_back(ru);
        lp.value.push_back(-1.0);
      }
      const auto [row, coefficient] = capacity_entry(k, s, a);
      lp.index.push_back(static_cast<int>(lp.cons_rows + row));
      lp.value.push_back(coefficient);
      lp.start.push_back(static_cast<CoinBigIndex>(lp.index.size()));
      lp.col_lo.push_back(0.0);
      lp.col_hi.push_back(COIN_DBL_MAX);
      lp.obj.push_back(0.0);
    }
  }
  if (lp.rows > static_cast<std::uint64_t>(std::numeric_limits<int>::max()) ||
      lp.index.size() > static_cast<std::uint64_t>(std::numeric_limits<CoinBigIndex>::max()))
    core::fail(where, "the LP is too large for CLP's index types");
  lp.row_lo.assign(lp.rows, 0.0);
  lp.row_hi.assign(lp.rows, 0.0);
  for (std::size_t O = 0; O < row_capacity.size(); ++O) {
    lp.row_lo[lp.cons_rows + O] = -COIN_DBL_MAX;
    lp.row_hi[lp.cons_rows + O] = row_capacity[O];
  }
  return lp;
}

/// Builds and solves the LP of T (already scaled) on `net`; fills r's sizes and dual bound.
/// Returns θ if CLP proved it optimal and both checks passed, else nothing (`why` says why).
/// `retry`: primal simplex without presolve (the second attempt). `flows` (when given): CLP's flow,
/// negative values clamped to 0, one row of net.arcs() a source in the order of `sources` (0 on
/// the arcs into the source), filled when θ is returned.
inline std::optional<double> solve_throughput_lp(const capacity_network& net, const traffic_matrix& T,
                                                 std::span<const std::uint32_t> sources, bool retry,
                                                 throughput_lp_result& r, std::string& why, double max_seconds = 0.0,
                                                 std::vector<double>* flows = nullptr) {
  const std::size_t n = net.n, A = net.arcs();
  const std::uint64_t K = sources.size();
  ClpSimplex model;
  model.setLogLevel(0);
  std::uint64_t cons_rows = 0;
  {
    // rows: conservation, then capacity at K*(n-1) + a; the builder's copies freed once CLP has its own
    const auto lp = build_source_aggregated_lp("throughput_lp", net, T, sources, net.capacity, false,
                                               [](std::uint64_t, std::uint64_t, std::size_t a) {
                                                 return std::pair<std::uint64_t, double>{a, 1.0};
                                               });
    cons_rows = lp.cons_rows;
    r.variables = lp.columns();
    r.constraints = lp.rows;
    r.nonzeros = lp.index.size();
    lp.load_into(model);
  }
  if (!run_throughput_clp(model, retry, why, max_seconds)) return std::nullopt;
  const double* x = model.primalColumnSolution();
  const double theta = std::max(0.0, x[0]);
  // Lower certificate: CLP's flow, negative values clamped to 0, repaired: the deficit of every
  // (source, vertex) row is sent from the source along some path (one more unit of load on an
  // arc at most per unit of deficit), surpluses are dropped (paths removed, loads only fall).
  // The repaired flow routes θ·T at congestion at most max(load/c) + Σ deficits, so
  // θ / that ≤ θ(T): a lower bound from CLP's flow and arithmetic done here.
  std::vector<double> load(A, 0.0);
  std::vector<double> balance(n, 0.0);
  double deficit = 0.0;
  std::uint64_t c = 1;
  if (flows) flows->assign(K * A, 0.0);
  for (std::uint64_t k = 0; k < K; ++k) {
    const std::uint64_t s = sources[k];
    std::fill(balance.begin(), balance.end(), 0.0);
    for (std::size_t a = 0; a < A; ++a) {
      if (net.head[a] == s) continue;
      const double f = std::max(0.0, x[c++]);
      if (flows) (*flows)[k * A + a] = f;
      load[a] += f;
      balance[net.head[a]] += f;
      balance[net.tail[a]] -= f;
    }
    const auto tg = T.targets_of(s);
    const auto dm = T.demands_of(s);
    for (std::size_t i = 0; i < tg.size(); ++i) balance[tg[i]] -= theta * dm[i];
    for (std::size_t v = 0; v < n; ++v)
      if (v != s) deficit += std::max(0.0, -balance[v]);
  }
  double congestion = 0.0;
  for (std::size_t a = 0; a < A; ++a) congestion = std::max(congestion, load[a] / net.capacity[a]);
  const double lower = theta / std::max(1.0, congestion + deficit);
  // Upper certificate: the capacity rows' duals as lengths y >= 0 give θ(T) ≤ Σ y·c / Σ T·dist_y
  // (every routing of T uses Σ T·dist_y of length-weighted capacity; Garg–Könemann's dual bound)
  const double* dual = model.dualRowSolution();
  std::vector<double> y(A);
  double D = 0.0;
  for (std::size_t a = 0; a < A; ++a) {
    y[a] = std::max(0.0, -dual[cons_rows + a]);
    D += y[a] * net.capacity[a];
  }
  shortest_path_router router(net, T);
  std::vector<double> scratch(A, 0.0);
  double alpha = 0.0;
  for (const auto s : sources) alpha += router.route_source(s, y, scratch.data());
  const double upper = alpha > 0.0 ? D / alpha : std::numeric_limits<double>::infinity();
  r.dual_bound = upper;
  return certified_throughput(theta, lower, upper, r.lower_certificate, why);
}


}  // namespace detail

/// θ(T) on g (see the file comment). `max_seconds` > 0: CLP's time limit, both attempts together;
/// reached, throughput_lp_out_of_time is thrown (0: no limit).
template <core::digraph_like G>
throughput_lp_result throughput_lp(const G& g, const traffic_matrix& T_in, traversal how = traversal::undirected,
                                   double max_seconds = 0.0) {
  constexpr std::string_view where = "throughput_lp";
  const traffic_matrix& T = T_in;
  if (T.empty()) core::fail(where, "the traffic matrix has no demand (accepted: at least one pair)");
  if (T.n() != g.num_vertices())
    core::fail_parameter(where, "T", "a matrix for " + core::to_message(T.n()) + " vertices",
                         "does not match the graph's " + core::to_message(g.num_vertices()) + " vertices");
  const std::uint64_t listed = how == traversal::arcs ? g.num_arcs() : 2 * static_cast<std::uint64_t>(g.num_edges());
  require_throughput_demands(where, T);
  const std::uint64_t K = T.sources_with_demand().size();
  const std::uint64_t est = throughput_lp_variables(K, listed);
  // CLP keeps the matrix by column and by row, the factorization and work vectors: about
  // 120 bytes per flow variable (three nonzeros each) is what it takes on these LPs.
  const std::uint64_t bytes = core::estimate_add_mul(0, est, 120);
  if (est > throughput_lp_max_variables)
    core::fail(where, "the LP would have about " + core::to_message(est) + " flow variables (" + core::to_message(K) +
                          " sources x " + core::to_message(listed) + " arcs, about " + core::format_bytes(bytes) +
                          "), more than the " + core::to_message(throughput_lp_max_variables) +
                          " accepted (use the (1+eps) interval of throughput_mwu)");
  core::require_memory(where, "the LP (" + core::to_message(est) + " flow variables)", bytes);
  const auto net = detail::make_capacity_network(where, g, how);
  const std::size_t n = net.n, A = net.arcs();
  throughput_lp_result r;
  r.sources = K;
  r.arcs = A;
  if (detail::unreachable_demand(net, T_in)) {  // θ = 0 exactly, no LP needed
    r.algorithm = "exact: a demanded target is unreachable (BFS)";
    return r;
  }
  const int e = T_in.demand_exponent();
  const traffic_matrix scaled = T_in.scaled(e);  // the largest demand in [1, 2): exact
  if (!(max_seconds >= 0.0 && max_seconds <= 604800.0))
    core::throw_out_of_range(where, "max_seconds", max_seconds, "0 (no limit) to 604800");
  const auto began = std::chrono::steady_clock::now();
  std::string why;
  for (int attempt = 1; attempt <= 2; ++attempt) {
    r.attempts = attempt;
    const auto theta = detail::solve_throughput_lp(net, scaled, scaled.sources_with_demand(), attempt == 2, r, why,
                                                   detail::clp_seconds_left(max_seconds, began));
    if (!theta) continue;
    r.value = detail::unscaled_throughput(where, "the throughput", *theta, e);
    r.dual_bound = detail::unscaled_throughput(where, "the dual bound", r.dual_bound, e);
    r.lower_certificate = detail::unscaled_throughput(where, "the flow's bound", r.lower_certificate, e);
    return r;
  }
  throw throughput_lp_unsolved("throughput_lp: CLP did not certify an optimum (" + why + "); no value is returned");
}

}  // namespace shiftfly::metrics
