#pragma once
/// \file parse.hpp
/// The library's one number grammar, used by every reader of text: the tools'
/// options, vertex labels (`0.1.2`), edge lists, traffic and demand files, time
/// windows (`90d`) and lists such as `16,16,16`.
///
/// An integer is plain decimal: one or more digits, no sign, no spaces, no
/// leading zero (`0` itself is fine), no hex, and it must fit the target type.
/// `007` is refused everywhere: some readers (CLI11, strtoull with base 0) take
/// it as octal 7, others as decimal 7, so accepting it would mean two answers.
///
/// A real is, in full:  [-] digits [. digits] [(e|E) [+|-] digits]
/// with the integer part under the integer rule (no leading zero: `0.5` and `0` are
/// fine, `00.5` and `007` are not), at least one digit after a '.', and any digits in
/// the exponent (`1e-05`, as printf writes it). Nothing else: no '+' in front, no
/// `.5` or `5.`, no spaces, no hex (`0x1p3`), no `inf` or `nan`, no value that
/// overflows a double (`1e999`). Its value is the correctly rounded double
/// (std::from_chars); a value below the smallest double rounds to ±0 or a subnormal,
/// which the caller refuses by a range check when it must. A reader that wants only
/// positive values (demands, windows) checks the range of the value, never a grammar of
/// its own: `-1` is a real, and "not positive".

#include <charconv>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <cstdlib>
#include <system_error>
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

/// Why a text is not a real of the grammar above.
enum class real_error { none, empty, not_real, not_finite };

/// The accepted real form, as error messages state it.
inline constexpr std::string_view real_form =
    "decimal digits with an optional '-', '.digits' and exponent, e.g. 2.5e-3; no '+', leading zero, hex, inf or nan";

/// The length of the longest prefix of `text` that is a real of the grammar (0 when none is):
/// for finding a number inside a longer text (a message), not for reading one.
constexpr std::size_t real_prefix(std::string_view text) noexcept {
  std::size_t i = 0;
  const std::size_t n = text.size();
  const auto digits = [&](std::size_t from) {
    std::size_t j = from;
    while (j < n && text[j] >= '0' && text[j] <= '9') ++j;
    return j;
  };
  if (i < n && text[i] == '-') ++i;
  const std::size_t whole = digits(i);
  if (whole == i) return 0;
  if (text[i] == '0' && whole > i + 1) return i + 1;  // a leading zero: only the "0" is a real
  i = whole;
  if (i + 1 < n && text[i] == '.' && digits(i + 1) > i + 1) i = digits(i + 1);
  if (i < n && (text[i] == 'e' || text[i] == 'E')) {
    std::size_t j = i + 1;
    if (j < n && (text[j] == '+' || text[j] == '-')) ++j;
    if (digits(j) > j) i = digits(j);
  }
  return i;
}

namespace detail {
/// `inf`, `infinity` or `nan` (any case, optionally signed, `nan(...)` too): not a real, but
/// said to be "not finite" rather than "not a number", as C's strtod would read them.
inline bool names_non_finite(std::string_view text) noexcept {
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
  std::string lower;
  for (char c : text) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return lower == "inf" || lower == "infinity" || lower == "nan" ||
         (lower.size() >= 5 && lower.rfind("nan(", 0) == 0 && lower.back() == ')');
}
}  // namespace detail

/// Reads all of `text` as a real of the grammar above into `out`; returns why not (out is then
/// unchanged). not_finite: `inf`, `nan` and their kin, or a value that overflows a double.
inline real_error read_real(std::string_view text, double& out) noexcept {
  if (text.empty()) return real_error::empty;
  if (real_prefix(text) != text.size())
    return detail::names_non_finite(text) ? real_error::not_finite : real_error::not_real;
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec == std::errc::result_out_of_range) {
    // overflow (refused) or underflow (±0 or a subnormal, as the rounding gives): strtod tells which;
    // the grammar has been checked, so it reads all of the text
    const std::string copy(text);
    value = std::strtod(copy.c_str(), nullptr);
  } else if (ec != std::errc() || end != text.data() + text.size()) {
    return real_error::not_real;
  }
  if (!std::isfinite(value)) return real_error::not_finite;
  out = value;
  return real_error::none;
}

/// What is wrong with a text that read_real refused, as the rest of a one-line message after
/// "<param> = '<text>' ".
inline std::string real_problem(real_error e) {
  switch (e) {
    case real_error::none: return "is a real number";
    case real_error::empty: return "is empty (expected a real number)";
    case real_error::not_finite: return "is not a finite number";
    case real_error::not_real: break;
  }
  return "is not a real number (accepted: " + std::string(real_form) + ")";
}

/// Parses all of `text` as a real of the grammar above; a bad text throws invalid_parameter naming
/// `param`. The range (positive, below 1, ...) is the caller's to check.
inline double parse_real(std::string_view text, std::string_view param, std::string_view where = "parse") {
  double value = 0;
  const real_error e = read_real(text, value);
  if (e == real_error::none) return value;
  if (e == real_error::empty) fail_parameter(where, param, {}, real_problem(e));
  if (e == real_error::not_finite) fail_parameter(where, param, "'" + printable(text) + "'", real_problem(e), "a finite real");
  fail_parameter(where, param, "'" + printable(text) + "'", "is not a real number", real_form);
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
