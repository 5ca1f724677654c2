#pragma once
/// \file record.hpp
/// A described result (core/record.hpp) as the Python objects receive it: one generic
/// conversion for every result the bindings return. A record becomes a dict of its
/// fields shown in Python (core::shown_in::all or python); a list a tuple; a nested
/// record a dict. The package builds its frozen dataclass from the dict
/// (shiftfly/_results.py), whose fields the tests hold equal to the description's
/// (result_fields below, python/tests/test_results.py).

#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "shiftfly/core/record.hpp"

namespace shiftfly::python {

namespace py = pybind11;

py::dict to_python(const core::record& r);

/// One value as a Python object.
inline py::object to_python(const core::record_value& v) {
  return std::visit(
      [](const auto& x) -> py::object {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::nullptr_t>) {
          return py::none();
        } else if constexpr (std::is_same_v<T, std::shared_ptr<const core::record_value::list>>) {
          py::tuple t(x->size());
          for (std::size_t i = 0; i < x->size(); ++i) t[i] = to_python((*x)[i]);
          return std::move(t);
        } else if constexpr (std::is_same_v<T, std::shared_ptr<const core::record>>) {
          return to_python(*x);
        } else {
          return py::cast(x);
        }
      },
      v.get());
}

/// A record as a dict of its fields shown in Python.
inline py::dict to_python(const core::record& r) {
  py::dict d;
  for (const auto& f : r.fields)
    if (f.shown != core::shown_in::tools) d[py::str(f.name)] = to_python(f.value);
  return d;
}

/// The names of the fields shown in Python, in order.
inline py::tuple python_fields(const core::record& r) {
  std::vector<std::string> names;
  for (const auto& f : r.fields)
    if (f.shown != core::shown_in::tools) names.push_back(f.name);
  return py::tuple(py::cast(names));
}

}  // namespace shiftfly::python
