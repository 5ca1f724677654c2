// libFuzzer harness: the window and duration parser (halley/window.hpp).
// Input: the whole input is the window text.
// Properties:
//   - parse_window either throws std::invalid_argument with a one-line message
//     or returns a finite, positive number of hours;
//   - an accepted text ends in its unit (h, d or y);
//   - re-formatting is idempotent: the hours written back in the shortest
//     round-trip form with unit h (`<hours>h`) parse to exactly the same hours;
//   - the per-window failure probability at 1 FIT, 500 FIT and 10^6 FIT is a
//     number in [0, 1], non-decreasing in the rate.
#include <charconv>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "fuzz_support.hpp"
#include "shiftfly/halley/window.hpp"

namespace h = shiftfly::halley;
using shiftfly::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  double hours = 0;
  try {
    hours = h::parse_window(text);
  } catch (const std::invalid_argument& e) {
    shiftfly::fuzz::require_one_line(e);
    return 0;
  }
  require(std::isfinite(hours) && hours > 0, "an accepted window is finite and positive", text);
  require(!text.empty() && (text.back() == 'h' || text.back() == 'd' || text.back() == 'y'),
          "an accepted window ends in its unit", text);
  char buf[64];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf - 1, hours);
  require(ec == std::errc{}, "hours format", text);
  *end = 'h';
  const std::string again(buf, end + 1);
  double back = 0;
  try {
    back = h::parse_window(again);
  } catch (const std::invalid_argument& e) {
    require(false, "the re-formatted window parses", again + " from " + text + ": " + e.what());
  }
  require(back == hours, "re-formatted window parses to the same hours", again + " from " + text);
  double last = 0;
  for (double fit : {1.0, 500.0, 1e6}) {
    const double lambda = h::failure_probability(fit, hours);
    require(std::isfinite(lambda) && lambda >= 0 && lambda <= 1, "failure probability in [0, 1]", text);
    require(lambda >= last, "failure probability non-decreasing in the rate", text);
    last = lambda;
  }
  return 0;
}
