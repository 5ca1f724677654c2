// Tests of the `file` family on the command line: `shiftfly metrics file --path F` on graph
// files written by NetworkX agrees with NetworkX and SciPy (tests/fixtures/files/,
// make_file_fixtures.py), `shiftfly graph file` writes the names and closes the round trip
// through every format, and the parent's --directed and --format parse after the family's flags.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include <nlohmann/json.hpp>

#include "json_output.hpp"
#include "run_tool.hpp"

namespace file_family_tool_test {

const std::string files = std::string(SHIFTFLY_FIXTURES) + "/files/";

nlohmann::json expected_values() {
  std::ifstream in(files + "expected.json");
  REQUIRE(in);
  return nlohmann::json::parse(in);
}

/// A scratch file path for this process.
std::string scratch(const std::string& name) {
  return "/tmp/shiftfly_file_family_" + std::to_string(::getpid()) + "_" + name;
}

/// The named edges of an edge list, each as "min max", sorted: the graph, whatever the numbering.
std::vector<std::string> named_edges(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string a, b;
  while (in >> a >> b) out.push_back(a < b ? a + " " + b : b + " " + a);
  std::sort(out.begin(), out.end());
  return out;
}

TEST_CASE("file family: metrics of NetworkX's files agree with NetworkX and SciPy", "[tools][file]") {
  const auto expected = expected_values();
  REQUIRE(expected.size() == 5);
  for (const auto& [name, e] : expected.items()) {
    INFO(name);
    const bool directed = e["directed"].get<bool>();
    const auto r = shiftfly::test::run_tool(
        "shiftfly", std::string("metrics") + (directed ? " --directed" : "") + " file --path " + files + name +
                        " --gap --format json");
    REQUIRE(r.status == 0);
    CHECK(r.err.empty());
    const auto j = shiftfly::test::json_result(r.out);
    CHECK(j["graph"]["family"] == "file");
    CHECK(j["graph"]["vertices"] == e["vertices"]);
    CHECK(j["graph"]["links"] == e["edges"]);
    CHECK(j["graph"]["file"]["duplicate_edges_dropped"] == e["duplicate_edges_dropped"]);
    CHECK(j["graph"]["file"]["self_loops_dropped"] == e["self_loops_dropped"]);
    CHECK(j["graph"]["file"]["directed"] == directed);
    CHECK(j["distance"]["method"] == "exact");
    CHECK(j["distance"]["disconnected"] == false);
    CHECK(j["distance"]["diameter"] == e["diameter"]);
    // the mean is a ratio of integers: the same double
    CHECK(j["distance"]["mean"].get<double>() == e["mean"].get<double>());
    // the gap to 1e-9 relative (Lanczos to a residual of 1e-9 against LAPACK's dense eigvalsh)
    const double gap = j["spectral_gap"]["value"].get<double>(), want = e["gap"].get<double>();
    CHECK(std::abs(gap - want) <= 1e-9 * want);
  }
}

TEST_CASE("file family: graph file writes names, and each format reads back the same graph", "[tools][file]") {
  const std::string hyperx = files + "hyperx.txt";
  const auto el = shiftfly::test::run_tool("shiftfly", "graph file --path " + hyperx);
  REQUIRE(el.status == 0);
  CHECK(el.out.rfind("r0_0_0 r1_0_0\n", 0) == 0);  // names, in order of first appearance
  CHECK(shiftfly::test::line_count(el.out) == 192);
  const auto base = shiftfly::test::run_tool("shiftfly", "metrics file --path " + hyperx + " --format json");
  REQUIRE(base.status == 0);
  const auto want = shiftfly::test::json_result(base.out)["distance"];
  for (const std::string format : {"edgelist", "graphml", "json"}) {
    INFO(format);
    const auto out = shiftfly::test::run_tool("shiftfly", "graph file --path " + hyperx + " --format " + format);
    REQUIRE(out.status == 0);
    const std::string path = scratch("hyperx." + std::string(format == "edgelist" ? "txt" : format));
    std::ofstream(path) << out.out;
    const auto again = shiftfly::test::run_tool("shiftfly", "graph file --path " + path);
    std::remove(path.c_str());
    REQUIRE(again.status == 0);
    CHECK(named_edges(again.out) == named_edges(el.out));  // the same edges between the same names
    if (format != "edgelist") CHECK(again.out == el.out);  // the node lists keep the numbering too
    std::ofstream(path) << out.out;
    const auto m = shiftfly::test::run_tool("shiftfly", "metrics file --path " + path + " --format json");
    std::remove(path.c_str());
    REQUIRE(m.status == 0);
    CHECK(shiftfly::test::json_result(m.out)["distance"]["histogram"] == want["histogram"]);
  }
  // the JSON is NetworkX node-link, with the reader's counts in graph.file
  const auto j = shiftfly::test::run_tool("shiftfly", "graph file --path " + files + "random_regular.edges --format json");
  REQUIRE(j.status == 0);
  CHECK(j.err.empty());  // JSON carries the counts; no note
  const auto g = shiftfly::test::json_result(j.out);
  CHECK(g["directed"] == false);
  CHECK(g["multigraph"] == false);
  CHECK(g["graph"]["family"] == "file");
  CHECK(g["graph"]["file"]["duplicate_edges_dropped"] == 1);
  CHECK(g["graph"]["file"]["self_loops_dropped"] == 1);
  CHECK(g["nodes"].size() == 200);
  CHECK(g["links"].size() == 500);
  // the other formats note the drops on stderr, in one line
  const auto d = shiftfly::test::run_tool("shiftfly", "graph file --path " + files + "random_regular.edges --format dot");
  REQUIRE(d.status == 0);
  CHECK(d.err == "shiftfly: note: " + files +
                     "random_regular.edges (edgelist, undirected): 1 duplicate edge and 1 self-loop dropped\n");
}

TEST_CASE("file family: --directed and --format of the command, before or after the family", "[tools][file]") {
  const std::string path = scratch("arcs.txt");
  std::ofstream(path) << "# arcs\na b\nb c\nc a\na b\n";
  const auto after = shiftfly::test::run_tool("shiftfly", "metrics file --path " + path + " --directed --format json");
  const auto before = shiftfly::test::run_tool("shiftfly", "metrics --directed --format json file --path " + path);
  REQUIRE(after.status == 0);
  CHECK(shiftfly::test::json_result(after.out) == shiftfly::test::json_result(before.out));
  const auto j = shiftfly::test::json_result(after.out);
  CHECK(j["distance"]["directed"] == true);
  CHECK(j["distance"]["diameter"] == 2);  // the 3-cycle along its arcs
  CHECK(j["graph"]["arcs"] == 4);
  CHECK(j["graph"]["file"]["duplicate_edges_dropped"] == 1);  // a b twice
  const auto text = shiftfly::test::run_tool("shiftfly", "metrics file --path " + path + " --directed");
  REQUIRE(text.status == 0);
  CHECK(text.out.find("1 repeated arc and 0 self-loops left out of the physical graph") != std::string::npos);
  const auto arcs = shiftfly::test::run_tool("shiftfly", "graph file --path " + path + " --directed --format edgelist");
  REQUIRE(arcs.status == 0);
  CHECK(arcs.out == "a b\na b\nb c\nc a\n");  // arcs grouped by source, in file order
  // standard input, format from the content
  const auto in = shiftfly::test::run_tool("shiftfly", "graph file --path - --format json < " + path);
  REQUIRE(in.status == 0);
  CHECK(shiftfly::test::json_result(in.out)["graph"]["file"]["path"] == "<stdin>");
  std::remove(path.c_str());
}

}  // namespace file_family_tool_test
