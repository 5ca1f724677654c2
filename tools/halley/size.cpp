// halley size: Algorithm 1 (LightReserve), Section IV-A.
#include <cmath>
#include <cstdlib>
#include <limits>
#include <memory>
#include <optional>
#include <string>

#include "common/subcommand.hpp"
#include "common/strict_values.hpp"
#include "halley/rate_options.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/halley/light_reserve.hpp"
#include "shiftfly/halley/work_bound.hpp"

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace halley_size_subcommand {
namespace hc = shiftfly::tools::halley_cli;
struct options {
  std::uint64_t channels = 0;
  hc::rate_flags rate;
  double rho = 0, target = 0;
  std::string cap = "0.5";  ///< a decimal in (0,1), or "none" (checked by cap_text below, mapped by cap_value)
  std::string format = "text";
};

constexpr const char* cap_accepted = "strictly between 0 and 1, or none for no cap";

/// --cap's grammar: the word none, or a finite real as the other real flags take it
/// (no negative zero); its range is checked by cap_value, naming the value as typed.
const CLI::Validator& cap_text() {
  static const CLI::Validator v(
      [](std::string& s) {
        if (s == "none") return std::string();
        double x = 0;
        const shiftfly::core::real_error e = shiftfly::core::read_real(s, x);
        const std::string q = shiftfly::tools::detail::quoted_value(s);
        if (e == shiftfly::core::real_error::not_finite) return q + " is not a finite number (accepted: " + cap_accepted + ")";
        if (e != shiftfly::core::real_error::none)
          return q + " is neither a number nor none (accepted: " + cap_accepted + ")";
        if (x == 0 && std::signbit(x)) return q + " is a negative zero (accepted: " + cap_accepted + "; not -0)";
        return std::string();
      },
      "");
  return v;
}

/// The cap σmax for the library: no_cap for "none", else the number, in (0, 1) and not subnormal.
shiftfly::halley::spare_ratio_cap cap_value(const shiftfly::tools::run_context& c, const std::string& cmd, const std::string& text) {
  if (text == "none") return shiftfly::halley::no_cap;
  const double v = shiftfly::core::parse_real(text, "--cap");  // cap_text has checked the grammar
  const bool subnormal = v != 0 && std::fabs(v) < std::numeric_limits<double>::min();
  if (!std::isfinite(v) || subnormal || !(v > 0) || !(v < 1))
    shiftfly::tools::throw_flag_out_of_range(
        c, cmd, "--cap", v, std::string(cap_accepted) + (subnormal ? ", and not subnormal (at least 2.2250738585072014e-308)" : ""));
  return v;
}

int run_size(const options& o, const shiftfly::tools::run_context& c) {
  const std::string cmd = "halley size";
  const double lambda = o.rate.resolve(c, cmd);
  hc::require_flag(c, cmd, "--rho", o.rho, 0, 1, true);
  hc::require_flag(c, cmd, "--target", o.target, 0, 1);
  const auto cap = cap_value(c, cmd, o.cap);
  const shiftfly::halley::work_budget budget(shiftfly::halley::command_term_budget);
  const auto s = shiftfly::halley::light_reserve(o.channels, lambda, o.rho, o.target, cap, &budget);
  nlohmann::json j;
  j["spares"] = s.spares;
  j["reachable"] = s.reachable;
  j["status"] = s.reachable ? "ok" : "UNREACHABLE";
  if (!s.capped) {
    j["rho_target_status"] = "not needed: no cap on the spare ratio";
  } else if (s.reachable) {
    j["rho_target_status"] = "not needed: the target fits within the cap";
  } else if (s.rho_search.outcome == shiftfly::halley::correlation_outcome::not_computed) {
    j["rho_target_status"] = "not computed: the search passed " + shiftfly::core::to_message(budget.limit()) +
                             " summed terms (about " + std::to_string(static_cast<int>(budget.limit() * shiftfly::halley::seconds_per_term + 0.5)) +
                             " s), the bound on one command's work; "
                             "shiftfly::halley::rho_for_coverage computes it without the bound";
  } else if (s.rho_target_exists) {
    j["rho_target"] = s.rho_target;
    j["rho_target_status"] = shiftfly::halley::to_string(s.rho_search.outcome);
  } else {
    j["rho_target_status"] = "unreachable: even independent lasers (rho = 0) leave a shortfall of " +
                             shiftfly::core::to_message(s.rho_search.shortfall_at_smallest) + " at the cap's " +
                             std::to_string(s.cap_spares) + " spares, above 1 - target";
  }
  j["pool"] = s.pool;
  j["coverage"] = s.coverage;
  j["spare_ratio"] = s.spare_ratio;
  j["pool_multiple"] = s.pool_multiple;
  // No cap: "cap": "none" and the cap's spares and coverage null (the keys stay, so a
  // reader finds the same keys either way).
  if (cap) j["cap"] = *cap;
  else j["cap"] = "none";
  j["cap_spares"] = s.capped ? nlohmann::json(s.cap_spares) : nlohmann::json(nullptr);
  j["cap_coverage"] = s.capped ? nlohmann::json(s.cap_coverage) : nlohmann::json(nullptr);
  if (s.capped && !s.cap_coverage_exact)
    j["cap_coverage_is"] = "lower bound: coverage at " + std::to_string(shiftfly::halley::max_spares) +
                           " spares (the cap allows " + std::to_string(s.cap_spares) + ")";
  j["channels"] = o.channels;
  o.rate.describe(j, lambda);
  j["rho"] = o.rho;
  j["target"] = o.target;
  j["method"] = "exact";
  j["algorithm"] = "Algorithm 1 (LightReserve): exact tail sums, exponential-then-binary search for the spares; "
                   "TOMS 748 for rho_target";
  // The answer in a sentence: "3 spares (pool 35, 1.09x) reach 99.00% coverage (99.588%); cap 50% allows 32 (100.0000% there)."
  std::string lead;
  if (s.reachable) {
    lead = fmt::format("{} spares (pool {}, {:.3g}x) reach {} coverage ({} with them); ", s.spares, s.pool,
                       s.pool_multiple, hc::percent(o.target), hc::percent(s.coverage));
    lead += s.capped ? fmt::format("cap {} allows {} ({} there{}).", hc::ratio_percent(*cap), s.cap_spares, hc::percent(s.cap_coverage),
                                   s.cap_coverage_exact ? "" : ", a lower bound")
                     : "no cap.";
  } else {
    lead = fmt::format("{} coverage needs more spares than cap {} allows: its {} spares give {}; ", hc::percent(o.target),
                       hc::ratio_percent(*cap), s.cap_spares, hc::percent(s.cap_coverage));
    lead += s.rho_target_exists ? fmt::format("a correlation of at most {:.4g} would reach it with them.", s.rho_target)
                                : j["rho_target_status"].get<std::string>() + ".";
  }
  hc::print(c, j, o.format, lead);
  return 0;
}

const shiftfly::tools::register_subcommand reg{"size", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* sub = app.add_subcommand("size", "Algorithm 1 (LightReserve): the spares a coverage target needs, or the correlation it needs");
  sub->add_option("--channels", o->channels, "Active channels n")->required()->check(CLI::Range(std::uint64_t{1}, std::uint64_t{10000000}));
  o->rate.add(sub);
  sub->add_option("--rho", o->rho, "Pairwise failure correlation in [0,1); 0 = independent");
  sub->add_option("--target", o->target, "Coverage target in (0,1), e.g. 0.99999")->required();
  sub->add_option("--cap", o->cap, "Budget cap on the spare ratio s/(n+s), in (0,1) (0.5 = a 2x pool), or none for no cap")
      ->check(cap_text())
      ->capture_default_str();
  sub->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json"}));
  return [o](const shiftfly::tools::run_context& c) { return shiftfly::tools::naming_flags(c, "", [&] { return run_size(*o, c); }); };
}};
}  // namespace halley_size_subcommand
