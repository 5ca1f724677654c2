// `shiftfly allreduce`: the JSON contract, the explainer's figures (12 against 30
// steps on 4x4, 60 against 510 on 16x16), agreement with the library, and
// one-line refusals with exit status 2.
#include <catch2/catch.hpp>

#include "run_tool.hpp"

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>
#include <vector>

#include <nlohmann/json.hpp>

#include "shiftfly/collectives/allreduce.hpp"

namespace {

using run_result = shiftfly::test::tool_run;

// Runs `shiftfly allreduce <args>` (tests/tools/run_tool.hpp).
run_result run_allreduce(const std::string& args) { return shiftfly::test::run_tool("shiftfly", "allreduce " + args); }

using shiftfly::test::line_count;

}  // namespace

TEST_CASE("allreduce 4x4: 12 steps against 30, 30 numbers per chip, verified", "[tools][allreduce]") {
  const auto r = run_allreduce("--dims 4,4 --format json");
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["torus"]["steps"] == 12);
  CHECK(j["ring"]["steps"] == 30);
  CHECK(j["torus"]["messages"] == 192);
  CHECK(j["ring"]["messages"] == 480);
  CHECK(j["torus"]["sent_per_chip"] == 30);
  CHECK(j["ring"]["sent_per_chip"] == 30);
  CHECK(j["torus"]["time"] == 42.0);
  CHECK(j["ring"]["time"] == 60.0);
  CHECK(j["verified"] == true);
  CHECK(j["elements"] == 16);
}

TEST_CASE("allreduce 16x16: 60 steps against 510", "[tools][allreduce]") {
  const auto r = run_allreduce("--dims 16,16 --elements 512 --alpha 2 --beta 4 --format json");
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["torus"]["steps"] == 60);
  CHECK(j["ring"]["steps"] == 510);
  CHECK(j["torus"]["sent_per_chip"] == 1020);
  CHECK(j["verified"] == true);
  // The tool prints what the library computes.
  const auto c = shiftfly::collectives::compare_allreduce(std::vector<std::uint64_t>{16, 16}, 512, false, {2.0, 4.0});
  CHECK(j["torus"]["time"].get<double>() == c.torus.time.time);
  CHECK(j["ring"]["time"].get<double>() == c.ring.time.time);
  CHECK(j["ring"]["messages"] == c.ring.simulated.messages);
  CHECK(j["torus"]["time"].get<double>() == Approx(60 * 2.0 + 2.0 * 512 * 255 / 256 / 4.0));
}

TEST_CASE("allreduce --bidirectional on 4x4x4 and text output", "[tools][allreduce]") {
  const auto r = run_allreduce("--dims 4,4,4 --bidirectional --format json");
  REQUIRE(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["torus"]["steps"] == 18);
  CHECK(j["ring"]["steps"] == 126);
  CHECK(j["bidirectional"] == true);
  CHECK(j["verified"] == true);
  const auto t = run_allreduce("--dims 3,5");
  REQUIRE(t.status == 0);
  CHECK(t.out.find("verified: yes") != std::string::npos);
  CHECK(t.out.find("torus (dimension-ordered)") != std::string::npos);
  CHECK(t.err.empty());
}

TEST_CASE("allreduce refuses bad input with one line and exit status 2", "[tools][allreduce]") {
  const std::vector<std::pair<std::string, std::string>> bad{
      {"--dims 1,4", "--dims item = 1"},
      {"--dims 4", ""},  // fine: a ring of 4 (checked below)
      {"--dims ''", "--dims is empty"},
      {"--dims 4,,4", "empty item"},
      {"--dims 4,x", "non-integer"},
      {"--dims 4,4 --elements 0", "--elements = 0"},
      {"--dims 4,4 --elements -3", "--elements"},
      {"--dims 4,4 --alpha=-1", "--alpha = -1"},
      {"--dims 4,4 --beta=-1", "--beta = -1"},
      {"--dims 4,4 --beta 0", "--beta = 0"},
      {"--dims 2,4 --bidirectional", "--dims item = 2"},
      {"--dims 4,4 --format xml", "--format"},
      {"--dims 1024,1024 --elements 1048576", "needs about"},
      {"--dims 1024,1024 --elements 1", "messages"},
      {"--dims 4,4 --elements 99999999999999999999", "64 bits"},
  };
  for (const auto& [args, needle] : bad) {
    INFO(args);
    const auto r = run_allreduce(args);
    if (needle.empty()) {
      CHECK(r.status == 0);
      continue;
    }
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(line_count(r.err) == 1);
    CHECK(r.err.find(needle) != std::string::npos);
  }
}

TEST_CASE("allreduce echoes a refused real as typed, refuses -0, and does not list a default --elements as given",
          "[tools][allreduce]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--dims 4,4 --alpha -0.1", "shiftfly: error: allreduce: --alpha = -0.1 is out of range (accepted: finite, at least 0)\n"},
      {"--dims 4,4 --beta 0.0", "shiftfly: error: allreduce: --beta = 0.0 is out of range (accepted: finite, greater than 0)\n"},
      {"--dims 4,4 --beta -0", "shiftfly: error: --beta: '-0' is a negative zero (accepted: a finite real, not -0; write 0)\n"},
      {"--dims 4,4 --alpha -1e-400",
       "shiftfly: error: --alpha: '-1e-400' is a negative zero (accepted: a finite real, not -0; write 0)\n"},
  };
  for (const auto& [args, line] : cases) {
    INFO(args);
    const auto r = run_allreduce(args);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err == line);
  }
  const auto big = run_allreduce("--dims 64,64,64");
  CHECK(big.status == 2);
  CHECK(big.err.find("--elements 262144") == std::string::npos);
  CHECK(big.err.find("(given --dims 64,64,64; --elements defaults to the chip count, 262144)\n") != std::string::npos);
}
