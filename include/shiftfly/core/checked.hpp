#pragma once
/// \file checked.hpp
/// Input validation and overflow-checked size arithmetic.
///
/// Every public function validates its parameters before it allocates. A bad
/// value raises core::invalid_parameter (core/error.hpp), whose message is one
/// line naming the function, the parameter, the value and the accepted range,
/// for example `kautz: d = 1 is out of range (accepted: 2 to 255)`. The tools
/// print that line, with the flag in place of the parameter, and exit with status 2.

#include <concepts>
#include <cstdint>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "shiftfly/core/error.hpp"

namespace shiftfly::core {

/// Makes user text safe to quote inside a one-line error message: control
/// characters become `\n`, `\r`, `\t` or `\xNN`, and text longer than `max`
/// bytes is cut (at a UTF-8 character boundary) and marked with "...".
inline std::string printable(std::string_view text, std::size_t max = 120) {
  std::string out;
  std::size_t len = text.size();
  if (len > max) {
    len = max;
    while (len > 0 && (static_cast<unsigned char>(text[len]) & 0xC0) == 0x80) --len;
  }
  static constexpr char hex[] = "0123456789abcdef";
  for (std::size_t i = 0; i < len; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else if (c < 0x20 || c == 0x7f) {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    } else {
      out += static_cast<char>(c);
    }
  }
  if (len < text.size()) out += "...";
  return out;
}

/// Formats a value for an error message (integers plainly, reals with 17 digits,
/// text through printable() so that the message stays one line).
template <class T>
inline std::string to_message(const T& value) {
  if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    return printable(value);
  } else {
    std::ostringstream os;
    if constexpr (std::floating_point<T>) os.precision(17);
    os << value;
    return os.str();
  }
}

/// Throws invalid_parameter: "<where>: <param> = <value> is out of range (accepted: <range>)".
template <class T>
[[noreturn]] inline void throw_out_of_range(std::string_view where, std::string_view param, const T& value,
                                            std::string_view accepted) {
  throw invalid_parameter(std::string(where), std::string(param), to_message(value), "is out of range",
                          std::string(accepted));
}

/// Throws invalid_parameter about one parameter: "<where>: <param> = <value> <problem>[ (accepted: <accepted>)]";
/// with an empty `value`, "<where>: <param> <problem>...". `value` is text as it should be shown.
[[noreturn]] inline void fail_parameter(std::string_view where, std::string_view param, std::string_view value,
                                        std::string_view problem, std::string_view accepted = {}) {
  throw invalid_parameter(std::string(where), std::string(param), std::string(value), std::string(problem),
                          std::string(accepted));
}

/// Requires lo <= value <= hi; otherwise throws naming the parameter and the range.
template <class T, class U, class V>
inline void require_range(std::string_view where, std::string_view param, const T& value, const U& lo,
                          const V& hi) {
  if constexpr (std::floating_point<T>) {
    if (!(value == value) || value < static_cast<T>(lo) || value > static_cast<T>(hi))
      throw_out_of_range(where, param, value, to_message(lo) + " to " + to_message(hi));
  } else {
    if (std::cmp_less(value, lo) || std::cmp_greater(value, hi))
      throw_out_of_range(where, param, value, to_message(lo) + " to " + to_message(hi));
  }
}

/// Requires value >= lo.
template <class T, class U>
inline void require_at_least(std::string_view where, std::string_view param, const T& value, const U& lo) {
  if constexpr (std::floating_point<T>) {
    if (!(value == value) || value < static_cast<T>(lo) || value == std::numeric_limits<T>::infinity())
      throw_out_of_range(where, param, value, "finite, at least " + to_message(lo));
  } else {
    if (std::cmp_less(value, lo)) throw_out_of_range(where, param, value, "at least " + to_message(lo));
  }
}

/// Throws invalid_parameter about no single parameter: "<where>: <what>".
[[noreturn]] inline void fail(std::string_view where, std::string_view what) {
  throw invalid_parameter::rule(std::string(where), std::string(what));
}

/// a * b in 64 bits, or an error naming `what` when it overflows or exceeds `limit`.
inline std::uint64_t checked_mul(std::uint64_t a, std::uint64_t b, std::string_view where, std::string_view what,
                                 std::uint64_t limit = std::numeric_limits<std::uint64_t>::max()) {
  std::uint64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r) || r > limit)
    fail(where, std::string(what) + " = " + to_message(a) + " x " + to_message(b) + " exceeds " + to_message(limit));
  return r;
}

/// a + b in 64 bits, or an error naming `what` when it overflows or exceeds `limit`.
inline std::uint64_t checked_add(std::uint64_t a, std::uint64_t b, std::string_view where, std::string_view what,
                                 std::uint64_t limit = std::numeric_limits<std::uint64_t>::max()) {
  std::uint64_t r = 0;
  if (__builtin_add_overflow(a, b, &r) || r > limit)
    fail(where, std::string(what) + " = " + to_message(a) + " + " + to_message(b) + " exceeds " + to_message(limit));
  return r;
}

/// base^exp in 64 bits, or an error naming `what` when it overflows or exceeds `limit`.
inline std::uint64_t checked_pow(std::uint64_t base, unsigned exp, std::string_view where, std::string_view what,
                                 std::uint64_t limit = std::numeric_limits<std::uint64_t>::max()) {
  std::uint64_t r = 1;
  for (unsigned i = 0; i < exp; ++i) {
    if (__builtin_mul_overflow(r, base, &r) || r > limit)
      fail(where, std::string(what) + " = " + to_message(base) + "^" + to_message(exp) + " exceeds " +
                      to_message(limit));
  }
  return r;
}

/// Largest vertex count a graph over id type V can hold (ids 0..n-1 must fit in V).
template <std::unsigned_integral V>
constexpr std::uint64_t max_vertices() {
  return static_cast<std::uint64_t>(std::numeric_limits<V>::max());
}

/// Refuses a vertex count that the id type cannot hold.
template <std::unsigned_integral V>
inline void require_vertex_count(std::string_view where, std::uint64_t n) {
  if (n > max_vertices<V>())
    fail(where, "vertex count " + to_message(n) + " exceeds what the " + to_message(sizeof(V) * 8) +
                    "-bit vertex id holds (at most " + to_message(max_vertices<V>()) + ")");
}

}  // namespace shiftfly::core
