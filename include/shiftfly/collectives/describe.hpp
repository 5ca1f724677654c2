#pragma once
/// \file describe.hpp
/// The all-reduce results described once (core/record.hpp): the torus and the ring
/// schedule in real units, in closed form or simulated beside the closed form, with
/// the units and the method, and the text table they read as.
///
///   core::record describe(const allreduce_formulas& f);   // closed forms only (no simulation)
///   core::record describe(const allreduce_run& run);      // simulated, verified, beside the closed forms
#include <fmt/format.h>

#include <cstdint>
#include <string>

#include "shiftfly/collectives/allreduce.hpp"
#include "shiftfly/collectives/torus_chips.hpp"
#include "shiftfly/core/record.hpp"

namespace shiftfly::collectives {

namespace detail {

/// A schedule's cost in the Hockney model.
inline core::record describe_cost(const schedule_cost& c) {
  core::record r("schedule_cost");
  r.add("steps", c.counts.steps, "steps")
      .add("messages", c.counts.messages, "messages")
      .add("critical_path_elements", c.counts.critical_path_elements, "elements")
      .add("critical_path_bytes", c.critical_path_bytes, "bytes")
      .add("latency_us", c.time.latency_us, "us")
      .add("bandwidth_us", c.time.bandwidth_us, "us")
      .add("time_us", c.time.time_us, "us")
      .add("algbw_gb_per_s", c.algbw_gb_per_s, "GB/s", "message bytes / time")
      .add("busbw_gb_per_s", c.busbw_gb_per_s, "GB/s", "algbw x 2(P-1)/P (NCCL)");
  return r;
}

inline std::string sent_text(const simulation_result& s) {
  if (s.min_sent_per_chip == s.max_sent_per_chip) return fmt::format("{}", s.max_sent_per_chip);
  return fmt::format("{} (min {})", s.max_sent_per_chip, s.min_sent_per_chip);
}

inline std::string torus_name(const allreduce_formulas& f) {
  return std::string(f.bidirectional ? "bidirectional " : "") + "dimension-ordered torus all-reduce";
}

inline std::string ring_name(const allreduce_formulas& f) {
  return std::string(f.bidirectional ? "bidirectional " : "") +
         "ring all-reduce (reduce-scatter then all-gather) along a Hamiltonian cycle";
}

/// The all-reduce's record; `run` null: the closed forms alone.
inline core::record describe_allreduce(const allreduce_formulas& f, const allreduce_run* run) {
  const bool analytic = run == nullptr;
  core::record r("allreduce");
  r.add("dims", f.dims, "chips", "the torus sizes")
      .add("chips", f.chips, "chips")
      .add("elements", f.message.elements, "elements", "elements per chip")
      .add("bytes_per_element", f.message.element_bytes, "bytes")
      .add("bytes", f.message.bytes(), "bytes", "message bytes per chip")
      .add("bidirectional", f.bidirectional, "", "half the data each way round every ring")
      .add("alpha_us", f.model.alpha_us, "us", "latency of one message (one step)")
      .add("bandwidth_gb_per_s", f.model.bandwidth_gb_per_s, "GB/s", "link bandwidth per direction, GB = 10^9 bytes")
      .add("beta_ns_per_byte", f.model.beta_ns_per_byte(), "ns/byte", "1/bandwidth")
      .add("units", "times in microseconds (us); bandwidths in GB/s, GB = 10^9 bytes; beta = 1/bandwidth in "
                    "ns per byte; algbw = bytes / time, busbw = algbw x 2(P-1)/P (NCCL)")
      .add("method", analytic ? "closed form, no simulation: " + torus_name(f) + " and " + ring_name(f) +
                                    "; exact counts for any message size, Hockney model time = steps x alpha + "
                                    "critical-path bytes x beta"
                              : "simulated on data: exact integer sums, every message checked against the torus links; "
                                "Hockney model time = steps x alpha + critical-path bytes x beta");
  const auto schedule = [&](const schedule_cost& formula, const schedule_cost* simulated, const simulation_result* s,
                            const std::string& name) {
    core::record c = describe_cost(simulated ? *simulated : formula);
    if (s) {
      c.add("sent_per_chip", s->max_sent_per_chip, "elements").add("sent_per_chip_min", s->min_sent_per_chip, "elements");
      c.add("closed_form", describe_cost(formula).add("sent_per_chip", f.sent_per_chip_elements, "elements"));
    } else {
      c.add("sent_per_chip", f.sent_per_chip_elements, "elements", "2D(P-1)/P");
    }
    c.add("algorithm", name);
    return c;
  };
  r.add("torus", schedule(f.torus, run ? &run->torus : nullptr, run ? &run->simulated.torus.simulated : nullptr,
                          torus_name(f)));
  r.add("ring", schedule(f.ring, run ? &run->ring : nullptr, run ? &run->simulated.ring.simulated : nullptr,
                         ring_name(f))
                    .add("order", "Hamiltonian cycle of the torus"));
  if (run) r.add("verified", run->simulated.verified, "", "every chip ends with the sum; every message checked");
  return r;
}

/// The text: what ran, the model, a table of the two schedules, the closed forms.
inline void allreduce_text(core::record& r, const allreduce_formulas& f, const allreduce_run* run) {
  const bool analytic = run == nullptr;
  r.line(fmt::format("all-reduce on the {} torus: {} chips, {} elements of {} bytes ({} bytes) per chip, {}",
                     torus_dims_text(f.dims), f.chips, f.message.elements, f.message.element_bytes, f.message.bytes(),
                     f.bidirectional ? "bidirectional (half the data each way round every ring)" : "unidirectional"));
  r.line(analytic ? "closed form, no simulation: " + torus_name(f) + " and " + ring_name(f) +
                        "; exact counts for any message size"
                  : "simulated on data and verified: every chip ends with the sum, every message crosses one torus "
                    "link,\nno link carries two messages the same way in one step");
  r.line(fmt::format("Hockney model: alpha = {} us per message, bandwidth = {} GB/s per link direction "
                     "(GB = 10^9 bytes), beta = 1/bandwidth = {} ns per byte\n",
                     f.model.alpha_us, f.model.bandwidth_gb_per_s, f.model.beta_ns_per_byte()));
  r.line(fmt::format("{:<40} {:>6} {:>10} {:>14} {:>16} {:>12} {:>12} {:>12}", "schedule", "steps", "messages",
                     "sent per chip", "critical path", "time (us)", "algbw (GB/s)", "busbw (GB/s)"));
  const auto row = [&r](const std::string& name, const schedule_cost& c, const std::string& sent) {
    r.line(fmt::format("{:<40} {:>6} {:>10} {:>14} {:>16} {:>12.6g} {:>12.6g} {:>12.6g}", name, c.counts.steps,
                       c.counts.messages, sent, c.counts.critical_path_elements, c.time.time_us, c.algbw_gb_per_s,
                       c.busbw_gb_per_s));
  };
  const std::string formula_sent = fmt::format("{:.6g}", f.sent_per_chip_elements);
  row("torus (dimension-ordered)", analytic ? f.torus : run->torus,
      analytic ? formula_sent : sent_text(run->simulated.torus.simulated));
  row(fmt::format("ring ({} chips, Hamiltonian cycle)", f.chips), analytic ? f.ring : run->ring,
      analytic ? formula_sent : sent_text(run->simulated.ring.simulated));
  r.line(fmt::format(
      "\n{}: steps {} (torus, sum of 2(k-1)) and {} (ring, 2(P-1)); sent per chip 2D(P-1)/P = {:.6g} elements;\n"
      "time torus {:.6g} us = latency {:.6g} + bandwidth {:.6g}, ring {:.6g} us = latency {:.6g} + bandwidth {:.6g}\n"
      "(sent per chip and critical path in elements; text rounds to 6 significant digits; --format json prints "
      "every digit)",
      analytic ? "closed forms" : "closed forms, equal to the simulated counts", f.torus.counts.steps,
      f.ring.counts.steps, f.sent_per_chip_elements, f.torus.time.time_us, f.torus.time.latency_us,
      f.torus.time.bandwidth_us, f.ring.time.time_us, f.ring.time.latency_us, f.ring.time.bandwidth_us));
  if (run) r.line(fmt::format("verified: {}", run->simulated.verified ? "yes" : "no"));
}

}  // namespace detail

/// The closed forms alone (allreduce_closed_forms).
inline core::record describe(const allreduce_formulas& f) {
  core::record r = detail::describe_allreduce(f, nullptr);
  detail::allreduce_text(r, f, nullptr);
  return r;
}

/// A simulated run beside its closed forms (simulate_allreduce).
inline core::record describe(const allreduce_run& run) {
  core::record r = detail::describe_allreduce(run.closed_form, &run);
  detail::allreduce_text(r, run.closed_form, &run);
  return r;
}

}  // namespace shiftfly::collectives
