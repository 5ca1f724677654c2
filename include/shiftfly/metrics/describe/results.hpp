#pragma once
/// \file results.hpp
/// The metrics' results described once (core/record.hpp): each field's name, unit
/// and meaning, the method and algorithm that obtained it (exact, sampled,
/// estimated or interval), and the line it reads as in text. The tools' JSON and
/// text are written from these records; so are the dicts the Python bindings return
/// for the distance statistics, the diameter, the spectral gap, the connectivity and
/// the path counts, the bisection, the throughput and the throughput profile, whose
/// dataclasses (python/shiftfly/_results.py) python/tests/test_results.py holds to the
/// fields marked for Python (python/src/results.cpp lists them). A field the tools
/// show under another name or not at all is marked core::shown_in::python (and the
/// other way round).
///
///   core::record describe(const distance_stats&, std::uint64_t sample_seed, bool verified = false);
///   core::record describe(const diameter_result&);
///   core::record describe(const spectral_gap_result&);
///   core::record describe(const connectivity_result&);
///   core::record describe(const bisection_interval&);
///   core::record describe(const path_count_stats&);
///   core::record describe(const disjoint_paths_stats&);
///   core::record describe(const path_count_stats&, const disjoint_paths_stats&);
///   core::record describe(const throughput_measure&);
///   core::record describe(const bisection_bound_entry&);
///   core::record describe(const throughput_profile&);
#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "shiftfly/core/record.hpp"
#include "shiftfly/metrics/cuts/bisection_interval.hpp"
#include "shiftfly/metrics/cuts/connectivity.hpp"
#include "shiftfly/metrics/distances/diameter_bounds.hpp"
#include "shiftfly/metrics/distances/distance_stats.hpp"
#include "shiftfly/metrics/paths/path_diversity.hpp"
#include "shiftfly/metrics/spectral/spectral.hpp"
#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/metrics/flow/throughput_profile.hpp"

namespace shiftfly::metrics {

namespace detail {
/// A histogram σ -> pairs as a list of [σ, pairs].
inline core::record_value pairs_list(const std::map<std::uint64_t, std::uint64_t>& h) {
  core::record_value::list out;
  for (const auto& entry : h) out.emplace_back(core::record_value::list{entry.first, entry.second});
  return out;
}
}  // namespace detail

/// The distance statistics; `sample_seed` names the sampled sources' seed (when sampled),
/// `verified` adds verified = true (checked against plain BFS).
inline core::record describe(const distance_stats& d, std::uint64_t sample_seed, bool verified = false) {
  const std::string how = d.exact ? "exact, all pairs" : fmt::format("sampled, {} sources", d.sources);
  const std::string along = d.directed ? ", along the arcs" : "";
  core::record r("distance_stats");
  r.add("method", d.method(), "", "exact (every source) or sampled (a sampled diameter is a lower bound)")
      .add_for(core::shown_in::tools, "algorithm", d.exact ? "BFS from every source (bit-parallel multi-source sweeps)"
                                : "BFS from sources drawn as the reference artefact draws them "
                                  "(Python randrange(n), seed " + std::to_string(sample_seed) + ")")
      .add("sources", d.sources, "vertices", "BFS sources")
      .add("diameter", d.diameter, "hops", "the largest distance found")
      .add_for(core::shown_in::tools, "diameter_is", d.diameter_kind(), "", "exact or lower bound")
      .add("mean", d.mean, "hops", "mean distance over the reachable ordered pairs")
      .add("disconnected", d.disconnected, "", "some pair is unreachable")
      .add("directed", d.directed, "", "distances along the arcs")
      .add("histogram", d.histogram, "ordered pairs", "pairs at distance 0, 1, 2, ...");
  if (verified) r.add_for(core::shown_in::tools, "verified", true, "", "checked against plain BFS from every source");
  r.add_for(core::shown_in::python, "n", d.n, "vertices")
      .add_for(core::shown_in::python, "exact", d.exact, "", "every vertex was a source")
      .add_for(core::shown_in::python, "total_distance", d.total_distance, "hops", "the sum over the reachable pairs")
      .add_for(core::shown_in::python, "pairs", d.pairs, "ordered pairs", "reachable (source, vertex) pairs, s != v")
      .add_for(core::shown_in::python, "unreachable_pairs", d.unreachable_pairs, "ordered pairs")
      .add_for(core::shown_in::python, "diameter_kind", d.diameter_kind(), "", "exact or lower bound");
  r.line(fmt::format("distance ({}{}): diameter={} ({}) mean={} {}disconnected={}", how, along, d.diameter,
                     d.diameter_kind(), d.mean, verified ? "verified=true " : "", d.disconnected ? "yes" : "no"));
  return r;
}

/// The answer of a distance sweep in one sentence, for a graph called `name`. A disconnected graph
/// says so first: its diameter is the largest finite distance and its mean over the reachable pairs.
inline std::string distance_sentence(const distance_stats& d, const std::string& name) {
  if (d.disconnected)
    return fmt::format("{} is disconnected ({} unreachable ordered pairs{}): the largest finite distance is {}{} and the "
                       "mean distance over the reachable pairs {} ({}{}).",
                       name, d.unreachable_pairs, d.exact ? "" : " from the sampled sources", d.diameter,
                       d.exact ? "" : " or more", d.mean,
                       d.exact ? "exact, all pairs" : fmt::format("sampled, {} sources", d.sources),
                       d.directed ? ", along the arcs" : "");
  return fmt::format("{} has diameter {}{} and mean distance {} ({}{}).", name, d.diameter, d.exact ? "" : " or more",
                     d.mean, d.exact ? "exact, all pairs" : fmt::format("sampled, {} sources", d.sources),
                     d.directed ? ", along the arcs" : "");
}

/// The spectral gap: exact (Lanczos, or a closed case) or estimated (the reference's power iteration).
inline core::record describe(const spectral_gap_result& s) {
  const bool estimated = s.method == "power-iteration estimate";
  const std::string method = estimated ? "estimated" : "exact";
  const std::string algorithm = estimated ? "power iteration, as the reference artefact estimates it"
                                : s.products ? s.method + " (residual tolerance 1e-9)"
                                             : s.method;
  core::record r("spectral_gap_result");
  const auto tools = core::shown_in::tools;
  const auto python = core::shown_in::python;
  r.add_for(tools, "method", method, "", "exact or estimated")
      .add_for(tools, "algorithm", algorithm)
      .add_for(tools, "value", s.gap, "", "1 - lambda2 of D^-1 A")
      .add("lambda2", s.lambda2, "", "second largest eigenvalue of D^-1 A")
      .add_for(estimated ? python : core::shown_in::all, "lambda_min", s.lambda_min, "", "smallest eigenvalue of D^-1 A")
      .add_for(estimated ? core::shown_in::all : python, "iterations", s.iterations, "iterations", "Lanczos restarts or power iterations");
  if (!estimated) r.add_for(tools, "two_sided", s.two_sided_gap, "", "1 - max(|lambda2|, |lambda_min|)");
  r.add_for(python, "gap", s.gap, "", "1 - lambda2")
      .add_for(python, "two_sided_gap", s.two_sided_gap, "", "1 - max(|lambda2|, |lambda_min|)")
      .add_for(python, "residual", s.residual, "", "|N v - lambda2 v| of the unit eigenvector v (Lanczos)")
      .add_for(python, "method", s.method, "", "lanczos, an exact case, or power-iteration estimate");
  r.line(fmt::format("spectral gap ({}, {}): {}", method, algorithm, s.gap));
  return r;
}

/// The exact diameter (iFUB, DiFUB or all pairs).
inline core::record describe(const diameter_result& d) {
  core::record r("diameter_result");
  r.add("diameter", d.diameter, "hops").add("exact", d.exact).add("directed", d.directed, "", "along the arcs")
      .add("disconnected", d.disconnected).add("bfs_sources", d.bfs_sources, "sources", "the work it took")
      .add("method", d.method, "", "iFUB, DiFUB or all-pairs");
  r.line(fmt::format("diameter {} (exact, {}{}): {} BFS sources", d.diameter, d.method,
                     d.directed ? ", along the arcs" : "", d.bfs_sources));
  return r;
}

/// Vertex and edge connectivity (exact).
inline core::record describe(const connectivity_result& c) {
  core::record r("connectivity_result");
  r.add_for(core::shown_in::tools, "method", "exact")
      .add_for(core::shown_in::tools, "algorithm",
               "Even's scheme with the Esfahanian-Hakimi reduction of sources; unit-capacity augmenting paths")
      .add_for(core::shown_in::tools, "graph", c.directed ? "arcs" : "undirected", "", "the graph view")
      .add("vertex", c.vertex, "vertices", "vertex connectivity kappa")
      .add("edge", c.edge, "links", "edge (arc) connectivity lambda")
      .add_for(core::shown_in::python, "directed", c.directed, "", "along the arcs")
      .add_for(core::shown_in::python, "flows", c.flows, "flows", "maximum flows computed");
  r.line(fmt::format("connectivity ({}): vertex={} edge={}", c.directed ? "arcs" : "undirected", c.vertex, c.edge));
  return r;
}

/// One bound the bisection interval computed: Python's BisectionBound.
inline core::record describe(const bisection_bound_entry& e) {
  core::record r("bisection_bound_entry");
  r.add("value", e.value, "links").add("upper", e.upper, "", "an upper bound (else a lower bound)").add("method", e.method);
  return r;
}

/// The bisection width as an interval, each end with its method. Python's Bisection also
/// holds the certificate (a side 0 or 1 a vertex, null when the upper end has none), every
/// bound computed and the exact search's nodes.
inline core::record describe(const bisection_interval& b) {
  const std::string method = b.exact() ? "exact" : "interval";
  core::record r("bisection_interval");
  r.add("method", method)
      .add("lower", b.lower, "links", "a lower bound on the bisection width")
      .add("lower_method", b.lower_method)
      .add("upper", b.upper, "links", "an upper bound: the links a bisection found cuts")
      .add("upper_method", b.upper_method)
      .add("laplacian_lambda2", b.laplacian_lambda2, "", "lambda2 of the Laplacian (0 when the spectral bound did not run)")
      .add("notes", b.notes, "", "what was skipped and why");
  core::record_value::list bounds;
  for (const auto& e : b.bounds) bounds.emplace_back(describe(e));
  const auto python = core::shown_in::python;
  r.add_for(python, "certificate", b.certificate.empty() ? core::record_value() : core::record_value(b.certificate), "",
            "the side of each vertex (0 or 1) of a bisection cutting `upper` links, when exact or METIS")
      .add_for(python, "bounds", std::move(bounds), "", "every bound computed: spectral, exact, METIS, greedy")
      .add_for(python, "exact_nodes", b.exact_nodes, "nodes", "search nodes of the exact run (0: not run)");
  r.line(fmt::format("bisection width ({}): [{}, {}] (lower: {}; upper: {})", method, b.lower, b.upper, b.lower_method,
                     b.upper_method));
  return r;
}

/// Shortest paths a pair (exact): Python's ShortestPathCounts, and the tools' shortest_paths.
inline core::record describe(const path_count_stats& counts) {
  core::record sp("path_count_stats");
  sp.add("method", "exact")
      .add("algorithm", "path counting by BFS from every source")
      .add("pairs", counts.pairs, "ordered pairs")
      .add("reachable", counts.reachable, "ordered pairs")
      .add("min", counts.min, "paths", "fewest shortest paths of a reachable pair")
      .add("max", counts.max, "paths", "most shortest paths of a reachable pair")
      .add("mean", counts.mean, "paths", "mean shortest paths a reachable pair")
      .add_for(core::shown_in::python, "directed", counts.directed, "", "along the arcs")
      .add("histogram", detail::pairs_list(counts.histogram), "", "[shortest paths, ordered pairs]");
  return sp;
}

/// Disjoint paths a pair: Python's DisjointPaths, and the tools' disjoint_paths.
inline core::record describe(const disjoint_paths_stats& disjoint) {
  core::record dp("disjoint_paths_stats");
  dp.add("method", disjoint.method)
      .add("algorithm", "unit-capacity maximum flows (Menger)")
      .add("pairs", disjoint.pairs, "ordered pairs")
      .add_for(core::shown_in::python, "flows", disjoint.flows, "flows", "maximum flows computed")
      .add("edge_min", disjoint.edge_min, "paths")
      .add("edge_mean", disjoint.edge_mean, "paths")
      .add("vertex_min", disjoint.vertex_min, "paths")
      .add("vertex_mean", disjoint.vertex_mean, "paths")
      .add("edge_histogram", detail::pairs_list(disjoint.edge), "", "[edge-disjoint paths, pairs]")
      .add("vertex_histogram", detail::pairs_list(disjoint.vertex), "", "[vertex-disjoint paths, pairs]")
      .add_for(core::shown_in::python, "directed", disjoint.directed, "", "along the arcs")
      .add_for(core::shown_in::python, "work_estimate", disjoint.work_estimate, "", "the work bound's estimate");
  return dp;
}

/// Path diversity: shortest paths a pair (exact) and disjoint paths a pair.
inline core::record describe(const path_count_stats& counts, const disjoint_paths_stats& disjoint) {
  core::record sp = describe(counts), dp = describe(disjoint);
  core::record r("path_diversity");
  r.add("shortest_paths", std::move(sp)).add("disjoint_paths", std::move(dp));
  r.line(fmt::format("shortest paths a pair (exact): min={} mean={} max={}", counts.min, counts.mean, counts.max));
  r.line(fmt::format("disjoint paths a pair ({}): edge min={} mean={}, vertex min={} mean={}", disjoint.method,
                     disjoint.edge_min, disjoint.edge_mean, disjoint.vertex_min, disjoint.vertex_mean));
  return r;
}

/// The throughput under a traffic: exact, or an interval with how far it converged.
inline core::record describe(const throughput_measure& t) {
  core::record r("throughput_measure");
  r.add("method", t.method)
      .add("algorithm", t.algorithm)
      .add("traffic", t.traffic)
      .add("pairs", t.pairs, "ordered pairs", "pairs with a demand")
      .add_for(core::shown_in::tools, "total_demand", t.total_demand, "", "the sum of the demands; null past the largest double (see the log)")
      .add("total_demand_log10", t.total_demand_log10)
      .add("lower", t.lower, "", "a lower end of the throughput")
      .add("lower_method", t.lower_method)
      .add("upper", t.upper, "", "an upper end of the throughput")
      .add("upper_method", t.upper_method)
      .add("distance_bound", t.distance_bound.value, "", "capacity / sum of demand x distance")
      .add("distance_bound_certified", t.distance_bound.certified);
  // The tools show the interval's fields only where they apply; Python has every field, always.
  const auto tools = core::shown_in::tools, python = core::shown_in::python;
  std::string how_far;
  if (t.method == "upper bound") {
    r.add_for(tools, "estimated_seconds", t.estimated_seconds, "s", "the interval's cost estimate on one core, not run");
  } else if (t.method != "exact") {
    r.add_for(tools, "epsilon", t.epsilon, "", "the interval's relative width asked for")
        .add_for(tools, "rounds", t.rounds, "rounds")
        .add_for(tools, "round_limit", t.round_limit, "rounds")
        .add_for(tools, "converged", t.converged)
        .add_for(tools, "width", t.width, "", "upper / lower - 1 reached")
        .add_for(tools, "estimated_seconds", t.estimated_seconds, "s", "the interval's cost estimate on one core");
    how_far = fmt::format(", {}: width {:.3g} after {} rounds", t.converged ? "converged" : "NOT converged", t.width,
                          t.rounds);
  }
  const auto& bound = t.distance_bound;
  r.add_for(python, "total_demand", std::isfinite(t.total_demand) ? core::record_value(t.total_demand) : core::record_value(),
            "", "the sum of the demands; None past the largest double (total_demand_log10 has it)")
      .add_for(python, "epsilon", t.epsilon, "", "the interval's relative width asked for (0 when exact)")
      .add_for(python, "rounds", t.rounds, "rounds", "0 when exact")
      .add_for(python, "round_limit", t.round_limit, "rounds", "0 when exact")
      .add_for(python, "converged", t.converged, "", "False: the interval stopped at its round limit wider than 1 + epsilon")
      .add_for(python, "width", t.width, "", "upper / lower - 1 reached (0 when exact)")
      .add_for(python, "estimated_seconds", t.estimated_seconds, "s", "the interval's cost estimate on one core")
      .add_for(python, "lp_variables", t.lp_variables, "variables", "the LP's flow variables (sources x arcs)")
      .add_for(python, "distance_bound_algorithm", bound.algorithm)
      .add_for(python, "capacity", bound.capacity, "arcs", "C of the distance bound")
      .add_for(python, "total_distance", bound.total_distance, "", "sum of demand x distance (worst: of the permutation)")
      .add_for(python, "permutation", bound.permutation.empty() ? core::record_value() : core::record_value(bound.permutation),
               "", "traffic worst: the permutation of the TUB bound, else None");
  r.line(fmt::format("throughput, {} traffic ({}{}): [{}, {}] (lower: {}; upper: {})", t.traffic, t.method, how_far,
                     t.lower, t.upper, t.lower_method, t.upper_method));
  return r;
}

/// The cheap-bound profile of one graph: its bisection, uniform and worst-permutation throughput
/// as intervals (Python's ThroughputProfile; the exact profile's tables print the same values).
inline core::record describe(const throughput_profile& p) {
  core::record r("throughput_profile");
  r.add("n", p.n, "vertices")
      .add("links", p.links, "links")
      .add("diameter", p.distances.diameter, "hops", "exact")
      .add("mean_distance", p.distances.mean, "hops", "exact, over the ordered pairs")
      .add("bisection_lower", p.bisection.lower, "links")
      .add("bisection_upper", p.bisection.upper, "links")
      .add("bisection_lower_method", p.bisection.lower_method)
      .add("bisection_upper_method", p.bisection.upper_method);
  const std::pair<const char*, const throughput_range*> ranges[] = {{"uniform", &p.uniform}, {"worst", &p.worst_permutation}};
  for (const auto& [name, range] : ranges) {
    const std::string k(name);
    r.add(k + "_lower", range->lower, "", "theta's lower end (0 with method \"not computed\": not run)")
        .add(k + "_upper", range->upper, "", "theta's upper end")
        .add(k + "_lower_method", range->lower_method)
        .add(k + "_upper_method", range->upper_method);
  }
  r.line(fmt::format("bisection [{}, {}], uniform theta [{:.6g}, {:.6g}], worst permutation theta [{:.6g}, {:.6g}]",
                     p.bisection.lower, p.bisection.upper, p.uniform.lower, p.uniform.upper, p.worst_permutation.lower,
                     p.worst_permutation.upper));
  return r;
}

}  // namespace shiftfly::metrics
