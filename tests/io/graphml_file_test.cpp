// io/graphml_file.hpp: GraphML read by Boost.Graph's read_graphml: NetworkX's file, the
// library's own export (labels become names), directions, and one-line refusals.
#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include "shiftfly/io/graphml_file.hpp"
#include "shiftfly/io/graphviz.hpp"
#include "shiftfly/topology/kautz.hpp"

#include "file_reader.hpp"

namespace graphml_file_test {
namespace io = shiftfly::io;

const shiftfly::test::file_reader reader{io::read_graphml_file<std::uint32_t>, "G.graphml"};
io::graph_file<std::uint32_t> read(const std::string& text, bool directed = false) { return reader.read(text, directed); }
std::string refusal(const std::string& text, bool directed = false) { return reader.refusal(text, directed); }

std::string doc(const std::string& edgedefault, const std::string& body) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\">\n"
         "<graph edgedefault=\"" + edgedefault + "\">\n" + body + "</graph>\n</graphml>\n";
}
}  // namespace graphml_file_test

TEST_CASE("graphml file: node ids become names, in document order; repeats and loops counted", "[io][file]") {
  using namespace graphml_file_test;
  const auto r = read(doc("undirected", "<node id=\"x\"/><node id=\"y\"/><node id=\"z\"/>\n"
                                        "<edge source=\"y\" target=\"x\"/><edge source=\"x\" target=\"y\"/>\n"
                                        "<edge source=\"z\" target=\"z\"/><edge source=\"z\" target=\"x\"/>\n"));
  CHECK(r.graph.num_vertices() == 3);
  CHECK(r.graph.num_edges() == 2);
  CHECK(r.duplicate_edges_dropped == 1);
  CHECK(r.self_loops_dropped == 1);
  REQUIRE(r.graph.has_names());
  CHECK(r.graph.name_of(0) == "x");
  CHECK(r.graph.name_of(2) == "z");
  CHECK(r.graph.adjacent(0, 2));
  CHECK(r.format == io::graph_file_format::graphml);
}

TEST_CASE("graphml file: NetworkX's file, and the library's own export with labels as names", "[io][file]") {
  using namespace graphml_file_test;
  std::ifstream in(std::string(SHIFTFLY_FIXTURES) + "/files/random.graphml");
  std::stringstream ss;
  ss << in.rdbuf();
  const auto nx = read(ss.str());
  CHECK(nx.graph.num_vertices() == 80);  // tests/fixtures/files/expected.json
  CHECK(nx.graph.num_edges() == 232);
  CHECK_FALSE(nx.graph.has_names());  // ids "0".."79", their own ids
  const auto k = shiftfly::topology::kautz(2, 3);
  for (const bool directed : {false, true}) {
    std::ostringstream os;
    io::write_graphml(os, k, directed);
    const auto r = read(os.str(), directed);
    CHECK(shiftfly::core::same_edges(r.graph, k));
    if (directed) CHECK(shiftfly::core::same_arcs(r.graph, k));
    REQUIRE(r.graph.has_names());
    for (std::uint32_t u = 0; u < k.num_vertices(); ++u) CHECK(r.graph.name_of(u) == io::vertex_text(k, u));
    // a directed file read undirected: the physical graph of its arcs
    if (directed) CHECK(shiftfly::core::same_edges(read(os.str(), false).graph, k));
  }
}

TEST_CASE("graphml file: bad files are refused in one line", "[io][file]") {
  using namespace graphml_file_test;
  const std::string good = doc("undirected", "<node id=\"a\"/>\n<node id=\"b\"/>\n<edge source=\"a\" target=\"b\"/>\n");
  CHECK(refusal(good) == "");
  CHECK(refusal(good.substr(0, good.size() / 2)).rfind("G.graphml:", 0) == 0);  // cut short: a line and "bad XML"
  CHECK(refusal(good.substr(0, good.size() / 2)).find(": bad XML: ") != std::string::npos);
  CHECK(refusal("<a>\n<b>\n</a>\n") == "G.graphml:4: bad XML: unexpected end of data");  // where the text ends
  CHECK(refusal("<html/>\n") == "G.graphml: not GraphML (no <graphml> element)");
  CHECK(refusal(doc("undirected", "<node id=\"a\"/><edge source=\"a\" target=\"q\"/>\n")) ==
        "G.graphml: <edge> 1 has target 'q', which no <node> declares");
  CHECK(refusal(doc("undirected", "<node id=\"a\"/><node id=\"a\"/>\n")) == "G.graphml: <node> id 'a' is declared twice");
  CHECK(refusal(doc("undirected", "")) == "G.graphml: holds no nodes");
  CHECK(refusal(good, true) == "G.graphml: holds an undirected graph (edgedefault is not \"directed\"): it cannot be "
                               "read as a directed graph");
  // what Boost.Graph refuses: an edge whose direction contradicts the graph's
  CHECK(refusal(doc("undirected", "<node id=\"a\"/><node id=\"b\"/><edge source=\"a\" target=\"b\" directed=\"true\"/>\n"))
            .rfind("G.graphml: bad GraphML: ", 0) == 0);
  CHECK(refusal("<graphml><key id=\"k\" for=\"node\" attr.name=\"w\" attr.type=\"int\"/><graph edgedefault=\"undirected\">"
                "<node id=\"a\"><data key=\"k\">abc</data></node></graph></graphml>")
            .rfind("G.graphml: bad GraphML: ", 0) == 0);
}
