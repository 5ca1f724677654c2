#pragma once
/// \file routing_load.hpp
/// Beyond the paper: the saturation throughput of the routings that fabrics run, beside the
/// optimal throughput of the same graph (the tables of studies/routing_load.hpp), and the
/// routing-aware answer to the Shiftfly paper's §8 question (routing_load_finding()).
///
/// Uniform throughput is shown as (n − 1)·θ, as in the throughput table: the rate, in link
/// capacities, at which every router injects all-to-all traffic. Permutation and worst-case
/// throughput is θ: the rate at which every router sends to its partner.

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/studies/routing_load.hpp"

namespace shiftfly::tables {

namespace detail {

inline std::string routing_interval(double lo, double hi) {
  if (!(hi > 0)) return "-";
  if (!(lo > 0)) return "<= " + report::fixed(hi, 3);
  return "[" + report::fixed(lo, 3) + ", " + report::fixed(hi, 3) + "]";
}

/// The best uniform θ_R of a design's routings: a feasible flow, so a lower end of θ*.
inline double best_uniform(const studies::routing_load_design& d) {
  double best = 0.0;
  for (const auto& r : d.rows) best = std::max(best, r.uniform);
  return best;
}

inline std::vector<std::string> routing_load_cells(const studies::routing_load_design& d,
                                                   const studies::routing_load_row& r) {
  const double scale = static_cast<double>(r.routers - 1);
  const double opt_lo = std::max(d.optimal.uniform.lower, best_uniform(d)), opt_hi = d.optimal.uniform.upper;
  std::string worst = "-";
  if (r.worst) worst = (r.worst_exact ? "" : ">= ") + report::fixed(*r.worst, 3);
  const double worst_opt_lo = d.optimal.worst_permutation.lower, worst_opt_hi = d.optimal.worst_permutation.upper;
  return {r.routing,
          report::fixed(r.uniform * scale, 3),
          routing_interval(opt_lo * scale, opt_hi * scale),
          opt_hi > 0 ? report::fixed(r.uniform / opt_hi, 3) : "-",
          report::fixed(r.permutation, 3),
          worst,
          routing_interval(worst_opt_lo, worst_opt_hi),
          r.hottest_class.empty() ? "-" : r.hottest_class};
}

inline const std::vector<std::string>& routing_load_columns() {
  static const std::vector<std::string> c{"Routing",     "Uniform theta_R", "Uniform theta*", "Efficiency at least",
                                          "Permutation", "Worst theta_R",   "Worst theta*",   "Hottest class"};
  return c;
}

inline std::string routing_load_note() {
  return "theta_R = 1 / the largest channel load of the routing (each direction of a link carries 1): exact for every "
         "routing but Valiant, whose load is its exact expectation over the uniformly random intermediate "
         "(routing/valiant_load.hpp). Uniform: (n - 1) theta_R under all-to-all traffic, one unit per ordered router "
         "pair. Permutation: theta_R under Python's random.Random(" +
         std::to_string(studies::routing_load_permutation_seed) +
         ").shuffle of the routers. Worst: theta_R under the routing's worst permutation (Towles and Dally 2002: a "
         "maximum-weight assignment per channel with a dual certificate); '>=' marks a certified lower bound where the "
         "assignments passed their work limit, '-' not computed above " +
         report::thousands(studies::routing_load_worst_max_routers) +
         " routers (the n(n - 1) pairs' shares and assignments take minutes and gigabytes there; docs/routing.md "
         "shows how to compute one). Valiant's worst case is any derangement, exactly. theta*: the optimal throughput's certified "
         "interval (the throughput table's bounds; the best routing's theta_R raises its lower end); efficiency at "
         "least = theta_R / theta*'s upper end. Routings: shift = table-free shift routing (Theorem 5.2, Imase-Itoh "
         "arithmetic), dor = dimension order, minimal = one shortest path, the lowest-id next hop, ecmp = an even "
         "split over the next hops on shortest paths, valiant = a random intermediate, ecmp legs (docs/routing.md).";
}

}  // namespace detail

/// Table 2's designs under their routings.
inline report::table routing_load_table(const std::vector<studies::routing_load_design>& designs) {
  report::table t;
  t.id = "routing_load";
  t.title = "Saturation throughput of the routings fabrics run, at equal port cost";
  t.source = "beyond the paper: the group-level graphs of Table 2 (40 optical ports per 32-chip group) up to " +
             report::thousands(studies::routing_load_max_groups) + " groups; the paper's Section 8 question";
  t.method = "exact channel loads of each routing (routing/family_load.hpp); theta* as the throughput table";
  t.columns = {"Groups", "Design"};
  for (const auto& c : detail::routing_load_columns()) t.columns.push_back(c);
  for (const auto& d : designs)
    for (const auto& r : d.rows) {
      std::vector<std::string> cells{report::thousands(r.target), r.design};
      for (auto& c : detail::routing_load_cells(d, r)) cells.push_back(std::move(c));
      t.add_row(std::move(cells));
    }
  t.notes.push_back(detail::routing_load_note());
  return t;
}

/// The field at equal radix under its routings.
inline report::table routing_load_field_table(const std::vector<studies::routing_load_design>& designs) {
  report::table t;
  t.id = "routing_load_field";
  t.title = "Saturation throughput of the field's routings at equal radix";
  t.source = "beyond the paper: the instances of field_equal_radix (radix at most 40) at " +
             report::thousands(studies::routing_load_field_target) + " routers";
  t.method = "as the routing_load table";
  t.columns = {"Family", "Parameters", "Routers"};
  for (const auto& c : detail::routing_load_columns()) t.columns.push_back(c);
  for (const auto& d : designs)
    for (const auto& r : d.rows) {
      std::vector<std::string> cells{r.design, r.parameters, report::thousands(r.routers)};
      for (auto& c : detail::routing_load_cells(d, r)) cells.push_back(std::move(c));
      t.add_row(std::move(cells));
    }
  t.notes.push_back(detail::routing_load_note());
  return t;
}

/// Uniform (n − 1)θ_R against routers: Boardfly and Shiftfly under each routing, and the upper
/// end of θ* of each.
inline report::figure routing_load_figure(const std::vector<studies::routing_load_design>& designs) {
  report::figure f{"routing_load_vs_size", "Uniform saturation throughput per router under each routing", "groups",
                   "(n − 1)·θ, link capacities", true, true, {}};
  std::vector<std::string> names;
  for (const auto& d : designs)
    for (const auto& r : d.rows) {
      const std::string name = r.design + " " + r.routing;
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
  for (const auto& name : names) {
    report::series s{name, {}, {}};
    for (const auto& d : designs)
      for (const auto& r : d.rows)
        if (r.design + " " + r.routing == name) {
          s.x.push_back(static_cast<double>(r.routers));
          s.y.push_back(r.uniform * static_cast<double>(r.routers - 1));
        }
    f.lines.push_back(std::move(s));
  }
  for (const std::string design : {"Boardfly", "Shiftfly"}) {
    report::series s{design + " theta* (upper)", {}, {}};
    for (const auto& d : designs)
      if (!d.rows.empty() && d.rows.front().design == design) {
        s.x.push_back(static_cast<double>(d.optimal.n));
        s.y.push_back(d.optimal.uniform.upper * static_cast<double>(d.optimal.n - 1));
      }
    f.lines.push_back(std::move(s));
  }
  return f;
}

namespace detail {
inline const studies::routing_load_row* find_row(const studies::routing_load_design& d, const std::string& routing) {
  for (const auto& r : d.rows)
    if (r.routing == routing) return &r;
  return nullptr;
}
}  // namespace detail

/// What the routing loads say about the §8 question, in numbers: Shiftfly's shift routing
/// against Boardfly's minimal routing at each Table 2 size, and at the field's target against
/// the flat fabrics' minimal routing; with θ* beside each.
inline std::vector<std::string> routing_load_finding(const std::vector<studies::routing_load_design>& table2,
                                                     const std::vector<studies::routing_load_design>& field) {
  std::vector<std::string> out;
  std::string sizes;
  for (std::size_t i = 0; i + 1 < table2.size(); i += 2) {
    const auto* b = detail::find_row(table2[i], "minimal");
    const auto* s = detail::find_row(table2[i + 1], "shift");
    if (!b || !s) continue;
    const double scale = static_cast<double>(s->routers - 1);
    sizes += (sizes.empty() ? "" : "; ") + report::thousands(s->target) + " groups: Shiftfly shift " +
             report::fixed(s->uniform * scale, 3) + " (theta* <= " +
             report::fixed(table2[i + 1].optimal.uniform.upper * scale, 3) + "), Boardfly minimal " +
             report::fixed(b->uniform * scale, 3) + " (theta* <= " +
             report::fixed(table2[i].optimal.uniform.upper * scale, 3) + ")";
    if (s->worst && b->worst)
      sizes += ", worst case " + std::string(s->worst_exact ? "" : ">= ") + report::fixed(*s->worst, 3) + " against " +
               std::string(b->worst_exact ? "" : ">= ") + report::fixed(*b->worst, 3);
  }
  out.push_back("Section 8 question with routing: uniform saturation (n - 1) theta_R of Shiftfly's table-free shift "
                "routing against Boardfly's minimal routing at equal port cost: " + sizes + "; table routing_load.");
  const studies::routing_load_design* sf = nullptr;
  for (const auto& d : field)
    if (!d.rows.empty() && d.rows.front().design == "Shiftfly") sf = &d;
  if (sf) {
    const auto* shift = detail::find_row(*sf, "shift");
    const auto* ecmp = detail::find_row(*sf, "ecmp");
    std::string flat;
    for (const auto& d : field) {
      if (d.rows.empty() || d.rows.front().design == "Shiftfly" || d.rows.front().design == "Boardfly") continue;
      const auto* m = detail::find_row(d, "minimal");
      const auto* e = detail::find_row(d, "ecmp");
      if (!m) continue;
      const double scale = static_cast<double>(m->routers - 1);
      flat += (flat.empty() ? "" : ", ") + m->design + " " + report::fixed(m->uniform * scale, 3) + " (ecmp " +
              (e ? report::fixed(e->uniform * scale, 3) : std::string("-")) + ")";
    }
    if (shift) {
      const double scale = static_cast<double>(shift->routers - 1);
      out.push_back("Section 8 question against flat fabrics at radix 40 and " +
                    report::thousands(studies::routing_load_field_target) +
                    " routers, uniform (n - 1) theta_R: Shiftfly shift " + report::fixed(shift->uniform * scale, 3) +
                    (ecmp ? " (ecmp on the same graph " + report::fixed(ecmp->uniform * scale, 3) + ")" : "") +
                    ", theta* <= " + report::fixed(sf->optimal.uniform.upper * scale, 3) +
                    "; minimal routing of the flat fabrics: " + flat + "; table routing_load_field.");
    }
  }
  return out;
}

}  // namespace shiftfly::tables
