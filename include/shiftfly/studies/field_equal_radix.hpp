#pragma once
/// \file field_equal_radix.hpp
/// Shiftfly and Boardfly against the field's flat fabrics at equal radix (at most 40
/// ports to other routers) and about equal size (1,000 and 10,000 routers), measured:
/// routers, links, exact diameter, exact mean distance and the converged spectral gap.
/// The instances follow the rule of tables/field_instances.hpp. This is what distances
/// and gaps can say about the Shiftfly paper's §8 caveat that Shiftfly would lose against
/// "a flat high-radix fabric"; bisection and throughput are studies/throughput_comparison.hpp.

#include <cstdint>
#include <vector>

#include "shiftfly/tables/field_instances.hpp"

namespace shiftfly::studies {

/// The radix limit and the router targets of the table.
inline constexpr std::uint64_t field_equal_radix_limit = 40;
inline std::vector<std::uint64_t> field_equal_radix_targets() { return {1000, 10000}; }

/// One row: the target size and the measured instance.
struct field_equal_radix_row {
  std::uint64_t target = 0;
  tables::measured_instance measured;
};

/// Measures every family at every target (distances and gap exact).
inline std::vector<field_equal_radix_row> field_equal_radix_rows(unsigned threads) {
  std::vector<field_equal_radix_row> rows;
  for (auto n : field_equal_radix_targets())
    for (auto f : tables::field_families())
      if (const auto inst = tables::choose_instance(f, field_equal_radix_limit, n))
        rows.push_back({n, tables::measure_instance(*inst, true, threads)});
  return rows;
}

}  // namespace shiftfly::studies
