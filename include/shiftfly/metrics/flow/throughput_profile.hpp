#pragma once
/// \file throughput_profile.hpp
/// The bisection width, uniform throughput and worst-permutation throughput of one
/// undirected graph as certified intervals, by methods cheap enough for graphs of tens of
/// thousands of vertices: the tables and the field comparison use it.
///
///   struct throughput_profile_options { threads, metis_runs, metis_seed, routing_max_vertices,
///                                       tub_max_vertices, symmetric_max_variables,
///                                       arc_generation_max_variables, cluster_lift_max_variables };
///   struct throughput_range { lower, upper, lower_method, upper_method };
///   struct throughput_profile { n, links, distances, bisection, uniform, worst_permutation };
///   throughput_profile measure_throughput_profile(const G& g, const throughput_profile_options&);
///
/// Each end is the best of the bounds that ran (model: metrics/flow/throughput_lp.hpp):
/// - bisection: bisection_width_interval with the spectral lower bound and METIS (no
///   greedy search, no branch and bound: both are slow on dense graphs);
/// - uniform θ, upper: the smaller of the distance bound 2m / Σ d(s,t) (exact all-pairs
///   distances, metrics/distances/all_pairs.hpp) and the cut bound w / (|S|·|S̄|) of METIS's
///   bisection (metrics/flow/throughput_bound.hpp);
/// - uniform θ, lower: 1 / max link load of the shortest-path split routing
///   (metrics/flow/throughput_ecmp.hpp), when n <= routing_max_vertices (it costs O(n·arcs));
///   else none (0, "not computed");
/// - uniform θ, exact: when the LP reduced by the graph's automorphisms (bliss; one commodity a
///   vertex orbit, metrics/flow/throughput_symmetric.hpp) has fewer commodities than vertices and at
///   most symmetric_max_variables flow variables (0: never), both ends are its certified value, method "exact (...)";
///   when it has more, but its first LP on the shortest-path arcs has at most
///   arc_generation_max_variables, the same LP by arc generation on the orbits
///   (metrics/flow/throughput_arc_generation.hpp), exact the same way;
///   should CLP not certify either, the bounds above stay;
/// - uniform θ, not exact by those: where the graph's structural clusters are cliques (Boardfly's
///   pods) and the quotient by them has an LP of at most cluster_lift_max_variables flow variables,
///   that LP and its routing lifted through the cliques (metrics/flow/throughput_cluster_lift.hpp):
///   exact when the lift's congestion is 1; otherwise its dual bound ("quotient bound") and the lifted
///   routing's bound ("lifted quotient routing") replace the ends they improve;
/// - worst-permutation θ, upper: the smaller of the cut bound w / min(|S|, |S̄|) and, when
///   n <= tub_max_vertices, the TUB bound of worst_permutation_bound;
/// - worst-permutation θ, lower: Valiant's two-phase routing (L. G. Valiant, SIAM J.
///   Comput. 11, 1982): any permutation, sent to every vertex in equal parts (1/n each)
///   and on from there, is two copies of uniform traffic scaled by 1/n, so every
///   permutation has θ ≥ (n/2)·θ(uniform), and so has the worst; it uses the uniform
///   lower bound above.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/cuts/bisection_interval.hpp"
#include "shiftfly/metrics/flow/throughput_arc_generation.hpp"
#include "shiftfly/metrics/flow/throughput_bound.hpp"
#include "shiftfly/metrics/flow/throughput_cluster_lift.hpp"
#include "shiftfly/metrics/flow/throughput_ecmp.hpp"
#include "shiftfly/metrics/flow/throughput_symmetric.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"
#include "shiftfly/metrics/symmetry/automorphisms.hpp"

namespace shiftfly::metrics {

/// Which bounds measure_throughput_profile runs, and up to what size.
struct throughput_profile_options {
  unsigned threads = 0;          ///< 0 = every hardware thread; results do not depend on it
  std::size_t metis_runs = 8;    ///< seeded METIS runs of the bisection (1 to 10,000)
  std::uint64_t metis_seed = 1;
  std::uint64_t routing_max_vertices = 2304;  ///< the shortest-path routing's lower bound up to here
  std::uint64_t tub_max_vertices = 2304;      ///< the TUB bound up to here (exact, certified)
  /// the exact uniform θ by the LP reduced by automorphisms, up to this many flow variables (0: never)
  std::uint64_t symmetric_max_variables = 100'000;
  /// above that, the exact uniform θ by arc generation on the orbits when its first LP (the
  /// shortest-path arcs) has at most this many flow variables (0: never)
  std::uint64_t arc_generation_max_variables = 160'000;
  /// uniform θ by the quotient by cliques, lifted, up to this many flow variables (0: never; at most
  /// throughput_cluster_lift_max_variables)
  std::uint64_t cluster_lift_max_variables = throughput_cluster_lift_max_variables;
  friend bool operator==(const throughput_profile_options&, const throughput_profile_options&) = default;
};

/// θ ∈ [lower, upper], each end with its method (lower = 0: no lower bound computed).
struct throughput_range {
  double lower = 0.0, upper = 0.0;
  std::string lower_method = "not computed", upper_method;
};

/// The profile of one graph.
struct throughput_profile {
  std::uint64_t n = 0, links = 0;
  distance_stats distances;  ///< exact all-pairs
  bisection_interval bisection;
  throughput_range uniform, worst_permutation;
};

/// Measures the profile (see the file comment); g must be connected, with n >= 3.
template <core::graph_like G>
throughput_profile measure_throughput_profile(const G& g, const throughput_profile_options& o = {}) {
  constexpr const char* where = "metrics::measure_throughput_profile";
  const std::uint64_t n = g.num_vertices();
  core::require_range(where, "n", n, 3, traffic_max_vertices);
  core::require_range(where, "metis_runs", o.metis_runs, 1, 10000);
  throughput_profile p;
  p.n = n;
  p.links = g.num_edges();
  sweep_options so;
  so.threads = o.threads;
  p.distances = all_pairs_stats(g, so);
  if (p.distances.disconnected) core::fail(where, "the graph is disconnected (accepted: a connected graph)");

  bisection_interval_options bo;
  bo.greedy = false;
  bo.exact = false;
  bo.metis_runs = o.metis_runs;
  bo.metis_seed = o.metis_seed;
  bo.threads = o.threads;
  p.bisection = bisection_width_interval(g, bo);
  std::uint64_t side = 0;
  for (auto s : p.bisection.certificate) side += s;
  const bool have_cut = !p.bisection.certificate.empty() && side > 0 && side < n;

  // Uniform: the distance bound, the cut bound, the routing bound.
  const double capacity = 2.0 * static_cast<double>(p.links);
  p.uniform.upper = capacity / static_cast<double>(p.distances.total_distance);
  p.uniform.upper_method = "distance bound 2m / sum d (exact all pairs)";
  if (have_cut) {
    const auto c = uniform_cut_bound(n, side, p.bisection.upper);
    if (c.value < p.uniform.upper) p.uniform.upper = c.value, p.uniform.upper_method = "cut bound (METIS bisection)";
  }
  if (n <= o.routing_max_vertices) {
    ecmp_options eo;
    eo.threads = o.threads;
    const auto r = ecmp_uniform_throughput_bound(g, eo);
    p.uniform.lower = r.value;
    p.uniform.lower_method = "shortest-path split routing (1 / max link load)";
  }

  if constexpr (core::digraph_like<G>) {
  if ((o.symmetric_max_variables > 0 || o.arc_generation_max_variables > 0) && n <= throughput_symmetry_max_vertices) {
    const auto aut = graph_automorphisms(g);
    std::optional<traffic_matrix> uniform_matrix;  // n(n - 1) entries: built once, when first needed
    const auto uniform = [&]() -> const traffic_matrix& {
      if (!uniform_matrix) uniform_matrix = uniform_traffic(n);
      return *uniform_matrix;
    };
    if (o.symmetric_max_variables > 0 && throughput_symmetric_fits(aut.orbits, n, 2 * p.links, o.symmetric_max_variables, 0.0)) {
      try {
        const auto lp = throughput_symmetric_lp(g, uniform(), aut.generators);
        p.uniform.lower = p.uniform.upper = lp.value;
        p.uniform.lower_method = p.uniform.upper_method = "exact (" + lp.algorithm + ")";
      } catch (const throughput_lp_unsolved&) {
        // the bounds above stay
      }
    } else if (aut.orbits < n && throughput_lp_variables(aut.orbits, 2 * p.links) <= throughput_cg_max_variables &&
               o.arc_generation_max_variables > 0 &&
               throughput_arc_generation_start(g, uniform(), aut.generators) <= o.arc_generation_max_variables) {
      // the reduced LP is too large, but its shortest-path arcs are not: arc generation on the orbits
      const auto ag = throughput_arc_generation(g, uniform(), aut.generators);
      if (ag.converged) {
        p.uniform.lower = p.uniform.upper = ag.value;
        p.uniform.lower_method = p.uniform.upper_method = "exact (" + ag.algorithm + ")";
      }
    }
  }
  std::string unsolved;  // CLP not certifying the quotient: the bounds above stay
  if (o.cluster_lift_max_variables > 0 && p.uniform.lower < p.uniform.upper) {
    if (const auto lift = detail::uniform_cluster_lift(g, 0.0, unsolved, o.cluster_lift_max_variables)) {
      if (lift->exact) {
        p.uniform.lower = p.uniform.upper = lift->value;
        p.uniform.lower_method = p.uniform.upper_method = "exact (" + lift->algorithm + ")";
      } else {
        if (lift->upper < p.uniform.upper) {
          p.uniform.upper = lift->upper;
          p.uniform.upper_method = "quotient bound (the dual bound of " + lift->algorithm + ")";
        }
        if (lift->lower > p.uniform.lower) {
          p.uniform.lower = lift->lower;
          p.uniform.lower_method = "lifted quotient routing (" + lift->algorithm + ")";
        }
      }
    }
  }
  }

  // Worst permutation: the cut bound, TUB, Valiant.
  if (have_cut) {
    const auto c = permutation_cut_bound(n, side, p.bisection.upper);
    p.worst_permutation.upper = c.value;
    p.worst_permutation.upper_method = "cut bound (METIS bisection)";
  }
  if (n <= o.tub_max_vertices) {
    const auto t = worst_permutation_bound(g);
    if (!have_cut || t.value < p.worst_permutation.upper) {
      p.worst_permutation.upper = t.value;
      p.worst_permutation.upper_method = "TUB (exact assignment)";
    }
  }
  if (p.worst_permutation.upper_method.empty()) {
    // Neither ran: the trivial bound, every link busy for one unit of each of n demands of at least one hop.
    p.worst_permutation.upper = capacity / static_cast<double>(n);
    p.worst_permutation.upper_method = "trivial bound 2m / n";
  }
  if (p.uniform.lower > 0) {
    p.worst_permutation.lower = p.uniform.lower * static_cast<double>(n) / 2.0;
    p.worst_permutation.lower_method = "Valiant two-phase routing (n/2 x uniform lower bound)";
  }
  return p;
}

}  // namespace shiftfly::metrics
