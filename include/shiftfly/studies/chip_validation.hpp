#pragma once
/// \file chip_validation.hpp
/// Chip-level validation of the Shiftfly paper's eq. (1) (beyond the paper, which
/// validated one pod).
///
/// The paper converts group hops g into chip hops by 3(g+1) + g (eq. (1),
/// Lemma 2.3). Here the chip-level Boardfly-of-pods and Shiftfly graphs are
/// built (32 chips per group, Boardfly's blocks and copper, the global tier's
/// links placed on chips by the rules stated in topology/boardfly.hpp and
/// topology/shiftfly.hpp) at Table 2's group counts (studies/table2_groups.hpp)
/// and measured exactly: diameter and mean distance by all-pairs BFS up to
/// `all_pairs_limit` chips, the diameter alone by iFUB above that. Each measured
/// value is compared with eq. (1) applied to the exact group-level value: the rule
/// is "tight" where they agree and "overestimates" (or "underestimates") otherwise.
/// Diameters are compared exactly; means at `chip_mean_decimals` decimals, the
/// precision they are reported at (rounded_decimal below).

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/diameter_bounds.hpp"
#include "shiftfly/studies/study_options.hpp"
#include "shiftfly/studies/table2_groups.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"

namespace shiftfly::studies {

/// Largest group count of the validation, and the all-pairs limit in chips. Beyond 2,304
/// groups (73,728 chips) the chip-level diameter by iFUB takes minutes per graph on the
/// 2-core development machine, so the tables stop there and say so.
inline constexpr std::uint64_t chip_validation_max_groups = 2304;
inline constexpr std::uint64_t chip_validation_all_pairs_limit = 73728;

/// The paper's largest chip-level system (36,000 groups of 32 chips: 1,152,000 chips),
/// measured by all pairs in the largest profile (report/profile.hpp).
inline constexpr std::uint64_t chip_largest_groups = 36000;
inline constexpr std::uint64_t chip_largest_all_pairs_limit = 1152000;

/// The decimals at which eq. (1)'s mean is compared with the measured mean.
inline constexpr int chip_mean_decimals = 3;

/// x rounded to `decimals` decimals, as an integer count of 10^-decimals: the integer m
/// nearest to x · 10^decimals, ties to even, computed on the exact binary value of x (the
/// sign of x · 10^decimals − m is taken from a fused multiply-add, which rounds once, so
/// it is exact). This is the rounding of a correctly rounded decimal print
/// ("{:.3f}"), so two values round alike here exactly when they print alike.
/// Accepts x >= 0 with x · 10^decimals below 2^52, decimals 0 to 15.
inline std::int64_t rounded_decimal(double x, int decimals) {
  constexpr const char* where = "rounded_decimal";
  core::require_range(where, "decimals", decimals, 0, 15);
  const double scale = std::pow(10.0, decimals);  // exact: 10^15 < 2^53
  if (!(x >= 0) || !(x * scale < 0x1p52)) core::throw_out_of_range(where, "x", x, "0 to 2^52 / 10^decimals");
  // m = floor(x · scale), corrected by the exact sign of x · scale − m.
  double m = std::floor(x * scale);
  while (std::fma(x, scale, -m) < 0) m -= 1;
  while (std::fma(x, scale, -(m + 1)) >= 0) m += 1;
  const double above_half = std::fma(x, scale, -(m + 0.5));  // m + 0.5 is exact below 2^52
  if (above_half > 0 || (above_half == 0 && std::fmod(m, 2.0) != 0)) m += 1;
  return static_cast<std::int64_t>(m);
}

/// How eq. (1) compares with a measured value: "tight", "overestimates" or "underestimates".
template <class T>
inline std::string rule_verdict(T rule, T measured) {
  if (rule == measured) return "tight";
  return rule > measured ? "overestimates" : "underestimates";
}

/// One design at one size, measured at group and at chip level, with eq. (1)'s predictions
/// and how they compare.
struct chip_measure {
  std::uint64_t groups = 0, chips = 0;
  std::uint32_t group_diameter = 0;
  double group_mean = 0;
  std::uint32_t chip_diameter = 0;
  bool chip_mean_known = false;  ///< false above the all-pairs limit
  double chip_mean = 0;
  std::string chip_method;  ///< "all-pairs" or "iFUB (k BFS)"
  std::uint64_t rule_diameter = 0;  ///< eq. (1) on the group diameter
  double rule_mean = 0;             ///< eq. (1) on the mean group distance
  std::string diameter_verdict;     ///< rule_verdict(rule_diameter, chip_diameter)
  std::string mean_verdict;         ///< at chip_mean_decimals decimals; "-" when the chip mean is not known
};

/// Measures a group-level and a chip-level graph of the same design.
template <class G, class C>
inline chip_measure measure_chip_level(std::uint64_t groups, const G& group_graph, const C& chip_graph,
                                       std::uint64_t all_pairs_limit, const study_options& so = {}) {
  metrics::sweep_options o;
  o.threads = so.threads;
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
    const auto d = metrics::diameter_ifub(chip_graph, {.threads = so.threads});
    m.chip_diameter = d.diameter;
    m.chip_method = "iFUB (" + std::to_string(d.bfs_sources) + " BFS)";
  }
  m.rule_diameter = topology::chip_hops(m.group_diameter);
  m.rule_mean = topology::chip_hops_mean(m.group_mean);
  m.diameter_verdict = rule_verdict<std::uint64_t>(m.rule_diameter, m.chip_diameter);
  m.mean_verdict = m.chip_mean_known ? rule_verdict(rounded_decimal(m.rule_mean, chip_mean_decimals),
                                                    rounded_decimal(m.chip_mean, chip_mean_decimals))
                                     : "-";
  return m;
}

/// Group counts of the validation: Table 2's up to `max_groups`.
inline std::vector<std::uint64_t> chip_validation_sizes(std::uint64_t max_groups) {
  return table2_groups_up_to(max_groups);
}

/// One size: Boardfly-of-pods and Shiftfly.
struct chip_validation_row {
  chip_measure boardfly, shiftfly;
};

/// Measures both designs at every size.
inline std::vector<chip_validation_row> chip_validation_rows(const std::vector<std::uint64_t>& sizes,
                                                             std::uint64_t all_pairs_limit,
                                                             const study_options& so = {}) {
  std::vector<chip_validation_row> rows;
  for (auto n : sizes) {
    auto bf = measure_chip_level(n, topology::boardfly_group_level(n), topology::boardfly_chip_level(n), all_pairs_limit,
                                 so);
    auto sf = measure_chip_level(n, topology::shiftfly_group_level(n), topology::shiftfly_chip_level(n), all_pairs_limit,
                                 so);
    rows.push_back({std::move(bf), std::move(sf)});
  }
  return rows;
}

}  // namespace shiftfly::studies
