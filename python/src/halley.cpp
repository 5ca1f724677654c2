/// \file halley.cpp
/// The Halley reliability models (halley/): coverage of a laser pool
/// (beta-binomial, Section III-A), LightReserve sizing (Algorithm 1), the correlation
/// ceiling (Theorem 1, Corollary 1), the hierarchical pool (Theorem 2), spares
/// against separation (Observations 1 and 2) and FoldFit (Algorithm 2).
/// The element-wise functions take arrays the package has already broadcast; the results
/// are the dicts of their descriptions (halley/describe.hpp).

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>

#include "bindings.hpp"
#include "record.hpp"
#include "shiftfly/halley/describe.hpp"

namespace shiftfly::python {

namespace {

using u64_array = py::array_t<std::uint64_t, py::array::c_style | py::array::forcecast>;
using f64_array = py::array_t<double, py::array::c_style | py::array::forcecast>;

}  // namespace

void init_halley(py::module_& m) {
  m.def(
      "coverage",
      [](u64_array channels, u64_array spares, f64_array lam, f64_array rho, bool shortfall) {
        const auto size = static_cast<std::size_t>(channels.size());
        f64_array out(static_cast<py::ssize_t>(size));
        const auto *n = channels.data(), *s = spares.data();
        const double *l = lam.data(), *r = rho.data();
        double* o = out.mutable_data();
        run_interruptible([&](const stop_flag& stop) {
          for (std::size_t i = 0; i < size; ++i) {
            if (i % 64 == 0) stop.check();
            o[i] = shortfall ? halley::coverage_shortfall(n[i], s[i], l[i], r[i]) : halley::coverage(n[i], s[i], l[i], r[i]);
          }
          return 0;
        });
        return out;
      },
      py::arg("channels"), py::arg("spares"), py::arg("lam"), py::arg("rho"), py::arg("shortfall"));
  m.def(
      "ceiling",
      [](f64_array sigma, f64_array lam, f64_array rho, bool shortfall) {
        const auto size = static_cast<std::size_t>(sigma.size());
        f64_array out(static_cast<py::ssize_t>(size));
        const double *s = sigma.data(), *l = lam.data(), *r = rho.data();
        double* o = out.mutable_data();
        run_interruptible([&](const stop_flag& stop) {
          for (std::size_t i = 0; i < size; ++i) {
            if (i % 64 == 0) stop.check();
            o[i] = shortfall ? halley::ceiling_shortfall(s[i], l[i], r[i]) : halley::ceiling(s[i], l[i], r[i]);
          }
          return 0;
        });
        return out;
      },
      py::arg("sigma"), py::arg("lam"), py::arg("rho"), py::arg("shortfall"));
  m.def("critical_availability", &halley::critical_availability, py::arg("lam"), py::arg("rho"), py::arg("sigma_max"));
  m.def(
      "size",
      [](std::uint64_t channels, double lam, double rho, double target, std::optional<double> cap) {
        const auto s = run_interruptible(
            [&](const stop_flag&) { return halley::light_reserve(channels, lam, rho, target, cap); });
        return to_python(halley::describe(s));
      },
      py::arg("channels"), py::arg("lam"), py::arg("rho"), py::arg("target"), py::arg("cap"));
  m.def(
      "hierarchy",
      [](std::uint64_t modules, std::uint64_t lasers, double rho_within, double rho_across, std::uint64_t spares,
         double lam) {
        const halley::module_shape shape{modules, lasers, rho_within, rho_across};
        const auto h = run_interruptible([&](const stop_flag&) { return halley::hierarchy_coverage(shape, spares, lam); });
        return to_python(halley::describe(h));
      },
      py::arg("modules"), py::arg("lasers"), py::arg("rho_within"), py::arg("rho_across"), py::arg("spares"),
      py::arg("lam"));
  m.def(
      "cost",
      [](std::uint64_t channels, double lam, double rho0, double target, double price, double premium,
         double reference_rho, double floor) {
        const halley::cost_model c{price, premium, reference_rho, floor};
        const auto s =
            run_interruptible([&](const stop_flag&) { return halley::cheapest_plan(channels, lam, rho0, target, c); });
        return to_python(halley::describe(s));
      },
      py::arg("channels"), py::arg("lam"), py::arg("rho0"), py::arg("target"), py::arg("price"), py::arg("premium"),
      py::arg("reference_rho"), py::arg("floor"));
  m.def("cost_model_defaults", [] {
    const halley::cost_model c;
    py::dict d;
    d["price"] = c.price;
    d["premium"] = c.premium;
    d["reference_rho"] = c.reference_rho;
    d["floor"] = c.floor;
    return d;
  });
  m.def(
      "foldfit",
      [](u64_array demand, std::uint64_t channels, unsigned steps, std::size_t block) {
        if (demand.ndim() != 2) core::fail("foldfit", "demand must be a 2-D array");
        halley::demand_matrix d;
        d.rows = static_cast<std::size_t>(demand.shape(0));
        d.cols = static_cast<std::size_t>(demand.shape(1));
        d.entries.assign(demand.data(), demand.data() + demand.size());
        for (auto v : d.entries)
          if (v > halley::max_demand)
            core::throw_out_of_range("foldfit", "demand", v, "0 to " + core::to_message(halley::max_demand));
        const auto r = run_interruptible([&](const stop_flag&) { return halley::fold_fit(d, channels, steps, block); });
        return to_python(halley::describe(r));
      },
      py::arg("demand"), py::arg("channels"), py::arg("steps"), py::arg("block"));
}

}  // namespace shiftfly::python
