#pragma once
/// \file graph_measurement.hpp
/// A graph measured by one typed request: the distance statistics (exact all pairs,
/// or sampled sources, or none), and, as asked, the spectral gap, the connectivity,
/// the bisection width, path diversity and the throughput under a traffic. What the
/// `shiftfly metrics` subcommand computes, as one library call:
///
///   graph_measure_request r;  r.gap = true;  r.throughput = metrics::parse_traffic("uniform");
///   graph_measurement m = measure_graph(g, r);
///   core::record rec = describe(m);     // the JSON result and the text lines (core/record.hpp)
///
/// The request is checked first, and every run that could take minutes is refused up
/// front with its estimate (the connectivity's and the throughput interval's time
/// against max_seconds), before the distance sweep. A core::invalid_parameter raised by
/// any part names the request's field (`path_samples`, `traffic_seed`, `max_seconds`,
/// ...) as its parameter, and, as its function, the field that asked for the part
/// (`connectivity`, `gap`, `gap_iterations`, `bisection`, `paths`, `throughput`; empty
/// for the distances): a caller maps those names to its own (the tool: `--path-samples`).
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/endpoints.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/error.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/record.hpp"
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/cuts/bisection_interval.hpp"
#include "shiftfly/metrics/cuts/connectivity.hpp"
#include "shiftfly/metrics/describe/results.hpp"
#include "shiftfly/metrics/paths/path_diversity.hpp"
#include "shiftfly/metrics/distances/sampled_distances.hpp"
#include "shiftfly/metrics/spectral/spectral.hpp"
#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/metrics/flow/throughput_traffic.hpp"

namespace shiftfly::studies {

/// Reports of a long run: `batches(what, done, total)`, `count(what, k, unit)` and `end()`
/// (the last line is finished). Each may be empty.
struct measure_progress {
  std::function<void(const char*, std::size_t, std::size_t)> batches;
  std::function<void(const char*, std::size_t, const char*)> count;
  std::function<void()> end;
};

/// What to measure. The defaults are the tool's.
struct graph_measure_request {
  std::string family;                 ///< how the output names the graph's family
  bool distances = true;              ///< false: no distance sweep (then something else must be asked)
  std::uint64_t samples = 0;          ///< 0 = exact, all pairs; else BFS from this many sampled sources
  std::uint64_t sample_seed = 11;     ///< the sampled sources' seed, and the sampled pairs' of `paths`
  bool directed = false;              ///< along the arcs
  bool verify = false;                ///< check the sweeps against plain BFS
  bool gap = false;                   ///< the spectral gap (Lanczos)
  std::uint64_t gap_iterations = 0;   ///< > 0: the reference's power-iteration estimate instead
  bool connectivity = false;          ///< vertex and edge connectivity
  double max_seconds = 60;            ///< refuse a connectivity or throughput run estimated above this
  bool bisection = false;             ///< the bisection width as an interval
  bool paths = false;                 ///< path diversity
  std::uint64_t path_samples = 1000;  ///< pairs of the disjoint paths; 0 = every pair
  /// None, or uniform, permutation, worst or file:PATH (metrics::parse_traffic); a file's matrix is
  /// read by the caller (metrics::read_traffic_matrix): the library opens no file.
  std::optional<metrics::traffic_spec> throughput;
  double epsilon = 0.05;              ///< the throughput interval's relative width
  bool column_generation = false;     ///< exact throughput by column generation above the edge LP's limit
  bool symmetry = true;               ///< uniform throughput by the LP reduced by the automorphisms, when it fits
  bool balanced = true;               ///< uniform intervals: the balanced shortest-path routing first
  bool contracted_bound = true;       ///< uniform intervals: the quotient by the structural clusters as an upper end
  std::uint64_t traffic_seed = 1;     ///< the permutation traffic's seed
  unsigned threads = 0;               ///< 0 = all cores; results do not depend on it
  /// The distance sweep; empty: this process's (all_pairs_stats or sampled_stats). The MPI
  /// scale-out passes the ranks' shared sweep.
  std::function<metrics::distance_stats(metrics::traversal, const metrics::sweep_options&)> sweep;
  /// True: stop after the distance sweep (the MPI ranks other than 0).
  bool sweep_only = false;
  measure_progress progress;
  /// Said of the graph's source (a file's report), carried into the output; may be empty.
  core::record source;
  /// Endpoints per router (core/endpoints.hpp); empty: routers, endpoints and radix not reported.
  std::vector<std::uint32_t> endpoints;
};

/// The graph's size, as measured.
struct graph_summary {
  std::string family, name;
  std::uint64_t vertices = 0, links = 0, max_degree = 0;
  double mean_degree = 0;
  std::optional<std::uint64_t> arcs;
  std::optional<core::router_ports> ports;  ///< with the request's endpoints
};

/// What measure_graph found: each part present when it was asked for.
struct graph_measurement {
  graph_summary graph;
  core::record source;
  std::uint64_t sample_seed = 0;
  std::optional<metrics::distance_stats> distances;
  bool verified = false;
  std::optional<metrics::spectral_gap_result> gap;
  std::optional<metrics::connectivity_result> connectivity;
  std::optional<metrics::bisection_interval> bisection;
  std::optional<metrics::path_count_stats> shortest_paths;
  std::optional<metrics::disjoint_paths_stats> disjoint_paths;
  std::optional<metrics::throughput_measure> throughput;
  /// The round limit the library would use without a time limit (a throughput interval's
  /// round_limit below it was set by max_seconds).
  std::uint64_t unlimited_round_limit = metrics::throughput_mwu_options{}.max_rounds;
};

namespace detail {

/// Runs one part of measure_graph; its invalid_parameter is raised again naming the
/// request's field (`renames`: the callee's name -> the field) and, as its function,
/// the field `part` that asked for the part.
template <class F>
decltype(auto) measure_part(const char* part, std::initializer_list<std::pair<const char*, const char*>> renames, F&& f) {
  try {
    return std::forward<F>(f)();
  } catch (const core::invalid_parameter& e) {
    std::string parameter = e.parameter();
    for (const auto& r : renames)
      if (parameter == r.first) parameter = r.second;
    throw core::invalid_parameter(part, parameter, e.value(), e.problem(), e.accepted());
  }
}

inline metrics::throughput_request throughput_of(const graph_measure_request& q) {
  auto r = metrics::throughput_request_of(*q.throughput, "throughput");
  r.seed = q.traffic_seed;
  r.epsilon = q.epsilon;
  r.column_generation = q.column_generation;
  r.symmetry = q.symmetry;
  r.balanced = q.balanced;
  r.contracted_bound = q.contracted_bound;
  r.threads = q.threads;
  r.how = q.directed ? metrics::traversal::arcs : metrics::traversal::undirected;
  r.max_seconds = q.max_seconds;
  r.endpoints = q.endpoints;  // the worst pattern weighs router pairs by min(H_s, H_t), as TUB does
  return r;
}

/// The checks made before anything runs: the sampled sources are useful, and the
/// connectivity's and the throughput interval's estimated times fit max_seconds.
template <core::digraph_like G>
void require_measurable(const G& g, const graph_measure_request& q) {
  const auto how = q.directed ? metrics::traversal::arcs : metrics::traversal::undirected;
  if (q.distances && q.samples > 0)
    measure_part("", {}, [&] {
      metrics::require_useful_samples("metrics", "samples", g.num_vertices(), g.num_edges(), q.samples);
    });
  if (q.connectivity)
    measure_part("connectivity", {}, [&] { metrics::require_connectivity_within(g, how, q.max_seconds); });
  if (q.throughput)
    measure_part("throughput", {}, [&] { metrics::require_throughput_within(g, throughput_of(q)); });
}

template <core::digraph_like G>
metrics::distance_stats sweep_distances(const G& g, const graph_measure_request& q) {
  const auto how = q.directed ? metrics::traversal::arcs : metrics::traversal::undirected;
  metrics::sweep_options so;
  so.threads = q.threads;
  if (q.progress.batches)
    so.progress = [&q](std::size_t done, std::size_t total) { q.progress.batches("source batches", done, total); };
  if (q.sweep) return q.sweep(how, so);
  return q.samples == 0 ? metrics::all_pairs_stats(g, how, so) : metrics::sampled_stats(g, q.samples, q.sample_seed, how, so);
}

template <core::digraph_like G>
void measure_gap(const G& g, const graph_measure_request& q, graph_measurement& m) {
  m.gap = measure_part(q.gap_iterations ? "gap_iterations" : "gap", {}, [&] {
    metrics::spectral_gap_options o;
    o.threads = q.threads;
    if (q.progress.count) o.progress = [&q](std::size_t k) { q.progress.count("Lanczos", k, "products"); };
    return q.gap_iterations ? metrics::reference_spectral_gap(g, q.gap_iterations) : metrics::spectral_gap(g, o);
  });
  if (q.progress.end) q.progress.end();
}

template <core::digraph_like G>
void measure_paths(const G& g, const graph_measure_request& q, graph_measurement& m) {
  const auto how = q.directed ? metrics::traversal::arcs : metrics::traversal::undirected;
  m.shortest_paths = measure_part("paths", {}, [&] { return metrics::shortest_path_counts(g, {how, q.threads}); });
  metrics::disjoint_paths_options po;
  po.samples = q.path_samples;
  po.seed = q.sample_seed;
  po.threads = q.threads;
  m.disjoint_paths = measure_part("paths", {{"samples", "path_samples"}, {"seed", "sample_seed"}},
                                  [&] { return metrics::disjoint_paths(g, how, po); });
}

template <core::digraph_like G>
void measure_throughput(const G& g, const graph_measure_request& q, graph_measurement& m) {
  metrics::throughput_request r = throughput_of(q);
  if (q.progress.count)
    r.progress = [&q](const metrics::throughput_mwu_progress& p) { q.progress.count("throughput interval", p.round, "rounds"); };
  if (q.progress.batches)
    r.sweep_progress = [&q](std::size_t done, std::size_t total) { q.progress.batches("worst-permutation distances", done, total); };
  m.throughput = measure_part("throughput", {{"seed", "traffic_seed"}}, [&] { return metrics::measure_throughput(g, r); });
  if (q.progress.end) q.progress.end();
}

}  // namespace detail

/// Measures `g` as `q` asks (see the file comment); throws core::invalid_parameter for a
/// bad request or one estimated above q.max_seconds, before the distance sweep.
template <core::digraph_like G>
graph_measurement measure_graph(const G& g, const graph_measure_request& q) {
  if (!q.distances && (q.samples > 0 || q.verify))
    throw core::invalid_parameter::rule("measure_graph", "distances = false leaves nothing for samples or verify");
  detail::require_measurable(g, q);
  const auto how = q.directed ? metrics::traversal::arcs : metrics::traversal::undirected;
  graph_measurement m;
  m.sample_seed = q.sample_seed;
  if (q.distances) m.distances = detail::sweep_distances(g, q);
  if (q.sweep_only) return m;
  m.graph = {q.family, g.name(), g.num_vertices(), g.num_edges(), g.max_degree(), g.mean_degree(), std::nullopt};
  if (g.has_arcs()) m.graph.arcs = g.num_arcs();
  if (!q.endpoints.empty()) m.graph.ports = core::count_router_ports(g, q.endpoints);
  m.source = q.source;
  if (q.verify) {  // an independent recomputation by plain BFS from every source (or every sampled one)
    const metrics::distance_stats v = q.samples == 0 ? metrics::all_pairs_stats_serial(g, how)
                                                     : metrics::sampled_stats_serial(g, q.samples, q.sample_seed, how);
    if (v.histogram != m.distances->histogram) throw std::runtime_error("measure_graph: verify: serial BFS disagrees with the sweeps");
    m.verified = true;
  }
  if (q.gap || q.gap_iterations != 0) detail::measure_gap(g, q, m);
  if (q.connectivity) {
    metrics::connectivity_options co;
    co.threads = q.threads;
    if (q.progress.batches)
      co.progress = [&q](std::size_t done, std::size_t total) { q.progress.batches("connectivity flows", done, total); };
    m.connectivity = detail::measure_part("connectivity", {}, [&] { return metrics::connectivity(g, how, co); });
  }
  if (q.bisection) {
    metrics::bisection_interval_options bo;
    bo.threads = q.threads;
    m.bisection = detail::measure_part("bisection", {}, [&] { return metrics::bisection_width_interval(g, bo); });
  }
  if (q.paths) detail::measure_paths(g, q, m);
  if (q.throughput) detail::measure_throughput(g, q, m);
  return m;
}

/// The graph's size as a record.
inline core::record describe(const graph_summary& s, const core::record& source = {}) {
  core::record r("graph_summary");
  r.add("family", s.family).add("name", s.name).add("vertices", s.vertices, "vertices").add("links", s.links, "links")
      .add("max_degree", s.max_degree, "links").add("mean_degree", s.mean_degree, "links");
  if (s.arcs) r.add("arcs", *s.arcs, "arcs");
  if (s.ports) {
    const auto& p = *s.ports;
    r.add("routers", p.routers, "routers").add("endpoints", p.endpoints, "endpoints")
        .add("endpoints_per_router_min", p.min_endpoints, "endpoints").add("endpoints_per_router_max", p.max_endpoints, "endpoints")
        .add("radix_min", p.min_radix, "ports").add("radix_max", p.max_radix, "ports");
  }
  if (!source.fields.empty()) r.add("file", source);
  r.line(fmt::format("graph {} ({}): vertices={} links={} max_degree={} mean_degree={}", s.name, s.family, s.vertices,
                     s.links, s.max_degree, s.mean_degree));
  if (s.ports) {
    const auto& p = *s.ports;
    const auto range = [](std::uint64_t lo, std::uint64_t hi) {
      return lo == hi ? std::to_string(lo) : std::to_string(lo) + "-" + std::to_string(hi);
    };
    r.line(fmt::format("routers={} endpoints={} endpoints_per_router={} radix={} (network ports {} + endpoint ports)",
                       p.routers, p.endpoints, range(p.min_endpoints, p.max_endpoints), range(p.min_radix, p.max_radix),
                       range(p.min_network, p.max_network)));
  }
  for (const auto& l : source.text) r.line(l);
  return r;
}

/// The measurement as one record: graph, distance (null when not swept) and each part
/// asked for; its text leads with the answer in a sentence, then a line a part.
inline core::record describe(const graph_measurement& m) {
  core::record r("graph_measurement");
  if (m.distances) r.line(metrics::distance_sentence(*m.distances, m.graph.name));
  const auto part = [&r](const char* name, core::record p) {
    for (const auto& l : p.text) r.line(l);
    r.add(name, std::move(p));
  };
  part("graph", describe(m.graph, m.source));
  if (m.distances) part("distance", metrics::describe(*m.distances, m.sample_seed, m.verified));
  else r.add("distance", nullptr);
  if (m.gap) part("spectral_gap", metrics::describe(*m.gap));
  if (m.connectivity) part("connectivity", metrics::describe(*m.connectivity));
  if (m.bisection) part("bisection", metrics::describe(*m.bisection));
  if (m.shortest_paths && m.disjoint_paths) part("paths", metrics::describe(*m.shortest_paths, *m.disjoint_paths));
  if (m.throughput) part("throughput", metrics::describe(*m.throughput));
  return r;
}

}  // namespace shiftfly::studies
