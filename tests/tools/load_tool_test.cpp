// `shiftfly load`: the closed forms through the tool, agreement with the library,
// byte-identical output at any thread count, and one-line refusals.
#include <catch2/catch.hpp>

#include "json_output.hpp"
#include "run_tool.hpp"

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "shiftfly/routing/channel_load.hpp"
#include "shiftfly/topology/torus.hpp"

namespace load_tool_test {

namespace load_tool_tests {

// The 8x8 torus as an edge list, written by the tool itself (the file family runs every
// routing that needs no family: the torus descriptor may not list ecmp).
inline std::string torus_file() {
  const std::string path = std::string(SHIFTFLY_BIN) + "/load_torus_8x8.txt";
  const auto g = shiftfly::test::run_tool("shiftfly", "graph torus --dims 8,8 --format edgelist");
  REQUIRE(g.status == 0);
  std::ofstream(path) << g.out;
  return path;
}

}  // namespace load_tool_tests

TEST_CASE("load: the 8x8 torus under uniform ecmp gives k/8 = 1 (self included) and 64/63 (excluded); Valiant halves it",
          "[tools][load]") {
  const std::string file = load_tool_tests::torus_file();
  const auto incl = shiftfly::test::run_tool("shiftfly", "load file --path " + file + " --routing ecmp --format json");
  REQUIRE(incl.status == 0);
  const auto a = shiftfly::test::json_result(incl.out);
  CHECK(a["max_channel_load_per_endpoint_injection"].get<double>() == Approx(1.0).epsilon(1e-12));
  CHECK(a["saturation_per_endpoint"].get<double>() == Approx(1.0).epsilon(1e-12));
  CHECK(a["saturation_per_pair"].get<double>() == Approx(1.0 / 64).epsilon(1e-12));
  CHECK(a["uniform_self"] == "include");
  CHECK(a["method"] == "exact");
  const auto excl = shiftfly::test::run_tool("shiftfly", "load file --path " + file +
                                                             " --routing ecmp --uniform-self exclude --format json");
  REQUIRE(excl.status == 0);
  CHECK(shiftfly::test::json_result(excl.out)["max_channel_load_per_endpoint_injection"].get<double>() ==
        Approx(64.0 / 63.0).epsilon(1e-12));
  const auto val = shiftfly::test::run_tool("shiftfly", "load file --path " + file + " --routing valiant --format json");
  REQUIRE(val.status == 0);
  const auto v = shiftfly::test::json_result(val.out);
  CHECK(v["method"] == "expected");
  CHECK(v["saturation_per_endpoint"].get<double>() == Approx(0.5).epsilon(1e-12));
  const auto text = shiftfly::test::run_tool("shiftfly", "load file --path " + file + " --routing ecmp");
  REQUIRE(text.status == 0);
  CHECK(text.out.rfind("Under ecmp routing and uniform traffic (exact), the hottest channel carries 1 per unit of endpoint "
                       "injection: saturation at 1 flits/cycle per endpoint",
                       0) == 0);
}

TEST_CASE("load: the tool prints the library's loads, the same at any thread count", "[tools][load]") {
  const auto r1 = shiftfly::test::run_tool(
      "shiftfly", "load torus --dims 5,6 --routing minimal --tie booksim --traffic permutation:4 --endpoints 2 --top 5 "
                  "--threads 1 --format json");
  const auto r2 = shiftfly::test::run_tool(
      "shiftfly", "load torus --dims 5,6 --routing minimal --tie booksim --traffic permutation:4 --endpoints 2 --top 5 "
                  "--threads 2 --format json");
  REQUIRE(r1.status == 0);
  CHECK(r1.out == r2.out);
  const auto j = shiftfly::test::json_result(r1.out);
  const auto g = shiftfly::topology::torus({5, 6});
  shiftfly::routing::channel_load_request q;
  q.routing = shiftfly::routing::parse_routing("minimal", "booksim");
  q.traffic = shiftfly::metrics::parse_traffic("permutation:4");
  q.endpoints = shiftfly::core::uniform_endpoints(g.num_vertices(), 2);
  q.top = 5;
  const auto lib = shiftfly::routing::measure_channel_load(g, q);
  CHECK(j["max_channel_load"].get<double>() == lib.max_load);
  CHECK(j["tie"] == "booksim");
  CHECK(j["traffic"] == "permutation (seed 4)");
  REQUIRE(j["hottest"].size() == 5);
  for (std::size_t i = 0; i < 5; ++i) {
    CHECK(j["hottest"][i]["channel"].get<std::uint64_t>() == lib.hottest[i].channel);
    CHECK(j["hottest"][i]["load"].get<double>() == lib.hottest[i].load);
  }
}

TEST_CASE("load: a routing the family does not run is refused in one line naming the families that run it",
          "[tools][load]") {
  const auto r = shiftfly::test::run_tool("shiftfly", "load torus --dims 4,4 --routing shift");
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(shiftfly::test::line_count(r.err) == 1);
  CHECK(r.err.find("--routing = shift is not a routing of torus") != std::string::npos);
  CHECK(r.err.find("kautz") != std::string::npos);
}

TEST_CASE("load: the family's endpoints unless --endpoints, a file's own counts, one router, scaled demand files",
          "[tools][load]") {
  using shiftfly::test::json_result;
  using shiftfly::test::run_tool;
  // PolarFly q = 5 carries 3 endpoints a router (its descriptor's rule): 31/30 per endpoint, capped at 1
  const auto pf = run_tool("shiftfly", "load polarfly --q 5 --routing minimal --traffic uniform --format json");
  REQUIRE(pf.status == 0);
  const auto p = json_result(pf.out);
  CHECK(p["endpoints"] == 93);
  CHECK(p["endpoints_per_router"] == 3);
  CHECK(p["saturation_per_endpoint"].get<double>() == Approx(31.0 / 30.0).epsilon(1e-12));
  CHECK(p["saturation_per_endpoint_capped"].get<double>() == 1.0);
  const auto given = json_result(run_tool("shiftfly", "load polarfly --q 5 --routing minimal --endpoints 1 --format json").out);
  CHECK(given["saturation_per_endpoint"].get<double>() == Approx(3.1).epsilon(1e-12));
  CHECK(given["endpoints_rule"] == "P = 1 on every router (given)");
  // Slim Fly q = 5 (4 a router) 25/26; Dragonfly a = 4, h = 2 (2 a router) 0.6; the fat tree's 16 hosts 1/3
  CHECK(json_result(run_tool("shiftfly", "load slimfly --q 5 --routing minimal --format json").out)["saturation_per_endpoint"]
            .get<double>() == Approx(25.0 / 26.0).epsilon(1e-12));
  CHECK(json_result(run_tool("shiftfly", "load dragonfly --a 4 --h 2 --routing minimal --format json").out)
            ["saturation_per_endpoint"].get<double>() == Approx(0.6).epsilon(1e-12));
  const auto ft = json_result(run_tool("shiftfly", "load fat-tree --k 4 --routing minimal --format json").out);
  CHECK(ft["endpoints"] == 16);
  CHECK(ft["endpoints_per_router"].is_null());
  CHECK(ft["saturation_per_endpoint"].get<double>() == Approx(1.0 / 3.0).epsilon(1e-12));
  CHECK(run_tool("shiftfly", "load fat-tree --k 4 --routing minimal --traffic bit-complement").status == 0);
  CHECK(run_tool("shiftfly", "load fat-tree --k 4 --routing minimal --traffic transpose").status == 0);
  // a BookSim2 file keeps its endpoints, as `metrics file` and `cost file` do
  const std::string bin = SHIFTFLY_BIN;
  const auto df = run_tool("shiftfly", "graph dragonfly --a 4 --h 2 --format booksim");
  REQUIRE(df.status == 0);
  std::ofstream(bin + "/load_df.anynet") << df.out;
  const auto f = json_result(run_tool("shiftfly", "load file --path " + bin + "/load_df.anynet --routing minimal --format json").out);
  CHECK(f["endpoints"] == 72);
  CHECK(f["endpoints_rule"] == "the file's own counts");
  CHECK(f["saturation_per_endpoint"].get<double>() == Approx(0.6).epsilon(1e-12));
  // one router: answered, no network channel loaded
  std::ofstream(bin + "/load_one.anynet") << "router 0 node 0 node 1\n";
  const auto one = run_tool("shiftfly", "load file --path " + bin + "/load_one.anynet --routing minimal --format json");
  REQUIRE(one.status == 0);
  const auto o = json_result(one.out);
  CHECK(o["channels_loaded"] == false);
  CHECK(o["saturation_per_endpoint"].is_null());
  CHECK(o["saturation_per_endpoint_capped"].get<double>() == 1.0);
  CHECK(run_tool("shiftfly", "load file --path " + bin + "/load_one.anynet --routing minimal").out.find(
            "no network channel is loaded (one router)") != std::string::npos);
  // demands past the largest double: scaled exactly (a star's centre: 5; a path: 0.5)
  std::ofstream(bin + "/load_star.txt") << "0 1\n0 2\n0 3\n0 4\n0 5\n";
  std::ofstream(bin + "/load_star.traffic") << "0 1 4e307\n0 2 4e307\n0 3 4e307\n0 4 4e307\n0 5 4e307\n";
  const auto star = json_result(run_tool("shiftfly", "load file --path " + bin + "/load_star.txt --routing minimal --traffic file:" +
                                                         bin + "/load_star.traffic --format json").out);
  CHECK(star["saturation_per_endpoint"].get<double>() == Approx(5.0).epsilon(1e-12));
  CHECK(star["max_channel_load_per_endpoint_injection"].get<double>() == Approx(0.2).epsilon(1e-12));
  std::ofstream(bin + "/load_path.txt") << "0 1\n1 2\n2 3\n";
  std::ofstream(bin + "/load_path.traffic") << "0 3 1e308\n1 3 1e308\n";
  const auto path = json_result(run_tool("shiftfly", "load file --path " + bin + "/load_path.txt --routing minimal --traffic file:" +
                                                         bin + "/load_path.traffic --format json").out);
  CHECK(path["saturation_per_endpoint"].get<double>() == Approx(0.5).epsilon(1e-12));
  CHECK(path["max_channel_load"].is_number());
}

}  // namespace load_tool_test
