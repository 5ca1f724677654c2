#pragma once
/// \file moore_efficiency.hpp
/// The Moore-bound audit (Shiftfly paper, Table 1 and Theorem 3.1) extended to the
/// field (studies/moore_efficiency.hpp): for each family at several radices, how close its
/// exact diameter brings it to the Moore bound.
///
/// Per row: the routers and the largest degree Δ of the built graph, its exact diameter D
/// (all-pairs BFS), the Moore bound M(Δ, D) = 1 + Δ Σ_{i<D} (Δ − 1)^i in exact integers,
/// and routers / M(Δ, D): the fraction of the vertices the bound allows at that degree and
/// diameter. A Moore graph scores 1; PolarFly and Slim Fly, of diameter 2, come close.

#include <string>
#include <vector>

#include <fmt/format.h>

#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/studies/moore_efficiency.hpp"

namespace shiftfly::tables {

/// The fraction as a percentage with three significant digits.
inline std::string moore_fraction_text(double fraction) { return fmt::format("{:.3g}%", fraction * 100.0); }

/// The table.
inline report::table moore_efficiency_table(const std::vector<studies::moore_efficiency_row>& rows) {
  report::table t;
  t.id = "moore_efficiency";
  t.title = "Moore efficiency of the field";
  t.source = "beyond the paper: Table 1 and Theorem 3.1 of the Shiftfly paper, extended to the field's families";
  t.method = "exact: routers and degree from the generated graphs, diameters by all-pairs BFS, Moore bounds in exact "
             "integer arithmetic";
  t.columns = {"Radix limit", "Family", "Parameters", "Routers", "Radix", "Diameter", "Moore bound", "Routers / bound"};
  for (const auto& r : rows) {
    const auto& m = r.measured;
    t.add_row({std::to_string(r.radix_limit), std::string(studies::field_family_name(m.instance.family)), m.instance.parameters,
               report::thousands(m.routers), std::to_string(m.radix), std::to_string(m.distance.diameter),
               report::group_thousands(r.bound.str()), moore_fraction_text(r.fraction)});
  }
  t.notes.push_back("Instances: at each radix limit, the family's instance with the most routers within the limit "
                    "(at most " + report::thousands(studies::moore_efficiency_max_routers) +
                    "; ties to the higher radix; the size itself is " +
                    report::thousands(studies::moore_efficiency_free_routers) + " routers), among " +
                    studies::field_rules_text() +
                    ". Boardfly's radix is fixed at 40. Radix is the largest degree of the built graph.");
  t.notes.push_back("Moore bound M(radix, diameter) = 1 + radix * sum_{i<diameter} (radix - 1)^i (Theorem 3.1); the "
                    "fraction is routers / M, so 100% would be a Moore graph.");
  return t;
}

/// Routers / bound against the radix limit, one line per family (log scale: the fat tree's fraction is tiny).
inline report::figure moore_efficiency_figure(const std::vector<studies::moore_efficiency_row>& rows) {
  report::figure f{"moore_efficiency_plot", "Moore efficiency at equal radix", "radix limit",
                   "routers / Moore bound at the exact diameter", false, true, {}};
  for (auto fam : studies::field_families()) {
    report::series s{std::string(studies::field_family_name(fam)), {}, {}};
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
