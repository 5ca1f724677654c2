/// \file collectives.cpp
/// collectives/collective.hpp: a collective's certified lower bound on a fabric, the schedules
/// tried (rings on any graph, on tori the explainer's dimension-ordered schedules and Swing,
/// the proved tree packings) and the best of them. Returns the description's fields as a dict
/// (record.hpp); the package wraps it in the frozen dataclass Collective (shiftfly/_results.py).

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "record.hpp"
#include "shiftfly/collectives/collective.hpp"

namespace shiftfly::python {

void init_collectives(py::module_& m) {
  m.def(
      "collective",
      [](const graph& g, const std::vector<std::uint32_t>& endpoints, const std::string& op, double bytes,
         double link_bandwidth, std::uint64_t root, const std::vector<std::uint64_t>& torus_dims, bool symmetry) {
        collectives::collective_request q;
        q.op = op;
        q.bytes = bytes;
        q.link_bandwidth = link_bandwidth;
        q.root = root;
        q.torus_dims = torus_dims;
        q.symmetry = symmetry;
        const auto r = run_interruptible([&](const stop_flag&) { return collectives::measure_collective(g, endpoints, q); });
        return to_python(collectives::describe(r));
      },
      py::arg("g"), py::arg("endpoints"), py::arg("op"), py::arg("bytes"), py::arg("link_bandwidth"), py::arg("root"),
      py::arg("torus_dims"), py::arg("symmetry"));
}

}  // namespace shiftfly::python
