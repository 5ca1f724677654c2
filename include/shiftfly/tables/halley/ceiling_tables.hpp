#pragma once
/// \file ceiling_tables.hpp
/// `halley tables` section "ceiling": Theorem 1 Part 2, Corollary 1 and Fig. 3,
/// the coverage ceiling at the stress point, against the spare ratio and
/// against the correlation.

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "shiftfly/halley/ceiling.hpp"
#include "shiftfly/halley/light_reserve.hpp"
#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table_set.hpp"
#include "shiftfly/tables/halley/operating_point.hpp"
#include "shiftfly/tables/halley/paper_table.hpp"

namespace shiftfly::tables {

namespace halley_tables {
/// The correlations of Fig. 3 (left)'s curves.
inline constexpr std::array<double, 5> fig3_left_rhos{0.25, 0.20, 0.15, 0.10, 0.05};
/// The correlations Fig. 3 (right) is tabulated at: its axis, plus 0.056, where the
/// 2x pool's ceiling reaches five nines (Corollary 1).
inline constexpr std::array<double, 12> fig3_right_rhos{0.25, 0.20, 0.15, 0.10, 0.08, 0.06, 0.056, 0.05, 0.04, 0.03, 0.02, 0.01};
/// Fig. 3's coverage axis (%), as the paper draws it: ticks from 90% up to eight nines, and
/// room below 90% for the curves' crossing at spare ratios below about 14% (the axis starts at 0%).
inline constexpr double fig3_axis_bottom = 0;
/// The right panel's axis starts at 90%: the 2x pool's ceiling stays above 98% over the range of rho.
inline constexpr double fig3_right_axis_bottom = 90;
inline constexpr double fig3_axis_top = 99.999999;
}  // namespace halley_tables

/// Theorem 1 Part 2, Corollary 1 and Fig. 3: the ceiling.
inline report::section_output halley_ceiling(const halley_parameters& p) {
  using namespace halley_tables;
  using report::fixed, report::percent_number, report::scientific, report::shortest;
  auto c = make_table("corollary1", "Theorem 1 and Corollary 1 at the stress point", "Section III, Theorem 1, Corollary 1, Fig. 3",
                      "Boost.Math ibeta/ibeta_inv; TOMS 748 for the correlation", {"quantity", "value"});
  const auto big = halley::large_pool_spare_ratio(p.lambda, p.rho, p.target5);
  const auto rc = halley::rho_for_ceiling(p.lambda, p.cap, p.target5);
  const std::string target = percent_number(p.target5, 3);
  c.add_row({"lambda, rho", shortest(p.lambda) + ", " + shortest(p.rho)});
  c.add_row({"variance floor lambda(1-lambda)rho", fixed(halley::variance_floor(p.lambda, p.rho), 4)});
  c.add_row({"standard deviation of F/N", fixed(halley::failure_fraction_sd_floor(p.lambda, p.rho), 3)});
  c.add_row({"A_crit at sigma_max = " + shortest(p.cap) + " (%)", percent_number(halley::critical_availability(p.lambda, p.rho, p.cap), 3)});
  c.add_row({"ceiling at the reserve's ratio " + std::to_string(p.reserve) + "/" + std::to_string(p.channels + p.reserve) + " (%)",
             percent_number(halley::ceiling(halley::spare_ratio(p.channels, p.reserve), p.lambda, p.rho), 1)});
  c.add_row({"coverage of the " + std::to_string(p.channels) + "-channel reserve (%)",
             percent_number(halley::coverage(p.channels, p.reserve, p.lambda, p.rho), 1)});
  c.add_row({"large-pool sigma for " + target + "%", fixed(big.sigma, 3)});
  c.add_row({"pool multiple 1/(1-sigma)", fixed(big.pool_multiple, 1)});
  c.add_row({"rho at which A_crit reaches " + target + "%", rc.reachable ? fixed(rc.rho, 3) : "none"});

  // Fig. 3 left: ceiling against sigma for each rho; right: the 2x pool's ceiling against rho.
  std::vector<std::string> cols{"sigma (%)"};
  for (double r : fig3_left_rhos) cols.push_back("1 - A* at rho = " + shortest(r));
  auto left = make_table("fig3_left", "Fig. 3 (left): coverage ceiling against spare ratio", "Theorem 1 Part 2, Fig. 3 left",
                         "closed form 1 - A* = 1 - F_Beta(sigma; a, b) (Boost.Math ibetac)", cols);
  // The paper's axes: the coverage ceiling in percent on a nines axis from 90% to eight nines.
  report::figure fl{"fig3_left_plot", "Fig. 3 (left): ceiling against spare ratio", "spare ratio σ = s/N (%)", "coverage ceiling A*",
                    false, false, {}};
  for (double r : fig3_left_rhos) fl.lines.push_back({"ρ = " + shortest(r), {}, {}});
  for (int s = 10; s <= 90; s += 10) {
    std::vector<std::string> row{std::to_string(s)};
    for (double r : fig3_left_rhos) row.push_back(scientific(halley::ceiling_shortfall(s / 100.0, p.lambda, r), 3));
    left.add_row(row);
  }
  for (int s = 2; s <= 90; s += 2)
    for (std::size_t k = 0; k < fig3_left_rhos.size(); ++k) {
      fl.lines[k].x.push_back(s);
      fl.lines[k].y.push_back(100 * (1 - halley::ceiling_shortfall(s / 100.0, p.lambda, fig3_left_rhos[k])));
    }
  auto right = make_table("fig3_right", "Fig. 3 (right): ceiling of a 2x pool against rho", "Corollary 1, Fig. 3 right",
                          "closed form A_crit = F_Beta(sigma_max; a, b)", {"rho", "A_crit (%)", "1 - A_crit"});
  report::figure fr{"fig3_right_plot", "Fig. 3 (right): ceiling at the 2x cap", "failure correlation ρ", "ceiling at the 2× cap A_{crit}",
                    false, false, {{"2× pool", {}, {}}}};
  for (double r : fig3_right_rhos)
    right.add_row({fixed(r, 3), percent_number(halley::critical_availability(p.lambda, r, p.cap), 5),
                   scientific(halley::ceiling_shortfall(p.cap, p.lambda, r), 3)});
  for (int i = 50; i >= 2; --i) {
    const double r = i / 200.0;
    fr.lines[0].x.push_back(r);
    fr.lines[0].y.push_back(100 * (1 - halley::ceiling_shortfall(p.cap, p.lambda, r)));
  }
  for (auto* f : {&fl, &fr}) {
    f->ynines = true;
    f->yrange = {fig3_axis_bottom, fig3_axis_top};
    f->display_ceiling = fig3_axis_top;
  }
  // Left: the five-nines target dashed, and the spare ratios past the 2x cap hatched.
  const double target_pct = 100 * p.target5;
  fl.xrange = {0, 90, 10};
  fl.references.push_back({'y', target_pct, target + "% target"});
  fl.bands.push_back({100 * p.cap, 90, "past the 2× cap (σ > " + shortest(100 * p.cap) + "%)"});
  // Right: correlation decreasing to the right; the operating point filled, the correlation
  // at which the 2x pool reaches five nines open.
  fr.xrange = {0.25, 0, 0.05};
  fr.yrange.lo = fig3_right_axis_bottom;
  const double a_op = halley::critical_availability(p.lambda, p.rho, p.cap);
  fr.markers.push_back({p.rho, 100 * a_op, "ρ = " + shortest(p.rho) + ": " + percent_number(a_op, 2) + "%", true});
  if (rc.reachable) fr.markers.push_back({rc.rho, target_pct, "ρ = " + fixed(rc.rho, 3) + ": " + target + "%", false});
  report::illustrate(fl, left,
                     "Coverage ceiling A* against the spare ratio σ, one line per failure correlation ρ, on a nines axis; "
                     "the dashed line is the " + target + "% target and the hatched band the spare ratios past the 2× cap.");
  report::illustrate(fr, right,
                     "Ceiling A_crit of a pool capped at twice its active lasers as ρ falls (correlation decreases to the right), "
                     "on a nines axis; the filled dot is the ρ = " + shortest(p.rho) + " operating point, the open dot the "
                     "correlation at which the pool reaches " + target + "%.");
  return {{c, left, right}, {fl, fr}};
}

}  // namespace shiftfly::tables
