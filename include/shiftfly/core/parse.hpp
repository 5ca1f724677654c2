#pragma once
/// \file parse.hpp
/// Strict parsers for the text forms the tools accept: unsigned integers,
/// comma-separated lists (`16,16,16`), and dot-separated labels (`0.1.2`).
/// Each refuses anything malformed with one line naming the parameter.

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "shiftfly/core/checked.hpp"

namespace shiftfly::core {

/// Parses a whole string as an unsigned decimal integer (no sign, no spaces, no trailing text).
inline std::uint64_t parse_unsigned(std::string_view text, std::string_view param) {
  std::uint64_t value = 0;
  if (text.empty()) fail("parse", std::string(param) + " is empty (expected a non-negative integer)");
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec == std::errc::result_out_of_range)
    fail("parse", std::string(param) + " = " + printable(text) + " does not fit in 64 bits");
  if (ec != std::errc{} || ptr != text.data() + text.size())
    fail("parse", std::string(param) + " = '" + printable(text) + "' is not a non-negative integer");
  return value;
}

/// Parses `a<sep>b<sep>c` into unsigned integers; empty items (`4,,4`) are refused.
inline std::vector<std::uint64_t> parse_unsigned_list(std::string_view text, std::string_view param, char sep = ',') {
  if (text.empty()) fail("parse", std::string(param) + " is empty (expected a list like 16,16,16)");
  std::vector<std::uint64_t> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(sep, start);
    const std::string_view item = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (item.empty())
      fail("parse", std::string(param) + " = '" + printable(text) + "' has an empty item (expected a list like 16,16,16)");
    std::uint64_t v = 0;
    auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
    if (ec != std::errc{} || ptr != item.data() + item.size())
      fail("parse", std::string(param) + " = '" + printable(text) + "' has a non-integer item '" + printable(item) + "'");
    out.push_back(v);
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return out;
}

}  // namespace shiftfly::core
