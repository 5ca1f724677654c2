#pragma once
/// \file rate_tables.hpp
/// `halley tables` section "table2": Table II, where the ceiling binds for the
/// 32-channel pool as the FIT rate and the restock window vary, and the largest
/// failure probability that still fits five nines inside the cap.

#include <string>

#include "shiftfly/halley/ceiling.hpp"
#include "shiftfly/halley/light_reserve.hpp"
#include "shiftfly/halley/paper_inputs.hpp"
#include "shiftfly/halley/window.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table_set.hpp"
#include "shiftfly/tables/halley/operating_point.hpp"
#include "shiftfly/tables/halley/paper_table.hpp"

namespace shiftfly::tables {

/// Table II: where the ceiling binds, and its threshold.
inline report::section_output halley_table2(const halley_parameters& p) {
  using namespace halley_tables;
  namespace paper = halley::paper;
  using report::fixed, report::percent_number, report::scientific, report::shortest;
  auto t = make_table("table2", "Table II: where the ceiling binds, for the 32-channel pool", "Table II, Section III-B",
                      "closed form lambda = 1 - exp(-phi t_w 1e-9); A_crit by ibeta; s5 by Algorithm 1 (exact sums)",
                      {"phi (FIT)", "window", "lambda", "A_crit (%)", "s5, rho = 0.15", "s5, indep."});
  for (const auto& row : paper::table2_rows) {
    const double hours = halley::parse_window(row.window);
    const bool by_lambda = row.lambda > 0;
    const auto rate = by_lambda ? halley::rate_from_probability(row.lambda, hours) : halley::rate_from_fit(row.fit, hours);
    const auto sc = halley::light_reserve(p.channels, rate.lambda, p.rho, p.target5, p.cap);
    const auto si = halley::light_reserve(p.channels, rate.lambda, 0.0, p.target5, p.cap);
    t.add_row({fixed(rate.fit, 0), std::string(row.window), by_lambda ? shortest(rate.lambda) : scientific(rate.lambda, 1),
               percent_number(halley::critical_availability(rate.lambda, p.rho, p.cap), 4), spares_cell(sc), spares_cell(si)});
  }
  t.notes.push_back("A year is 365 days (8,760 h). The last row is the stress point lambda = 0.05 over six years; its FIT rate is "
                    "computed from lambda (975.9, printed 976).");
  auto th = make_table("table2_threshold", "Table II: the lambda threshold and what follows from it", "Table II, Sections III-B, IV-A, V-D",
                       "TOMS 748 on lambda for A(cap spares) = target; exact sums", {"quantity", "value"});
  const std::string target = percent_number(p.target5, 3);
  const double lt = halley::largest_rate_within_cap(p.channels, p.rho, p.target5, p.cap);
  const double short_lambda = halley::failure_probability(paper::threshold_low_fit, halley::parse_window(paper::short_window));
  const double year_lambda = halley::failure_probability(paper::threshold_low_fit, halley::parse_window(paper::year_window));
  th.add_row({"largest lambda with " + target + "% inside the cap", scientific(lt, 2)});
  th.add_row({"FIT-hours at that lambda", scientific(halley::fit_hours_for_probability(lt), 2)});
  th.add_row({"days at " + shortest(paper::threshold_low_fit) + " FIT", fixed(halley::days_for_probability(lt, paper::threshold_low_fit), 0)});
  th.add_row({"days at " + shortest(paper::threshold_high_fit) + " FIT", fixed(halley::days_for_probability(lt, paper::threshold_high_fit), 0)});
  th.add_row({"four-laser reserve, 50 FIT, 90-day windows (%)",
              percent_number(halley::coverage(p.channels, p.reserve, short_lambda, p.rho), 3)});
  th.add_row({"four-laser reserve, 50 FIT, one-year windows (%)",
              percent_number(halley::coverage(p.channels, p.reserve, year_lambda, p.rho), 3)});
  th.add_row({"spares for " + target + "% at lambda = " + shortest(paper::light_lambda),
              spares_cell(halley::light_reserve(p.channels, paper::light_lambda, p.rho, p.target5, p.cap))});
  return {{t, th}, {}};
}

}  // namespace shiftfly::tables
