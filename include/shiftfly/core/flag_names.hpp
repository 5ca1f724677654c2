#pragma once
/// \file flag_names.hpp
/// Validation errors that name command-line flags.
///
/// A generator validates its own parameters and names them as the code does
/// (`kautz: D = 9 is out of range (accepted: ...)`). The functions that turn
/// command-line text into calls (topology/family.hpp, routing/route_query.hpp,
/// ...) rethrow such an error naming the flag the user typed instead
/// (`kautz: --D = 9 is out of range (accepted: ...)`), so that the one line a
/// tool prints tells which flag to fix. When the message names
/// no parameter of the list (for example `boardfly: chip count = 200000000 x 32
/// exceeds 4294967295`, a limit on a product of flags), the flags and values
/// given are appended instead: `... (given --groups 200000000 --level chip)`.
///
/// A tool may also pass, with each flag, the text the user typed for it. The
/// message then shows that text where it shows the flag's own value: a real is
/// formatted with 17 digits (`target = 0.99999899999999997`), and the rewrite
/// gives back what was typed (`--target = 0.999999`). A value is replaced only
/// when it reads as the same number as the typed text, so a value derived from
/// the flag (a bound, a product) keeps its digits.

#include <cstdlib>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "shiftfly/core/checked.hpp"

namespace shiftfly::core {

/// A parameter name as a message writes it, the flag that sets it, and (optional)
/// the text the user typed for that flag.
struct flag_name {
  std::string_view param;
  std::string_view flag;
  std::string_view typed = {};
};

namespace detail {
/// True when `text` (all of it) reads as a number equal to `v`, by strtod or by
/// strtold rounded to double (CLI11 reads reals the second way).
inline bool reads_as(const std::string& text, double v) {
  if (text.empty()) return false;
  char* end = nullptr;
  const double d = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size()) return false;
  return d == v || static_cast<double>(std::strtold(text.c_str(), nullptr)) == v;
}

/// In `message`, each "<name> = <number>" (name a whole word: at the start or after
/// a space, '(' or ',') whose number reads as the same value as `typed` but is
/// written differently shows `typed` instead. Integers are left alone (they are
/// printed as given).
inline void show_typed(std::string& message, std::string_view name, std::string_view typed) {
  const std::string key = std::string(name) + " = ";
  const std::string text(typed);
  char* typed_end = nullptr;
  const double want = std::strtod(text.c_str(), &typed_end);
  if (text.empty() || typed_end != text.c_str() + text.size()) return;  // not a number: nothing to match
  for (std::size_t at = message.find(key); at != std::string::npos; at = message.find(key, at + 1)) {
    if (at > 0 && message[at - 1] != ' ' && message[at - 1] != '(' && message[at - 1] != ',') continue;
    const std::size_t from = at + key.size();
    const char* start = message.c_str() + from;
    char* end = nullptr;
    const double shown = std::strtod(start, &end);
    if (end == start) continue;
    const std::string value(start, static_cast<const char*>(end));
    if (value.find_first_not_of("0123456789") == std::string::npos || value == text) continue;
    if (shown != want && !reads_as(text, shown)) continue;
    message.replace(from, value.size(), printable(text));
  }
}
}  // namespace detail

/// Rewrites `message` ("<where>: <param> = ...") to name flags: the earliest
/// ": <param> = " of the list becomes ": <flag> = " (one rewrite). When the
/// message names no listed parameter and no listed flag, " (given <given>)"
/// is appended. Then, for each entry with a typed text, every "<flag> = <v>" and
/// "<param> = <v>" whose v is that flag's value shows the typed text instead.
inline std::string with_flag_names(std::string message, std::initializer_list<flag_name> names, std::string_view given) {
  std::size_t best = std::string::npos;
  const flag_name* hit = nullptr;
  for (const auto& n : names) {
    const std::size_t at = message.find(": " + std::string(n.param) + " = ");
    if (at < best) {
      best = at;
      hit = &n;
    }
  }
  if (hit) {
    message.replace(best + 2, hit->param.size(), hit->flag);
  } else {
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

/// Runs `f()`; a std::invalid_argument it throws is rethrown with with_flag_names applied.
template <class F>
decltype(auto) naming_flags(std::initializer_list<flag_name> names, std::string_view given, F&& f) {
  try {
    return std::forward<F>(f)();
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(with_flag_names(e.what(), names, given));
  }
}

}  // namespace shiftfly::core
