#pragma once
/// \file chip_validation.hpp
/// Chip-level validation of eq. (1) (beyond the paper, which validated one pod).
///
/// The paper converts group hops g into chip hops by 3(g+1) + g (eq. (1),
/// Lemma 2.3). Here the chip-level Boardfly-of-pods and Shiftfly graphs are
/// built (32 chips per group, Boardfly's blocks and copper, the global tier's
/// links placed on chips by the rules stated in topology/boardfly.hpp and
/// topology/shiftfly.hpp) and measured exactly: diameter and mean distance by
/// all-pairs BFS up to `all_pairs_limit` chips, the diameter alone by iFUB
/// above that. Each measured value is compared with eq. (1) applied to the
/// exact group-level value: the rule is "tight" where they agree and
/// "overestimates" (or "underestimates") otherwise.

#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/diameter_bounds.hpp"
#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"

namespace shiftfly::tables {

/// One design at one size, measured at group and at chip level.
struct chip_measure {
  std::uint64_t groups = 0, chips = 0;
  std::uint32_t group_diameter = 0;
  double group_mean = 0;
  std::uint32_t chip_diameter = 0;
  bool chip_mean_known = false;  ///< false above the all-pairs limit
  double chip_mean = 0;
  std::string chip_method;  ///< "all-pairs" or "iFUB (k BFS)"
};

/// Measures a group-level and a chip-level graph of the same design.
template <class G, class C>
inline chip_measure measure_chip_level(std::uint64_t groups, const G& group_graph, const C& chip_graph,
                                       std::uint64_t all_pairs_limit, unsigned threads) {
  metrics::sweep_options o;
  o.threads = threads;
  chip_measure m;
  m.groups = groups;
  m.chips = chip_graph.num_vertices();
  const auto gs = metrics::all_pairs_stats(group_graph, o);
  m.group_diameter = gs.diameter;
  m.group_mean = gs.mean;
  if (m.chips <= all_pairs_limit) {
    const auto cs = metrics::all_pairs_stats(chip_graph, o);
    m.chip_diameter = cs.diameter;
    m.chip_mean = cs.mean;
    m.chip_mean_known = true;
    m.chip_method = "all-pairs";
  } else {
    const auto d = metrics::diameter_ifub(chip_graph, threads);
    m.chip_diameter = d.diameter;
    m.chip_method = "iFUB (" + std::to_string(d.bfs_sources) + " BFS)";
  }
  return m;
}

/// How eq. (1) compares with a measured value.
inline std::string rule_verdict(double rule, double measured) {
  if (rule == measured) return "tight";
  return rule > measured ? "overestimates" : "underestimates";
}

/// Group counts of the validation: Table 2's sizes up to `max_groups`.
inline std::vector<std::uint64_t> chip_validation_sizes(std::uint64_t max_groups) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t g : {36, 144, 576, 2304, 8400, 12500, 36000})
    if (g <= max_groups) out.push_back(g);
  return out;
}

/// Measures both designs at every size.
inline std::vector<std::pair<chip_measure, chip_measure>> chip_validation_rows(const std::vector<std::uint64_t>& sizes,
                                                                               std::uint64_t all_pairs_limit,
                                                                               unsigned threads) {
  std::vector<std::pair<chip_measure, chip_measure>> rows;
  for (auto n : sizes) {
    auto bf = measure_chip_level(n, topology::boardfly_group_level(n), topology::boardfly_chip_level(n), all_pairs_limit,
                                 threads);
    auto sf = measure_chip_level(n, topology::shiftfly_group_level(n), topology::shiftfly_chip_level(n), all_pairs_limit,
                                 threads);
    rows.emplace_back(std::move(bf), std::move(sf));
  }
  return rows;
}

/// The validation table: eq. (1) against the measured chip-level figures.
inline report::table chip_validation_table(const std::vector<std::pair<chip_measure, chip_measure>>& rows,
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
      const auto rule_d = topology::chip_hops(m->group_diameter);
      const double rule_mean = topology::chip_hops_mean(m->group_mean);
      t.add_row({m == &bf ? "Boardfly" : "Shiftfly", report::thousands(m->groups), report::thousands(m->chips),
                 std::to_string(m->group_diameter), std::to_string(rule_d), std::to_string(m->chip_diameter),
                 rule_verdict(static_cast<double>(rule_d), m->chip_diameter), report::fixed(rule_mean, 3),
                 m->chip_mean_known ? report::fixed(m->chip_mean, 3) : "not measured",
                 m->chip_mean_known ? rule_verdict(std::stod(report::fixed(rule_mean, 3)), std::stod(report::fixed(m->chip_mean, 3)))
                                    : "-",
                 m->chip_method});
    }
  }
  t.notes.push_back("Eq. (1) charges 3 chip hops inside every group on the path; a measured value below the rule means "
                    "paths that enter and leave a group on the same building block, or shorter group paths found "
                    "through chip-level detours.");
  return t;
}

/// The figure: chip diameter by eq. (1) and measured, against chips.
inline report::figure chip_validation_figure(const std::vector<std::pair<chip_measure, chip_measure>>& rows) {
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
    bf_rule.y.push_back(static_cast<double>(topology::chip_hops(bf.group_diameter)));
    bf_meas.x.push_back(static_cast<double>(bf.chips));
    bf_meas.y.push_back(bf.chip_diameter);
    sf_rule.x.push_back(static_cast<double>(sf.chips));
    sf_rule.y.push_back(static_cast<double>(topology::chip_hops(sf.group_diameter)));
    sf_meas.x.push_back(static_cast<double>(sf.chips));
    sf_meas.y.push_back(sf.chip_diameter);
  }
  f.lines = {bf_rule, bf_meas, sf_rule, sf_meas};
  return f;
}

}  // namespace shiftfly::tables
