#pragma once
/// \file equal_cost.hpp
/// §2 of the Shiftfly tables: the equal-cost comparison (paper Table 2), from
/// studies/equal_cost.hpp.
///
/// Profiles:
/// - paper: the reference artefact's computation (studies::equal_cost_method::reference_artefact);
/// - exact: all-pairs distances at every size and converged Lanczos gaps.

#include <string>
#include <vector>

#include "shiftfly/report/format.hpp"
#include "shiftfly/report/profile.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/studies/equal_cost.hpp"

namespace shiftfly::tables {

/// The study's method for a profile of the tables.
inline studies::equal_cost_method equal_cost_method_for(report::profile profile) noexcept {
  return profile == report::profile::paper ? studies::equal_cost_method::reference_artefact
                                           : studies::equal_cost_method::exact;
}

/// Table 2 in the reference artefact's layout.
inline report::table equal_cost_table(const std::vector<studies::equal_cost_row>& rows, report::profile profile) {
  report::table t;
  t.id = "equal_cost";
  t.title = "2. Equal-cost comparison";
  t.source = "Shiftfly paper, Table 2; reference artefact results section 2";
  t.method = profile == report::profile::paper
                 ? "as the reference artefact: distances exact up to 3,000 groups, from 120 sampled sources (seed 11) "
                   "above, where a diameter is a lower bound; gaps estimated by power iteration (120 steps, 60 above "
                   "10,000 groups, seed 3); chip figures by eq. (1)"
                 : "exact: all-pairs distances at every size; spectral gaps 1 - lambda2 of D^-1 A by Lanczos "
                   "(thick-restart, residuals <= 1e-9); chip figures by eq. (1)";
  t.columns = {"Groups", "Chips", "BF group D", "SF group D", "BF chip D", "SF chip D", "BF chip mean", "SF chip mean",
               "BF gap", "SF gap"};
  for (const auto& r : rows) {
    t.add_row({report::thousands(r.groups), report::thousands(r.chips), std::to_string(r.boardfly.distance.diameter),
               std::to_string(r.shiftfly.distance.diameter), std::to_string(r.boardfly.chip_diameter),
               std::to_string(r.shiftfly.chip_diameter), report::fixed(r.boardfly.chip_mean, 2),
               report::fixed(r.shiftfly.chip_mean, 2), report::fixed(r.boardfly.gap.gap, 3),
               report::fixed(r.shiftfly.gap.gap, 3)});
  }
  return t;
}

}  // namespace shiftfly::tables
