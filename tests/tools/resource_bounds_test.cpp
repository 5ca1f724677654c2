// Resource bounds at the command line: a request that would
// need more memory than the machine has is refused up front, in one line that
// quotes the estimate, with exit status 2, before anything large is allocated.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "run_tool.hpp"

namespace resource_bounds_test {

using shiftfly::test::run_tool_argv;

namespace {
struct memory_limit {
  explicit memory_limit(const char* value) { ::setenv("SHIFTFLY_MEMORY_LIMIT", value, 1); }
  ~memory_limit() { ::unsetenv("SHIFTFLY_MEMORY_LIMIT"); }
};

// A refusal comes before the allocation and the work it refuses, so it takes little CPU:
// when measured, 0.14 s for the Lanczos vectors of --gap (after the one-source sweep that
// runs first) and about 0.02 s for every other case below; building what they refuse would
// take far longer, or fail. The bound is CPU time (the tool's user + system time), over 10x
// the slowest, not wall time: on a busy machine a quick refusal can take seconds of wall time.
constexpr double memory_refusal_cpu_seconds = 2;

void require_refused(const std::vector<std::string>& args, const std::string& flag, const std::string& what) {
  const auto r = run_tool_argv("shiftfly", args);
  INFO(r.err << "(CPU " << r.cpu_seconds << " s)");
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err_lines() == 1);
  CHECK_THAT(r.err, Catch::Contains(what) && Catch::Contains("would need about") && Catch::Contains(flag));
  CHECK(r.cpu_seconds < memory_refusal_cpu_seconds);
}
}  // namespace

TEST_CASE("all-pairs on a 10^9-vertex torus is refused up front with an estimate", "[tools][memory]") {
  // 52 GiB for the graph alone: more than this machine (24 GiB) or CI has.
  require_refused({"metrics", "torus", "--dims", "1000,1000,1000"}, "--dims", "the graph (1000000000 vertices");
  require_refused({"graph", "torus", "--dims", "1000,1000,1000"}, "--dims", "the graph");
}

TEST_CASE("digraph families whose arcs no machine holds are refused", "[tools][memory]") {
  // K(200, 4): 1.6e9 vertices of out-degree 200, 3.2e11 arcs.
  require_refused({"metrics", "kautz", "--d", "200", "--D", "4"}, "--d", "the graph");
  // II(4e9, 1000): 4e12 arcs.
  require_refused({"metrics", "imase-itoh", "--n", "4000000000", "--d", "1000"}, "--n", "the graph");
}

TEST_CASE("the limit can be lowered, and the sweep is checked as well as the graph", "[tools][memory]") {
  {
    memory_limit limit("1M");
    require_refused({"metrics", "boardfly", "--groups", "2000", "--level", "chip"}, "--groups", "the graph");
  }
  {
    // T(300,300): the graph fits in 16 MiB, the all-pairs workspaces do not.
    memory_limit limit("16M");
    const auto r = run_tool_argv("shiftfly", {"metrics", "torus", "--dims", "300,300", "--threads", "2"});
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err_lines() == 1);
    CHECK_THAT(r.err, Catch::Contains("the BFS workspaces") && Catch::Contains("would need about"));
  }
  {
    memory_limit limit("12 apples");
    const auto r = run_tool_argv("shiftfly", {"metrics", "torus", "--dims", "4,4"});
    CHECK(r.status == 2);
    CHECK(r.err_lines() == 1);
    CHECK_THAT(r.err, Catch::Contains("SHIFTFLY_MEMORY_LIMIT = '12 apples'"));
  }
  // Within the limit nothing changes.
  const auto r = run_tool_argv("shiftfly", {"metrics", "torus", "--dims", "4,4", "--format", "json"});
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("\"diameter\""));
}

// ---- Every path whose allocation a flag or a file controls (each test below fails on
// the code before the guard: it ended in bad_alloc, exit 1, or ignored the limit).

namespace {
constexpr bool can_limit_address_space = shiftfly::test::address_space_limit_works;  // run_tool.hpp

// A file in the temporary directory, removed at the end of the scope.
struct temp_file {
  std::string path;
  explicit temp_file(const std::string& name, const std::string& text)
      : path((std::filesystem::temp_directory_path() / ("shiftfly_resource_bounds_" + std::to_string(::getpid()) + "_" + name)).string()) {
    std::ofstream(path) << text;
  }
  ~temp_file() { std::filesystem::remove(path); }
};
}  // namespace

TEST_CASE("--samples draws its sources as it goes: no list, whatever the count", "[tools][memory]") {
  if (!can_limit_address_space) {
    SUCCEED("address-space limits do not apply under AddressSanitizer");
    return;
  }
  // 2^24 sources were a 64 MiB list before the sweep started: under ulimit -v 80 MiB
  // (the tool itself needs about 30 MiB) that ended in std::bad_alloc, exit 1.
  const auto r = run_tool_argv("shiftfly", {"metrics", "torus", "--dims", "3", "--samples", "16777216", "--format", "json"},
                               shiftfly::test::hang_guard_seconds, std::uint64_t{80} << 20);
  INFO(r.err);
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("\"histogram\":[16777216,33554432]") && Catch::Contains("\"sources\":16777216"));
}

TEST_CASE("allreduce honours SHIFTFLY_MEMORY_LIMIT and ulimit -v, naming --elements", "[tools][memory]") {
  // 16 chips x 10^7 elements x 8 bytes = 1.2 GiB: within the simulator's own 4 GiB cap,
  // so before the guard it ignored the limit (and ran for seconds) or died of bad_alloc.
  const std::vector<std::string> args = {"allreduce", "--dims", "4,4", "--elements", "10000000"};
  {
    memory_limit limit("64M");
    require_refused(args, "--elements 10000000", "simulating the 4x4 torus");
  }
  if (can_limit_address_space) {
    const auto r = run_tool_argv("shiftfly", args, shiftfly::test::hang_guard_seconds, std::uint64_t{256} << 20);
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.err_lines() == 1);
    CHECK_THAT(r.err, Catch::Contains("would need about") && Catch::Contains("--elements 10000000"));
  }
  memory_limit limit("64M");  // a small simulation is unaffected
  const auto r = run_tool_argv("shiftfly", {"allreduce", "--dims", "4,4", "--elements", "1000"});
  CHECK(r.status == 0);
}

TEST_CASE("a --demand file is checked before it is read, and before it is parsed", "[tools][memory]") {
  std::string text;
  for (int i = 0; i < 50; ++i) text += "1,2,3,4,5,6,7,8\n";  // 800 bytes, 400 entries
  const temp_file demand("demand.csv", text);
  const auto run = [&] { return run_tool_argv("halley", {"foldfit", "--demand", demand.path, "--channels", "4"}); };
  {
    memory_limit limit("500");  // below the text itself
    const auto r = run();
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.err_lines() == 1);
    CHECK_THAT(r.err, Catch::Contains("reading --demand = '") && Catch::Contains("(800 bytes) would need about"));
  }
  {
    memory_limit limit("4K");  // the text fits, its 400 entries (and a row) do not
    const auto r = run();
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.err_lines() == 1);
    CHECK_THAT(r.err, Catch::Contains("parsing --demand = '") && Catch::Contains("would need about"));
  }
  {
    memory_limit limit("16K");  // parsed; the 400 jobs' schedules do not fit (about 32 KiB)
    const auto r = run();
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("scheduling 400 jobs on 4 channels would need about"));
  }
  {
    memory_limit limit("64K");  // the text output fits; the JSON assignment (about 200 KiB) does not
    CHECK(run().status == 0);
    const auto r = run_tool_argv("halley", {"foldfit", "--demand", demand.path, "--channels", "4", "--format", "json"});
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("the JSON assignment of 400 jobs (--format json) would need about"));
  }
  CHECK(run().status == 0);
}

TEST_CASE("graph exports held in memory (json, dot, graphml) are checked before they are built", "[tools][memory]") {
  // T(300,300): the graph needs about 2.8 MiB, its JSON document about 25 MiB.
  memory_limit limit("8M");
  for (const char* format : {"json", "dot", "graphml"}) {
    INFO(format);
    require_refused({"graph", "torus", "--dims", "300,300", "--format", format}, "--format " + std::string(format),
                    "the " + std::string(format) + " export");
  }
  // The edge list is streamed: no such limit.
  const auto r = run_tool_argv("shiftfly", {"graph", "torus", "--dims", "300,300"});
  CHECK(r.status == 0);
  CHECK(shiftfly::test::line_count(r.out) == 180000);
}

TEST_CASE("--gap and --connectivity check their own arrays", "[tools][memory]") {
  {
    // T(200,200): the graph (about 1 MiB) and the sweep (1 thread x 3 x 40000 x 64 bytes,
    // 7.3 MiB) fit in 12 MiB; the Lanczos vectors (56 x 40000 x 8 bytes, 17 MiB) do not.
    memory_limit limit("12M");
    require_refused({"metrics", "torus", "--dims", "200,200", "--samples", "1", "--threads", "1", "--gap"}, "--gap",
                    "the Lanczos vectors");
  }
  {
    // T(150,150): the unit flow networks of the connectivity (405,000 arcs with their reverses,
    // about 10 MiB) do not fit in 6 MiB; the sweep (1 x 3 x 22500 x 64 bytes, 4.1 MiB) does.
    memory_limit limit("6M");
    require_refused({"metrics", "torus", "--dims", "150,150", "--samples", "1", "--threads", "1", "--connectivity",
                     "--max-seconds", "604800"},
                    "--connectivity", "the flow networks");
  }
}

}  // namespace resource_bounds_test
