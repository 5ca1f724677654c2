#pragma once
/// \file failure_throughput_table.hpp
/// Beyond the paper: the uniform throughput of Boardfly and Shiftfly under random link
/// failures (studies/failure_throughput.hpp), as distributions over the damaged samples.
/// Throughput is shown as (n − 1)·θ, as in the routing_load and throughput tables: the rate,
/// in link capacities, at which every router injects all-to-all traffic.

#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/studies/failure_throughput.hpp"

namespace shiftfly::tables {

/// The distributions: one row per topology, failure fraction and quantity.
inline report::table failure_throughput_table(const studies::failure_throughput& study) {
  report::table t;
  t.id = "failure_throughput";
  t.title = "Uniform throughput under random link failures at " + report::thousands(study.params.groups) + " groups";
  t.source = "beyond the paper: the group-level graphs of Table 2 (40 optical ports per 32-chip group), " +
             report::thousands(study.params.samples) + " damaged samples per failure fraction";
  t.method = "sampled failure sets (exactly the given fraction of the links, uniformly at random, Python's "
             "random.Random(" + std::to_string(study.params.seed) + " + sample).sample); every sample's figures exact";
  t.columns = {"Design", "Links failed", "Samples", "Disconnected", "Quantity", "Min", "Q1", "Median", "Q3", "Max",
               "Mean"};
  for (const auto& r : study.rows) {
    const double scale = static_cast<double>(r.routers - 1);
    const std::string failed = r.failed == 0 ? "none (undamaged)"
                                             : report::percent(r.fraction, 0) + " (" + report::thousands(r.failed) +
                                                   " of " + report::thousands(r.links) + ")";
    const auto add = [&](const char* quantity, const studies::sample_summary& s) {
      t.add_row({r.topology, failed, report::thousands(r.samples), report::thousands(r.disconnected), quantity,
                 report::fixed(s.min * scale, 4), report::fixed(s.q1 * scale, 4), report::fixed(s.median * scale, 4),
                 report::fixed(s.q3 * scale, 4), report::fixed(s.max * scale, 4), report::fixed(s.mean * scale, 4)});
    };
    add("ecmp theta_R", r.ecmp);
    add("minimal theta_R", r.minimal);
    add("theta* upper (distance bound)", r.distance_bound);
  }
  t.notes.push_back(
      "(n - 1) theta in link capacities, uniform traffic (one unit per ordered router pair). theta_R = 1 / the largest "
      "channel load of the routing on the damaged graph (each direction of a link carries 1), exact: ecmp = an even "
      "split over the shortest-path next hops, minimal = one shortest path, the lowest-id next hop (docs/routing.md); "
      "shift routing is not run, a failed link breaks its arithmetic. theta* upper = 2m' / the sum of all pairs' "
      "distances on the damaged graph (m' links left): every flow of the demands uses at least that capacity, so the "
      "optimal throughput of each sample lies in [its better theta_R, this bound]. The distance bound ignores "
      "cuts: Boardfly's pods are joined by few links, and its undamaged theta* is far below it (the throughput "
      "table's cut bound). Distributions over the samples: Q1, "
      "median and Q3 by nearest rank (the ceil(p N)-th smallest), mean over all samples. A disconnected sample carries "
      "no uniform traffic: its figures are 0, counted under Disconnected and included in the distributions.");
  return t;
}

/// The median (n − 1)θ against the failed fraction (%), per design and quantity, with each
/// routing's minimum over the samples.
inline report::figure failure_throughput_figure(const studies::failure_throughput& study) {
  report::figure f{"failure_throughput_vs_rate",
                   "Uniform throughput per router under random link failures, " +
                       report::thousands(study.params.groups) + " groups",
                   "links failed (%)", "(n − 1)·θ, link capacities", false, false, {}};
  for (const std::string design : {"Boardfly", "Shiftfly"}) {
    report::series e{design + " ecmp median", {}, {}}, emin{design + " ecmp min", {}, {}},
        m{design + " minimal median", {}, {}}, b{design + " theta* upper median", {}, {}};
    for (const auto& r : study.rows)
      if (r.topology == design) {
        const double x = r.fraction * 100.0, scale = static_cast<double>(r.routers - 1);
        for (auto* s : {&e, &emin, &m, &b}) s->x.push_back(x);
        e.y.push_back(r.ecmp.median * scale);
        emin.y.push_back(r.ecmp.min * scale);
        m.y.push_back(r.minimal.median * scale);
        b.y.push_back(r.distance_bound.median * scale);
      }
    for (auto* s : {&b, &e, &emin, &m}) f.lines.push_back(std::move(*s));
  }
  f.yrange.lo = 0;
  return f;
}

}  // namespace shiftfly::tables
