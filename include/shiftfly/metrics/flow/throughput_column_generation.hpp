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
///   struct throughput_cg_options { tolerance, max_iterations, max_seconds, threads, how, warm_rounds,
///                                  warm_epsilon, warm_block, smoothing, drop_after, trees, price_both, progress };
///   struct throughput_cg_result { value, lower_certificate, dual_bound, method, algorithm, converged,
///                                 iterations, columns, dropped, nonzeros, sources, arcs, capacity_rows,
///                                 vertex_orbits, generators, seconds, master_seconds, warm_seconds };
///   throughput_cg_result throughput_column_generation(const G& g, const traffic_matrix& T,
///                                                     const throughput_cg_options& = {});
///   throughput_cg_result throughput_column_generation(const G& g, const traffic_matrix& T,
///       std::span<const std::vector<std::uint32_t>> generators, const throughput_cg_options& = {});
///   inline constexpr std::uint64_t throughput_cg_max_variables;   // (source orbits) × arcs accepted
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
/// shortest-path DAG, every vertex's flow split evenly over its shortest in-arcs (as the first
/// round of metrics/flow/throughput_mwu.hpp), or with `trees` on a shortest-path tree (every
/// vertex's flow on its first shortest in-arc: at most n − 1 arcs a column); either costs
/// exactly α_s. A column enters when its reduced cost under the master's duals, Σ y·col − π_s,
/// is negative (below −10^-12 relative). The first columns are the shortest-path routings
/// under hop lengths (by default ECMP's, so the first master is at least ECMP's throughput).
///
/// On the orbits (the overload with `generators`): when a group H of automorphisms preserves
/// the capacities and T, some optimal flow is H-invariant and the problem reduces to one
/// commodity per sending vertex orbit V_i (its representative r_i, the least sender) and one
/// capacity row per arc orbit O, the coefficient of f_i's flow on O being |V_i|/|O| (the
/// argument, and the lifting of a reduced flow to the whole graph: metrics/flow/throughput_symmetric.hpp,
/// whose detail::symmetry_orbits_of checks every generator and the traffic's invariance, and
/// refuses what fails). The master is the Dantzig–Wolfe decomposition of that reduced LP: a
/// column of r_i is a routing of T(r_i,·), entered with coefficient |V_i|/|O|·Σ_{a∈O} col(a) on
/// row O; it has source orbits + arc orbits rows, and a pricing round is one Dijkstra per
/// representative. The lengths priced are invariant, l_a = y_O/|O| (and the smoothing's mix of
/// invariant lengths, and the warm start's, whose updates are made per orbit), so α_s = α_{r_i}
/// for every s ∈ V_i and the dual bound is Σ_a l_a c_a / Σ_i |V_i|·α_{r_i}(l); the lower
/// certificate is the master's flow lifted (the load of row O is that of each of its arcs).
/// Without generators every arc is its own row and every sender its own representative.
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
/// Column dropping (drop_after > 0): a column nonbasic at zero for that many master solves in a
/// row is deleted from CLP's master and from the store (never one in the basis or with λ > 0,
/// so the current optimum stays feasible); pricing regenerates it if it is needed again.
/// price_both: every round prices at the smoothed lengths and at the duals, adding both sets.
/// These and the warm start are the knobs measured in docs/performance.md ("Column generation
/// on the orbits"); the value does not depend on them, only the time to certify it.
///
/// Why this and not the edge LP or the interval: the edge LP has sources × arcs columns and
/// sources × vertices conservation rows (at 1,000 routers of radix 40, 4·10^7 columns and
/// 10^6 rows), while the master has sources + arcs rows and only the columns that pricing
/// proves useful; the (1+ε) interval converges as ε^-2 and never certifies 10^-7.
///
/// Size: sources × arcs (source orbits × arcs on the orbits: the work of one pricing round, K
/// Dijkstras over all arcs) at most throughput_cg_max_variables = 5·10^7. Memory:
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
#include <functional>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/worker_pool.hpp"
#include "shiftfly/metrics/flow/detail/capacity_network.hpp"
#include "shiftfly/metrics/flow/throughput_lp.hpp"
#include "shiftfly/metrics/flow/throughput_mwu.hpp"
#include "shiftfly/metrics/flow/throughput_symmetric.hpp"
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
  /// Drop a column from the master once it has been nonbasic at zero for this many solves in a
  /// row (0: keep every column); 0 to 10^6.
  std::uint64_t drop_after = 0;
  /// Columns on shortest-path trees (every vertex's flow on one shortest in-arc): at most n − 1
  /// arcs a column; false (the default): split evenly over the shortest in-arcs (ECMP), which
  /// measured faster on Jellyfish (64, 12) and no slower on Shiftfly at 64 groups.
  bool trees = false;
  /// Price at the smoothed lengths and at the master's duals in every round, adding both
  /// rounds' improving columns (false: the duals only when the smoothed lengths mis-price).
  bool price_both = false;
  /// One commodity per (source, target) pair, priced as shortest paths (the Ford–Fulkerson path
  /// formulation): columns of a few nonzeros, a master of pairs + capacity rows; false: one
  /// commodity per source, priced as routings of its whole row of T.
  bool per_pair = false;
  /// After every pricing round: (iteration, certified lower, certified upper, columns in the master, seconds).
  std::function<void(std::uint64_t, double, double, std::uint64_t, double)> progress;
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
  std::uint64_t dropped = 0;     ///< of them, dropped from the master (drop_after)
  std::uint64_t nonzeros = 0;    ///< the columns' row coefficients in the master at the end
  std::uint64_t sources = 0, arcs = 0;  ///< sources: their representatives (one a sending orbit) with generators
  std::uint64_t capacity_rows = 0;      ///< arcs, or arc orbits with generators
  std::uint64_t vertex_orbits = 0;      ///< vertices, or vertex orbits with generators
  std::uint64_t generators = 0;
  std::uint64_t commodities = 0;  ///< convexity rows: the sources, or the pairs (per_pair)
  double seconds = 0.0;         ///< wall time of the run (not part of any figure)
  double master_seconds = 0.0;  ///< of it, in CLP's master solves
  double warm_seconds = 0.0;    ///< of it, in the warm start
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
                     std::vector<cg_column>& out, bool trees = false) {
  const std::size_t parts = routers.size();
  out.resize(sources.size());
  core::parallel_for(sources.size(), parts, threads, [&](std::size_t p, std::size_t begin, std::size_t end) {
    auto& router = routers[p];
    auto& load = scratch[p];
    router.track = true;
    router.tree = trees;
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

/// Prices every source under `length` and cuts its shortest-path tree into one path column per
/// target (demand T(s,t) on each arc of the path); alpha[k] is α of source k; pairs of source k
/// start at first[k] (parts fixed, combined in source order).
inline void cg_price_pairs(const capacity_network& net, const traffic_matrix& T, std::span<const std::uint32_t> sources,
                           std::span<const std::uint64_t> first, const std::vector<double>& length, unsigned threads,
                           std::vector<shortest_path_router>& routers, std::vector<std::vector<double>>& scratch,
                           std::vector<double>& alpha, std::vector<cg_column>& out) {
  const std::size_t parts = routers.size();
  alpha.resize(sources.size());
  out.resize(first[sources.size()]);
  core::parallel_for(sources.size(), parts, threads, [&](std::size_t p, std::size_t begin, std::size_t end) {
    auto& router = routers[p];
    auto& load = scratch[p];
    router.track = true;
    router.tree = true;
    for (std::size_t k = begin; k < end; ++k) {
      const auto s = sources[k];
      alpha[k] = router.route_source(s, length, load.data());
      for (const auto a : router.touched) load[a] = 0.0;
      const auto tg = T.targets_of(s);
      const auto dm = T.demands_of(s);
      for (std::size_t i = 0; i < tg.size(); ++i) {
        auto& c = out[first[k] + i];
        c.alpha = 0.0;
        c.arc.clear();
        std::uint32_t v = tg[i];
        while (v != s) {  // the tree's rule: the first shortest in-arc from a vertex settled before
          const auto kv = router.position[v];
          const double bound = router.dist[v] * (1.0 + router.slack);
          std::uint32_t via = v;
          for (auto j = net.in_offsets[v]; j < net.in_offsets[v + 1]; ++j) {
            const auto a = net.in_arc[j];
            const auto u = net.tail[a];
            if (router.position[u] < kv && router.dist[u] + length[a] <= bound) {
              c.arc.push_back(a);
              via = u;
              break;
            }
          }
          if (via == v) break;  // unreachable (refused before pricing)
          v = via;
        }
        std::sort(c.arc.begin(), c.arc.end());
        c.load.assign(c.arc.size(), dm[i]);
      }
    }
  });
}

/// The steps of throughput_column_generation (Spectra's compute() is the model: one named step
/// a method, the run's state in members). Not movable: the routers hold references to T.
class cg_solver {
 public:
  static constexpr std::string_view where = "throughput_column_generation";

  cg_solver(const throughput_cg_options& options, const capacity_network& network,
            std::span<const std::vector<std::uint32_t>> gens, std::chrono::steady_clock::time_point began)
      : o(options), net(network), generators(gens), start_time(began), A(network.arcs()) {}
  cg_solver(const cg_solver&) = delete;
  cg_solver& operator=(const cg_solver&) = delete;

  static void require_options(const throughput_cg_options& o) {
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
    core::require_range(where, "drop_after", o.drop_after, 0, 1'000'000);
  }

  static void require_traffic(const traffic_matrix& T_in, std::uint64_t n) {
    if (T_in.empty()) core::fail(where, "the traffic matrix has no demand (accepted: at least one pair)");
    if (T_in.n() != n)
      core::fail_parameter(where, "T", "a matrix for " + core::to_message(T_in.n()) + " vertices",
                           "does not match the graph's " + core::to_message(n) + " vertices");
    require_throughput_demands(where, T_in);
  }

  /// The rows: one per arc orbit (every arc its own without generators); the sources: one
  /// representative per sending vertex orbit, weighted by the orbit's size.
  void find_rows(const traffic_matrix& T_in, std::uint64_t n) {
    row_of.resize(A);
    vertex_orbits = n;
    if (generators.empty()) {
      for (std::size_t a = 0; a < A; ++a) row_of[a] = static_cast<std::uint32_t>(a);
      row_size.assign(A, 1.0);
      row_cap = net.capacity;
      for (const auto s : T_in.sources_with_demand()) reps.push_back(s);
      weight.assign(reps.size(), 1.0);
    } else {
      const auto orb = symmetry_orbits_of(where, net, T_in, generators);
      row_of = orb.arc_orbit;
      row_size.assign(orb.arc_size.begin(), orb.arc_size.end());
      row_cap = orb.arc_capacity;
      vertex_orbits = orb.vertex_size.size();
      std::vector<char> seen(orb.vertex_size.size(), 0);
      for (const auto s : T_in.sources_with_demand())
        if (!seen[orb.vertex_orbit[s]]) {
          seen[orb.vertex_orbit[s]] = 1;
          reps.push_back(s);
          weight.push_back(static_cast<double>(orb.vertex_size[orb.vertex_orbit[s]]));
        }
    }
    R = row_cap.size();
    K = reps.size();
  }

  /// Refuses a run above throughput_cg_max_variables or the memory. A column has at most
  /// min(rows, n·max in-degree) nonzeros; a run adds at most K columns an iteration, and in
  /// practice a few per source in all: the estimate counts 8 columns a source up front (52
  /// bytes a nonzero: 12 here, about 40 in CLP) and the check is repeated as columns enter.
  void require_size(std::uint64_t listed, std::uint64_t n) {
    const std::uint64_t work = throughput_lp_variables(K, listed);
    if (work > throughput_cg_max_variables)
      core::fail(where, "sources x arcs is " + core::to_message(work) + " (" + core::to_message(K) +
                            (generators.empty() ? " sources" : " source orbits") + " x " + core::to_message(listed) +
                            " arcs), more than the " + core::to_message(throughput_cg_max_variables) +
                            " accepted (use the (1+eps) interval of throughput_mwu)");
    const std::uint64_t col_nnz = std::min<std::uint64_t>(R, n > 0 ? n - 1 : 0) + 1;
    fixed = core::estimate_add_mul(0, listed, 8 * 16);
    fixed = core::estimate_add_mul(fixed, n, 64 * 16);
    if (o.warm_rounds > 0) fixed = core::estimate_add_mul(fixed, K, core::estimate_add_mul(0, listed, 12));  // block sums
    core::require_memory(where, "the master LP and 8 columns a source (" + core::to_message(K) + " sources, " +
                                    core::to_message(R) + " capacity rows)",
                         core::estimate_add_mul(fixed, core::estimate_add_mul(0, K, 8), core::estimate_add_mul(0, col_nnz, 52)));
  }

  /// The result's sizes and algorithm before any solve.
  void describe() {
    r.sources = K;
    r.arcs = A;
    r.capacity_rows = R;
    r.vertex_orbits = vertex_orbits;
    r.generators = generators.size();
    if (!generators.empty())
      r.algorithm = "column generation (Dantzig-Wolfe, source-aggregated routings) on the orbits of " +
                    core::to_message(generators.size()) + " automorphisms (" + core::to_message(K) + " source orbits, " +
                    core::to_message(R) + " arc orbits), COIN-OR CLP master";
  }

  throughput_cg_result& result() { return r; }

  /// The whole run on the reachable traffic T_in (scaled here by a power of two).
  throughput_cg_result solve(const traffic_matrix& T_in) {
    e = T_in.demand_exponent();
    T = T_in.scaled(e);
    make_commodities();
    make_routers();
    build_master();
    first_columns();
    warm_start();
    r.warm_seconds = elapsed();
    iterate();
    return finish();
  }

 private:
  /// The commodities: the sources, or (per_pair) the pairs (source k's start at first[k]).
  void make_commodities() {
    first.assign(K + 1, 0);
    for (std::size_t k = 0; k < K; ++k) first[k + 1] = first[k] + (o.per_pair ? T.targets_of(reps[k]).size() : 1);
    C = first[K];
    source_of.resize(C);
    for (std::size_t k = 0; k < K; ++k)
      for (auto c = first[k]; c < first[k + 1]; ++c) source_of[c] = static_cast<std::uint32_t>(k);
    if (C + R > static_cast<std::uint64_t>(std::numeric_limits<int>::max()))
      core::fail(where, "the master would have " + core::to_message(C + R) + " rows, too many for CLP's index types");
    r.commodities = C;
  }

  /// The pricing routers (parts fixed) and the arcs of every row (for the warm start's length updates).
  void make_routers() {
    threads = core::resolve_threads(o.threads);
    const std::size_t parts = std::min<std::size_t>(K, 16);
    routers.reserve(parts);
    for (std::size_t p = 0; p < parts; ++p) routers.emplace_back(net, T);
    scratch.assign(parts, std::vector<double>(A, 0.0));
    row_start.assign(R + 1, 0);
    row_arcs.resize(A);
    for (std::size_t a = 0; a < A; ++a) ++row_start[row_of[a] + 1];
    for (std::size_t O = 0; O < R; ++O) row_start[O + 1] += row_start[O];
    auto next = row_start;
    for (std::size_t a = 0; a < A; ++a) row_arcs[next[row_of[a]]++] = static_cast<std::uint32_t>(a);
  }

  /// The master: rows 0..C-1 convexity (Σλ − θ ≥ 0), C..C+R-1 capacity (≤ c); column 0 θ.
  void build_master() {
    model.setLogLevel(0);
    std::vector<double> row_lo(C + R), row_hi(C + R);
    for (std::size_t k = 0; k < C; ++k) {
      row_lo[k] = 0.0;
      row_hi[k] = COIN_DBL_MAX;
    }
    for (std::size_t O = 0; O < R; ++O) {
      row_lo[C + O] = -COIN_DBL_MAX;
      row_hi[C + O] = row_cap[O];
    }
    std::vector<CoinBigIndex> start(2, 0);
    std::vector<int> index(C);
    std::vector<double> value(C, -1.0);
    for (std::size_t k = 0; k < C; ++k) index[k] = static_cast<int>(k);
    start[1] = static_cast<CoinBigIndex>(C);
    const double lo = 0.0, hi = COIN_DBL_MAX, obj = -1.0;
    model.loadProblem(1, static_cast<int>(C + R), start.data(), index.data(), value.data(), &lo, &hi, &obj,
                      row_lo.data(), row_hi.data());
    model.setPrimalTolerance(1e-10);
    model.setDualTolerance(1e-10);
    dense_row.assign(R, 0.0);
    in_rows.resize(C);
    alpha_of.resize(K);
  }

  /// A priced column in row space: coefficient on row O = weight_k / |O| · Σ_{a∈O} load(a).
  void to_rows(std::size_t k, const cg_column& c, cg_column& out) {
    out.alpha = c.alpha;
    if (generators.empty()) {
      out.arc = c.arc;
      out.load = c.load;
      return;
    }
    rows_hit.clear();
    for (std::size_t i = 0; i < c.arc.size(); ++i) {
      const auto O = row_of[c.arc[i]];
      if (dense_row[O] == 0.0) rows_hit.push_back(O);
      dense_row[O] += c.load[i];
    }
    std::sort(rows_hit.begin(), rows_hit.end());
    out.arc.assign(rows_hit.begin(), rows_hit.end());
    out.load.resize(rows_hit.size());
    for (std::size_t i = 0; i < rows_hit.size(); ++i) {
      out.load[i] = weight[k] / row_size[rows_hit[i]] * dense_row[rows_hit[i]];
      dense_row[rows_hit[i]] = 0.0;
    }
  }

  /// Adds the taken columns to the master and to the stored columns (CLP column c + 1 is
  /// stored column c, in row space); returns how many.
  std::size_t add_columns(const std::vector<cg_column>& columns, const std::vector<char>& take) {
    std::vector<CoinBigIndex> start{0};
    std::vector<int> index;
    std::vector<double> value, lo, hi, obj;
    std::uint64_t extra = 0;
    for (std::size_t k = 0; k < columns.size(); ++k)
      if (take[k]) extra += columns[k].arc.size() + 1;
    core::require_memory(where, "the columns (" + core::to_message(col_arc.size() + extra) + " nonzeros)",
                         core::estimate_add_mul(fixed, col_arc.size() + extra, 52));
    for (std::size_t k = 0; k < columns.size(); ++k) {
      if (!take[k]) continue;
      const auto& c = columns[k];
      index.push_back(static_cast<int>(k));
      value.push_back(1.0);
      for (std::size_t i = 0; i < c.arc.size(); ++i) {
        index.push_back(static_cast<int>(C + c.arc[i]));
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
      col_idle.push_back(0);
    }
    if (lo.empty()) return std::size_t{0};
    if (index.size() > static_cast<std::uint64_t>(std::numeric_limits<CoinBigIndex>::max()) ||
        col_arc.size() > static_cast<std::uint64_t>(std::numeric_limits<CoinBigIndex>::max()))
      core::fail(where, "the master is too large for CLP's index types");
    model.addColumns(static_cast<int>(lo.size()), lo.data(), hi.data(), obj.data(), start.data(), index.data(),
                     value.data());
    r.columns += lo.size();
    return lo.size();
  }

  /// Prices every commodity under l into in_rows (and α of every source into alpha_of).
  void price(const std::vector<double>& l) {
    if (o.per_pair) {
      cg_price_pairs(net, T, std::span<const std::uint32_t>(reps), first, l, threads, routers, scratch, alpha_of, priced);
    } else {
      cg_price(net, T, std::span<const std::uint32_t>(reps), l, threads, routers, scratch, priced, o.trees);
      for (std::size_t k = 0; k < K; ++k) alpha_of[k] = priced[k].alpha;
    }
    for (std::size_t c = 0; c < C; ++c) to_rows(source_of[c], priced[c], in_rows[c]);
  }

  /// Garg–Könemann's bound Σ l·c / Σ_s α_s(l); for invariant l, α_s = α of its representative.
  double bound_of(const std::vector<double>& l) const {
    double D = 0.0, alpha = 0.0;
    for (std::size_t a = 0; a < A; ++a) D += l[a] * net.capacity[a];
    for (std::size_t k = 0; k < K; ++k) alpha += weight[k] * alpha_of[k];
    return alpha > 0.0 ? D / alpha : std::numeric_limits<double>::infinity();
  }

  /// Keeps l when its bound is the best so far.
  void keep_bound(const std::vector<double>& l) {
    const double upper = bound_of(l);
    if (upper < best_upper) {
      best_upper = upper;
      best_length = l;
    }
  }

  double elapsed() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count(); }
  bool out_of_time() const { return o.max_seconds > 0.0 && elapsed() > o.max_seconds; }
  bool closed() const { return best_upper <= lower * (1 + o.tolerance); }

  /// The first columns: ECMP under hop lengths 1/c (invariant: automorphisms keep capacities),
  /// and the ECMP routing as a first lower certificate: θ ≥ 1 / its (lifted) congestion.
  void first_columns() {
    length.resize(A);
    best_length.resize(A);
    master_y.resize(A);
    row_y.resize(R);
    for (std::size_t a = 0; a < A; ++a) length[a] = 1.0 / net.capacity[a];
    price(length);
    best_upper = bound_of(length);
    best_length = length;
    add_columns(in_rows, std::vector<char>(C, 1));
    std::vector<double> ecmp(R, 0.0);
    for (const auto& c : in_rows)
      for (std::size_t i = 0; i < c.arc.size(); ++i) ecmp[c.arc[i]] += c.load[i];
    double congestion = 0.0;
    for (std::size_t O = 0; O < R; ++O) congestion = std::max(congestion, ecmp[O] / row_cap[O]);
    if (congestion > 0.0) lower = 1.0 / congestion;
  }

  /// Warm start: Garg–Könemann phases (sources in order, each routing σ·T(s,·) on shortest paths,
  /// then lengths × exp(ε·σ·load/c), the load of a row being its column coefficient, so that the
  /// lengths stay constant on every arc orbit); the routings of a block of warm_block phases,
  /// summed and divided by their number, are one column a source (a mix of routings is a
  /// routing), and every fifth phase's lengths give a bound.
  void warm_start() {
    if (o.warm_rounds == 0) return;
    const double sigma = best_upper;
    std::vector<std::vector<double>> sum(K);
    std::vector<std::vector<std::uint32_t>> used(K);
    std::uint64_t in_block = 0;
    routers[0].track = true;
    routers[0].tree = o.trees;
    for (std::uint64_t round = 0; round < o.warm_rounds && !out_of_time(); ++round) {
      warm_phase(sigma, sum, used);
      const double top = *std::max_element(length.begin(), length.end());
      for (auto& l : length) l /= top;
      if ((round + 1) % 5 == 0 || round + 1 == o.warm_rounds) {  // a bound every 5 phases (it costs a phase)
        price(length);
        keep_bound(length);
        if (o.per_pair) add_columns(in_rows, std::vector<char>(C, 1));  // its paths are the pairs' columns
      }
      if (o.per_pair) {
        for (std::size_t k = 0; k < K; ++k) {
          for (const auto a : used[k]) sum[k][a] = 0.0;
          used[k].clear();
        }
      } else if (++in_block == o.warm_block || round + 1 == o.warm_rounds) {
        add_block_columns(sum, used, in_block);
        in_block = 0;
      }
    }
  }

  /// One warm phase: every source routed on shortest paths, its loads summed into sum[k], the
  /// lengths of the rows it loads multiplied by exp(ε·σ·load/c).
  void warm_phase(double sigma, std::vector<std::vector<double>>& sum, std::vector<std::vector<std::uint32_t>>& used) {
    auto& router = routers[0];
    auto& load = scratch[0];
    for (std::size_t k = 0; k < K; ++k) {
      router.route_source(reps[k], length, load.data());
      if (sum[k].empty()) sum[k].assign(A, 0.0);
      rows_hit.clear();
      for (const auto a : router.touched) {
        if (sum[k][a] == 0.0) used[k].push_back(a);
        sum[k][a] += load[a];
        const auto O = row_of[a];
        if (dense_row[O] == 0.0) rows_hit.push_back(O);
        dense_row[O] += load[a];
        load[a] = 0.0;
      }
      for (const auto O : rows_hit) {
        const double f = std::exp(o.warm_epsilon * sigma * weight[k] / row_size[O] * dense_row[O] / row_cap[O]);
        for (auto i = row_start[O]; i < row_start[O + 1]; ++i) length[row_arcs[i]] *= f;
        dense_row[O] = 0.0;
      }
    }
  }

  /// A block's routings, summed and divided by their number: one column a source.
  void add_block_columns(std::vector<std::vector<double>>& sum, std::vector<std::vector<std::uint32_t>>& used,
                         std::uint64_t in_block) {
    cg_column c;
    for (std::size_t k = 0; k < K; ++k) {
      std::sort(used[k].begin(), used[k].end());
      c.arc = used[k];
      c.load.resize(c.arc.size());
      for (std::size_t i = 0; i < c.arc.size(); ++i) {
        c.load[i] = sum[k][c.arc[i]] / static_cast<double>(in_block);
        sum[k][c.arc[i]] = 0.0;
      }
      used[k].clear();
      std::vector<double>().swap(sum[k]);
      to_rows(k, c, in_rows[k]);
    }
    add_columns(in_rows, std::vector<char>(K, 1));
  }

  /// Pricing rounds until the bounds meet or a limit stops them (trouble says which).
  void iterate() {
    loads.resize(R);
    share.resize(C);
    pi.resize(C);
    for (std::uint64_t it = 1;; ++it) {
      r.iterations = it;
      if (out_of_time()) {
        trouble = "the time limit";
        break;
      }
      if (!solve_master(it)) break;
      read_master();
      if (closed()) break;
      if (it >= o.max_iterations) {
        trouble = "the iteration limit";
        break;
      }
      if (out_of_time()) {
        trouble = "the time limit";
        break;
      }
      if (o.drop_after > 0) drop_idle_columns();
      const std::size_t added = price_round();
      if (o.progress) o.progress(r.iterations, lower, best_upper, col_source.size(), elapsed());
      if (closed()) break;
      if (added == 0) {
        trouble = "no improving column while the bounds are apart (numerical)";
        break;
      }
    }
  }

  /// Solves the master (false: it gave no optimum, trouble says why). CLP stops at the time left
  /// (its status then 3); no limit without max_seconds (CLP's maximumSeconds counts CPU seconds;
  /// its wall-clock limit is set too, so that a loaded machine does not stretch the run).
  bool solve_master(std::uint64_t it) {
    model.setMaximumSeconds(o.max_seconds > 0.0 ? std::max(1.0, o.max_seconds - elapsed()) : -1.0);
    model.setMaximumWallSeconds(o.max_seconds > 0.0 ? std::max(1.0, o.max_seconds - elapsed()) : -1.0);
    const double solve_start = elapsed();
    if (it == 1)
      model.initialSolve();  // CLP's choice (dual simplex after presolve)
    else
      model.primal();  // warm start from the last basis
    if (model.status() != 0 && out_of_time()) {
      trouble = "the time limit";
      return false;
    }
    if (model.status() != 0) {
      // a fresh solve from scratch once, before giving up
      model.allSlackBasis(true);
      model.primal();
      if (model.status() != 0) {
        trouble = "CLP's master status " + std::to_string(model.status());
        return false;
      }
    }
    r.master_seconds += elapsed() - solve_start;
    return true;
  }

  /// θ, the lower certificate (the master's flow, row loads summed here: the lifted flow's load
  /// on every arc of the orbit, throughput_symmetric.hpp, 3) and the master's duals: π_s on the
  /// convexity rows, y_O ≥ 0 on the capacity rows; arc lengths y_O / |O|.
  void read_master() {
    const double* x = model.primalColumnSolution();
    const double* dual = model.dualRowSolution();
    theta = std::max(0.0, x[0]);
    std::fill(loads.begin(), loads.end(), 0.0);
    std::fill(share.begin(), share.end(), 0.0);
    for (std::size_t c = 0; c < col_source.size(); ++c) {
      const double lambda = std::max(0.0, x[c + 1]);
      if (lambda == 0.0) continue;
      share[col_source[c]] += lambda;
      for (auto i = col_start[c]; i < col_start[c + 1]; ++i) loads[col_arc[i]] += lambda * col_load[i];
    }
    double congestion = 0.0;
    for (std::size_t O = 0; O < R; ++O) congestion = std::max(congestion, loads[O] / row_cap[O]);
    const double least = *std::min_element(share.begin(), share.end());
    if (congestion > 0.0) lower = std::max(lower, least / congestion);
    ycap = 0.0;
    for (std::size_t O = 0; O < R; ++O) {
      row_y[O] = std::max(0.0, -dual[C + O]);
      ycap += row_y[O] * row_cap[O];
    }
    for (std::size_t a = 0; a < A; ++a) master_y[a] = row_y[row_of[a]] / row_size[row_of[a]];
    for (std::size_t k = 0; k < C; ++k) pi[k] = std::max(0.0, dual[k]);
  }

  /// Column dropping: a column at zero for drop_after solves in a row leaves the master (never
  /// one with λ > 0 or basic, so the master's optimum stays feasible).
  void drop_idle_columns() {
    const double* x = model.primalColumnSolution();
    std::vector<int> drop;
    for (std::size_t c = 0; c < col_source.size(); ++c) {
      const bool idle = x[c + 1] <= 0.0 && model.getColumnStatus(static_cast<int>(c + 1)) != ClpSimplex::basic;
      col_idle[c] = idle ? col_idle[c] + 1 : 0;
      if (col_idle[c] >= o.drop_after) drop.push_back(static_cast<int>(c + 1));
    }
    if (drop.empty()) return;
    model.deleteColumns(static_cast<int>(drop.size()), drop.data());
    std::size_t w = 0, d = 0;
    std::vector<std::uint64_t> new_start{0};
    std::uint64_t at = 0;
    for (std::size_t c = 0; c < col_source.size(); ++c) {
      if (d < drop.size() && static_cast<std::size_t>(drop[d]) == c + 1) {
        ++d;
        continue;
      }
      col_source[w] = col_source[c];
      col_idle[w] = col_idle[c];
      for (auto i = col_start[c]; i < col_start[c + 1]; ++i) {
        col_arc[at] = col_arc[i];
        col_load[at] = col_load[i];
        ++at;
      }
      new_start.push_back(at);
      ++w;
    }
    col_source.resize(w);
    col_idle.resize(w);
    col_arc.resize(at);
    col_load.resize(at);
    col_start = std::move(new_start);
    r.dropped += drop.size();
  }

  /// Prices at the best lengths normalised to the master's scale (Σ l·c equal) and smoothed,
  /// then (or also, price_both) at the master's duals; adds the improving columns, returns how many.
  std::size_t price_round() {
    double best_cap = 0.0;
    for (std::size_t a = 0; a < A; ++a) best_cap += best_length[a] * net.capacity[a];
    const double tiny = 1e-9 * (ycap > 0.0 ? ycap / net.total_capacity : 1.0);
    std::size_t added = 0;
    for (double beta : {o.smoothing, 0.0}) {
      const double f = best_cap > 0.0 ? ycap / best_cap : 0.0;
      for (std::size_t a = 0; a < A; ++a) length[a] = beta * f * best_length[a] + (1 - beta) * master_y[a] + tiny;
      price(length);
      keep_bound(length);
      std::vector<char> take(C, 0);
      for (std::size_t k = 0; k < C; ++k) {
        const auto& c = in_rows[k];
        double cost = 0.0;
        for (std::size_t i = 0; i < c.arc.size(); ++i) cost += row_y[c.arc[i]] * c.load[i];
        take[k] = cost < pi[k] * (1 - 1e-12) ? 1 : 0;
      }
      added += add_columns(in_rows, take);
      if ((added > 0 && !o.price_both) || beta == 0.0 || closed()) break;
    }
    return added;
  }

  /// The answer: exact when the bounds met, else the certified interval; unscaled.
  throughput_cg_result finish() {
    r.nonzeros = col_arc.size();
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count();
    if (lower > best_upper * (1 + 1e-12))
      core::fail(where, "the flow's bound " + core::to_message(lower) + " exceeds the dual bound " +
                            core::to_message(best_upper) + " (numerical)");
    const bool exact = closed();
    double value = lower;
    if (exact) value = std::clamp(theta, lower, std::max(lower, best_upper));
    r.converged = exact;
    r.method = exact ? "exact" : "interval";
    if (!exact)
      r.algorithm += ", stopped by " + trouble + " after " + core::to_message(r.iterations) +
                     " iterations: certified interval (lower: the master's flow; upper: the Garg-Koenemann dual bound)";
    r.value = unscaled_throughput(where, "the throughput", value, e);
    r.lower_certificate = unscaled_throughput(where, "the flow's bound", std::min(lower, value), e);
    r.dual_bound = unscaled_throughput(where, "the dual bound", best_upper, e);
    return r;
  }

  const throughput_cg_options& o;
  const capacity_network& net;
  std::span<const std::vector<std::uint32_t>> generators;
  std::chrono::steady_clock::time_point start_time;
  std::size_t A = 0, R = 0;  ///< arcs; capacity rows
  std::uint64_t K = 0, C = 0;  ///< sources (representatives); commodities
  std::vector<std::uint32_t> row_of;
  std::vector<double> row_size, row_cap;
  std::vector<std::uint32_t> reps;
  std::vector<double> weight;
  std::uint64_t vertex_orbits = 0;
  std::uint64_t fixed = 0;  ///< the memory estimate without the columns
  throughput_cg_result r;
  int e = 0;
  traffic_matrix T;  ///< T_in scaled by 2^e
  std::vector<std::uint64_t> first;
  std::vector<std::uint32_t> source_of;
  unsigned threads = 1;
  std::vector<shortest_path_router> routers;
  std::vector<std::vector<double>> scratch;
  std::vector<std::uint64_t> row_start;
  std::vector<std::uint32_t> row_arcs;
  ClpSimplex model;
  std::vector<double> dense_row;
  std::vector<std::uint32_t> rows_hit;
  // the stored columns (CLP column c + 1 is column c), in row space
  std::vector<std::uint32_t> col_source;    // index k into reps
  std::vector<std::uint64_t> col_start{0};  // into col_arc / col_load
  std::vector<std::uint32_t> col_arc;       // rows
  std::vector<double> col_load;
  std::vector<std::uint64_t> col_idle;  // iterations nonbasic at zero in a row (column dropping)
  std::vector<cg_column> priced, in_rows;
  std::vector<double> alpha_of;
  std::vector<double> length, best_length, master_y, row_y;
  double best_upper = std::numeric_limits<double>::infinity();
  double lower = 0.0, theta = 0.0, ycap = 0.0;
  std::vector<double> loads, share, pi;
  std::string trouble;
};

}  // namespace detail

/// θ(T) on g by column generation on the orbits of the group `generators` generate (see the
/// file comment, "On the orbits"); an empty span is the plain problem (every arc its own row).
template <core::digraph_like G>
throughput_cg_result throughput_column_generation(const G& g, const traffic_matrix& T_in,
                                                  std::span<const std::vector<std::uint32_t>> generators,
                                                  const throughput_cg_options& o = {}) {
  using detail::cg_solver;
  const auto start_time = std::chrono::steady_clock::now();
  cg_solver::require_options(o);
  cg_solver::require_traffic(T_in, g.num_vertices());
  const std::uint64_t listed = o.how == traversal::arcs ? g.num_arcs() : 2 * static_cast<std::uint64_t>(g.num_edges());
  const auto net = detail::make_capacity_network(cg_solver::where, g, o.how);
  cg_solver run(o, net, generators, start_time);
  run.find_rows(T_in, g.num_vertices());
  run.require_size(listed, g.num_vertices());
  run.describe();
  if (detail::unreachable_demand(net, T_in)) {
    run.result().algorithm = "exact: a demanded target is unreachable (BFS)";
    return run.result();
  }
  return run.solve(T_in);
}

/// θ(T) on g by column generation (see the file comment).
template <core::digraph_like G>
throughput_cg_result throughput_column_generation(const G& g, const traffic_matrix& T, const throughput_cg_options& o = {}) {
  return throughput_column_generation(g, T, std::span<const std::vector<std::uint32_t>>{}, o);
}

}  // namespace shiftfly::metrics
