// io/edge_list_file.hpp: edge lists as users and NetworkX write them: comments, blanks,
// tabs, CRLF, a vertex count, names, NetworkX's attribute dicts and weights; numbering
// rules; one-line refusals naming the file and the line.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "shiftfly/io/edge_list.hpp"
#include "shiftfly/io/edge_list_file.hpp"
#include "shiftfly/topology/torus.hpp"

#include "file_reader.hpp"

namespace edge_list_file_test {

namespace io = shiftfly::io;
using result = io::graph_file<std::uint32_t>;

const shiftfly::test::file_reader reader{io::read_edge_list_file<std::uint32_t>, "G.txt"};
result read(const std::string& text, bool directed = false) { return reader.read(text, directed); }
std::string refusal(const std::string& text, bool directed = false) { return reader.refusal(text, directed); }

std::vector<std::string> named_neighbors(const result& r, const std::string& name) {
  std::vector<std::string> out;
  for (std::uint32_t u = 0; u < r.graph.num_vertices(); ++u)
    if (io::vertex_text(r.graph, u) == name)
      for (auto v : r.graph.neighbors(u)) out.push_back(io::vertex_text(r.graph, v));
  std::sort(out.begin(), out.end());
  return out;
}

TEST_CASE("edge list file: comments, blanks, tabs, CRLF, either orientation, NetworkX's extras", "[io][file]") {
  const auto r = read("# a comment\n% another\n\n  b\ta {}\r\nc b {'weight': 2.5}   # trailing\nb c 3 -1.5e2\n"
                      "a a\nc\t\ta % x\n");
  CHECK(r.graph.num_vertices() == 3);
  CHECK(r.graph.num_edges() == 3);
  CHECK(r.duplicate_edges_dropped == 1);  // c b then b c
  CHECK(r.self_loops_dropped == 1);
  REQUIRE(r.graph.has_names());
  // first appearance: b, a, c
  CHECK(r.graph.name_of(0) == "b");
  CHECK(r.graph.name_of(1) == "a");
  CHECK(r.graph.name_of(2) == "c");
  CHECK(named_neighbors(r, "a") == std::vector<std::string>{"b", "c"});
  CHECK(r.format == shiftfly::io::graph_file_format::edge_list);
}

TEST_CASE("edge list file: numbering by value when every name is a decimal integer", "[io][file]") {
  const auto same = read("2 0\n1 2\n");  // names 0, 1, 2: their own ids, no names kept
  CHECK_FALSE(same.graph.has_names());
  CHECK(same.graph.adjacent(0, 2));
  const auto gaps = read("30 10\n20 30\n");  // by value: 10, 20, 30
  REQUIRE(gaps.graph.has_names());
  CHECK(gaps.graph.name_of(0) == "10");
  CHECK(gaps.graph.name_of(1) == "20");
  CHECK(gaps.graph.name_of(2) == "30");
  CHECK(gaps.graph.adjacent(0, 2));
  CHECK(gaps.graph.adjacent(1, 2));
  const auto mixed = read("30 x\n007 30\n");  // one non-decimal name (x; 007 has a leading zero): first appearance
  CHECK(mixed.graph.name_of(0) == "30");
  CHECK(mixed.graph.name_of(1) == "x");
  CHECK(mixed.graph.name_of(2) == "007");
}

TEST_CASE("edge list file: a vertex count on the first line keeps isolated vertices", "[io][file]") {
  const auto r = read("# count first\n6\n0 1\n4 1\n");
  CHECK(r.graph.num_vertices() == 6);
  CHECK(r.graph.num_edges() == 2);
  CHECK_FALSE(r.graph.has_names());
  CHECK(read("3\n").graph.num_vertices() == 3);
  CHECK(refusal("3\n0 1\n1 3\n") ==
        "G.txt:3: vertex 3 is not below the vertex count 3 given on line 1 (a truncated file or a wrong count)");
  CHECK(refusal("3\n0 b\n") == "G.txt:2: vertex 'b' is not a decimal id (line 1 gave the vertex count 3, so the "
                               "vertices are 0 to 2)");
  CHECK(refusal("0 1\n7\n") == "G.txt:2: expected two vertex names, found 1 ('7')");
  CHECK(refusal("4000000000\n").rfind("G.txt:1: 4000000000 vertices (the count on the first line) exceed the limit of "
                                      "134217728 vertices",
                                      0) == 0);
}

TEST_CASE("edge list file: directed reading keeps the lines as arcs", "[io][file]") {
  const auto r = read("b a\na b\nb a\nb b\n", true);
  REQUIRE(r.graph.has_arcs());
  CHECK(r.graph.num_arcs() == 4);
  CHECK(r.graph.num_edges() == 1);
  CHECK(r.duplicate_edges_dropped == 1);  // b a twice
  CHECK(r.self_loops_dropped == 1);
  const auto b = r.graph.out_arcs(0);  // b first
  CHECK(std::vector<std::uint32_t>(b.begin(), b.end()) == std::vector<std::uint32_t>{1, 1, 0});
}

TEST_CASE("edge list file: malformed lines are refused with the file and the line", "[io][file]") {
  CHECK(refusal("0 1\n\n2\n") == "G.txt:3: expected two vertex names, found 1 ('2')");
  CHECK(refusal("a\n") == "G.txt:1: expected two vertex names, found 1 ('a'); a vertex count on the first line is a "
                          "decimal integer");
  CHECK(refusal("a b c\n") == "G.txt:1: unexpected 'c' after the two vertex names (accepted there, and ignored: a {...} "
                              "attribute dict or numeric weights)");
  CHECK(refusal("a b 1 nan\n").find("unexpected 'nan'") != std::string::npos);
  CHECK(refusal("a b {'w': 1\n").find("G.txt:1: unexpected '{'w':'") == 0);
  CHECK(refusal("# only comments\n\n") == "G.txt: holds no edges and no vertex count (only blank lines and comments)");
  CHECK(refusal("a b\n\xff\n") == "G.txt:2: binary file, not text (byte 0xff at byte 5 is not UTF-8)");
}

TEST_CASE("edge list file: the library's own edge lists read back as the same graph", "[io][file]") {
  const auto g = shiftfly::topology::torus({3, 4, 5});
  std::ostringstream os;
  shiftfly::io::write_edge_list(os, g, false);
  const auto r = read(os.str());
  CHECK(shiftfly::core::same_edges(r.graph, g));
  CHECK_FALSE(r.graph.has_names());
  CHECK(r.duplicate_edges_dropped == 0);
}

TEST_CASE("edge list file: what would not fit in memory is refused before it is allocated, naming the file", "[io][file]") {
  ::setenv("SHIFTFLY_MEMORY_LIMIT", "1M", 1);
  // the count on line 2 asks for a graph of 3,000,000 vertices: about 24 MB of offsets
  const std::string count = refusal("# big\n3000000\n0 1\n");
  // the text itself: a pair list and names for 100,000 lines
  std::string lines;
  for (int i = 0; i < 100000; ++i) lines += "a b\n";
  const std::string text = refusal(lines);
  ::unsetenv("SHIFTFLY_MEMORY_LIMIT");
  CHECK(count.rfind("G.txt:2: the graph (3000000 vertices, 0 edges) would need about ", 0) == 0);
  CHECK(count.find("refused before allocating") != std::string::npos);
  CHECK(text.rfind("G.txt: reading it (100001 lines, 400000 bytes) would need about ", 0) == 0);
}

TEST_CASE("edge list file: CR-only line ends (old Mac OS files) are line ends", "[io][file]") {
  // the triangle 0 1, 1 2, 2 0 in every line-end convention is the same graph
  const auto lf = read("0 1\n1 2\n2 0\n");
  for (const std::string text : {"0 1\r1 2\r2 0\r", "0 1\r1 2\r2 0", "0 1\r\n1 2\r\n2 0\r\n", "3\r0 1\r1 2\r\r2 0 2.5\r"}) {
    INFO(text);
    const auto r = read(text);
    CHECK(r.graph.num_vertices() == 3);
    CHECK(r.graph.num_edges() == 3);
    CHECK(shiftfly::core::same_edges(r.graph, lf.graph));
  }
  // refusals count CR-only lines as lines
  CHECK(refusal("0 1\r1\r") == "G.txt:2: expected two vertex names, found 1 ('1')");
  CHECK(refusal("a b\rb c\r\nc d x\r") == "G.txt:3: unexpected 'x' after the two vertex names (accepted there, and "
                                            "ignored: a {...} attribute dict or numeric weights)");
}

TEST_CASE("edge list file: the memory of the vertex names is checked as they grow", "[io][file]") {
  // 70,000 lines of two new names each: the text passes (about 4.5 MB with its lines), the
  // names do not (131,072 names at 160 bytes, checked when the 65,536th is met, on line 32,768)
  std::string text;
  for (int i = 0; i < 70000; ++i) text += "v" + std::to_string(i) + " w" + std::to_string(i) + "\n";
  ::setenv("SHIFTFLY_MEMORY_LIMIT", "8M", 1);
  const std::string names = refusal(text);
  ::unsetenv("SHIFTFLY_MEMORY_LIMIT");
  CHECK(names.rfind("G.txt:32768: reading it (70001 lines, " + std::to_string(text.size()) +
                        " bytes, 131072 vertex names) would need about ",
                    0) == 0);
  CHECK(read(text).graph.num_vertices() == 140000);  // within the limit of this machine
}

}  // namespace edge_list_file_test
