#pragma once
/// \file operations_tables.hpp
/// §3b of the Shiftfly tables: deployment and operations on a 12,500-group
/// machine (paper §7): replacing a failed group (swap cost, seed 41 for the
/// mean), the control-plane state of the global wiring (Table 4), and slice
/// allocation (Table 5, seed 43).

#include <string>
#include <vector>

#include "shiftfly/operations/design.hpp"
#include "shiftfly/operations/slices.hpp"
#include "shiftfly/operations/swap_cost.hpp"
#include "shiftfly/operations/wiring_state.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"

namespace shiftfly::tables {

/// Groups of the operations study.
inline constexpr std::uint64_t operations_groups = 12500;

/// Replacing a failed group (group 17, and the mean over 64 groups drawn with seed 41).
inline report::table swap_table(std::uint64_t groups = operations_groups) {
  report::table t;
  t.id = "swap_cost";
  t.title = "3b.1 Replacing a failed group";
  t.source = "Shiftfly paper, Section 7.1; reference artefact results section 3b";
  t.method = "exact: degrees of group 17 and the mean over 64 groups drawn by randrange (seed 41)";
  t.columns = {"Design", "Circuits (typical)", "Circuits (mean)", "Peers disturbed", "Control-plane work"};
  const auto bf = topology::boardfly_group_level(groups);
  const auto sf = topology::shiftfly_group_level(groups);
  const auto add = [&](const auto& g, operations::design how) {
    const auto s = operations::swap_cost(g, 17, how);
    t.add_row({operations::design_name(how), std::to_string(s.circuits), report::fixed(operations::mean_swap_cost(g), 1),
               std::to_string(s.peers), s.recompute});
  };
  add(bf, operations::design::boardfly);
  add(sf, operations::design::shiftfly);
  return t;
}

/// Table 4: control-plane state for the global wiring.
inline report::table wiring_state_table(std::uint64_t groups = operations_groups) {
  report::table t;
  t.id = "wiring_state";
  t.title = "3b.2 Control-plane state for the global wiring";
  t.source = "Shiftfly paper, Table 4; reference artefact results section 3b";
  t.method = "exact (closed form, operations/wiring_state.hpp)";
  t.columns = {"Design", "State"};
  for (auto how : {operations::design::boardfly, operations::design::shiftfly})
    t.add_row({operations::design_name(how), report::thousands(operations::wiring_state_bits(how, groups)) + " bits"});
  return t;
}

/// Table 5: group-level diameter of a slice, by size.
inline report::table slice_table(std::uint64_t groups = operations_groups) {
  report::table t;
  t.id = "slices";
  t.title = "3b.3 Slice allocation";
  t.source = "Shiftfly paper, Table 5; reference artefact results section 3b";
  t.method = "naive slices drawn with seed 43; diameters exact up to 4,000 groups (all slices here)";
  t.columns = {"Slice (groups)", "Chips", "Boardfly", "SF naive", "SF re-instantiated", "SF guarantee"};
  for (std::uint64_t m : {16, 36, 128, 512, 2048}) {
    const auto q = operations::slice_quality(groups, m);
    t.add_row({report::thousands(m), report::thousands(m * topology::group_chips),
               std::to_string(operations::boardfly_slice_diameter(m).value),
               q.naive_connected ? std::to_string(q.naive_eccentricity) : "disconnected",
               std::to_string(q.reinstantiated.value), std::to_string(q.guaranteed)});
  }
  return t;
}

}  // namespace shiftfly::tables
