// Tests of io/traffic_file.hpp: the format, and every refusal naming file:line.
#include <catch2/catch.hpp>

#include <string>

#include "shiftfly/io/traffic_file.hpp"

namespace traffic_file_test {

using namespace shiftfly;

namespace {
// the refusal's what(), or "" if the text is accepted
std::string traffic_refusal(const std::string& text, std::uint64_t n = 8) {
  try {
    (void)io::read_traffic_text(text, "T.txt", n);
  } catch (const io::file_error& e) {
    return e.what();
  }
  return "";
}
}  // namespace

TEST_CASE("traffic_file: lines, comments, the demand grammar") {
  const auto t = io::read_traffic_text("# header\n1 2 3\n\n 4\t5 0.25 # x\r\n7 0 1.5e3\n0 7 1E-2\n", "T.txt", 8);
  REQUIRE(t.size() == 4);
  CHECK(t[0].source == 1);
  CHECK(t[0].target == 2);
  CHECK(t[0].demand == 3.0);
  CHECK(t[0].line == 2);
  CHECK(t[1].demand == 0.25);
  CHECK(t[1].line == 4);
  CHECK(t[2].demand == 1500.0);
  CHECK(t[3].demand == 0.01);
  double x = 0;
  for (const char* good : {"1", "0.5", "10", "1e5", "2.5E-3", "3e+2", "0.0001", "2.2250738585072014e-308", "1e-300",
                           "1e308", "1.7976931348623157e308"})
    CHECK(io::read_demand_value(good, x));
  // below the normal doubles (subnormal: a few bits of what was written) or above the largest
  for (const char* badv : {"0", "0.0", "00.5", ".5", "5.", "+1", "-1", "nan", "inf", "1e", "0x10", "1e999", "1e-999",
                           "1,5", "", "4.9e-324", "1e-310", "2.2e-308", "1.8e308"})
    CHECK_FALSE(io::read_demand_value(badv, x));
}

TEST_CASE("traffic_file: CR-only line ends (old Mac OS files) are line ends") {
  for (const std::string text : {"0 1 1\r1 2 0.5\r# c\r2 0 2\r", "0 1 1\r\n1 2 0.5\r\n# c\r\n2 0 2", "0 1 1\n1 2 0.5\n# c\n2 0 2\n"}) {
    const auto t = io::read_traffic_text(text, "T.txt", 3);
    REQUIRE(t.size() == 3);
    CHECK(t[1].source == 1);
    CHECK(t[1].demand == 0.5);
    CHECK(t[2].line == 4);
  }
  CHECK(traffic_refusal("0 1 1\r0 1 2\r").find("T.txt:2: the pair 0 1 was already given on line 1") != std::string::npos);
}

TEST_CASE("traffic_file: refusals name file and line") {
  const auto has = [](const std::string& what, const std::string& part) {
    INFO(what);
    CHECK(what.find(part) != std::string::npos);
    CHECK(what.find('\n') == std::string::npos);
  };
  has(traffic_refusal("0 1 1\n0 x 1\n"), "T.txt:2: target 'x' is not a vertex id");
  has(traffic_refusal("01 2 1\n"), "T.txt:1: source '01' is not a vertex id");
  has(traffic_refusal("-1 2 1\n"), "T.txt:1: source '-1'");
  has(traffic_refusal("0 1 1\n0 8 1\n"), "T.txt:2: target vertex 8 is not below the vertex count 8");
  has(traffic_refusal("\n\n3 3 1\n"), "T.txt:3: source and target are the same vertex 3");
  has(traffic_refusal("0 1 -1\n"), "T.txt:1: demand '-1' is not a finite positive decimal");
  has(traffic_refusal("0 1 nan\n"), "T.txt:1: demand 'nan'");
  has(traffic_refusal("0 1 0\n"), "T.txt:1: demand '0'");
  has(traffic_refusal("0 1 4.9e-324\n"), "2.2250738585072014e-308 to 1.7976931348623157e308");
  has(traffic_refusal("0 1\n"), "T.txt:1: expected three words 's t demand', found 2");
  has(traffic_refusal("0 1 1 1\n"), "T.txt:1: expected three words");
  has(traffic_refusal("0 1 1\n2 3 1\n0 1 2\n0 1 3\n"), "T.txt:3: the pair 0 1 was already given on line 1");
  has(traffic_refusal("# nothing\n\n"), "T.txt: holds no demand");
  has(traffic_refusal(std::string("0 1 1\0\n", 7)), "T.txt:1: binary file");
  has(traffic_refusal("99999999999999999999 1 1\n"), "T.txt:1: source '99999999999999999999'");
  CHECK_THROWS_AS(io::read_traffic_text("0 1 1\n", "T.txt", 1), core::invalid_parameter);
  CHECK_THROWS_AS(io::read_traffic_file("no/such/traffic.txt", 4), io::file_error);
}

}  // namespace traffic_file_test
