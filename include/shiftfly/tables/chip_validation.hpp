#pragma once
/// \file chip_validation.hpp
/// Chip-level validation of eq. (1) (beyond the paper, which validated one pod): the
/// table and figure of studies/chip_validation.hpp's measurements.

#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/studies/chip_validation.hpp"

namespace shiftfly::tables {

/// The validation table: eq. (1) against the measured chip-level figures.
inline report::table chip_validation_table(const std::vector<studies::chip_validation_row>& rows,
                                           std::uint64_t all_pairs_limit, std::uint64_t max_groups) {
  report::table t;
  t.id = "chip_validation";
  t.title = "Chip-level validation of eq. (1)";
  t.source = "beyond the paper: eq. (1) and Lemma 2.3 checked on whole chip-level graphs, not one pod";
  t.method = "exact: group-level values by all-pairs BFS; chip-level diameter and mean by all-pairs BFS up to " +
             report::thousands(all_pairs_limit) + " chips, the diameter by iFUB above; sizes up to " +
             report::thousands(max_groups) + " groups";
  t.columns = {"Design", "Groups", "Chips", "Group D", "Chip D by eq. (1)", "Chip D measured", "Rule on D",
               "Chip mean by eq. (1)", "Chip mean measured", "Rule on mean", "Method"};
  for (const auto& [bf, sf] : rows) {
    for (const auto* m : {&bf, &sf}) {
      t.add_row({m == &bf ? "Boardfly" : "Shiftfly", report::thousands(m->groups), report::thousands(m->chips),
                 std::to_string(m->group_diameter), std::to_string(m->rule_diameter), std::to_string(m->chip_diameter),
                 m->diameter_verdict, report::fixed(m->rule_mean, studies::chip_mean_decimals),
                 m->chip_mean_known ? report::fixed(m->chip_mean, studies::chip_mean_decimals) : "not measured",
                 m->mean_verdict, m->chip_method});
    }
  }
  t.notes.push_back("Eq. (1) charges 3 chip hops inside every group on the path; a measured value below the rule means "
                    "paths that enter and leave a group on the same building block, or shorter group paths found "
                    "through chip-level detours.");
  return t;
}

/// The figure: chip diameter by eq. (1) and measured, against chips.
inline report::figure chip_validation_figure(const std::vector<studies::chip_validation_row>& rows) {
  report::figure f;
  f.id = "chip_validation_plot";
  f.title = "Chip-level diameter: eq. (1) against measurement";
  f.xlabel = "chips";
  f.ylabel = "chip hops";
  f.logx = true;
  report::series bf_rule{"Boardfly, eq. (1)", {}, {}}, bf_meas{"Boardfly, measured", {}, {}},
      sf_rule{"Shiftfly, eq. (1)", {}, {}}, sf_meas{"Shiftfly, measured", {}, {}};
  for (const auto& [bf, sf] : rows) {
    bf_rule.x.push_back(static_cast<double>(bf.chips));
    bf_rule.y.push_back(static_cast<double>(bf.rule_diameter));
    bf_meas.x.push_back(static_cast<double>(bf.chips));
    bf_meas.y.push_back(bf.chip_diameter);
    sf_rule.x.push_back(static_cast<double>(sf.chips));
    sf_rule.y.push_back(static_cast<double>(sf.rule_diameter));
    sf_meas.x.push_back(static_cast<double>(sf.chips));
    sf_meas.y.push_back(sf.chip_diameter);
  }
  f.lines = {bf_rule, bf_meas, sf_rule, sf_meas};
  return f;
}

}  // namespace shiftfly::tables
