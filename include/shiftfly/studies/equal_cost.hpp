#pragma once
/// \file equal_cost.hpp
/// The equal-cost comparison of the Shiftfly paper's Table 2 (§6): Boardfly-of-pods
/// against Shiftfly (Imase–Itoh at out-degree 20 = 40 ports / 2, Proposition 4.3 and
/// Corollary 4.4) at the group counts of studies/table2_groups.hpp, both with 40
/// optical ports per group and 32-chip groups. Each design is measured at group level
/// (distances and spectral gap); its chip-level figures follow eq. (1): 3(g+1) + g
/// chip hops for g group hops (Lemma 2.3).
///
/// Methods:
/// - reference_artefact: the reference artefact's computation: exact distances up to
///   3,000 groups, 120 sampled sources (seed 11) above (a sampled diameter is a lower
///   bound); spectral gaps estimated by 120 power iterations (60 above 10,000 groups)
///   from seed 3;
/// - exact: all-pairs distances at every size and converged Lanczos gaps.

#include <cstdint>
#include <utility>
#include <vector>

#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/sampled_distances.hpp"
#include "shiftfly/metrics/spectral/spectral.hpp"
#include "shiftfly/studies/study_options.hpp"
#include "shiftfly/studies/table2_groups.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"

namespace shiftfly::studies {

/// How the study measures: as the reference artefact did (sampled above 3,000 groups,
/// estimated gaps), or exactly.
enum class equal_cost_method { reference_artefact, exact };

/// Distances and gap of one design at one size, with how they were obtained, and the
/// chip-level figures eq. (1) gives from them.
struct design_measure {
  metrics::distance_stats distance;
  metrics::spectral_gap_result gap;
  std::uint64_t chip_diameter = 0;  ///< eq. (1) applied to the group diameter
  double chip_mean = 0;             ///< eq. (1) applied to the mean group distance
};

/// One row of Table 2.
struct equal_cost_row {
  std::uint64_t groups = 0, chips = 0;  ///< chips = groups x 32
  design_measure boardfly, shiftfly;
};

/// Measures one design with a method.
template <class G>
inline design_measure measure_design(const G& g, equal_cost_method method, const study_options& so = {}) {
  metrics::sweep_options o;
  o.threads = so.threads;
  design_measure m;
  if (method == equal_cost_method::reference_artefact) {
    m.distance = metrics::reference_distance_stats(g, 3000, 120, 11, o);
    m.gap = metrics::reference_spectral_gap(g, g.num_vertices() > 10000 ? 60 : 120, 3);
  } else {
    m.distance = metrics::all_pairs_stats(g, o);
    m.gap = metrics::spectral_gap(g, {so.threads});
  }
  m.chip_diameter = topology::chip_hops(m.distance.diameter);
  m.chip_mean = topology::chip_hops_mean(m.distance.mean);
  return m;
}

/// Measures every row of Table 2 (or of the given group counts).
inline std::vector<equal_cost_row> equal_cost_rows(equal_cost_method method, const study_options& so = {},
                                                   const std::vector<std::uint64_t>& sizes = table2_groups_up_to()) {
  std::vector<equal_cost_row> rows;
  for (auto n : sizes) {
    equal_cost_row r;
    r.groups = n;
    r.chips = n * topology::group_chips;
    r.boardfly = measure_design(topology::boardfly_group_level(n), method, so);
    r.shiftfly = measure_design(topology::shiftfly_group_level(n, topology::group_optical_ports), method, so);
    rows.push_back(std::move(r));
  }
  return rows;
}

}  // namespace shiftfly::studies
