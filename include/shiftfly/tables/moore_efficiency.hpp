#pragma once
/// \file moore_efficiency.hpp
/// The Moore-bound audit (Shiftfly paper, Table 1 and Theorem 3.1) extended to the
/// field: for each family at several radices, how close its exact diameter brings it
/// to the Moore bound. The instances follow the rule of tables/field_instances.hpp.
///
/// Per row: the routers and the largest degree Δ of the built graph, its exact diameter D
/// (all-pairs BFS), the Moore bound M(Δ, D) = 1 + Δ Σ_{i<D} (Δ − 1)^i in exact integers,
/// and routers / M(Δ, D): the fraction of the vertices the bound allows at that degree and
/// diameter. A Moore graph scores 1; PolarFly and Slim Fly, of diameter 2, come close.

#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/tables/exact_ratio.hpp"
#include "shiftfly/tables/field_instances.hpp"
#include "shiftfly/topology/moore.hpp"

namespace shiftfly::tables {

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
inline std::vector<moore_efficiency_row> moore_efficiency_rows(unsigned threads) {
  std::vector<moore_efficiency_row> rows;
  for (auto r : moore_efficiency_radices())
    for (auto f : field_families()) {
      const auto inst =
          choose_instance(f, r, size_is_free(f) ? moore_efficiency_free_routers : moore_efficiency_max_routers);
      if (!inst) continue;
      moore_efficiency_row row;
      row.radix_limit = r;
      row.measured = measure_instance(*inst, false, threads);
      row.bound = topology::moore_bound(row.measured.radix, row.measured.distance.diameter);
      row.fraction = 1.0 / exact_ratio(row.bound, row.measured.routers);
      rows.push_back(std::move(row));
    }
  return rows;
}

/// The fraction as a percentage with three significant digits.
inline std::string moore_fraction_text(double fraction) { return fmt::format("{:.3g}%", fraction * 100.0); }

/// The table.
inline report::table moore_efficiency_table(const std::vector<moore_efficiency_row>& rows) {
  report::table t;
  t.id = "moore_efficiency";
  t.title = "Moore efficiency of the field";
  t.source = "beyond the paper: Table 1 and Theorem 3.1 of the Shiftfly paper, extended to the field's families";
  t.method = "exact: routers and degree from the generated graphs, diameters by all-pairs BFS, Moore bounds in exact "
             "integer arithmetic";
  t.columns = {"Radix limit", "Family", "Parameters", "Routers", "Radix", "Diameter", "Moore bound", "Routers / bound"};
  for (const auto& r : rows) {
    const auto& m = r.measured;
    t.add_row({std::to_string(r.radix_limit), std::string(field_family_name(m.instance.family)), m.instance.parameters,
               report::thousands(m.routers), std::to_string(m.radix), std::to_string(m.distance.diameter),
               report::group_thousands(r.bound.str()), moore_fraction_text(r.fraction)});
  }
  t.notes.push_back("Instances: at each radix limit, the family's instance with the most routers within the limit "
                    "(at most " + report::thousands(moore_efficiency_max_routers) +
                    "; ties to the higher radix), among PolarFly (every prime power q), Slim Fly (q = 4w + delta), "
                    "the balanced maximal Dragonfly (a = 2h, g = ah + 1), the regular HyperX S^L (L <= 4) and the k-ary fat "
                    "tree; Shiftfly (Imase-Itoh, ports = the limit) and Jellyfish (degree = the limit, seed 1) at " +
                    report::thousands(moore_efficiency_free_routers) +
                    " routers; Boardfly's radix is fixed at 40. Radix is the largest degree of the built graph.");
  t.notes.push_back("Moore bound M(radix, diameter) = 1 + radix * sum_{i<diameter} (radix - 1)^i (Theorem 3.1); the "
                    "fraction is routers / M, so 100% would be a Moore graph.");
  return t;
}

/// Routers / bound against the radix limit, one line per family (log scale: the fat tree's fraction is tiny).
inline report::figure moore_efficiency_figure(const std::vector<moore_efficiency_row>& rows) {
  report::figure f{"moore_efficiency_plot", "Moore efficiency at equal radix", "radix limit",
                   "routers / Moore bound at the exact diameter", false, true, {}};
  for (auto fam : field_families()) {
    report::series s{std::string(field_family_name(fam)), {}, {}};
    for (const auto& r : rows)
      if (r.measured.instance.family == fam) {
        s.x.push_back(static_cast<double>(r.radix_limit));
        s.y.push_back(r.fraction);
      }
    if (!s.x.empty()) f.lines.push_back(std::move(s));
  }
  return f;
}

}  // namespace shiftfly::tables
