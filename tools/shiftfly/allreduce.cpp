// shiftfly allreduce: the TPU explainer's all-reduce on a torus against a ring
// over the same chips, run on data, verified and costed.
#include <fmt/format.h>

#include <cmath>
#include <initializer_list>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/envelope.hpp"
#include "common/given_values.hpp"
#include "common/subcommand.hpp"
#include "shiftfly/collectives/allreduce.hpp"
#include "common/flag_names.hpp"
#include "shiftfly/core/parse.hpp"

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace shiftfly_allreduce_subcommand {
namespace sc = shiftfly::collectives;

struct options {
  std::string dims;
  std::string elements;
  std::string bytes;
  std::uint64_t bytes_per_element = 4;
  bool bidirectional = false;
  bool analytic = false;
  double alpha = 1.0;
  double bandwidth = 100.0;
  std::string beta;  // refused: --beta was a bandwidth, β is now the time per byte (1/--bandwidth)
  std::string format = "text";
};

// The closed forms' keys beside the simulated ones (or alone, with --analytic).
nlohmann::ordered_json cost_json(const sc::schedule_cost& c) {
  nlohmann::ordered_json j;
  j["steps"] = c.counts.steps;
  j["messages"] = c.counts.messages;
  j["critical_path_elements"] = c.counts.critical_path_elements;
  j["critical_path_bytes"] = c.critical_path_bytes;
  j["latency_us"] = c.time.latency_us;
  j["bandwidth_us"] = c.time.bandwidth_us;
  j["time_us"] = c.time.time_us;
  j["algbw_gb_per_s"] = c.algbw_gb_per_s;
  j["busbw_gb_per_s"] = c.busbw_gb_per_s;
  return j;
}

// A simulated schedule: its cost (the simulated counts, costed) and what each chip sent, beside the closed form.
nlohmann::ordered_json schedule_json(const sc::simulation_result& s, const sc::schedule_cost& c,
                                     const sc::schedule_cost& formula, double sent_per_chip) {
  nlohmann::ordered_json j = cost_json(c);
  j["sent_per_chip"] = s.max_sent_per_chip;
  j["sent_per_chip_min"] = s.min_sent_per_chip;
  j["closed_form"] = cost_json(formula);
  j["closed_form"]["sent_per_chip"] = sent_per_chip;
  return j;
}

std::string sent_text(const sc::simulation_result& s) {
  if (s.min_sent_per_chip == s.max_sent_per_chip) return fmt::format("{}", s.max_sent_per_chip);
  return fmt::format("{} (min {})", s.max_sent_per_chip, s.min_sent_per_chip);
}

int run_allreduce(const options& o) {
  if (!o.beta.empty())
    throw std::invalid_argument(
        "allreduce: --beta is no longer accepted (it was a bandwidth in elements per unit of time); give --bandwidth "
        "in GB/s, 10^9 bytes per second (accepted: 1e-3 to 1e6; beta = 1/bandwidth, the time per byte)");
  if (!o.bytes.empty() && !o.elements.empty())
    throw std::invalid_argument("allreduce: --bytes and --elements both set the message size (accepted: one of them; "
                                "--bytes = --elements x --bytes-per-element)");
  const auto dims = shiftfly::core::parse_unsigned_list(o.dims, "--dims");
  for (auto k : dims)
    if (k < 2) shiftfly::core::throw_out_of_range("allreduce", "--dims item", k, "at least 2");
  const std::uint64_t chips = shiftfly::tools::naming_flags(
      {{"dims item", "--dims item"}, {"dims", "--dims"}, {"number of dims items", "number of --dims items"}}, "--dims " + o.dims,
      [&] { return sc::torus_chip_count(dims); });
  if (o.bidirectional)
    for (auto k : dims)
      if (k < 3)
        shiftfly::core::throw_out_of_range("allreduce", "--dims item", k,
                                           "at least 3 with --bidirectional: at 2 the two neighbours share one link");
  const std::string given =
      "--dims " + o.dims + (o.elements.empty() ? "" : " --elements " + o.elements) +
      (o.bytes.empty() ? "" : " --bytes " + o.bytes) +
      (shiftfly::tools::given_text("--bytes-per-element") ? " --bytes-per-element " + std::to_string(o.bytes_per_element)
                                                           : "") +
      (o.bidirectional ? " --bidirectional" : "") + (o.analytic ? " --analytic" : "") +
      (o.elements.empty() && o.bytes.empty() ? "; --elements defaults to the chip count, " + std::to_string(chips) : "");
  const auto msg = shiftfly::tools::naming_flags(
      {{"elements", "--elements"}, {"bytes", "--bytes"}, {"element_bytes", "--bytes-per-element"}}, given, [&] {
        if (!o.bytes.empty())
          return sc::message_of_bytes(shiftfly::core::parse_unsigned(o.bytes, "bytes", "allreduce"), o.bytes_per_element, "allreduce");
        const std::uint64_t elements = o.elements.empty() ? chips : shiftfly::core::parse_unsigned(o.elements, "elements", "allreduce");
        return sc::message_of_elements(elements, o.bytes_per_element, "allreduce");
      });
  const sc::hockney_model model{o.alpha, o.bandwidth};
  try {
    sc::validate(model, "allreduce");
  } catch (const shiftfly::core::invalid_parameter& e) {
    // The value as typed (--bandwidth = 0.0, not 0), the library's range.
    const bool alpha = e.parameter() == "alpha";
    shiftfly::tools::throw_flag_out_of_range("allreduce", alpha ? "--alpha" : "--bandwidth",
                                             alpha ? o.alpha : o.bandwidth, e.accepted());
  }
  const std::initializer_list<shiftfly::tools::flag_name> names = {
      {"elements", "--elements"}, {"dims", "--dims"}, {"alpha", "--alpha"}, {"bandwidth", "--bandwidth"}};

  std::optional<sc::allreduce_run> run;
  std::optional<sc::allreduce_formulas> formulas;
  if (o.analytic) {
    formulas = shiftfly::tools::naming_flags(names, given,
                                             [&] { return sc::allreduce_closed_forms(dims, msg, o.bidirectional, model); });
  } else {
    run = shiftfly::tools::naming_flags(names, given, [&] {
      try {
        sc::check_allreduce_size(dims, msg.elements, o.bidirectional, {});
      } catch (const shiftfly::core::invalid_parameter& e) {
        if (!e.parameter().empty()) throw;
        throw shiftfly::core::invalid_parameter::rule(
            e.function(), e.problem() + "; --analytic gives the closed forms without simulating, up to 2^60 bytes");
      }
      return sc::simulate_allreduce(dims, msg, o.bidirectional, model);
    });
    formulas = run->closed_form;
  }
  const sc::allreduce_formulas& f = *formulas;
  const std::string shape = sc::torus_dims_text(dims);
  const std::string torus_name =
      std::string(f.bidirectional ? "bidirectional " : "") + "dimension-ordered torus all-reduce";
  const std::string ring_name = std::string(f.bidirectional ? "bidirectional " : "") +
                                "ring all-reduce (reduce-scatter then all-gather) along a Hamiltonian cycle";
  const std::string units = "times in microseconds (us); bandwidths in GB/s, GB = 10^9 bytes; beta = 1/bandwidth in "
                            "ns per byte; algbw = bytes / time, busbw = algbw x 2(P-1)/P (NCCL)";

  if (o.format == "json") {
    nlohmann::ordered_json j;
    j["dims"] = dims;
    j["chips"] = f.chips;
    j["elements"] = f.message.elements;
    j["bytes_per_element"] = f.message.element_bytes;
    j["bytes"] = f.message.bytes();
    j["bidirectional"] = f.bidirectional;
    j["alpha_us"] = f.model.alpha_us;
    j["bandwidth_gb_per_s"] = f.model.bandwidth_gb_per_s;
    j["beta_ns_per_byte"] = f.model.beta_ns_per_byte();
    j["units"] = units;
    j["method"] = o.analytic
                      ? "closed form, no simulation: " + torus_name + " and " + ring_name +
                            "; exact counts for any message size, Hockney model time = steps x alpha + "
                            "critical-path bytes x beta"
                      : "simulated on data: exact integer sums, every message checked against the torus links; "
                        "Hockney model time = steps x alpha + critical-path bytes x beta";
    if (o.analytic) {
      j["torus"] = cost_json(f.torus);
      j["torus"]["sent_per_chip"] = f.sent_per_chip_elements;
      j["ring"] = cost_json(f.ring);
      j["ring"]["sent_per_chip"] = f.sent_per_chip_elements;
    } else {
      j["torus"] = schedule_json(run->simulated.torus.simulated, run->torus, f.torus, f.sent_per_chip_elements);
      j["ring"] = schedule_json(run->simulated.ring.simulated, run->ring, f.ring, f.sent_per_chip_elements);
    }
    j["torus"]["algorithm"] = torus_name;
    j["ring"]["algorithm"] = ring_name;
    j["ring"]["order"] = "Hamiltonian cycle of the torus";
    if (!o.analytic) j["verified"] = run->simulated.verified;
    shiftfly::tools::print_json(j);
    return 0;
  }

  std::cout << fmt::format("all-reduce on the {} torus: {} chips, {} elements of {} bytes ({} bytes) per chip, {}\n",
                           shape, f.chips, f.message.elements, f.message.element_bytes, f.message.bytes(),
                           f.bidirectional ? "bidirectional (half the data each way round every ring)"
                                           : "unidirectional");
  if (o.analytic)
    std::cout << "closed form, no simulation: " << torus_name << " and " << ring_name
              << "; exact counts for any message size\n";
  else
    std::cout << "simulated on data and verified: every chip ends with the sum, every message crosses one torus link,\n"
                 "no link carries two messages the same way in one step\n";
  std::cout << fmt::format("Hockney model: alpha = {} us per message, bandwidth = {} GB/s per link direction "
                           "(GB = 10^9 bytes), beta = 1/bandwidth = {} ns per byte\n\n",
                           f.model.alpha_us, f.model.bandwidth_gb_per_s, f.model.beta_ns_per_byte());
  std::cout << fmt::format("{:<40} {:>6} {:>10} {:>14} {:>16} {:>12} {:>12} {:>12}\n", "schedule", "steps", "messages",
                           "sent per chip", "critical path", "time (us)", "algbw (GB/s)", "busbw (GB/s)");
  const auto row = [&](const std::string& name, const sc::schedule_cost& c, const std::string& sent) {
    std::cout << fmt::format("{:<40} {:>6} {:>10} {:>14} {:>16} {:>12.6g} {:>12.6g} {:>12.6g}\n", name, c.counts.steps,
                             c.counts.messages, sent, c.counts.critical_path_elements, c.time.time_us,
                             c.algbw_gb_per_s, c.busbw_gb_per_s);
  };
  const std::string formula_sent = fmt::format("{:.6g}", f.sent_per_chip_elements);
  row("torus (dimension-ordered)", o.analytic ? f.torus : run->torus,
      o.analytic ? formula_sent : sent_text(run->simulated.torus.simulated));
  row(fmt::format("ring ({} chips, Hamiltonian cycle)", f.chips), o.analytic ? f.ring : run->ring,
      o.analytic ? formula_sent : sent_text(run->simulated.ring.simulated));
  std::cout << fmt::format(
      "\n{}: steps {} (torus, sum of 2(k-1)) and {} (ring, 2(P-1)); sent per chip 2D(P-1)/P = {:.6g} elements;\n"
      "time torus {:.6g} us = latency {:.6g} + bandwidth {:.6g}, ring {:.6g} us = latency {:.6g} + bandwidth {:.6g}\n"
      "(sent per chip and critical path in elements; text rounds to 6 significant digits; --format json prints "
      "every digit)\n",
      o.analytic ? "closed forms" : "closed forms, equal to the simulated counts", f.torus.counts.steps,
      f.ring.counts.steps, f.sent_per_chip_elements, f.torus.time.time_us, f.torus.time.latency_us,
      f.torus.time.bandwidth_us, f.ring.time.time_us, f.ring.time.latency_us, f.ring.time.bandwidth_us);
  if (!o.analytic) std::cout << fmt::format("verified: {}\n", run->simulated.verified ? "yes" : "no");
  return 0;
}

const shiftfly::tools::register_subcommand reg{"allreduce", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* sub = app.add_subcommand(
      "allreduce", "Run the torus and the ring all-reduce on data, verify them, and cost them (Hockney alpha-beta model, real units)");
  sub->add_option("--dims", o->dims, "Torus sizes, e.g. 4,4 or 16,16,16 (each at least 2)")->required();
  sub->add_option("--elements", o->elements,
                  "Elements per chip D (none: the number of chips); or give --bytes")
      ->default_str("none");
  sub->add_option("--bytes", o->bytes,
                  "Message size per chip in bytes, 1 to 2^60, a multiple of --bytes-per-element (instead of --elements)")
      ->default_str("none");
  sub->add_option("--bytes-per-element", o->bytes_per_element, "Bytes per element (4: fp32)")
      ->type_name("UINT in [1 - 1024]");
  sub->add_flag("--bidirectional", o->bidirectional, "Send half the data each way round every ring");
  sub->add_flag("--analytic", o->analytic,
                "Closed forms only, no simulation: any size up to 2^60 bytes, no memory proportional to it");
  sub->add_option("--alpha", o->alpha, "Latency alpha of one message (one step), microseconds (0 to 1e6)");
  sub->add_option("--bandwidth", o->bandwidth,
                  "Link bandwidth per direction, GB/s with GB = 10^9 bytes (1e-3 to 1e6); "
                  "beta = 1/bandwidth");
  sub->add_option("--beta", o->beta, "")->group("");
  sub->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json"}));
  return [o] { return run_allreduce(*o); };
}};
}  // namespace shiftfly_allreduce_subcommand
