// FIT and window to lambda (Halley Section III-A) and Table II's first columns.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "printed.hpp"
#include "shiftfly/halley/window.hpp"

using namespace shiftfly::halley;

TEST_CASE("windows parse with their units", "[halley][window]") {
  CHECK(parse_window("2160h") == 2160.0);
  CHECK(parse_window("90d") == 2160.0);
  CHECK(parse_window("1y") == 8760.0);
  CHECK(parse_window("6y") == 52560.0);
  CHECK(parse_window("1.5y") == 13140.0);
}

TEST_CASE("Table II: lambda from FIT and window", "[halley][window]") {
  CHECK(fmt::format("{:.1e}", failure_probability(50, parse_window("90d"))) == "1.1e-04");
  CHECK(fmt::format("{:.1e}", failure_probability(50, parse_window("1y"))) == "4.4e-04");
  CHECK(fmt::format("{:.1e}", failure_probability(250, parse_window("1y"))) == "2.2e-03");
  CHECK(fmt::format("{:.1e}", failure_probability(500, parse_window("1y"))) == "4.4e-03");
  // The stress row: lambda = 0.05 over six years is 976 FIT (and 976 FIT gives 0.0500).
  CHECK(fmt::format("{:.0f}", fit_for_probability(0.05, parse_window("6y"))) == "976");
  CHECK(fmt::format("{:.4f}", failure_probability(976, parse_window("6y"))) == "0.0500");
  // "about 1,000 FIT accumulates 0.05 over a six-year life"
  CHECK(failure_probability(1000, parse_window("6y")) == Approx(0.0512).epsilon(1e-2));
  CHECK(failure_probability(0, parse_window("1y")) == 0.0);
  // Round trip.
  CHECK(failure_probability(fit_for_probability(2.4e-4, 8760), 8760) == Approx(2.4e-4).epsilon(1e-14));
  CHECK(window_for_probability(2.4e-4, 50) / 24 == Approx(2.4e-4 / 50e-9 / 24).epsilon(1e-3));
}

TEST_CASE("bad windows and rates are refused with one line", "[halley][window][validation]") {
  for (const char* bad : {"90", "d", "", "-5d", "0h", "1x", "abcd", "nan" "d", "1e999y", "1 y"}) {
    INFO(bad);
    CHECK_THROWS_AS(parse_window(bad), std::invalid_argument);
  }
  CHECK_THROWS_AS(failure_probability(-1, 100), std::invalid_argument);
  CHECK_THROWS_AS(failure_probability(std::numeric_limits<double>::quiet_NaN(), 100), std::invalid_argument);
  CHECK_THROWS_AS(failure_probability(50, -100), std::invalid_argument);
  CHECK_THROWS_AS(failure_probability(50, std::numeric_limits<double>::infinity()), std::invalid_argument);
  CHECK_THROWS_AS(fit_for_probability(1.0, 100), std::invalid_argument);
  try {
    parse_window("90");
  } catch (const std::invalid_argument& e) {
    CHECK(std::string(e.what()).find('\n') == std::string::npos);
    CHECK(std::string(e.what()).find("has no unit") != std::string::npos);
  }
}

TEST_CASE("regression (window_fuzz): a control character in a window gives a one-line message", "[halley][window][validation]") {
  // fuzz/window_fuzz.cpp found "\n" echoed verbatim in the message
  for (const std::string text : {std::string("\n"), std::string("90\nd"), std::string("1\ty"), std::string(1, '\0')}) {
    try {
      (void)parse_window(text);
      FAIL("accepted " << text);
    } catch (const std::invalid_argument& e) {
      const std::string msg = e.what();
      INFO(msg);
      CHECK(msg.rfind("parse_window: window = '", 0) == 0);
      for (char c : msg) CHECK(static_cast<unsigned char>(c) >= 0x20);
    }
  }
}
