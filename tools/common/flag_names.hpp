#pragma once
// Library errors told in the words of the command line.
//
// The library names its parameters as the papers do (`kautz: D = 9 is out of
// range (accepted: ...)`) and throws core::invalid_parameter, which keeps the
// function, the parameter, the value, the problem and the accepted range apart
// (core/error.hpp). A tool that turns flags into a library call lists, for each
// parameter, the flag that sets it; naming_flags() then rethrows the error with
// the flag in the parameter's place and without the function's name, which the
// user never called (`--D = 9 is out of range ...`), so the one line the tool
// prints tells which flag to fix. An error about no listed parameter (`chip
// count = 200000000 x 32 exceeds 4294967295`, a limit on a product of flags)
// gets the flags and values given appended: `... (given --groups 200000000 --level chip)`.
//
// A flag may come with the text the user typed for it. A real is formatted with
// 17 digits (`target = 0.99999899999999997`); the message shows the typed text
// (`--target = 0.999999`) wherever it shows that flag's own value. A value is
// replaced only when it reads as the same number as the typed text, so a value
// derived from the flag (a bound, a product) keeps its digits.

#include <CLI/CLI.hpp>

#include <cstdlib>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/core/error.hpp"

namespace shiftfly::tools {

/// A library parameter name, the flag that sets it, and (optional) the text the user typed for that flag.
struct flag_name {
  std::string_view param;
  std::string_view flag;
  std::string_view typed = {};
};

namespace detail {
/// True when `text` (all of it) reads as a real (core::read_real) equal to `v`.
inline bool reads_as(const std::string& text, double v) {
  double d = 0;
  return core::read_real(text, d) == core::real_error::none && d == v;
}

/// The typed text when `value` is a real written differently that reads as the same number; else `value`.
inline std::string typed_if_same(const std::string& value, std::string_view typed) {
  const std::string text(typed);
  double want = 0, shown = 0;
  if (core::read_real(text, want) != core::real_error::none) return value;  // not a number
  if (core::read_real(value, shown) != core::real_error::none) return value;
  if (value.find_first_not_of("0123456789") == std::string::npos || value == text) return value;  // integers as given
  if (shown != want && !reads_as(text, shown)) return value;
  return core::printable(text);
}

/// In `message`, each "<name> = <number>" (name a whole word: at the start or after
/// a space, '(' or ',') whose number is `typed` written differently shows `typed`.
inline void show_typed(std::string& message, std::string_view name, std::string_view typed) {
  const std::string key = std::string(name) + " = ";
  for (std::size_t at = message.find(key); at != std::string::npos; at = message.find(key, at + 1)) {
    if (at > 0 && message[at - 1] != ' ' && message[at - 1] != '(' && message[at - 1] != ',') continue;
    const std::size_t from = at + key.size();
    const std::size_t length = core::real_prefix(std::string_view(message).substr(from));
    if (length == 0) continue;
    const std::string value = message.substr(from, length);
    message.replace(from, value.size(), typed_if_same(value, typed));
  }
}
}  // namespace detail

/// The one line of `e` in the words of the command line: the listed parameter it
/// names becomes its flag; an error about no listed parameter that names no listed
/// flag either gets " (given <given>)"; typed texts replace the values they wrote.
inline std::string with_flag_names(const core::invalid_parameter& e, std::span<const flag_name> names,
                                   std::string_view given) {
  const flag_name* hit = nullptr;
  for (const auto& n : names)
    if (!e.parameter().empty() && n.param == e.parameter()) hit = &n;
  std::string message;
  if (hit) {
    message = core::invalid_parameter::compose({}, std::string(hit->flag),
                                               hit->typed.empty() ? e.value() : detail::typed_if_same(e.value(), hit->typed),
                                               e.problem(), e.accepted());
  } else {
    message = e.message_without_function();
    bool names_flag = false;
    for (const auto& n : names) names_flag = names_flag || message.find(n.flag) != std::string::npos;
    if (!names_flag && !given.empty()) message += " (given " + std::string(given) + ")";
  }
  for (const auto& n : names) {
    if (n.typed.empty()) continue;
    detail::show_typed(message, n.flag, n.typed);
    detail::show_typed(message, n.param, n.typed);
  }
  return message;
}

inline std::string with_flag_names(const core::invalid_parameter& e, std::initializer_list<flag_name> names,
                                   std::string_view given) {
  return with_flag_names(e, std::span<const flag_name>(names.begin(), names.size()), given);
}

/// Runs `f()`; a core::invalid_parameter it throws is rethrown as one naming the flags
/// (a tool-level invalid_parameter whose what() is with_flag_names' line).
template <class F>
decltype(auto) naming_flags(std::span<const flag_name> names, std::string_view given, F&& f) {
  try {
    return std::forward<F>(f)();
  } catch (const core::invalid_parameter& e) {
    throw core::invalid_parameter::rule({}, with_flag_names(e, names, given));
  }
}
template <class F>
decltype(auto) naming_flags(std::initializer_list<flag_name> names, std::string_view given, F&& f) {
  return naming_flags(std::span<const flag_name>(names.begin(), names.size()), given, std::forward<F>(f));
}

}  // namespace shiftfly::tools

namespace shiftfly::tools {

/// The flag of a library id: "--" and the id with '-' for '_' (path_samples -> --path-samples).
inline std::string flag_of(std::string_view id) {
  std::string flag = "--" + std::string(id);
  for (char& c : flag)
    if (c == '_') c = '-';
  return flag;
}

/// Runs `f()`; a core::invalid_parameter it throws is rethrown in the words of `app`, a
/// (sub)command whose flags are named as the ids of the library's request (`max_seconds`
/// is --max-seconds): a parameter that is a flag of `app` is shown as the flag; otherwise,
/// when the error's function is the id of a flag (the part of the request that failed) and
/// the message names no flag, " (given --flag)" is appended. The function's name itself is
/// never shown.
template <class F>
decltype(auto) with_flags(const CLI::App& app, F&& f) {
  try {
    return std::forward<F>(f)();
  } catch (const core::invalid_parameter& e) {
    const auto is_flag = [&app](const std::string& id) {
      return !id.empty() && app.get_option_no_throw(flag_of(id)) != nullptr;
    };
    if (is_flag(e.parameter()))
      throw core::invalid_parameter::rule({}, core::invalid_parameter::compose({}, flag_of(e.parameter()), e.value(),
                                                                               e.problem(), e.accepted()));
    std::string message = e.message_without_function();
    if (is_flag(e.function()) && message.find("--") == std::string::npos) message += " (given " + flag_of(e.function()) + ")";
    throw core::invalid_parameter::rule({}, message);
  }
}

}  // namespace shiftfly::tools
