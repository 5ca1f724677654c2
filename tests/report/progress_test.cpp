// report/progress.hpp: which updates a progress line shows (progress_throttle).
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "shiftfly/report/progress.hpp"

namespace progress_test {

TEST_CASE("progress: a task's first and last updates are shown, the rest once per interval", "[report][progress]") {
  using namespace std::chrono_literals;
  using clock = shiftfly::report::progress_throttle::clock;
  shiftfly::report::progress_throttle t(1s);
  const clock::time_point t0{};
  int shown = 0;
  // a million updates within 2.5 s: the first, one at 1 s, one at 2 s, the last
  for (int i = 0; i < 1000000; ++i) {
    const auto now = t0 + std::chrono::microseconds(static_cast<long long>(i) * 5 / 2);
    if (t.due("sweep", i == 999999, now)) ++shown;
  }
  CHECK(shown == 4);
  // a new task is shown at once, however soon it comes
  CHECK(t.due("flows", false, t0 + 2500ms));
  CHECK_FALSE(t.due("flows", false, t0 + 2600ms));
  CHECK(t.due("flows", true, t0 + 2700ms));
  // after a last update the same task name starts again
  CHECK(t.due("flows", false, t0 + 2800ms));
}

}  // namespace progress_test
