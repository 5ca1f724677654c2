#pragma once
/// \file equal_cost.hpp
/// §2 of the Shiftfly tables: the equal-cost comparison (paper Table 2).
///
/// Boardfly-of-pods against Shiftfly (Imase–Itoh at out-degree 20 = 40 ports / 2,
/// Proposition 4.3 and Corollary 4.4) from 36 to 36,000 groups, both with 40
/// optical ports per group and 32-chip groups. Chip-level distances follow
/// eq. (1): 3(g+1) + g for g group hops.
///
/// Profiles:
/// - paper: the reference artefact's computation: exact distances up to 3,000
///   groups, 120 sampled sources (seed 11) above (a sampled diameter is a
///   lower bound); spectral gaps estimated by 120 power iterations (60 above
///   10,000 groups) from seed 3;
/// - exact: all-pairs distances at every size and converged Lanczos gaps.

#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/sampled_distances.hpp"
#include "shiftfly/metrics/spectral/spectral.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/profile.hpp"
#include "shiftfly/report/table_set.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"

namespace shiftfly::tables {

/// Group counts of Table 2.
inline std::vector<std::uint64_t> equal_cost_sizes() { return {36, 144, 576, 2304, 8400, 12500, 36000}; }

/// Distances and gap of one design at one size, with how they were obtained.
struct design_measure {
  metrics::distance_stats distance;
  metrics::spectral_gap_result gap;
};

/// One row of Table 2.
struct equal_cost_row {
  std::uint64_t groups = 0;
  design_measure boardfly, shiftfly;
};

/// Measures one design under a profile (paper: as the reference artefact; exact).
template <class G>
inline design_measure measure_design(const G& g, report::profile profile, unsigned threads) {
  metrics::sweep_options o;
  o.threads = threads;
  design_measure m;
  if (profile == report::profile::paper) {
    m.distance = metrics::reference_distance_stats(g, 3000, 120, 11, o);
    m.gap = metrics::reference_spectral_gap(g, g.num_vertices() > 10000 ? 60 : 120, 3);
  } else {
    m.distance = metrics::all_pairs_stats(g, o);
    m.gap = metrics::spectral_gap(g, threads);
  }
  return m;
}

/// Measures every row of Table 2.
inline std::vector<equal_cost_row> equal_cost_rows(report::profile profile, unsigned threads,
                                                   const std::vector<std::uint64_t>& sizes = equal_cost_sizes()) {
  std::vector<equal_cost_row> rows;
  for (auto n : sizes) {
    equal_cost_row r;
    r.groups = n;
    r.boardfly = measure_design(topology::boardfly_group_level(n), profile, threads);
    r.shiftfly = measure_design(topology::shiftfly_group_level(n, topology::group_optical_ports), profile, threads);
    rows.push_back(std::move(r));
  }
  return rows;
}

/// Table 2 in the reference artefact's layout.
inline report::table equal_cost_table(const std::vector<equal_cost_row>& rows, report::profile profile) {
  report::table t;
  t.id = "equal_cost";
  t.title = "2. Equal-cost comparison";
  t.source = "Shiftfly paper, Table 2; reference artefact results section 2";
  t.method = profile == report::profile::paper
                 ? "as the reference artefact: distances exact up to 3,000 groups, from 120 sampled sources (seed 11) "
                   "above, where a diameter is a lower bound; gaps estimated by power iteration (120 steps, 60 above "
                   "10,000 groups, seed 3); chip figures by eq. (1)"
                 : "exact: all-pairs distances at every size; spectral gaps 1 - lambda2 of D^-1 A by Lanczos "
                   "(thick-restart, residuals <= 1e-9); chip figures by eq. (1)";
  t.columns = {"Groups", "Chips", "BF group D", "SF group D", "BF chip D", "SF chip D", "BF chip mean", "SF chip mean",
               "BF gap", "SF gap"};
  for (const auto& r : rows) {
    t.add_row({report::thousands(r.groups), report::thousands(r.groups * topology::group_chips),
               std::to_string(r.boardfly.distance.diameter), std::to_string(r.shiftfly.distance.diameter),
               std::to_string(topology::chip_hops(r.boardfly.distance.diameter)),
               std::to_string(topology::chip_hops(r.shiftfly.distance.diameter)),
               report::fixed(topology::chip_hops_mean(r.boardfly.distance.mean), 2),
               report::fixed(topology::chip_hops_mean(r.shiftfly.distance.mean), 2), report::fixed(r.boardfly.gap.gap, 3),
               report::fixed(r.shiftfly.gap.gap, 3)});
  }
  return t;
}

}  // namespace shiftfly::tables
