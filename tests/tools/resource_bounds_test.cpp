// Resource bounds at the command line (issue 8, part 6): a request that would
// need more memory than the machine has is refused up front, in one line that
// quotes the estimate, with exit status 2, before anything large is allocated.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>
#include <vector>

#include "run_tool.hpp"

using shiftfly::test::run_tool_argv;

namespace {
struct memory_limit {
  explicit memory_limit(const char* value) { ::setenv("SHIFTFLY_MEMORY_LIMIT", value, 1); }
  ~memory_limit() { ::unsetenv("SHIFTFLY_MEMORY_LIMIT"); }
};

void require_refused(const std::vector<std::string>& args, const std::string& flag, const std::string& what) {
  const auto r = run_tool_argv("shiftfly", args, 10);
  INFO(r.err);
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err_lines() == 1);
  CHECK_THAT(r.err, Catch::Contains(what) && Catch::Contains("would need about") && Catch::Contains(flag));
  CHECK(r.seconds < 2.0);
}
}  // namespace

TEST_CASE("all-pairs on a 10^9-vertex torus is refused up front with an estimate", "[tools][memory]") {
  // 52 GiB for the graph alone: more than this machine (24 GiB) or CI has.
  require_refused({"metrics", "torus", "--dims", "1000,1000,1000"}, "--dims", "torus: the graph (1000000000 vertices");
  require_refused({"graph", "torus", "--dims", "1000,1000,1000"}, "--dims", "torus: the graph");
}

TEST_CASE("digraph families whose arcs no machine holds are refused", "[tools][memory]") {
  // K(200, 4): 1.6e9 vertices of out-degree 200, 3.2e11 arcs.
  require_refused({"metrics", "kautz", "--d", "200", "--D", "4"}, "--d", "kautz: the graph");
  // II(4e9, 1000): 4e12 arcs.
  require_refused({"metrics", "imase-itoh", "--n", "4000000000", "--d", "1000"}, "--n", "imase_itoh: the graph");
}

TEST_CASE("the limit can be lowered, and the sweep is checked as well as the graph", "[tools][memory]") {
  {
    memory_limit limit("1M");
    require_refused({"metrics", "boardfly", "--groups", "2000", "--level", "chip"}, "--groups", "boardfly: the graph");
  }
  {
    // T(300,300): the graph fits in 16 MiB, the all-pairs workspaces do not.
    memory_limit limit("16M");
    const auto r = run_tool_argv("shiftfly", {"metrics", "torus", "--dims", "300,300", "--threads", "2"}, 10);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err_lines() == 1);
    CHECK_THAT(r.err, Catch::Contains("metrics::sweep: the BFS workspaces") && Catch::Contains("would need about"));
  }
  {
    memory_limit limit("12 apples");
    const auto r = run_tool_argv("shiftfly", {"metrics", "torus", "--dims", "4,4"}, 10);
    CHECK(r.status == 2);
    CHECK(r.err_lines() == 1);
    CHECK_THAT(r.err, Catch::Contains("SHIFTFLY_MEMORY_LIMIT = '12 apples'"));
  }
  // Within the limit nothing changes.
  const auto r = run_tool_argv("shiftfly", {"metrics", "torus", "--dims", "4,4", "--format", "json"}, 10);
  CHECK(r.status == 0);
  CHECK_THAT(r.out, Catch::Contains("\"diameter\""));
}
