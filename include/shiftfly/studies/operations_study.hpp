#pragma once
/// \file operations_study.hpp
/// Deployment and operations on a 12,500-group machine (Shiftfly paper §7; the
/// reference artefact's results section 3b): replacing a failed group (§7.1: the swap
/// cost of group 17, and the mean over 64 groups drawn with seed 41), the control-plane
/// state of the global wiring (Table 4), and slice allocation (Table 5: naive slices
/// drawn with seed 43, re-instantiated slices, and the guarantee of Theorem 5.5).

#include <cstdint>
#include <vector>

#include "shiftfly/operations/design.hpp"
#include "shiftfly/operations/slices.hpp"
#include "shiftfly/operations/swap_cost.hpp"
#include "shiftfly/operations/wiring_state.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"

namespace shiftfly::studies {

/// Groups of the operations study (§7).
inline constexpr std::uint64_t operations_groups = 12500;
/// The group whose replacement §7.1 costs.
inline constexpr std::uint64_t operations_swapped_group = 17;
/// The slice sizes of Table 5, in groups.
inline constexpr std::uint64_t operations_slice_sizes[] = {16, 36, 128, 512, 2048};

/// Replacing a failed group in one design.
struct swap_row {
  operations::design how = operations::design::boardfly;
  operations::swap_cost_result typical;  ///< group 17
  double mean_circuits = 0;              ///< over 64 groups drawn by randrange (seed 41)
};

/// The control-plane state of one design's global wiring.
struct wiring_state_row {
  operations::design how = operations::design::boardfly;
  std::uint64_t bits = 0;
};

/// One slice size of Table 5.
struct slice_row {
  std::uint64_t groups = 0, chips = 0;  ///< chips = groups x 32
  operations::slice_diameter boardfly;  ///< a Boardfly slice of whole pods
  operations::slice_quality_result shiftfly;
};

/// The swap costs (builds both designs' group-level graphs).
inline std::vector<swap_row> swap_rows(std::uint64_t groups = operations_groups) {
  const auto bf = topology::boardfly_group_level(groups);
  const auto sf = topology::shiftfly_group_level(groups);
  std::vector<swap_row> out;
  const auto add = [&](const auto& g, operations::design how) {
    out.push_back({how, operations::swap_cost(g, operations_swapped_group, how), operations::mean_swap_cost(g)});
  };
  add(bf, operations::design::boardfly);
  add(sf, operations::design::shiftfly);
  return out;
}

/// Table 4 (closed form).
inline std::vector<wiring_state_row> wiring_state_rows(std::uint64_t groups = operations_groups) {
  std::vector<wiring_state_row> out;
  for (auto how : {operations::design::boardfly, operations::design::shiftfly})
    out.push_back({how, operations::wiring_state_bits(how, groups)});
  return out;
}

/// Table 5: every slice size.
inline std::vector<slice_row> slice_rows(std::uint64_t groups = operations_groups) {
  std::vector<slice_row> out;
  for (const std::uint64_t m : operations_slice_sizes)
    out.push_back({m, m * topology::group_chips, operations::boardfly_slice_diameter(m),
                   operations::slice_quality(groups, m)});
  return out;
}

}  // namespace shiftfly::studies
