// A described result (core/record.hpp) written by the generic writers: JSON
// (report/record_json.hpp) and text (core::write_text); the fields marked for one
// writer only are left out by the other.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <sstream>

#include "shiftfly/core/record.hpp"
#include "shiftfly/metrics/describe/results.hpp"
#include "shiftfly/report/record_json.hpp"

namespace record_json_test {

namespace core = shiftfly::core;
namespace report = shiftfly::report;

TEST_CASE("a record is written as JSON: values, lists, nested records, fields for Python left out", "[report][record]") {
  core::record inner("inner");
  inner.add("x", std::uint64_t{18446744073709551615ULL}).add("y", std::int64_t{-3});
  core::record r("outer");
  r.add("b", true)
      .add("a", 0.5, "s", "a time")
      .add("list", std::vector<std::uint64_t>{1, 2})
      .add("none", nullptr)
      .add("inf", std::numeric_limits<double>::infinity())
      .add("inner", inner)
      .add_for(core::shown_in::python, "hidden", "only in Python")
      .line("first line")
      .line("second line");
  CHECK(report::to_json(r).dump() ==
        R"({"a":0.5,"b":true,"inf":null,"inner":{"x":18446744073709551615,"y":-3},"list":[1,2],"none":null})");
  CHECK(report::to_json<nlohmann::ordered_json>(r).dump() ==
        R"({"b":true,"a":0.5,"list":[1,2],"none":null,"inf":null,"inner":{"x":18446744073709551615,"y":-3}})");
  std::ostringstream text;
  core::write_text(text, r);
  CHECK(text.str() == "first line\nsecond line\n");
  REQUIRE(r.find("a") != nullptr);
  CHECK(r.find("a")->unit == "s");
  CHECK(r.find("nothing") == nullptr);
}

TEST_CASE("a metric's description names each figure's method once for the tools and Python", "[report][record]") {
  shiftfly::metrics::spectral_gap_result estimate;
  estimate.method = "power-iteration estimate";
  estimate.gap = 0.25;
  estimate.lambda2 = 0.75;
  estimate.lambda_min = std::nan("");
  estimate.iterations = 7;
  const core::record r = shiftfly::metrics::describe(estimate);
  CHECK(report::to_json(r).dump() ==
        R"({"algorithm":"power iteration, as the reference artefact estimates it","iterations":7,"lambda2":0.75,)"
        R"("method":"estimated","value":0.25})");
  std::size_t python_methods = 0;
  for (const auto& f : r.fields)
    if (f.name == "method" && f.shown == core::shown_in::python) {
      ++python_methods;
      CHECK(std::get<std::string>(f.value.get()) == "power-iteration estimate");
    }
  CHECK(python_methods == 1);
  REQUIRE(r.text.size() == 1);
  CHECK(r.text[0] == "spectral gap (estimated, power iteration, as the reference artefact estimates it): 0.25");
}

}  // namespace record_json_test
