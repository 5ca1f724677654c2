#pragma once
/// \file parse.hpp
/// The library's one number grammar, used by every reader of text: the tools'
/// options, vertex labels (`0.1.2`), edge lists, demand files and lists such as
/// `16,16,16`.
///
/// An integer is plain decimal: one or more digits, no sign, no spaces, no
/// leading zero (`0` itself is fine), no hex, and it must fit the target type.
/// `007` is refused everywhere: some readers (CLI11, strtoull with base 0) take
/// it as octal 7, others as decimal 7, so accepting it would mean two answers.

#include <concepts>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"

namespace shiftfly::core {

/// Why a text is not a decimal integer of the target type.
enum class decimal_error { none, empty, not_decimal, leading_zero, too_large };

/// The accepted integer form, as error messages state it.
inline constexpr std::string_view decimal_form = "decimal digits, no sign, no leading zero";

/// Reads all of `text` as a plain decimal into `out`; returns why not (out is then unchanged).
template <std::unsigned_integral T>
constexpr decimal_error read_decimal(std::string_view text, T& out) noexcept {
  if (text.empty()) return decimal_error::empty;
  for (char c : text)
    if (c < '0' || c > '9') return decimal_error::not_decimal;
  if (text.size() > 1 && text[0] == '0') return decimal_error::leading_zero;
  T value = 0;
  for (char c : text) {
    const T digit = static_cast<T>(c - '0');
    if (value > (std::numeric_limits<T>::max() - digit) / 10) return decimal_error::too_large;
    value = static_cast<T>(value * 10 + digit);
  }
  out = value;
  return decimal_error::none;
}

/// A signed decimal: an optional '-' before a plain decimal (`-0` is refused as not decimal).
constexpr decimal_error read_signed_decimal(std::string_view text, std::int64_t& out) noexcept {
  const bool negative = !text.empty() && text[0] == '-';
  std::uint64_t magnitude = 0;
  const decimal_error e = read_decimal(negative ? text.substr(1) : text, magnitude);
  if (e != decimal_error::none) return e;
  if (negative && magnitude == 0) return decimal_error::not_decimal;
  const std::uint64_t limit = negative ? std::uint64_t{1} << 63 : (std::uint64_t{1} << 63) - 1;
  if (magnitude > limit) return decimal_error::too_large;
  out = negative ? static_cast<std::int64_t>(0 - magnitude) : static_cast<std::int64_t>(magnitude);
  return decimal_error::none;
}

/// What is wrong with a text that read_decimal refused, as the rest of a one-line message
/// after "<param> = '<text>' ". `bits` is the width of the target type.
inline std::string decimal_problem(decimal_error e, unsigned bits = 64) {
  switch (e) {
    case decimal_error::none: return "is a decimal integer";
    case decimal_error::empty: return "is empty (expected a non-negative integer)";
    case decimal_error::too_large: return "does not fit in " + std::to_string(bits) + " bits";
    case decimal_error::leading_zero:
    case decimal_error::not_decimal: break;
  }
  return "is not a non-negative integer (accepted: " + std::string(decimal_form) + ")";
}

/// Parses all of `text` as a plain decimal; a bad text throws invalid_parameter naming `param`.
template <std::unsigned_integral T = std::uint64_t>
inline T parse_decimal(std::string_view text, std::string_view param, std::string_view where = "parse") {
  T value = 0;
  const decimal_error e = read_decimal(text, value);
  if (e == decimal_error::none) return value;
  if (e == decimal_error::empty) fail_parameter(where, param, {}, decimal_problem(e));
  if (e == decimal_error::too_large)
    fail_parameter(where, param, printable(text), decimal_problem(e, std::numeric_limits<T>::digits));
  fail_parameter(where, param, "'" + printable(text) + "'", "is not a non-negative integer", decimal_form);
}

/// parse_decimal into 64 bits.
inline std::uint64_t parse_unsigned(std::string_view text, std::string_view param, std::string_view where = "parse") {
  return parse_decimal<std::uint64_t>(text, param, where);
}

/// Parses `a<sep>b<sep>c`, each item a plain decimal; an empty item (`4,,4`) is refused.
inline std::vector<std::uint64_t> parse_unsigned_list(std::string_view text, std::string_view param, char sep = ',',
                                                      std::string_view where = "parse") {
  if (text.empty()) fail_parameter(where, param, {}, "is empty (expected a list like 16,16,16)");
  std::vector<std::uint64_t> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(sep, start);
    const std::string_view item = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    const std::string shown = "'" + printable(text) + "'";
    if (item.empty()) fail_parameter(where, param, shown, "has an empty item (expected a list like 16,16,16)");
    std::uint64_t v = 0;
    const decimal_error e = read_decimal(item, v);
    if (e == decimal_error::too_large)
      fail_parameter(where, param, shown, "has an item '" + printable(item) + "' that does not fit in 64 bits");
    if (e != decimal_error::none)
      fail_parameter(where, param, shown, "has a non-integer item '" + printable(item) + "'", decimal_form);
    out.push_back(v);
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return out;
}

}  // namespace shiftfly::core
