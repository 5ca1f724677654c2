#pragma once
/// \file throughput_lp.hpp
/// Exact throughput under a traffic matrix by linear programming (maximum concurrent
/// flow), solved with COIN-OR CLP.
///
/// Model: every undirected link carries one unit of capacity in each direction (along
/// the directed arcs, traversal::arcs: one unit per arc, parallel arcs adding up). A
/// traffic matrix T (metrics/traffic.hpp) gives demands T(s,t) > 0 for ordered pairs
/// s ≠ t. The throughput θ(T) is the largest θ such that θ·T can be routed as a
/// multicommodity flow within capacity (maximum concurrent flow), over any paths.
///
/// API:
///   struct throughput_lp_result { value, method, algorithm, sources, arcs, variables,
///                                 constraints, nonzeros };
///   throughput_lp_result throughput_lp(const G& g, const traffic_matrix& T,
///                                      traversal how = traversal::undirected);
///   std::uint64_t throughput_lp_variables(std::uint64_t sources, std::uint64_t arcs);
///   inline constexpr std::uint64_t throughput_lp_max_variables;
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
/// of metrics/throughput_mwu.hpp has no such limit. The solver's status is
/// checked: anything but "proven optimal" throws std::runtime_error, and the optimal flow is
/// checked again here (conservation and capacity, to 1e-6 relative) before θ is returned.
///
/// References: T. Leighton and S. Rao, J. ACM 46(6), 1999 (the concurrent flow problem);
/// F. Shahrokhi and D. W. Matula, "The maximum concurrent flow problem", J. ACM 37(2),
/// 1990; COIN-OR CLP (docs/references.md, [CLP]).

#include <ClpSimplex.hpp>
#include <CoinHelperFunctions.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/metrics/bfs.hpp"
#include "shiftfly/metrics/detail/capacity_network.hpp"
#include "shiftfly/metrics/traffic.hpp"

namespace shiftfly::metrics {

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
};

/// Flow variables of the source-aggregated LP: sources × arcs (an upper bound: arcs into a source are left out).
inline std::uint64_t throughput_lp_variables(std::uint64_t sources, std::uint64_t arcs) {
  std::uint64_t r = 0;
  if (__builtin_mul_overflow(sources, arcs, &r)) return std::numeric_limits<std::uint64_t>::max();
  return r;
}

/// θ(T) on g (see the file comment).
template <core::digraph_like G>
throughput_lp_result throughput_lp(const G& g, const traffic_matrix& T, traversal how = traversal::undirected) {
  constexpr std::string_view where = "throughput_lp";
  if (T.empty()) core::fail(where, "the traffic matrix has no demand (accepted: at least one pair)");
  if (T.n() != g.num_vertices())
    core::fail_parameter(where, "T", "a matrix for " + core::to_message(T.n()) + " vertices",
                         "does not match the graph's " + core::to_message(g.num_vertices()) + " vertices");
  const std::uint64_t listed = how == traversal::arcs ? g.num_arcs() : 2 * static_cast<std::uint64_t>(g.num_edges());
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
  const auto sources = T.sources_with_demand();

  throughput_lp_result r;
  r.sources = K;
  r.arcs = A;
  // rows: conservation (k, v != s) at k*(n-1) + (v < s ? v : v-1); capacity at K*(n-1) + a
  const std::uint64_t cons_rows = K * (n - 1);
  const std::uint64_t rows = cons_rows + A;
  std::vector<CoinBigIndex> start;
  std::vector<int> index;
  std::vector<double> value;
  std::vector<double> col_lo, col_hi, obj;
  const std::uint64_t cols_est = 1 + K * A;
  start.reserve(cols_est + 1);
  index.reserve(3 * cols_est + T.size());
  value.reserve(3 * cols_est + T.size());
  col_lo.reserve(cols_est);
  col_hi.reserve(cols_est);
  obj.reserve(cols_est);
  const auto cons_row = [&](std::uint64_t k, std::uint64_t s, std::uint64_t v) {
    return static_cast<int>(k * (n - 1) + (v < s ? v : v - 1));
  };
  // column 0: θ, with −T(s,v) in the conservation row of (s, v)
  start.push_back(0);
  for (std::uint64_t k = 0; k < K; ++k) {
    const auto s = sources[k];
    const auto tg = T.targets_of(s);
    const auto dm = T.demands_of(s);
    for (std::size_t i = 0; i < tg.size(); ++i) {
      index.push_back(cons_row(k, s, tg[i]));
      value.push_back(-dm[i]);
    }
  }
  col_lo.push_back(0.0);
  col_hi.push_back(COIN_DBL_MAX);
  obj.push_back(-1.0);  // CLP minimizes: −θ
  start.push_back(static_cast<CoinBigIndex>(index.size()));
  // flow columns (k, a), a not into s; the column order is (k, a) ascending
  for (std::uint64_t k = 0; k < K; ++k) {
    const std::uint64_t s = sources[k];
    for (std::size_t a = 0; a < A; ++a) {
      const std::uint64_t u = net.tail[a], w = net.head[a];
      if (w == s) continue;
      // rows ascending: out of u (if u != s), into w, then the capacity row
      const int ru = u == s ? -1 : cons_row(k, s, u), rw = cons_row(k, s, w);
      if (ru >= 0 && ru < rw) {
        index.push_back(ru);
        value.push_back(-1.0);
      }
      index.push_back(rw);
      value.push_back(1.0);
      if (ru >= 0 && ru > rw) {
        index.push_back(ru);
        value.push_back(-1.0);
      }
      index.push_back(static_cast<int>(cons_rows + a));
      value.push_back(1.0);
      start.push_back(static_cast<CoinBigIndex>(index.size()));
      col_lo.push_back(0.0);
      col_hi.push_back(COIN_DBL_MAX);
      obj.push_back(0.0);
    }
  }
  const std::uint64_t cols = col_lo.size();
  if (rows > static_cast<std::uint64_t>(std::numeric_limits<int>::max()) ||
      index.size() > static_cast<std::uint64_t>(std::numeric_limits<CoinBigIndex>::max()))
    core::fail(where, "the LP is too large for CLP's index types");
  std::vector<double> row_lo(rows, 0.0), row_hi(rows, 0.0);
  for (std::size_t a = 0; a < A; ++a) {
    row_lo[cons_rows + a] = -COIN_DBL_MAX;
    row_hi[cons_rows + a] = net.capacity[a];
  }
  r.variables = cols;
  r.constraints = rows;
  r.nonzeros = index.size();

  ClpSimplex model;
  model.setLogLevel(0);
  model.loadProblem(static_cast<int>(cols), static_cast<int>(rows), start.data(), index.data(), value.data(),
                    col_lo.data(), col_hi.data(), obj.data(), row_lo.data(), row_hi.data());
  // free the copies CLP has taken
  std::vector<CoinBigIndex>().swap(start);
  std::vector<int>().swap(index);
  std::vector<double>().swap(value);
  // presolve, then CLP's choice of simplex (dual); tolerances tightened from CLP's 1e-7 so that θ
  // comes out to about 1e-9 (these LPs are highly degenerate: flows tie on many paths)
  model.setPrimalTolerance(1e-9);
  model.setDualTolerance(1e-9);
  model.initialSolve();
  // secondary status 6: presolve solved the whole problem (an empty reduced LP), still optimal
  if (model.status() != 0 || (model.secondaryStatus() != 0 && model.secondaryStatus() != 6)) {
    static constexpr const char* names[] = {"optimal", "primal infeasible", "dual infeasible",
                                            "stopped on iterations", "stopped on numerical errors",
                                            "stopped by an event"};
    const int st = model.status();
    throw std::runtime_error("throughput_lp: CLP did not prove the LP optimal (status " + std::to_string(st) +
                             (st >= 0 && st <= 5 ? std::string(" ") + names[st] : std::string()) + ", secondary " +
                             std::to_string(model.secondaryStatus()) + "); no value is returned");
  }
  const double* x = model.primalColumnSolution();
  const double theta = x[0];
  // independent check of the solution: capacity and conservation
  std::vector<double> load(A, 0.0);
  std::vector<double> balance(n, 0.0);
  double worst = 0.0;
  std::uint64_t c = 1;
  for (std::uint64_t k = 0; k < K; ++k) {
    const std::uint64_t s = sources[k];
    std::fill(balance.begin(), balance.end(), 0.0);
    for (std::size_t a = 0; a < A; ++a) {
      if (net.head[a] == s) continue;
      const double f = x[c++];
      worst = std::max(worst, -f);
      load[a] += f;
      balance[net.head[a]] += f;
      balance[net.tail[a]] -= f;
    }
    const auto tg = T.targets_of(s);
    const auto dm = T.demands_of(s);
    for (std::size_t i = 0; i < tg.size(); ++i) balance[tg[i]] -= theta * dm[i];
    for (std::size_t v = 0; v < n; ++v)
      if (v != s) worst = std::max(worst, std::fabs(balance[v]));
  }
  for (std::size_t a = 0; a < A; ++a) worst = std::max(worst, load[a] - net.capacity[a]);
  if (!(theta >= -1e-9) || !(worst <= 1e-6 * std::max(1.0, theta * T.total_demand() / static_cast<double>(K))))
    throw std::runtime_error("throughput_lp: CLP's optimal flow fails the check (violation " +
                             core::to_message(worst) + "); no value is returned");
  r.value = std::max(0.0, theta);
  return r;
}

}  // namespace shiftfly::metrics
