#pragma once
/// \file physical_table.hpp
/// The `physical` section: the field's families at about 10,000 endpoints and the Shiftfly
/// paper's systems at equal optical cost, priced and powered by the shipped Slim Fly model
/// (studies/physical_comparison.hpp), with the cost per endpoint against the power per endpoint.
#include <string>
#include <vector>

#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/studies/physical_comparison.hpp"

namespace shiftfly::tables {

inline report::table physical_table(const std::vector<studies::physical_row>& rows) {
  report::table t;
  t.id = "physical";
  t.title = "Cost and power per endpoint at about 10,000 endpoints";
  const auto& m = rows.empty() ? std::string() : rows.front().cost.model;
  t.source = "beyond the paper: the cost and power comparison of the Slim Fly paper (Besta and Hoefler, SC 2014), "
             "on this library's layout and configurations, with the model " + m;
  t.method = "exact arithmetic on the model's constants: routers placed into racks by each family's grouping "
             "(physical/layout.hpp; a torus's slabs folded; PolarFly and Jellyfish, which have none, by a METIS "
             "partition into racks, seed 1), every link a cable of its Manhattan length plus overheads, electric up to the "
             "model's threshold and optical above; the constants are unconfirmed transcriptions (docs/references.md)";
  t.columns = {"Family", "Parameters", "Routers", "Endpoints", "Endpoints per router", "Largest ports", "Racks", "Cables",
               "Optical cables", "Optical share", "Cost per endpoint ($)", "Power per endpoint (W)", "Total cost ($)"};
  for (const auto& r : rows) {
    const auto& c = r.cost;
    t.add_row({r.instance.name, r.instance.parameters, report::thousands(c.routers), report::thousands(c.endpoints),
               r.instance.endpoint_rule, std::to_string(c.max_ports), report::thousands(c.racks), report::thousands(c.links),
               report::thousands(c.optical.count), report::percent(c.optical_share, 1),
               report::fixed_thousands(c.cost_per_endpoint, 2), report::fixed(c.power_per_endpoint, 2),
               report::fixed_thousands(c.total_cost, 0)});
  }
  if (!rows.empty()) {
    const auto& c = rows.front().cost;
    t.notes.push_back("Model " + c.model + ": " + c.source + ". Link speed " + report::shortest(c.link_speed_gbps) +
                      " Gb/s; a cable up to " + report::shortest(c.electric_max_m) +
                      " m is electric, a longer one optical. Router ports are its links plus its endpoints; the "
                      "endpoints' own cables are not counted. Racks: 42 units, a router and each endpoint one unit.");
  }
  for (const auto& r : rows)
    if (r.paper_optical)
      t.notes.push_back(r.instance.name + " (" + r.instance.parameters + "): the Shiftfly paper counts " +
                        report::thousands(*r.paper_optical) +
                        " optical links (every link between two 32-chip groups); the layout makes " +
                        report::thousands(r.cost.optical.count) + " cables optical. " +
                        (r.between_groups_electric == 0 && r.inside_group_optical == 0
                             ? std::string("They agree link for link.")
                             : "The difference, link for link: " + report::thousands(r.between_groups_electric) +
                                   " links between groups are electric here (their racks stand within " +
                                   report::shortest(r.cost.electric_max_m) + " m of each other) and " +
                                   report::thousands(r.inside_group_optical) +
                                   " links inside a group are optical (a group's racks more than that apart)."));
  t.notes.push_back(
      "Differences from the Slim Fly paper's published comparison: its cost and power per endpoint at N of about "
      "10,000 could not be set beside these, because no copy of the paper was available to read its figures "
      "(docs/references.md); the configurations here are this library's (studies/physical_comparison.hpp), and its "
      "layout (groups into 42-unit racks on a square floor) is not the paper's. Searched for and not found: the "
      "paper's cost and power section and its per-endpoint figures (the stored public pages, documentation and code "
      "hold its abstract only, and another copy of the same third-party transcription of the constants), so the "
      "constants stay unconfirmed. Known reasons ours will differ: the torus's slabs are folded (ring neighbours at "
      "most two slabs apart) but a slab of 484 routers spans 24 racks, so many of its links still cross the floor "
      "and are optical; a rack's capacity is set by the router with the most endpoints, so the fat tree's "
      "aggregation and core switches take the room of an edge switch and its floor is larger. Figures from a copy "
      "of the paper belong in this note, cell by cell, with the reason for each difference (model, layout or "
      "configuration).");
  return t;
}

/// The Shiftfly paper's systems: its optical links against the links between groups of this
/// library's graphs and the cables the layout makes optical.
inline report::table physical_paper_optical_table(const std::vector<studies::paper_optical_row>& rows,
                                                  const std::string& model) {
  report::table t;
  t.id = "physical_paper_optical";
  t.title = "Optical links of the Shiftfly paper's systems: the paper's count against the layout's classification";
  t.source = "Shiftfly paper, §4.1 (40 optical ports a group, Proposition 4.3, Corollary 4.4) and Table 2's group "
             "counts; the layout and model of the physical table (" + model + ")";
  t.method = "exact: the chip-level graphs (one endpoint a chip) placed by their 32-chip groups, every link classed "
             "by its cable length; the paper's figure is exact where it gives a closed form, else its port budget "
             "(at most 40 x G / 2); links between groups counted link by link";
  t.columns = {"Design", "Groups", "Chips", "Paper's optical links", "Paper's rule", "Links between groups here",
               "Optical cables here", "Between groups, electric here", "Inside a group, optical here", "Agreement"};
  for (const auto& r : rows) {
    const bool graph_agrees = r.paper_exact ? r.between_groups == r.paper_links : r.between_groups <= r.paper_links;
    const bool layout_agrees = r.optical == r.between_groups;
    std::string agreement = graph_agrees ? (r.paper_exact ? "graph = paper" : "graph within budget")
                                         : (r.paper_exact ? "graph != paper" : "graph over budget");
    agreement += layout_agrees ? "; layout = graph" : "; layout differs by " +
                                                        report::thousands(r.between_groups_electric) + " + " +
                                                        report::thousands(r.inside_group_optical);
    t.add_row({r.design, report::thousands(r.groups), report::thousands(r.chips),
               (r.paper_exact ? "" : "<= ") + report::thousands(r.paper_links), r.paper_rule,
               report::thousands(r.between_groups), report::thousands(r.optical),
               report::thousands(r.between_groups_electric), report::thousands(r.inside_group_optical), agreement});
  }
  t.notes.push_back(
      "The paper counts a link as optical when it joins two 32-chip groups (its global tier, on the optical circuit "
      "switch); its board and group links are copper. Here a cable is optical when the layout makes it longer than "
      "the model's electric threshold. The two agree link for link when every link between groups crosses racks "
      "more than that threshold apart and every group's racks stand within it; 'layout differs by a + b' means a "
      "links between groups are electric here (their groups' racks are neighbours) and b links inside a group are "
      "optical (a group spread over racks too far apart). Below the budget, Boardfly loses ports where an inter-pod "
      "stub does not pair, and Shiftfly where an arc pair u -> v, v -> u shares one cable (Proposition 4.3), where two "
      "arcs join the same two groups (the Imase-Itoh digraph on few groups, e.g. 36 groups at d = 20: 510 links, "
      "not 720) or where an arc is a loop.");
  return t;
}

/// Cost per endpoint against power per endpoint, one point per family.
inline report::figure physical_figure(const std::vector<studies::physical_row>& rows) {
  report::figure f{"physical_cost_power", "Cost and power per endpoint at about 10,000 endpoints",
                   "power per endpoint (W)", "cost per endpoint ($)", false, false, {}};
  for (const auto& r : rows)
    f.lines.push_back({r.instance.name, {r.cost.power_per_endpoint}, {r.cost.cost_per_endpoint}});
  f.xrange.lo = 0;
  f.yrange.lo = 0;
  return f;
}

}  // namespace shiftfly::tables
