#pragma once
/// \file spares_grid_table.hpp
/// `halley tables` section "fig14": Fig. 14 (left), the spares Algorithm 1
/// needs for 99% coverage of 32 channels over a grid of (ρ, λ), as a table and as
/// the paper draws it: a grid of numbered cells, those past the 2× cap hatched.

#include <array>
#include <string>
#include <vector>

#include "shiftfly/halley/light_reserve.hpp"
#include "shiftfly/halley/paper_inputs.hpp"
#include "shiftfly/report/figure.hpp"
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
  report::figure f{"fig14_left_plot", "Fig. 14 (left): spares for 99% coverage", "failure probability λ", "failure correlation ρ",
                   false, false, {}};
  auto& g = f.grid;
  g.value_label = "spares for 99% coverage";
  for (double l : fig14_left_lambdas) g.column_labels.push_back(shortest(l));
  for (double rho : fig14_left_rhos) {
    std::vector<std::string> row{shortest(rho)};
    g.row_labels.push_back(shortest(rho));
    g.values.emplace_back();
    g.hatched.emplace_back();
    for (double l : fig14_left_lambdas) {
      const auto s = halley::light_reserve(p.channels, l, rho, halley::paper::two_nines, p.cap);
      row.push_back(spares_cell(s));
      g.values.back().push_back(static_cast<double>(s.spares));
      g.hatched.back().push_back(!s.reachable);
      g.hatched_label = "past the cap (more than " + std::to_string(s.cap_spares) + " spares)";
    }
    t.add_row(row);
  }
  report::illustrate(f, t,
                     "Spares LightReserve needs for 99% coverage of " + std::to_string(p.channels) +
                         " active channels, by failure correlation ρ (rows) and failure probability λ (columns); cells past the "
                         "cap σmax = " + shortest(p.cap) + " are hatched and, as in the paper, not numbered (the table and the data file give their counts).");
  return {{t}, {f}};
}

}  // namespace shiftfly::tables
