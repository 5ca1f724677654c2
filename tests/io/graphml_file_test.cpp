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

TEST_CASE("graphml file: node ids become names, in document order; repeats and loops counted", "[io][file]") {
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

TEST_CASE("graphml file: yEd's files are read as NetworkX reads them (keys without attr.type, labels, groups)",
          "[io][file]") {
  const std::string files = std::string(SHIFTFLY_FIXTURES) + "/files/";
  const auto text = [&](const std::string& name) {
    std::ifstream in(files + name);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  };
  // yed.graphml: four ShapeNodes in a directed ring and one arc back (n1 -> n0). NetworkX 3.6:
  // nodes n0..n3 labelled rack-a..rack-d, arcs n0n1 n1n2 n1n0 n2n3 n3n0.
  {
    const auto r = read(text("yed.graphml"), true);
    REQUIRE(r.graph.num_vertices() == 4);
    REQUIRE(r.graph.has_names());
    for (std::uint32_t u = 0; u < 4; ++u) CHECK(r.graph.name_of(u) == std::string("rack-") + char('a' + u));
    CHECK(r.graph.num_arcs() == 5);
    CHECK(r.graph.num_edges() == 4);  // the ring: n0 n1 twice, once each way
    CHECK(r.duplicate_edges_dropped == 0);
    const auto u = read(text("yed.graphml"));
    CHECK(u.graph.num_edges() == 4);
    CHECK(u.duplicate_edges_dropped == 1);  // n1 n0 repeats n0 n1
  }
  // yed_groups.graphml: a group node n2 holding n2::n0 and n2::n1 and an arc between them;
  // NetworkX: nodes n0, n1, n2, n2::n0, n2::n1 (the group has no label, so the ids name
  // them), arcs n0n1 n1(n2::n0) n1n0 (n2::n0)(n2::n1) (n2::n1)n0.
  {
    const auto r = read(text("yed_groups.graphml"), true);
    REQUIRE(r.graph.num_vertices() == 5);
    const std::vector<std::string> names{"n0", "n1", "n2", "n2::n0", "n2::n1"};
    for (std::uint32_t u = 0; u < 5; ++u) CHECK(r.graph.name_of(u) == names[u]);
    CHECK(r.graph.num_arcs() == 5);
    const auto arcs = [&](std::uint32_t u) {
      const auto a = r.graph.out_arcs(u);
      return std::vector<std::uint32_t>(a.begin(), a.end());
    };
    CHECK(arcs(0) == std::vector<std::uint32_t>{1});
    CHECK(arcs(1) == std::vector<std::uint32_t>{3, 0});
    CHECK(arcs(2).empty());
    CHECK(arcs(3) == std::vector<std::uint32_t>{4});
    CHECK(arcs(4) == std::vector<std::uint32_t>{0});
  }
  // a key without attr.type and without yfiles.type is a string key too (GraphML's default)
  CHECK(refusal("<graphml><key id=\"k\" for=\"node\" attr.name=\"w\"/><graph edgedefault=\"undirected\">"
                "<node id=\"a\"><data key=\"k\">abc</data></node></graph></graphml>") == "");
  // typed keys are still checked by Boost.Graph
  CHECK(refusal("<graphml><key id=\"k\" for=\"node\" attr.name=\"w\" attr.type=\"int\"/><graph edgedefault=\"undirected\">"
                "<node id=\"a\"><data key=\"k\">abc</data></node></graph></graphml>")
            .rfind("G.graphml: bad GraphML: ", 0) == 0);
}

TEST_CASE("graphml file: what the reader cannot read is refused, not dropped", "[io][file]") {
  const std::string nodes = "<node id=\"a\"/>\n<node id=\"b\"/>\n<node id=\"c\"/>\n";
  CHECK(refusal(doc("undirected", nodes + "<hyperedge><endpoint node=\"a\"/><endpoint node=\"b\"/><endpoint node=\"c\"/></hyperedge>\n")) ==
        "G.graphml: the <graph> holds a <hyperedge>: hyperedges (edges of more than two nodes) are not read; refused "
        "rather than dropped");
  CHECK(refusal("<graphml><graph edgedefault=\"undirected\"><node id=\"a\"/></graph><graph edgedefault=\"undirected\">"
                "<node id=\"b\"/></graph></graphml>") ==
        "G.graphml: holds 2 <graph> elements; the reader reads files of one graph (write each graph to its own file)");
  CHECK(refusal(doc("undirected", nodes + "<edge source=\"a\" target=\"b\"><data key=\"x\">1</data></edge>\n")) ==
        "G.graphml: <edge> 1 has <data> for key 'x', which no <key> declares");
  CHECK(refusal(doc("undirected", "<node id=\"a\"><data key=\"x\">1</data></node>\n")) ==
        "G.graphml: <node> 'a' has <data> for key 'x', which no <key> declares");
  CHECK(refusal(doc("undirected", nodes + "<locator xlink:href=\"other.graphml\"/>\n")) ==
        "G.graphml: the <graph> is kept in another file (<locator>), which is not read");
  CHECK(refusal(doc("undirected", nodes + "<graph edgedefault=\"undirected\"/>\n")) ==
        "G.graphml: the <graph> holds a <graph> directly, not inside a <node>: not GraphML");
  CHECK(refusal(doc("undirected", "<node id=\"g\"><graph edgedefault=\"directed\"><node id=\"g::a\"/></graph></node>\n")) ==
        "G.graphml: a nested <graph> has edgedefault \"directed\", unlike the file's first graph: mixed graphs are not read");
  CHECK(refusal(doc("undirected", "<node id=\"g\"><graph><node id=\"x\"/><node id=\"y\"/>"
                                  "<edge source=\"x\" target=\"y\" directed=\"true\"/></graph></node>\n")) ==
        "G.graphml: <edge> 1 has directed=\"true\", unlike its graph: mixed graphs are not read");
  // a nested graph read flattened, and ports ignored (an edge joins its nodes whatever its ports)
  const auto r = read(doc("undirected", "<node id=\"a\"><port name=\"p\"/></node><node id=\"g\"><graph><node id=\"x\"/>"
                                        "<node id=\"y\"/><edge source=\"x\" target=\"y\"/></graph></node>"
                                        "<edge source=\"a\" target=\"x\" sourceport=\"p\"/>\n"));
  CHECK(r.graph.num_vertices() == 4);
  CHECK(r.graph.num_edges() == 2);
  CHECK(r.graph.adjacent(0, 2));
  CHECK(r.graph.adjacent(2, 3));
}

TEST_CASE("graphml file: nesting deeper than 256 levels is refused before the recursive parse", "[io][file]") {
  // 30,000 deep (about 210 KB) made Boost.PropertyTree's parser overflow the stack
  const std::string deep = "<graphml>" + [] {
    std::string s;
    for (int i = 0; i < 30000; ++i) s += "<x>";
    for (int i = 0; i < 30000; ++i) s += "</x>";
    return s;
  }() + "</graphml>\n";
  CHECK(refusal(deep) == "G.graphml:1: elements nested deeper than 256 levels (the limit of the XML reader, whose "
                         "parser recurses once a level)");
  // the line where the limit is passed
  std::string lines = "<graphml>\n<graph edgedefault=\"undirected\">\n<node id=\"a\">\n";
  for (int i = 0; i < 300; ++i) lines += "<d>\n";
  CHECK(refusal(lines).rfind("G.graphml:257: elements nested deeper than 256 levels", 0) == 0);  // line k opens level k
  // 256 levels are read: graphml, graph, node and 253 levels below the node
  std::string ok = "<graphml><graph edgedefault=\"undirected\"><node id=\"a\">";
  for (int i = 0; i < 253; ++i) ok += "<d>";
  for (int i = 0; i < 253; ++i) ok += "</d>";
  ok += "</node></graph></graphml>";
  CHECK(refusal(ok) == "");
}

}  // namespace graphml_file_test
