// topology/file_source.hpp: a graph read from a user's file beside the registry's families.
#include <catch2/catch.hpp>

#include <string>

#include "shiftfly/topology/file_source.hpp"

namespace file_source_test {

namespace t = shiftfly::topology;

TEST_CASE("the file source reads a user's file; its parameters and direction", "[file]") {
  const std::string path = std::string(SHIFTFLY_FIXTURES) + "/files/hyperx.txt";  // NetworkX's HyperX K4 x K4 x K3
  const auto g = t::make_graph(t::file_spec{.path = path});
  CHECK(g.num_vertices() == 48);
  CHECK(g.num_edges() == 192);
  CHECK(g.has_names());
  CHECK_FALSE(t::is_digraph(t::file_spec{.path = path}));
  CHECK(t::is_digraph(t::file_spec{.path = path, .directed = true}));
  CHECK(t::make_graph(t::file_spec{.path = path, .directed = true}).num_arcs() == 192);
  const auto ps = t::parameters(t::file_spec{path, true, "edgelist"});
  REQUIRE(ps.size() == 3);
  CHECK((ps[0].name == "path" && ps[0].value == path));
  CHECK((ps[1].name == "directed" && ps[1].value == "true"));
  CHECK((ps[2].name == "format" && ps[2].value == "edgelist"));
  CHECK(t::parameters(t::file_spec{.path = path}).size() == 2);
  CHECK_THROWS_WITH(t::make_graph(t::file_spec{path, false, "graphml"}), Catch::Contains(path + ":1: bad XML"));
  CHECK_THROWS_WITH(t::make_graph(t::file_spec{.path = "/nonexistent-shiftfly/G.txt"}),
                    "read_graph_file: /nonexistent-shiftfly/G.txt: no such file");
  CHECK(t::read_file_spec(t::file_spec{.path = path}).format == shiftfly::io::graph_file_format::edge_list);
}

}  // namespace file_source_test
