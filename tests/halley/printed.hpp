#pragma once
// Helpers for comparing with the values the Halley paper prints, through the
// library's one number formatter (report/format.hpp).
#include <string>

#include "shiftfly/report/format.hpp"

namespace halley_test {
/// x as a percentage with `digits` decimals, as the paper prints it ("86.3").
inline std::string pct(double x, int digits) { return shiftfly::report::percent_number(x, digits); }
/// x with `digits` decimals.
inline std::string fixed(double x, int digits) { return shiftfly::report::fixed(x, digits); }
}  // namespace halley_test
