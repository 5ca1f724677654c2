#pragma once
/// \file throughput_table.hpp
/// Beyond the paper: bisection width and throughput of Boardfly-of-pods and Shiftfly at
/// equal port cost (the group-level graphs of Table 2), and of the field's families at
/// equal radix, as certified intervals: the tables of studies/throughput_comparison.hpp.
/// They test the Shiftfly paper's Section 8 caveat: "De Bruijn and Kautz families have
/// asymptotically smaller bisection than a complete or expander tier ... against a flat
/// high-radix fabric we would not [win]"; section_8_finding() states what the numbers say.
///
/// Uniform throughput is shown as (n − 1)·θ: the rate, in link capacities, at which every
/// router can inject all-to-all traffic (40 optical ports per group bound it by 40). The
/// worst-permutation throughput θ is the rate, in link capacities, at which every router
/// can send to its partner under the worst pairing.

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/studies/throughput_comparison.hpp"

namespace shiftfly::tables {

namespace detail {
/// The short name of a bound's method, for the method columns.
inline std::string short_method(const std::string& m) {
  if (m.rfind("lower bound (lambda2", 0) == 0) return "spectral";
  if (m.find("METIS") != std::string::npos && m.rfind("cut", 0) != 0) return "METIS";
  if (m.rfind("cut", 0) == 0) return "cut";
  if (m.rfind("distance", 0) == 0) return "distance";
  if (m.rfind("shortest-path", 0) == 0) return "routing";
  if (m.rfind("Valiant", 0) == 0) return "Valiant";
  if (m.rfind("TUB (exact", 0) == 0) return "TUB";
  if (m.rfind("exact", 0) == 0) return "exact";
  if (m.rfind("quotient bound", 0) == 0) return "quotient";
  if (m.rfind("lifted quotient", 0) == 0) return "lift";
  if (m.rfind("trivial", 0) == 0) return "trivial";
  if (m == "not computed") return "-";
  return m;
}
inline std::string bound_cell(double v, int digits) { return v > 0 ? report::fixed(v, digits) : "-"; }
inline std::string methods_cell(const std::string& lower, const std::string& upper) {
  return short_method(lower) + " / " + short_method(upper);
}
}  // namespace detail

/// The columns both tables share, for one row.
inline std::vector<std::string> throughput_cells(const metrics::throughput_profile& p) {
  const double scale = static_cast<double>(p.n - 1);
  return {report::thousands(p.n),
          report::thousands(p.links),
          report::thousands(p.bisection.lower),
          report::thousands(p.bisection.upper),
          detail::methods_cell(p.bisection.lower_method, p.bisection.upper_method),
          detail::bound_cell(p.uniform.lower * scale, 3),
          detail::bound_cell(p.uniform.upper * scale, 3),
          detail::methods_cell(p.uniform.lower_method, p.uniform.upper_method),
          detail::bound_cell(p.worst_permutation.lower, 3),
          detail::bound_cell(p.worst_permutation.upper, 3),
          detail::methods_cell(p.worst_permutation.lower_method, p.worst_permutation.upper_method)};
}

inline const std::vector<std::string>& throughput_columns() {
  static const std::vector<std::string> c{"Routers",   "Links",     "Bisection low", "Bisection high",
                                          "Bisection by", "Uniform low", "Uniform high", "Uniform by",
                                          "Worst low", "Worst high", "Worst by"};
  return c;
}

/// The note that names every method; its numbers come from the options the tables run with.
inline std::string throughput_methods_note() {
  const auto o = studies::throughput_table_options();
  return "Intervals [low, high], each end certified; 'by' names the method of each end (low / high). Bisection: "
         "spectral = ceil(lambda2(L) floor(n/2) ceil(n/2) / n) with a numerical margin (Fiedler), METIS = the best of " +
         std::to_string(o.metis_runs) +
         " seeded METIS bisections (its partition is the certificate). Uniform = (n - 1) theta under all-to-all "
         "traffic: routing = 1 / max link load when every pair's demand is split over its shortest paths by capacity "
         "(a feasible flow), distance = 2m / sum of all-pairs distances (exact), cut = the METIS bisection's links / "
         "(n/2)^2 pairs crossing it, exact = both ends the optimum, by the edge LP reduced by the graph's automorphisms "
         "(bliss's generators, checked; one commodity a vertex orbit, one capacity row an arc orbit; COIN-OR CLP, "
         "certified to 1e-7 by a lifted flow and invariant dual lengths), where that LP has at most " +
         report::thousands(o.symmetric_max_variables) +
         " flow variables, or else by the same LP with its flow variables priced in from the shortest-path arcs "
         "(arc generation, certified the same way), where those arcs give at most " +
         report::thousands(o.arc_generation_max_variables) +
         " flow variables, or else, where the graph's structural clusters are cliques (Boardfly's pods), by the LP "
         "of the quotient by them (every clique one vertex; at most " +
         report::thousands(o.cluster_lift_max_variables) +
         " flow variables), whose routing carried through the cliques is a feasible flow of congestion 1 (quotient "
         "= that LP's dual bound and lift = its routing carried through, where the congestion is above 1). Worst = "
         "theta of the worst permutation: Valiant = n/2 x the uniform lower bound "
         "(two-phase routing serves every permutation), cut = the METIS bisection's links / (n/2), TUB = Namyar et "
         "al.'s bound, capacity / max over permutations of total distance (an exact assignment, certified by its dual "
         "potentials). '-': not computed above " +
         report::thousands(o.routing_max_vertices) +
         " routers, where the routing costs O(n x arcs) (37 s per graph at 8,400 groups on the 2-core test machine, "
         "about 11 minutes at 36,000).";
}

/// The Table 2 comparison.
inline report::table throughput_table(const std::vector<studies::throughput_row>& rows) {
  report::table t;
  t.id = "throughput";
  t.title = "Bisection and throughput at equal port cost";
  t.source = "beyond the paper: the group-level graphs of Table 2 (40 optical ports per 32-chip group); the "
             "paper's Section 8 bisection caveat";
  t.method = "certified intervals: spectral and METIS bisection bounds; shortest-path routing, distance and cut "
             "bounds on throughput (metrics/throughput_profile.hpp)";
  t.columns = {"Groups", "Design"};
  t.columns.insert(t.columns.end(), throughput_columns().begin() + 1, throughput_columns().end());
  for (const auto& r : rows) {
    std::vector<std::string> cells{report::thousands(r.target), r.design};
    auto rest = throughput_cells(r.profile);
    cells.insert(cells.end(), rest.begin() + 1, rest.end());  // routers = groups here
    t.add_row(std::move(cells));
  }
  t.notes.push_back(throughput_methods_note());
  return t;
}

/// The field at equal radix.
inline report::table field_throughput_table(const std::vector<studies::throughput_row>& rows) {
  report::table t;
  t.id = "field_throughput";
  t.title = "Bisection and throughput of the field at equal radix";
  t.source = "beyond the paper: the instances of field_equal_radix (radix at most 40); the paper's Section 8 "
             "caveat against flat high-radix fabrics";
  t.method = "certified intervals, as the throughput table";
  t.columns = {"Target", "Family", "Parameters"};
  for (const auto& c : throughput_columns()) t.columns.push_back(c);
  for (const auto& r : rows) {
    std::vector<std::string> cells{report::thousands(r.target), r.design, r.parameters};
    for (auto& c : throughput_cells(r.profile)) cells.push_back(std::move(c));
    t.add_row(std::move(cells));
  }
  t.notes.push_back(throughput_methods_note());
  t.notes.push_back("Bisection per router (high / n) is what compares across sizes; a random regular graph of "
                    "degree d has about n d / 4 minus O(n sqrt(d)) links across its best bisection.");
  return t;
}

/// Uniform throughput (n − 1)θ against routers: the upper bound of every family, and the
/// lower bound where it was computed.
inline report::figure throughput_figure(const std::vector<studies::throughput_row>& table2,
                                        const std::vector<studies::throughput_row>& field) {
  report::figure f{"throughput_vs_size", "Uniform throughput per router at 40 ports", "routers",
                   "(n − 1)·θ, link capacities", true, false, {}};
  std::vector<std::string> names;
  for (const auto* rows : {&table2, &field})
    for (const auto& r : *rows)
      if (std::find(names.begin(), names.end(), r.design) == names.end()) names.push_back(r.design);
  for (const auto& name : names) {
    report::series hi{name + " (upper)", {}, {}}, lo{name + " (lower)", {}, {}};
    for (const auto* rows : {&table2, &field})
      for (const auto& r : *rows) {
        if (r.design != name) continue;
        const double x = static_cast<double>(r.profile.n), scale = static_cast<double>(r.profile.n - 1);
        hi.x.push_back(x);
        hi.y.push_back(r.profile.uniform.upper * scale);
        if (r.profile.uniform.lower > 0) {
          lo.x.push_back(x);
          lo.y.push_back(r.profile.uniform.lower * scale);
        }
      }
    // Table 2 and the field share Boardfly and Shiftfly: order each line by size.
    for (auto* s : {&hi, &lo}) {
      std::vector<std::pair<double, double>> pts;
      for (std::size_t i = 0; i < s->x.size(); ++i) pts.emplace_back(s->x[i], s->y[i]);
      std::sort(pts.begin(), pts.end());
      for (std::size_t i = 0; i < pts.size(); ++i) s->x[i] = pts[i].first, s->y[i] = pts[i].second;
    }
    if (!hi.x.empty()) f.lines.push_back(std::move(hi));
    // Lower bounds for the two designs of Table 2 (the field's families have one or two points each).
    if (lo.x.size() > 1 && (name == "Boardfly" || name == "Shiftfly")) f.lines.push_back(std::move(lo));
  }
  return f;
}

/// What the measured intervals say about the Section 8 caveat, in numbers. Shiftfly's
/// bisection is compared with Boardfly's at every Table 2 size (certified: its lower end
/// against Boardfly's upper end), and with the flat fabrics at each field target (per
/// router, upper ends against Shiftfly's lower end).
inline std::vector<std::string> section_8_finding(const std::vector<studies::throughput_row>& table2,
                                                  const std::vector<studies::throughput_row>& field) {
  std::vector<std::string> out;
  std::size_t above = 0, sizes = 0;
  std::string detail_text;
  for (std::size_t i = 0; i + 1 < table2.size(); i += 2) {
    const auto& b = table2[i].profile;
    const auto& s = table2[i + 1].profile;
    ++sizes;
    if (s.bisection.lower > b.bisection.upper) ++above;
    if (i + 2 >= table2.size())
      detail_text = "at " + report::thousands(table2[i].target) + " groups Shiftfly's bisection is at least " +
                    report::thousands(s.bisection.lower) + " links, Boardfly's at most " +
                    report::thousands(b.bisection.upper);
  }
  out.push_back("Section 8 caveat (\"De Bruijn and Kautz families have asymptotically smaller bisection than a "
                "complete or expander tier\"), against Boardfly at equal port cost: Shiftfly's certified bisection "
                "exceeds Boardfly's at " + std::to_string(above) + " of " + std::to_string(sizes) +
                " sizes of Table 2 (" + detail_text + "); table throughput.");
  for (auto target : studies::field_equal_radix_targets()) {
    const studies::throughput_row* sf = nullptr;
    for (const auto& r : field)
      if (r.target == target && r.design == "Shiftfly") sf = &r;
    if (!sf) continue;
    const double sf_low = static_cast<double>(sf->profile.bisection.lower) / static_cast<double>(sf->profile.n);
    std::string larger, smaller;
    for (const auto& r : field) {
      if (r.target != target || r.design == "Shiftfly") continue;
      const double hi = static_cast<double>(r.profile.bisection.upper) / static_cast<double>(r.profile.n);
      const double lo = static_cast<double>(r.profile.bisection.lower) / static_cast<double>(r.profile.n);
      const std::string item = r.design + " [" + report::fixed(lo, 2) + ", " + report::fixed(hi, 2) + "]";
      if (lo > static_cast<double>(sf->profile.bisection.upper) / static_cast<double>(sf->profile.n))
        larger += (larger.empty() ? "" : ", ") + item;
      else if (hi < sf_low)
        smaller += (smaller.empty() ? "" : ", ") + item;
    }
    out.push_back("Section 8 caveat against the field at radix 40 and " + report::thousands(target) +
                  " routers, bisection links per router: Shiftfly [" + report::fixed(sf_low, 2) + ", " +
                  report::fixed(static_cast<double>(sf->profile.bisection.upper) / static_cast<double>(sf->profile.n), 2) +
                  "]; certainly larger: " + (larger.empty() ? std::string("none") : larger) +
                  "; certainly smaller: " + (smaller.empty() ? std::string("none") : smaller) +
                  "; the rest overlap; table field_throughput.");
  }
  return out;
}

}  // namespace shiftfly::tables
