// `shiftfly cost`: the JSON carries the model's name and source, agrees with the library on the
// same graph and model, leads its text with the sentence, reads a file graph, and --model takes a
// shipped model's name or a file.
#include <catch2/catch.hpp>

#include "json_output.hpp"
#include "run_tool.hpp"

#include <string>

#include <nlohmann/json.hpp>

#include "shiftfly/physical/cost.hpp"
#include "shiftfly/physical/model_file.hpp"
#include "shiftfly/topology/family.hpp"

namespace cost_tool_test {

namespace {
shiftfly::test::tool_run run_cost(const std::string& args) { return shiftfly::test::run_tool("shiftfly", "cost " + args); }
std::string models() { return std::string(SHIFTFLY_SOURCE_DIR) + "/data/cost_models"; }
}  // namespace

TEST_CASE("cost slimfly: the JSON names the model and its source, and agrees with the library", "[tools][cost]") {
  const auto r = run_cost("slimfly --q 5 --format json");
  REQUIRE(r.status == 0);
  const auto j = shiftfly::test::json_result(r.out);
  CHECK(j["model"]["name"] == "slimfly-sc14");
  CHECK(j["model"]["source"].get<std::string>().find("Besta and Hoefler") != std::string::npos);
  CHECK(j["method"] == "exact");
  CHECK(j["layout"]["rule"] == "grouped");
  const shiftfly::topology::family_spec spec{"slimfly", {{"q", std::uint64_t{5}}}};
  const auto g = shiftfly::topology::make_graph(spec);
  const auto m = shiftfly::physical::read_cost_model_file(models() + "/slimfly-sc14.json");
  const auto lib =
      shiftfly::physical::network_cost(g, m, shiftfly::physical::family_request(&spec, g, {}, "grouped"));
  CHECK(j["total_cost"].get<double>() == lib.total_cost);
  CHECK(j["endpoints"] == lib.endpoints);
  CHECK(j["electric"]["count"].get<std::uint64_t>() + j["optical"]["count"].get<std::uint64_t>() == 175);
  CHECK(j["optical_share"].get<double>() == lib.optical_share);
}

TEST_CASE("cost: text leads with the sentence; --model by name or file; --layout; a file graph", "[tools][cost]") {
  const auto t = run_cost("dragonfly --a 4 --h 2 --model mudigonda-atc11");
  REQUIRE(t.status == 0);
  CHECK(t.out.rfind("The fabric of 36 routers and ", 0) == 0);
  CHECK(t.out.find("under model mudigonda-atc11") != std::string::npos);
  const auto by_file = run_cost("dragonfly --a 4 --h 2 --format json --model " + models() + "/mudigonda-atc11.json");
  const auto by_name = run_cost("dragonfly --a 4 --h 2 --format json --model mudigonda-atc11");
  REQUIRE(by_file.status == 0);
  REQUIRE(by_name.status == 0);
  CHECK(shiftfly::test::json_result(by_file.out)["total_cost"] == shiftfly::test::json_result(by_name.out)["total_cost"]);
  const auto seq = run_cost("dragonfly --a 4 --h 2 --format json --layout sequential");
  REQUIRE(seq.status == 0);
  CHECK(shiftfly::test::json_result(seq.out)["layout"]["rule"] == "sequential");
  const auto f = run_cost("file --path " + std::string(SHIFTFLY_FIXTURES) + "/files/racks.txt --format json --endpoints 2");
  REQUIRE(f.status == 0);
  const auto fj = shiftfly::test::json_result(f.out);
  CHECK(fj["layout"]["rule"] == "sequential");
  CHECK(fj["layout"]["grouping"].is_null());
}

TEST_CASE("cost: the family's endpoints by default; --layout metis on a family without a grouping and a file",
          "[tools][cost]") {
  // Dragonfly a = 4: the descriptor's ceil(a/2) = 2 a router on 36 routers, as `shiftfly graph` counts them.
  const auto df = run_cost("dragonfly --a 4 --h 2 --format json");
  REQUIRE(df.status == 0);
  const auto dj = shiftfly::test::json_result(df.out);
  CHECK(dj["endpoints"] == 72);
  CHECK(dj["endpoints_rule"].get<std::string>().rfind("the family's: ", 0) == 0);
  const auto given = run_cost("dragonfly --a 4 --h 2 --format json --endpoints 3");
  REQUIRE(given.status == 0);
  CHECK(shiftfly::test::json_result(given.out)["endpoints"] == 108);
  // Kautz(3,3): 36 routers, 1 endpoint each; racks of 21 routers, so 2 racks under METIS.
  const auto k = run_cost("kautz --d 3 --D 3 --format json --layout metis");
  REQUIRE(k.status == 0);
  const auto kj = shiftfly::test::json_result(k.out);
  CHECK(kj["layout"]["rule"] == "metis");
  CHECK(kj["layout"]["racks"] == 2);
  CHECK(kj["layout"]["grouping"].get<std::string>().rfind("METIS recursive bisection into 2 parts", 0) == 0);
  CHECK(run_cost("kautz --d 3 --D 3 --format json --layout metis").out == k.out);  // the same racks again
  const auto f = run_cost("file --path " + std::string(SHIFTFLY_FIXTURES) + "/files/racks.txt --format json --layout metis");
  REQUIRE(f.status == 0);
  CHECK(shiftfly::test::json_result(f.out)["layout"]["rule"] == "metis");
}

}  // namespace cost_tool_test
