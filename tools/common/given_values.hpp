#pragma once
// What the user typed, for error messages (a bad value is one line
// naming the flag, the value as given, and what is accepted).
//
// A real option is stored as a double, and a message that formats the double
// shows 17 digits (`--target 0.999999` came back as `--target = 0.99999899999999997`).
// CLI11 keeps every option's text as it was given (Option::results()), so after
// parsing, run_cli() records the text of every flag given in the run's context
// (common/run_context.hpp, passed to the subcommand), and the message helpers below
// look it up by flag name:
//
//   given_text(ctx, "--target")               the text typed for --target, or nullptr if not given;
//   shown_value(ctx, "--target", v)           that text, or (not given) the shortest decimal of v;
//   flag_and_value(ctx, "--floor", v)         "--floor = 0.2" when given, "--floor (default 0.03)" when not,
//                                             for a message about another flag whose range depends on this one;
//   throw_flag_out_of_range(ctx, cmd, flag, v, accepted)
//                                             "<cmd>: <flag> = <as typed> is out of range (accepted: <accepted>)".
//
// Library errors that name a parameter (`light_reserve: target = ...`) are
// rewritten by tools::naming_flags to name the flag; it looks the typed text up
// in the run's context too, so that rewrite shows the typed value
// (common/flag_names.hpp). One subcommand runs per process, so flag names are
// unambiguous.

#include <CLI/CLI.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>

#include "common/run_context.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/parse.hpp"

namespace shiftfly::tools {

/// Records the text of every flag that was given a value, in `app` and in the
/// subcommands that were parsed (recursively), into `out` (run_context::given).
inline void record_given_values(const CLI::App& app, std::map<std::string, std::string, std::less<>>& out) {
  for (const CLI::Option* opt : app.get_options()) {
    if (!opt->nonpositional() || opt->get_items_expected_max() == 0 || opt->count() == 0) continue;
    std::string text;
    for (const auto& r : opt->results()) text += (text.empty() ? "" : " ") + r;
    out[opt->get_name()] = text;
  }
  for (const CLI::App* sub : app.get_subcommands()) record_given_values(*sub, out);
}

/// The text the user gave for `flag`, or nullptr when the flag was not given.
inline const std::string* given_text(const run_context& ctx, std::string_view flag) {
  const auto it = ctx.given.find(flag);
  return it == ctx.given.end() ? nullptr : &it->second;
}

/// The shortest decimal that reads back as `v` (0.15, not 0.14999999999999999): how a
/// message shows a real the user did not type (a default).
inline std::string shortest_real(double v) {
  if (!std::isfinite(v)) return core::to_message(v);
  char buf[40];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    double back = 0;
    if (core::read_real(buf, back) == core::real_error::none && back == v) break;
  }
  return buf;
}

/// How a message shows the value `v` of `flag`: the text typed for it, or, when the
/// flag was not given, the shortest decimal of v.
inline std::string shown_value(const run_context& ctx, std::string_view flag, double v) {
  const std::string* text = given_text(ctx, flag);
  return text ? core::printable(*text) : shortest_real(v);
}

/// Names another flag in a message about a range that depends on it: "--floor = 0.2"
/// when the user gave --floor, "--floor (default 0.03)" when its default `v` applies.
inline std::string flag_and_value(const run_context& ctx, std::string_view flag, double v) {
  const std::string* text = given_text(ctx, flag);
  return std::string(flag) + (text ? " = " + core::printable(*text) : " (default " + shortest_real(v) + ")");
}

/// Throws "<cmd>: <flag> = <value as typed> is out of range (accepted: <accepted>)"; `v` is
/// the flag's value, shown when the flag was not given (see shown_value).
[[noreturn]] inline void throw_flag_out_of_range(const run_context& ctx, std::string_view cmd, std::string_view flag,
                                                 double v, std::string_view accepted) {
  throw std::invalid_argument(std::string(cmd) + ": " + std::string(flag) + " = " + shown_value(ctx, flag, v) +
                              (given_text(ctx, flag) ? "" : " (default)") + " is out of range (accepted: " +
                              std::string(accepted) + ")");
}

}  // namespace shiftfly::tools
