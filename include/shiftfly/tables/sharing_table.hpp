#pragma once
/// \file sharing_table.hpp
/// §3 of the Shiftfly tables: redundancy and sharing (paper §6.5, Table 3,
/// Remark 6.2), computed by studies::run_sharing_study (the reference's
/// request draw, seed 23, and labellings, seeds 29/31/37) on 8,400 groups.

#include <string>
#include <vector>

#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/studies/sharing_study.hpp"

namespace shiftfly::tables {

/// Table 3 in the reference artefact's layout.
inline report::table sharing_table(const studies::sharing_study& s) {
  report::table t;
  t.id = "sharing";
  t.title = "3. Redundancy and sharing";
  t.source = "Shiftfly paper, Section 6.5, Table 3; reference artefact results section 3";
  t.method = "exact for the drawn workload: " + std::to_string(s.trials) + " queries of " +
             std::to_string(s.model.agents) + " agents (seed 23) on " + report::thousands(s.n_logical) +
             " groups; BFS trees from each home, shift routes for Shiftfly's merge depth";
  t.columns = {"Topology", "Labelling", "unicast/req", "tree/req", "ratio", "merge depth"};
  const std::pair<const char*, const workload::sharing_result*> runs[] = {{"Boardfly", &s.boardfly_random},
                                                                           {"Boardfly", &s.boardfly_locality},
                                                                           {"Shiftfly", &s.shiftfly_random},
                                                                           {"Shiftfly", &s.shiftfly_locality}};
  for (const auto& [topo, r] : runs)
    t.add_row({topo, r->labelling, report::fixed(r->unicast_per_requester, 3), report::fixed(r->tree_per_requester, 3),
               report::fixed(r->efficiency, 3), report::fixed(r->merge_depth, 3)});
  return t;
}

/// The figures of the reference's "reading it honestly" paragraph (Remark 6.2), computed.
inline report::table sharing_reading_table(const studies::sharing_study& s) {
  report::table t;
  t.id = "sharing_reading";
  t.title = "3a. Reading the sharing table (Remark 6.2)";
  t.source = "Shiftfly paper, Remark 6.2; reference artefact results section 3 (prose figures)";
  t.method = "exact, derived from the sharing table";
  t.columns = {"Quantity", "Value"};
  const auto& br = s.boardfly_random;
  const auto& bl = s.boardfly_locality;
  const auto& sr = s.shiftfly_random;
  const auto& sl = s.shiftfly_locality;
  t.add_row({"Tree-cost cut by placement, Boardfly", report::percent(1 - bl.tree_per_requester / br.tree_per_requester, 0)});
  t.add_row({"Tree-cost cut by placement, Shiftfly", report::percent(1 - sl.tree_per_requester / sr.tree_per_requester, 0)});
  t.add_row({"Shiftfly tree cost below Boardfly at matched placement",
             report::percent(1 - sl.tree_per_requester / bl.tree_per_requester, 1)});
  t.add_row({"Merge depth, Shiftfly (locality)", report::fixed(sl.merge_depth, 2)});
  t.add_row({"Merge depth, Boardfly (locality)", report::fixed(bl.merge_depth, 2)});
  t.add_row({"Efficiency ratio, Boardfly (locality)", report::fixed(bl.efficiency, 3)});
  t.add_row({"Efficiency ratio, Shiftfly (locality)", report::fixed(sl.efficiency, 3)});
  return t;
}

/// Tree cost per requester by labelling and design (the reference's sharing_cost figure, as lines).
inline report::figure sharing_figure(const studies::sharing_study& s) {
  report::figure f;
  f.id = "sharing_cost";
  f.title = "Cost of serving one shared item to 32 agents, by placement";
  f.xlabel = "placement of the 32 agents";
  f.xticks = {{1, "random"}, {2, "locality"}};
  f.ylabel = "tree hops per requester";
  f.lines = {{"Boardfly-of-pods", {1, 2}, {s.boardfly_random.tree_per_requester, s.boardfly_locality.tree_per_requester}},
             {"Shiftfly", {1, 2}, {s.shiftfly_random.tree_per_requester, s.shiftfly_locality.tree_per_requester}}};
  return f;
}

}  // namespace shiftfly::tables
