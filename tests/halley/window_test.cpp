// FIT and window to lambda (Halley Section III-A) and Table II's first columns.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "printed.hpp"
#include "shiftfly/halley/window.hpp"

namespace window_test {

using namespace shiftfly::halley;
using halley_test::fixed;

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
  // a unit that is not one of h, d, y is named, not called missing
  CHECK_THROWS_WITH(parse_window("3mo"), Catch::Contains("has the unit 'mo', which is not h, d or y"));
  CHECK_THROWS_WITH(parse_window("2w"), Catch::Contains("has the unit 'w', which is not h, d or y"));
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

TEST_CASE("Table II's threshold as FIT-hours and days: -ln(1 - lambda) 1e9, 203 days at 50 FIT, 41 at 250", "[halley][window]") {
  // The series -ln(1 - x) = x + x^2/2 + x^3/3 + ... summed independently of log1p.
  for (double lambda : {1e-9, 2.43e-4, 0.01, 0.05}) {
    long double series = 0, term = 1;
    for (int k = 1; k <= 60; ++k) {
      term *= lambda;
      series += term / k;
    }
    CHECK(fit_hours_for_probability(lambda) == Approx(static_cast<double>(series) * 1e9).epsilon(1e-13));
    // Accumulating those FIT-hours at any rate gives back lambda.
    CHECK(failure_probability(50, fit_hours_for_probability(lambda) / 50) == Approx(lambda).epsilon(1e-13));
    CHECK(days_for_probability(lambda, 50) * hours_per_day == Approx(window_for_probability(lambda, 50)).epsilon(1e-15));
  }
  CHECK(fmt::format("{:.2e}", fit_hours_for_probability(2.43e-4)) == "2.43e+05");
  // "about 200 days at 50 FIT, about 40 at 250" for the Table II threshold 2.43e-4.
  CHECK(fixed(days_for_probability(2.43e-4, 50), 0) == "203");
  CHECK(fixed(days_for_probability(2.43e-4, 250), 0) == "41");
  CHECK_THROWS_AS(fit_hours_for_probability(0.0), std::invalid_argument);
  CHECK_THROWS_AS(fit_hours_for_probability(1.0), std::invalid_argument);
  CHECK_THROWS_AS(days_for_probability(0.05, 0.0), std::invalid_argument);
}

TEST_CASE("Table II rows: rate_from_fit and rate_from_probability are inverse", "[halley][window]") {
  const auto r = rate_from_fit(50, parse_window("90d"));
  CHECK(r.fit == 50);
  CHECK(r.window_hours == 2160);
  CHECK(fmt::format("{:.1e}", r.lambda) == "1.1e-04");
  // The stress row is given by lambda: 976 FIT over six years.
  const auto s = rate_from_probability(0.05, parse_window("6y"));
  CHECK(s.lambda == 0.05);
  CHECK(fixed(s.fit, 0) == "976");
  CHECK(rate_from_fit(s.fit, s.window_hours).lambda == Approx(0.05).epsilon(1e-14));
  CHECK(rate_from_probability(r.lambda, r.window_hours).fit == Approx(50).epsilon(1e-12));
  CHECK_THROWS_AS(rate_from_fit(-1, 10), std::invalid_argument);
  CHECK_THROWS_AS(rate_from_probability(0.05, 0), std::invalid_argument);
}

}  // namespace window_test
