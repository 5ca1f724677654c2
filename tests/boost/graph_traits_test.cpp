// Boost.Graph adaptation: concept checks, and Boost's own BFS and connected
// components run on core::graph, checked against independent computations.
#include <catch2/catch.hpp>

#include <cstdint>
#include <deque>
#include <limits>
#include <utility>
#include <vector>

#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/connected_components.hpp>
#include <boost/graph/graph_concepts.hpp>
#include <boost/graph/visitors.hpp>
#include <boost/property_map/property_map.hpp>

#include "shiftfly/boost/graph_traits.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/torus.hpp"

namespace graph_traits_test {

namespace {

using G32 = shiftfly::core::graph<std::uint32_t>;
using G64 = shiftfly::core::graph<std::uint64_t>;
using Vertex = boost::graph_traits<G32>::vertex_descriptor;

BOOST_CONCEPT_ASSERT((boost::VertexListGraphConcept<G32>));
BOOST_CONCEPT_ASSERT((boost::IncidenceGraphConcept<G32>));
BOOST_CONCEPT_ASSERT((boost::AdjacencyGraphConcept<G32>));
BOOST_CONCEPT_ASSERT((boost::VertexListGraphConcept<G64>));
BOOST_CONCEPT_ASSERT((boost::IncidenceGraphConcept<G64>));
BOOST_CONCEPT_ASSERT((boost::AdjacencyGraphConcept<G64>));
BOOST_CONCEPT_ASSERT((boost::EdgeListGraphConcept<G32>));
BOOST_CONCEPT_ASSERT((boost::EdgeListGraphConcept<G64>));
BOOST_CONCEPT_ASSERT((boost::VertexAndEdgeListGraphConcept<G32>));
BOOST_CONCEPT_ASSERT(
    (boost::ReadablePropertyMapConcept<boost::property_map<G32, boost::vertex_index_t>::const_type, Vertex>));

// Plain BFS on the CSR arrays, independent of Boost.
std::vector<std::uint32_t> plain_bfs(const G32& g, std::uint32_t s) {
  std::vector<std::uint32_t> dist(g.num_vertices(), std::numeric_limits<std::uint32_t>::max());
  std::deque<std::uint32_t> q{s};
  dist[s] = 0;
  while (!q.empty()) {
    auto u = q.front();
    q.pop_front();
    for (auto v : g.neighbors(u))
      if (dist[v] == std::numeric_limits<std::uint32_t>::max()) {
        dist[v] = dist[u] + 1;
        q.push_back(v);
      }
  }
  return dist;
}

std::vector<std::uint32_t> boost_bfs(const G32& g, std::uint32_t s) {
  std::vector<std::uint32_t> dist(g.num_vertices(), std::numeric_limits<std::uint32_t>::max());
  dist[s] = 0;
  auto dmap = boost::make_iterator_property_map(dist.begin(), get(boost::vertex_index, g));
  boost::breadth_first_search(g, s, boost::visitor(boost::make_bfs_visitor(boost::record_distances(dmap, boost::on_tree_edge()))));
  return dist;
}

}  // namespace

TEST_CASE("graph_traits: free functions agree with the CSR graph", "[boost]") {
  const auto g = shiftfly::topology::kautz(3, 2);
  REQUIRE(num_vertices(g) == 12);
  std::size_t count = 0;
  for (auto [vi, ve] = vertices(g); vi != ve; ++vi) {
    const Vertex u = *vi;
    CHECK(out_degree(u, g) == g.degree(u));
    auto nb = g.neighbors(u);
    std::size_t k = 0;
    for (auto [ei, ee] = out_edges(u, g); ei != ee; ++ei, ++k) {
      CHECK(source(*ei, g) == u);
      CHECK(target(*ei, g) == nb[k]);
    }
    CHECK(k == nb.size());
    auto [ai, ae] = adjacent_vertices(u, g);
    CHECK(std::vector<Vertex>(ai, ae) == std::vector<Vertex>(nb.begin(), nb.end()));
    ++count;
  }
  CHECK(count == 12);
  CHECK(get(boost::vertex_index, g, Vertex{7}) == 7);
}

TEST_CASE("graph_traits: edges(g) lists every edge once, u < v, in edge-list order", "[boost]") {
  for (const auto& g : {shiftfly::topology::kautz(3, 2), shiftfly::topology::torus({4, 3}),
                        shiftfly::topology::boardfly_chip_level(2), G32::from_edges(6, std::vector<std::pair<std::uint32_t, std::uint32_t>>{{4, 1}, {1, 3}}),
                        G32::from_edges(3, std::vector<std::pair<std::uint32_t, std::uint32_t>>{}), G32{}}) {
    // Expected: the rows of the CSR graph, neighbours above the row's vertex (io::write_edge_list's order).
    std::vector<std::pair<std::uint32_t, std::uint32_t>> expected, listed;
    for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
      for (auto v : g.neighbors(u))
        if (u < v) expected.emplace_back(u, v);
    for (auto [ei, ee] = edges(g); ei != ee; ++ei) listed.emplace_back(source(*ei, g), target(*ei, g));
    CHECK(listed == expected);
    CHECK(num_edges(g) == expected.size());
    CHECK(num_edges(g) == g.num_edges());
  }
  // 64-bit ids take the same path.
  const auto g64 = shiftfly::topology::torus<std::uint64_t>({3, 3});
  std::size_t count = 0;
  for (auto [ei, ee] = edges(g64); ei != ee; ++ei, ++count) CHECK(source(*ei, g64) < target(*ei, g64));
  CHECK(count == 18);
}

TEST_CASE("graph_traits: an edge descriptor equals its reverse, as in Boost's undirected graphs", "[boost]") {
  using E = boost::graph_traits<G32>::edge_descriptor;
  CHECK(E{2, 5} == E{5, 2});
  CHECK(E{2, 5} == E{2, 5});
  CHECK_FALSE(E{2, 5} == E{2, 6});
  CHECK_FALSE(E{2, 5} == E{5, 3});
  // The out-edge from either end and the listed edge name one edge.
  const auto g = shiftfly::topology::torus({4, 4});
  const E listed = *edges(g).first;
  CHECK(listed == E{0, 1});
  CHECK(*out_edges(Vertex{1}, g).first == listed);  // 1's first neighbour is 0
}

TEST_CASE("graph_traits: boost::breadth_first_search gives the BFS distances", "[boost]") {
  for (const auto& g : {shiftfly::topology::torus({5, 4, 3}), shiftfly::topology::kautz(3, 3),
                        shiftfly::topology::boardfly_chip_level(6)}) {
    for (std::uint32_t s : {0u, 1u, static_cast<std::uint32_t>(g.num_vertices() - 1)}) {
      CHECK(boost_bfs(g, s) == plain_bfs(g, s));
    }
  }
  // Torus distances are known in closed form: Σ min(|ci - c'i|, ki - |ci - c'i|).
  const auto t = shiftfly::topology::torus({6, 5});
  const auto dist = boost_bfs(t, 0);
  for (std::uint32_t v = 0; v < 30; ++v) {
    const std::uint32_t x = v % 6, y = v / 6;
    CHECK(dist[v] == std::min(x, 6 - x) + std::min(y, 5 - y));
  }
}

TEST_CASE("graph_traits: boost::connected_components counts the components", "[boost]") {
  // Three disjoint pieces: a 4-cycle, a path of 3 and an isolated vertex, plus the ids interleaved.
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> edges{{0, 3}, {3, 6}, {6, 7}, {7, 0}, {1, 4}, {4, 5}};
  const auto g = G32::from_edges(9, edges);
  std::vector<int> comp(g.num_vertices());
  const int k = boost::connected_components(
      g, boost::make_iterator_property_map(comp.begin(), get(boost::vertex_index, g)));
  CHECK(k == 4);  // {0,3,6,7}, {1,4,5}, {2}, {8}
  CHECK(comp[0] == comp[3]);
  CHECK(comp[0] == comp[7]);
  CHECK(comp[1] == comp[5]);
  CHECK(comp[0] != comp[1]);
  CHECK(comp[2] != comp[8]);

  const auto pod = shiftfly::topology::boardfly_chip_level(36);
  std::vector<int> c2(pod.num_vertices());
  CHECK(boost::connected_components(pod, boost::make_iterator_property_map(c2.begin(), get(boost::vertex_index, pod))) == 1);
}

}  // namespace graph_traits_test
