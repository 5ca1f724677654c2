// `shiftfly route`: JSON contract, agreement with the library, and one-line
// refusals with exit status 2.
#include <catch2/catch.hpp>

#include "json_output.hpp"
#include "run_tool.hpp"

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

#include <nlohmann/json.hpp>

#include "shiftfly/routing/imase_itoh.hpp"
#include "shiftfly/routing/label.hpp"
#include "shiftfly/routing/shift.hpp"

namespace route_tool_test {

namespace {

using run_result = shiftfly::test::tool_run;

// Runs `shiftfly <args>` (tests/tools/run_tool.hpp).
run_result run_route(const std::string& args) { return shiftfly::test::run_tool("shiftfly", args); }

}  // namespace

TEST_CASE("route kautz prints the Theorem 5.2 route and its BFS distance", "[tools][route]") {
  const auto r = run_route("route kautz --d 20 --D 3 --from 0.1.2 --to 2.0.1 --format json");
  REQUIRE(r.status == 0);
  const auto j = shiftfly::test::json_result(r.out);
  CHECK(j["path"] == nlohmann::json({"0.1.2", "1.2.0", "2.0.1"}));
  CHECK(j["hops"] == 2);
  CHECK(j["shortest"]["value"] == 2);
  CHECK(j["shortest"]["method"] == "exact");
  const auto s = shiftfly::routing::kautz_space(20, 3);
  const auto lib = shiftfly::routing::route_shift(s, shiftfly::routing::parse_label("0.1.2", s, "u"),
                                                  shiftfly::routing::parse_label("2.0.1", s, "v"));
  CHECK(j["ids"].get<std::vector<std::uint64_t>>() == lib.path);
}

TEST_CASE("route kautz: every pair of K(2,3) has hops == shortest", "[tools][route]") {
  const auto s = shiftfly::routing::kautz_space(2, 3);
  for (std::uint64_t u = 0; u < s.size; u += 3)
    for (std::uint64_t v = 0; v < s.size; v += 2) {
      const auto a = shiftfly::routing::format_label(shiftfly::routing::unrank_label(s, u));
      const auto b = shiftfly::routing::format_label(shiftfly::routing::unrank_label(s, v));
      const auto r = run_route("route kautz --d 2 --D 3 --from " + a + " --to " + b + " --format json");
      REQUIRE(r.status == 0);
      const auto j = shiftfly::test::json_result(r.out);
      REQUIRE(j["hops"] == j["shortest"]["value"]);
      REQUIRE(j["path"].front() == a);
      REQUIRE(j["path"].back() == b);
    }
}

TEST_CASE("route imase-itoh prints the arithmetic route", "[tools][route]") {
  const auto r = run_route("route imase-itoh --n 1000 --d 3 --from 5 --to 999 --format json");
  REQUIRE(r.status == 0);
  const auto j = shiftfly::test::json_result(r.out);
  const auto lib = shiftfly::routing::route_imase_itoh(1000, 3, 5, 999);
  CHECK(j["path"].get<std::vector<std::uint64_t>>() == lib.path);
  CHECK(j["hops"] == lib.hops);
  CHECK(j["shortest"]["value"] == lib.hops);
  const auto t = run_route("route imase-itoh --n 1000 --d 3 --from 5 --to 999");
  CHECK(t.status == 0);
  CHECK(t.out.find("shortest: 6 (directed BFS, exact)") != std::string::npos);
  CHECK(t.out.rfind("The route takes 6 hops; the shortest path takes 6 (directed BFS, exact).\n", 0) == 0);
}

TEST_CASE("route refuses bad input with one line and exit 2", "[tools][route]") {
  for (const char* args : {"route kautz --d 2 --D 3 --from 0.0.2 --to 2.0.1",
                           "route kautz --d 2 --D 3 --from 0.3.2 --to 2.0.1",
                           "route kautz --d 2 --D 3 --from 0.1 --to 2.0.1",
                           "route kautz --d 2 --D 3 --from 0.1.2 --to 2.0.1.0",
                           "route kautz --d 2 --D 3 --from 0.1.x --to 2.0.1",
                           "route kautz --d 1 --D 3 --from 0.1.0 --to 1.0.1",
                           "route de-bruijn --d 2 --D 3 --from 0.1.2 --to 1.0.1",
                           "route imase-itoh --n 1000 --d 3 --from 1000 --to 9",
                           "route imase-itoh --n 1000 --d 3 --from 0 --to -1",
                           "route imase-itoh --n 1 --d 3 --from 0 --to 0",
                           "route imase-itoh --n 10 --d 3 --from 0 --to 9 --format xml"}) {
    INFO(args);
    const auto r = run_route(args);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    REQUIRE(!r.err.empty());
    CHECK(r.err.find('\n') == r.err.size() - 1);
  }
}

}  // namespace route_tool_test
