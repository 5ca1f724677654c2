// io/node_link_file.hpp: NetworkX node-link JSON: ids as integers or strings, `links` or
// `edges`, the tools' envelope, labels as names, directions, one-line refusals.
#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include "shiftfly/io/json.hpp"
#include "shiftfly/io/node_link_file.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/torus.hpp"

#include "file_reader.hpp"

namespace node_link_file_test {

namespace io = shiftfly::io;

const shiftfly::test::file_reader reader{io::read_node_link_file<std::uint32_t>, "G.json"};
io::graph_file<std::uint32_t> read(const std::string& text, bool directed = false) { return reader.read(text, directed); }
std::string refusal(const std::string& text, bool directed = false) { return reader.refusal(text, directed); }

TEST_CASE("node-link file: integer and string ids, links or edges, the envelope", "[io][file]") {
  const std::string body = R"("nodes": [{"id": "p"}, {"id": 7}, {"id": "q"}],
      "LIST": [{"source": 7, "target": "p"}, {"source": "p", "target": 7}, {"source": "q", "target": "q"},
               {"source": "q", "target": 7, "weight": 2}])";
  for (const std::string list : {"links", "edges"}) {
    std::string b = body;
    b.replace(b.find("LIST"), 4, list);
    const auto r = read("{\"directed\": false, \"multigraph\": true, \"graph\": {}, " + b + "}");
    CHECK(r.graph.num_vertices() == 3);
    CHECK(r.graph.num_edges() == 2);
    CHECK(r.duplicate_edges_dropped == 1);
    CHECK(r.self_loops_dropped == 1);
    REQUIRE(r.graph.has_names());
    CHECK(r.graph.name_of(1) == "7");
    CHECK(r.graph.adjacent(1, 2));
    // the same graph inside the tools' envelope
    const auto e = read(R"({"tool":"shiftfly","version":"0","command":"c","parameters":{},"result":{)" + b + "}}");
    CHECK(shiftfly::core::same_edges(e.graph, r.graph));
  }
}

TEST_CASE("node-link file: the library's export reads back, names and arcs included", "[io][file]") {
  const auto k = shiftfly::topology::kautz(3, 2);
  for (const bool directed : {false, true}) {
    std::ostringstream os;
    io::write_json(os, k, directed, "kautz");
    const auto r = read(os.str(), directed);
    CHECK(shiftfly::core::same_edges(r.graph, k));
    if (directed) CHECK(shiftfly::core::same_arcs(r.graph, k));
    REQUIRE(r.graph.has_names());  // the labels
    CHECK(r.graph.name_of(4) == io::vertex_text(k, 4u));
  }
  std::ostringstream os;
  io::write_json(os, shiftfly::topology::torus({3, 3}), false);
  CHECK_FALSE(read(os.str()).graph.has_names());  // ids 0..8, no labels
  // NetworkX's file (tests/fixtures/files/make_file_fixtures.py)
  std::ifstream in(std::string(SHIFTFLY_FIXTURES) + "/files/barabasi.json");
  std::stringstream ss;
  ss << in.rdbuf();
  const auto nx = read(ss.str());
  CHECK(nx.graph.num_vertices() == 120);
  CHECK(nx.graph.num_edges() == 351);
  CHECK(nx.graph.name_of(0) == "n0");
}

TEST_CASE("node-link file: bad files are refused in one line", "[io][file]") {
  const std::string good = R"({"directed": false, "nodes": [{"id": 0}, {"id": 1}],
  "links": [{"source": 0, "target": 1}]})";
  CHECK(refusal(good) == "");
  CHECK(refusal(good.substr(0, good.size() - 5)).rfind("G.json:2: bad JSON: ", 0) == 0);  // cut short
  CHECK(refusal("{\n\"nodes\": [,]}").rfind("G.json:2: bad JSON: ", 0) == 0);
  CHECK(refusal("{\"nodes\": [{\"id\": 1e4096}]}") == "G.json: bad JSON: number overflow parsing '1e4096'");  // found by fuzz_graph_file
  CHECK(refusal("[1, 2]") == "G.json: expected a node-link object {\"nodes\": [...], \"links\": [...]}, found array");
  CHECK(refusal(R"({"links": []})") == "G.json: expected a \"nodes\" array");
  CHECK(refusal(R"({"nodes": [{"id": 0}]})") == "G.json: expected a \"links\" (or \"edges\") array");
  CHECK(refusal(R"({"nodes": [{"id": 0}], "links": [], "edges": []})") ==
        "G.json: has both \"links\" and \"edges\" (expected one list of links)");
  CHECK(refusal(R"({"nodes": [{"id": 0}], "links": [{"source": 0, "target": 5}]})") ==
        "G.json: links[0].target 5 is not the id of a node");
  CHECK(refusal(R"({"nodes": [{"id": 0}], "links": [{"source": 0}]})") ==
        "G.json: links[0] is not an object with a \"source\" and a \"target\"");
  CHECK(refusal(R"({"nodes": [{"id": 0.5}], "links": []})") == "G.json: nodes[0].id is not an integer or a string");
  CHECK(refusal(R"({"nodes": [{"id": 1}, {"id": 1}], "links": []})") ==
        "G.json: nodes[1].id 1 repeats the id of an earlier node");
  CHECK(refusal(R"({"nodes": [{"id": "a"}, {"id": 1}, {"id": "a"}], "links": []})") ==
        "G.json: nodes[2].id \"a\" repeats the id of an earlier node");
  CHECK(refusal(R"({"nodes": [{"id": 1}, {"id": "1"}], "links": [{"source": "2", "target": 1}]})") ==
        "G.json: links[0].source \"2\" is not the id of a node");
  // nested too deep for the JSON reader: refused at the line where the limit is passed
  CHECK(refusal("{\"nodes\": [{\"id\": 0, \"a\":\n" + std::string(300, '[') + std::string(300, ']') + "}], \"links\": []}") ==
        "G.json:2: arrays and objects nested deeper than 256 levels (the limit of the JSON reader)");
  CHECK(refusal("{\"nodes\": " + std::string(3000000, '[') + std::string(3000000, ']') + "}")
            .rfind("G.json:1: arrays and objects nested deeper than 256 levels", 0) == 0);
  CHECK(refusal("{\"nodes\": [{\"id\": 0, \"a\": " + std::string(253, '[') + std::string(253, ']') +
                "}], \"links\": []}") == "");  // 256 levels: read
  CHECK(refusal(R"({"nodes": [], "links": []})") == "G.json: holds no nodes");
  CHECK(refusal(R"({"directed": "yes", "nodes": [], "links": []})") == "G.json: \"directed\" is not true or false");
  CHECK(refusal(good, true) ==
        "G.json: holds an undirected graph (\"directed\" is not true): it cannot be read as a directed graph");
}

TEST_CASE("node-link file: the string \"0\" and the integer 0 are two nodes, as NetworkX keeps them", "[io][file]") {
  // networkx.node_link_graph of this object has 3 nodes, 0 and "0" apart, and 2 edges
  const auto r = read(R"({"directed": false, "nodes": [{"id": 0}, {"id": "0"}, {"id": 1}],
      "links": [{"source": 0, "target": "0"}, {"source": "0", "target": 1}]})");
  REQUIRE(r.graph.num_vertices() == 3);
  CHECK(r.graph.num_edges() == 2);
  CHECK(r.graph.adjacent(0, 1));
  CHECK(r.graph.adjacent(1, 2));
  CHECK(!r.graph.adjacent(0, 2));
  // names: the string ids as JSON literals, quotes included, since "0" reads as the integer 0
  REQUIRE(r.graph.has_names());
  CHECK(r.graph.name_of(0) == "0");
  CHECK(r.graph.name_of(1) == "\"0\"");
  CHECK(r.graph.name_of(2) == "1");
  // a link to the integer is not a link to the string: "1" names no node here
  CHECK(refusal(R"({"nodes": [{"id": 0}, {"id": "0"}, {"id": 1}], "links": [{"source": 0, "target": "1"}]})") ==
        "G.json: links[0].target \"1\" is not the id of a node");
  // without such a pair, a string id's name is its text, as before
  const auto s = read(R"({"nodes": [{"id": "a"}, {"id": 7}, {"id": "8x"}], "links": [{"source": "a", "target": 7}]})");
  CHECK(s.graph.name_of(0) == "a");
  CHECK(s.graph.name_of(1) == "7");
  CHECK(s.graph.name_of(2) == "8x");
  // quoted names stay distinct from every other name: the strings "0", "\"0\"" and the integer 0
  const auto q = read(R"({"nodes": [{"id": 0}, {"id": "0"}, {"id": "\"0\""}], "links": []})");
  CHECK(q.graph.name_of(0) == "0");
  CHECK(q.graph.name_of(1) == "\"0\"");
  CHECK(q.graph.name_of(2) == "\"\\\"0\\\"\"");
}

}  // namespace node_link_file_test
