#pragma once
/// \file failures_table.hpp
/// §4 of the Shiftfly tables: independent link failures on 2,304 groups
/// (reference artefact §4: drops drawn with seed 101, then reachability,
/// mean distance and eccentricity from 60 sources drawn from the same stream;
/// the exact profile measures the same damaged graphs from every source), from
/// studies/link_failure_sweep.hpp.

#include <string>
#include <vector>

#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/studies/link_failure_sweep.hpp"

namespace shiftfly::tables {

/// The link failure table in the reference artefact's layout, for a sweep run as the
/// artefact did (sampled sources: the paper profile) or exactly.
inline report::table failures_table(const studies::link_failure_sweep& sweep) {
  report::table t;
  t.id = "link_failures";
  t.title = "4. Link failures";
  t.source = "reference artefact results section 4";
  t.method = !sweep.params.exact ? "as the reference artefact: each link kept unless both directions drop (seed 101); "
                                  "60 sources drawn after the drops, so eccentricity is a lower bound"
                                : "exact: the same damaged graphs (seed 101), every vertex a source";
  t.columns = {"Topology", "Link failure rate", "Reachable fraction", "Mean distance", "Eccentricity"};
  for (const auto& [name, r] : sweep.rows)
    t.add_row({name, report::percent(r.rate, 0), report::fixed(r.reachable_fraction, 4),
               report::fixed(r.mean_distance, 3), std::to_string(r.eccentricity)});
  return t;
}

}  // namespace shiftfly::tables
