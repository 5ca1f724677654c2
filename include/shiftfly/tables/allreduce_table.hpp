#pragma once
/// \file allreduce_table.hpp
/// The all-reduce table of `shiftfly tables --only allreduce`: the TPU explainer's
/// comparison of the dimension-ordered torus all-reduce with one ring through every
/// chip, as simulated and verified by studies/allreduce_comparison.hpp.

#include <fmt/format.h>

#include <string>
#include <vector>

#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/studies/allreduce_comparison.hpp"

namespace shiftfly::tables {

/// The table of the simulated rows; `opt` is what they were simulated with.
inline report::table allreduce_table(const std::vector<studies::allreduce_comparison_row>& rows,
                                     const studies::allreduce_comparison_options& opt) {
  report::table t;
  t.id = "allreduce";
  t.title = "Torus all-reduce against one ring: steps, volume per chip and alpha-beta time";
  t.source = "TPU explainer, the all-reduce on a 2-D torus (12 steps against 30 on 4x4, 60 against 510 on 16x16), "
             "extended to TPU v4's 16x16x16";
  t.method = fmt::format(
      "simulated on data: D = {}P integers per chip, exact sums, every message checked against the torus links; "
      "counts exact; times = steps x alpha + critical-path elements / beta with alpha = {} and beta = {} element(s) "
      "per unit of time",
      opt.elements_per_chip_factor, report::shortest_thousands(opt.model.alpha), report::shortest_thousands(opt.model.beta));
  t.columns = {"torus",           "chips P",         "elements D",      "torus steps",        "ring steps",
               "torus messages",  "ring messages",   "sent per chip",   "2D(P-1)/P",          "torus time",
               "ring time",       "torus time, bidirectional", "verified"};
  bool any_two = false;
  for (const auto& r : rows) {
    any_two = any_two || !r.bidirectional;
    const std::string bi_torus = r.bidirectional_time ? report::shortest_thousands(r.bidirectional_time->time) : "-";
    const auto& uni = r.unidirectional;
    const auto& ts = uni.torus.simulated;
    const auto& rs = uni.ring.simulated;
    const std::string sent = ts.max_sent_per_chip == ts.min_sent_per_chip && rs.max_sent_per_chip == ts.max_sent_per_chip &&
                                     rs.min_sent_per_chip == ts.max_sent_per_chip
                                 ? report::thousands(ts.max_sent_per_chip)
                                 : fmt::format("torus {}..{}, ring {}..{}", ts.min_sent_per_chip, ts.max_sent_per_chip,
                                               rs.min_sent_per_chip, rs.max_sent_per_chip);
    t.add_row({collectives::torus_dims_text(r.dims), report::thousands(r.chips), report::thousands(r.elements),
               report::thousands(ts.steps), report::thousands(rs.steps), report::thousands(ts.messages),
               report::thousands(rs.messages), sent, report::shortest_thousands(uni.torus.formula.sent_per_chip),
               report::shortest_thousands(uni.torus.time.time), report::shortest_thousands(uni.ring.time.time), bi_torus,
               r.verified ? "yes" : "no"});
  }
  t.notes.push_back(
      "Torus steps are 2(k0-1) + 2(k1-1) + ..., ring steps 2(P-1); both schedules send 2D(P-1)/P elements per chip, "
      "the minimum for any all-reduce, so the torus wins on the latency term alone: 2(X+Y-2)alpha against "
      "2(XY-1)alpha on X x Y.");
  t.notes.push_back(
      "The ring runs along a Hamiltonian cycle of the same torus, so every ring message also crosses one torus link. "
      "Bidirectional torus: half the data goes each way round every ring, halving the bandwidth term at the same "
      "step count (simulated and verified like the rest).");
  if (any_two)
    t.notes.push_back(
        "- : no bidirectional schedule on a torus with a dimension of size 2, whose two chips share one link that the "
        "unidirectional schedule already uses both ways.");
  return t;
}

}  // namespace shiftfly::tables
