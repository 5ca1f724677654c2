// Tests for report/format.hpp against values printed by CPython 3.11
// (python3 -c "print(f'{0.125:.2f}', f'{2.675:.2f}', f'{1234567.5:,.0f}', f'{0.02:.0%}', f'{0.105:.0%}')").
#include <catch2/catch.hpp>

#include "shiftfly/report/format.hpp"

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
