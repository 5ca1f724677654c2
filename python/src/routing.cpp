/// \file routing.cpp
/// Table-free routing (Shiftfly paper): shift routes on Kautz and de Bruijn
/// (Theorem 5.2), the merge criterion (Theorem 5.3), E[lcs] (Proposition 5.4), and
/// routes on the Imase-Itoh digraph (Theorem 5.5).

#include <pybind11/pybind11.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "bindings.hpp"
#include "record.hpp"
#include "shiftfly/routing/channel_load_optimal.hpp"
#include "shiftfly/routing/describe_load.hpp"
#include "shiftfly/routing/describe_routes.hpp"
#include "shiftfly/routing/imase_itoh.hpp"
#include "shiftfly/metrics/flow/traffic_spec.hpp"
#include "shiftfly/routing/label.hpp"
#include "shiftfly/routing/shift.hpp"
#include "shiftfly/topology/families.hpp"

namespace shiftfly::python {

namespace {

/// The label space of a family whose routers are named by labels (its descriptor's `shift`:
/// Kautz, de Bruijn), named as in the registry ("de-bruijn" or "de_bruijn").
routing::label_space space_of(const char* where, const std::string& family, std::uint64_t d, std::uint64_t D) {
  const auto labelled = [](const topology::family_descriptor& f) {
    return f.shift == topology::shift_labels::kautz || f.shift == topology::shift_labels::de_bruijn;
  };
  std::string name = family;
  std::replace(name.begin(), name.end(), '_', '-');
  const auto* f = topology::find_family(name);
  if (!f || !labelled(*f)) {
    std::string accepted = topology::families_with(labelled);
    std::replace(accepted.begin(), accepted.end(), '-', '_');
    core::throw_out_of_range(where, "family", "'" + family + "'", accepted);
  }
  const auto labels = *f->shift == topology::shift_labels::kautz ? routing::label_family::kautz : routing::label_family::de_bruijn;
  return routing::make_label_space(labels, d, D);
}

/// A vertex given as an id or as a label ("0.1.2"), as a label.
std::vector<core::symbol> label_of(const routing::label_space& s, const std::variant<std::uint64_t, std::string>& v,
                                   const char* where, const char* param) {
  if (const auto* text = std::get_if<std::string>(&v)) return routing::parse_label(*text, s, param);
  const auto id = std::get<std::uint64_t>(v);
  core::require_range(where, param, id, 0, s.size - 1);
  return routing::unrank_label(s, id);
}

}  // namespace

void init_routing(py::module_& m) {
  m.def(
      "channel_load",
      [](const graph& g, const std::string& family, const py::dict& values, const std::string& routing_name,
         const std::string& tie, const std::string& traffic, std::optional<std::uint64_t> traffic_seed,
         std::optional<std::uint64_t> per_router, const std::vector<std::uint32_t>& given_counts,
         const std::vector<std::uint32_t>& file_counts, const std::string& self, std::uint64_t top, bool compare_optimal,
         unsigned threads, double max_seconds) {
        std::optional<topology::resolved_family> spec;  // looked up once, for the endpoints and the load
        if (!family.empty()) spec = topology::resolve(family_spec_of(family, values, "channel_load"));
        routing::family_load_request request;
        auto& q = request.load;
        q.traffic_seed = traffic_seed;
        // the endpoints by the one rule of every command (topology::choose_endpoints)
        auto chosen = topology::choose_endpoints(spec ? &*spec : nullptr, g, file_counts, per_router, given_counts);
        q.endpoints = std::move(chosen.counts);
        q.endpoints_rule = std::move(chosen.rule);
        if (self != "include" && self != "exclude")
          core::throw_out_of_range("channel_load", "uniform_self", "'" + self + "'", "include or exclude");
        q.self = self == "exclude" ? routing::uniform_self::exclude : routing::uniform_self::include;
        q.top = top;
        q.compare_optimal = compare_optimal;
        q.threads = threads;
        q.max_seconds = max_seconds;
        q.traffic = metrics::parse_traffic(traffic);  // the text parsed once, here at the edge
        metrics::read_traffic_matrix(q.traffic, g.num_vertices());
        q.routing = routing::parse_routing(routing_name, tie);
        auto r = run_interruptible([&](const stop_flag&) { return routing::measure_routing_load(g, spec ? &*spec : nullptr, request); });
        py::array_t<double> loads(static_cast<py::ssize_t>(r.loads.size()));
        std::copy(r.loads.begin(), r.loads.end(), loads.mutable_data());
        r.loads.clear();
        auto d = to_python(routing::describe(r));
        d["loads"] = loads;
        return d;
      },
      py::arg("g"), py::arg("family"), py::arg("values"), py::arg("routing"), py::arg("tie"), py::arg("traffic"),
      py::arg("traffic_seed"), py::arg("endpoints"), py::arg("endpoint_counts"), py::arg("file_endpoints"),
      py::arg("uniform_self"), py::arg("top"), py::arg("compare_optimal"),
      py::arg("threads"), py::arg("max_seconds"));
  using vertex = std::variant<std::uint64_t, std::string>;
  m.def(
      "shift_route",
      [](const std::string& family, std::uint64_t d, std::uint64_t D, const vertex& source, const vertex& dest) {
        const auto s = space_of("shift_route", family, d, D);
        const auto r = routing::route_shift(s, label_of(s, source, "shift_route", "source"),
                                            label_of(s, dest, "shift_route", "dest"));
        return to_python(routing::describe(r, s));
      },
      py::arg("family"), py::arg("d"), py::arg("D"), py::arg("source"), py::arg("dest"));
  m.def(
      "merge_criterion",
      [](const std::string& family, std::uint64_t d, std::uint64_t D, const vertex& u, const vertex& u2) {
        const auto s = space_of("merge_criterion", family, d, D);
        const auto a = label_of(s, u, "merge_criterion", "u"), b = label_of(s, u2, "merge_criterion", "u2");
        return to_python(routing::describe(routing::shift_merge_criterion(s, a, b)));
      },
      py::arg("family"), py::arg("d"), py::arg("D"), py::arg("u"), py::arg("u2"));
  m.def(
      "expected_lcs",
      [](const std::string& family, std::uint64_t d, std::uint64_t D) {
        return to_python(routing::describe(routing::expected_lcs(space_of("expected_lcs", family, d, D))));
      },
      py::arg("family"), py::arg("d"), py::arg("D"));
  m.def(
      "imase_itoh_route",
      [](std::uint64_t n, std::uint64_t d, std::uint64_t source, std::uint64_t dest, bool fixed) {
        return to_python(routing::describe(fixed ? routing::route_imase_itoh_fixed(n, d, source, dest)
                                                 : routing::route_imase_itoh(n, d, source, dest)));
      },
      py::arg("n"), py::arg("d"), py::arg("source"), py::arg("dest"), py::arg("fixed"));
}

}  // namespace shiftfly::python
