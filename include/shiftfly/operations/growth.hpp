#pragma once
/// \file growth.hpp
/// §7.4 (Shiftfly paper): what changes when the machine grows by one group
/// (reference artefact: topology/operations.py `growth_step`). Shiftfly is defined
/// at every order (Theorem 5.5), so growth re-installs a permutation and the
/// diameter guarantee moves only when ⌈log_d n⌉ does; Boardfly is defined at
/// multiples of a pod, and crossing a pod boundary adds a hierarchy level.

#include <algorithm>
#include <cstdint>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/routing/imase_itoh.hpp"

namespace shiftfly::operations {

struct growth_step_result {
  std::uint64_t groups = 0;
  unsigned shiftfly_guarantee_before = 0, shiftfly_guarantee_after = 0;  ///< ⌈log_d n⌉, ⌈log_d (n+1)⌉
  bool shiftfly_diameter_changes = false;
  bool boardfly_crosses_pod = false;  ///< n is a positive multiple of the pod size
  bool shiftfly_defined_at_this_order = true;
  bool boardfly_natural_order = false;  ///< n is a multiple of the pod size
};

/// §7.4 for growing from `groups` to groups + 1 at `ports` optical ports (d = ports/2).
inline growth_step_result growth_step(std::uint64_t groups, std::uint64_t ports = 40, std::uint64_t pod_groups = 36) {
  core::require_range("growth_step", "groups", groups, 1, std::uint64_t{1} << 40);
  core::require_range("growth_step", "ports", ports, 4, 131068);
  core::require_range("growth_step", "pod_groups", pod_groups, 1, std::uint64_t{1} << 20);
  const std::uint64_t d = std::max<std::uint64_t>(2, ports / 2);
  growth_step_result r;
  r.groups = groups;
  r.shiftfly_guarantee_before = routing::ceil_log(groups, d);
  r.shiftfly_guarantee_after = routing::ceil_log(groups + 1, d);
  r.shiftfly_diameter_changes = r.shiftfly_guarantee_before != r.shiftfly_guarantee_after;
  r.boardfly_natural_order = groups % pod_groups == 0;
  r.boardfly_crosses_pod = r.boardfly_natural_order && groups > 0;
  return r;
}

}  // namespace shiftfly::operations
