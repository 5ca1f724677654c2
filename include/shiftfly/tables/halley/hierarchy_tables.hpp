#pragma once
/// \file hierarchy_tables.hpp
/// `halley tables` section "hierarchy": Theorem 2 and Fig. 8, the hierarchical
/// ceiling of a pool built from modules (flat shortcut at ρ̄ against the exact
/// nested model).

#include <algorithm>
#include <cstdint>
#include <string>

#include "shiftfly/halley/ceiling.hpp"
#include "shiftfly/halley/hierarchy.hpp"
#include "shiftfly/halley/light_reserve.hpp"
#include "shiftfly/halley/paper_inputs.hpp"
#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table_set.hpp"
#include "shiftfly/tables/halley/operating_point.hpp"
#include "shiftfly/tables/halley/paper_table.hpp"

namespace shiftfly::tables {

namespace halley_tables {
/// Fig. 8's spare axis: 0 to 64 in steps of 4.
inline constexpr std::uint64_t fig8_max_spares = 64;
inline constexpr std::uint64_t fig8_spare_step = 4;
/// Fig. 8's coverage axis (%), as the paper draws it: ticks from 90% up to seven nines (the axis
/// starts at 0%, so that the few spares below 90% stay on it).
inline constexpr double fig8_axis_bottom = 0;
inline constexpr double fig8_axis_top = 99.99999;
}  // namespace halley_tables

/// Theorem 2 and Fig. 8.
inline report::section_output halley_hierarchy(const halley_parameters& p) {
  using namespace halley_tables;
  namespace paper = halley::paper;
  using report::fixed, report::percent_number, report::shortest;
  auto t = make_table("theorem2", "Theorem 2: the hierarchical ceiling", "Section V-A, Theorem 2, Fig. 8",
                      "pair counts exact; flat shortcut by exact sums; nested model by tanh-sinh quadrature over Theta0 of the convolved "
                      "module beta-binomials (error < 1e-12)",
                      {"pool", "modules x lasers", "spares", "rho_bar", "flat at rho (%)", "flat at rho_bar (%)", "nested (%)"});
  const std::string shape = std::to_string(p.shape.modules) + " x " + std::to_string(p.shape.lasers);
  const auto pairs = halley::count_pairs(p.shape.modules, p.shape.lasers);
  const double rb = halley::average_correlation(p.shape);
  // The n-channel pool at the cap: n + spares_at_cap(n) lasers.
  const std::uint64_t cap_spares = halley::spares_at_cap(p.channels, p.cap);
  const std::uint64_t cap_pool = p.channels + cap_spares;
  t.add_row({std::to_string(p.channels) + "-channel pool at the cap", shape + " (rho_bar only)", std::to_string(cap_spares), fixed(rb, 3),
             percent_number(halley::failure_cdf(cap_pool, cap_spares, p.lambda, p.rho), 3),
             percent_number(halley::failure_cdf(cap_pool, cap_spares, p.lambda, rb), 3), "-"});
  // The same pool laid out as Fig. 8's modules.
  const halley::module_shape fig8{paper::fig8_modules, paper::fig8_lasers, p.shape.rho_within, p.shape.rho_across};
  const std::uint64_t fig8_pool = halley::module_pool_size(fig8);
  const std::uint64_t fig8_spares = fig8_pool - p.channels;
  const auto h8 = halley::hierarchy_coverage(fig8, fig8_spares, p.lambda);
  t.add_row({std::to_string(p.channels) + "-channel pool as " + std::to_string(fig8.modules) + " modules of " + std::to_string(fig8.lasers),
             std::to_string(fig8.modules) + " x " + std::to_string(fig8.lasers), std::to_string(fig8_spares), fixed(h8.rho_bar, 3),
             percent_number(halley::failure_cdf(fig8_pool, fig8_spares, p.lambda, p.rho), 3), percent_number(h8.flat, 3),
             percent_number(h8.nested, 3)});
  // The module shape itself as a pool at the cap.
  const std::uint64_t total = halley::module_pool_size(p.shape);
  const std::uint64_t own_spares = halley::spares_in_pool_at_cap(total, p.cap);
  const auto hs = halley::hierarchy_coverage(p.shape, own_spares, p.lambda);
  t.add_row({shape + " at its own cap", shape, std::to_string(own_spares), fixed(hs.rho_bar, 3),
             percent_number(halley::failure_cdf(total, own_spares, p.lambda, p.rho), 4), percent_number(hs.flat, 4),
             percent_number(hs.nested, 4)});
  t.notes.push_back(shape + ": " + std::to_string(pairs.same) + " same-module and " + std::to_string(pairs.cross) +
                    " cross-module pairs; rho_within = " + shortest(p.shape.rho_within) + ", rho_across = " +
                    shortest(p.shape.rho_across) + " give rho_bar = " + fixed(rb, 4) + ".");
  t.notes.push_back("Part 1: as L grows, Var(F/N) -> " + fixed(halley::hierarchical_variance_limit(p.shape, p.lambda), 5) +
                    " (the flat floor at rho_across is " + fixed(halley::variance_floor(p.lambda, p.shape.rho_across), 5) + ").");
  auto f8 = make_table("fig8_hierarchy", "Fig. 8: flat pool against the module structure's rho_bar", "Fig. 8",
                       "exact beta-binomial sums (the flat model at rho and at the 18 x 8 shape's rho_bar)",
                       {"spares", "flat rho = " + shortest(p.rho) + " (%)", "flat rho_bar = " + fixed(rb, 3) + " (%)"});
  // The paper's axes: coverage on a nines axis from 90% to seven nines; the flat pool dashed,
  // the module structure's average correlation solid.
  report::figure ff{"fig8_hierarchy_plot", "Fig. 8: hierarchical ceiling, 32 active", "spare lasers (32 active)", "coverage", false, false,
                    {{"flat pool, ρ = " + shortest(p.rho), {}, {}, report::dash::dashed},
                     {"module structure, ρ̄ = " + fixed(rb, 3), {}, {}, report::dash::solid}}};
  for (std::uint64_t s = 0; s <= fig8_max_spares; s += fig8_spare_step) {
    const double a = halley::coverage(p.channels, s, p.lambda, p.rho), b = halley::coverage(p.channels, s, p.lambda, rb);
    f8.add_row({std::to_string(s), percent_number(a, 4), percent_number(b, 4)});
    ff.lines[0].x.push_back(static_cast<double>(s));
    ff.lines[0].y.push_back(100 * (1 - halley::coverage_shortfall(p.channels, s, p.lambda, p.rho)));
    ff.lines[1].x.push_back(static_cast<double>(s));
    ff.lines[1].y.push_back(100 * (1 - halley::coverage_shortfall(p.channels, s, p.lambda, rb)));
  }
  ff.ynines = true;
  ff.yrange = {fig8_axis_bottom, fig8_axis_top};
  ff.display_ceiling = fig8_axis_top;
  ff.xrange = {0, static_cast<double>(fig8_max_spares), 8};
  report::illustrate(ff, f8,
                     "Coverage of 32 active lasers against spare lasers, on a nines axis: a flat pool in which every pair "
                     "of lasers has correlation ρ = " + shortest(p.rho) + " (dashed), and the same pool at the average "
                     "correlation ρ̄ of the modeled module structure, evaluated with the flat model (solid).");
  return {{t, f8}, {ff}};
}

}  // namespace shiftfly::tables
