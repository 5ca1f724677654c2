#pragma once
/// \file light_reserve_tables.hpp
/// `halley tables` section "lightreserve": Algorithm 1 (LightReserve) at the
/// calibration point, and Fig. 5, coverage against spares and the fixed reserve
/// against a sized pool.

#include <array>
#include <cstdint>
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
/// The independent failure probabilities of Fig. 5 (left), also Algorithm 1's first worked cases.
inline constexpr std::array<double, 3> fig5_left_lambdas{0.05, 0.10, 0.20};
/// Fig. 5 (left)'s spare axis, 0 to 25.
inline constexpr std::uint64_t fig5_left_max_spares = 25;
/// Fig. 5 (right)'s failure-probability axis: 0.005 to 0.1 in steps of 0.005.
inline constexpr int fig5_right_points = 20;
inline constexpr double fig5_right_step = 0.005;
}  // namespace halley_tables

/// Algorithm 1 (LightReserve) at the calibration point, and Fig. 5.
inline report::section_output halley_light_reserve(const halley_parameters& p) {
  using namespace halley_tables;
  namespace paper = halley::paper;
  using report::fixed, report::percent_number, report::shortest;
  auto t = make_table("lightreserve", "Algorithm 1 (LightReserve) at the calibration point", "Section IV-A, Fig. 5",
                      "exact beta-binomial sums; exponential-then-binary search; TOMS 748 for rho'",
                      {"lambda", "rho", "target (%)", "spares s*", "pool multiple", "coverage (%)", "within cap", "rho' at cap"});
  struct worked_case {
    double lambda, rho, target;
  };
  const std::vector<worked_case> cases{{fig5_left_lambdas[0], 0, paper::two_nines}, {fig5_left_lambdas[1], 0, paper::two_nines},
                                       {fig5_left_lambdas[2], 0, paper::two_nines}, {p.lambda, p.rho, paper::two_nines},
                                       {p.lambda, p.rho, paper::three_nines},     {p.lambda, p.rho, p.target5}};
  for (const auto& c : cases) {
    const auto s = halley::light_reserve(p.channels, c.lambda, c.rho, c.target, p.cap);
    t.add_row({shortest(c.lambda), shortest(c.rho), percent_number(c.target, 3), std::to_string(s.spares), fixed(s.pool_multiple, 1),
               percent_number(s.coverage, 4), s.reachable ? "yes" : "UNREACHABLE",
               s.reachable ? "-" : (s.rho_target_exists ? fixed(s.rho_target, 4) : "none")});
  }
  const auto capped = halley::light_reserve(p.channels, p.lambda, p.rho, p.target5, p.cap);
  t.notes.push_back("The " + std::to_string(p.reserve) + "-laser reserve covers " +
                    percent_number(halley::coverage(p.channels, p.reserve, p.lambda, p.rho), 1) + "%; the " +
                    std::to_string(capped.cap_spares) + " spares the cap allows cover " + percent_number(capped.cap_coverage, 3) + "%.");

  std::vector<std::string> left_cols{"spares"};
  for (double l : fig5_left_lambdas) left_cols.push_back("lambda = " + fixed(l, 2) + " (%)");
  auto l = make_table("fig5_left", "Fig. 5 (left): coverage against spares, independent failures", "Fig. 5 left", "exact binomial sums",
                      left_cols);
  report::figure fl{"fig5_left_plot", "Fig. 5 (left): independent failures", "spare lasers", "coverage (%)", false, false, {}};
  for (double x : fig5_left_lambdas) fl.lines.push_back({"λ = " + fixed(x, 2), {}, {}});
  for (std::uint64_t s = 0; s <= fig5_left_max_spares; ++s) {
    std::vector<std::string> row{std::to_string(s)};
    for (std::size_t k = 0; k < fig5_left_lambdas.size(); ++k) {
      const double a = halley::coverage(p.channels, s, fig5_left_lambdas[k], 0.0);
      row.push_back(percent_number(a, 2));
      fl.lines[k].x.push_back(static_cast<double>(s));
      fl.lines[k].y.push_back(100 * a);
    }
    l.add_row(row);
  }
  auto r = make_table("fig5_right", "Fig. 5 (right): fixed reserve against LightReserve at 99.9%", "Fig. 5 right",
                      "exact beta-binomial sums; Algorithm 1", {"lambda", "four-laser reserve (%)", "spares for 99.9%", "sized pool (%)"});
  report::figure fr{"fig5_right_plot", "Fig. 5 (right): rho = 0.15", "failure rate λ", "coverage (%)", false, false,
                    {{"four-laser reserve", {}, {}}, {"LightReserve, 99.9%", {}, {}}}};
  for (int i = 1; i <= fig5_right_points; ++i) {
    const double lambda = i * fig5_right_step;
    const double a = halley::coverage(p.channels, p.reserve, lambda, p.rho);
    const auto s = halley::light_reserve(p.channels, lambda, p.rho, paper::three_nines, p.cap);
    r.add_row({fixed(lambda, 3), percent_number(a, 2), spares_cell(s), percent_number(s.coverage, 3)});
    fr.lines[0].x.push_back(lambda);
    fr.lines[0].y.push_back(100 * a);
    fr.lines[1].x.push_back(lambda);
    fr.lines[1].y.push_back(100 * s.coverage);
  }
  // The paper's axes: coverage from 60% to 100%, spares from 0 to 25, failure rates from 0 to 0.10.
  fl.xrange = {0, static_cast<double>(fig5_left_max_spares), 5};
  fr.xrange = {0, fig5_right_points * fig5_right_step, 0.05};
  for (auto* f : {&fl, &fr}) f->yrange = {60, 100, 10};
  report::illustrate(fl, l, "Coverage against spare lasers under independent failures, one line per failure rate λ.");
  report::illustrate(fr, r,
                     "Coverage of a fixed four-laser reserve and of LightReserve sized for 99.9%, against the failure "
                     "rate λ at ρ = 0.15.");
  return {{t, l, r}, {fl, fr}};
}

}  // namespace shiftfly::tables
