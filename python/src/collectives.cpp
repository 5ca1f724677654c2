/// \file collectives.cpp
/// collectives/collective.hpp: a collective's certified lower bound on a fabric, the schedules
/// tried (rings on any graph, on tori the explainer's dimension-ordered schedules and Swing,
/// the proved tree packings) and the best of them; all-to-all's flow (within a work budget where
/// one is given) and its time under a routing (the family's own by default). Returns the description's fields as a dict
/// (record.hpp); the package wraps it in the frozen dataclass Collective (shiftfly/_results.py).

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "record.hpp"
#include "shiftfly/collectives/collective.hpp"
#include "shiftfly/metrics/flow/throughput_work.hpp"
#include "shiftfly/routing/routing_spec.hpp"
#include "shiftfly/topology/family.hpp"

namespace shiftfly::python {

void init_collectives(py::module_& m) {
  m.def(
      "collective",
      [](const graph& g, const std::string& family, const py::dict& values, const std::vector<std::uint32_t>& endpoints,
         const std::string& op, double bytes, double link_bandwidth, std::uint64_t root, bool symmetry, double latency,
         std::optional<double> endpoint_bandwidth, const std::string& routing_name, double max_seconds,
         std::optional<std::uint64_t> lp_variables, std::optional<std::uint64_t> balanced_rounds, unsigned threads) {
        collectives::collective_request q;
        q.op = op;
        q.bytes = bytes;
        q.link_bandwidth = link_bandwidth;
        q.root = root;
        q.symmetry = symmetry;
        q.latency = latency;
        q.endpoint_bandwidth = endpoint_bandwidth;
        q.max_seconds = max_seconds;
        q.threads = threads;
        if (!routing_name.empty()) q.routing = routing::parse_routing(routing_name);
        // either work keyword puts all-to-all's flow within a work budget, the other at its default
        // (as the tool's --lp-variables and --balanced-rounds)
        if (lp_variables || balanced_rounds) {
          metrics::throughput_work_budget w;
          if (lp_variables) w.lp_variables = *lp_variables;
          if (balanced_rounds) w.balanced_rounds = *balanced_rounds;
          q.work = w;
        }
        // a family's graph: its own routing for the routed all-to-all, and on a grid of rings (a
        // torus) the explainer's dimension-ordered schedules and Swing
        if (!family.empty()) {
          const auto spec = family_spec_of(family, values, "collective");
          q.family = spec;
          const auto resolved = topology::resolve(spec);
          if (const auto& hook = resolved.descriptor().coordinates; hook) {
            const auto grid = hook(resolved.values());
            if (grid.ring) q.torus_dims = grid.dims;
          }
        }
        const auto r = run_interruptible([&](const stop_flag&) { return collectives::measure_collective(g, endpoints, q); });
        return to_python(collectives::describe(r));
      },
      py::arg("g"), py::arg("family"), py::arg("values"), py::arg("endpoints"), py::arg("op"), py::arg("bytes"),
      py::arg("link_bandwidth"), py::arg("root"), py::arg("symmetry"), py::arg("latency"), py::arg("endpoint_bandwidth"),
      py::arg("routing"), py::arg("max_seconds"), py::arg("lp_variables"), py::arg("balanced_rounds"), py::arg("threads"));
}

}  // namespace shiftfly::python
