// `shiftfly allreduce`: the JSON contract, the explainer's figures (12 against 30
// steps on 4x4, 60 against 510 on 16x16), agreement with the library, and
// one-line refusals with exit status 2.
#include <catch2/catch.hpp>

#include "json_output.hpp"
#include "run_tool.hpp"

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>
#include <vector>

#include <nlohmann/json.hpp>

#include "shiftfly/collectives/allreduce.hpp"

namespace allreduce_tool_test {

namespace {

using run_result = shiftfly::test::tool_run;

// Runs `shiftfly allreduce <args>` (tests/tools/run_tool.hpp).
run_result run_allreduce(const std::string& args) { return shiftfly::test::run_tool("shiftfly", "allreduce " + args); }

using shiftfly::test::line_count;

}  // namespace

TEST_CASE("allreduce 4x4: 12 steps against 30, 30 numbers per chip, verified", "[tools][allreduce]") {
  const auto r = run_allreduce("--dims 4,4 --format json");
  REQUIRE(r.status == 0);
  const auto j = shiftfly::test::json_result(r.out);
  CHECK(j["torus"]["steps"] == 12);
  CHECK(j["ring"]["steps"] == 30);
  CHECK(j["torus"]["messages"] == 192);
  CHECK(j["ring"]["messages"] == 480);
  CHECK(j["torus"]["sent_per_chip"] == 30);
  CHECK(j["ring"]["sent_per_chip"] == 30);
  // Defaults: alpha = 1 us, 100 GB/s, 4-byte elements; 30 elements = 120 bytes on the critical path.
  CHECK(j["torus"]["critical_path_bytes"] == 120);
  CHECK(j["torus"]["time_us"].get<double>() == Approx(12.0 + 120 / 1e5));
  CHECK(j["ring"]["time_us"].get<double>() == Approx(30.0 + 120 / 1e5));
  CHECK(j["verified"] == true);
  CHECK(j["elements"] == 16);
  CHECK(j["bytes"] == 64);
  CHECK(j["bytes_per_element"] == 4);
  CHECK(j["alpha_us"] == 1.0);
  CHECK(j["bandwidth_gb_per_s"] == 100.0);
  CHECK(j["beta_ns_per_byte"] == 0.01);
  CHECK(j["units"].get<std::string>().find("GB = 10^9 bytes") != std::string::npos);
  CHECK(j["method"].get<std::string>().rfind("simulated on data", 0) == 0);
  for (const char* s : {"torus", "ring"})
    for (const char* key : {"steps", "messages", "critical_path_elements", "critical_path_bytes", "time_us"})
      CHECK(j[s][key] == j[s]["closed_form"][key]);
}

TEST_CASE("allreduce 16x16: 60 steps against 510", "[tools][allreduce]") {
  const auto r =
      run_allreduce("--dims 16,16 --elements 512 --bytes-per-element 2 --alpha 2 --bandwidth 4 --format json");
  REQUIRE(r.status == 0);
  const auto j = shiftfly::test::json_result(r.out);
  CHECK(j["torus"]["steps"] == 60);
  CHECK(j["ring"]["steps"] == 510);
  CHECK(j["torus"]["sent_per_chip"] == 1020);
  CHECK(j["verified"] == true);
  CHECK(j["bytes"] == 1024);
  // The tool prints what the library computes.
  namespace sc = shiftfly::collectives;
  const auto c = sc::simulate_allreduce(std::vector<std::uint64_t>{16, 16}, sc::message_of_elements(512, 2), false,
                                        {2.0, 4.0});
  CHECK(j["torus"]["time_us"].get<double>() == c.torus.time.time_us);
  CHECK(j["ring"]["time_us"].get<double>() == c.ring.time.time_us);
  CHECK(j["ring"]["busbw_gb_per_s"].get<double>() == c.ring.busbw_gb_per_s);
  CHECK(j["ring"]["messages"] == c.simulated.ring.simulated.messages);
  // 60 alpha + 2n(P-1)/P beta, n = 1024 bytes, beta = 1/(4 GB/s) = 2.5e-4 us per byte.
  CHECK(j["torus"]["time_us"].get<double>() == Approx(60 * 2.0 + 2.0 * 1024 * 255 / 256 * 2.5e-4));
  // docs/collectives.md, "Figures": 16x16 at the defaults (D = 256 fp32, 1 us, 100 GB/s).
  const auto d = run_allreduce("--dims 16,16 --format json");
  REQUIRE(d.status == 0);
  const auto jd = shiftfly::test::json_result(d.out);
  CHECK(jd["torus"]["time_us"].get<double>() == Approx(60.0204));
  CHECK(jd["ring"]["time_us"].get<double>() == Approx(510.0204));
}

TEST_CASE("allreduce --analytic: closed form at 1 TB, the textbook formula, same counts as the simulation",
          "[tools][allreduce]") {
  // 10^12 bytes of fp32 on 16x16 at alpha = 1 us and 100 GB/s (beta = 10^-11 s per byte).
  const auto r = run_allreduce("--dims 16,16 --bytes 1000000000000 --analytic --format json");
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());
  const auto j = shiftfly::test::json_result(r.out);
  CHECK(j["method"].get<std::string>().rfind("closed form", 0) == 0);
  CHECK(j["torus"]["algorithm"] == "dimension-ordered torus all-reduce");
  CHECK(j["ring"]["algorithm"].get<std::string>().rfind("ring all-reduce", 0) == 0);
  CHECK(!j.contains("verified"));
  CHECK(j["elements"] == 250000000000ull);
  // Ring, by hand: 2(p-1) alpha + 2(p-1)/p n beta with p = 256, in microseconds.
  const double p = 256, n = 1e12, alpha = 1.0, beta_us = 1e-11 * 1e6;
  CHECK(j["ring"]["time_us"].get<double>() == Approx(2 * (p - 1) * alpha + 2 * (p - 1) / p * n * beta_us));
  CHECK(j["ring"]["critical_path_bytes"] == 1992187500000ull);
  CHECK(j["torus"]["time_us"].get<double>() == Approx(2 * 15 * 2 * alpha + 2 * (p - 1) / p * n * beta_us));
  // busbw = algbw 2(p-1)/p: close to the link's 100 GB/s at this size.
  CHECK(j["ring"]["algbw_gb_per_s"].get<double>() == Approx(n / (j["ring"]["time_us"].get<double>() * 1e3)));
  CHECK(j["ring"]["busbw_gb_per_s"].get<double>() ==
        Approx(j["ring"]["algbw_gb_per_s"].get<double>() * 2 * (p - 1) / p));
  CHECK(j["torus"]["busbw_gb_per_s"].get<double>() == Approx(100.0).epsilon(1e-5));
  // The figures docs/collectives.md quotes for this command.
  CHECK(j["torus"]["time_us"].get<double>() == Approx(19921935.0).epsilon(1e-15));
  CHECK(j["ring"]["time_us"].get<double>() == Approx(19922385.0).epsilon(1e-15));

  // Where the simulation runs, --analytic prints the simulation's counts and times exactly.
  for (const std::string args : {"--dims 4,4 --bytes 100", "--dims 3,5 --elements 7 --bidirectional",
                                 "--dims 4,4,4 --elements 1000 --bytes-per-element 2 --bidirectional"}) {
    INFO(args);
    const auto sim = run_allreduce(args + " --format json");
    const auto ana = run_allreduce(args + " --analytic --format json");
    REQUIRE(sim.status == 0);
    REQUIRE(ana.status == 0);
    const auto js = shiftfly::test::json_result(sim.out), ja = shiftfly::test::json_result(ana.out);
    for (const char* s : {"torus", "ring"})
      for (const char* key : {"steps", "messages", "critical_path_elements", "critical_path_bytes", "latency_us",
                              "bandwidth_us", "time_us", "algbw_gb_per_s", "busbw_gb_per_s"})
        CHECK(js[s][key] == ja[s][key]);
  }

  // 2^60 bytes, the largest accepted: exact integers, finite times.
  const auto big = run_allreduce("--dims 16,16 --bytes 1152921504606846976 --analytic --bytes-per-element 1 --format json");
  REQUIRE(big.status == 0);
  const auto jb = shiftfly::test::json_result(big.out);
  CHECK(jb["ring"]["critical_path_bytes"] == 510ull << 52);
  CHECK(jb["torus"]["critical_path_bytes"] == (30ull << 56) + (30ull << 52));
  const auto text = run_allreduce("--dims 16,16,16 --bytes 1000000000000 --analytic");
  REQUIRE(text.status == 0);
  CHECK(text.out.find("closed form, no simulation") != std::string::npos);
  CHECK(text.out.find("time (us)") != std::string::npos);
  CHECK(text.out.find("verified") == std::string::npos);
}

TEST_CASE("allreduce --bidirectional on 4x4x4 and text output", "[tools][allreduce]") {
  const auto r = run_allreduce("--dims 4,4,4 --bidirectional --format json");
  REQUIRE(r.status == 0);
  const auto j = shiftfly::test::json_result(r.out);
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
      {"--dims 4,4 --bandwidth=-1", "--bandwidth = -1"},
      {"--dims 4,4 --bandwidth 0", "--bandwidth = 0"},
      {"--dims 4,4 --beta 4", "--beta is no longer accepted"},
      {"--dims 4,4 --bytes 64 --elements 16", "--bytes and --elements"},
      {"--dims 4,4 --bytes 10", "--bytes = 10 is not a whole number of elements of 4 bytes"},
      {"--dims 4,4 --bytes 1152921504606846977 --analytic", "--bytes = 1152921504606846977 is out of range"},
      {"--dims 4,4 --bytes 1000000000000", "--analytic gives the closed forms"},
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
      {"--dims 4,4 --alpha -0.1", "shiftfly: error: allreduce: --alpha = -0.1 is out of range (accepted: 0 to 1e6 microseconds)\n"},
      {"--dims 4,4 --bandwidth 0.0", "shiftfly: error: allreduce: --bandwidth = 0.0 is out of range (accepted: 1e-3 to 1e6 GB/s)\n"},
      {"--dims 4,4 --bandwidth 0.0009", "shiftfly: error: allreduce: --bandwidth = 0.0009 is out of range (accepted: 1e-3 to 1e6 GB/s)\n"},
      {"--dims 4,4 --bandwidth -0", "shiftfly: error: --bandwidth: '-0' is a negative zero (accepted: a finite real, not -0; write 0)\n"},
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

}  // namespace allreduce_tool_test
