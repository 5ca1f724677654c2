// io/edge_list.hpp: the writer against an independent rendering of the
// format, the round trip write -> read -> same graph on real families, and
// every class of malformed input refused with one line.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/io/edge_list.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/de_bruijn.hpp"
#include "shiftfly/topology/imase_itoh.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/torus.hpp"
#include "../topology/support.hpp"

namespace edge_list_test {

namespace {

namespace core = shiftfly::core;
namespace io = shiftfly::io;
namespace t = shiftfly::topology;
using graph32 = core::graph<std::uint32_t>;
using core::same_arcs;
using core::same_edges;

std::string write(const graph32& g, bool directed) {
  std::ostringstream os;
  io::write_edge_list(os, g, directed);
  return os.str();
}

// The one-line error message of read_edge_list, or "" when it accepts.
std::string error_of(std::string_view text, io::edge_list_options opt = {}) {
  try {
    (void)io::read_edge_list(text, opt);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

void check_refused(std::string_view text, const std::string& must_contain, io::edge_list_options opt = {}) {
  const std::string msg = error_of(text, opt);
  INFO("input: " << std::string(text) << "\nmessage: " << msg);
  CHECK(msg.rfind("read_edge_list: ", 0) == 0);
  CHECK(msg.find('\n') == std::string::npos);
  CHECK(msg.find('\r') == std::string::npos);
  CHECK(msg.find(must_contain) != std::string::npos);
}

}  // namespace

TEST_CASE("edge list: the writer prints the documented format", "[core][edge_list]") {
  const auto k = t::kautz(3, 3);
  CHECK(write(k, false) == shiftfly::test::edge_text(k));
  CHECK(write(k, true) == shiftfly::test::arc_text(k));
  const auto tor = t::torus({3, 4});
  CHECK(write(tor, false) == shiftfly::test::edge_text(tor));
  // a hand-made digraph: arcs in generation order, loops and repeats kept
  const auto g = graph32::from_arcs(3, {0, 3, 3, 5}, {2, 0, 2, 1, 1});
  CHECK(write(g, true) == "0 2\n0 0\n0 2\n2 1\n2 1\n");
  CHECK(write(g, false) == "0 2\n1 2\n");
  CHECK(write(graph32::from_edges(0, {}), false).empty());
  CHECK_THROWS_WITH(write(tor, true), Catch::Contains("write_edge_list: directed = true needs a graph with arcs"));
}

TEST_CASE("edge list: write -> read gives the same graph on real families", "[core][edge_list]") {
  const std::vector<graph32> undirected = {t::torus({4, 5, 2}), t::kautz(3, 3), t::de_bruijn(2, 6),
                                         t::generalized_de_bruijn(100, 3), t::imase_itoh(97, 4),
                                         t::boardfly_chip_level(36), t::boardfly_group_level(200, 3)};
  for (const auto& g : undirected) {
    INFO(g.name());
    const std::string text = write(g, false);
    const auto back = io::read_edge_list(text, {.vertices = g.num_vertices()});
    CHECK(same_edges(g, back));
    CHECK(write(back, false) == text);
    // without the count, the largest id + 1 (these families have no isolated vertex)
    CHECK(same_edges(g, io::read_edge_list(text)));
  }
  const std::vector<graph32> directed = {t::kautz(3, 3), t::kautz(2, 5), t::de_bruijn(2, 5), t::de_bruijn(3, 3),
                                       t::generalized_de_bruijn(50, 3), t::imase_itoh(100, 3)};
  for (const auto& g : directed) {
    INFO(g.name());
    const std::string text = write(g, true);
    const auto back = io::read_edge_list(text, {.directed = true, .vertices = g.num_vertices()});
    CHECK(same_arcs(g, back));
    CHECK(same_edges(g, back));  // the physical graph is rebuilt from the arcs
    CHECK(write(back, true) == text);
  }
}

TEST_CASE("edge list: reader details", "[core][edge_list]") {
  // isolated trailing vertices need the caller's count
  const auto g = io::read_edge_list("0 1\n", {.vertices = 5});
  CHECK(g.num_vertices() == 5);
  CHECK(g.num_edges() == 1);
  CHECK(io::read_edge_list("0 1\n").num_vertices() == 2);
  // empty text: no vertices, or the given count
  CHECK(io::read_edge_list("").num_vertices() == 0);
  CHECK(io::read_edge_list("", {.vertices = 3}).num_vertices() == 3);
  // the last newline may be missing; repeated undirected edges merge
  const auto h = io::read_edge_list("0 2\n1 2\n0 2");
  CHECK(h.num_vertices() == 3);
  CHECK(h.num_edges() == 2);
  // arcs in any order of sources are grouped by source, keeping each source's order
  const auto d = io::read_edge_list("2 1\n0 2\n2 0\n0 0\n", {.directed = true});
  CHECK(write(d, true) == "0 2\n0 0\n2 1\n2 0\n");
  // 64-bit vertex ids
  const auto big = io::read_edge_list<std::uint64_t>("0 1\n", {.vertices = 2});
  CHECK(big.num_edges() == 1);
}

TEST_CASE("edge list: malformed input is refused with one line", "[core][edge_list][errors]") {
  check_refused("0 1\n\n1 2\n", "line 2 ('') is not 'u v'");
  check_refused("0 1\n1\n", "line 2 ('1') is not 'u v'");
  check_refused("0 1 2\n", "line 1 ('0 1 2') is not 'u v'");
  check_refused("0  1\n", "line 1 ('0  1') is not 'u v'");
  check_refused(" 0 1\n", "line 1 (' 0 1') is not 'u v'");
  check_refused("0\t1\n", "line 1 ('0\\t1') is not 'u v'");
  check_refused("0 1\r\n", "line 1 ('0 1\\r') is not 'u v'");
  check_refused("-1 2\n", "is not 'u v'");
  check_refused("+1 2\n", "is not 'u v'");
  check_refused("01 2\n", "without leading zeros");
  check_refused("0x1 2\n", "is not 'u v'");
  check_refused("a b\n", "is not 'u v'");
  check_refused("0 99999999999999999999999\n", "is not 'u v'");
  check_refused("0 18446744073709551616\n", "is not 'u v'");  // 2^64
  check_refused("1 0\n", "line 1 ('1 0') is not an edge with u < v");
  check_refused("3 3\n", "is not an edge with u < v");
  check_refused("0 1\n0 5\n", "line 2 ('0 5') has vertex id 5 (accepted: 0 to 3)", {.vertices = 4});
  check_refused("0 1\n", "has vertex id 0 (accepted: none, the graph has 0 vertices)", {.vertices = 0});
  // vertex counts beyond the limit are refused before anything is allocated
  check_refused("0 4294967295\n", "vertex id 4294967295 on line 1 exceeds the limit of 134217728 vertices");
  check_refused("0 18446744073709551615\n", "vertex id 18446744073709551615 on line 1 exceeds the limit");
  check_refused("", "vertex count 4294967296 exceeds the limit of 4294967295 vertices",
                {.vertices = std::uint64_t{1} << 32, .max_vertices = std::uint64_t{1} << 40});
  check_refused("0 1000\n", "vertex id 1000 on line 1 exceeds the limit of 1000 vertices", {.max_vertices = 1000});
  CHECK(io::read_edge_list("0 999\n", {.max_vertices = 1000}).num_vertices() == 1000);
  // a control character in a line is escaped, so the message stays one line
  check_refused("0 1\n2\x01 3\n", "line 2 ('2\\x01 3')");
  // a long line is cut in the message
  check_refused(std::string(5000, '7'), "...') is not 'u v'");
  CHECK(error_of(std::string(5000, '7')).size() < 400);
}

TEST_CASE("edge list: a graph beyond the available memory is refused before it is built", "[core][edge_list][errors]") {
  // core/memory.hpp: SHIFTFLY_MEMORY_LIMIT overrides the memory the process may use
  ::setenv("SHIFTFLY_MEMORY_LIMIT", "1M", 1);
  // 10^6 vertices need about 7.6 MiB of offsets alone
  check_refused("0 999999\n", "the graph (1000000 vertices, 1 edges) would need about");
  check_refused("0 1\n", "would need about", {.directed = true, .vertices = 1000000});
  CHECK(io::read_edge_list("0 1\n1 2\n").num_edges() == 2);  // small graphs still fit
  ::unsetenv("SHIFTFLY_MEMORY_LIMIT");
}

}  // namespace edge_list_test
