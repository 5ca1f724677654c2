#pragma once
/// \file wiring_state.hpp
/// §7.2 (Shiftfly paper, Table 4): bits the control plane must hold to derive the
/// global wiring (reference artefact: topology/operations.py `wiring_state_bits`).
///
/// Shiftfly's global tier follows from the pair (n, d), because Theorem 5.2 makes
/// adjacency arithmetic: 2·idx bits, idx = max(1, ⌈log2 max(2, n)⌉).
/// Boardfly's intra-pod tier is derivable from pod membership (n·max(1, ⌈log2 pods⌉)
/// bits), but its inter-pod tier has no closed form: n·(40 - 35) ports, each link
/// recorded once as a group index, n·5·idx/2 bits (integer division).

#include <algorithm>
#include <cstdint>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/operations/design.hpp"

namespace shiftfly::operations {

/// ⌈log2 x⌉ for x >= 1, exactly (integer arithmetic).
inline std::uint64_t ceil_log2(std::uint64_t x) {
  core::require_at_least("ceil_log2", "x", x, 1);
  std::uint64_t k = 0;
  while (k < 64 && (std::uint64_t{1} << k) < x) ++k;
  return k;
}

/// Table 4: control-plane bits for the global wiring of `groups` groups.
inline std::uint64_t wiring_state_bits(design how, std::uint64_t groups, std::uint64_t pod_groups = 36,
                                       std::uint64_t group_ports = 40) {
  constexpr std::string_view where = "wiring_state_bits";
  core::require_range(where, "groups", groups, 1, std::uint64_t{1} << 40);
  core::require_range(where, "pod_groups", pod_groups, 1, std::uint64_t{1} << 20);
  core::require_range(where, "group_ports", group_ports, pod_groups - 1, std::uint64_t{1} << 20);
  const std::uint64_t idx = std::max<std::uint64_t>(1, ceil_log2(std::max<std::uint64_t>(2, groups)));
  if (how == design::shiftfly) return 2 * idx;  // n and d, nothing else
  const std::uint64_t pods = std::max<std::uint64_t>(1, (groups + pod_groups - 1) / pod_groups);
  const std::uint64_t membership =
      core::checked_mul(groups, std::max<std::uint64_t>(1, ceil_log2(std::max<std::uint64_t>(2, pods))), where, "bits");
  const std::uint64_t spare = group_ports - (pod_groups - 1);
  const std::uint64_t inter_pod = core::checked_mul(core::checked_mul(groups, spare, where, "bits"), idx, where, "bits") / 2;
  return core::checked_add(membership, inter_pod, where, "bits");
}

}  // namespace shiftfly::operations
