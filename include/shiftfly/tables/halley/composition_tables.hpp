#pragma once
/// \file composition_tables.hpp
/// `halley tables` section "composition": Section V-D's goodput composition
/// under each availability reading, its details, the coupled model with
/// Proposition 1's quantile transport (Figs. 13 and 15), and Fig. 14 (right),
/// goodput against the failure probability.

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <utility>

#include "shiftfly/halley/composition.hpp"
#include "shiftfly/halley/light_reserve.hpp"
#include "shiftfly/halley/paper_inputs.hpp"
#include "shiftfly/halley/window.hpp"
#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table_set.hpp"
#include "shiftfly/tables/halley/operating_point.hpp"
#include "shiftfly/tables/halley/paper_table.hpp"

namespace shiftfly::tables {

namespace halley_tables {
/// The availability readings c tabulated: coverage (1) to lit share (0).
inline constexpr std::array<double, 5> availability_readings{1.0, 0.75, 0.5, 0.25, 0.0};
/// Section V-D's sensitivity band: both loss shares halved and doubled.
inline constexpr std::array<double, 2> loss_share_scales{0.5, 2.0};
/// The attribution fractions of the stack's relative gain tabulated.
inline constexpr std::array<double, 4> attribution_fractions{0.75, 0.5, 1.0 / 3, 0.1};
/// The correlations p* (Proposition 1) is located at: the floor, the stress point, the top of the band.
inline constexpr std::array<double, 3> quantile_threshold_rhos{0.03, 0.15, 0.35};
/// Fig. 15's percentiles p = 1..50; the table prints p = 1, 5, 22 and the multiples of 10.
inline constexpr int fig15_max_percentile = 50;
inline constexpr bool fig15_tabulated(int p) { return p == 1 || p == 5 || p % 10 == 0 || p == 22; }
/// The bracket of the Fig. 15 crossing, in p.
inline constexpr double fig15_crossing_lo = 0.05;
inline constexpr double fig15_crossing_hi = 0.5;
/// Fig. 14 (right)'s axis: λ = 0.01 to 0.20 in steps of 0.01, and the λ its note reads.
inline constexpr int fig14_right_points = 20;
inline constexpr double fig14_right_step = 0.01;
inline constexpr double fig14_right_note_lambda = 0.18;
}  // namespace halley_tables

/// Section V-D: the goodput composition, its readings, the coupled model, Fig. 14 right, Fig. 15.
inline report::section_output halley_composition(const halley_parameters& p) {
  using namespace halley_tables;
  namespace paper = halley::paper;
  using report::fixed, report::percent_number, report::shortest;
  const auto pct = [](double x, int digits) { return percent_number(x, digits); };
  const auto& in = p.composition;
  auto t = make_table("composition", "Section V-D: composed goodput under each reading", "Section V-D, Figs. 11-12, Section VII-A",
                      "closed form goodput = ideal x availability x (1 - thermal) x (1 - reconfig); coverage and lit share by exact sums",
                      {"reading c", "baseline avail. (%)", "stack avail. (%)", "baseline (%)", "full stack (%)", "gain (points)",
                       "relative gain (%)", "training factor", "capacity saved (%)"});
  for (double c : availability_readings) {
    const auto g = halley::compose_goodput(in, c);
    t.add_row({fixed(c, 2), pct(g.baseline_availability, 2), pct(g.stack_availability, 3), pct(g.baseline, 1), pct(g.full_stack, 1),
               pct(g.gain_points, 1), pct(g.relative_gain, 1), fixed(g.capital_factor, 2), pct(g.capacity_saving, 1)});
  }
  const auto g = halley::compose_goodput(in, 1.0);
  const auto lit = halley::compose_goodput(in, 0.0);
  auto capped_in = in;
  capped_in.stack_spares = halley::spares_at_cap(in.channels, p.cap);
  const auto gc = halley::compose_goodput(capped_in, 1.0);
  auto d = make_table("composition_details", "Section V-D: the coverage reading in detail", "Section V-D, Figs. 11-12",
                      "closed form on exact coverages", {"quantity", "value"});
  d.add_row({"ideal goodput implied by the anchor (%)", pct(g.ideal, 2)});
  d.add_row({"availability alone: goodput (%)", pct(g.availability_only, 1)});
  d.add_row({"availability's share of the gain (points)", pct(g.availability_share, 1)});
  d.add_row({"pool availability change (points)", pct(g.availability_change, 1)});
  d.add_row({"held to the cap (" + std::to_string(capped_in.stack_spares) + " spares): goodput (%)", pct(gc.full_stack, 1)});
  d.add_row({"held to the cap: gain (points)", pct(gc.gain_points, 1)});
  d.add_row({"held to the cap: pool availability change (points)", pct(gc.availability_change, 1)});
  d.add_row({"lit share, four-laser reserve (%)", pct(halley::lit_share(in.channels, in.baseline_spares, in.lambda, in.rho), 1)});
  d.add_row({"lit share, full stack (%)", pct(halley::lit_share(in.channels, in.stack_spares, in.lambda, in.rho), 2)});
  for (double scale : loss_share_scales) {
    const auto s = halley::scale_loss_shares(in, scale);
    const auto cmp = halley::compare_goodput(s, g.ideal, s.lambda, s.baseline_spares, s.stack_spares);
    d.add_row({"loss shares x" + shortest(scale) + ": baseline / full stack / relative gain (%)",
               pct(cmp.baseline, 1) + " / " + pct(cmp.full_stack, 1) + " / " + pct(cmp.relative_gain, 1)});
  }
  const double l50 = halley::failure_probability(paper::threshold_low_fit, halley::parse_window(paper::short_window));
  const auto c50 = halley::compare_goodput(in, g.ideal, l50, in.baseline_spares, in.baseline_spares);
  d.add_row({"50 FIT, 90-day restock: gain (points) / relative (%)", pct(c50.gain_points, 1) + " / " + pct(c50.relative_gain, 1)});
  for (double frac : attribution_fractions)
    d.add_row({"attribution fraction " + fixed(frac, 2) + ": coverage / lit-share relative gain (%)",
               pct(halley::attributed_gain(g.relative_gain, frac), 1) + " / " + pct(halley::attributed_gain(lit.relative_gain, frac), 1)});
  d.add_row({"inference (failures " + shortest(paper::inference_failure_rarity) + "x rarer): four-laser reserve coverage (%)",
             pct(halley::coverage(in.channels, in.baseline_spares,
                                  halley::rarer_failure_probability(in.lambda, paper::inference_failure_rarity), in.rho),
                 1)});

  // Coupled model and Proposition 1.
  auto decor = in;
  decor.rho = paper::decorrelated_rho;
  auto q = make_table("fig13_fig15_quantiles", "Fig. 13 and Fig. 15: the coupled model and quantile transport",
                      "Section V-D (coupled model), Proposition 1, Fig. 15",
                      "G(Theta) closed form; mean by tanh-sinh quadrature; Q_p(G) = G(F^-1(1-p)) by ibeta_inv",
                      {"p (%)", "Q_p(G), rho = " + shortest(in.rho) + " (%)", "Q_p(G), rho = " + shortest(decor.rho) + " (%)"});
  // The paper's axes and strokes: p from 0 to 50, Q_p from 55% to 80%; rho = 0.15 dashed, decorrelated solid.
  report::figure f15{"fig15_quantiles_plot", "Fig. 15: closed-form quantile of G(Theta)", "tail percentile p", "quantile Q_p(G) (%)", false,
                     false, {{"ρ = " + shortest(in.rho), {}, {}, report::dash::dashed}, {"ρ = " + shortest(decor.rho), {}, {}, report::dash::solid}}};
  f15.xrange = {0, fig15_max_percentile, 10};
  f15.yrange = {55, 80, 5};
  for (int pp = 1; pp <= fig15_max_percentile; ++pp) {
    const double a = halley::goodput_quantile(in, g.ideal, pp / 100.0), b = halley::goodput_quantile(decor, g.ideal, pp / 100.0);
    if (fig15_tabulated(pp)) q.add_row({std::to_string(pp), pct(a, 1), pct(b, 1)});
    f15.lines[0].x.push_back(pp);
    f15.lines[0].y.push_back(100 * a);
    f15.lines[1].x.push_back(pp);
    f15.lines[1].y.push_back(100 * b);
  }
  const double cross = halley::quantile_crossing(in, decor, g.ideal, fig15_crossing_lo, fig15_crossing_hi);
  q.notes.push_back("Coupled mean " + pct(halley::coupled_mean(in, g.ideal), 1) + "% (independent point estimate " + pct(g.full_stack, 1) +
                    "%); " + pct(halley::coverage_shortfall(in.channels, in.stack_spares, in.lambda, in.rho), 1) + "% of windows exhaust the " +
                    std::to_string(in.stack_spares) + " spares.");
  q.notes.push_back("The curves cross at p = " + pct(cross, 1) + ".");
  std::string thresholds;
  for (std::size_t k = 0; k < quantile_threshold_rhos.size(); ++k) {
    const double r = quantile_threshold_rhos[k];
    thresholds += (k == 0 ? "" : ", ") + pct(halley::quantile_threshold(in.lambda, r), 1) +
                  " at rho = " + shortest(r);
  }
  q.notes.push_back("p* (Proposition 1, located by TOMS 748): " + thresholds + " (percentiles).");

  // Fig. 14 right: goodput against lambda.
  auto r = make_table("fig14_right", "Fig. 14 (right): goodput against failure rate", "Fig. 14 right, Section V-D",
                      "closed form composition on exact coverages; pool sized to 99.9% by Algorithm 1",
                      {"lambda", "baseline (%)", "spares for 99.9%", "full stack (%)", "full stack held to cap (%)"});
  // The paper's axes and marks: lambda from 0 to 0.2, goodput from 30% to 80%; the baseline
  // dashed, the full stack solid, the gap between them shaded, circles at the stress point.
  report::figure fr{"fig14_right_plot", "Fig. 14 (right): goodput against lambda, rho = 0.15", "failure rate λ", "cluster goodput (%)",
                    false, false,
                    {{"baseline", {}, {}, report::dash::dashed}, {"full stack", {}, {}, report::dash::solid}, {"full stack held to cap", {}, {}}}};
  fr.xrange = {0, fig14_right_points * fig14_right_step, 0.05};
  fr.yrange = {30, 80, 10};
  fr.gaps.push_back({0, 1, "gap"});
  for (int i = 1; i <= fig14_right_points; ++i) {
    const double lambda = i * fig14_right_step;
    const auto s = halley::light_reserve(in.channels, lambda, in.rho, paper::three_nines, p.cap);
    const auto sized = halley::compare_goodput(in, g.ideal, lambda, in.baseline_spares, s.spares);
    const auto held = halley::compare_goodput(in, g.ideal, lambda, in.baseline_spares, std::min(s.spares, s.cap_spares));
    r.add_row({fixed(lambda, 2), pct(sized.baseline, 1), spares_cell(s), pct(sized.full_stack, 1), pct(held.full_stack, 1)});
    for (auto [k, v] : {std::pair{0, sized.baseline}, std::pair{1, sized.full_stack}, std::pair{2, held.full_stack}}) {
      fr.lines[k].x.push_back(lambda);
      fr.lines[k].y.push_back(100 * v);
    }
  }
  {
    const auto stress = halley::compare_goodput(in, g.ideal, in.lambda, in.baseline_spares,
                                                halley::light_reserve(in.channels, in.lambda, in.rho, paper::three_nines, p.cap).spares);
    fr.markers.push_back({in.lambda, 100 * stress.baseline, "stress operating point (λ = " + shortest(in.lambda) + ")", false});
    fr.markers.push_back({in.lambda, 100 * stress.full_stack, "", false});
  }
  {
    const double lambda = fig14_right_note_lambda;
    const auto s = halley::light_reserve(in.channels, lambda, in.rho, paper::three_nines, p.cap);
    const auto sized = halley::compare_goodput(in, g.ideal, lambda, in.baseline_spares, s.spares);
    const auto held = halley::compare_goodput(in, g.ideal, lambda, in.baseline_spares, s.cap_spares);
    r.notes.push_back("At lambda = " + shortest(lambda) + ": " + std::to_string(s.spares) + " spares; gap " + pct(sized.gain_points, 1) +
                      " points (" + pct(held.gain_points, 1) + " held to the cap: " + pct(held.full_stack, 1) + "% against " +
                      pct(held.baseline, 1) + "%).");
  }
  report::illustrate(f15, q,
                     "Closed-form quantile Q_p of cluster goodput G(Θ) against the tail percentile p, at the "
                     "calibration correlation (dashed) and after decorrelation (solid).");
  report::illustrate(fr, r,
                     "Cluster goodput against the failure rate λ at ρ = 0.15: the deployed baseline (dashed), the full "
                     "stack with its pool sized to 99.9% at each rate (solid), the gap between them shaded, and the full "
                     "stack held to the cap; circles at the stress operating point.");
  return {{t, d, q, r}, {f15, fr}};
}

}  // namespace shiftfly::tables
