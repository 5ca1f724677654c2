#pragma once
// Library errors told in the words of the command line.
//
// The library names its parameters as the papers do (`kautz: D = 9 is out of
// range (accepted: ...)`) and throws core::invalid_parameter, which keeps the
// function, the parameter, the value, the problem and the accepted range apart
// (core/error.hpp). The library's ids are the flags' names, so one rule maps
// them, with no list: the id P is the flag --P with '-' for '_' (path_samples is
// --path-samples), "P item" is "--P item", "number of P items" is "number of --P
// items" (detail::names_of). naming_flags(ctx, given, f) rethrows the error with
// the flag in the parameter's place, when the command that runs has that flag,
// and without the function's name, which the user never called (`--D = 9 is out
// of range ...`), so the one line the tool prints tells which flag to fix. An
// error about no flag's parameter (`chip
// count = 200000000 x 32 exceeds 4294967295`, a limit on a product of flags)
// gets the flags and values given appended: `... (given --groups 200000000 --level chip)`.
//
// A flag given comes with the text the user typed for it (run_context::given). A real is formatted with
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
#include <vector>

#include "common/run_context.hpp"

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
/// names becomes its flag; an error about no listed parameter gets " (given <given>)"
/// unless `names_flag(message)` (the message names the flags already); typed texts
/// replace the values they wrote.
template <class NamesFlag>
std::string with_flag_names(const core::invalid_parameter& e, std::span<const flag_name> names, std::string_view given,
                            NamesFlag&& names_flag) {
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
    if (!names_flag(message) && !given.empty()) message += " (given " + std::string(given) + ")";
  }
  for (const auto& n : names) {
    if (n.typed.empty()) continue;
    detail::show_typed(message, n.flag, n.typed);
    detail::show_typed(message, n.param, n.typed);
  }
  return message;
}

/// with_flag_names where the message names the flags already when it names a listed flag.
inline std::string with_flag_names(const core::invalid_parameter& e, std::span<const flag_name> names,
                                   std::string_view given) {
  return with_flag_names(e, names, given, [names](const std::string& message) {
    for (const auto& n : names)
      if (message.find(n.flag) != std::string::npos) return true;
    return false;
  });
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

/// The library id of a flag: the flag without "--", '_' for '-' (--path-samples -> path_samples).
inline std::string id_of(std::string_view flag) {
  std::string id(flag.substr(flag.rfind("--", 0) == 0 ? 2 : 0));
  for (char& c : id)
    if (c == '-') c = '_';
  return id;
}

namespace detail {
/// The one rule from library ids to flags, for the flags a command has: each flag's id names it
/// (P -> --P), its items and their count by the same words ("P item" -> "--P item", "number of P
/// items" -> "number of --P items"); `typed(flag)` is the text typed for a flag given, or empty.
/// `words` holds the texts the returned names view.
template <class Flags, class Typed>
std::vector<flag_name> names_of(const Flags& flags, Typed&& typed, std::vector<std::string>& words) {
  words.clear();
  for (const auto& flag : flags) {
    const std::string id = id_of(flag);
    for (const std::string& w : {id, std::string(flag), id + " item", std::string(flag) + " item",
                                 "number of " + id + " items", "number of " + std::string(flag) + " items"})
      words.push_back(w);
  }
  std::vector<flag_name> names;
  std::size_t i = 0;
  for (const auto& flag : flags) {
    names.push_back({words[i], words[i + 1], typed(std::string_view(flag))});
    names.push_back({words[i + 2], words[i + 3]});
    names.push_back({words[i + 4], words[i + 5]});
    i += 6;
  }
  return names;
}
}  // namespace detail

/// Runs `f()`; a core::invalid_parameter it throws is rethrown in the words of the command
/// line of `ctx`, by the one rule of detail::names_of over the flags of the command that runs
/// (run_context::flags): the parameter that is the id of one of them is shown as that flag,
/// with the value as the user typed it when the flag was given (run_context::given); an error
/// about no flag's id that names none of the flags given gets " (given <given>)" (a hint that
/// names a flag not given, `--analytic gives the closed forms`, still gets it).
template <class F>
decltype(auto) naming_flags(const run_context& ctx, std::string_view given, F&& f) {
  try {
    return std::forward<F>(f)();
  } catch (const core::invalid_parameter& e) {
    std::vector<std::string> words;
    const auto names = detail::names_of(ctx.flags, [&ctx](std::string_view flag) {
      const auto it = ctx.given.find(flag);
      return it == ctx.given.end() ? std::string_view() : std::string_view(it->second);
    }, words);
    throw core::invalid_parameter::rule({}, with_flag_names(e, names, given, [&ctx](const std::string& message) {
      for (const auto& [flag, text] : ctx.given)
        if (message.find(flag) != std::string::npos) return true;
      return false;
    }));
  }
}

/// Runs `f()`; a core::invalid_parameter it throws is rethrown in the words of `app`, a
/// (sub)command whose flags are named as the ids of the library's request (`max_seconds`
/// is --max-seconds), by the same rule as naming_flags over the flags of `app`; when the
/// error's function is the id of a flag (the part of the request that failed) and the
/// message names no flag, " (given --flag)" is appended. The function's name itself is
/// never shown.
template <class F>
decltype(auto) with_flags(const CLI::App& app, F&& f) {
  try {
    return std::forward<F>(f)();
  } catch (const core::invalid_parameter& e) {
    std::vector<std::string> flags;
    for (const CLI::Option* opt : app.get_options())
      if (opt->nonpositional()) flags.push_back(opt->get_name());
    std::vector<std::string> words;
    const auto names = detail::names_of(flags, [](std::string_view) { return std::string_view(); }, words);
    const bool function_is_flag = !e.function().empty() && app.get_option_no_throw(flag_of(e.function())) != nullptr;
    throw core::invalid_parameter::rule({}, with_flag_names(e, names, function_is_flag ? flag_of(e.function()) : "",
                                                            [](const std::string& message) {
                                                              return message.find("--") != std::string::npos;
                                                            }));
  }
}

}  // namespace shiftfly::tools
