#pragma once
/// \file moore_audit.hpp
/// §1 of the Shiftfly tables: the Moore-bound audit (paper §3.1, Theorem 3.1,
/// Table 1) and the chip-level check of the Boardfly pod (Lemma 2.3), from
/// studies/moore_audit.hpp.

#include <string>
#include <vector>

#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/studies/moore_audit.hpp"

namespace shiftfly::tables {

/// Table 1 (the Moore-bound audit), in the reference artefact's layout.
inline report::table moore_audit_table(const std::vector<studies::moore_audit_row>& rows) {
  report::table t;
  t.id = "moore_audit";
  t.title = "1. Moore-bound audit";
  t.source = "Shiftfly paper, Table 1 and Section 3.1 (Theorem 3.1); reference artefact results section 1";
  t.method = "exact: chips and degree from the generated graphs, torus diameters by BFS (equal to Proposition "
             "2.2), the Boardfly pod diameter by all-pairs BFS, bounds in exact integer arithmetic";
  t.columns = {"Generation", "Chips", "Degree", "Diameter", "Moore bound", "Bound / actual", "Min feasible D",
               "Diameter source"};
  for (const auto& r : rows)
    t.add_row({r.label, report::thousands(r.chips), std::to_string(r.degree), std::to_string(r.diameter),
               report::group_thousands(r.bound.str()), report::fixed_thousands(r.ratio, 0) + "x",
               std::to_string(r.min_diameter), r.diameter_source});
  return t;
}

/// The chip-level Boardfly pod (Lemma 2.3): order, degrees, exact diameter and mean distance.
inline report::table boardfly_pod_table(const studies::boardfly_pod_measure& pod) {
  report::table t;
  t.id = "boardfly_pod";
  t.title = "1b. Chip-level Boardfly pod (Lemma 2.3)";
  t.source = "Shiftfly paper, Lemma 2.3 and Section 6.2; reference artefact results section 1 (prose)";
  t.method = "exact: all-pairs BFS over the chip-level pod";
  t.columns = {"Chips", "Max degree", "Mean degree", "Diameter", "Published diameter", "Mean distance"};
  t.add_row({report::thousands(pod.chips), std::to_string(pod.max_degree), report::fixed(pod.mean_degree, 2),
             std::to_string(pod.distance.diameter), "7", report::fixed(pod.distance.mean, 3)});
  return t;
}

}  // namespace shiftfly::tables
