#pragma once
/// \file spares_grid_table.hpp
/// `halley tables` section "fig14": Fig. 14 (left), the spares Algorithm 1
/// needs for 99% coverage of 32 channels over a grid of (ρ, λ).

#include <array>
#include <string>
#include <vector>

#include "shiftfly/halley/light_reserve.hpp"
#include "shiftfly/halley/paper_inputs.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table_set.hpp"
#include "shiftfly/tables/halley/operating_point.hpp"
#include "shiftfly/tables/halley/paper_table.hpp"

namespace shiftfly::tables {

namespace halley_tables {
/// Fig. 14 (left)'s failure probabilities (columns) and correlations (rows).
inline constexpr std::array<double, 5> fig14_left_lambdas{0.01, 0.03, 0.05, 0.10, 0.20};
inline constexpr std::array<double, 5> fig14_left_rhos{0.0, 0.05, 0.15, 0.25, 0.35};
}  // namespace halley_tables

/// Fig. 14 (left): spares for 99% of 32 channels over (rho, lambda).
inline report::section_output halley_fig14_left(const halley_parameters& p) {
  using namespace halley_tables;
  using report::shortest;
  std::vector<std::string> cols{"rho"};
  for (double l : fig14_left_lambdas) cols.push_back("lambda = " + shortest(l));
  auto t = make_table("fig14_left", "Fig. 14 (left): spares for 99% coverage of 32 channels", "Fig. 14 left",
                      "Algorithm 1, exact sums; '(past cap)' marks cells beyond the 2x cap (hatched in the paper)", cols);
  for (double rho : fig14_left_rhos) {
    std::vector<std::string> row{shortest(rho)};
    for (double l : fig14_left_lambdas) row.push_back(spares_cell(halley::light_reserve(p.channels, l, rho, halley::paper::two_nines, p.cap)));
    t.add_row(row);
  }
  return {{t}, {}};
}

}  // namespace shiftfly::tables
