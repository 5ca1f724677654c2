/// \file physical.cpp
/// A fabric's racks, cables, cost and power (physical/): the graph, optionally the family and
/// its parameters (for the grouping of the layout and the family's endpoints), the endpoints per
/// router, a cost model (a shipped model's name or a .json file) and the layout rule; the result
/// is the description the tool prints (physical/describe.hpp) as a dict.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "record.hpp"
#include "shiftfly/physical/cost.hpp"
#include "shiftfly/physical/describe.hpp"
#include "shiftfly/physical/metis_layout.hpp"
#include "shiftfly/physical/model_file.hpp"
#include "shiftfly/topology/family.hpp"

namespace shiftfly::python {

void init_physical(py::module_& m) {
  m.def(
      "network_cost",
      [](const graph& g, const std::string& family, const py::dict& values, std::optional<std::uint64_t> endpoints,
         const std::vector<std::uint32_t>& given_counts, const std::vector<std::uint32_t>& file_counts,
         const std::string& model, const std::string& layout) {
        std::optional<topology::family_spec> spec;
        if (!family.empty()) spec = family_spec_of(family, values, "network_cost");  // python/shiftfly/_graphs.py
        const auto cm = physical::read_cost_model_file(physical::cost_model_path(model, physical::shipped_cost_models_dir()));
        // the endpoints by the one rule of every command (topology::choose_endpoints)
        auto request = physical::family_request(spec ? &*spec : nullptr, g, endpoints, layout, file_counts, given_counts);
        py::gil_scoped_release release;
        if (request.layout == physical::layout_rule::metis) request = physical::metis_request(g, cm, request);
        auto r = physical::network_cost(g, cm, request);
        py::gil_scoped_acquire acquire;
        return to_python(physical::describe(r));
      },
      py::arg("g"), py::arg("family"), py::arg("values"), py::arg("endpoints"), py::arg("endpoint_counts"),
      py::arg("file_endpoints"), py::arg("model"), py::arg("layout"));
}

}  // namespace shiftfly::python
