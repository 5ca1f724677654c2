#pragma once
/// \file nonminimal_table.hpp
/// The non-minimal routing tables (beyond the paper: §8's open question on
/// Valiant routing against the merge property), from studies/nonminimal_routing.hpp.

#include <cstdio>
#include <string>
#include <vector>

#include "shiftfly/report/table.hpp"
#include "shiftfly/report/table_set.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/studies/nonminimal_routing.hpp"

namespace shiftfly::tables {

/// Two tables: sharing under diversion (per labelling and p), and maximum link load.
inline std::vector<report::table> nonminimal_tables(const studies::nonminimal_study& st) {
  const auto& prm = st.params;
  const std::string graph = "K(" + std::to_string(prm.d) + "," + std::to_string(prm.D) + ")";
  report::table a;
  a.id = "nonminimal_sharing";
  a.title = "Non-minimal routing against merging: sharing workload on " + graph + " (" + std::to_string(st.n) +
            " groups)";
  a.source = "beyond the paper: §8's open question (Valiant 1982) on the §6.5 workload";
  a.method = "exact for the stated draws (requests seed 23, " + std::to_string(prm.trials) +
             " queries; labellings seeds 29 and 31; intermediates seed " + std::to_string(prm.valiant_seed) + ")";
  a.columns = {"Labelling", "p (diverted)", "Diverted requests", "Mean path (hops)", "Tree/req (links)",
               "Merge depth", "Merged before home"};
  for (const auto& r : st.sharing)
    a.add_row({r.labelling, report::fixed(r.p, 2), std::to_string(r.diverted) + " / " + std::to_string(r.requesters),
               report::fixed(r.mean_hops, 3), report::fixed(r.tree_per_requester, 3), report::fixed(r.merge_depth, 3),
               report::percent(r.merged_early, 1)});
  a.notes = {
      "A fraction p of requests is shift-routed to a uniformly random intermediate and then to the home; the rest "
      "are shift-routed directly (Theorem 5.2). The draws are coupled: every request draws (random(), randrange(n)), "
      "so the requests diverted at p are among those diverted at any larger p.",
      "Tree/req counts the distinct physical links in the union of the routes of a query (requesters at the home "
      "cost nothing). At p = 0 this is the union of shift routes, not the BFS tree of Table 3, which is why it differs "
      "from Table 3's tree cost; the merge depths at p = 0 are Table 3's.",
      "Merge depth is the merge step of the first two requesters' routes (reference rule); merged before home is "
      "the share of those pairs whose routes meet at a vertex other than the home, where an in-network cache can "
      "collapse the second request (Theorem 5.3)."};
  report::table b;
  b.id = "nonminimal_load";
  b.title = "Non-minimal routing: maximum link load on " + graph;
  b.source = "beyond the paper: what Valiant routing buys (§8)";
  b.method = "exact at p = 0; exact expectation or one seeded realisation at p = 1, as marked";
  b.columns = {"Traffic", "p", "Max arc load", "Mean arc load", "How obtained"};
  for (const auto& r : st.load)
    b.add_row({r.traffic, report::fixed(r.p, 2), report::fixed(r.max_load, 3), report::fixed(r.mean_load, 3),
               r.method});
  b.notes = {
      "Load counts the routes crossing each arc (" + std::to_string(st.n * prm.d) + " arcs). Under uniform all-to-all "
      "traffic every leg of a diverted route is itself a uniform pair, so every arc's expected load is multiplied by "
      "(1 + p(1 - 2/N)): Valiant routing roughly doubles the maximum load of uniform traffic and buys nothing there.",
      "It pays on structured permutations: the adversarial permutation sends the d members of each suffix class to "
      "one prefix class, so that their minimal routes share an arc; diverting every request spreads that load.",
      "The permutation rows use one draw per source (intermediates seed " + std::to_string(prm.permutation_valiant_seed) +
          ")."};
  return {a, b};
}

/// The section for `shiftfly tables`.
inline report::section nonminimal_section() {
  return {"nonminimal", "non-minimal (Valiant) routing against the merge property, K(20,3)",
          [](const report::section_context& ctx) {
            report::section_output out;
            studies::nonminimal_params prm;
            prm.threads = ctx.threads;  // the figures do not depend on it
            out.tables = nonminimal_tables(studies::run_nonminimal_study(prm));
            return out;
          },
          {"nonminimal_load", "nonminimal_sharing"}};
}

}  // namespace shiftfly::tables
