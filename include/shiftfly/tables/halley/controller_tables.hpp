#pragma once
/// \file controller_tables.hpp
/// `halley tables` section "controllers": the closed forms of ThermaLead
/// (Section IV-C: the one-step-ahead forecast's residual and lock loss) and
/// TriageGuard (Section IV-D: MTTR against the intercepted failure mass).

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/halley/paper_inputs.hpp"
#include "shiftfly/halley/thermal.hpp"
#include "shiftfly/halley/triage.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table_set.hpp"
#include "shiftfly/tables/halley/operating_point.hpp"
#include "shiftfly/tables/halley/paper_table.hpp"

namespace shiftfly::tables {

namespace halley_tables {
/// The lag-1 autocorrelations R tabulated: none, the paper's measured 0.075, and a
/// range up to strongly predictable drift.
inline constexpr std::array<double, 6> drift_autocorrelations{0.0, halley::paper::measured_drift_autocorrelation, 0.13, 0.5, 0.8, 0.95};
/// Lock thresholds τ/σx the lock-loss ratio is read at.
inline constexpr std::array<double, 3> lock_thresholds{1.0, 2.0, 3.0};
}  // namespace halley_tables

/// ThermaLead and TriageGuard closed forms.
inline report::section_output halley_controllers(const halley_parameters&) {
  using namespace halley_tables;
  namespace paper = halley::paper;
  using report::fixed, report::percent_number;
  auto t = make_table("thermalead", "ThermaLead: the one-step-ahead benchmark", "Section IV-C, Table III",
                      "closed form sigma_e^2 = sigma_x^2(1-R^2); lock loss 2 Phi-bar(tau/sigma) (erfc)",
                      {"lag-1 autocorrelation R", "variance removed (%)", "sigma_e/sigma_x", "lock-loss ratio at tau/sigma_x = 1",
                       "at 2", "at 3"});
  for (double r : drift_autocorrelations) {
    std::vector<std::string> row{fixed(r, 3), percent_number(halley::variance_removed(r), 2), fixed(halley::residual_sd_ratio(r), 4)};
    for (double tau : lock_thresholds) row.push_back(fixed(halley::lock_loss_ratio(tau, r), 4));
    t.add_row(row);
  }
  auto g = make_table("triageguard", "TriageGuard: MTTR against intercepted mass", "Section IV-D, Algorithm 4, Fig. 7 right",
                      "closed form MTTR = mu t_sw + (1-mu) t_miss, t_sw = " + report::shortest(paper::switch_over_ms) +
                          " ms, t_miss = " + report::shortest(paper::miss_recovery_ms) +
                          " ms; intercepted masses as printed by the paper's simulation",
                      {"ranking", "intercepted mass mu", "MTTR (ms)", "cut vs uniform (%)"});
  const double u = halley::uniform_intercepted_mass(paper::triage_budget, paper::triage_modules);
  g.add_row({"all-dynamic", "0", fixed(halley::mean_time_to_recover(0), 2), percent_number(halley::mttr_cut(0, u), 1)});
  g.add_row({"uniform (B/M = " + std::to_string(paper::triage_budget) + "/" + std::to_string(paper::triage_modules) + ")", fixed(u, 3),
             fixed(halley::mean_time_to_recover(u), 2), "0.0"});
  for (auto [name, mu] : std::vector<std::pair<std::string, double>>{{"stale telemetry", paper::stale_intercepted_mass},
                                                                      {"fresh telemetry", paper::fresh_intercepted_mass},
                                                                      {"oracle", paper::oracle_intercepted_mass}})
    g.add_row({name, fixed(mu, 3), fixed(halley::mean_time_to_recover(mu), 2), percent_number(halley::mttr_cut(mu, u), 1)});
  g.notes.push_back("The three intercepted masses are simulation outputs of the paper (inputs here); the MTTR and its cut are closed form.");
  return {{t, g}, {}};
}

}  // namespace shiftfly::tables
