#pragma once
/// \file ring_allreduce.hpp
/// Ring all-reduce over any cyclic order of P chips (Patarasuk and Yuan, 2009;
/// the TPU explainer's "one ring through all 16 chips"): the vector of D
/// elements is split into P blocks; reduce-scatter takes P-1 steps: in step s
/// the chip at ring position i sends block (i - s) mod P to position i + 1,
/// which adds it, so that afterwards position i owns block (i + 1) mod P
/// summed over all P chips; all-gather takes P-1 more steps, in step t position
/// i sends block (i + 1 - t) mod P onwards, which the receiver copies.
/// 2(P-1) steps, P messages a step, and each chip sends 2D(P-1)/P elements when
/// P divides D.
///
/// Bidirectional variant: the first ⌊D/2⌋ elements go round the ring forwards
/// and the rest backwards, at the same time; each link then carries one message
/// in each direction per step, with half the data. It needs P >= 3: with two
/// chips both directions of their one link are already busy.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/collectives/schedule.hpp"
#include "shiftfly/core/checked.hpp"

namespace shiftfly::collectives {

/// A ring all-reduce, built step by step on demand (models schedule_source).
struct ring_plan {
  std::vector<std::uint32_t> order;  ///< the cyclic order; position i sends to position i + 1
  std::uint64_t elements = 0;
  bool bidirectional = false;
  std::string name;

  [[nodiscard]] std::uint64_t num_chips() const noexcept { return order.size(); }
  [[nodiscard]] std::uint64_t num_elements() const noexcept { return elements; }
  [[nodiscard]] std::uint64_t num_steps() const noexcept { return 2 * (order.size() - 1); }
  [[nodiscard]] const std::string& label() const noexcept { return name; }

  /// The messages of step s: reduce-scatter for s < P-1, all-gather after.
  void fill_step(std::uint64_t s, step& out) const {
    if (s >= num_steps())
      core::throw_out_of_range("ring_plan::fill_step", "step", s, "0 to " + core::to_message(num_steps() - 1));
    out.clear();
    const std::uint64_t p = order.size();
    const bool gather = s >= p - 1;
    const std::uint64_t t = gather ? s - (p - 1) : s;
    const std::uint64_t half = bidirectional ? elements / 2 : elements;
    for (int dir = 0; dir < (bidirectional ? 2 : 1); ++dir) {
      const block_range whole = dir == 0 ? block_range{0, half} : block_range{half, elements};
      for (std::uint64_t i = 0; i < p; ++i) {
        // Backwards ring: position i holds the chip at forward position -i.
        const std::uint64_t here = dir == 0 ? i : (p - i) % p;
        const std::uint64_t next = dir == 0 ? (i + 1) % p : (2 * p - i - 1) % p;
        const std::uint64_t index = gather ? (i + 1 + p - t) % p : (i + p - t) % p;
        const block_range b = split_block(whole, p, index);
        if (b.size() == 0) continue;
        out.push_back({order[here], order[next], b.begin, b.end, gather ? message_op::copy : message_op::reduce});
      }
    }
  }
};

static_assert(schedule_source<ring_plan>);

/// Ring all-reduce over the cyclic order `order` (a permutation of the chips
/// 0..P-1, P >= 2), D = elements per chip, built lazily. Bidirectional needs P >= 3.
inline ring_plan ring_allreduce_plan(std::vector<std::uint32_t> order, std::uint64_t elements,
                                     bool bidirectional = false) {
  constexpr const char* where = "ring_allreduce";
  core::require_range(where, "number of chips", order.size(), bidirectional ? 3 : 2, 0xffffffffull);
  core::require_at_least(where, "elements", elements, 1);
  std::vector<char> seen(order.size(), 0);
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (order[i] >= order.size())
      core::fail(where, "order[" + core::to_message(i) + "] = " + core::to_message(order[i]) +
                            " is not a chip (expected a permutation of 0.." + core::to_message(order.size() - 1) + ")");
    if (seen[order[i]])
      core::fail(where, "order[" + core::to_message(i) + "] = " + core::to_message(order[i]) +
                            " repeats a chip (expected a permutation of 0.." + core::to_message(order.size() - 1) + ")");
    seen[order[i]] = 1;
  }
  ring_plan plan;
  plan.name = std::string(bidirectional ? "bidirectional " : "") + "ring all-reduce over " +
              core::to_message(order.size()) + " chips";
  plan.order = std::move(order);
  plan.elements = elements;
  plan.bidirectional = bidirectional;
  return plan;
}

/// The same, materialised.
inline schedule ring_allreduce(std::vector<std::uint32_t> order, std::uint64_t elements, bool bidirectional = false) {
  return materialize(ring_allreduce_plan(std::move(order), elements, bidirectional));
}

}  // namespace shiftfly::collectives
