// io/file_graph.hpp: the graph built from a file's named vertices and pairs, with the
// counts of what it drops, checked against a brute-force count on random multigraphs.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/python_random.hpp"
#include "shiftfly/io/file_graph.hpp"

namespace file_graph_test {

namespace io = shiftfly::io;
using pairs_t = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

io::graph_file<std::uint32_t> build(std::size_t n, const pairs_t& pairs, bool directed,
                                    std::vector<std::string> names = {}) {
  return io::build_file_graph<std::uint32_t>("build", "G.txt", io::graph_file_format::edge_list, n, std::move(names),
                                             pairs, directed, io::graph_file_max_vertices);
}

TEST_CASE("build_file_graph: duplicates and self-loops counted as a brute force counts them", "[io][file]") {
  shiftfly::core::python_random rng(5);
  for (int trial = 0; trial < 30; ++trial) {
    const std::size_t n = 2 + rng.randrange(8);
    pairs_t pairs;
    for (std::size_t i = 0, m = rng.randrange(30); i < m; ++i)
      pairs.emplace_back(static_cast<std::uint32_t>(rng.randrange(n)), static_cast<std::uint32_t>(rng.randrange(n)));
    std::set<std::pair<std::uint32_t, std::uint32_t>> edges, arcs;
    std::uint64_t loops = 0, repeated_edges = 0, repeated_arcs = 0;
    for (auto [a, b] : pairs) {
      if (a == b) ++loops;
      else repeated_edges += !edges.insert({std::min(a, b), std::max(a, b)}).second;
      repeated_arcs += !arcs.insert({a, b}).second;
    }
    const auto u = build(n, pairs, false);
    CHECK(u.graph.num_edges() == edges.size());
    CHECK(u.self_loops_dropped == loops);
    CHECK(u.duplicate_edges_dropped == repeated_edges);
    CHECK_FALSE(u.graph.has_arcs());
    const auto d = build(n, pairs, true);
    CHECK(d.graph.num_arcs() == pairs.size());  // loops and repeats kept in the arcs
    CHECK(d.graph.num_edges() == edges.size());
    CHECK(d.self_loops_dropped == loops);
    CHECK(d.duplicate_edges_dropped == repeated_arcs);
    // arcs grouped by source, each source's in the order given
    for (std::uint32_t s = 0; s < n; ++s) {
      std::vector<std::uint32_t> want;
      for (auto [a, b] : pairs)
        if (a == s) want.push_back(b);
      const auto got = d.graph.out_arcs(s);
      CHECK(std::vector<std::uint32_t>(got.begin(), got.end()) == want);
    }
  }
}

TEST_CASE("build_file_graph: names kept unless each is its own id; limits refused", "[io][file]") {
  const auto named = build(3, {{0, 1}, {1, 2}}, false, {"a", "b", "c"});
  REQUIRE(named.graph.has_names());
  CHECK(named.graph.name_of(2) == "c");
  CHECK(named.graph.name() == "G.txt");
  CHECK_FALSE(build(3, {{0, 1}}, false, {"0", "1", "2"}).graph.has_names());
  CHECK(build(3, {{0, 1}}, false, {"0", "2", "1"}).graph.has_names());
  CHECK_THROWS_WITH(io::build_file_graph<std::uint32_t>("b", "G.txt", io::graph_file_format::edge_list, 5, {}, {}, false, 4),
                    Catch::StartsWith("b: G.txt: 5 vertices exceed the limit of 4 vertices"));
  CHECK_THROWS_WITH(io::build_file_graph<std::uint8_t>("b", "G.txt", io::graph_file_format::edge_list, 300, {}, {}, false,
                                                       io::graph_file_max_vertices),
                    Catch::Contains("exceed the limit of 255 vertices"));
  ::setenv("SHIFTFLY_MEMORY_LIMIT", "1K", 1);
  CHECK_THROWS_WITH(build(1000, {}, false), Catch::Contains("refused before allocating"));
  ::unsetenv("SHIFTFLY_MEMORY_LIMIT");
  CHECK(io::format_name(io::graph_file_format::node_link) == "json");
  CHECK(io::format_name(io::graph_file_format::graphml) == "graphml");
  CHECK(io::format_name(io::graph_file_format::edge_list) == "edgelist");
}

}  // namespace file_graph_test
