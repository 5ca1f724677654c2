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

  void describe(nlohmann::json& j, double lambda_value) const {
    j["lambda"] = lambda_value;
    if (fit) j["fit"] = *fit;
    if (window) {
      j["window"] = *window;
      j["window_hours"] = halley::parse_window(*window);
    }
  }
};

/// A probability as a percentage with two significant digits of its distance from 1
/// (0.99 -> "99.00%", 0.99588 -> "99.59%", 0.99999 -> "99.9990%"); within 1e-10 of 1,
/// ">99.99999999%".
inline std::string percent(double p) {
  if (p < 1 && p >= 1 - 1e-10) return ">99.99999999%";
  int decimals = 2;
  if (p < 1 && p > 0.99) decimals = std::max(2, static_cast<int>(std::ceil(-std::log10(1 - p) - 1e-9)) - 1);
  return fmt::format("{:.{}f}%", 100 * p, decimals);
}

/// A ratio in (0, 1) as a short percentage: 0.5 -> "50%", 0.999999 -> "99.9999%".
inline std::string ratio_percent(double r) { return fmt::format("{:.6g}%", 100 * r); }

/// Whole dollars with thousands separators: 664500 -> "$664,500".
inline std::string dollars(double v) {
  std::string digits = fmt::format("{:.0f}", v), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0 && digits[i - 1] != '-') out += ',';
    out += digits[i];
  }
  return "$" + out;
}

/// Prints the result: with --format json the envelope around `j` (common/envelope.hpp);
/// as text, `lead` (the answer in a sentence), then every key as `key: value`.
inline void print(const run_context& ctx, const nlohmann::json& j, const std::string& format, const std::string& lead) {
  if (format == "json") {
    print_json(ctx, j);
    return;
  }
  std::cout << lead << "\n\n";
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (it->is_object()) {
      for (auto jt = it->begin(); jt != it->end(); ++jt) std::cout << it.key() << "." << jt.key() << ": " << jt->dump() << "\n";
    } else {
      std::cout << it.key() << ": " << it->dump() << "\n";
    }
  }
}

}  // namespace shiftfly::tools::halley_cli
