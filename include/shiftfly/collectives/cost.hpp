#pragma once
/// \file cost.hpp
/// The α–β cost model of the TPU explainer ("Maths"): a step costs a fixed α
/// (link latency, synchronisation) plus the time its largest message takes on a
/// link of bandwidth β, so a schedule takes
///     time = steps·α + (elements on the critical path)/β.
/// Closed forms for the dimension-ordered torus all-reduce and the ring over
/// P = Π k_i chips, with D elements per chip (exact when Π_{j<=i} k_j divides D):
///     steps:            torus Σ 2(k_i - 1),            ring 2(P - 1);
///     sent per chip:    2D(P - 1)/P for both, the minimum for any all-reduce
///                       (Patarasuk and Yuan, 2009);
///     time:             torus Σ_i 2(k_i - 1)(α + D/(k_0···k_i β)),
///                       ring 2(P - 1)(α + D/(Pβ));
/// the same bandwidth term 2D(P - 1)/(Pβ) and latency terms 2(X + Y - 2)α against
/// 2(XY - 1)α on X x Y. The bidirectional variants move D/2 each way, halving
/// the bandwidth term and keeping the step count.
///
/// In real units (the Hockney model as the MPI literature writes it: Hockney
/// 1994; Thakur, Rabenseifner and Gropp 2005) a message of n bytes takes
/// α + nβ, with α the latency of one message and β = 1/bandwidth the time per
/// byte; a ring all-reduce of n bytes then takes 2(p - 1)α + 2(p - 1)/p · nβ
/// (Patarasuk and Yuan, 2009). hockney_model holds α in microseconds and the
/// link bandwidth in GB/s (GB = 10^9 bytes, so β in ns per byte is 1/bandwidth);
/// the exact counts below (schedule_counts) make the closed forms equal the
/// simulator's counts for every D, not only when the blocks divide it.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <string_view>
#include <vector>

#include "shiftfly/collectives/torus_chips.hpp"
#include "shiftfly/core/checked.hpp"

namespace shiftfly::collectives {

/// The model in abstract units, as the TPU explainer and the table of tables/allreduce_table.hpp
/// use it: α (time per step) and β (elements per unit of time on one link, so a bandwidth,
/// not the literature's time per byte; hockney_model below has real units).
struct alpha_beta {
  double alpha = 1.0;
  double beta = 1.0;
};

/// Requires α finite and >= 0, β finite and > 0.
inline void validate(const alpha_beta& m, std::string_view where = "alpha_beta") {
  if (!(m.alpha >= 0.0) || !std::isfinite(m.alpha)) core::throw_out_of_range(where, "alpha", m.alpha, "finite, at least 0");
  if (!(m.beta > 0.0) || !std::isfinite(m.beta)) core::throw_out_of_range(where, "beta", m.beta, "finite, greater than 0");
}

/// A time split into its latency and bandwidth terms.
struct cost {
  double latency = 0;    ///< steps·α
  double bandwidth = 0;  ///< critical-path elements / β
  double time = 0;       ///< their sum
};

/// time = steps·α + critical_elements/β.
inline cost alpha_beta_time(std::uint64_t steps, double critical_elements, const alpha_beta& m) {
  validate(m, "alpha_beta_time");
  cost c;
  c.latency = static_cast<double>(steps) * m.alpha;
  c.bandwidth = critical_elements / m.beta;
  c.time = c.latency + c.bandwidth;
  return c;
}

/// Closed forms for one all-reduce schedule.
struct closed_form {
  std::uint64_t steps = 0;
  double sent_per_chip = 0;           ///< 2D(P-1)/P
  double critical_path_elements = 0;  ///< Σ over steps of the message size
  cost time;
};

/// Σ 2(k_i - 1).
inline std::uint64_t torus_allreduce_steps(std::span<const std::uint64_t> dims) {
  torus_chip_count(dims);
  std::uint64_t s = 0;
  for (auto k : dims) s += 2 * (k - 1);
  return s;
}

/// 2(P - 1).
inline std::uint64_t ring_allreduce_steps(std::uint64_t chips) {
  core::require_at_least("ring_allreduce_steps", "chips", chips, 2);
  return core::checked_mul(2, chips - 1, "ring_allreduce_steps", "steps");
}

/// 2D(P - 1)/P, the elements each chip sends in either schedule (the all-reduce minimum).
inline double allreduce_volume_per_chip(std::uint64_t chips, std::uint64_t elements) {
  core::require_at_least("allreduce_volume_per_chip", "chips", chips, 1);
  return 2.0 * static_cast<double>(elements) * static_cast<double>(chips - 1) / static_cast<double>(chips);
}

/// Closed form of the dimension-ordered torus all-reduce: Σ_i 2(k_i - 1)(α + D'/(k_0···k_i β)), D' = D or D/2.
inline closed_form torus_allreduce_closed_form(std::span<const std::uint64_t> dims, std::uint64_t elements,
                                               const alpha_beta& m, bool bidirectional = false) {
  const std::uint64_t chips = torus_chip_count(dims);
  closed_form f;
  f.steps = torus_allreduce_steps(dims);
  f.sent_per_chip = allreduce_volume_per_chip(chips, elements);
  const double per_ring = bidirectional ? static_cast<double>(elements) / 2.0 : static_cast<double>(elements);
  double prefix = 1.0;
  for (auto k : dims) {
    prefix *= static_cast<double>(k);
    f.critical_path_elements += 2.0 * static_cast<double>(k - 1) * per_ring / prefix;
  }
  f.time = alpha_beta_time(f.steps, f.critical_path_elements, m);
  return f;
}

/// Closed form of the ring all-reduce over P chips: 2(P - 1)(α + D'/(Pβ)), D' = D or D/2.
inline closed_form ring_allreduce_closed_form(std::uint64_t chips, std::uint64_t elements, const alpha_beta& m,
                                              bool bidirectional = false) {
  closed_form f;
  f.steps = ring_allreduce_steps(chips);
  f.sent_per_chip = allreduce_volume_per_chip(chips, elements);
  const double per_ring = bidirectional ? static_cast<double>(elements) / 2.0 : static_cast<double>(elements);
  f.critical_path_elements = 2.0 * static_cast<double>(chips - 1) * per_ring / static_cast<double>(chips);
  f.time = alpha_beta_time(f.steps, f.critical_path_elements, m);
  return f;
}

// ---------------------------------------------------------------------------
// Real units and exact counts.

/// The largest message size the closed forms accept, 2^60 bytes (1 EiB): every count
/// below then stays under 2^63 in 64-bit integers (critical path < 2·2^60 + 2^34).
inline constexpr std::uint64_t max_closed_form_bytes = std::uint64_t{1} << 60;
/// The largest element size, bytes (no numeric type is wider; keeps elements x element_bytes small).
inline constexpr std::uint64_t max_element_bytes = 1024;
/// α's range, microseconds: 0 to 10^6 (one second per message).
inline constexpr double max_alpha_us = 1e6;
/// The bandwidth's range, GB/s: 10^-3 (1 MB/s) to 10^6 (1 PB/s), so that every time stays finite.
inline constexpr double min_bandwidth_gb_per_s = 1e-3;
inline constexpr double max_bandwidth_gb_per_s = 1e6;

/// The Hockney α–β model in real units: a message of n bytes over one link takes α + nβ.
struct hockney_model {
  double alpha_us = 1.0;              ///< α: latency of one message (one step), microseconds
  double bandwidth_gb_per_s = 100.0;  ///< one link direction, GB/s with GB = 10^9 bytes
  /// β = 1/bandwidth, the time per byte, in nanoseconds per byte (1 GB/s moves one byte a nanosecond).
  [[nodiscard]] double beta_ns_per_byte() const noexcept { return 1.0 / bandwidth_gb_per_s; }
};

/// Requires 0 <= alpha_us <= 10^6 and 10^-3 <= bandwidth_gb_per_s <= 10^6 (parameters "alpha", "bandwidth").
inline void validate(const hockney_model& m, std::string_view where = "hockney_model") {
  if (!(m.alpha_us >= 0.0 && m.alpha_us <= max_alpha_us))
    core::throw_out_of_range(where, "alpha", m.alpha_us, "0 to 1e6 microseconds");
  if (!(m.bandwidth_gb_per_s >= min_bandwidth_gb_per_s && m.bandwidth_gb_per_s <= max_bandwidth_gb_per_s))
    core::throw_out_of_range(where, "bandwidth", m.bandwidth_gb_per_s, "1e-3 to 1e6 GB/s");
}

/// A message of `elements` elements of `element_bytes` bytes each, per chip.
struct message_size {
  std::uint64_t elements = 0;
  std::uint64_t element_bytes = 0;
  [[nodiscard]] std::uint64_t bytes() const noexcept { return elements * element_bytes; }
};

/// Validates and returns the message of `elements` elements (1 to 2^60 bytes in all,
/// element_bytes 1 to 1024).
inline message_size message_of_elements(std::uint64_t elements, std::uint64_t element_bytes,
                                        std::string_view where = "message_size") {
  core::require_range(where, "bytes_per_element", element_bytes, 1, max_element_bytes);
  if (elements < 1 || elements > max_closed_form_bytes / element_bytes)
    core::throw_out_of_range(where, "elements", elements,
                             "1 to " + core::to_message(max_closed_form_bytes / element_bytes) + ", 2^60 bytes of " +
                                 core::to_message(element_bytes) + "-byte elements");
  return {elements, element_bytes};
}

/// Validates and returns the message of `bytes` bytes: 1 to 2^60, a multiple of element_bytes.
inline message_size message_of_bytes(std::uint64_t bytes, std::uint64_t element_bytes,
                                     std::string_view where = "message_size") {
  core::require_range(where, "bytes_per_element", element_bytes, 1, max_element_bytes);
  if (bytes < 1 || bytes > max_closed_form_bytes)
    core::throw_out_of_range(where, "bytes", bytes, "1 to 2^60 = 1152921504606846976");
  if (bytes % element_bytes != 0)
    core::fail_parameter(where, "bytes", core::to_message(bytes),
                         "is not a whole number of elements of " + core::to_message(element_bytes) + " bytes",
                         "a multiple of the element size, 1 to 2^60");
  return {bytes / element_bytes, element_bytes};
}

/// Exact counts of one all-reduce schedule, for any D.
struct schedule_counts {
  std::uint64_t steps = 0;
  std::uint64_t messages = 0;                ///< non-empty messages
  std::uint64_t critical_path_elements = 0;  ///< Σ over steps of the largest message
};

namespace detail {
/// The data each direction carries: D, or ⌊D/2⌋ forwards and ⌈D/2⌉ backwards.
inline std::vector<std::uint64_t> direction_sizes(std::uint64_t elements, bool bidirectional) {
  if (!bidirectional) return {elements};
  return {elements / 2, elements - elements / 2};
}

/// One step of a ring phase in which the blocks of the m-way nested split (split_block,
/// schedule.hpp) are each sent once by `senders` chips, per direction. A floor split of n
/// into m blocks has blocks of ⌊n/m⌋ and ⌈n/m⌉ only, and min(n, m) of them are non-empty;
/// splitting a split again keeps this for the product of the sizes (⌈⌈n/a⌉/b⌉ = ⌈n/ab⌉).
inline void add_phase(schedule_counts& c, std::uint64_t steps, std::uint64_t m, std::uint64_t senders,
                      const std::vector<std::uint64_t>& sizes, std::string_view where) {
  std::uint64_t per_step = 0, largest = 0;
  for (auto n : sizes) {
    per_step += senders * std::min(n, m);  // <= 2P < 2^33
    largest = std::max(largest, n / m + (n % m != 0));
  }
  c.steps += steps;
  c.messages = core::checked_add(c.messages, core::checked_mul(steps, per_step, where, "messages"), where, "messages");
  c.critical_path_elements += steps * largest;  // <= 2(k - 1)(D/m + 1): the sum stays under 2^62
}
}  // namespace detail

/// The ring all-reduce over P chips on D elements (ring_allreduce.hpp), counted exactly:
/// 2(P - 1) steps; each step sends every block of the P-way split once per direction, so
/// min(D', P) messages per direction and a largest message of ⌈D'/P⌉, D' = D or ⌈D/2⌉.
inline schedule_counts ring_allreduce_counts(std::uint64_t chips, std::uint64_t elements, bool bidirectional = false) {
  constexpr const char* where = "ring_allreduce_counts";
  core::require_range(where, "chips", chips, bidirectional ? 3 : 2, 0xffffffffull);
  core::require_range(where, "elements", elements, 1, max_closed_form_bytes);
  schedule_counts c;
  detail::add_phase(c, 2 * (chips - 1), chips, 1, detail::direction_sizes(elements, bidirectional), where);
  return c;
}

/// The dimension-ordered torus all-reduce (torus_allreduce.hpp), counted exactly: the
/// phases along dimension i (reduce-scatter and all-gather, 2(k_i - 1) steps) send the
/// blocks of the nested split into m_i = k_0···k_i parts, each block by the P/m_i chips
/// that share coordinates 0..i, so P/m_i · min(D', m_i) messages per direction a step
/// and a largest message of ⌈D'/m_i⌉.
inline schedule_counts torus_allreduce_counts(std::span<const std::uint64_t> dims, std::uint64_t elements,
                                              bool bidirectional = false) {
  constexpr const char* where = "torus_allreduce_counts";
  const std::uint64_t chips = torus_chip_count(dims);
  core::require_range(where, "elements", elements, 1, max_closed_form_bytes);
  if (bidirectional) require_bidirectional_dims(where, dims);
  const auto sizes = detail::direction_sizes(elements, bidirectional);
  schedule_counts c;
  std::uint64_t m = 1;
  for (auto k : dims) {
    m *= k;  // divides chips < 2^32
    detail::add_phase(c, 2 * (k - 1), m, chips / m, sizes, where);
  }
  return c;
}

/// A time in the Hockney model, split into its terms, microseconds.
struct hockney_cost {
  double latency_us = 0;    ///< steps·α
  double bandwidth_us = 0;  ///< critical-path bytes·β
  double time_us = 0;       ///< their sum
};

/// time = steps·α + critical_bytes·β, in microseconds (β = 1/bandwidth; 1 GB/s = 10^3 bytes per µs).
inline hockney_cost hockney_time(std::uint64_t steps, std::uint64_t critical_bytes, const hockney_model& m) {
  validate(m, "hockney_time");
  hockney_cost c;
  c.latency_us = static_cast<double>(steps) * m.alpha_us;
  c.bandwidth_us = static_cast<double>(critical_bytes) / (m.bandwidth_gb_per_s * 1e3);
  c.time_us = c.latency_us + c.bandwidth_us;
  return c;
}

/// One all-reduce schedule in real units.
struct schedule_cost {
  schedule_counts counts;
  std::uint64_t critical_path_bytes = 0;
  hockney_cost time;
  double algbw_gb_per_s = 0;  ///< NCCL's algorithm bandwidth: message bytes / time
  double busbw_gb_per_s = 0;  ///< NCCL's bus bandwidth for all-reduce: algbw · 2(P - 1)/P
};

/// Costs exact counts of an all-reduce over `chips` chips of the message `msg` in the model `m`.
inline schedule_cost cost_in_units(const schedule_counts& counts, std::uint64_t chips, const message_size& msg,
                                   const hockney_model& m) {
  constexpr const char* where = "cost_in_units";
  core::require_range(where, "chips", chips, 1, 0xffffffffull);
  message_of_elements(msg.elements, msg.element_bytes);
  schedule_cost s;
  s.counts = counts;
  s.critical_path_bytes =
      core::checked_mul(counts.critical_path_elements, msg.element_bytes, where, "critical-path bytes");
  s.time = hockney_time(counts.steps, s.critical_path_bytes, m);
  s.algbw_gb_per_s = static_cast<double>(msg.bytes()) / (s.time.time_us * 1e3);
  s.busbw_gb_per_s = s.algbw_gb_per_s * 2.0 * static_cast<double>(chips - 1) / static_cast<double>(chips);
  return s;
}

}  // namespace shiftfly::collectives
