#pragma once
/// \file simulator.hpp
/// Executes any collective schedule on real data and verifies it (the TPU
/// explainer's test: "every chip ends with the sum, each message goes to a
/// neighbour"). Each of the P chips holds D 64-bit integers (20-bit pseudo-random
/// values, so every sum is exact); the steps run one after another, each step's
/// messages reading the values held at the start of the step. The simulator
/// refuses, with one line naming the step and message:
///   - a message whose source or destination is not a chip, or whose block is
///     not inside 0..D;
///   - a message between chips that no link of the given graph joins;
///   - two messages on the same link in the same direction in one step;
///   - a final state where some chip's element differs from the sum over all chips.
/// It counts steps, messages, the elements each chip sends, and the elements on
/// the critical path: Σ over steps of the largest message of the step, which is
/// what the slowest link carries when each link direction carries at most one
/// message a step (the quantity the α–β model divides by β).

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#ifdef __linux__
#include <sys/mman.h>
#endif

#include "shiftfly/collectives/schedule.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"

namespace shiftfly::collectives {

/// Resource limits of a simulation; a schedule beyond them is refused before (or, for
/// messages, while) it runs, with an estimate in the message.
struct simulation_limits {
  std::uint64_t max_bytes = std::uint64_t{4} << 30;         ///< chip memory + staging, bytes
  std::uint64_t max_messages = std::uint64_t{2'000'000'000};  ///< total messages simulated
};

/// What a simulation measured. Returned only when every check passed.
struct simulation_result {
  std::string schedule;
  std::uint64_t chips = 0;
  std::uint64_t elements = 0;
  std::uint64_t steps = 0;
  std::uint64_t messages = 0;
  std::uint64_t max_messages_per_step = 0;
  std::vector<std::uint64_t> sent_per_chip;  ///< elements sent by each chip
  std::uint64_t max_sent_per_chip = 0;
  std::uint64_t min_sent_per_chip = 0;
  std::uint64_t total_sent = 0;
  std::uint64_t critical_path_elements = 0;  ///< Σ over steps of the largest message
  bool verified = false;                     ///< every chip ends with the sum (always true when returned)
};

namespace detail {

/// An uninitialised array of n trivially copyable T. Large arrays are 2 MiB-aligned and,
/// on Linux, marked for transparent huge pages: the chips' values run to hundreds of MiB
/// (16x16x16 chips x 8,192 elements), and faulting them in 4 KiB pages cost more than the
/// simulation itself.
template <class T>
class raw_buffer {
 public:
  explicit raw_buffer(std::size_t n) : size_(n) {
    constexpr std::size_t huge = std::size_t{2} << 20;
    const std::size_t bytes = std::max<std::size_t>(n * sizeof(T), sizeof(T));
    if (bytes >= huge) {
      const std::size_t rounded = (bytes + huge - 1) / huge * huge;
      data_ = static_cast<T*>(std::aligned_alloc(huge, rounded));
#ifdef __linux__
      if (data_) ::madvise(data_, rounded, MADV_HUGEPAGE);
#endif
    } else {
      data_ = static_cast<T*>(std::malloc(bytes));
    }
    if (!data_) throw std::bad_alloc();
  }
  raw_buffer(const raw_buffer&) = delete;
  raw_buffer& operator=(const raw_buffer&) = delete;
  ~raw_buffer() { std::free(data_); }
  [[nodiscard]] T* data() noexcept { return data_; }
  [[nodiscard]] const T* data() const noexcept { return data_; }
  T& operator[](std::size_t i) noexcept { return data_[i]; }
  const T& operator[](std::size_t i) const noexcept { return data_[i]; }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }

 private:
  std::size_t size_ = 0;
  T* data_ = nullptr;
};

/// The value chip c starts with at element e: 20 bits of SplitMix64 (Steele et al., 2014).
inline std::int64_t initial_value(std::uint64_t c, std::uint64_t e) noexcept {
  std::uint64_t z = c * 0x9E3779B97F4A7C15ull + e * 0xD1B54A32D192ED03ull + 0x632BE59BD9B4E019ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<std::int64_t>(z & 0xFFFFF);
}

/// "512 bytes", "3 KiB", "268 MiB", "8 GiB" (rounded up, so an estimate never reads as 0).
inline std::string bytes_text(std::uint64_t b) {
  const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int u = 0;
  std::uint64_t scaled = b;
  while (scaled >= 1024 * 10 && u < 6) {
    scaled = (scaled + 1023) / 1024;
    ++u;
  }
  return core::to_message(scaled) + " " + units[u];
}

inline std::string describe(std::uint64_t s, std::size_t i, const message& m) {
  return "step " + core::to_message(s) + ", message " + core::to_message(i) + " (chip " + core::to_message(m.src) +
         " -> chip " + core::to_message(m.dst) + ", block [" + core::to_message(m.begin) + "," + core::to_message(m.end) +
         "), " + to_string(m.op) + ")";
}

}  // namespace detail

/// Bytes a simulation of P chips x D elements needs before staging: 8PD for the
/// chips' values, 8D for the expected sums, 8 per directed link for the conflict check.
inline std::uint64_t simulation_bytes(std::uint64_t chips, std::uint64_t elements, std::uint64_t directed_links) {
  constexpr const char* where = "simulate";
  const std::uint64_t cells = core::checked_add(core::checked_mul(chips, elements, where, "chips x elements"),
                                                elements, where, "elements");
  return core::checked_add(core::checked_mul(cells, 8, where, "bytes"),
                           core::checked_mul(directed_links, 8, where, "bytes"), where, "bytes");
}

/// Runs `sched` on data over the links of `links` (whose vertices are the chips) and
/// verifies it; throws std::invalid_argument with one line on the first violation.
template <schedule_source S>
simulation_result simulate(const core::graph<std::uint32_t>& links, const S& sched, simulation_limits limits = {}) {
  constexpr const char* where = "simulate";
  const std::uint64_t P = sched.num_chips();
  const std::uint64_t D = sched.num_elements();
  core::require_at_least(where, "chips", P, 1);
  core::require_at_least(where, "elements", D, 1);
  if (links.num_vertices() != P)
    core::fail(where, "the schedule has " + core::to_message(P) + " chips but the graph " + links.name() + " has " +
                          core::to_message(links.num_vertices()) + " vertices");
  const std::uint64_t need = simulation_bytes(P, D, links.targets().size());
  if (need > limits.max_bytes)
    core::fail(where, "simulating " + core::to_message(P) + " chips x " + core::to_message(D) + " elements needs about " +
                          detail::bytes_text(need) + ", more than the limit of " +
                          detail::bytes_text(limits.max_bytes));
  // ... and within the memory this process may use (SHIFTFLY_MEMORY_LIMIT, ulimit -v: core/memory.hpp).
  core::require_memory(where,
                       "simulating " + core::to_message(P) + " chips x " + core::to_message(D) +
                           " elements (8 bytes each)",
                       need);

  simulation_result r;
  r.schedule = sched.label();
  r.chips = P;
  r.elements = D;
  r.steps = sched.num_steps();
  r.sent_per_chip.assign(static_cast<std::size_t>(P), 0);

  detail::raw_buffer<std::int64_t> values(static_cast<std::size_t>(P * D));
  std::vector<std::int64_t> expected(static_cast<std::size_t>(D), 0);
  for (std::uint64_t c = 0; c < P; ++c)
    for (std::uint64_t e = 0; e < D; ++e) {
      const std::int64_t v = detail::initial_value(c, e);
      values[static_cast<std::size_t>(c * D + e)] = v;
      expected[static_cast<std::size_t>(e)] += v;
    }

  const auto offsets = links.offsets();
  std::vector<std::uint64_t> last_used(links.targets().size(), 0);  // step + 1 that last used each directed link
  std::vector<std::int64_t> staging;
  step msgs;
  for (std::uint64_t s = 0; s < r.steps; ++s) {
    sched.fill_step(s, msgs);
    std::uint64_t payload = 0;
    std::uint64_t largest = 0;
    for (std::size_t i = 0; i < msgs.size(); ++i) {
      const message& m = msgs[i];
      if (m.src >= P || m.dst >= P)
        core::fail(where, detail::describe(s, i, m) + ": chip ids must be below " + core::to_message(P));
      if (m.begin > m.end || m.end > D)
        core::fail(where, detail::describe(s, i, m) + ": the block is not inside 0.." + core::to_message(D));
      const auto nb = links.neighbors(m.src);
      const auto it = std::lower_bound(nb.begin(), nb.end(), m.dst);
      if (it == nb.end() || *it != m.dst)
        core::fail(where, detail::describe(s, i, m) + ": chips " + core::to_message(m.src) + " and " +
                              core::to_message(m.dst) + " are not joined by a link of " + links.name());
      const std::size_t arc = static_cast<std::size_t>(offsets[m.src]) + static_cast<std::size_t>(it - nb.begin());
      if (last_used[arc] == s + 1) {
        std::size_t first = 0;
        while (msgs[first].src != m.src || msgs[first].dst != m.dst) ++first;
        core::fail(where, detail::describe(s, i, m) + ": the link " + core::to_message(m.src) + " -> " +
                              core::to_message(m.dst) + " already carries message " + core::to_message(first) +
                              " in this direction in this step");
      }
      last_used[arc] = s + 1;
      payload += m.size();
      largest = std::max(largest, m.size());
      r.sent_per_chip[m.src] += m.size();
    }
    r.messages += msgs.size();
    if (r.messages > limits.max_messages)
      core::fail(where, "the schedule " + r.schedule + " sends more than " + core::to_message(limits.max_messages) +
                            " messages, the limit of one simulation");
    r.max_messages_per_step = std::max<std::uint64_t>(r.max_messages_per_step, msgs.size());
    r.critical_path_elements += largest;
    if (need + payload * 8 > limits.max_bytes)
      core::fail(where, "step " + core::to_message(s) + " moves " + core::to_message(payload) +
                            " elements; with the chips' memory that exceeds the limit of " +
                            detail::bytes_text(limits.max_bytes));
    // Stage every payload first: all messages of a step read the values of its start.
    staging.resize(static_cast<std::size_t>(payload));
    std::size_t at = 0;
    // (Plain loops: messages are often a few elements, where memmove calls cost more than the copy.)
    for (const message& m : msgs) {
      const std::int64_t* from = values.data() + m.src * D + m.begin;
      std::int64_t* to = staging.data() + at;
      for (std::uint64_t e = 0, n = m.size(); e < n; ++e) to[e] = from[e];
      at += static_cast<std::size_t>(m.size());
    }
    at = 0;
    for (const message& m : msgs) {
      std::int64_t* to = values.data() + m.dst * D + m.begin;
      const std::int64_t* from = staging.data() + at;
      if (m.op == message_op::reduce)
        for (std::uint64_t e = 0, n = m.size(); e < n; ++e) to[e] += from[e];
      else
        for (std::uint64_t e = 0, n = m.size(); e < n; ++e) to[e] = from[e];
      at += static_cast<std::size_t>(m.size());
    }
  }

  for (std::uint64_t c = 0; c < P; ++c)
    for (std::uint64_t e = 0; e < D; ++e) {
      const std::int64_t got = values[static_cast<std::size_t>(c * D + e)];
      if (got != expected[static_cast<std::size_t>(e)])
        core::fail(where, "after " + core::to_message(r.steps) + " steps of " + r.schedule + ", chip " +
                              core::to_message(c) + " holds " + core::to_message(got) + " at element " +
                              core::to_message(e) + ", not the sum " + core::to_message(expected[e]) + " over all " +
                              core::to_message(P) + " chips");
    }
  r.max_sent_per_chip = *std::max_element(r.sent_per_chip.begin(), r.sent_per_chip.end());
  r.min_sent_per_chip = *std::min_element(r.sent_per_chip.begin(), r.sent_per_chip.end());
  for (auto v : r.sent_per_chip) r.total_sent += v;
  r.verified = true;
  return r;
}

}  // namespace shiftfly::collectives
