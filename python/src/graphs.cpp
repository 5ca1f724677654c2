/// \file graphs.cpp
/// The Graph class (zero-copy NumPy views of the CSR arrays), the graph families of the
/// registry (topology/families.hpp) as their descriptors and one generic `make`, from which
/// python/shiftfly/_graphs.py builds one function a family, plus graphs read from users'
/// files (topology/file_source.hpp) and built from edges or arcs.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "record.hpp"
#include "shiftfly/core/memory.hpp"
#include <sstream>

#include "shiftfly/io/booksim_anynet.hpp"
#include "shiftfly/io/file_graph.hpp"
#include "shiftfly/io/read_report.hpp"
#include "shiftfly/io/ns3_topology.hpp"
#include "shiftfly/io/sst_anytopo.hpp"
#include "shiftfly/topology/families.hpp"
#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/file_source.hpp"
#include "shiftfly/topology/string_labels.hpp"

namespace shiftfly::python {

namespace {

/// A read-only NumPy view of `size` items at `data`, kept alive by `owner`.
template <class T>
py::array read_only_view(const T* data, std::vector<py::ssize_t> shape, py::handle owner) {
  py::array a(py::dtype::of<T>(), std::move(shape), {}, data, owner);
  py::detail::array_proxy(a.ptr())->flags &= ~py::detail::npy_api::NPY_ARRAY_WRITEABLE_;
  return a;
}

/// The graph of a spec (any family of the registry), as make_graph builds it.
graph build(const topology::family_spec& spec) {
  return run_interruptible([&](const stop_flag&) { return topology::make_graph(spec); });
}

}  // namespace

topology::family_spec family_spec_of(const std::string& family, const py::dict& values, const char* where) {
  const auto& f = topology::family_named(family, where);
  topology::family_spec spec{f.name, {}};
  for (const auto& [key, value] : values) {
    const auto id = key.cast<std::string>();
    const auto* p = f.parameter(id);
    if (!p) core::fail_parameter(f.name, id, "", "is not a parameter of " + f.name);
    if (p->kind == topology::parameter_kind::unsigned_integer) spec.values[id] = value.cast<std::uint64_t>();
    else if (p->kind == topology::parameter_kind::unsigned_list) spec.values[id] = value.cast<std::vector<std::uint64_t>>();
    else spec.values[id] = value.cast<std::string>();
  }
  return spec;
}

void init_graphs(py::module_& m) {
  py::class_<graph>(m, "Graph", py::dynamic_attr(), "An immutable graph in CSR form (core::graph<uint32_t>).")
      .def_property_readonly("n", &graph::num_vertices, "Number of vertices.")
      .def_property_readonly("m", &graph::num_edges, "Number of undirected (physical) edges.")
      .def_property_readonly("name", &graph::name, "A short human-readable name, e.g. 'Kautz(3,4)'.")
      .def_property_readonly("has_arcs", &graph::has_arcs, "True for the digraph families (the arcs are kept).")
      .def_property_readonly("num_arcs", &graph::num_arcs, "Number of directed arcs (0 without arcs).")
      .def_property_readonly("has_labels", &graph::has_labels, "True for Kautz and de Bruijn (string labels).")
      .def_property_readonly("max_degree", &graph::max_degree)
      .def_property_readonly("mean_degree", &graph::mean_degree)
      .def(
          "degree",
          [](const graph& g, std::uint64_t u) {
            if (g.num_vertices() == 0) core::fail("Graph.degree", "the graph has no vertices");
            core::require_range("Graph.degree", "u", u, 0, g.num_vertices() - 1);
            return g.degree(static_cast<std::uint32_t>(u));
          },
          py::arg("u"))
      .def(
          "neighbors",
          [](py::object self, std::uint64_t u) {
            const auto& g = self.cast<const graph&>();
            if (g.num_vertices() == 0) core::fail("Graph.neighbors", "the graph has no vertices");
            core::require_range("Graph.neighbors", "u", u, 0, g.num_vertices() - 1);
            const auto nb = g.neighbors(static_cast<std::uint32_t>(u));
            return read_only_view(nb.data(), {static_cast<py::ssize_t>(nb.size())}, self);
          },
          py::arg("u"), "The neighbours of u, ascending (a read-only view into the graph).")
      .def(
          "out_arcs",
          [](py::object self, std::uint64_t u) {
            const auto& g = self.cast<const graph&>();
            if (!g.has_arcs()) core::fail("Graph.out_arcs", "the graph has no arcs");
            core::require_range("Graph.out_arcs", "u", u, 0, g.num_vertices() - 1);
            const auto a = g.out_arcs(static_cast<std::uint32_t>(u));
            return read_only_view(a.data(), {static_cast<py::ssize_t>(a.size())}, self);
          },
          py::arg("u"), "The out-arcs of u in generation order (loops and repeats kept).")
      .def_property_readonly(
          "offsets",
          [](py::object self) {
            const auto& g = self.cast<const graph&>();
            const auto o = g.offsets();
            return read_only_view(o.data(), {static_cast<py::ssize_t>(o.size())}, self);
          },
          "CSR row offsets (uint64, n + 1 entries), a read-only view kept alive by the graph.")
      .def_property_readonly(
          "targets",
          [](py::object self) {
            const auto& g = self.cast<const graph&>();
            const auto t = g.targets();
            return read_only_view(t.data(), {static_cast<py::ssize_t>(t.size())}, self);
          },
          "CSR column indices (uint32, 2m entries), a read-only view kept alive by the graph.")
      .def_property_readonly(
          "arcs",
          [](const graph& g) -> py::object {
            if (!g.has_arcs()) return py::none();
            py::array_t<std::uint32_t> out({static_cast<py::ssize_t>(g.num_arcs()), py::ssize_t{2}});
            auto w = out.mutable_unchecked<2>();
            py::ssize_t i = 0;
            for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
              for (auto v : g.out_arcs(u)) {
                w(i, 0) = u;
                w(i, 1) = v;
                ++i;
              }
            return std::move(out);
          },
          "The arcs as an (num_arcs, 2) uint32 array in generation order (a copy), or None.")
      .def_property_readonly(
          "labels",
          [](py::object self) -> py::object {
            const auto& g = self.cast<const graph&>();
            if (!g.has_labels() || g.num_vertices() == 0) return py::none();
            return read_only_view(g.label(0).data(),
                                  {static_cast<py::ssize_t>(g.num_vertices()), static_cast<py::ssize_t>(g.label_length())},
                                  self);
          },
          "Kautz and de Bruijn labels as an (n, D) uint16 read-only view, or None.")
      .def_property_readonly(
          "names",
          [](const graph& g) -> py::object {
            if (!g.has_names()) return py::none();
            py::list names;
            for (std::uint32_t u = 0; u < g.num_vertices(); ++u) names.append(g.name_of(u));
            return std::move(names);
          },
          "Vertex names read from a file, or None.")
      .def("__len__", &graph::num_vertices)
      .def("__repr__", [](const graph& g) {
        return "<shiftfly.Graph '" + g.name() + "': n = " + std::to_string(g.num_vertices()) +
               ", m = " + std::to_string(g.num_edges()) + (g.has_arcs() ? ", arcs = " + std::to_string(g.num_arcs()) : "") +
               ">";
      });

  m.def(
      "from_edges",
      [](std::uint64_t n, py::array_t<std::uint32_t, py::array::c_style | py::array::forcecast> edges,
         const std::string& name) {
        if (edges.ndim() != 2 || edges.shape(1) != 2) core::fail("Graph.from_edges", "edges must be an (m, 2) array");
        const auto r = edges.unchecked<2>();
        std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs(static_cast<std::size_t>(r.shape(0)));
        for (py::ssize_t i = 0; i < r.shape(0); ++i) {
          pairs[static_cast<std::size_t>(i)] = {r(i, 0), r(i, 1)};
          if (r(i, 0) >= n || r(i, 1) >= n)
            core::throw_out_of_range("Graph.from_edges", "edges", core::to_message(std::max(r(i, 0), r(i, 1))),
                                     "vertex ids 0 to n - 1 = " + (n == 0 ? std::string("-1") : core::to_message(n - 1)));
        }
        core::require_graph_memory("Graph.from_edges", sizeof(std::uint32_t), n, pairs.size());
        py::gil_scoped_release release;
        return graph::from_edges(n, pairs, name);
      },
      py::arg("n"), py::arg("edges"), py::arg("name") = "");
  m.def(
      "from_arcs",
      [](std::uint64_t n, py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast> offsets,
         py::array_t<std::uint32_t, py::array::c_style | py::array::forcecast> targets, const std::string& name) {
        core::require_graph_memory("Graph.from_arcs", sizeof(std::uint32_t), n, 0, static_cast<std::uint64_t>(targets.size()));
        std::vector<std::uint64_t> o(offsets.data(), offsets.data() + offsets.size());
        std::vector<std::uint32_t> t(targets.data(), targets.data() + targets.size());
        py::gil_scoped_release release;
        return graph::from_arcs(n, std::move(o), std::move(t), name);
      },
      py::arg("n"), py::arg("offsets"), py::arg("targets"), py::arg("name") = "");

  m.def(
      "require_graph_memory",
      [](const std::string& where, std::uint64_t n, std::uint64_t edges, std::uint64_t arcs) {
        core::require_graph_memory(where, sizeof(std::uint32_t), n, edges, arcs);
      },
      py::arg("where"), py::arg("n"), py::arg("edges"), py::arg("arcs"));

  // The families: their descriptors as plain data, and one generator for all of them.
  const auto value_object = [](const topology::parameter_value& v) -> py::object {
    if (const auto* u = std::get_if<std::uint64_t>(&v)) return py::int_(*u);
    if (const auto* s = std::get_if<std::string>(&v)) return py::str(*s);
    return py::cast(std::get<std::vector<std::uint64_t>>(v));
  };
  // How a shift digraph family's routers are numbered, for shift routing: {"numbering": "labels",
  // "symbols": "0 to d", "order": "(d+1)d^(D-1)"}, {"numbering": "arithmetic"}, {"numbering": "groups"}, or None.
  const auto shift_object = [](const topology::family_descriptor& f) -> py::object {
    if (!f.shift) return py::none();
    py::dict d;
    using topology::shift_labels;
    if (*f.shift == shift_labels::kautz || *f.shift == shift_labels::de_bruijn) {
      const auto rule = topology::rule_of(*f.shift == shift_labels::kautz ? topology::label_family::kautz
                                                                          : topology::label_family::de_bruijn);
      d["numbering"] = "labels";
      d["symbols"] = std::string(rule.symbols);
      d["order"] = std::string(rule.order);
    } else {
      d["numbering"] = *f.shift == shift_labels::imase_itoh ? "arithmetic" : "groups";
    }
    return d;
  };
  m.def("families", [value_object, shift_object] {
    py::list out;
    for (const auto* f : topology::families()) {
      py::list parameters;
      for (const auto& p : f->parameters) {
        py::dict d;
        d["id"] = p.id;
        d["symbol"] = p.symbol;
        d["kind"] = p.kind == topology::parameter_kind::unsigned_integer ? "unsigned"
                    : p.kind == topology::parameter_kind::unsigned_list  ? "unsigned list"
                                                                         : "choice";
        d["min"] = p.min;  // the range at any other values (--help's); stated_range: the exact one at given values
        d["max"] = p.max;
        d["rule"] = p.rule;  // which values in [min, max]: "an even number", "a prime power", or "" (all)
        d["required"] = p.required();
        d["default"] = p.default_value ? value_object(*p.default_value) : py::none();
        d["default_text"] = p.default_text;
        d["choices"] = p.choices;
        d["help"] = p.help;
        parameters.append(std::move(d));
      }
      py::dict example;
      for (const auto& [id, v] : f->example) example[py::str(id)] = value_object(v);
      py::dict d;
      d["name"] = f->name;
      d["summary"] = f->summary;
      d["source"] = f->source;
      d["parameters"] = std::move(parameters);
      d["example"] = std::move(example);
      d["link_classes"] = f->link_classes;
      d["routings"] = f->routings;
      d["endpoints_rule"] = f->endpoints_rule;
      d["field_name"] = f->field ? py::object(py::str(f->field->display_name)) : py::none();
      d["shift"] = shift_object(*f);
      d["coordinates"] = bool(f->coordinates);
      out.append(std::move(d));
    }
    return out;
  });
  m.def(
      "make",
      [](const std::string& family, const py::dict& values) {
        const auto spec = family_spec_of(family, values, "graph");
        auto g = build(spec);
        auto counts = topology::endpoints_of(spec, g);
        py::object out = py::cast(std::move(g));
        out.attr("_endpoints") = counts;  // the family's customary endpoints (Graph.endpoints)
        return out;
      },
      py::arg("family"), py::arg("values"));
  m.def(
      "uniform_endpoints",
      [](std::uint64_t routers, std::uint64_t per_router) { return core::uniform_endpoints(routers, per_router); },
      py::arg("routers"), py::arg("endpoints"));
  m.def(
      "simulator_text",
      [](const graph& g, const std::string& format, const std::vector<std::uint32_t>& endpoints, std::uint64_t latency,
         const std::string& rate, const std::string& delay) {
        std::ostringstream s;
        if (format == "booksim") io::write_booksim_anynet(s, g, endpoints, latency);
        else if (format == "sst") io::write_sst_anytopo(s, g, endpoints);
        else io::write_ns3_topology(s, g, endpoints, {rate, delay});
        return s.str();
      },
      py::arg("graph"), py::arg("format"), py::arg("endpoints"), py::arg("latency"), py::arg("rate"), py::arg("delay"));
  m.def(
      "booksim_config_text",
      [](const std::string& network_file) {
        std::ostringstream s;
        io::write_booksim_config(s, network_file);
        return s.str();
      },
      py::arg("network_file"));
  m.def("family_names", &topology::family_names);
  // The exact range of a parameter at the other values (topology::stated_range), as data: what
  // the generator states, for a value the parameter cannot hold.
  m.def(
      "stated_range",
      [](const std::string& family, const py::dict& values, const std::string& id, std::optional<std::size_t> position) {
        return topology::stated_range(family_spec_of(family, values, "stated_range"), id, position);
      },
      py::arg("family"), py::arg("values"), py::arg("id"), py::arg("position") = py::none());
  m.def(
      "read",
      [](const std::string& path, bool directed, const std::string& format) {
        topology::file_spec spec{path, directed, format};
        auto file = run_interruptible([&](const stop_flag&) { return topology::read_file_spec(spec); });
        auto info = to_python(io::describe(io::report_of(file)));  // Graph.read_report (io/read_report.hpp)
        auto counts = topology::endpoints_of(file.endpoints, file.graph);
        const bool from_file = !file.endpoints.empty();
        py::object g = py::cast(std::move(file.graph));
        g.attr("_endpoints") = counts;  // the file's own endpoints, else 1 a router (Graph.endpoints)
        g.attr("_endpoints_from_file") = from_file;  // network_cost, channel_load: "the file's own counts"
        return py::make_tuple(g, info);
      },
      py::arg("path"), py::arg("directed"), py::arg("format"));
}

}  // namespace shiftfly::python
