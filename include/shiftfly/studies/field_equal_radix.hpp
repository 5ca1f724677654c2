#pragma once
/// \file field_equal_radix.hpp
/// Shiftfly and Boardfly against the field's flat fabrics at equal radix (at most 40
/// ports to other routers) and about equal size (1,000 and 10,000 routers), measured:
/// routers, links, exact diameter, exact mean distance and the converged spectral gap.
/// The instances follow the rule of studies/field_instances.hpp. This is what distances
/// and gaps can say about the Shiftfly paper's §8 caveat that Shiftfly would lose against
/// "a flat high-radix fabric"; bisection and throughput are studies/throughput_comparison.hpp.

#include <cmath>
#include <cstdint>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/studies/field_instances.hpp"
#include "shiftfly/studies/study_options.hpp"

namespace shiftfly::studies {

/// The radix limit and the router targets of the table.
inline constexpr std::uint64_t field_equal_radix_limit = 40;
inline std::vector<std::uint64_t> field_equal_radix_targets() { return {1000, 10000}; }

/// The Alon–Boppana bound in the units of the gap column, 1 - 2 sqrt(d - 1) / d for degree d >= 1:
/// every infinite family of d-regular graphs has second adjacency eigenvalue at least
/// 2 sqrt(d - 1) - o(1) (Alon 1986; Nilli 1991), so the gap 1 - lambda2 of D^-1 A = A / d exceeds
/// this figure in finitely many of them only. A single finite graph may exceed it (a small
/// diameter-2 graph does); a d-regular Ramanujan graph (topology/spectralfly.hpp) has a gap of at
/// least this figure.
inline double alon_boppana_gap(std::uint64_t d) {
  core::require_range("alon_boppana_gap", "d", d, 1, std::uint64_t{1} << 52);
  return 1.0 - 2.0 * std::sqrt(static_cast<double>(d - 1)) / static_cast<double>(d);
}

/// One row: the target size and the measured instance.
struct field_equal_radix_row {
  std::uint64_t target = 0;
  measured_instance measured;
};

/// Measures every family at every target (distances and gap exact).
inline std::vector<field_equal_radix_row> field_equal_radix_rows(const study_options& o = {}) {
  std::vector<field_equal_radix_row> rows;
  for (auto n : field_equal_radix_targets())
    for (auto f : field_families())
      if (const auto inst = choose_instance(f, field_equal_radix_limit, n))
        rows.push_back({n, measure_instance(*inst, true, o)});
  return rows;
}

}  // namespace shiftfly::studies
