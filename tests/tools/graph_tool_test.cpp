// `shiftfly graph`: every family and format through the built tool, and every
// bad-input class refused with one line on stderr and exit status 2.
#include <catch2/catch.hpp>

#include "json_output.hpp"
#include "run_tool.hpp"

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "shiftfly/topology/family.hpp"
#include "../topology/support.hpp"

namespace graph_tool_test {

namespace {

using run_result = shiftfly::test::tool_run;

// Runs `shiftfly <args>` (tests/tools/run_tool.hpp).
run_result run_graph(const std::string& args) { return shiftfly::test::run_tool("shiftfly", args); }

std::size_t count_lines(const std::string& s) {
  std::size_t n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

void check_refused(const std::string& args, const std::string& must_contain) {
  const auto r = run_graph(args);
  INFO("shiftfly " << args << "\nstderr: " << r.err);
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(count_lines(r.err) == 1);
  CHECK(r.err.find(must_contain) != std::string::npos);
}

}  // namespace

TEST_CASE("graph tool: edge lists equal the library's, for every family", "[tools][graph]") {
  namespace t = shiftfly::topology;
  using shiftfly::test::arc_text;
  using shiftfly::test::edge_text;
  CHECK(run_graph("graph torus --dims 4,5,2").out == edge_text(t::torus({4, 5, 2})));
  CHECK(run_graph("graph kautz --d 3 --D 3").out == edge_text(t::kautz(3, 3)));
  CHECK(run_graph("graph kautz --d 3 --D 3 --directed").out == arc_text(t::kautz(3, 3)));
  CHECK(run_graph("graph de-bruijn --d 2 --D 5 --directed").out == arc_text(t::de_bruijn(2, 5)));
  CHECK(run_graph("graph gen-de-bruijn --n 100 --d 3").out == edge_text(t::generalized_de_bruijn(100, 3)));
  CHECK(run_graph("graph imase-itoh --n 100 --d 3 --directed").out == arc_text(t::imase_itoh(100, 3)));
  CHECK(run_graph("graph boardfly --groups 36 --level chip").out == edge_text(t::boardfly_chip_level(36)));
  CHECK(run_graph("graph boardfly --groups 200 --seed 3").out == edge_text(t::boardfly_group_level(200, 3)));
  CHECK(run_graph("graph shiftfly --groups 50 --ports 8 --construction kautz").out ==
        edge_text(t::shiftfly_group_level(50, 8, t::shiftfly_construction::kautz)));
  CHECK(run_graph("graph shiftfly --groups 5 --level chip").out == edge_text(t::shiftfly_chip_level(5)));
}

TEST_CASE("graph tool: the 144-group Boardfly equals the reference artefact's", "[tools][graph]") {
  const auto ref = shiftfly::test::reference_digests();
  const auto r = run_graph("graph boardfly --groups 144");
  CHECK(r.status == 0);
  CHECK(shiftfly::test::sha256(r.out) == ref.at("boardfly_group 144 edges").sha256);
}

TEST_CASE("graph tool: dot, graphml and json", "[tools][graph]") {
  const auto dot = run_graph("graph kautz --d 2 --D 2 --format dot");
  CHECK(dot.status == 0);
  CHECK(dot.out.rfind("graph G {", 0) == 0);
  CHECK(dot.out.find("0--2") != std::string::npos);
  CHECK(dot.out.find("label=\"0.1\"") != std::string::npos);
  const auto ddot = run_graph("graph kautz --d 2 --D 2 --format dot --directed");
  CHECK(ddot.out.rfind("digraph G {", 0) == 0);
  CHECK(ddot.out.find("0->2") != std::string::npos);
  const auto gml = run_graph("graph torus --dims 3,3 --format graphml");
  CHECK(gml.status == 0);
  CHECK(gml.out.find("<graphml") != std::string::npos);
  std::size_t edges = 0;
  for (std::size_t p = gml.out.find("<edge "); p != std::string::npos; p = gml.out.find("<edge ", p + 1)) ++edges;
  CHECK(edges == 18);
  const auto js = run_graph("graph imase-itoh --n 10 --d 2 --format json --directed");
  CHECK(js.status == 0);
  const auto j = shiftfly::test::json_result(js.out);
  // NetworkX node-link (io/json.hpp)
  CHECK(j["nodes"].size() == 10);
  CHECK(j["links"].size() == 20);
  CHECK(j["directed"] == true);
  CHECK(j["multigraph"] == false);
  CHECK(j["graph"]["family"] == "imase-itoh");
  CHECK(j["links"][0] == nlohmann::json({{"source", 0}, {"target", 9}}));  // -2·0 - 1 mod 10
  const auto kj = shiftfly::test::json_result(run_graph("graph kautz --d 2 --D 2 --format json").out);
  CHECK(kj["nodes"][5]["label"] == "2.1");
  CHECK(kj["links"].size() == 9);
}

TEST_CASE("graph tool: every bad-input class gives one line and exit 2", "[tools][graph][errors]") {
  check_refused("graph kautz --d 1 --D 3", "d = 1 is out of range (accepted: 2 to 65534)");
  check_refused("graph kautz --d 3 --D 0", "D = 0 is out of range");
  check_refused("graph de-bruijn --d 1 --D 3", "d = 1");
  check_refused("graph imase-itoh --n 1 --d 3", "n = 1 is out of range (accepted: 2 to 4294967295)");
  check_refused("graph gen-de-bruijn --n 10 --d 1", "d = 1");
  check_refused("graph torus --dims 4,1", "dims item = 1 is out of range (accepted: 2 to");
  check_refused("graph torus --dims ''", "--dims");
  check_refused("graph boardfly --groups 0", "groups = 0 is out of range");
  check_refused("graph shiftfly --groups 0", "groups = 0 is out of range");
  check_refused("graph shiftfly --groups 10 --ports 7", "ports = 7 is out of range (accepted: an even number");
  check_refused("graph shiftfly --groups 10 --ports 2", "ports = 2 is out of range");
  check_refused("graph kautz --d 20 --D 9", "D = 9 is out of range (accepted: 1 to 7 at d = 20");
  check_refused("graph de-bruijn --d 2 --D 40", "D = 40 is out of range (accepted: 1 to 31 at d = 2");
  check_refused("graph torus --dims 65536,65536,65536", "dims = 65536,65536,65536 is out of range");
  check_refused("graph hypercube --n 3", "hypercube");
  check_refused("graph torus --dims 4,,4", "--dims = '4,,4' has an empty item");
  check_refused("graph imase-itoh --n ten --d 2", "--n: 'ten' is not a non-negative integer");
  check_refused("graph imase-itoh --n 10 --d -2", "--d");
  check_refused("graph imase-itoh --n 99999999999999999999 --d 2", "--n: '99999999999999999999' does not fit in 64 bits");
  check_refused("graph kautz --d 3", "--D");
  check_refused("graph torus --dims 3,3 --directed", "--directed");
  check_refused("graph torus --dims 3,3 --format svg", "--format");
  check_refused("graph boardfly --groups 10 --level rack", "--level");
  check_refused("graph shiftfly --groups 10 --construction slimfly", "--construction");
}

}  // namespace graph_tool_test
