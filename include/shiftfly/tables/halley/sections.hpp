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
      {"variance", "Theorem 1 Part 1, Fig. 2", [p](const ctx&) -> out { return halley_variance(p); }, {"fig2_variance", "fig2_variance_plot"}},
      {"ceiling", "Theorem 1, Corollary 1, Fig. 3", [p](const ctx&) -> out { return halley_ceiling(p); },
       {"corollary1", "fig3_left", "fig3_left_plot", "fig3_right", "fig3_right_plot"}},
      {"table2", "Table II and its threshold", [p](const ctx&) -> out { return halley_table2(p); }, {"table2", "table2_threshold"}},
      {"lightreserve", "Algorithm 1, Fig. 5", [p](const ctx&) -> out { return halley_light_reserve(p); },
       {"lightreserve", "fig5_left", "fig5_left_plot", "fig5_right", "fig5_right_plot"}},
      {"fig14", "Fig. 14 (left)", [p](const ctx&) -> out { return halley_fig14_left(p); }, {"fig14_left", "fig14_left_plot"}},
      {"hierarchy", "Theorem 2, Fig. 8", [p](const ctx&) -> out { return halley_hierarchy(p); },
       {"theorem2", "fig8_hierarchy", "fig8_hierarchy_plot"}},
      {"cost", "Observations 1-2, Figs. 9-10", [p](const ctx&) -> out { return halley_cost(p); },
       {"fig9_cost", "fig10_rho_invariance", "fig10_rho_invariance_plot"}},
      {"composition", "Section V-D, Fig. 14 (right), Prop. 1, Fig. 15", [p](const ctx&) -> out { return halley_composition(p); },
       {"composition", "composition_details", "fig13_fig15_quantiles", "fig14_right", "fig14_right_plot",
        "fig15_quantiles_plot"}},
      {"controllers", "ThermaLead and TriageGuard", [p](const ctx&) -> out { return halley_controllers(p); }, {"thermalead", "triageguard"}},
      {"foldfit", "FoldFit bounds and worked cases", [p](const ctx&) -> out { return halley_fold_fit(p); },
       {"foldfit_bounds", "foldfit_cases", "graham_bounds"}},
  };
}

}  // namespace shiftfly::tables
