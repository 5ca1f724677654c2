#pragma once
// Helpers for comparing with the values the Halley paper prints.
#include <fmt/format.h>

#include <string>

namespace halley_test {
/// x as a percentage with `digits` decimals, as the paper prints it ("86.3").
inline std::string pct(double x, int digits) { return fmt::format("{:.{}f}", 100.0 * x, digits); }
/// x with `digits` decimals.
inline std::string fixed(double x, int digits) { return fmt::format("{:.{}f}", x, digits); }
}  // namespace halley_test
