#pragma once
/// \file flag_names.hpp
/// Validation errors that name command-line flags.
///
/// A generator validates its own parameters and names them as the code does
/// (`kautz: D = 9 is out of range (accepted: ...)`). The functions that turn
/// command-line text into calls (topology/family.hpp, routing/route_query.hpp,
/// ...) rethrow such an error naming the flag the user typed instead
/// (`kautz: --D = 9 is out of range (accepted: ...)`), so that the one line a
/// tool prints tells which flag to fix (DESIGN.md §5). When the message names
/// no parameter of the list (for example `boardfly: chip count = 200000000 x 32
/// exceeds 4294967295`, a limit on a product of flags), the flags and values
/// given are appended instead: `... (given --groups 200000000 --level chip)`.

#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace shiftfly::core {

/// A parameter name as a message writes it, and the flag that sets it.
struct flag_name {
  std::string_view param;
  std::string_view flag;
};

/// Rewrites `message` ("<where>: <param> = ...") to name flags: the earliest
/// ": <param> = " of the list becomes ": <flag> = " (one rewrite). When the
/// message names no listed parameter and no listed flag, " (given <given>)"
/// is appended.
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
  if (hit) return message.replace(best + 2, hit->param.size(), hit->flag);
  for (const auto& n : names)
    if (message.find(n.flag) != std::string::npos) return message;
  if (!given.empty()) message += " (given " + std::string(given) + ")";
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
