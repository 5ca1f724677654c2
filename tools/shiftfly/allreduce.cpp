// shiftfly allreduce: the TPU explainer's all-reduce on a torus against a ring
// over the same chips, run on data, verified and costed.
#include <fmt/format.h>

#include <cmath>
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
#include "shiftfly/collectives/describe.hpp"
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

int run_allreduce(const options& o, const shiftfly::tools::run_context& c) {
  if (!o.beta.empty())
    throw std::invalid_argument(
        "allreduce: --beta is no longer accepted (it was a bandwidth in elements per unit of time); give --bandwidth "
        "in GB/s, 10^9 bytes per second (accepted: 1e-3 to 1e6; beta = 1/bandwidth, the time per byte)");
  if (!o.bytes.empty() && !o.elements.empty())
    throw std::invalid_argument("allreduce: --bytes and --elements both set the message size (accepted: one of them; "
                                "--bytes = --elements x --bytes-per-element)");
  const auto dims = shiftfly::core::parse_unsigned_list(o.dims, "--dims");
  const std::uint64_t chips = shiftfly::tools::naming_flags(c, "--dims " + o.dims,
      [&] {
        const std::uint64_t count = sc::torus_chip_count(dims);
        if (o.bidirectional) sc::require_bidirectional_dims("allreduce", dims);
        return count;
      });
  const std::string given =
      "--dims " + o.dims + (o.elements.empty() ? "" : " --elements " + o.elements) +
      (o.bytes.empty() ? "" : " --bytes " + o.bytes) +
      (shiftfly::tools::given_text(c, "--bytes-per-element") ? " --bytes-per-element " + std::to_string(o.bytes_per_element)
                                                           : "") +
      (o.bidirectional ? " --bidirectional" : "") + (o.analytic ? " --analytic" : "") +
      (o.elements.empty() && o.bytes.empty() ? "; --elements defaults to the chip count, " + std::to_string(chips) : "");
  const auto msg = shiftfly::tools::naming_flags(c, given, [&] {
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
    shiftfly::tools::throw_flag_out_of_range(c, "allreduce", alpha ? "--alpha" : "--bandwidth",
                                             alpha ? o.alpha : o.bandwidth, e.accepted());
  }
  const auto result = shiftfly::tools::naming_flags(c, given, [&] {
    if (o.analytic) return sc::describe(sc::allreduce_closed_forms(dims, msg, o.bidirectional, model));
    try {
      sc::check_allreduce_size(dims, msg.elements, o.bidirectional, {});
    } catch (const shiftfly::core::invalid_parameter& e) {
      if (!e.parameter().empty()) throw;
      throw shiftfly::core::invalid_parameter::rule(
          e.function(), e.problem() + "; --analytic gives the closed forms without simulating, up to 2^60 bytes");
    }
    return sc::describe(sc::simulate_allreduce(dims, msg, o.bidirectional, model));
  });
  shiftfly::tools::print_record(c, result, o.format, shiftfly::tools::key_order::as_described);
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
  return [o](const shiftfly::tools::run_context& c) { return run_allreduce(*o, c); };
}};
}  // namespace shiftfly_allreduce_subcommand
