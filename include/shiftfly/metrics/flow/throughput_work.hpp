#pragma once
/// \file throughput_work.hpp
/// θ(T) (maximum concurrent flow) whose answer depends on a work budget only, never on a clock:
/// the same graph, traffic and budget give the same ends on every machine, at every thread
/// count. measure_throughput (throughput.hpp) gives its methods a time budget (max_seconds), so
/// an interval's ends move with the machine's speed and load; a table that must regenerate byte
/// for byte (the `collectives` section) calls this instead.
///
///   struct throughput_work_budget { lp_variables, balanced_rounds, threads, how, max_seconds };
///   throughput_measure measure_throughput_within_work(const G& g, const traffic_matrix& T, bool uniform,
///                                                     const throughput_work_budget& w);
///
/// The methods, in order; the first that answers exactly ends the call:
/// 1. the edge LP (throughput_lp.hpp) when its flow variables (sources × arcs) are within
///    throughput_lp_max_variables; CLP without a time limit (the LP is small);
/// 2. uniform traffic: the edge LP reduced by the graph's automorphisms (throughput_symmetric.hpp)
///    when the group leaves fewer commodities than sources and the reduced LP has at most
///    w.lp_variables flow variables (source orbits × arcs): the work bound of the exact method is
///    this size, fixed before CLP starts (CLP's time on these LPs grows as the cube of it,
///    throughput_symmetric_seconds);
/// 3. uniform traffic on the undirected graph: the quotient by the graph's structural clusters,
///    exactly, lifted through them where they are cliques and its LP has at most
///    throughput_cluster_lift_max_variables flow variables (throughput_cluster_lift.hpp; CLP without
///    a time limit, the LP being that small): exact where the lift's congestion is 1 (Boardfly's
///    pods); otherwise its ends stand in the interval below;
/// 4. otherwise the certified interval: its lower end the balanced shortest-path routing
///    (throughput_balanced.hpp) after at most w.balanced_rounds rounds, no time limit (its rounds
///    and their loads are bit-identical at every thread count); its upper end the smaller of the
///    distance bound capacity / Σ T(s,t)·d(s,t) and, for uniform traffic on the undirected graph,
///    the cut bound of the best of throughput_cut_bound_runs seeded METIS bisections and the upper
///    end of the quotient by the graph's structural clusters where they are dense (the (1+ε)
///    interval of metrics/flow/throughput_contracted.hpp at ε = throughput_work_contracted_epsilon,
///    ended by its rounds alone: Boardfly's pods, Dragonfly's groups; or the lift's exact quotient
///    when it ran). All are certified: a
///    routing's 1/congestion is a feasible flow, and each bound holds for every flow.
///    Where the lower end meets the upper one within throughput_lp_tolerance, the answer is exact.
/// CLP refusing to certify a reduced LP (throughput_lp_unsolved) falls through to the interval,
/// and the algorithm says why.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/metrics/cuts/bisection_metis.hpp"
#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/metrics/flow/throughput_balanced.hpp"
#include "shiftfly/metrics/flow/throughput_bound.hpp"
#include "shiftfly/metrics/flow/throughput_lp.hpp"
#include "shiftfly/metrics/flow/throughput_method.hpp"
#include "shiftfly/metrics/flow/throughput_symmetric.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"
#include "shiftfly/metrics/symmetry/automorphisms.hpp"

namespace shiftfly::metrics {

/// The reduced LP's flow variables tried by default: about 2 s of CLP by
/// throughput_symmetric_seconds (5·(v / 50,000)³ with at most 3 source orbits).
inline constexpr std::uint64_t throughput_work_lp_variables = 40'000;

/// The ε of the quotient's interval whose upper end bounds a uniform interval (see the file comment).
inline constexpr double throughput_work_contracted_epsilon = 0.01;

/// Rounds of the balanced routing by default (its patience, 4 rounds under 0.1 % gain, stops it
/// earlier where it stalls).
inline constexpr std::uint64_t throughput_work_balanced_rounds = 12;

/// The work each method may do; nothing here reads a clock.
struct throughput_work_budget {
  std::uint64_t lp_variables = throughput_work_lp_variables;         ///< reduced LP: at most this many flow variables, 0 to 200,000
  std::uint64_t balanced_rounds = throughput_work_balanced_rounds;   ///< the interval's lower end: rounds, 1 to 100,000
  unsigned threads = 0;                                              ///< 0 = all hardware threads; the answer does not depend on it
  traversal how = traversal::undirected;
  /// Refuse up front, with the estimate, the interval's rounds when estimated above this many
  /// seconds on one core (a model of the work: no clock is read, so the answer never depends on
  /// it); 0: no limit. The reduced LP is bounded by lp_variables alone: the time model of
  /// throughput_symmetric_seconds is too pessimistic to refuse by (PolarFly q = 31's 95,232
  /// variables in 3 orbits: 35 s estimated, a few seconds solved).
  double max_seconds = 0.0;
};

/// Work units (an arc scan of a BFS or of Dial's pass) a second of the balanced routing's rounds on
/// one core, measured (docs/performance.md, "All-to-all"): a round is one search a source.
inline constexpr double throughput_balanced_units_per_second = 1e8;

/// The estimated seconds of `rounds` rounds of the balanced routing from `sources` sources on n
/// vertices and `arcs` arcs (each round a BFS and Dial's pass a source, linear in the arcs).
inline double throughput_balanced_seconds(std::uint64_t sources, std::uint64_t n, std::uint64_t arcs,
                                          std::uint64_t rounds) {
  return static_cast<double>(sources) * (2.0 * static_cast<double>(arcs) + static_cast<double>(n)) *
         static_cast<double>(rounds) / throughput_balanced_units_per_second;
}

/// θ(T) within the work budget (see the file comment). `uniform`: T is one unit for every ordered
/// pair of the vertices (the automorphisms then preserve it, and the cut bound applies).
template <core::digraph_like G>
throughput_measure measure_throughput_within_work(const G& g, const traffic_matrix& T, bool uniform,
                                                  const throughput_work_budget& w) {
  constexpr const char* where = "measure_throughput_within_work";
  core::require_range(where, "lp_variables", w.lp_variables, 0, throughput_symmetric_max_variables);
  core::require_range(where, "balanced_rounds", w.balanced_rounds, 1, 100'000);
  core::require_range(where, "threads", w.threads, 0, 1024);
  if (!(w.max_seconds >= 0.0 && w.max_seconds <= 604800.0))
    core::throw_out_of_range(where, "max_seconds", w.max_seconds, "0 (no limit) to 604800");
  core::require_range(where, "n", g.num_vertices(), 2, traffic_max_vertices);
  if (T.n() != g.num_vertices())
    core::fail_parameter(where, "T", "a matrix for " + core::to_message(T.n()) + " vertices", "is not for this graph",
                         "a matrix of " + core::to_message(g.num_vertices()) + " vertices");
  require_throughput_demands(where, T);
  throughput_measure out;
  out.traffic = T.name().empty() ? std::string("file") : T.name();
  out.pairs = T.size();
  out.total_demand = T.total_demand();
  out.total_demand_log10 = T.total_demand_log10();
  const std::uint64_t arcs =
      w.how == traversal::arcs ? g.num_arcs() : 2 * static_cast<std::uint64_t>(g.num_edges());
  const std::uint64_t K = T.sources_with_demand().size();
  out.lp_variables = throughput_lp_variables(K, arcs);
  const auto set_exact = [&](double value, const std::string& algorithm, throughput_method by) {
    out.lower = out.upper = value;
    out.status = throughput_status::exact;
    out.method = std::string(name(out.status));
    out.algorithm = algorithm;
    out.lower_method = out.upper_method = "exact (" + algorithm + ")";
    out.answered_by = by;
    return out;
  };
  std::string unsolved;
  if (out.lp_variables <= throughput_lp_max_variables) {
    try {
      const auto lp = throughput_lp(g, T, w.how, 0.0);
      return set_exact(lp.value, lp.algorithm, throughput_method::edge_lp);
    } catch (const throughput_lp_unsolved& e) {
      unsolved = e.what();
    }
  } else if (uniform && g.num_vertices() <= throughput_symmetry_max_vertices) {
    const auto aut = graph_automorphisms(g, w.how);
    std::vector<char> sends(aut.orbits, 0);
    std::uint64_t source_orbits = 0;
    for (const auto s : T.sources_with_demand())
      if (!sends[aut.orbit_of[s]]) {
        sends[aut.orbit_of[s]] = 1;
        ++source_orbits;
      }
    if (throughput_symmetric_fits(source_orbits, K, arcs, w.lp_variables, 0.0)) {
      try {
        const auto lp = throughput_symmetric_lp(g, T, aut.generators, w.how, 0.0);
        return set_exact(lp.value, lp.algorithm + "; automorphisms by " + aut.algorithm, throughput_method::symmetric_lp);
      } catch (const throughput_lp_unsolved& e) {
        unsolved = e.what();
      }
    }
  }
  std::optional<cluster_lift_result> lift;
  if (uniform && w.how == traversal::undirected && out.lp_variables > throughput_lp_max_variables) {
    lift = detail::uniform_cluster_lift(g, 0.0, unsolved);
    if (lift && lift->exact) return set_exact(lift->value, lift->algorithm, throughput_method::cluster_lift);
  }
  // the certified interval: balanced routing below, distance and cut bounds above; its rounds
  // refused up front where they are estimated above max_seconds
  if (w.max_seconds > 0.0) {
    const double seconds = throughput_balanced_seconds(K, g.num_vertices(), arcs, w.balanced_rounds);
    if (seconds > w.max_seconds) {
      // the rounds that fit, by one round's estimate (a hair of slack for the division's rounding)
      const double fit =
          std::floor(w.max_seconds / throughput_balanced_seconds(K, g.num_vertices(), arcs, 1) * (1.0 + 1e-12));
      core::fail_parameter(where, "balanced_rounds", core::to_message(w.balanced_rounds),
                           "is estimated at up to " + core::to_message(static_cast<std::uint64_t>(std::ceil(seconds))) +
                               " s (" + core::to_message(K) + " searches a round on " +
                               core::to_message(g.num_vertices()) + " vertices and " + core::to_message(arcs) +
                               " arcs), above max_seconds = " + core::to_message(w.max_seconds),
                           fit >= 1.0 ? "at most " + core::to_message(static_cast<std::uint64_t>(fit)) +
                                            " rounds, or a larger max_seconds"
                                      : std::string("a larger max_seconds (one round does not fit)"));
    }
  }
  out.distance_bound = throughput_distance_bound(g, T, w.how);
  throughput_bound_result upper = out.distance_bound;
  if (uniform && w.how == traversal::undirected && upper.value > 0.0) {
    const auto cut = detail::uniform_metis_cut_bound(g);
    if (cut.value < upper.value) upper = cut;
    if (lift) {
      if (lift->upper < upper.value * (1.0 - 1e-9)) {
        upper.value = lift->upper;
        upper.algorithm = "contracted bound: the dual bound of " + lift->algorithm;
      }
    } else {
      const auto contracted = detail::uniform_contracted_bound(g, throughput_work_contracted_epsilon, w.threads, 0.0);
      if (contracted && contracted->value < upper.value * (1.0 - 1e-9)) upper = *contracted;
    }
  }
  balanced_routing_options bo;
  bo.threads = w.threads;
  bo.how = w.how;
  bo.max_rounds = w.balanced_rounds;
  bo.max_seconds = 0.0;  // rounds only: the answer must not depend on the clock
  const auto low = balanced_throughput_bound(g, T, bo);
  const std::string why = unsolved.empty() ? std::string() : " (the exact LP was not certified: " + unsolved + ")";
  if (low.unreachable) return set_exact(0.0, low.algorithm, throughput_method::balanced_routing);
  if (low.value * (1.0 + throughput_lp_tolerance) >= upper.value)
    return set_exact(upper.value, low.algorithm + "; meets " + upper.algorithm + why, throughput_method::balanced_routing);
  out.status = throughput_status::interval;
  out.method = std::string(name(out.status));
  out.answered_by = throughput_method::balanced_routing;
  out.lower = low.value;
  out.lower_method = "feasible flow (" + low.algorithm + ")";
  out.upper = upper.value;
  out.upper_method = upper.algorithm;
  out.algorithm = low.algorithm + "; upper: " + upper.algorithm + why + "; work bound: " +
                  core::to_message(w.balanced_rounds) + " rounds, exact LPs up to " +
                  core::to_message(w.lp_variables) + " flow variables";
  if (lift && lift->lower > out.lower) {
    out.lower = lift->lower;
    out.lower_method = "feasible flow (the quotient's routing lifted through the cliques, congestion checked)";
    out.algorithm += "; lower: " + lift->algorithm;
  }
  out.rounds = low.rounds;
  out.round_limit = w.balanced_rounds;
  out.width = out.upper / out.lower - 1.0;
  out.converged = false;
  return out;
}

}  // namespace shiftfly::metrics
