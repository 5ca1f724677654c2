// The library's one grammar for reals (core/parse.hpp: read_real, parse_real, real_prefix),
// as an accepts/refuses table, and the readers that use it agreeing with it.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>

#include "shiftfly/core/parse.hpp"
#include "shiftfly/halley/window.hpp"
#include "shiftfly/io/edge_list_file.hpp"
#include "shiftfly/io/traffic_file.hpp"

namespace real_grammar_test {

namespace core = shiftfly::core;

TEST_CASE("read_real accepts [-]digits[.digits][(e|E)[+|-]digits] and its correctly rounded value", "[core][parse][real]") {
  struct accepted {
    const char* text;
    double value;
  };
  for (const accepted a : {accepted{"0", 0.0}, {"1", 1.0}, {"10", 10.0}, {"0.5", 0.5}, {"-2.5", -2.5}, {"3e-2", 0.03},
                           {"2.5E-3", 0.0025}, {"3e+2", 300.0}, {"1e-05", 1e-05}, {"1.5e+20", 1.5e20}, {"0.1", 0.1},
                           {"-0.25", -0.25}, {"1e308", 1e308}, {"1.7976931348623157e308", 1.7976931348623157e308},
                           {"2.2250738585072014e-308", 2.2250738585072014e-308}, {"4.9e-324", 4.9e-324},
                           {"0.30000000000000004", 0.30000000000000004}, {"123456789012345678901234567890", 1.2345678901234568e29}}) {
    INFO(a.text);
    double x = -7;
    CHECK(core::read_real(a.text, x) == core::real_error::none);
    CHECK(x == a.value);
    CHECK(core::parse_real(a.text, "x") == a.value);
  }
  // below the smallest double: the rounding gives a zero of the written sign; the callers' ranges decide
  double tiny = -7;
  CHECK(core::read_real("1e-400", tiny) == core::real_error::none);
  CHECK((tiny == 0 && !std::signbit(tiny)));
  CHECK(core::read_real("-1e-400", tiny) == core::real_error::none);
  CHECK((tiny == 0 && std::signbit(tiny)));
  CHECK(core::read_real("-0", tiny) == core::real_error::none);
  CHECK((tiny == 0 && std::signbit(tiny)));
}

TEST_CASE("read_real refuses every other form, and leaves the output alone", "[core][parse][real]") {
  for (const char* text : {"+1", ".5", "5.", "-.5", "00.5", "007", "-01", "0x10", "0x1p3", "1e", "1e+", "e5", "1.e5", "1.5.2",
                           " 1", "1 ", "1,5", "1_000", "--1", "-", ".", "1f", "1d", "0b1", "١"}) {
    INFO(text);
    double x = 42;
    CHECK(core::read_real(text, x) == core::real_error::not_real);
    CHECK(x == 42);
    CHECK_THROWS_WITH(core::parse_real(text, "x", "f"), Catch::Contains("is not a real number (accepted: decimal digits"));
  }
  for (const char* text : {"nan", "NaN", "-nan", "inf", "-inf", "+inf", "Infinity", "nan(1)", "1e999", "-1e999", "1e400"}) {
    INFO(text);
    double x = 42;
    CHECK(core::read_real(text, x) == core::real_error::not_finite);
    CHECK(x == 42);
    CHECK_THROWS_WITH(core::parse_real(text, "x", "f"), Catch::Contains("is not a finite number"));
  }
  double x = 42;
  CHECK(core::read_real("", x) == core::real_error::empty);
  CHECK(x == 42);
  // one line, the parameter and the value named
  CHECK_THROWS_WITH(core::parse_real("0x10", "rho", "size"),
                    "size: rho = '0x10' is not a real number (accepted: " + std::string(core::real_form) + ")");
  CHECK_THROWS_AS(core::parse_real("", "rho"), core::invalid_parameter);
}

TEST_CASE("real_prefix finds the longest real at the start of a text", "[core][parse][real]") {
  CHECK(core::real_prefix("0.25 is out of range") == 4);
  CHECK(core::real_prefix("-1e-05)") == 6);
  CHECK(core::real_prefix("3.x") == 1);
  CHECK(core::real_prefix("3e+") == 1);
  CHECK(core::real_prefix("007") == 1);
  CHECK(core::real_prefix("abc") == 0);
  CHECK(core::real_prefix("-") == 0);
  CHECK(core::real_prefix("") == 0);
}

TEST_CASE("the real readers use the one grammar and refuse by range, not by a grammar of their own", "[core][parse][real]") {
  double x = 0;
  // traffic demands: positive normal doubles; '-1' is a real but not positive
  CHECK(shiftfly::io::read_demand_value("2.5e-3", x));
  CHECK_FALSE(shiftfly::io::read_demand_value("-1", x));
  CHECK_FALSE(shiftfly::io::read_demand_value("+1", x));
  // edge-list weight columns: any finite real of the grammar
  CHECK(shiftfly::io::detail::is_real_word("-2.5"));
  CHECK(shiftfly::io::detail::is_real_word("1e-05"));
  CHECK_FALSE(shiftfly::io::detail::is_real_word(".5"));
  CHECK_FALSE(shiftfly::io::detail::is_real_word("inf"));
  // windows: the number before the unit
  CHECK(shiftfly::halley::parse_window("1.5y") == 13140.0);
  CHECK(shiftfly::halley::parse_window("2.5e1h") == 25.0);
  CHECK_THROWS_WITH(shiftfly::halley::parse_window("-1y"), Catch::Contains("is not positive"));
  CHECK_THROWS_WITH(shiftfly::halley::parse_window("+1y"), Catch::Contains("is not a number with a unit"));
  CHECK_THROWS_WITH(shiftfly::halley::parse_window(".5y"), Catch::Contains("is not a number with a unit"));
  CHECK_THROWS_WITH(shiftfly::halley::parse_window("nand"), Catch::Contains("is not positive"));
  CHECK_THROWS_WITH(shiftfly::halley::parse_window("1e999y"), Catch::Contains("is too long"));
}

}  // namespace real_grammar_test
