#pragma once
/// \file format.hpp
/// Number formatting that reproduces Python's format specifications, since
/// the reference artefact's tables are Python f-strings: `{:.3f}` (exact
/// decimal expansion, ties to even: glibc printf does the same), `{:,}`
/// (thousands separators), `{:.0%}` (times 100 in double, then fixed).

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace shiftfly::report {

/// Python's f"{x:.{precision}f}".
inline std::string fixed(double x, int precision) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "%.*f", precision, x);
  return buf;
}

/// Inserts thousands separators into a plain decimal string ("-1234.5" -> "-1,234.5").
inline std::string group_thousands(std::string_view digits) {
  std::string sign, head(digits), tail;
  if (!head.empty() && head.front() == '-') {
    sign = "-";
    head.erase(0, 1);
  }
  if (const auto dot = head.find('.'); dot != std::string::npos) {
    tail = head.substr(dot);
    head.resize(dot);
  }
  std::string out;
  const std::size_t n = head.size();
  for (std::size_t i = 0; i < n; ++i) {
    if (i && (n - i) % 3 == 0) out += ',';
    out += head[i];
  }
  return sign + out + tail;
}

/// Python's f"{n:,}" for integers.
inline std::string thousands(std::uint64_t n) { return group_thousands(std::to_string(n)); }

/// Python's f"{x:,.{precision}f}".
inline std::string fixed_thousands(double x, int precision) { return group_thousands(fixed(x, precision)); }

/// Python's f"{x:.{precision}%}".
inline std::string percent(double x, int precision) { return fixed(x * 100.0, precision) + "%"; }

}  // namespace shiftfly::report
