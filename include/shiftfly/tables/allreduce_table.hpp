#pragma once
/// \file allreduce_table.hpp
/// The all-reduce table of `shiftfly tables --only allreduce`: the TPU
/// explainer's comparison of the dimension-ordered torus all-reduce with one
/// ring through every chip, on the square tori 2x2 .. 16x16 and on TPU v4's
/// 16x16x16. Every count is measured by running both schedules on data in the
/// simulator (collectives/simulator.hpp), which also verifies them; the α–β
/// times are computed from the measured steps and critical-path elements, for
/// the stated α and β.

#include <fmt/format.h>

#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/collectives/allreduce.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table.hpp"

namespace shiftfly::tables {

/// Parameters of the all-reduce table.
struct allreduce_table_options {
  std::vector<std::vector<std::uint64_t>> tori;  ///< empty: 2x2 .. 16x16 and 16x16x16
  std::uint64_t elements_per_chip_factor = 2;    ///< D = factor x P, so that P and 2P divide D
  collectives::alpha_beta model{1.0, 1.0};       ///< α per step, β elements per unit of time
};

/// The default rows: the square tori 2x2 .. 16x16, then 16x16x16.
inline std::vector<std::vector<std::uint64_t>> allreduce_table_tori() {
  std::vector<std::vector<std::uint64_t>> out;
  for (std::uint64_t k = 2; k <= 16; ++k) out.push_back({k, k});
  out.push_back({16, 16, 16});
  return out;
}

/// Builds the table by simulating every row (uni- and bidirectional, torus and ring).
inline report::table allreduce_table(const allreduce_table_options& opt = {}) {
  constexpr const char* where = "allreduce_table";
  core::require_range(where, "elements_per_chip_factor", opt.elements_per_chip_factor, 1, 1024);
  collectives::validate(opt.model, where);
  const auto tori = opt.tori.empty() ? allreduce_table_tori() : opt.tori;

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
  for (const auto& dims : tori) {
    const std::uint64_t chips = collectives::torus_chip_count(dims);
    const std::uint64_t D = core::checked_mul(chips, opt.elements_per_chip_factor, where, "elements");
    const auto uni = collectives::compare_allreduce(dims, D, false, opt.model);
    bool has_two = false;
    for (auto k : dims) has_two = has_two || k < 3;
    any_two = any_two || has_two;
    std::string bi_torus = "-";
    bool verified = uni.verified;
    if (!has_two) {
      const auto bi = collectives::simulate(collectives::torus_links(dims),
                                            collectives::torus_allreduce_plan(dims, D, true));
      bi_torus = report::shortest_thousands(
          collectives::alpha_beta_time(bi.steps, static_cast<double>(bi.critical_path_elements), opt.model).time);
      verified = verified && bi.verified;
    }
    const auto& ts = uni.torus.simulated;
    const auto& rs = uni.ring.simulated;
    const std::string sent = ts.max_sent_per_chip == ts.min_sent_per_chip && rs.max_sent_per_chip == ts.max_sent_per_chip &&
                                     rs.min_sent_per_chip == ts.max_sent_per_chip
                                 ? report::thousands(ts.max_sent_per_chip)
                                 : fmt::format("torus {}..{}, ring {}..{}", ts.min_sent_per_chip, ts.max_sent_per_chip,
                                               rs.min_sent_per_chip, rs.max_sent_per_chip);
    t.add_row({collectives::torus_dims_text(dims), report::thousands(chips), report::thousands(D),
               report::thousands(ts.steps), report::thousands(rs.steps), report::thousands(ts.messages),
               report::thousands(rs.messages), sent, report::shortest_thousands(uni.torus.formula.sent_per_chip),
               report::shortest_thousands(uni.torus.time.time), report::shortest_thousands(uni.ring.time.time), bi_torus,
               verified ? "yes" : "no"});
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
