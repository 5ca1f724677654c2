#pragma once
/// \file cost_tables.hpp
/// `halley tables` section "cost": Observations 1 and 2 and Figs. 9-10, spare
/// lasers against separation under the paper's cost model.

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "shiftfly/halley/cost.hpp"
#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table_set.hpp"
#include "shiftfly/tables/halley/operating_point.hpp"
#include "shiftfly/tables/halley/paper_table.hpp"

namespace shiftfly::tables {

namespace halley_tables {
/// The separation targets ρ′ Fig. 9 is tabulated at, from the stress point down to the floor.
inline constexpr std::array<double, 6> fig9_rhos{0.15, 0.12, 0.09, 0.06, 0.045, 0.03};
/// The starting correlations ρ0 of Fig. 10's curves (Observation 2's plausible band).
inline constexpr std::array<double, 4> fig10_rho0s{0.08, 0.15, 0.25, 0.35};
/// Fig. 10's curves sample ρ′ every 1/200.
inline constexpr double fig10_steps_per_unit = 200;
/// Fig. 10's axes as the paper draws them: rho' from 0 to 0.35; the cost ($k) on a log axis
/// labelled 10^2, 10^3, 10^4, from below the cheapest plan (about $38k) to $10^4k.
inline constexpr double fig10_axis_rho_max = 0.35;
inline constexpr double fig10_axis_cost_min = 30;
inline constexpr double fig10_axis_cost_max = 1e4;
/// Fig. 10 plots thousands of dollars.
inline constexpr double dollars_per_k = 1000;
/// The correlation step the cost model's prorated rate is quoted per ($ per 0.01).
inline constexpr double quoted_rho_step = 0.01;
}  // namespace halley_tables

/// Observations 1-2, Figs. 9 and 10.
inline report::section_output halley_cost(const halley_parameters& p) {
  using namespace halley_tables;
  using report::fixed, report::shortest;
  const auto money = [](double x) { return fixed(x, 0); };
  auto t = make_table("fig9_cost", "Fig. 9 and Observation 1: spares against separation", "Section V-B, Observation 1, Fig. 9",
                      "Algorithm 1 at each rho' (exact sums) under the stated cost model",
                      {"decorrelate to rho'", "spares", "spares ($)", "separation ($)", "total ($)"});
  for (double r : fig9_rhos) {
    const auto pl = halley::plan_at(p.channels, p.lambda, p.rho, r, p.target5, p.cost);
    t.add_row({shortest(r), std::to_string(pl.spares), money(pl.spare_cost), money(pl.separation_cost), money(pl.cost)});
  }
  const auto sp = halley::cheapest_plan(p.channels, p.lambda, p.rho, p.target5, p.cost);
  t.notes.push_back("Cost model: $" + money(p.cost.price) + " per spare; " + money(100 * p.cost.premium) + "% of the $" +
                    money(halley::active_capital(p.channels, p.cost)) + " active-laser capital for rho " + shortest(p.cost.reference_rho) +
                    " -> " + shortest(p.cost.floor) + ", i.e. $" + money(halley::separation_price(p.channels, quoted_rho_step, p.cost)) +
                    " per " + shortest(quoted_rho_step) + ".");
  t.notes.push_back("Cheapest plan over every (s, rho'): " + std::to_string(sp.cheapest.spares) + " spares at rho' = " +
                    fixed(sp.cheapest.rho, 3) + ", $" + money(sp.cheapest.cost) + "; spares alone $" + money(sp.spares_only.cost) +
                    "; ratio " + fixed(sp.saving_ratio, 1) + "x.");
  auto o2 = make_table("fig10_rho_invariance", "Fig. 10 and Observation 2: rho-invariance across the plausible band",
                       "Section V-C, Observation 2, Fig. 10", "Algorithm 1 and TOMS 748 over (s, rho'), exact sums",
                       {"rho0", "spares alone", "spares-alone cost ($)", "cheapest rho'", "cheapest spares", "cheapest cost ($)", "ratio"});
  report::figure f{"fig10_rho_invariance_plot", "Fig. 10: total cost against separation", "decorrelate to ρ'", "total cost ($k)", false, true, {}};
  for (double rho0 : fig10_rho0s) {
    const auto s = halley::cheapest_plan(p.channels, p.lambda, rho0, p.target5, p.cost);
    o2.add_row({shortest(rho0), std::to_string(s.spares_only.spares), money(s.spares_only.cost), fixed(s.cheapest.rho, 3),
                std::to_string(s.cheapest.spares), money(s.cheapest.cost), fixed(s.saving_ratio, 1)});
    std::vector<double> rhos;
    for (int i = static_cast<int>(std::lround(rho0 * fig10_steps_per_unit)); i >= static_cast<int>(std::lround(p.cost.floor * fig10_steps_per_unit)); --i)
      rhos.push_back(i / fig10_steps_per_unit);
    report::series line{"ρ_0 = " + shortest(rho0), {}, {}};
    for (const auto& plan : halley::cost_curve(p.channels, p.lambda, rho0, rhos, p.target5, p.cost)) {
      line.x.push_back(plan.rho);
      line.y.push_back(plan.cost / dollars_per_k);
    }
    f.lines.push_back(std::move(line));
  }
  // The paper's axes: rho' from 0 to 0.35, the cost on a log axis through 10^2 to 10^4 ($k).
  f.xrange = {0, fig10_axis_rho_max, 0.05};
  f.yrange = {fig10_axis_cost_min, fig10_axis_cost_max};
  report::illustrate(f, o2,
                     "Total cost of the cheapest plan against the correlation ρ' it decorrelates to, one line per "
                     "starting ρ₀ (log scale).");
  return {{t, o2}, {f}};
}

}  // namespace shiftfly::tables
