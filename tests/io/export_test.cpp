// io/json.hpp and io/graphviz.hpp: the in-memory exports, read back by
// independent readers (nlohmann-json for JSON) and checked line by line.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/io/graphviz.hpp"
#include "shiftfly/io/json.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/torus.hpp"

namespace export_test {

namespace io = shiftfly::io;
namespace t = shiftfly::topology;

TEST_CASE("json_string escapes what JSON requires, and a JSON reader reads it back", "[io][json]") {
  CHECK(io::json_string("T(2,2)") == "\"T(2,2)\"");
  CHECK(io::json_string("a\"b\\c\n\t\x01") == "\"a\\\"b\\\\c\\n\\t\\u0001\"");
  for (const std::string text : {std::string("plain"), std::string("q\"uote"), std::string("\x1f\x7f\b\f\r"),
                                 std::string("K\xc3\xa4utz")}) {
    const auto back = nlohmann::json::parse(io::json_string(text));
    CHECK(back.get<std::string>() == text);
    CHECK(io::json_string(text) == nlohmann::json(text).dump());  // the same bytes as nlohmann's writer
  }
}

TEST_CASE("write_json: NetworkX node-link, byte for byte what nlohmann writes", "[io][json]") {
  const auto k = t::kautz(2, 2);
  for (const bool directed : {false, true}) {
    std::ostringstream os;
    io::write_json(os, k, directed, "kautz");
    const std::string text = os.str();
    REQUIRE(text.back() == '\n');
    const auto j = nlohmann::json::parse(text);
    CHECK(j["directed"] == directed);
    CHECK(j["multigraph"] == false);  // K(2,2) repeats no arc
    CHECK(j["graph"]["family"] == "kautz");
    CHECK(j["graph"]["name"] == k.name());
    CHECK(j["nodes"].size() == k.num_vertices());
    CHECK(j["links"].size() == (directed ? k.num_arcs() : k.num_edges()));
    CHECK(j["nodes"][2]["label"] == "1.0");
    // an independent rendering of the same document, members in the written order
    nlohmann::ordered_json e;
    e["directed"] = directed;
    e["multigraph"] = false;
    e["graph"] = {{"name", k.name()}, {"family", "kautz"}};
    auto nodes = nlohmann::ordered_json::array();
    for (std::uint32_t u = 0; u < k.num_vertices(); ++u) nodes.push_back({{"id", u}, {"label", io::vertex_text(k, u)}});
    e["nodes"] = nodes;
    auto links = nlohmann::ordered_json::array();
    for (std::uint32_t u = 0; u < k.num_vertices(); ++u) {
      if (directed) {
        for (auto v : k.out_arcs(u)) links.push_back({{"source", u}, {"target", v}});
      } else {
        for (auto v : k.neighbors(u))
          if (u < v) links.push_back({{"source", u}, {"target", v}});
      }
    }
    e["links"] = links;
    CHECK(text == e.dump() + "\n");
  }
  // a repeated arc makes it a multigraph (so a reader keeps the repeat); a loop alone does not
  using G = shiftfly::core::graph<std::uint32_t>;
  std::ostringstream rep, loop;
  io::write_json(rep, G::from_arcs(2, {0, 2, 3}, {1, 1, 0}), true);
  CHECK(nlohmann::json::parse(rep.str())["multigraph"] == true);
  io::write_json(loop, G::from_arcs(2, {0, 2, 3}, {0, 1, 0}), true);
  CHECK(nlohmann::json::parse(loop.str())["multigraph"] == false);
  // no labels on a torus; extra members of `graph` as given; directed refused without arcs
  std::ostringstream os;
  io::write_json(os, t::torus({3, 3}), false, "torus", "\"file\":{\"path\":\"x\"}");
  const auto tj = nlohmann::json::parse(os.str());
  CHECK(tj["nodes"][0].count("label") == 0);
  CHECK(tj["graph"]["file"]["path"] == "x");
  CHECK_THROWS_WITH(io::write_json(os, t::torus({3, 3}), true),
                    Catch::StartsWith("write_json: directed = true needs a graph with arcs"));
}

TEST_CASE("write_dot and write_graphml list every edge once, with labels", "[io][graphviz]") {
  const auto k = t::kautz(2, 2);
  std::ostringstream dot, graphml;
  io::write_dot(dot, k);
  io::write_graphml(graphml, k);
  std::size_t dot_edges = 0, graphml_edges = 0;
  std::istringstream lines(dot.str());
  for (std::string line; std::getline(lines, line);) dot_edges += line.find("--") != std::string::npos;
  for (std::size_t at = graphml.str().find("<edge "); at != std::string::npos; at = graphml.str().find("<edge ", at + 1))
    ++graphml_edges;
  CHECK(dot_edges == k.num_edges());
  CHECK(graphml_edges == k.num_edges());
  CHECK(dot.str().find("[label=\"0.1\"]") != std::string::npos);
  CHECK(graphml.str().find(">0.1</data>") != std::string::npos);
  std::ostringstream arcs;
  io::write_dot(arcs, k, true);
  CHECK(arcs.str().rfind("digraph", 0) == 0);
  CHECK_THROWS_AS(io::write_graphml(arcs, t::torus({3, 3}), true), shiftfly::core::invalid_parameter);
}

}  // namespace export_test
