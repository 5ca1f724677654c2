/// \file metrics.cpp
/// The metrics of metrics/: exact and sampled all-pairs statistics (Then et al.
/// 2014), the exact diameter (iFUB/DiFUB), the spectral gap (Lanczos) and the vertex
/// and edge connectivity (Menger, maximum flows). Each returns the dict of its result's
/// description (metrics/describe/results.hpp, converted by record.hpp); the package wraps it in a
/// frozen dataclass.
/// Every call runs without the GIL and stops on Ctrl-C (bindings.hpp).

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>

#include "bindings.hpp"
#include "record.hpp"
#include "shiftfly/metrics/describe/results.hpp"
#include "shiftfly/metrics/cuts/connectivity.hpp"
#include "shiftfly/metrics/distances/diameter_bounds.hpp"
#include "shiftfly/metrics/distances/distances.hpp"
#include "shiftfly/metrics/spectral/spectral.hpp"

namespace shiftfly::python {

namespace {

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
        return to_python(metrics::describe(
            run_interruptible([&](const stop_flag& stop) {
              return metrics::all_pairs_stats(g, how_of(directed), sweep_of(threads, batch_bits, stop));
            }),
            0));
      },
      py::arg("g"), py::arg("threads"), py::arg("directed"), py::arg("batch_bits"));
  m.def(
      "sampled_stats",
      [](const graph& g, std::size_t samples, std::uint64_t seed, unsigned threads, bool directed, unsigned batch_bits) {
        return to_python(metrics::describe(
            run_interruptible([&](const stop_flag& stop) {
              return metrics::sampled_stats(g, samples, seed, how_of(directed), sweep_of(threads, batch_bits, stop));
            }),
            seed));
      },
      py::arg("g"), py::arg("samples"), py::arg("seed"), py::arg("threads"), py::arg("directed"), py::arg("batch_bits"));
  m.def(
      "exact_diameter",
      [](const graph& g, bool directed, unsigned threads) {
        const auto r = run_interruptible([&](const stop_flag& stop) {
          return metrics::exact_diameter(g, {how_of(directed), threads, [&stop](std::size_t, std::size_t) { stop.check(); }});
        });
        return to_python(metrics::describe(r));
      },
      py::arg("g"), py::arg("directed"), py::arg("threads"));
  const auto gap_dict = [](const metrics::spectral_gap_result& r) { return to_python(metrics::describe(r)); };
  m.def(
      "spectral_gap",
      [gap_dict](const graph& g, unsigned threads) {
        return gap_dict(run_interruptible([&](const stop_flag& stop) {
          return metrics::spectral_gap(g, {threads, [&stop](std::size_t) { stop.check(); }});
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
        return to_python(metrics::describe(r));
      },
      py::arg("g"), py::arg("directed"), py::arg("threads"));
}

}  // namespace shiftfly::python
