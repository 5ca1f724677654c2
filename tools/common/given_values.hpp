#pragma once
// What the user typed, for error messages (a bad value is one line
// naming the flag, the value as given, and what is accepted).
//
// A real option is stored as a double, and a message that formats the double
// shows 17 digits (`--target 0.999999` came back as `--target = 0.99999899999999997`).
// CLI11 keeps every option's text as it was given (Option::results()), so after
// parsing, run_cli() records the text of every flag given, and the message
// helpers below look it up by flag name:
//
//   given_text("--target")                    the text typed for --target, or nullptr if not given;
//   shown_value("--target", v)                that text, or (not given) the shortest decimal of v;
//   flag_and_value("--floor", v)              "--floor = 0.2" when given, "--floor (default 0.03)" when not,
//                                             for a message about another flag whose range depends on this one;
//   throw_flag_out_of_range(cmd, flag, v, accepted)
//                                             "<cmd>: <flag> = <as typed> is out of range (accepted: <accepted>)".
//
// Library errors that name a parameter (`light_reserve: target = ...`) are
// rewritten by tools::naming_flags to name the flag; the flag lists the tools
// pass it carry given_text() too, so that rewrite shows the typed value
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

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/parse.hpp"

namespace shiftfly::tools {

/// Flag name (as CLI11's Option::get_name() spells it, e.g. "--rho") -> the text given for it.
inline std::map<std::string, std::string, std::less<>>& given_values() {
  static std::map<std::string, std::string, std::less<>> values;
  return values;
}

/// Records the text of every flag that was given a value, in `app` and in the
/// subcommands that were parsed (recursively). run_cli() calls it once, after parsing.
inline void record_given_values(const CLI::App& app) {
  for (const CLI::Option* opt : app.get_options()) {
    if (!opt->nonpositional() || opt->get_items_expected_max() == 0 || opt->count() == 0) continue;
    std::string text;
    for (const auto& r : opt->results()) text += (text.empty() ? "" : " ") + r;
    given_values()[opt->get_name()] = text;
  }
  for (const CLI::App* sub : app.get_subcommands()) record_given_values(*sub);
}

/// The text the user gave for `flag`, or nullptr when the flag was not given.
inline const std::string* given_text(std::string_view flag) {
  const auto& values = given_values();
  const auto it = values.find(flag);
  return it == values.end() ? nullptr : &it->second;
}

/// `flag`'s text for a flag list of tools::naming_flags: what was given, or empty.
inline std::string_view given_or_empty(std::string_view flag) {
  const std::string* text = given_text(flag);
  return text ? std::string_view(*text) : std::string_view();
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
inline std::string shown_value(std::string_view flag, double v) {
  const std::string* text = given_text(flag);
  return text ? core::printable(*text) : shortest_real(v);
}

/// Names another flag in a message about a range that depends on it: "--floor = 0.2"
/// when the user gave --floor, "--floor (default 0.03)" when its default `v` applies.
inline std::string flag_and_value(std::string_view flag, double v) {
  const std::string* text = given_text(flag);
  return std::string(flag) + (text ? " = " + core::printable(*text) : " (default " + shortest_real(v) + ")");
}

/// Throws "<cmd>: <flag> = <value as typed> is out of range (accepted: <accepted>)"; `v` is
/// the flag's value, shown when the flag was not given (see shown_value).
[[noreturn]] inline void throw_flag_out_of_range(std::string_view cmd, std::string_view flag, double v,
                                                 std::string_view accepted) {
  throw std::invalid_argument(std::string(cmd) + ": " + std::string(flag) + " = " + shown_value(flag, v) +
                              (given_text(flag) ? "" : " (default)") + " is out of range (accepted: " +
                              std::string(accepted) + ")");
}

}  // namespace shiftfly::tools
