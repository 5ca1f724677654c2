#pragma once
/// \file moore_efficiency.hpp
/// The Moore-bound audit (Shiftfly paper, Table 1 and Theorem 3.1) extended to the
/// field: for each family at several radices, how close its exact diameter brings it
/// to the Moore bound. The instances follow the rule of studies/field_instances.hpp.
///
/// Per row: the routers and the largest degree Δ of the built graph, its exact diameter D
/// (all-pairs BFS), the Moore bound M(Δ, D) = 1 + Δ Σ_{i<D} (Δ − 1)^i in exact integers,
/// and routers / M(Δ, D): the fraction of the vertices the bound allows at that degree and
/// diameter. A Moore graph scores 1; PolarFly and Slim Fly, of diameter 2, come close.

#include <cstdint>
#include <utility>
#include <vector>

#include "shiftfly/studies/exact_ratio.hpp"
#include "shiftfly/studies/field_instances.hpp"
#include "shiftfly/studies/study_options.hpp"
#include "shiftfly/topology/moore.hpp"

namespace shiftfly::studies {

/// The radices of the table.
inline std::vector<std::uint64_t> moore_efficiency_radices() { return {8, 16, 24, 32, 40}; }
/// Router limit for the families whose size follows from the radix, and the size of those whose size is free.
inline constexpr std::uint64_t moore_efficiency_max_routers = 20000;
inline constexpr std::uint64_t moore_efficiency_free_routers = 1000;

/// One row: the measured instance, its Moore bound and the fraction.
struct moore_efficiency_row {
  std::uint64_t radix_limit = 0;
  measured_instance measured;
  topology::big_int bound;
  double fraction = 0;  ///< routers / bound, correctly rounded
};

/// Measures every (radix, family) pair that has an instance, radix by radix, families in print order.
inline std::vector<moore_efficiency_row> moore_efficiency_rows(const study_options& o = {}) {
  std::vector<moore_efficiency_row> rows;
  for (auto r : moore_efficiency_radices())
    for (auto f : field_families()) {
      const auto inst = choose_instance(
          f, r, size_is_free(f) ? moore_efficiency_free_routers : moore_efficiency_max_routers);
      if (!inst) continue;
      moore_efficiency_row row;
      row.radix_limit = r;
      row.measured = measure_instance(*inst, false, o);
      row.bound = topology::moore_bound(row.measured.radix, row.measured.distance.diameter);
      row.fraction = 1.0 / exact_ratio(row.bound, row.measured.routers);
      rows.push_back(std::move(row));
    }
  return rows;
}

}  // namespace shiftfly::studies
