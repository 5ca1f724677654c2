#pragma once
// Strict option values for both tools (every flag validated, a
// bad value is one line naming the flag, the value and what is accepted).
//
// CLI11 reads integers with strtoull(..., base 0) and reals with strtod, so on
// its own it takes `--channels 010` as 8, `--channels 0x20` as 32, wraps
// `--sample-seed -1` to 2^64-1, and accepts `nan` and `inf` for reals.
// harden_options() walks every option of an app and its subcommands and adds:
//   - to every option that takes a value: the value must not be empty;
//   - to unsigned options (CLI11 type UINT): the library's integer grammar (core/parse.hpp):
//     decimal digits only, no sign, no leading zero;
//   - to signed integer options (INT): an optional '-' then such digits;
//   - to real options (FLOAT): the library's real grammar (core/parse.hpp, core::read_real: no '+',
//     no leading zero, no hex, no .5), finite (nan, inf and 1e999 refused) and not a negative zero (-0, -0.0, -0e5, and -1e-400, which rounds to -0, are refused:
//     one rule for every real flag, so that no flag prints "-0.0" back or reads a sign the
//     range checks do not see; write 0).
// The checks run after the option's own checks (ranges, sets), so those keep their messages.

#include <CLI/CLI.hpp>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include <fmt/format.h>

#include "shiftfly/core/parse.hpp"

namespace shiftfly::tools {

namespace detail {
/// The value as it appears in a one-line message (control characters shown as '?').
inline std::string quoted_value(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? '?' : c;
  return out + "'";
}
}  // namespace detail

/// `flag` must not be given an empty value.
inline CLI::Validator non_empty_value(const std::string& flag) {
  return CLI::Validator(
      [flag](std::string& s) { return s.empty() ? flag + " is empty (a value is required)" : std::string(); }, "");
}

/// Unsigned integers in the library's one grammar (core/parse.hpp).
inline const CLI::Validator& decimal_unsigned() {
  static const CLI::Validator v(
      [](std::string& s) {
        std::uint64_t value = 0;
        const core::decimal_error e = core::read_decimal(s, value);
        return e == core::decimal_error::none ? std::string() : detail::quoted_value(s) + " " + core::decimal_problem(e);
      },
      "");
  return v;
}

/// Signed integers: an optional '-' before the same grammar.
inline const CLI::Validator& decimal_integer() {
  static const CLI::Validator v(
      [](std::string& s) {
        std::int64_t value = 0;
        const core::decimal_error e = core::read_signed_decimal(s, value);
        if (e == core::decimal_error::none) return std::string();
        if (e == core::decimal_error::too_large) return detail::quoted_value(s) + " does not fit in 64 bits";
        return detail::quoted_value(s) + " is not an integer (accepted: decimal digits, an optional '-', no leading zero)";
      },
      "");
  return v;
}

/// Reals in the library's one grammar (core::read_real), finite, and not a negative zero.
inline const CLI::Validator& finite_real() {
  static const CLI::Validator v(
      [](std::string& s) {
        double x = 0;
        const core::real_error e = core::read_real(s, x);
        if (e == core::real_error::not_finite)
          return detail::quoted_value(s) + " is not a finite number (accepted: a finite real)";
        if (e != core::real_error::none)
          return detail::quoted_value(s) + " is not a real number (accepted: " + std::string(core::real_form) + ")";
        if (x == 0 && std::signbit(x))
          return detail::quoted_value(s) + " is a negative zero (accepted: a finite real, not -0; write 0)";
        return std::string();
      },
      "");
  return v;
}

/// A real strictly between lo and hi (the bounds excluded), e.g. an ε in (0, 1); the message
/// states the accepted range. Runs after finite_real() (harden_options), so the text parses.
inline CLI::Validator open_interval(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& s) {
        double x = 0;
        if (core::read_real(s, x) != core::real_error::none || !(x > lo && x < hi))
          return detail::quoted_value(s) + " is out of range (accepted: greater than " + fmt::format("{}", lo) +
                 " and below " + fmt::format("{}", hi) + ")";
        return std::string();
      },
      "");
}

/// Adds the strict checks above to every option of `app` and of its subcommands, recursively.
inline void harden_options(CLI::App& app) {
  for (CLI::Option* opt : app.get_options()) {
    if (!opt->nonpositional() || opt->get_items_expected_max() == 0) continue;  // positionals and flags
    const std::string type = opt->get_type_name();
    opt->check(non_empty_value(opt->get_name()));
    if (type.rfind("UINT", 0) == 0) opt->check(decimal_unsigned());
    else if (type.rfind("INT", 0) == 0) opt->check(decimal_integer());
    else if (type.rfind("FLOAT", 0) == 0) opt->check(finite_real());
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) harden_options(*sub);
}

}  // namespace shiftfly::tools
