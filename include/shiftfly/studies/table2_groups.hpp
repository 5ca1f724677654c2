#pragma once
/// \file table2_groups.hpp
/// The group counts of the Shiftfly paper's Table 2 (the equal-cost comparison, §6):
/// 36 to 36,000 groups of 32 chips. The equal-cost, chip-level validation and
/// throughput studies all run at these sizes (or the ones up to a limit).

#include <array>
#include <cstdint>
#include <vector>

namespace shiftfly::studies {

/// The rows of Table 2, in groups (paper input, Shiftfly paper, Table 2).
inline constexpr std::array<std::uint64_t, 7> table2_groups{36, 144, 576, 2304, 8400, 12500, 36000};

/// Table 2's group counts, in order, up to `max_groups` (all of them by default).
inline std::vector<std::uint64_t> table2_groups_up_to(std::uint64_t max_groups = table2_groups.back()) {
  std::vector<std::uint64_t> out;
  for (const std::uint64_t g : table2_groups)
    if (g <= max_groups) out.push_back(g);
  return out;
}

}  // namespace shiftfly::studies
