#pragma once
/// \file schedule.hpp
/// Collective schedules as data. A schedule is a list of synchronous steps; a
/// step is a list of messages; a message moves one contiguous block of
/// elements [begin, end) from a source chip to a destination chip, which
/// either adds it to its own copy of the block (reduce) or overwrites its copy
/// (copy). Within a step every message reads the values its source held at the
/// start of the step (the simulator stages payloads before applying them).
///
/// Schedules come in two forms that the simulator accepts alike (the
/// `schedule_source` concept): a materialised `schedule` (a vector of steps,
/// convenient for small cases, tests and hand-written broken schedules), and
/// the lazy plans of ring_allreduce.hpp and torus_allreduce.hpp, which build
/// each step on demand so that a ring over 4,096 chips (8,190 steps of 4,096
/// messages) never holds more than one step in memory.

#include <concepts>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"

namespace shiftfly::collectives {

/// What a message does at its destination.
enum class message_op : std::uint8_t {
  reduce,  ///< destination adds the block to its own values
  copy,    ///< destination overwrites its values with the block
};

/// "reduce" or "copy".
inline const char* to_string(message_op op) noexcept { return op == message_op::reduce ? "reduce" : "copy"; }

/// One message: chip `src` sends elements [begin, end) of its vector to chip `dst`.
struct message {
  std::uint32_t src = 0;
  std::uint32_t dst = 0;
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
  message_op op = message_op::reduce;

  [[nodiscard]] std::uint64_t size() const noexcept { return end - begin; }
  friend bool operator==(const message&, const message&) = default;
};

/// The messages sent simultaneously in one step.
using step = std::vector<message>;

/// A materialised schedule: `chips` chips, each holding `elements` elements, and the steps.
struct schedule {
  std::string name;
  std::uint64_t chips = 0;
  std::uint64_t elements = 0;
  std::vector<step> steps;

  [[nodiscard]] std::uint64_t num_chips() const noexcept { return chips; }
  [[nodiscard]] std::uint64_t num_elements() const noexcept { return elements; }
  [[nodiscard]] std::uint64_t num_steps() const noexcept { return steps.size(); }
  [[nodiscard]] const std::string& label() const noexcept { return name; }
  /// Replaces `out` with the messages of step `s`.
  void fill_step(std::uint64_t s, step& out) const { out = steps.at(s); }
};

/// What the simulator needs of a schedule: sizes, a step count, and the messages of each step.
template <class S>
concept schedule_source = requires(const S& s, std::uint64_t i, step& out) {
  { s.num_chips() } -> std::convertible_to<std::uint64_t>;
  { s.num_elements() } -> std::convertible_to<std::uint64_t>;
  { s.num_steps() } -> std::convertible_to<std::uint64_t>;
  { s.label() } -> std::convertible_to<std::string>;
  s.fill_step(i, out);
};

static_assert(schedule_source<schedule>);

/// Builds every step of a (lazy) schedule source into a materialised schedule.
template <schedule_source S>
schedule materialize(const S& source) {
  schedule out;
  out.name = source.label();
  out.chips = source.num_chips();
  out.elements = source.num_elements();
  out.steps.resize(static_cast<std::size_t>(source.num_steps()));
  for (std::uint64_t s = 0; s < source.num_steps(); ++s) source.fill_step(s, out.steps[static_cast<std::size_t>(s)]);
  return out;
}

/// A half-open range of element indices.
struct block_range {
  std::uint64_t begin = 0;
  std::uint64_t end = 0;
  [[nodiscard]] std::uint64_t size() const noexcept { return end - begin; }
  friend bool operator==(const block_range&, const block_range&) = default;
};

/// Block i of k of a range split as evenly as possible: [b + ⌊i·n/k⌋, b + ⌊(i+1)·n/k⌋),
/// n = size. Sizes differ by at most one; when k divides n every block has n/k elements.
inline block_range split_block(block_range r, std::uint64_t k, std::uint64_t i) {
  if (k == 0 || k > 0xffffffffull || i >= k)
    core::fail("split_block", "block " + core::to_message(i) + " of " + core::to_message(k) +
                                  " (accepted: 1 <= k < 2^32, i < k)");
  // ⌊i·n/k⌋ = i·q + ⌊i·rem/k⌋ with n = q·k + rem; i·rem < k² < 2^64, so nothing overflows.
  const std::uint64_t n = r.size(), q = n / k, rem = n % k;
  const std::uint64_t lo = i * q + i * rem / k;
  const std::uint64_t hi = (i + 1) * q + (i + 1) * rem / k;
  return {r.begin + lo, r.begin + hi};
}

}  // namespace shiftfly::collectives
