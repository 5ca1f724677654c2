#pragma once
/// \file collectives_table.hpp
/// The `collectives` section of the exact profile: all-reduce and all-to-all times per byte on
/// the TPU explainer's tori and the field's families (studies/collectives_field.hpp), the
/// certified lower bound beside the best schedule tried, and a figure of the two. Two tables, as
/// the field's two sizes: `collectives` (the anchors and about 1,000 compute nodes) and
/// `collectives_10000` (about 10,000), the same columns; the figure draws both.

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/studies/collectives_field.hpp"

namespace shiftfly::tables {

namespace detail {
inline std::string per_byte(double x) { return fmt::format("{:.4g}", x); }
inline std::string per_byte(const std::optional<double>& x) { return x ? per_byte(*x) : "-"; }
}  // namespace detail

/// `ten_thousand`: the table of the rows near 10,000 compute nodes (collectives_field_rows_10000).
inline report::table collectives_table(const std::vector<studies::collectives_field_row>& rows, bool ten_thousand = false) {
  report::table t;
  t.id = ten_thousand ? "collectives_10000" : "collectives";
  t.title = ten_thousand ? "Collectives at about 10,000 compute nodes: all-reduce and all-to-all time per byte"
                         : "Collectives: all-reduce and all-to-all time per byte, certified lower bound and best schedule";
  t.source = ten_thousand
                 ? "beyond the paper: the field's families at about 10,000 compute nodes, radix at most 40: the field "
                   "tables' instance near 10,000 routers, one compute node a router, where the family reaches half of "
                   "it; PolarFly and Slim Fly (diameter 2: at most 1 + 40^2 routers) at the candidate whose endpoints "
                   "at the family's own concentration are nearest 10,000, each endpoint a compute node on a link of "
                   "bandwidth b to its router; the fat tree at k = 34, 9,826 hosts on its edge switches"
                 : "beyond the paper: the TPU explainer's 4x4 and 16x16 tori (anchor rows), and the field's families at "
                   "their field-table instances (radix at most 40, about 1,000 routers, one compute node a router; the "
                   "fat tree at k = 16, 1,024 hosts on its edge switches)";
  t.method = "collectives::measure_collective (docs/collectives.md) with M = 1 byte and b = 1 byte/s per link "
             "direction, so each time is a multiple of M/b; all-reduce: the cut bound M/(lambda b) and the best of the "
             "schedules tried (the proved reduce-scatter + all-gather tree packings; rings along a Hamiltonian cycle "
             "or a tour, one way and both ways; on tori the explainer's dimension-ordered schedules and Swing), each "
             "built schedule run on integers where small; all-to-all: (M/N)/theta* b and the maximum concurrent flow "
             "itself, theta* within a work budget (the exact LPs up to 100,000 flow variables, else 12 rounds of the "
             "balanced routing under the distance, METIS cut and structural-cluster quotient bounds; no time limit), and "
             "the time under the "
             "fabric's own routing from its channel loads";
  if (ten_thousand)
    t.method += "; what is over the limits is refused up front and shown '-' with the refusal (the all-gather search "
                "over 1.5e9 arc scans when no symmetry reduces it; the all-to-all's routed loads or rounds estimated "
                "above 10 s at one thread); the least cut of the all-reduce bound from theorems where they apply "
                "(docs/collectives.md: the endpoint's link, Mader's vertex-transitive graphs, Matula's dominating set)";
  t.columns = {"Fabric",         "Parameters",       "Compute nodes",   "All-reduce bound", "All-reduce best",
               "Gap",            "Best schedule",    "Ring",            "Ring time",        "All-to-all bound",
               "All-to-all best", "All-to-all method", "Routing",         "Routed all-to-all"};
  for (const auto& r : rows) {
    if (!r.allreduce) {
      t.add_row({r.family, r.parameters, report::thousands(r.compute_nodes), "-", "-", "-", "-", "-", "-",
                 r.alltoall ? detail::per_byte(r.alltoall->lower_bound_seconds) : "-",
                 r.alltoall ? detail::per_byte(r.alltoall->best_seconds) : "-", r.alltoall ? r.alltoall->method : "-",
                 r.alltoall ? r.alltoall->routing : "-", r.alltoall ? detail::per_byte(r.alltoall->routed_seconds) : "-"});
      continue;
    }
    const auto& a = *r.allreduce;
    std::string ring = "-", ring_time = "-";
    for (const auto& s : a.schedules)
      if (s.name.rfind("bidirectional ring", 0) == 0) {
        ring = s.name.find("Hamiltonian") != std::string::npos ? "Hamiltonian" : "tour";
        const auto c = s.note.find("congestion ");
        if (c != std::string::npos) ring += ", " + s.note.substr(c, s.note.find(';', c) - c);
        ring_time = detail::per_byte(s.seconds);
      }
    std::string best = a.best_schedule.empty() ? "-" : a.best_schedule;
    t.add_row({r.family, r.parameters, report::thousands(a.compute_nodes), detail::per_byte(a.lower_bound_seconds),
               detail::per_byte(a.best_seconds), a.gap ? fmt::format("{:.3f}", *a.gap) : "-", best, ring, ring_time,
               r.alltoall ? detail::per_byte(r.alltoall->lower_bound_seconds) : "-",
               r.alltoall ? detail::per_byte(r.alltoall->best_seconds) : "-", r.alltoall ? r.alltoall->method : "-",
               r.alltoall ? r.alltoall->routing : "-", r.alltoall ? detail::per_byte(r.alltoall->routed_seconds) : "-"});
  }
  t.notes.push_back(
      "Times are in units of M/b: seconds per byte of M at one byte per second per link direction, the bandwidth term "
      "only (no latency). All-reduce's bound is the cut bound; reduce-scatter then all-gather on their optimal tree "
      "packings is at most twice it, and the built schedules are run on data.");
  t.notes.push_back(
      "Ring: the bidirectional ring's cycle (a Hamiltonian cycle of the routers with compute nodes, else a tour) and "
      "its congestion, the most ring messages on one link direction in a step, both directions together.");
  t.notes.push_back(
      "All-to-all: M is one compute node's send buffer, M/N to each peer, its own block counted in M and not sent. "
      "Method exact: the bound is (M/N)/(theta* b) and the optimal multicommodity flow reaches it; interval: theta* "
      "lies in a certified interval [lower, upper] (a routing's flow below; the distance bound, a METIS "
      "bisection's cut, or the quotient by the structural clusters, Boardfly's pods, above), the bound is (M/N)/(upper b) and the best column the flow's time (M/N)/(lower b), "
      "both ends set by the work budget alone, so the same on every machine and thread count.");
  t.notes.push_back(
      "Routed all-to-all: the time under the fabric's own routing (dor: dimension order on tori and HyperX; shift: "
      "the shift route of Shiftfly; ecmp: an even split over the next hops on shortest paths, elsewhere), its "
      "largest channel load per unit of injection L from the channel-load engine: L (N - 1) (M/N)/b. Above the "
      "best column where the routing loses.");
  if (ten_thousand)
    t.notes.push_back(
        "At this size the tree packings are over their work limit: the best schedule's time is the theorem's "
        "(ForestColl's packings reach their bounds), not built; the rings are built and counted from their routes. "
        "A row whose all-gather search or all-to-all is over the limits of docs/collectives.md shows '-' there, "
        "with the refusal below. Left out: the Dragonfly (a = 26, h = 13, 8,814 routers, not vertex-transitive), "
        "whose all-gather and reduce-scatter searches over its orbits take about 23 s of CPU, more than the rest of "
        "this table, which runs in CI ('shiftfly collective dragonfly --a 26 --h 13 --endpoints 1 --op all-reduce "
        "--bytes 1' gives it).");
  for (const auto& r : rows) {
    if (!r.allreduce_note.empty()) t.notes.push_back("- (" + r.family + "): " + r.allreduce_note + ".");
    if (!r.alltoall_note.empty()) t.notes.push_back("- (" + r.family + "): " + r.alltoall_note + ".");
  }
  return t;
}

/// All-reduce per byte against compute nodes: the bound and the best schedule, one point a row.
/// `more`: further rows (the 10,000 table's), drawn the same way.
inline report::figure collectives_figure(const std::vector<studies::collectives_field_row>& rows,
                                         const std::vector<studies::collectives_field_row>& more = {}) {
  report::figure f{"collectives_allreduce", "All-reduce time per byte: bound and best schedule", "compute nodes",
                   "time x b / M", true, true, {}};
  report::series bound{"lower bound (cut)", {}, {}}, best{"best schedule tried", {}, {}};
  for (const auto* part : {&rows, &more})
    for (const auto& r : *part) {
      if (!r.allreduce) continue;
      const double n = static_cast<double>(r.allreduce->compute_nodes);
      bound.x.push_back(n);
      bound.y.push_back(r.allreduce->lower_bound_seconds);
      if (r.allreduce->best_seconds) {
        best.x.push_back(n);
        best.y.push_back(*r.allreduce->best_seconds);
      }
    }
  for (auto* s : {&bound, &best}) {  // by compute nodes, so that each line runs left to right
    std::vector<std::pair<double, double>> xy;
    for (std::size_t i = 0; i < s->x.size(); ++i) xy.emplace_back(s->x[i], s->y[i]);
    std::stable_sort(xy.begin(), xy.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t i = 0; i < xy.size(); ++i) std::tie(s->x[i], s->y[i]) = xy[i];
  }
  f.lines.push_back(std::move(bound));
  f.lines.push_back(std::move(best));
  return f;
}

}  // namespace shiftfly::tables
