// shiftfly allreduce: the TPU explainer's all-reduce on a torus against a ring
// over the same chips, run on data, verified and costed.
#include <fmt/format.h>

#include <cmath>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

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
  bool bidirectional = false;
  double alpha = 1.0;
  double beta = 1.0;
  std::string format = "text";
};

nlohmann::ordered_json schedule_json(const sc::schedule_report& r) {
  nlohmann::ordered_json j;
  j["steps"] = r.simulated.steps;
  j["messages"] = r.simulated.messages;
  j["sent_per_chip"] = r.simulated.max_sent_per_chip;
  j["sent_per_chip_min"] = r.simulated.min_sent_per_chip;
  j["critical_path_elements"] = r.simulated.critical_path_elements;
  j["latency"] = r.time.latency;
  j["bandwidth"] = r.time.bandwidth;
  j["time"] = r.time.time;
  j["closed_form"] = {{"steps", r.formula.steps},
                      {"sent_per_chip", r.formula.sent_per_chip},
                      {"critical_path_elements", r.formula.critical_path_elements},
                      {"latency", r.formula.time.latency},
                      {"bandwidth", r.formula.time.bandwidth},
                      {"time", r.formula.time.time}};
  return j;
}

std::string sent_text(const sc::simulation_result& s) {
  if (s.min_sent_per_chip == s.max_sent_per_chip) return fmt::format("{}", s.max_sent_per_chip);
  return fmt::format("{} (min {})", s.max_sent_per_chip, s.min_sent_per_chip);
}

int run_allreduce(const options& o) {
  const auto dims = shiftfly::core::parse_unsigned_list(o.dims, "--dims");
  for (auto k : dims)
    if (k < 2) shiftfly::core::throw_out_of_range("allreduce", "--dims item", k, "at least 2");
  const std::uint64_t chips = shiftfly::tools::naming_flags(
      {{"dims item", "--dims item"}, {"dims", "--dims"}, {"number of dims", "number of --dims items"}}, "--dims " + o.dims,
      [&] { return sc::torus_chip_count(dims); });
  const std::uint64_t elements = o.elements.empty() ? chips : shiftfly::core::parse_unsigned(o.elements, "--elements");
  if (elements == 0) shiftfly::core::throw_out_of_range("allreduce", "--elements", elements, "at least 1");
  if (!(o.alpha >= 0.0) || !std::isfinite(o.alpha))
    shiftfly::tools::throw_flag_out_of_range("allreduce", "--alpha", o.alpha, "finite, at least 0");
  if (!(o.beta > 0.0) || !std::isfinite(o.beta))
    shiftfly::tools::throw_flag_out_of_range("allreduce", "--beta", o.beta, "finite, greater than 0");
  if (o.bidirectional)
    for (auto k : dims)
      if (k < 3)
        shiftfly::core::throw_out_of_range("allreduce", "--dims item", k,
                                           "at least 3 with --bidirectional: at 2 the two neighbours share one link");

  const auto c = shiftfly::tools::naming_flags(
      {{"elements", "--elements"}, {"dims", "--dims"}},
      "--dims " + o.dims + (o.elements.empty() ? "" : " --elements " + o.elements) +
          (o.bidirectional ? " --bidirectional" : "") +
          (o.elements.empty() ? "; --elements defaults to the chip count, " + std::to_string(elements) : ""),
      [&] { return sc::compare_allreduce(dims, elements, o.bidirectional, {o.alpha, o.beta}); });
  const std::string shape = sc::torus_dims_text(dims);

  if (o.format == "json") {
    nlohmann::ordered_json j;
    j["dims"] = dims;
    j["chips"] = c.chips;
    j["elements"] = c.elements;
    j["bidirectional"] = c.bidirectional;
    j["alpha"] = c.model.alpha;
    j["beta"] = c.model.beta;
    j["method"] = "simulated on data: exact integer sums, every message checked against the torus links";
    j["torus"] = schedule_json(c.torus);
    j["ring"] = schedule_json(c.ring);
    j["ring"]["order"] = "Hamiltonian cycle of the torus";
    j["verified"] = c.verified;
    std::cout << j.dump(2) << '\n';
    return 0;
  }

  std::cout << fmt::format("all-reduce on the {} torus: {} chips, {} elements per chip, {}\n", shape, c.chips,
                           c.elements, c.bidirectional ? "bidirectional (half the data each way round every ring)"
                                                       : "unidirectional");
  std::cout << "simulated on data and verified: every chip ends with the sum, every message crosses one torus link,\n"
               "no link carries two messages the same way in one step\n";
  std::cout << fmt::format("alpha-beta model: alpha = {} per step, beta = {} element(s) per unit of time\n\n",
                           c.model.alpha, c.model.beta);
  std::cout << fmt::format("{:<40} {:>6} {:>10} {:>14} {:>14} {:>12}\n", "schedule", "steps", "messages",
                           "sent per chip", "critical path", "time");
  const auto row = [&](const std::string& name, const sc::schedule_report& r) {
    std::cout << fmt::format("{:<40} {:>6} {:>10} {:>14} {:>14} {:>12.6g}\n", name, r.simulated.steps,
                             r.simulated.messages, sent_text(r.simulated), r.simulated.critical_path_elements,
                             r.time.time);
  };
  row("torus (dimension-ordered)", c.torus);
  row(fmt::format("ring ({} chips, Hamiltonian cycle)", c.chips), c.ring);
  std::cout << fmt::format(
      "\nclosed forms: steps {} (torus, sum of 2(k-1)) and {} (ring, 2(P-1)); sent per chip 2D(P-1)/P = {:.6g};\n"
      "time torus {:.6g} = latency {:.6g} + bandwidth {:.6g}, ring {:.6g} = latency {:.6g} + bandwidth {:.6g}\n"
      "(text rounds to 6 significant digits; --format json prints every digit)\n",
      c.torus.formula.steps, c.ring.formula.steps, c.torus.formula.sent_per_chip, c.torus.formula.time.time,
      c.torus.formula.time.latency, c.torus.formula.time.bandwidth, c.ring.formula.time.time,
      c.ring.formula.time.latency, c.ring.formula.time.bandwidth);
  std::cout << fmt::format("verified: {}\n", c.verified ? "yes" : "no");
  return 0;
}

const shiftfly::tools::register_subcommand reg{"allreduce", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* sub = app.add_subcommand(
      "allreduce", "Run the torus and the ring all-reduce on data, verify them, and cost them (alpha-beta model)");
  sub->add_option("--dims", o->dims, "Torus sizes, e.g. 4,4 or 16,16,16 (each at least 2)")->required();
  sub->add_option("--elements", o->elements, "Elements per chip D (default: the number of chips)");
  sub->add_flag("--bidirectional", o->bidirectional, "Send half the data each way round every ring");
  sub->add_option("--alpha", o->alpha, "Fixed cost of a step (at least 0; default 1)");
  sub->add_option("--beta", o->beta, "Link bandwidth in elements per unit of time (greater than 0; default 1)");
  sub->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json"}));
  return [o] { return run_allreduce(*o); };
}};
}  // namespace shiftfly_allreduce_subcommand
