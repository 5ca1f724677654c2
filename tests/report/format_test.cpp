// Tests for report/format.hpp against values printed by CPython 3.11
// (python3 -c "print(f'{0.125:.2f}', f'{2.675:.2f}', f'{1234567.5:,.0f}', f'{0.02:.0%}', f'{0.105:.0%}')").
#include <catch2/catch.hpp>

#include "shiftfly/report/format.hpp"

namespace format_test {

using namespace shiftfly::report;

TEST_CASE("fixed, thousands and percent match Python's format specifications", "[report]") {
  CHECK(fixed(0.125, 2) == "0.12");          // exact tie: to even
  CHECK(fixed(2.675, 2) == "2.67");          // 2.675 is below the tie in binary
  CHECK(fixed_thousands(1234567.5, 0) == "1,234,568");
  CHECK(fixed_thousands(3.6191800563513125e12, 0) == "3,619,180,056,351");
  CHECK(thousands(1152) == "1,152");
  CHECK(thousands(999) == "999");
  CHECK(thousands(1000000) == "1,000,000");
  CHECK(group_thousands("-1234.25") == "-1,234.25");
  CHECK(percent(0.02, 0) == "2%");
  CHECK(percent(0.105, 0) == "10%");
  CHECK(percent(0.2, 0) == "20%");
}

// Python: f'{1.5e-05:.3e}', f'{0.0071:.5e}', f'{123456.0:.2e}', str(0.05), str(2.0) is '2.0' (fmt's "{}" prints "2",
// which the tables have always printed), f'{0.863:.1f}' after * 100.
TEST_CASE("scientific, shortest and percent_number match Python's format specifications", "[report]") {
  CHECK(scientific(1.5e-05, 3) == "1.500e-05");
  CHECK(scientific(0.0071, 5) == "7.10000e-03");
  CHECK(scientific(123456.0, 2) == "1.23e+05");
  CHECK(scientific(0.0, 1) == "0.0e+00");
  CHECK(shortest(0.05) == "0.05");
  CHECK(shortest(0.1 + 0.2) == "0.30000000000000004");
  CHECK(shortest(1e-05) == "1e-05");
  CHECK(shortest(2.0) == "2");
  CHECK(percent_number(0.8631, 1) == "86.3");
  CHECK(percent_number(0.99999, 3) == "99.999");
  CHECK(percent(0.8631, 1) == percent_number(0.8631, 1) + "%");
  CHECK(shortest_thousands(16470.0) == "16,470");
  CHECK(shortest_thousands(2.5) == "2.5");
  CHECK(shortest_thousands(1e20) == "1e+20");
  CHECK(shortest_thousands(1234567.25) == "1,234,567.25");
}

}  // namespace format_test
