#pragma once
/// \file torus_allreduce.hpp
/// Dimension-ordered all-reduce on a torus k0 x k1 x ... (the TPU explainer,
/// "Maths": reduce-scatter along x, then along y inside the owned block, then
/// all-gather along y, then along x), generalised to n dimensions.
///
/// Reduce-scatter along dimension d is k_d - 1 steps on every ring of that
/// dimension at once: the chip at coordinate a sends block (a - s) mod k_d of
/// the range it owns to coordinate a + 1, which adds it; by induction, after
/// step s its block (a - s - 1) mod k_d holds the sum of s + 2 chips, so after
/// k_d - 1 steps block (a + 1) mod k_d holds the whole ring's sum, and that
/// block is the range the next dimension splits. All chips of a ring along d
/// agree on their coordinates before d, hence on the range they split. The
/// all-gathers run the same rings in the reverse order of dimensions, copying:
/// in step t coordinate a sends block (a + 1 - t) mod k_d. In all
/// Σ 2(k_i - 1) steps, against 2(Π k_i - 1) for one ring through every chip,
/// and each chip sends 2(k0-1)D/k0 + 2(k1-1)D/(k0 k1) + ... = 2D(P-1)/P elements
/// when P divides D, the same as the ring.
///
/// Bidirectional variant: the first ⌊D/2⌋ elements run the schedule above on
/// the +1 neighbours, the rest run it on the rings reversed (coordinate a at
/// ring position -a, sending to a - 1), at the same time; each ring then
/// carries half the data each way. It needs every k_i >= 3: at k_i = 2 the +1
/// and -1 neighbours share one link, whose two directions the unidirectional
/// schedule already uses.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "shiftfly/collectives/schedule.hpp"
#include "shiftfly/collectives/torus_chips.hpp"
#include "shiftfly/core/checked.hpp"

namespace shiftfly::collectives {

/// A dimension-ordered torus all-reduce, built step by step on demand (models schedule_source).
struct torus_plan {
  /// One phase: reduce-scatter or all-gather along one dimension.
  struct phase {
    std::size_t dim = 0;
    bool gather = false;
    std::uint64_t first_step = 0;
  };

  std::vector<std::uint64_t> dims;
  std::vector<std::uint64_t> strides;
  std::uint64_t chips = 0;
  std::uint64_t elements = 0;
  bool bidirectional = false;
  std::string name;
  std::vector<phase> phases;  ///< RS along 0..n-1, then AG along n-1..0
  std::uint64_t steps = 0;

  [[nodiscard]] std::uint64_t num_chips() const noexcept { return chips; }
  [[nodiscard]] std::uint64_t num_elements() const noexcept { return elements; }
  [[nodiscard]] std::uint64_t num_steps() const noexcept { return steps; }
  [[nodiscard]] const std::string& label() const noexcept { return name; }

  /// The messages of step s.
  void fill_step(std::uint64_t s, step& out) const {
    if (s >= steps) core::throw_out_of_range("torus_plan::fill_step", "step", s, "0 to " + core::to_message(steps - 1));
    out.clear();
    std::size_t ph = 0;
    while (ph + 1 < phases.size() && phases[ph + 1].first_step <= s) ++ph;
    const std::size_t d = phases[ph].dim;
    const bool gather = phases[ph].gather;
    const std::uint64_t t = s - phases[ph].first_step;
    const std::uint64_t k = dims[d];
    const std::uint64_t half = bidirectional ? elements / 2 : elements;
    for (int dir = 0; dir < (bidirectional ? 2 : 1); ++dir) {
      for (std::uint64_t c = 0; c < chips; ++c) {
        // Ring position of coordinate a: a forwards, -a backwards.
        auto position = [&](std::size_t j) {
          const std::uint64_t a = (c / strides[j]) % dims[j];
          return dir == 0 ? a : (dims[j] - a) % dims[j];
        };
        block_range owned = dir == 0 ? block_range{0, half} : block_range{half, elements};
        for (std::size_t j = 0; j < d; ++j) owned = split_block(owned, dims[j], (position(j) + 1) % dims[j]);
        const std::uint64_t pos = position(d);
        const std::uint64_t index = gather ? (pos + 1 + k - t) % k : (pos + k - t) % k;
        const block_range b = split_block(owned, k, index);
        if (b.size() == 0) continue;
        const std::uint64_t a = (c / strides[d]) % k;
        const std::uint64_t a_next = dir == 0 ? (a + 1) % k : (a + k - 1) % k;
        const std::uint64_t dst = c - a * strides[d] + a_next * strides[d];
        out.push_back({static_cast<std::uint32_t>(c), static_cast<std::uint32_t>(dst), b.begin, b.end,
                       gather ? message_op::copy : message_op::reduce});
      }
    }
  }
};

static_assert(schedule_source<torus_plan>);

/// Dimension-ordered all-reduce on T(dims) with D = elements per chip, built lazily.
/// dims: 1 to 64 sizes, each >= 2 (>= 3 when bidirectional), product < 2^32.
inline torus_plan torus_allreduce_plan(std::span<const std::uint64_t> dims, std::uint64_t elements,
                                       bool bidirectional = false) {
  constexpr const char* where = "torus_allreduce";
  torus_plan plan;
  plan.chips = torus_chip_count(dims);
  core::require_at_least(where, "elements", elements, 1);
  if (bidirectional) require_bidirectional_dims(where, dims);
  plan.dims.assign(dims.begin(), dims.end());
  plan.strides = torus_strides(dims);
  plan.elements = elements;
  plan.bidirectional = bidirectional;
  plan.name = std::string(bidirectional ? "bidirectional " : "") + "dimension-ordered all-reduce on the " +
              torus_dims_text(dims) + " torus";
  for (std::size_t d = 0; d < dims.size(); ++d) {
    plan.phases.push_back({d, false, plan.steps});
    plan.steps += dims[d] - 1;
  }
  for (std::size_t d = dims.size(); d-- > 0;) {
    plan.phases.push_back({d, true, plan.steps});
    plan.steps += dims[d] - 1;
  }
  return plan;
}

/// The same, materialised.
inline schedule torus_allreduce(std::span<const std::uint64_t> dims, std::uint64_t elements,
                                bool bidirectional = false) {
  return materialize(torus_allreduce_plan(dims, elements, bidirectional));
}

}  // namespace shiftfly::collectives
