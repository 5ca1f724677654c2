#pragma once
/// \file throughput.hpp
/// The throughput θ(T) of a graph under a named traffic pattern, by the best method
/// that fits, as one labelled interval (the model: metrics/flow/throughput_lp.hpp).
///
///   enum class traffic_pattern { uniform, permutation, worst, file };
///   struct throughput_request { pattern, matrix, seed, epsilon, threads, how, max_seconds, progress,
///                               column_generation };
///   throughput_measure measure_throughput(const G& g, const throughput_request& r);
///   void require_throughput_within(const G& g, const throughput_request& r);   // before anything runs
///
/// The traffic (metrics/flow/traffic.hpp):
/// - uniform: one unit for every ordered pair;
/// - permutation: `random.Random(seed).shuffle` of 0..n-1, one unit s -> p[s];
/// - worst: the permutation that maximises Σ d(s, π(s)) (a linear assignment on the
///   distance matrix, exact and certified; metrics/flow/throughput_bound.hpp); its bound
///   capacity / Σ d(s, π(s)) is the throughput upper bound TUB of Namyar et al. With
///   `endpoints` (H_v on router v), the permutation of the routers with endpoints that
///   maximises Σ min(H_s, H_π(s))·d(s, π(s)), and the traffic sends min(H_s, H_π(s)) from s
///   to π(s): θ is then per endpoint, as TUB's. When θ of that permutation cannot be measured
///   within max_seconds (the LP does not fit and the interval is estimated above it), the
///   answer is [0, TUB], method "upper bound", and the lower end says why: TUB alone is the
///   field's worst-case figure at the largest scales;
/// - file: a user's matrix, given as `matrix`: the caller reads the file (io/traffic_file.hpp,
///   read_traffic_file) and makes the matrix (traffic_from_lines); a metric never opens a file.
///
/// The method, in the order of throughput_method_table (metrics/flow/throughput_method.hpp: one
/// row a method, with when it applies and why; measure_throughput walks it, docs/metrics.md prints
/// it; the result's `status` and `answered_by` name the outcome): the exact source-aggregated LP (COIN-OR CLP) when its flow variables
/// (sources × arcs) are within throughput_lp_max_variables; above that, for uniform traffic on
/// a graph of at most throughput_symmetry_max_vertices vertices (and `symmetry`, on by default),
/// the same LP reduced by the graph's automorphisms (bliss's generators, each checked; one
/// commodity a vertex orbit: metrics/flow/throughput_symmetric.hpp) when the group leaves fewer
/// commodities than vertices, the reduced LP fits throughput_symmetric_max_variables and its
/// estimated time (throughput_symmetric_seconds) fits max_seconds (when > 0), exact and certified
/// the same way; for uniform traffic on the undirected graph (`contracted_bound`), where the
/// structural clusters are cliques and the quotient by them has an LP of at most
/// throughput_cluster_lift_max_variables, that LP lifted through the cliques
/// (metrics/flow/throughput_cluster_lift.hpp), exact when the lift's congestion is 1 (Boardfly's
/// pods), else its two ends kept for what follows; above that, when the request
/// asks for it (column_generation = true; off by default, so that a call keeps its bounded
/// time), up to throughput_cg_max_variables (sources × arcs), for uniform traffic first the
/// balanced routing run to the upper end (the distance, cut and cluster bounds below), exact when it
/// meets it within 10^-7 (at most throughput_balanced_exact_rounds, stopped when its gap stops
/// halving: balanced_routing_options::gap_patience), then column generation: on the edge LP,
/// its flow variables priced in from every source's shortest-path arcs, when that first LP has
/// at most throughput_arc_generation_max_variables (metrics/flow/throughput_arc_generation.hpp),
/// else over source routings (metrics/flow/throughput_column_generation.hpp); for uniform
/// traffic on the orbits of the automorphisms found above when they reduce the sources, the
/// limits then counting source orbits; exact to the same certified 10^-7, with
/// max_seconds (when > 0) as its time limit: stopped by it, or by its iteration limit, it
/// answers with its certified interval (method "interval", converged = false); otherwise, for
/// uniform traffic (and `balanced`, on by default), the balanced shortest-path routing
/// (metrics/flow/throughput_balanced.hpp) with half of max_seconds (all of it when the interval's
/// first rounds are estimated above the other half), whose bound and the
/// distance bound answer as the interval when they are within (1+ε) of each other (or when the
/// time left is too short for the next method); otherwise the (1+ε) Garg–Könemann/Fleischer
/// interval, its lower end the better of its own and the balanced routing's. A uniform
/// interval's upper end is tightened by the cut bound of a METIS bisection (`cut_bound`, on by
/// default; undirected graphs), by the quotient by the graph's structural clusters where they are
/// dense (`contracted_bound`, on by default; undirected graphs; its own (1+ε/2) interval's upper
/// end, with a quarter of what is left of max_seconds: Boardfly's pods, Dragonfly's groups;
/// metrics/flow/throughput_contracted.hpp), and every interval's by the
/// distance bound capacity / Σ T(s,t)·d(s,t) when that is smaller. Every end names its
/// method, and `algorithm` the method that produced the value. Should CLP fail to certify
/// its optimum (throughput_lp_unsolved), the interval answers instead and its algorithm says so.
///
/// The demands: every magnitude from 2.2250738585072014e-308 to 1.7976931348623157e308, at
/// most 10^12 apart within one matrix, with a θ that is a normal double (metrics/flow/traffic.hpp;
/// refused otherwise, in one line). θ(c·T) = θ(T)/c: both methods solve T scaled by a power
/// of two. The interval's ε is 10^-3 to below 1; an interval cut short by its round limit
/// says converged = false, with the width it reached; max_seconds (> 0) refuses an interval
/// whose estimated time exceeds it (metrics/flow/throughput_mwu.hpp, the cost model).
///
/// The budget: max_seconds (> 0) counts from the call, for every method together. The exact LP
/// (edge or reduced) that an interval would have to follow gets half of it as CLP's own limit (CPU
/// and wall clock; throughput_lp_out_of_time when reached); the balanced routing, the interval and
/// column generation then share what is left (at least a millisecond: a spent budget still lets the
/// balanced routing's first round answer), and the answer's algorithm says why the LP gave none.
/// So a budget holds within a small factor whatever CLP's time on the LP (docs/metrics.md).

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/metrics/cuts/bisection_metis.hpp"
#include "shiftfly/metrics/cuts/structural_clusters.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/flow/throughput_arc_generation.hpp"
#include "shiftfly/metrics/flow/throughput_balanced.hpp"
#include "shiftfly/metrics/flow/throughput_bound.hpp"
#include "shiftfly/metrics/flow/throughput_cluster_lift.hpp"
#include "shiftfly/metrics/flow/throughput_column_generation.hpp"
#include "shiftfly/metrics/flow/throughput_contracted.hpp"
#include "shiftfly/metrics/flow/throughput_lp.hpp"
#include "shiftfly/metrics/flow/throughput_method.hpp"
#include "shiftfly/metrics/flow/throughput_mwu.hpp"
#include "shiftfly/metrics/flow/throughput_symmetric.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"
#include "shiftfly/metrics/symmetry/automorphisms.hpp"

namespace shiftfly::metrics {

/// Seeded METIS bisections (seeds 1, 2, ...) whose best cut bounds a uniform interval's upper end.
inline constexpr std::size_t throughput_cut_bound_runs = 8;

/// The balanced routing's rounds when it is run to the upper end for an exact answer (balanced_exact).
inline constexpr std::uint64_t throughput_balanced_exact_rounds = 200;

/// The traffic patterns measure_throughput knows by name.
enum class traffic_pattern { uniform, permutation, worst, file };

/// What to measure, and how hard to try.
struct throughput_request {
  traffic_pattern pattern = traffic_pattern::uniform;
  traffic_matrix matrix;       ///< the user's matrix (pattern file), read by the caller through io/traffic_file.hpp
  std::uint64_t seed = 1;      ///< the permutation's seed (pattern permutation)
  double epsilon = 0.05;       ///< the interval's relative width when the LP does not fit; 1e-3 to below 1
  unsigned threads = 0;        ///< 0 = all hardware threads; results do not depend on it
  traversal how = traversal::undirected;
  double max_seconds = 0.0;  ///< refuse an interval estimated above this; 0 = no limit (throughput_mwu_options)
  std::function<void(const throughput_mwu_progress&)> progress;  ///< after every round of the interval
  /// Endpoints of every vertex, for the worst pattern (see the file comment); empty: one a vertex.
  std::vector<std::uint32_t> endpoints;
  /// The worst pattern's distance sweep: (batches done, in all) after each batch.
  std::function<void(std::size_t, std::size_t)> sweep_progress;
  /// Above the edge LP's limit, up to throughput_cg_max_variables, solve exactly by column
  /// generation (max_seconds, when > 0, is then its time limit) instead of the (1+ε) interval.
  bool column_generation = false;
  /// Uniform traffic above the edge LP's limit: look for automorphisms (bliss) and, when the LP
  /// reduced to one commodity a vertex orbit fits throughput_symmetric_max_variables, solve it
  /// exactly (metrics/flow/throughput_symmetric.hpp) before any other method.
  bool symmetry = true;
  /// Uniform traffic, where the interval answers: the balanced shortest-path routing first
  /// (metrics/flow/throughput_balanced.hpp), with half of max_seconds (see the file comment); when it comes
  /// within (1+ε) of the distance bound, that interval answers without the Garg–Könemann rounds.
  bool balanced = true;
  /// Uniform traffic on the undirected graph, where the interval answers: its upper end is also
  /// tightened by the cut bound of the best of throughput_cut_bound_runs seeded METIS bisections.
  bool cut_bound = true;
  /// Uniform traffic on the undirected graph above the edge LP's limit: the quotient by the graph's
  /// structural clusters (metrics/cuts/structural_clusters.hpp) when they are dense enough (see
  /// throughput_contracted_min_part). Where they are cliques and the quotient's LP fits, its exact
  /// LP lifted through them (metrics/flow/throughput_cluster_lift.hpp: exact, or both ends kept);
  /// otherwise, where the interval answers, the upper end of the quotient's own interval
  /// (metrics/flow/throughput_contracted.hpp) tightens the interval's.
  bool contracted_bound = true;
};

/// θ(T) ∈ [lower, upper] (lower == upper: exact), with the method of each end.
struct throughput_measure {
  std::string traffic;  ///< the traffic's name, e.g. "uniform" or "permutation (seed 1)"
  std::uint64_t pairs = 0;
  double total_demand = 0.0;        ///< Σ T(s,t); +inf when above the largest double (then see the log)
  double total_demand_log10 = 0.0;  ///< log10 Σ T(s,t), always finite
  double lower = 0.0, upper = 0.0;
  std::string method;  ///< the status's name: "exact", "interval" or "upper bound"
  throughput_status status = throughput_status::exact;        ///< how the answer stands
  throughput_method answered_by = throughput_method::edge_lp;  ///< the row of throughput_method_table that answered
  std::string lower_method, upper_method;
  std::string algorithm;
  double epsilon = 0.0;      ///< the interval's ε (0 when exact)
  std::uint64_t rounds = 0;  ///< rounds of the interval (0 when exact)
  bool converged = true;     ///< false: the interval stopped at its round limit wider than (1 + ε)
  double width = 0.0;        ///< upper / lower − 1 reached (0 when exact)
  std::uint64_t round_limit = 0;   ///< the interval's round limit (0 when exact)
  double estimated_seconds = 0.0;  ///< the interval's cost estimate (0 when exact)
  std::uint64_t lp_variables = 0;  ///< the LP's flow variables (sources × arcs)
  /// capacity / Σ T·d: an upper bound for any routing (for worst: the TUB bound).
  throughput_bound_result distance_bound;
};

namespace detail {
/// Uniform traffic on the undirected graph: the upper end of the (1+epsilon) interval of the
/// quotient by g's structural clusters (metrics/cuts/structural_clusters.hpp,
/// metrics/flow/throughput_contracted.hpp: Boardfly's pods, Dragonfly's groups), an upper bound on
/// θ; none where the clusters are too small or too many (throughput_contracted_min_part,
/// throughput_contracted_max_parts) or, with max_seconds > 0, where the quotient's first rounds
/// are estimated above it (its rounds then limited to those that fit, by the model: no clock).
template <core::digraph_like G>
std::optional<throughput_bound_result> uniform_contracted_bound(
    const G& g, double epsilon, unsigned threads, double max_seconds,
    const std::function<void(const throughput_mwu_progress&)>& progress = {}) {
  const std::uint64_t n = g.num_vertices();
  const auto clusters = structural_clusters(g);
  if (clusters.parts < 2 || clusters.parts > throughput_contracted_max_parts ||
      clusters.parts * throughput_contracted_min_part > n)
    return std::nullopt;
  contracted_bound_options co;
  co.epsilon = epsilon;
  co.threads = threads;
  co.progress = progress;
  if (max_seconds > 0.0) {
    co.max_seconds = max_seconds;
    std::uint64_t between = 0;  // the quotient's arcs
    const auto off = g.offsets();
    const auto tgt = g.targets();
    for (std::uint64_t u = 0; u < n; ++u)
      for (auto i = off[u]; i < off[u + 1]; ++i) between += clusters.part_of[u] != clusters.part_of[tgt[i]];
    const auto cost = estimate_throughput_mwu_cost(clusters.parts, between, clusters.parts, co.epsilon, co.max_rounds);
    if (throughput_mwu_least_seconds(cost) > co.max_seconds) return std::nullopt;
  }
  const auto c = contracted_uniform_upper_bound(g, clusters.part_of, co);
  throughput_bound_result b;
  b.value = c.upper;
  b.algorithm = "contracted bound: " + c.algorithm + " (the parts: structural clusters, similarity " +
                core::to_message(structural_cluster_options{}.similarity) + ")";
  return b;
}

/// Uniform traffic on the undirected graph: the cut bound (throughput_bound.hpp, uniform_cut_bound)
/// of the best of throughput_cut_bound_runs seeded METIS bisections; an upper bound on θ.
template <core::digraph_like G>
throughput_bound_result uniform_metis_cut_bound(const G& g) {
  metis_bisection_options mo;
  mo.runs = throughput_cut_bound_runs;
  const auto part = metis_bisection(g, mo);
  std::uint64_t side = 0;
  for (const auto s : part.side) side += s;
  auto cut = uniform_cut_bound(g.num_vertices(), side, part.cut);
  cut.algorithm += ", the best of " + core::to_message(mo.runs) + " seeded METIS bisections";
  return cut;
}

/// Arcs of the capacity network: both directions of every link, or the arcs.
template <core::digraph_like G>
std::uint64_t capacity_arcs(const G& g, traversal how) {
  if (how == traversal::arcs) return g.num_arcs();
  return 2 * static_cast<std::uint64_t>(g.num_edges());
}

/// Uniform traffic: whether the LP reduced by g's automorphisms fits (every vertex sends), or,
/// with r.column_generation, column generation on the orbits (source orbits × arcs).
template <core::digraph_like G>
bool symmetric_lp_fits(const G& g, const throughput_request& r) {
  if (!r.symmetry || r.pattern != traffic_pattern::uniform || g.num_vertices() > throughput_symmetry_max_vertices) return false;
  const auto aut = graph_automorphisms(g, r.how);
  const std::uint64_t arcs = capacity_arcs(g, r.how), n = g.num_vertices();
  if (r.column_generation && aut.orbits < n && throughput_symmetric_variables(aut.orbits, arcs) <= throughput_cg_max_variables)
    return true;
  return throughput_symmetric_fits(aut.orbits, n, arcs, throughput_symmetric_max_variables, r.max_seconds);
}

template <core::digraph_like G>
traffic_matrix traffic_of(const G& g, const throughput_request& r, std::optional<throughput_bound_result>& worst) {
  const std::uint64_t n = g.num_vertices();
  switch (r.pattern) {
    case traffic_pattern::uniform:
      return uniform_traffic(n);
    case traffic_pattern::permutation:
      return permutation_traffic(n, r.seed);
    case traffic_pattern::worst: {
      worst_permutation_options o;
      o.endpoints = r.endpoints;
      o.threads = r.threads;
      o.progress = r.sweep_progress;
      worst = worst_permutation_bound(g, r.how, o);
      if (std::all_of(r.endpoints.begin(), r.endpoints.end(), [](std::uint32_t h) { return h == 1; }))
        return traffic_from_permutation(worst->permutation, "worst permutation", "measure_throughput");
      std::vector<traffic_entry> e;  // min(H_s, H_t) from s to t = π(s): TUB's server-level permutation
      for (std::uint64_t s = 0; s < n; ++s) {
        const std::uint64_t t = worst->permutation[s];
        const std::uint32_t h = std::min(r.endpoints[s], r.endpoints[t]);
        if (t != s && h > 0) e.push_back({s, t, static_cast<double>(h)});
      }
      if (e.empty()) core::fail("measure_throughput", "the worst permutation sends nothing (accepted: a graph with two routers with endpoints)");
      return traffic_matrix::from_entries(n, std::move(e), "worst permutation of endpoints", "measure_throughput");
    }
    case traffic_pattern::file:
      if (r.matrix.n() != n)
        core::fail_parameter("measure_throughput", "matrix", "of " + core::to_message(r.matrix.n()) + " vertices",
                             "is not for this graph", "a matrix of " + core::to_message(n) + " vertices");
      return r.matrix;
  }
  return {};
}
}  // namespace detail

/// Refuses, before any traffic is built, a request whose (1+ε) interval is estimated above
/// r.max_seconds (> 0), counting every vertex as a source for the named patterns (uniform has
/// n sources; a permutation at most n); a file's traffic is checked when measure_throughput is
/// given it. A request the exact LP takes passes, and so does the worst pattern, whose TUB
/// bound answers alone when its θ does not fit (see the file comment).
template <core::digraph_like G>
void require_throughput_within(const G& g, const throughput_request& r) {
  constexpr const char* where = "measure_throughput";
  if (r.pattern == traffic_pattern::file || r.max_seconds == 0.0) return;
  if (r.pattern == traffic_pattern::worst) {
    if (!(r.max_seconds >= 0.0 && r.max_seconds <= 604800.0))
      core::throw_out_of_range(where, "max_seconds", r.max_seconds, "0 (no limit) to 604800");
    return;
  }
  if (!(r.epsilon >= throughput_mwu_min_epsilon && r.epsilon < 1))
    core::throw_out_of_range(where, "epsilon", r.epsilon, "0.001 to below 1");
  const std::uint64_t n = g.num_vertices(), arcs = detail::capacity_arcs(g, r.how);
  const std::uint64_t exact_limit = r.column_generation ? throughput_cg_max_variables : throughput_lp_max_variables;
  if (throughput_lp_variables(n, arcs) <= exact_limit) return;  // the exact LP, or column generation
  // the reduced LP (or column generation on the orbits) can answer instead of a refused interval;
  // the automorphisms are searched for only when the interval would be refused
  const auto cost = estimate_throughput_mwu_cost(n, arcs, n, r.epsilon, throughput_mwu_options{}.max_rounds);
  if (throughput_mwu_least_seconds(cost) > r.max_seconds && detail::symmetric_lp_fits(g, r)) return;
  (void)require_throughput_mwu_within(where, n, arcs, n, r.epsilon, throughput_mwu_options{}.max_rounds, r.max_seconds);
}

namespace detail {

/// The steps of measure_throughput: the checks, the traffic and its bounds, then one method a
/// step, tried in the order of throughput_method_table (metrics/flow/throughput_method.hpp).
template <core::digraph_like G>
class throughput_run {
 public:
  static constexpr const char* where = "measure_throughput";

  throughput_run(const G& graph, const throughput_request& request)
      : g(graph), r(request), began(std::chrono::steady_clock::now()), lp_seconds(request.max_seconds / 2) {}
  throughput_run(const throughput_run&) = delete;
  throughput_run& operator=(const throughput_run&) = delete;

  static void require_request(const throughput_request& r) {
    if (!(r.epsilon >= throughput_mwu_min_epsilon && r.epsilon < 1))
      core::throw_out_of_range(where, "epsilon", r.epsilon, "0.001 to below 1");
    if (!(r.max_seconds >= 0.0 && r.max_seconds <= 604800.0))
      core::throw_out_of_range(where, "max_seconds", r.max_seconds, "0 (no limit) to 604800");
    core::require_range(where, "threads", r.threads, 0, 1024);
  }

  /// The traffic, its totals and its distance bound (for worst: the TUB bound).
  void prepare() {
    core::require_range(where, "n", g.num_vertices(), 2, traffic_max_vertices);
    T = traffic_of(g, r, worst);
    out.traffic = T.name().empty() ? std::string("file") : T.name();
    out.pairs = T.size();
    require_throughput_demands(where, T);
    out.total_demand = T.total_demand();
    out.total_demand_log10 = T.total_demand_log10();
    arcs = capacity_arcs(g, r.how);
    K = T.sources_with_demand().size();
    source_orbits = K;
    out.lp_variables = throughput_lp_variables(K, arcs);
    out.distance_bound = worst ? *worst : throughput_distance_bound(g, T, r.how);
  }

  /// The first method of the table that answers.
  throughput_measure measure() {
    for (const auto& rule : throughput_method_table)
      if (answered(rule.method)) {
        out.answered_by = rule.method;
        return out;
      }
    return out;  // not reached: the interval always answers
  }

 private:
  bool answered(throughput_method m) {
    switch (m) {
      case throughput_method::upper_bound_only:
        return upper_bound_only();
      case throughput_method::symmetric_lp:
        return symmetric_lp();
      case throughput_method::edge_lp:
        return edge_lp();
      case throughput_method::cluster_lift:
        return cluster_lift();
      case throughput_method::balanced_exact:
        return balanced_exact();
      case throughput_method::arc_generation:
        return arc_generation();
      case throughput_method::column_generation:
        return column_generation();
      case throughput_method::balanced_routing:
        return balanced_routing();
      case throughput_method::interval:
        return interval();
    }
    return false;
  }

  bool edge_lp_fits() const { return out.lp_variables <= throughput_lp_max_variables; }

  /// max_seconds counts from the start, for every method together (the file comment)
  double seconds_left() const {
    return r.max_seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  }
  /// An exact LP that an interval would have to follow gets half of max_seconds, CLP's own limit;
  /// once one has run without an answer, what follows gets what is left (else all of max_seconds,
  /// so that the interval's round limit stays a function of max_seconds alone, as before).
  double budget_left() const { return r.max_seconds > 0.0 && lp_ran ? std::max(1e-3, seconds_left()) : r.max_seconds; }

  void set_exact(double value, const std::string& algorithm) {
    out.lower = out.upper = value;
    out.status = throughput_status::exact;
    out.method = std::string(name(out.status));
    out.algorithm = algorithm;
    out.lower_method = out.upper_method = "exact (" + algorithm + ")";
  }

  void set_interval() {
    out.status = throughput_status::interval;
    out.method = std::string(name(out.status));
  }

  /// The worst pattern's θ out of reach: TUB answers alone, [0, TUB].
  bool upper_bound_only() {
    if (!worst || edge_lp_fits() || r.max_seconds <= 0.0) return false;
    const auto cost = estimate_throughput_mwu_cost(g.num_vertices(), arcs, K, r.epsilon, throughput_mwu_options{}.max_rounds);
    const double least = throughput_mwu_least_seconds(cost);
    if (least <= r.max_seconds) return false;
    out.status = throughput_status::upper_bound;
    out.method = std::string(name(out.status));
    out.lower = 0.0;
    out.lower_method = "not measured: the (1+e) interval on this permutation is estimated at " +
                       core::to_message(static_cast<std::uint64_t>(std::ceil(least))) + " s at least, above max_seconds " +
                       core::to_message(r.max_seconds);
    out.upper = worst->value;
    out.upper_method = worst->algorithm;
    out.algorithm = worst->algorithm;
    out.estimated_seconds = cost.seconds;
    out.converged = false;
    return true;
  }

  /// Uniform traffic: the LP reduced by the automorphisms, when the group leaves it small enough.
  bool symmetric_lp() {
    if (!(r.symmetry && r.pattern == traffic_pattern::uniform && !edge_lp_fits() &&
          g.num_vertices() <= throughput_symmetry_max_vertices))
      return false;
    aut = graph_automorphisms(g, r.how);
    std::vector<char> sends(aut->orbits, 0);
    source_orbits = 0;
    for (const auto s : T.sources_with_demand())
      if (!sends[aut->orbit_of[s]]) {
        sends[aut->orbit_of[s]] = 1;
        ++source_orbits;
      }
    if (!throughput_symmetric_fits(source_orbits, K, arcs, throughput_symmetric_max_variables, r.max_seconds)) return false;
    try {
      const auto lp = throughput_symmetric_lp(g, T, aut->generators, r.how, lp_seconds);
      set_exact(lp.value, lp.algorithm + "; automorphisms by " + aut->algorithm);
      return true;
    } catch (const throughput_lp_unsolved& e) {
      unsolved = e.what();  // another method answers, and says why
      lp_ran = true;
      return false;
    }
  }

  /// Column generation when asked, up to its limit: on the orbits of the automorphisms when they
  /// reduce the sources, so its limit counts source orbits × arcs.
  bool column_generation_asked() const {
    return r.column_generation && !edge_lp_fits() &&
           throughput_lp_variables(source_orbits, arcs) <= throughput_cg_max_variables;
  }

  /// The edge LP when it fits; above it, without column generation, the interval's cost is
  /// refused here, before anything else runs, when over max_seconds.
  bool edge_lp() {
    if (!edge_lp_fits()) {
      if (!column_generation_asked())
        (void)require_throughput_mwu_within(where, g.num_vertices(), arcs, K, r.epsilon,
                                            throughput_mwu_options{}.max_rounds, r.max_seconds);
      return false;
    }
    try {
      const auto lp = throughput_lp(g, T, r.how, lp_seconds);
      set_exact(lp.value, lp.algorithm);
      return true;
    } catch (const throughput_lp_unsolved& e) {
      unsolved = e.what();  // the interval answers instead, and says why
      lp_ran = true;
      return false;
    }
  }

  bool on_orbits() const { return aut.has_value() && source_orbits < K; }
  std::span<const std::vector<std::uint32_t>> generators() const {
    if (on_orbits()) return aut->generators;
    return {};
  }

  /// Uniform traffic on the undirected graph above the edge LP: the quotient by the structural
  /// clusters, exact, lifted through them where they are cliques (detail::uniform_cluster_lift),
  /// with the exact LPs' half of max_seconds. Not exact, its ends stay for the methods below.
  bool cluster_lift() {
    if (!(r.contracted_bound && r.pattern == traffic_pattern::uniform && r.how == traversal::undirected &&
          !edge_lp_fits() && out.distance_bound.value > 0.0))
      return false;
    std::string why;
    lift = detail::uniform_cluster_lift(g, lp_seconds, why);
    if (!why.empty()) {
      unsolved = why;
      lp_ran = true;
    }
    if (!lift) return false;
    lp_ran = true;  // what follows gets what is left of max_seconds
    if (!lift->exact) return false;
    set_exact(lift->value, lift->algorithm);
    return true;
  }

  /// The lifted quotient's lower end, where it is above the answer's (the lift ran, not exact).
  void raise_lower() {
    if (!lift || !(lift->lower > out.lower)) return;
    out.lower = lift->lower;
    out.lower_method = "feasible flow (the quotient's routing lifted through the cliques, congestion checked)";
    out.algorithm += "; lower: " + lift->algorithm;
  }

  /// Both column generations end the same way: exact, or their certified interval (rounds: LPs
  /// or pricing rounds), its upper end tightened by the distance bound.
  void generation_answer(bool converged, double value, double lower, double upper, const std::string& algorithm,
                         const std::string& lower_method, const std::string& upper_method, std::uint64_t rounds,
                         std::uint64_t round_limit) {
    const std::string described = on_orbits() ? algorithm + "; automorphisms by " + aut->algorithm : algorithm;
    if (converged) {
      set_exact(value, described);
      return;
    }
    out.algorithm = described;
    set_interval();
    out.lower = lower;
    out.lower_method = lower_method;
    out.upper = upper;
    out.upper_method = upper_method;
    if (out.distance_bound.value < out.upper) {
      out.upper = out.distance_bound.value;
      out.upper_method = out.distance_bound.algorithm;
    }
    if (bounds_ready && upper_bound.value < out.upper) {  // the cut and cluster bounds, when balanced_exact ran
      out.upper = upper_bound.value;
      out.upper_method = upper_bound.algorithm;
    }
    if (balanced && balanced->value > out.lower) {  // the balanced routing that did not reach the bound
      out.lower = balanced->value;
      out.lower_method = "feasible flow (" + balanced->algorithm + ")";
      out.algorithm += "; lower: " + balanced->algorithm;
    }
    raise_lower();
    out.epsilon = throughput_lp_tolerance;
    out.rounds = rounds;
    out.round_limit = round_limit;
    out.width = out.lower > 0.0 ? out.upper / out.lower - 1.0 : 0.0;
    out.converged = false;
  }

  /// Exact asked, uniform traffic above the edge LP: the balanced routing run until it meets the
  /// upper end within throughput_lp_tolerance (then exact: the routing's congestion below, the
  /// bound above), or its gap stops halving; with half of the budget. Its lower end and the upper
  /// end stay for the methods that follow.
  bool balanced_exact() {
    if (!(column_generation_asked() && r.balanced && r.pattern == traffic_pattern::uniform &&
          out.distance_bound.value > 0.0))
      return false;
    const auto here = std::chrono::steady_clock::now();
    budget = budget_left();
    cut_upper_bound();
    bounds_ready = true;
    balanced_routing_options bo;
    bo.threads = r.threads;
    bo.how = r.how;
    bo.target = upper_bound.value / (1.0 + throughput_lp_tolerance);
    bo.max_rounds = throughput_balanced_exact_rounds;
    bo.gap_patience = true;
    if (r.max_seconds > 0.0)
      bo.max_seconds =
          std::max(1e-3, budget / 2 - std::chrono::duration<double>(std::chrono::steady_clock::now() - here).count());
    if (r.progress)
      bo.progress = [this](const balanced_routing_progress& p) {
        r.progress(throughput_mwu_progress{p.round, p.lower, upper_bound.value});
      };
    balanced = balanced_throughput_bound(g, T, bo);
    lp_ran = true;  // what follows gets what is left of max_seconds
    if (balanced->unreachable) {
      balanced.reset();
      return false;
    }
    if (balanced->value * (1.0 + throughput_lp_tolerance) < upper_bound.value) return false;
    set_exact(upper_bound.value, balanced->algorithm + "; meets " + upper_bound.algorithm + " within 1e-7");
    out.rounds = balanced->rounds;
    return true;
  }

  /// Arc generation (the edge LP priced in from the shortest-path arcs) when its first LP fits.
  bool arc_generation() {
    if (!column_generation_asked()) return false;
    if (throughput_arc_generation_start(g, T, generators(), r.how) > throughput_arc_generation_max_variables) return false;
    throughput_arc_generation_options ao;
    ao.how = r.how;
    ao.max_seconds = budget_left();
    const auto ag = throughput_arc_generation(g, T, generators(), ao);
    generation_answer(ag.converged, ag.value, ag.lower_certificate, ag.dual_bound, ag.algorithm,
                      "feasible flow (the arc generation LP's flow, congestion checked)",
                      "dual bound (Garg-Koenemann, the LP's duals or hop lengths)", ag.rounds, ao.max_rounds);
    return true;
  }

  /// Column generation over source routings, where arc generation's first LP does not fit.
  bool column_generation() {
    if (!column_generation_asked()) return false;
    throughput_cg_options co;
    co.threads = r.threads;
    co.how = r.how;
    co.max_seconds = budget_left();
    const auto cg = throughput_column_generation(g, T, generators(), co);
    generation_answer(cg.converged, cg.value, cg.lower_certificate, cg.dual_bound, cg.algorithm,
                      "feasible flow (the column generation master's routing, congestion checked)",
                      "dual bound (Garg-Koenemann, the column generation's best lengths)", cg.iterations,
                      co.max_iterations);
    return true;
  }

  /// Uniform traffic on the undirected graph: the cut bound of a METIS bisection too, the upper
  /// end on hierarchies (Boardfly's pods), where the distance bound and the phases' are far above.
  void cut_upper_bound() {
    upper_bound = out.distance_bound;
    if (!(r.cut_bound && r.pattern == traffic_pattern::uniform && r.how == traversal::undirected &&
          out.distance_bound.value > 0.0))
      return;
    const auto cut = detail::uniform_metis_cut_bound(g);
    if (cut.value < upper_bound.value) upper_bound = cut;
    contracted_upper_bound();
  }

  /// Uniform traffic on the undirected graph: the quotient by the structural clusters too, at ε/2
  /// and with a quarter of the budget (detail::uniform_contracted_bound).
  void contracted_upper_bound() {
    if (!r.contracted_bound) return;
    if (lift) {  // the quotient's exact θ, already measured: its duals' bound
      if (lift->upper < upper_bound.value * (1.0 - 1e-9)) {
        upper_bound.value = lift->upper;
        upper_bound.algorithm = "contracted bound: the dual bound of " + lift->algorithm;
      }
      return;
    }
    std::function<void(const throughput_mwu_progress&)> progress;
    if (r.progress)
      progress = [this](const throughput_mwu_progress& p) {
        r.progress(throughput_mwu_progress{p.round, 0.0, std::min(upper_bound.value, p.upper)});
      };
    const auto c = detail::uniform_contracted_bound(g, std::max(throughput_mwu_min_epsilon, r.epsilon / 2), r.threads,
                                                    r.max_seconds > 0.0 ? budget / 4 : 0.0, progress);
    if (c && c->value < upper_bound.value * (1.0 - 1e-9)) upper_bound = *c;  // tighter by more than rounding
  }

  /// Uniform traffic: the balanced routing with half of the budget, the rest for the interval's
  /// rounds; all of it when the interval's first rounds would not fit in half.
  void run_balanced() {
    if (balanced || !(r.balanced && r.pattern == traffic_pattern::uniform && out.distance_bound.value > 0.0)) return;
    balanced_routing_options bo;
    bo.threads = r.threads;
    bo.how = r.how;
    bo.target = upper_bound.value / (1.0 + r.epsilon);
    const auto cost = estimate_throughput_mwu_cost(g.num_vertices(), arcs, K, r.epsilon, throughput_mwu_options{}.max_rounds);
    bo.max_seconds = throughput_mwu_least_seconds(cost) <= budget / 2 ? budget / 2 : budget;
    if (r.progress)
      bo.progress = [this](const balanced_routing_progress& p) {
        r.progress(throughput_mwu_progress{p.round, p.lower, upper_bound.value});
      };
    balanced = balanced_throughput_bound(g, T, bo);
    if (balanced->unreachable) balanced.reset();  // the interval says so
  }

  void balanced_answer(bool converged, const std::string& why) {
    set_interval();
    out.lower = balanced->value;
    out.lower_method = "feasible flow (" + balanced->algorithm + ")";
    out.upper = upper_bound.value;
    out.upper_method = upper_bound.algorithm;
    out.algorithm = balanced->algorithm + "; upper: " + upper_bound.algorithm + why +
                    (unsolved.empty() ? std::string() : " (the exact LP was not certified: " + unsolved + ")");
    out.epsilon = r.epsilon;
    out.rounds = balanced->rounds;
    out.round_limit = balanced_routing_default_rounds;
    raise_lower();
    out.width = out.upper / out.lower - 1.0;
    out.converged = converged;
  }

  /// Uniform traffic: the balanced shortest-path routing first; where it comes within (1+ε) of
  /// the upper end (the distance bound, or the METIS cut), the interval closes without the
  /// Garg–Könemann rounds, and so it does when what is left of max_seconds is too little for
  /// their first rounds. What follows has what is left of max_seconds (at least a millisecond:
  /// a spent budget still lets the balanced routing's first round answer).
  bool balanced_routing() {
    budget = budget_left();
    auto fallback_began = std::chrono::steady_clock::now();
    if (!bounds_ready) cut_upper_bound();
    if (r.max_seconds > 0.0) {  // the bounds' time is the budget's
      budget = std::max(1e-3, budget - std::chrono::duration<double>(std::chrono::steady_clock::now() - fallback_began).count());
      fallback_began = std::chrono::steady_clock::now();
    }
    run_balanced();
    if (balanced && balanced->value * (1.0 + r.epsilon) >= upper_bound.value) {
      balanced_answer(true, "");
      return true;
    }
    interval_seconds = budget;
    if (!(balanced && r.max_seconds > 0.0)) return false;
    const double left = budget - std::chrono::duration<double>(std::chrono::steady_clock::now() - fallback_began).count();
    const auto cost = estimate_throughput_mwu_cost(g.num_vertices(), arcs, K, r.epsilon, throughput_mwu_options{}.max_rounds);
    if (left <= 0.0 || throughput_mwu_least_seconds(cost) > left) {
      balanced_answer(false, " (the (1+e) interval's first rounds are estimated at " +
                                 core::to_message(static_cast<std::uint64_t>(std::ceil(throughput_mwu_least_seconds(cost)))) +
                                 " s, above the " + core::to_message(static_cast<std::uint64_t>(std::max(0.0, std::floor(left)))) +
                                 " s left of max_seconds)");
      return true;
    }
    interval_seconds = left;
    return false;
  }

  /// The (1+ε) interval, its ends tightened by the distance and cut bounds and its lower end by
  /// the balanced routing's.
  bool interval() {
    throughput_mwu_options o;
    o.max_seconds = interval_seconds;
    o.epsilon = r.epsilon;
    o.threads = r.threads;
    o.how = r.how;
    const std::uint64_t before = balanced ? balanced->rounds : 0;  // progress counts on from the balanced rounds
    if (r.progress)
      o.progress = [&](const throughput_mwu_progress& p) { r.progress(throughput_mwu_progress{before + p.round, p.lower, p.upper}); };
    const auto iv = throughput_mwu(g, T, o);
    set_interval();
    out.lower = iv.lower;
    out.lower_method = iv.lower_method;
    out.upper = iv.upper;
    out.upper_method = iv.upper_method;
    for (const auto* bound : {&out.distance_bound, &upper_bound})
      if (bound->value < out.upper) {
        out.upper = bound->value;
        out.upper_method = bound->algorithm;
      }
    out.algorithm = unsolved.empty() ? iv.algorithm : iv.algorithm + " (the exact LP was not certified: " + unsolved + ")";
    if (balanced && balanced->value > out.lower) {
      out.lower = balanced->value;
      out.lower_method = "feasible flow (" + balanced->algorithm + ")";
      out.algorithm += "; lower: " + balanced->algorithm;
    }
    raise_lower();
    out.epsilon = iv.epsilon;
    out.rounds = before + iv.rounds;
    out.round_limit = before + iv.round_limit;
    out.estimated_seconds = iv.estimated_seconds;
    out.width = out.lower > 0.0 ? out.upper / out.lower - 1.0 : (out.upper > 0.0 ? iv.width : 0.0);
    out.converged = out.upper <= (1.0 + out.epsilon) * out.lower;
    return true;
  }

  const G& g;
  const throughput_request& r;
  const std::chrono::steady_clock::time_point began;
  const double lp_seconds;
  bool lp_ran = false;
  std::optional<throughput_bound_result> worst;
  traffic_matrix T;
  throughput_measure out;
  std::uint64_t arcs = 0, K = 0;
  std::string unsolved;
  std::optional<automorphism_group> aut;  ///< uniform traffic above the edge LP: the graph's automorphisms
  std::uint64_t source_orbits = 0;
  double budget = 0.0, interval_seconds = 0.0;
  throughput_bound_result upper_bound;
  bool bounds_ready = false;  ///< upper_bound computed (by balanced_exact)
  std::optional<throughput_lower_bound_result> balanced;
  std::optional<cluster_lift_result> lift;  ///< the quotient by cliques, lifted (cluster_lift), when it ran
};

}  // namespace detail

/// θ(T) of g under the requested traffic (see the file comment).
template <core::digraph_like G>
throughput_measure measure_throughput(const G& g, const throughput_request& r) {
  detail::throughput_run<G>::require_request(r);
  detail::throughput_run<G> run(g, r);
  run.prepare();
  return run.measure();
}

}  // namespace shiftfly::metrics
