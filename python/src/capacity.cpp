/// \file capacity.cpp
/// The capacity metrics of metrics/: the bisection width as a certified interval
/// (metrics/cuts/bisection_interval.hpp: Fiedler's lambda2(L) floor(n/2) ceil(n/2) / n lower bound, exact branch
/// and bound, METIS and greedy upper bounds), path diversity (metrics/paths/path_diversity.hpp:
/// shortest-path counts by Brandes' counting pass, edge- and vertex-disjoint paths by
/// Menger's theorem) and the throughput theta(T) under a traffic pattern
/// (metrics/flow/throughput.hpp: the exact LP when it fits, else the (1+eps)
/// Garg-Koenemann/Fleischer interval). Each returns the dict of its description
/// (metrics/describe/results.hpp), whose keys are those of `shiftfly metrics --format json`
/// and the C++ struct's other fields; the package wraps it in a frozen dataclass.
/// throughput_profile binds metrics/flow/throughput_profile.hpp: bisection, uniform and
/// worst-permutation throughput as intervals by the cheap bounds (the exact profile's tables).
/// Every call runs without the GIL (bindings.hpp). The throughput interval polls the stop
/// flag after every round, so Ctrl-C stops it; the bisection and the path counts have no
/// progress hook in the library and finish their run before KeyboardInterrupt is raised.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "bindings.hpp"
#include "record.hpp"
#include "shiftfly/metrics/cuts/bisection_interval.hpp"
#include "shiftfly/metrics/describe/results.hpp"
#include "shiftfly/metrics/paths/path_diversity.hpp"
#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/metrics/flow/throughput_profile.hpp"
#include "shiftfly/metrics/flow/throughput_traffic.hpp"
#include "shiftfly/metrics/flow/traffic_spec.hpp"

namespace shiftfly::python {

void init_capacity(py::module_& m) {
  m.def(
      "bisection",
      [](const graph& g, bool spectral, bool greedy, std::size_t greedy_rounds, std::uint64_t greedy_seed,
         std::size_t metis_runs, std::uint64_t metis_seed, bool exact, std::size_t exact_max_vertices,
         std::uint64_t exact_max_nodes, unsigned threads) {
        metrics::bisection_interval_options o;
        o.spectral = spectral;
        o.greedy = greedy;
        o.greedy_rounds = greedy_rounds;
        o.greedy_seed = greedy_seed;
        o.metis_runs = metis_runs;
        o.metis_seed = metis_seed;
        o.exact = exact;
        o.exact_max_vertices = exact_max_vertices;
        o.exact_max_nodes = exact_max_nodes;
        o.threads = threads;
        const auto r = run_interruptible([&](const stop_flag&) {
          return metrics::bisection_width_interval(g, o);
        });
        return to_python(metrics::describe(r));
      },
      py::arg("g"), py::arg("spectral"), py::arg("greedy"), py::arg("greedy_rounds"), py::arg("greedy_seed"),
      py::arg("metis_runs"), py::arg("metis_seed"), py::arg("exact"), py::arg("exact_max_vertices"),
      py::arg("exact_max_nodes"), py::arg("threads"));
  m.def("exact_bisection_max_vertices", [] { return metrics::exact_bisection_max_vertices; });

  m.def(
      "shortest_path_counts",
      [](const graph& g, bool directed, unsigned threads) {
        const auto r = run_interruptible([&](const stop_flag&) {
          return metrics::shortest_path_counts(g, {how_of(directed), threads});
        });
        return to_python(metrics::describe(r));
      },
      py::arg("g"), py::arg("directed"), py::arg("threads"));

  m.def(
      "disjoint_paths",
      [](const graph& g, std::uint64_t samples, std::uint64_t seed, bool directed, unsigned threads,
         std::uint64_t max_work) {
        metrics::disjoint_paths_options o;
        o.samples = samples;
        o.seed = seed;
        o.threads = threads;
        o.max_work = max_work;
        const auto r = run_interruptible([&](const stop_flag&) {
          return metrics::disjoint_paths(g, how_of(directed), o);
        });
        return to_python(metrics::describe(r));
      },
      py::arg("g"), py::arg("samples"), py::arg("seed"), py::arg("directed"), py::arg("threads"), py::arg("max_work"));
  m.def(
      "local_connectivity",
      [](const graph& g, std::uint64_t s, std::uint64_t t, bool directed) {
        const auto r = run_interruptible([&](const stop_flag&) {
          return metrics::local_connectivity(g, s, t, how_of(directed));
        });
        return py::make_tuple(r.edge, r.vertex);
      },
      py::arg("g"), py::arg("s"), py::arg("t"), py::arg("directed"));

  m.def(
      "throughput",
      [](const graph& g, const std::string& pattern, const std::string& path, std::uint64_t seed, double epsilon,
         unsigned threads, bool directed, double max_seconds, const std::vector<std::uint32_t>& endpoints,
         bool symmetry, bool column_generation, bool balanced, bool contracted_bound) {
        metrics::throughput_request r;
        r.symmetry = symmetry;
        r.column_generation = column_generation;
        r.balanced = balanced;
        r.contracted_bound = contracted_bound;
        r.max_seconds = max_seconds;
        r.endpoints = endpoints;
        // the name parsed once (a file as "file" and its path), the file read by the one reader
        auto traffic = metrics::parse_traffic(path.empty() ? pattern : pattern + ":" + path);
        metrics::read_traffic_matrix(traffic, g.num_vertices());
        auto typed = metrics::throughput_request_of(traffic, "throughput");
        r.pattern = typed.pattern;
        r.matrix = std::move(typed.matrix);
        r.seed = seed;
        r.epsilon = epsilon;
        r.threads = threads;
        r.how = how_of(directed);
        const auto t = run_interruptible([&](const stop_flag& stop) {
          r.progress = [&stop](const metrics::throughput_mwu_progress&) { stop.check(); };
          return metrics::measure_throughput(g, r);
        });
        return to_python(metrics::describe(t));
      },
      py::arg("g"), py::arg("pattern"), py::arg("path"), py::arg("seed"), py::arg("epsilon"), py::arg("threads"),
      py::arg("directed"), py::arg("max_seconds"), py::arg("endpoints"), py::arg("symmetry"),
      py::arg("column_generation"), py::arg("balanced"), py::arg("contracted_bound"));
}


void init_throughput_profile(py::module_& m) {
  m.def(
      "throughput_profile",
      [](const graph& g, unsigned threads, std::size_t metis_runs, std::uint64_t metis_seed,
         std::uint64_t routing_max_vertices, std::uint64_t tub_max_vertices, std::uint64_t symmetric_max_variables,
         std::uint64_t arc_generation_max_variables) {
        metrics::throughput_profile_options o;
        o.symmetric_max_variables = symmetric_max_variables;
        o.arc_generation_max_variables = arc_generation_max_variables;
        o.threads = threads;
        o.metis_runs = metis_runs;
        o.metis_seed = metis_seed;
        o.routing_max_vertices = routing_max_vertices;
        o.tub_max_vertices = tub_max_vertices;
        const auto p = run_interruptible([&](const stop_flag&) { return metrics::measure_throughput_profile(g, o); });
        return to_python(metrics::describe(p));
      },
      py::arg("g"), py::arg("threads"), py::arg("metis_runs"), py::arg("metis_seed"), py::arg("routing_max_vertices"),
      py::arg("tub_max_vertices"), py::arg("symmetric_max_variables"), py::arg("arc_generation_max_variables"));
}

}  // namespace shiftfly::python
