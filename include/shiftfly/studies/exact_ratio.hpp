#pragma once
/// \file exact_ratio.hpp
/// a / b for an exact integer a, correctly rounded to double (ties to even),
/// as Python's `int / int` computes it: the Moore audits (studies/moore_audit.hpp,
/// studies/moore_efficiency.hpp) report bound / chips.

#include <cmath>
#include <cstdint>

#include <boost/multiprecision/cpp_int.hpp>

#include "shiftfly/core/checked.hpp"

namespace shiftfly::studies {

/// Correctly rounded a / b (a >= 0, b >= 1).
inline double exact_ratio(const boost::multiprecision::cpp_int& a, std::uint64_t b) {
  using boost::multiprecision::cpp_int;
  if (b == 0) core::throw_out_of_range("exact_ratio", "b", b, "at least 1");
  if (a < 0) core::fail("exact_ratio", "a is negative");
  if (a == 0) return 0.0;
  const long msb_a = static_cast<long>(boost::multiprecision::msb(a));
  const long msb_b = static_cast<long>(boost::multiprecision::msb(cpp_int(b)));
  // Scale so that the quotient has at least 66 bits: 53 kept, the rest round.
  const long shift = std::max(0L, 66 + msb_b - msb_a);
  const cpp_int num = a << shift;
  cpp_int q = num / b;
  const bool sticky = (num % b) != 0;
  const long excess = static_cast<long>(boost::multiprecision::msb(q)) + 1 - 53;
  cpp_int mant = q >> excess;
  const cpp_int rest = q - (mant << excess);
  const cpp_int half = cpp_int(1) << (excess - 1);
  if (rest > half || (rest == half && (sticky || (mant & 1) != 0))) mant += 1;
  return std::ldexp(static_cast<double>(mant.convert_to<std::uint64_t>()), static_cast<int>(excess - shift));
}

}  // namespace shiftfly::studies
