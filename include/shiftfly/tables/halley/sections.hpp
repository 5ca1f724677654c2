#pragma once
/// \file sections.hpp
/// The sections `halley tables` runs, in paper order: one per header of
/// tables/halley/, each a function of the operating point.

#include <vector>

#include "shiftfly/report/table_set.hpp"
#include "shiftfly/tables/halley/ceiling_tables.hpp"
#include "shiftfly/tables/halley/composition_tables.hpp"
#include "shiftfly/tables/halley/controller_tables.hpp"
#include "shiftfly/tables/halley/cost_tables.hpp"
#include "shiftfly/tables/halley/fold_fit_tables.hpp"
#include "shiftfly/tables/halley/hierarchy_tables.hpp"
#include "shiftfly/tables/halley/light_reserve_tables.hpp"
#include "shiftfly/tables/halley/operating_point.hpp"
#include "shiftfly/tables/halley/rate_tables.hpp"
#include "shiftfly/tables/halley/spares_grid_table.hpp"
#include "shiftfly/tables/halley/variance_table.hpp"

namespace shiftfly::tables {

/// Every section of `halley tables`, in paper order.
inline std::vector<report::section> halley_sections(const halley_parameters& p = {}) {
  using out = report::section_output;
  using ctx = report::section_context;
  return {
      {"variance", "Theorem 1 Part 1, Fig. 2", [p](const ctx&) -> out { return halley_variance(p); }},
      {"ceiling", "Theorem 1, Corollary 1, Fig. 3", [p](const ctx&) -> out { return halley_ceiling(p); }},
      {"table2", "Table II and its threshold", [p](const ctx&) -> out { return halley_table2(p); }},
      {"lightreserve", "Algorithm 1, Fig. 5", [p](const ctx&) -> out { return halley_light_reserve(p); }},
      {"fig14", "Fig. 14 (left)", [p](const ctx&) -> out { return halley_fig14_left(p); }},
      {"hierarchy", "Theorem 2, Fig. 8", [p](const ctx&) -> out { return halley_hierarchy(p); }},
      {"cost", "Observations 1-2, Figs. 9-10", [p](const ctx&) -> out { return halley_cost(p); }},
      {"composition", "Section V-D, Fig. 14 (right), Prop. 1, Fig. 15", [p](const ctx&) -> out { return halley_composition(p); }},
      {"controllers", "ThermaLead and TriageGuard", [p](const ctx&) -> out { return halley_controllers(p); }},
      {"foldfit", "FoldFit bounds and worked cases", [p](const ctx&) -> out { return halley_fold_fit(p); }},
  };
}

}  // namespace shiftfly::tables
