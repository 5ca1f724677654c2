/// \file module.cpp
/// The `_shiftfly` extension module: the units of python/src/ registered on one
/// module, and the library's errors translated. A core::invalid_parameter becomes a
/// ValueError carrying the library's one line, the parameter renamed to the Python
/// keyword where the two differ (`lambda`, a Python keyword, is `lam`).

#include <pybind11/pybind11.h>

#include <string>
#include <string_view>
#include <utility>

#include "bindings.hpp"
#include "shiftfly/core/error.hpp"
#include "shiftfly/core/version.hpp"

namespace {

/// The Python keyword of a library parameter name.
std::string python_keyword(const std::string& name) {
  static const std::pair<std::string_view, std::string_view> renamed[] = {
      {"lambda", "lam"},
  };
  for (const auto& [library, python] : renamed)
    if (name == library) return std::string(python);
  return name;
}

}  // namespace

namespace shiftfly::python {
void init_collectives(py::module_& m);  // collectives.cpp
}  // namespace shiftfly::python

PYBIND11_MODULE(_shiftfly, m) {
  namespace py = pybind11;
  m.doc() = "shiftfly's C++ library, bound with pybind11; use the `shiftfly` package, which wraps it.";
  m.attr("__version__") = std::string(shiftfly::core::version);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const shiftfly::core::invalid_parameter& e) {
      const std::string message =
          e.parameter().empty() ? std::string(e.what()) : e.message_naming(python_keyword(e.parameter()), e.value());
      PyErr_SetString(PyExc_ValueError, message.c_str());
    } catch (const shiftfly::python::cancelled&) {
      PyErr_SetString(PyExc_KeyboardInterrupt, "cancelled");
    }
  });
  shiftfly::python::init_graphs(m);
  shiftfly::python::init_metrics(m);
  shiftfly::python::init_capacity(m);
  shiftfly::python::init_throughput_profile(m);
  shiftfly::python::init_routing(m);
  shiftfly::python::init_halley(m);
  shiftfly::python::init_tables(m);
  shiftfly::python::init_physical(m);
  shiftfly::python::init_results(m);
  shiftfly::python::init_collectives(m);
}
