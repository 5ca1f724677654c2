/// \file metrics.cpp
/// The metrics of metrics/: exact and sampled all-pairs statistics (Then et al.
/// 2014), the exact diameter (iFUB/DiFUB), the spectral gap (Lanczos) and the vertex
/// and edge connectivity (Menger, maximum flows). Each returns a dict of the C++
/// result struct's fields; the package wraps it in a frozen dataclass.
/// Every call runs without the GIL and stops on Ctrl-C (bindings.hpp).

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>

#include "bindings.hpp"
#include "shiftfly/metrics/cuts/connectivity.hpp"
#include "shiftfly/metrics/distances/diameter_bounds.hpp"
#include "shiftfly/metrics/distances/distances.hpp"
#include "shiftfly/metrics/spectral/spectral.hpp"

namespace shiftfly::python {

namespace {

metrics::traversal how_of(bool directed) { return directed ? metrics::traversal::arcs : metrics::traversal::undirected; }

py::dict to_dict(const metrics::distance_stats& s) {
  py::dict d;
  d["n"] = s.n;
  d["directed"] = s.directed;
  d["exact"] = s.exact;
  d["sources"] = s.sources;
  d["diameter"] = s.diameter;
  d["mean"] = s.mean;
  d["disconnected"] = s.disconnected;
  d["total_distance"] = s.total_distance;
  d["pairs"] = s.pairs;
  d["unreachable_pairs"] = s.unreachable_pairs;
  d["histogram"] = py::tuple(py::cast(s.histogram));
  d["method"] = s.method();
  d["diameter_kind"] = s.diameter_kind();
  return d;
}

metrics::sweep_options sweep_of(unsigned threads, unsigned batch_bits, const stop_flag& stop) {
  metrics::sweep_options o;
  o.threads = threads;
  o.batch_bits = batch_bits;
  o.progress = [&stop](std::size_t, std::size_t) { stop.check(); };
  return o;
}

}  // namespace

void init_metrics(py::module_& m) {
  m.def(
      "all_pairs_stats",
      [](const graph& g, unsigned threads, bool directed, unsigned batch_bits) {
        return to_dict(run_interruptible([&](const stop_flag& stop) {
          return metrics::all_pairs_stats(g, how_of(directed), sweep_of(threads, batch_bits, stop));
        }));
      },
      py::arg("g"), py::arg("threads"), py::arg("directed"), py::arg("batch_bits"));
  m.def(
      "sampled_stats",
      [](const graph& g, std::size_t samples, std::uint64_t seed, unsigned threads, bool directed, unsigned batch_bits) {
        return to_dict(run_interruptible([&](const stop_flag& stop) {
          return metrics::sampled_stats(g, samples, seed, how_of(directed), sweep_of(threads, batch_bits, stop));
        }));
      },
      py::arg("g"), py::arg("samples"), py::arg("seed"), py::arg("threads"), py::arg("directed"), py::arg("batch_bits"));
  m.def(
      "exact_diameter",
      [](const graph& g, bool directed, unsigned threads) {
        const auto r = run_interruptible([&](const stop_flag& stop) {
          return metrics::exact_diameter(g, how_of(directed), threads, [&stop](std::size_t, std::size_t) { stop.check(); });
        });
        py::dict d;
        d["diameter"] = r.diameter;
        d["exact"] = r.exact;
        d["directed"] = r.directed;
        d["disconnected"] = r.disconnected;
        d["bfs_sources"] = r.bfs_sources;
        d["method"] = r.method;
        return d;
      },
      py::arg("g"), py::arg("directed"), py::arg("threads"));
  const auto gap_dict = [](const metrics::spectral_gap_result& r) {
    py::dict d;
    d["lambda2"] = r.lambda2;
    d["lambda_min"] = r.lambda_min;
    d["gap"] = r.gap;
    d["two_sided_gap"] = r.two_sided_gap;
    d["residual"] = r.residual;
    d["method"] = r.method;
    d["iterations"] = r.iterations;
    return d;
  };
  m.def(
      "spectral_gap",
      [gap_dict](const graph& g, unsigned threads) {
        return gap_dict(run_interruptible([&](const stop_flag& stop) {
          return metrics::spectral_gap(g, threads, [&stop](std::size_t) { stop.check(); });
        }));
      },
      py::arg("g"), py::arg("threads"));
  m.def(
      "reference_spectral_gap",
      [gap_dict](const graph& g, std::size_t iterations, std::uint64_t seed) {
        return gap_dict(
            run_interruptible([&](const stop_flag&) { return metrics::reference_spectral_gap(g, iterations, seed); }));
      },
      py::arg("g"), py::arg("iterations"), py::arg("seed"));
  m.def(
      "connectivity",
      [](const graph& g, bool directed, unsigned threads) {
        const auto r = run_interruptible([&](const stop_flag& stop) {
          metrics::connectivity_options o;
          o.threads = threads;
          o.progress = [&stop](std::size_t, std::size_t) { stop.check(); };
          return metrics::connectivity(g, how_of(directed), o);
        });
        py::dict d;
        d["vertex"] = r.vertex;
        d["edge"] = r.edge;
        d["directed"] = r.directed;
        d["flows"] = r.flows;
        return d;
      },
      py::arg("g"), py::arg("directed"), py::arg("threads"));
}

}  // namespace shiftfly::python
