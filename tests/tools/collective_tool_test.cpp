// Tests for `shiftfly collective` (tools/shiftfly/collective.cpp): the JSON keys, the 8x8x8 torus's
// exact all-gather optimum 511/3072 M/b reached by its tree packing, the other operations, and
// the all-reduce's MSCCL file.
#include <catch2/catch.hpp>

#include "json_output.hpp"
#include "run_tool.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <unistd.h>

#include <nlohmann/json.hpp>

namespace collective_tool_test {

shiftfly::test::tool_run run_collective(const std::string& args) {
  return shiftfly::test::run_tool("shiftfly", "collective " + args);
}

TEST_CASE("collective: the 8x8x8 torus all-gather is 511/3072 M/b, lower bound = best", "[tools][collective]") {
  const auto r = collective_tool_test::run_collective("torus --dims 8,8,8 --op all-gather --bytes 1 --format json");
  REQUIRE(r.status == 0);
  const auto j = shiftfly::test::json_result(r.out);
  for (const char* key : {"op", "bytes", "compute_nodes", "lower_bound_seconds", "best_seconds", "best_schedule", "gap",
                          "method", "cut", "schedules", "lower_bound_exact", "model", "bound"})
    CHECK(j.contains(key));
  CHECK(j["op"] == "all-gather");
  CHECK(j["compute_nodes"] == 512);
  CHECK(j["lower_bound_seconds"].get<double>() == 511.0 / 3072.0);
  CHECK(j["best_seconds"].get<double>() == 511.0 / 3072.0);
  CHECK(j["lower_bound_exact"] == "511/3072");
  CHECK(j["method"] == "exact");
  CHECK(j["gap"].get<double>() == 1.0);
  CHECK(j["cut"].size() == 511);
  CHECK(j["max_flows"] == 1);
}

TEST_CASE("collective: all-reduce, all-to-all, broadcast and reduce-scatter on a 4x4 torus", "[tools][collective]") {
  using collective_tool_test::run_collective;
  const auto ar = shiftfly::test::json_result(run_collective("torus --dims 4,4 --op all-reduce --bytes 2 --format json").out);
  CHECK(ar["lower_bound_exact"] == "1/4");  // M / (4 b): the least cut around a set is 4 links
  CHECK(ar["lower_bound_seconds"].get<double>() == 0.5);
  CHECK(ar["method"] == "bounds");
  CHECK(ar["best_seconds"].get<double>() == 2 * 2 * 15.0 / 64.0);  // RS + AG, each (N-1)/(2nN) M/b
  const auto a2a = shiftfly::test::json_result(run_collective("torus --dims 4,4 --op all-to-all --bytes 1 --format json").out);
  CHECK(a2a["lower_bound_seconds"].get<double>() == Approx(0.5));  // bisection-tight
  CHECK(a2a["method"] == "exact");
  // the routed time under the torus's own routing, dimension order (no --routing): k/8 M/b as well
  CHECK(a2a["routing"] == "dor");
  CHECK(a2a["routed_seconds"].get<double>() == Approx(0.5));
  const auto bc = shiftfly::test::json_result(run_collective("torus --dims 4,4 --op broadcast --bytes 1 --root 5 --format json").out);
  CHECK(bc["lower_bound_exact"] == "1/4");
  CHECK(bc["root"] == 5);
  const auto rs = shiftfly::test::json_result(run_collective("torus --dims 4,4 --op reduce-scatter --bytes 1 --format json").out);
  CHECK(rs["lower_bound_exact"] == "15/64");
}

TEST_CASE("collective: a simulator file's endpoint counts split off, the routed all-to-all beside its bound",
          "[tools][collective]") {
  // BookSim2's fat tree k = 4: 16 hosts on 8 edge switches. The host link binds the all-to-all
  // (15/16 M/b); minimal routing's single lowest-id path per pair loads some uplink with more.
  using collective_tool_test::run_collective;
  const std::string file = "file --path " + std::string(SHIFTFLY_FIXTURES) + "/booksim/fat_tree_k4.anynet";
  const auto a2a = shiftfly::test::json_result(run_collective(file + " --op all-to-all --bytes 1 --routing minimal --format json").out);
  CHECK(a2a["compute_nodes"] == 16);
  CHECK(a2a["lower_bound_exact"] == "15/16");
  CHECK(a2a["endpoint_bandwidth"].get<double>() == 1.0);
  REQUIRE(a2a["schedules"].size() == 2);
  CHECK(a2a["schedules"][0]["name"] == "optimal multicommodity flow");
  CHECK(a2a["schedules"][1]["name"] == "routed: minimal");
  CHECK(a2a["schedules"][1]["seconds"].get<double>() >= 15.0 / 16);
  CHECK(a2a["routing"] == "minimal");
  CHECK(a2a["routed_seconds"] == a2a["schedules"][1]["seconds"]);
  CHECK(a2a["best_schedule"] == "optimal multicommodity flow");
  CHECK(a2a["method"] == "exact");
  // host links of b/2: one host's link, 1/2 b each way, binds the all-gather: 15/16 M/(b/2) = 15/8 M/b
  const auto ag = shiftfly::test::json_result(run_collective(file + " --op all-gather --bytes 1 --endpoint-bandwidth 0.5 --format json").out);
  CHECK(ag["lower_bound_exact"] == "15/8");
  CHECK(ag["cut_units"] == 1);
  CHECK(ag["endpoint_bandwidth"].get<double>() == 0.5);
}

TEST_CASE("collective: --lp-variables and --balanced-rounds put the all-to-all within a work budget", "[tools][collective]") {
  // A 150-router Jellyfish of degree 6: its edge LP (150 sources x 900 arcs) is over the plain LP's
  // size and it has no automorphism to reduce it by, so within a work budget its maximum concurrent
  // flow is the certified interval, whose ends depend on the rounds only: the same in two runs (the
  // library's test compares one thread with two), and more rounds never raise the best time.
  using collective_tool_test::run_collective;
  const std::string base = "jellyfish --routers 150 --degree 6 --seed 3 --op all-to-all --bytes 1 --format json";
  const auto one = run_collective(base + " --balanced-rounds 2");
  const auto two = run_collective(base + " --balanced-rounds 2");
  REQUIRE(one.status == 0);
  REQUIRE(two.status == 0);
  const auto a = shiftfly::test::json_result(one.out);
  const auto b = shiftfly::test::json_result(two.out);
  CHECK(a["method"] != "exact");
  CHECK(a["lower_bound_seconds"] == b["lower_bound_seconds"]);
  CHECK(a["best_seconds"] == b["best_seconds"]);
  CHECK(a["lower_bound_seconds"].get<double>() <= a["best_seconds"].get<double>());
  const auto more = shiftfly::test::json_result(run_collective(base + " --balanced-rounds 12").out);
  CHECK(more["best_seconds"].get<double>() <= a["best_seconds"].get<double>());
  // The 12x12 torus (144 sources x 576 arcs): its LP reduced by the automorphisms (one source orbit)
  // answers exactly, bisection-tight k/8 = 3/2 M/b; with no LP allowed (--lp-variables 0) the
  // interval's ends bracket that value (here they meet it: the balanced routing reaches the cut).
  const std::string torus = "torus --dims 12,12 --op all-to-all --bytes 1 --format json";
  const auto exact = shiftfly::test::json_result(run_collective(torus + " --lp-variables 40000").out);
  CHECK(exact["method"] == "exact");
  CHECK(exact["lower_bound_seconds"].get<double>() == Approx(1.5));
  const auto interval = shiftfly::test::json_result(run_collective(torus + " --lp-variables 0").out);
  CHECK(interval["lower_bound_seconds"].get<double>() <= 1.5 * (1 + 1e-9));
  CHECK(interval["best_seconds"].get<double>() >= 1.5 * (1 - 1e-9));
}

TEST_CASE("collective: --schedule-out writes the all-reduce as one MSCCL allreduce file", "[tools][collective]") {
  // The 4-rank ring: reduce-scatter then all-gather on their optimal tree packings, one in-place
  // file; the best schedule the tool reports is that one (both phases at the optimum, 3/4 M/b).
  namespace fs = std::filesystem;
  const fs::path file = fs::temp_directory_path() / ("shiftfly_allreduce_" + std::to_string(::getpid()) + ".xml");
  fs::remove(file);
  const auto r = collective_tool_test::run_collective("torus --dims 4 --op all-reduce --bytes 1 --format json --schedule-out " +
                                                      file.string());
  REQUIRE(r.status == 0);
  const auto j = shiftfly::test::json_result(r.out);
  CHECK(j["best_schedule"] == "reduce-scatter then all-gather, each on its optimal tree packing");
  CHECK(j["best_seconds"].get<double>() == 0.75);
  std::ifstream in(file);
  REQUIRE(in);
  const std::string xml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  fs::remove(file);
  CHECK(xml.rfind("<algo name=\"shiftfly tree packing, reduce-scatter then all-gather", 0) == 0);
  CHECK(xml.find("coll=\"allreduce\"") != std::string::npos);
  CHECK(xml.find("ngpus=\"4\"") != std::string::npos);
  CHECK(xml.find("<!-- RS tree") != std::string::npos);
  CHECK(xml.find("<!-- AG tree") != std::string::npos);
  CHECK(xml.find("srcbuf=\"i\"") == std::string::npos);  // in place: every step on the output buffer
}

}  // namespace collective_tool_test
