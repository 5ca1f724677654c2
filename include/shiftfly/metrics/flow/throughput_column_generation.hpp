#pragma once
/// \file throughput_column_generation.hpp
/// Exact throughput under a traffic matrix (maximum concurrent flow) beyond the size of
/// the edge LP, by column generation over source-aggregated routings (Dantzig–Wolfe).
///
/// Model: as metrics/flow/throughput_lp.hpp (one unit of capacity per direction of every
/// link, or per directed arc, parallel arcs adding up; θ(T) is the largest θ such that θ·T
/// is routable within capacity over any paths).
///
/// API:
///   struct throughput_cg_options { tolerance, max_iterations, max_seconds, threads, how, smoothing };
///   struct throughput_cg_result { value, lower_certificate, dual_bound, method, algorithm, converged,
///                                 iterations, columns, nonzeros, sources, arcs, seconds };
///   throughput_cg_result throughput_column_generation(const G& g, const traffic_matrix& T,
///                                                     const throughput_cg_options& = {});
///   inline constexpr std::uint64_t throughput_cg_max_variables;   // sources × arcs accepted
///
/// The master LP (Dantzig–Wolfe decomposition of the source-aggregated edge LP, with one
/// convexity row per source, so it has sources + arcs rows whatever its columns): a column
/// (s, j) is a flow from s that delivers T(s,t) to every t (a routing of source s's row of
/// T); its load on arc a is col_{s,j}(a). Variables θ and λ_{s,j} ≥ 0:
///   max θ  s.t.  Σ_j λ_{s,j} − θ ≥ 0 for every source s (dual π_s ≥ 0),
///                Σ_{s,j} λ_{s,j}·col_{s,j}(a) ≤ c_a for every arc a (dual y_a ≥ 0).
/// Its dual is min Σ y·c s.t. Σ π_s = 1 and π_s ≤ Σ_a y_a·col(a) for every column of s;
/// since the cheapest routing of source s under lengths y costs α_s(y) = Σ_t T(s,t)·dist_y(s,t),
/// the master is the full problem once no column of s costs less than π_s (the Ford–Fulkerson
/// path formulation, aggregated by source: a flow from s is a sum of paths).
/// Pricing: one Dijkstra per source under the lengths; the column is T(s,·) routed on the
/// shortest-path DAG, every vertex's flow split evenly over its shortest in-arcs (as the
/// first round of metrics/flow/throughput_mwu.hpp; a convex combination of shortest-path
/// trees, so it costs exactly α_s). A column enters when its reduced cost under the master's
/// duals, Σ y·col − π_s, is negative (below −10^-12 relative). The first columns are the ECMP
/// routings under hop lengths, so the first master is ECMP's throughput.
///
/// Certificates, computed here at every iteration, independent of CLP's claims:
/// - lower: the master's λ (clamped to ≥ 0) with the stored columns give a flow that routes
///   (Σ_j λ_{s,j})·T(s,·) from every s, at congestion κ = max_a load_a / c_a, so
///   θ(T) ≥ min_s Σ_j λ_{s,j} / κ (the columns conserve flow exactly, up to rounding);
/// - upper: any lengths l ≥ 0 give θ(T) ≤ Σ_a l_a·c_a / Σ_s α_s(l) (Garg–Könemann's dual
///   bound), evaluated by the pricing's own Dijkstras; the smallest seen is kept.
/// The run stops when upper ≤ lower·(1 + tolerance) (default throughput_lp_tolerance = 10^-7,
/// the edge LP's): θ is then exact to that tolerance, certified. The value is CLP's master θ
/// (the dual bound when it exceeds it by more than rounding), as in throughput_lp.
/// If max_iterations (or max_seconds, when > 0) runs out first, the result is the certified
/// interval [lower_certificate, dual_bound], method "interval", converged = false (the lower
/// end is at least the ECMP routing's 1 / congestion; CLP's solves are limited to the time left). The
/// iteration limit is deterministic; the seconds limit is not (the same run may stop at a
/// different iteration on a loaded machine) and is meant as a safety net.
///
/// Stabilisation (Wentges 1997): the master's duals jump between the vertices of a very
/// degenerate dual polytope, and pricing at them alone tails off. The lengths priced are
/// l = β·ȳ + (1−β)·y, ȳ the lengths of the best dual bound so far, β = smoothing (0.5 by
/// default; 0 prices at y alone); a tiny uniform length (10^-9 of the mean) is added so that
/// zero-dual arcs do not make long paths look free (any l ≥ 0 gives a valid bound). Columns
/// priced at l enter if their reduced cost under the master's own duals is negative; if none
/// does (a "mis-price"), the same iteration prices again at y alone (β = 0); if none enters
/// then, the master's value equals the dual bound at y and the run stops.
///
/// Why this and not the edge LP or the interval: the edge LP has sources × arcs columns and
/// sources × vertices conservation rows (at 1,000 routers of radix 40, 4·10^7 columns and
/// 10^6 rows), while the master has sources + arcs rows and only the columns that pricing
/// proves useful; the (1+ε) interval converges as ε^-2 and never certifies 10^-7.
///
/// Size: sources × arcs (the edge LP's variable count, which is also the work of one pricing
/// round, K Dijkstras over all arcs) at most throughput_cg_max_variables = 5·10^7. Memory:
/// every column is kept (its arcs and loads, 12 bytes a nonzero here and about 40 in CLP's
/// copies and factorisation); the estimate for max_iterations' worth of columns, each with
/// at most min(arcs, n·ties) nonzeros, is capped by what the run may actually produce and
/// checked with core::require_memory before the first column, and again as columns enter.
///
/// Threads: the Dijkstras of a pricing round are cut into a fixed number of parts combined
/// in source order, so the result does not depend on `threads` (CLP runs on one thread).
///
/// References: G. B. Dantzig and P. Wolfe, "Decomposition principle for linear programs",
/// Operations Research 8(1), 1960; L. R. Ford and D. R. Fulkerson, "A suggested computation
/// for maximal multi-commodity network flows", Management Science 5(1), 1958; N. Garg and
/// J. Könemann, SIAM J. Comput. 37(2), 2007 (the dual bound); P. Wentges, "Weighted
/// Dantzig–Wolfe decomposition for linear mixed-integer programming", International
/// Transactions in Operational Research 4(2), 1997 (the smoothing); COIN-OR CLP
/// (docs/references.md).

#include <ClpSimplex.hpp>
#include <CoinHelperFunctions.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/worker_pool.hpp"
#include "shiftfly/metrics/flow/detail/capacity_network.hpp"
#include "shiftfly/metrics/flow/throughput_lp.hpp"
#include "shiftfly/metrics/flow/throughput_mwu.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"

namespace shiftfly::metrics {

/// Largest sources × arcs throughput_column_generation accepts (the work of one pricing round).
inline constexpr std::uint64_t throughput_cg_max_variables = 50'000'000;

struct throughput_cg_options {
  double tolerance = throughput_lp_tolerance;  ///< stop when upper <= lower·(1 + tolerance); 1e-12 to 0.5
  std::uint64_t max_iterations = 2000;         ///< pricing rounds, 1 to 10^6 (deterministic stop)
  double max_seconds = 0.0;                    ///< stop after this many seconds (0 = no limit); not deterministic
  unsigned threads = 0;                        ///< 0 = all hardware threads; the result does not depend on it
  traversal how = traversal::undirected;
  std::uint64_t warm_rounds = 20;  ///< Garg–Könemann phases whose routings are the first columns
  double warm_epsilon = 0.1;       ///< their step
  std::uint64_t warm_block = 1;    ///< phases averaged into one column a source (1: every phase its own)
  double smoothing = 0.5;  ///< Wentges' β in [0, 1): lengths priced = β·best + (1 − β)·master duals
};

struct throughput_cg_result {
  double value = 0.0;              ///< θ(T) when converged; else the lower end
  double lower_certificate = 0.0;  ///< θ(T) ≥ this (the master's flow, checked here)
  double dual_bound = 0.0;         ///< θ(T) ≤ this (Garg–Könemann, the best lengths seen)
  std::string method = "exact";    ///< "exact", or "interval" when a limit stopped the run
  std::string algorithm = "column generation (Dantzig-Wolfe, source-aggregated routings), COIN-OR CLP master";
  bool converged = true;
  std::uint64_t iterations = 0;  ///< pricing rounds
  std::uint64_t columns = 0;     ///< routing columns generated (θ not counted)
  std::uint64_t nonzeros = 0;    ///< the columns' arc loads
  std::uint64_t sources = 0, arcs = 0;
  double seconds = 0.0;  ///< wall time of the run (not part of any figure)
};

namespace detail {

/// A pricing result: α_s and the column (arcs ascending, loads).
struct cg_column {
  double alpha = 0.0;
  std::vector<std::uint32_t> arc;
  std::vector<double> load;
};

/// Prices every source under `length` (parts fixed, combined in source order).
inline void cg_price(const capacity_network& net, const traffic_matrix& T, std::span<const std::uint32_t> sources,
                     const std::vector<double>& length, unsigned threads,
                     std::vector<shortest_path_router>& routers, std::vector<std::vector<double>>& scratch,
                     std::vector<cg_column>& out) {
  const std::size_t parts = routers.size();
  out.resize(sources.size());
  core::parallel_for(sources.size(), parts, threads, [&](std::size_t p, std::size_t begin, std::size_t end) {
    auto& router = routers[p];
    auto& load = scratch[p];
    router.track = true;
    for (std::size_t k = begin; k < end; ++k) {
      auto& c = out[k];
      c.alpha = router.route_source(sources[k], length, load.data());
      auto arcs = router.touched;
      std::sort(arcs.begin(), arcs.end());
      c.arc.assign(arcs.begin(), arcs.end());
      c.load.resize(arcs.size());
      for (std::size_t i = 0; i < arcs.size(); ++i) {
        c.load[i] = load[arcs[i]];
        load[arcs[i]] = 0.0;
      }
    }
  });
}

}  // namespace detail

/// θ(T) on g by column generation (see the file comment).
template <core::digraph_like G>
throughput_cg_result throughput_column_generation(const G& g, const traffic_matrix& T_in,
                                                  const throughput_cg_options& o = {}) {
  constexpr std::string_view where = "throughput_column_generation";
  const auto start_time = std::chrono::steady_clock::now();
  if (!(o.tolerance >= 1e-12 && o.tolerance <= 0.5)) core::throw_out_of_range(where, "tolerance", o.tolerance, "1e-12 to 0.5");
  core::require_range(where, "max_iterations", o.max_iterations, 1, 1'000'000);
  if (!(o.max_seconds >= 0.0 && o.max_seconds <= 604800.0))
    core::throw_out_of_range(where, "max_seconds", o.max_seconds, "0 (no limit) to 604800");
  core::require_range(where, "threads", o.threads, 0, 1024);
  core::require_range(where, "warm_rounds", o.warm_rounds, 0, 10'000);
  core::require_range(where, "warm_block", o.warm_block, 1, 10'000);
  if (!(o.warm_epsilon > 0.0 && o.warm_epsilon <= 1.0))
    core::throw_out_of_range(where, "warm_epsilon", o.warm_epsilon, "above 0 to 1");
  if (!(o.smoothing >= 0.0 && o.smoothing < 1.0)) core::throw_out_of_range(where, "smoothing", o.smoothing, "0 to below 1");
  if (T_in.empty()) core::fail(where, "the traffic matrix has no demand (accepted: at least one pair)");
  if (T_in.n() != g.num_vertices())
    core::fail_parameter(where, "T", "a matrix for " + core::to_message(T_in.n()) + " vertices",
                         "does not match the graph's " + core::to_message(g.num_vertices()) + " vertices");
  require_throughput_demands(where, T_in);
  const std::uint64_t listed = o.how == traversal::arcs ? g.num_arcs() : 2 * static_cast<std::uint64_t>(g.num_edges());
  const std::uint64_t K = T_in.sources_with_demand().size();
  const std::uint64_t work = throughput_lp_variables(K, listed);
  if (work > throughput_cg_max_variables)
    core::fail(where, "sources x arcs is " + core::to_message(work) + " (" + core::to_message(K) + " x " +
                          core::to_message(listed) + "), more than the " + core::to_message(throughput_cg_max_variables) +
                          " accepted (use the (1+eps) interval of throughput_mwu)");
  // Memory: the master's rows and vectors, the routers, and the columns. A column has at most
  // min(arcs, n·max in-degree) nonzeros; a run adds at most K columns an iteration, and in
  // practice a few per source in all: the estimate counts 8 columns a source up front (52
  // bytes a nonzero: 12 here, about 40 in CLP) and the check is repeated as columns enter.
  const std::uint64_t n = g.num_vertices();
  const std::uint64_t col_nnz = std::min<std::uint64_t>(listed, n > 0 ? n - 1 : 0) + 1;
  std::uint64_t fixed = core::estimate_add_mul(0, listed, 8 * 12);
  fixed = core::estimate_add_mul(fixed, n, 64 * 16);
  if (o.warm_rounds > 0) fixed = core::estimate_add_mul(fixed, K, core::estimate_add_mul(0, listed, 12));  // block sums
  core::require_memory(where, "the master LP and 8 columns a source (" + core::to_message(K) + " sources, " +
                                  core::to_message(listed) + " arcs)",
                       core::estimate_add_mul(fixed, core::estimate_add_mul(0, K, 8), core::estimate_add_mul(0, col_nnz, 52)));
  const auto net = detail::make_capacity_network(where, g, o.how);
  const std::size_t A = net.arcs();
  throughput_cg_result r;
  r.sources = K;
  r.arcs = A;
  if (detail::unreachable_demand(net, T_in)) {
    r.algorithm = "exact: a demanded target is unreachable (BFS)";
    return r;
  }
  const int e = T_in.demand_exponent();
  const traffic_matrix T = T_in.scaled(e);
  const auto sources = T.sources_with_demand();
  const unsigned threads = core::resolve_threads(o.threads);
  const std::size_t parts = std::min<std::size_t>(K, 16);
  std::vector<detail::shortest_path_router> routers;
  routers.reserve(parts);
  for (std::size_t p = 0; p < parts; ++p) routers.emplace_back(net, T);
  std::vector<std::vector<double>> scratch(parts, std::vector<double>(A, 0.0));

  // the master: rows 0..K-1 convexity (Σλ − θ ≥ 0), K..K+A-1 capacity (≤ c); column 0 θ
  ClpSimplex model;
  model.setLogLevel(0);
  {
    std::vector<double> row_lo(K + A), row_hi(K + A);
    for (std::size_t k = 0; k < K; ++k) {
      row_lo[k] = 0.0;
      row_hi[k] = COIN_DBL_MAX;
    }
    for (std::size_t a = 0; a < A; ++a) {
      row_lo[K + a] = -COIN_DBL_MAX;
      row_hi[K + a] = net.capacity[a];
    }
    std::vector<CoinBigIndex> start(2, 0);
    std::vector<int> index(K);
    std::vector<double> value(K, -1.0);
    for (std::size_t k = 0; k < K; ++k) index[k] = static_cast<int>(k);
    start[1] = static_cast<CoinBigIndex>(K);
    const double lo = 0.0, hi = COIN_DBL_MAX, obj = -1.0;
    model.loadProblem(1, static_cast<int>(K + A), start.data(), index.data(), value.data(), &lo, &hi, &obj,
                      row_lo.data(), row_hi.data());
  }
  model.setPrimalTolerance(1e-10);
  model.setDualTolerance(1e-10);

  // the stored columns (CLP column c + 1 is columns[c])
  std::vector<std::uint32_t> col_source;   // index k into sources
  std::vector<std::uint64_t> col_start{0};  // into col_arc / col_load
  std::vector<std::uint32_t> col_arc;
  std::vector<double> col_load;
  const auto add_columns = [&](const std::vector<detail::cg_column>& priced, const std::vector<char>& take) {
    std::vector<CoinBigIndex> start{0};
    std::vector<int> index;
    std::vector<double> value, lo, hi, obj;
    std::uint64_t extra = 0;
    for (std::size_t k = 0; k < priced.size(); ++k)
      if (take[k]) extra += priced[k].arc.size() + 1;
    core::require_memory(where, "the columns (" + core::to_message(col_arc.size() + extra) + " nonzeros)",
                         core::estimate_add_mul(fixed, col_arc.size() + extra, 52));
    for (std::size_t k = 0; k < priced.size(); ++k) {
      if (!take[k]) continue;
      const auto& c = priced[k];
      index.push_back(static_cast<int>(k));
      value.push_back(1.0);
      for (std::size_t i = 0; i < c.arc.size(); ++i) {
        index.push_back(static_cast<int>(K + c.arc[i]));
        value.push_back(c.load[i]);
      }
      start.push_back(static_cast<CoinBigIndex>(index.size()));
      lo.push_back(0.0);
      hi.push_back(COIN_DBL_MAX);
      obj.push_back(0.0);
      col_source.push_back(static_cast<std::uint32_t>(k));
      col_arc.insert(col_arc.end(), c.arc.begin(), c.arc.end());
      col_load.insert(col_load.end(), c.load.begin(), c.load.end());
      col_start.push_back(col_arc.size());
    }
    if (lo.empty()) return std::size_t{0};
    if (index.size() > static_cast<std::uint64_t>(std::numeric_limits<CoinBigIndex>::max()) ||
        col_arc.size() > static_cast<std::uint64_t>(std::numeric_limits<CoinBigIndex>::max()))
      core::fail(where, "the master is too large for CLP's index types");
    model.addColumns(static_cast<int>(lo.size()), lo.data(), hi.data(), obj.data(), start.data(), index.data(),
                     value.data());
    return lo.size();
  };

  // the first columns: ECMP under hop lengths 1/c
  std::vector<double> length(A), best_length(A), master_y(A);
  for (std::size_t a = 0; a < A; ++a) length[a] = 1.0 / net.capacity[a];
  std::vector<detail::cg_column> priced;
  detail::cg_price(net, T, sources, length, threads, routers, scratch, priced);
  double best_upper = std::numeric_limits<double>::infinity();
  const auto bound_of = [&](const std::vector<double>& l) {
    double D = 0.0, alpha = 0.0;
    for (std::size_t a = 0; a < A; ++a) D += l[a] * net.capacity[a];
    for (const auto& c : priced) alpha += c.alpha;
    return alpha > 0.0 ? D / alpha : std::numeric_limits<double>::infinity();
  };
  best_upper = bound_of(length);
  best_length = length;
  add_columns(priced, std::vector<char>(K, 1));
  // the ECMP routing is a first lower certificate: θ ≥ 1 / its congestion
  double lower = 0.0;
  {
    std::vector<double> ecmp(A, 0.0);
    for (const auto& c : priced)
      for (std::size_t i = 0; i < c.arc.size(); ++i) ecmp[c.arc[i]] += c.load[i];
    double congestion = 0.0;
    for (std::size_t a = 0; a < A; ++a) congestion = std::max(congestion, ecmp[a] / net.capacity[a]);
    if (congestion > 0.0) lower = 1.0 / congestion;
  }
  const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count(); };
  const auto out_of_time = [&] { return o.max_seconds > 0.0 && elapsed() > o.max_seconds; };
  // warm start: Garg–Könemann phases (sources in order, each routing σ·T(s,·) on shortest paths,
  // then lengths × exp(ε·σ·load/c)); the routings of a block of warm_block phases, summed and
  // divided by their number, are one column a source (a mix of routings is a routing), and
  // every fifth phase's lengths give a bound
  if (o.warm_rounds > 0) {
    auto& router = routers[0];
    auto& load = scratch[0];
    router.track = true;
    const double sigma = best_upper;
    std::vector<std::vector<double>> sum(K);
    std::vector<std::vector<std::uint32_t>> used(K);
    std::vector<double> dense(A, 0.0);
    std::uint64_t in_block = 0;
    for (std::uint64_t round = 0; round < o.warm_rounds && !out_of_time(); ++round) {
      for (std::size_t k = 0; k < K; ++k) {
        router.route_source(sources[k], length, load.data());
        if (sum[k].empty()) sum[k].assign(A, 0.0);
        for (const auto a : router.touched) {
          if (sum[k][a] == 0.0) used[k].push_back(a);
          sum[k][a] += load[a];
          length[a] *= std::exp(o.warm_epsilon * sigma * load[a] / net.capacity[a]);
          load[a] = 0.0;
        }
      }
      const double top = *std::max_element(length.begin(), length.end());
      for (auto& l : length) l /= top;
      if ((round + 1) % 5 == 0 || round + 1 == o.warm_rounds) {  // a bound every 5 phases (it costs a phase)
        detail::cg_price(net, T, sources, length, threads, routers, scratch, priced);
        const double upper = bound_of(length);
        if (upper < best_upper) {
          best_upper = upper;
          best_length = length;
        }
      }
      if (++in_block == o.warm_block || round + 1 == o.warm_rounds) {
        std::vector<detail::cg_column> block(K);
        for (std::size_t k = 0; k < K; ++k) {
          auto& c = block[k];
          std::sort(used[k].begin(), used[k].end());
          c.arc = used[k];
          c.load.resize(c.arc.size());
          for (std::size_t i = 0; i < c.arc.size(); ++i) {
            c.load[i] = sum[k][c.arc[i]] / static_cast<double>(in_block);
            sum[k][c.arc[i]] = 0.0;
          }
          used[k].clear();
          std::vector<double>().swap(sum[k]);
        }
        add_columns(block, std::vector<char>(K, 1));
        in_block = 0;
      }
    }
  }

  std::vector<double> loads(A), share(K);
  double theta = 0.0;
  std::string trouble;
  for (std::uint64_t it = 1;; ++it) {
    r.iterations = it;
    if (out_of_time()) {
      trouble = "the time limit";
      break;
    }
    // CLP stops at the time left (its status then 3, below); no limit without max_seconds
    model.setMaximumSeconds(o.max_seconds > 0.0 ? std::max(1.0, o.max_seconds - elapsed()) : -1.0);
    if (it == 1)
      model.initialSolve();  // CLP's choice (dual simplex after presolve)
    else
      model.primal();  // warm start from the last basis
    if (model.status() != 0 && out_of_time()) {
      trouble = "the time limit";
      break;
    }
    if (model.status() != 0) {
      // a fresh solve from scratch once, before giving up
      model.allSlackBasis(true);
      model.primal();
      if (model.status() != 0) {
        trouble = "CLP's master status " + std::to_string(model.status());
        break;
      }
    }
    const double* x = model.primalColumnSolution();
    const double* dual = model.dualRowSolution();
    theta = std::max(0.0, x[0]);
    // lower certificate: the master's flow, loads summed here
    std::fill(loads.begin(), loads.end(), 0.0);
    std::fill(share.begin(), share.end(), 0.0);
    for (std::size_t c = 0; c < col_source.size(); ++c) {
      const double lambda = std::max(0.0, x[c + 1]);
      if (lambda == 0.0) continue;
      share[col_source[c]] += lambda;
      for (auto i = col_start[c]; i < col_start[c + 1]; ++i) loads[col_arc[i]] += lambda * col_load[i];
    }
    double congestion = 0.0;
    for (std::size_t a = 0; a < A; ++a) congestion = std::max(congestion, loads[a] / net.capacity[a]);
    const double least = *std::min_element(share.begin(), share.end());
    if (congestion > 0.0) lower = std::max(lower, least / congestion);
    // the master's duals: π_s on the convexity rows, y_a ≥ 0 on the capacity rows
    double ysum = 0.0, ycap = 0.0;
    for (std::size_t a = 0; a < A; ++a) {
      master_y[a] = std::max(0.0, -dual[K + a]);
      ysum += master_y[a];
      ycap += master_y[a] * net.capacity[a];
    }
    if (best_upper <= lower * (1 + o.tolerance)) break;
    if (it >= o.max_iterations) {
      trouble = "the iteration limit";
      break;
    }
    if (out_of_time()) {
      trouble = "the time limit";
      break;
    }
    // normalise the best lengths to the master's scale (Σ l·c equal), then smooth
    double best_cap = 0.0;
    for (std::size_t a = 0; a < A; ++a) best_cap += best_length[a] * net.capacity[a];
    const double tiny = 1e-9 * (ycap > 0.0 ? ycap / net.total_capacity : 1.0);
    std::size_t added = 0;
    for (double beta : {o.smoothing, 0.0}) {
      const double f = best_cap > 0.0 ? ycap / best_cap : 0.0;
      for (std::size_t a = 0; a < A; ++a) length[a] = beta * f * best_length[a] + (1 - beta) * master_y[a] + tiny;
      detail::cg_price(net, T, sources, length, threads, routers, scratch, priced);
      const double upper = bound_of(length);
      if (upper < best_upper) {
        best_upper = upper;
        best_length = length;
      }
      std::vector<char> take(K, 0);
      for (std::size_t k = 0; k < K; ++k) {
        const auto& c = priced[k];
        double cost = 0.0;
        for (std::size_t i = 0; i < c.arc.size(); ++i) cost += master_y[c.arc[i]] * c.load[i];
        const double pi = std::max(0.0, dual[k]);
        take[k] = cost < pi * (1 - 1e-12) ? 1 : 0;
      }
      added = add_columns(priced, take);
      if (added > 0 || beta == 0.0 || best_upper <= lower * (1 + o.tolerance)) break;
    }
    if (best_upper <= lower * (1 + o.tolerance)) break;
    if (added == 0) {
      trouble = "no improving column while the bounds are apart (numerical)";
      break;
    }
  }
  r.columns = col_source.size();
  r.nonzeros = col_arc.size();
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count();
  if (lower > best_upper * (1 + 1e-12))
    core::fail(where, "the flow's bound " + core::to_message(lower) + " exceeds the dual bound " +
                          core::to_message(best_upper) + " (numerical)");
  const bool exact = best_upper <= lower * (1 + o.tolerance);
  double value = lower;
  if (exact) value = std::clamp(theta, lower, std::max(lower, best_upper));
  r.converged = exact;
  r.method = exact ? "exact" : "interval";
  if (!exact)
    r.algorithm += ", stopped by " + trouble + " after " + core::to_message(r.iterations) +
                   " iterations: certified interval (lower: the master's flow; upper: the Garg-Koenemann dual bound)";
  r.value = detail::unscaled_throughput(where, "the throughput", value, e);
  r.lower_certificate = detail::unscaled_throughput(where, "the flow's bound", std::min(lower, value), e);
  r.dual_bound = detail::unscaled_throughput(where, "the dual bound", best_upper, e);
  return r;
}

}  // namespace shiftfly::metrics
