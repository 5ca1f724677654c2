#pragma once
// Shared flags of the halley subcommands: the failure rate as --lambda or as
// --fit with --window, and flag-named validation (one line, exit 2). Each
// subcommand runs inside tools::naming_flags (common/flag_names.hpp), so an error of
// a header that names one of its parameters (`light_reserve: target = ... needs more
// than 10000000 spares`) names the flag instead, with the value as the user typed it
// (`--target = 0.999999 ...`): the library's ids are the flags' (--premium-from sets
// premium_from).

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include "common/envelope.hpp"
#include "common/given_values.hpp"
#include "shiftfly/core/checked.hpp"
#include "common/flag_names.hpp"
#include "shiftfly/halley/latent_level.hpp"
#include "shiftfly/halley/reports.hpp"
#include "shiftfly/report/record_json.hpp"
#include "shiftfly/halley/window.hpp"

namespace shiftfly::tools::halley_cli {

/// Throws "<cmd>: <flag> = <v> is out of range (accepted: ...)" unless lo < v < hi (open) or lo <= v < hi.
/// `v` is the value of `flag`; the message shows the text the user typed for it (common/given_values.hpp).
/// Subnormal values (0 < |v| < 2.2e-308) are refused too: 1/ρ and the beta parameters
/// overflow there (`ceiling --rho 1e-320` printed b as null, `hierarchy --rho-across 1e-320`
/// ended in a NaN inside the quadrature).
inline void require_flag(const run_context& ctx, const std::string& cmd, const std::string& flag, double v, double lo, double hi, bool closed_low = false) {
  const bool subnormal = v != 0 && std::fabs(v) < std::numeric_limits<double>::min();
  const bool ok = std::isfinite(v) && !subnormal && (closed_low ? v >= lo : v > lo) && v < hi;
  if (!ok)
    throw_flag_out_of_range(ctx, cmd, flag, v, (closed_low ? "from " : "strictly between ") + core::to_message(lo) +
                                              (closed_low ? " up to, not including, " : " and ") + core::to_message(hi) +
                                              (subnormal ? ", and not subnormal (at least 2.2250738585072014e-308)" : ""));
}

/// --lambda, or --fit with --window.
struct rate_flags {
  std::optional<double> lambda, fit;
  std::optional<std::string> window;

  void add(CLI::App* sub) {
    auto* l = sub->add_option("--lambda", lambda, "Per-laser failure probability per window, from 1e-12 to 0.999999999999");
    auto* f = sub->add_option("--fit", fit, "Laser FIT rate (failures per 1e9 device-hours), with --window");
    auto* w = sub->add_option("--window", window, "Restock window with a unit: 90d, 1y, 6y or 2160h (a year is 365 days)");
    l->excludes(f);
    l->excludes(w);
    f->needs(w);
    w->needs(f);
  }

  /// The per-window probability λ, validated.
  double resolve(const run_context& ctx, const std::string& cmd) const {
    double v = 0;
    if (lambda) {
      v = *lambda;
      if (!std::isfinite(v) || !(v >= halley::smallest_rate) || !(v <= halley::largest_rate))
        throw_flag_out_of_range(ctx, cmd, "--lambda", v, "from 1e-12 to 0.999999999999, the range whose accuracy is tested");
    } else if (fit && window) {
      if (!std::isfinite(*fit) || *fit < 0) throw_flag_out_of_range(ctx, cmd, "--fit", *fit, "finite, at least 0");
      const double hours = tools::naming_flags(ctx, "--window " + core::to_message(*window),
                                              [&] { return halley::parse_window(*window); });
      v = halley::failure_probability(*fit, hours);
      if (!(v >= halley::smallest_rate) || !(v <= halley::largest_rate))
        core::fail(cmd, "--fit " + shown_value(ctx, "--fit", *fit) + " over --window " + core::to_message(*window) + " gives lambda = " + core::to_message(v) +
                            " (accepted: from 1e-12 to 0.999999999999, the range whose accuracy is tested)");
    } else {
      core::fail(cmd, "give the failure rate as --lambda L or as --fit F --window W");
    }
    return v;
  }

  /// The rate as the library describes it (halley/reports.hpp): lambda, and --fit and --window when given.
  halley::rate_given given(double lambda_value) const { return {lambda_value, fit, window}; }
};

/// Prints a described result (halley/describe.hpp): with --format json the envelope around
/// its JSON (common/envelope.hpp); as text, its sentence, a blank line, then every key of that
/// JSON as `key: value` (a nested object's as `key.member: value`), in the JSON's order.
inline void print(const run_context& ctx, const core::record& r, const std::string& format) {
  const nlohmann::json j = report::to_json(r);
  if (format == "json") {
    print_json(ctx, j);
    return;
  }
  core::write_text(std::cout, r);
  std::cout << "\n";
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (it->is_object()) {
      for (auto jt = it->begin(); jt != it->end(); ++jt) std::cout << it.key() << "." << jt.key() << ": " << jt->dump() << "\n";
    } else {
      std::cout << it.key() << ": " << it->dump() << "\n";
    }
  }
}

}  // namespace shiftfly::tools::halley_cli
