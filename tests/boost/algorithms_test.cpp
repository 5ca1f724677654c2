// Boost.Graph algorithms that need an EdgeListGraph or edge property maps, run
// on the library's graphs through the adaptor (boost/graph_traits.hpp,
// boost/edge_index.hpp) and checked against independent computations: the same
// Boost algorithm on a boost::adjacency_list copy, the library's BFS and
// all-pairs statistics, brute-force path counting, and closed forms.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <utility>
#include <vector>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/betweenness_centrality.hpp>
#include <boost/graph/connected_components.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#include <boost/graph/graph_concepts.hpp>
#include <boost/graph/johnson_all_pairs_shortest.hpp>
#include <boost/property_map/function_property_map.hpp>
#include <boost/property_map/property_map.hpp>

#include "shiftfly/boost/edge_index.hpp"
#include "shiftfly/boost/graph_traits.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/distances/diameter_bounds.hpp"
#include "shiftfly/operations/link_failures.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/imase_itoh.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/torus.hpp"

namespace algorithms_test {

namespace boost_algorithms_test {

using G = shiftfly::core::graph<std::uint32_t>;
using Edge = boost::graph_traits<G>::edge_descriptor;
using IndexMap = shiftfly::boost_adaptor::edge_index_map<std::uint32_t>;
using Copy = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                                   boost::property<boost::edge_weight_t, int>>;

BOOST_CONCEPT_ASSERT((boost::ReadablePropertyMapConcept<IndexMap, Edge>));

// The graphs of the checks: vertex-transitive tori, a Kautz graph, an Imase–Itoh
// graph and a two-group Boardfly (degrees 5 to 7).
std::vector<G> graphs() {
  return {shiftfly::topology::torus({4, 5}), shiftfly::topology::torus({3, 3, 3}), shiftfly::topology::kautz(2, 3),
          shiftfly::topology::imase_itoh(10, 2), shiftfly::topology::boardfly_chip_level(2)};
}

// A weight for the edge {u, v} that depends only on its ends, whatever the orientation.
int weight_of(std::uint32_t a, std::uint32_t b) {
  const auto u = std::min(a, b), v = std::max(a, b);
  return 1 + static_cast<int>((7 * u + 3 * v) % 5);
}

// An adjacency_list copy of the physical graph, built from the CSR rows (not through the adaptor).
Copy copy_of(const G& g) {
  Copy c(g.num_vertices());
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
    for (auto v : g.neighbors(u))
      if (u < v) boost::add_edge(u, v, weight_of(u, v), c);
  return c;
}

std::vector<double> boost_betweenness(const G& g) {
  std::vector<double> c(g.num_vertices(), 0.0);
  boost::brandes_betweenness_centrality(
      g, boost::centrality_map(boost::make_iterator_property_map(c.begin(), get(boost::vertex_index, g))));
  return c;
}

std::vector<double> copy_betweenness(const Copy& c) {
  std::vector<double> out(boost::num_vertices(c), 0.0);
  boost::brandes_betweenness_centrality(
      c, boost::centrality_map(boost::make_iterator_property_map(out.begin(), boost::get(boost::vertex_index, c))));
  return out;
}

// Betweenness by brute force: BFS distances d and shortest-path counts σ from every
// vertex, then C(v) = Σ over unordered pairs {s, t} not containing v, with
// d(s,v) + d(v,t) = d(s,t), of σ(s,v) σ(v,t) / σ(s,t) (Freeman 1977; the
// undirected normalisation Boost uses).
std::vector<double> brute_betweenness(const G& g) {
  const std::size_t n = g.num_vertices();
  std::vector<std::vector<std::int32_t>> d(n);
  std::vector<std::vector<double>> sigma(n, std::vector<double>(n, 0.0));
  for (std::uint32_t s = 0; s < n; ++s) {
    d[s] = shiftfly::metrics::bfs(g, s).distance;
    // σ in order of distance: σ(s,w) = Σ over neighbours u one step closer of σ(s,u).
    std::vector<std::uint32_t> order(n);
    for (std::uint32_t v = 0; v < n; ++v) order[v] = v;
    std::sort(order.begin(), order.end(), [&](auto a, auto b) { return d[s][a] < d[s][b]; });
    sigma[s][s] = 1;
    for (auto w : order)
      for (auto u : g.neighbors(w))
        if (d[s][u] + 1 == d[s][w]) sigma[s][w] += sigma[s][u];
  }
  std::vector<double> c(n, 0.0);
  for (std::uint32_t v = 0; v < n; ++v)
    for (std::uint32_t s = 0; s < n; ++s)
      for (std::uint32_t t = s + 1; t < n; ++t)
        if (s != v && t != v && d[s][v] + d[v][t] == d[s][t]) c[v] += sigma[s][v] * sigma[v][t] / sigma[s][t];
  return c;
}

}  // namespace boost_algorithms_test

using namespace boost_algorithms_test;

TEST_CASE("boost adaptor: edge_index_map numbers the edges 0..m-1 in edges(g) order, either orientation", "[boost]") {
  for (const auto& g : graphs()) {
    const IndexMap idx = shiftfly::boost_adaptor::make_edge_index_map(g);
    std::size_t k = 0;
    for (auto [ei, ee] = edges(g); ei != ee; ++ei, ++k) {
      CHECK(get(idx, *ei) == k);
      CHECK(get(idx, Edge{target(*ei, g), source(*ei, g)}) == k);
    }
    CHECK(k == g.num_edges());
    // Out-edges from both ends reach every index exactly twice.
    std::vector<int> seen(g.num_edges(), 0);
    for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
      for (auto [oi, oe] = out_edges(u, g); oi != oe; ++oi) ++seen[get(idx, *oi)];
    CHECK(std::all_of(seen.begin(), seen.end(), [](int x) { return x == 2; }));
  }
  const auto t = shiftfly::topology::torus({4, 4});
  const auto idx = shiftfly::boost_adaptor::make_edge_index_map(t);
  CHECK_THROWS_WITH(get(idx, Edge{0, 5}), "edge_index_map: (0, 5) is not an edge of the graph");
  CHECK_THROWS_WITH(get(idx, Edge{3, 3}), "edge_index_map: (3, 3) is not an edge of the graph");
  CHECK_THROWS_WITH(get(idx, Edge{0, 16}), "edge_index_map: (0, 16) is not an edge of the graph");
  CHECK_THROWS_AS(get(IndexMap{}, Edge{0, 1}), shiftfly::core::invalid_parameter);
}

TEST_CASE("boost adaptor: brandes_betweenness_centrality equals the adjacency_list copy and brute force", "[boost]") {
  for (const auto& g : graphs()) {
    INFO(g.name());
    const auto ours = boost_betweenness(g);
    const auto copy = copy_betweenness(copy_of(g));
    const auto brute = brute_betweenness(g);
    REQUIRE(ours.size() == g.num_vertices());
    for (std::size_t v = 0; v < ours.size(); ++v) {
      CHECK(ours[v] == Approx(copy[v]).epsilon(1e-12).margin(1e-12));
      CHECK(ours[v] == Approx(brute[v]).epsilon(1e-12).margin(1e-12));
    }
  }
}

TEST_CASE("boost adaptor: betweenness on a torus (vertex-transitive) is one value, from the distance counts", "[boost]") {
  // On a vertex-transitive graph every vertex has the same betweenness, and the
  // values sum to Σ over unordered pairs of (d(s,t) − 1) (a shortest path has
  // d − 1 inner vertices): C = (Σ_ordered d − ordered pairs) / (2n).
  for (const auto& g : {shiftfly::topology::torus({4, 5}), shiftfly::topology::torus({3, 3, 3}),
                        shiftfly::topology::torus({6, 6})}) {
    INFO(g.name());
    const auto stats = shiftfly::metrics::all_pairs_stats(g);
    // The same sum from a plain BFS per vertex, independent of the bit-parallel sweep.
    std::uint64_t total = 0, pairs = 0;
    for (std::uint32_t s = 0; s < g.num_vertices(); ++s)
      for (auto x : shiftfly::metrics::bfs(g, s).distance)
        if (x > 0) {
          total += static_cast<std::uint64_t>(x);
          ++pairs;
        }
    REQUIRE(total == stats.total_distance);
    REQUIRE(pairs == stats.pairs);
    const double expected = static_cast<double>(total - pairs) / (2.0 * static_cast<double>(g.num_vertices()));
    for (double c : boost_betweenness(g)) CHECK(c == Approx(expected).epsilon(1e-12));
  }
  // T(4,5) by hand: from any source, Σ d = 5·(0+1+2+1) + 4·(0+1+2+2+1) = 44 over 19 other
  // vertices, so C = 20·(44 − 19) / (2·20) = 12.5.
  for (double c : boost_betweenness(shiftfly::topology::torus({4, 5}))) CHECK(c == Approx(12.5).epsilon(1e-12));
}

TEST_CASE("boost adaptor: edge betweenness through edge_index_map sums to the total distance", "[boost]") {
  // Every shortest s–t path has d(s,t) edges, so the edge centralities sum to Σ over unordered pairs of d(s,t).
  for (const auto& g : graphs()) {
    INFO(g.name());
    const auto idx = shiftfly::boost_adaptor::make_edge_index_map(g);
    std::vector<double> vc(g.num_vertices(), 0.0), ec(g.num_edges(), 0.0);
    boost::brandes_betweenness_centrality(g, boost::make_iterator_property_map(vc.begin(), get(boost::vertex_index, g)),
                                          boost::make_iterator_property_map(ec.begin(), idx));
    double sum = 0;
    for (double x : ec) sum += x;
    const auto stats = shiftfly::metrics::all_pairs_stats(g);
    CHECK(sum == Approx(static_cast<double>(stats.total_distance) / 2.0).epsilon(1e-12));
    // And on the copy, edge by edge: the copy's edges were added in edges(g) order.
    const Copy c = copy_of(g);
    std::vector<double> cvc(g.num_vertices(), 0.0);
    std::map<Copy::edge_descriptor, double> cec;
    boost::brandes_betweenness_centrality(
        c, boost::make_iterator_property_map(cvc.begin(), boost::get(boost::vertex_index, c)),
        boost::make_assoc_property_map(cec));
    std::size_t k = 0;
    for (auto [ei, ee] = boost::edges(c); ei != ee; ++ei, ++k) CHECK(ec[k] == Approx(cec[*ei]).epsilon(1e-12));
    CHECK(k == g.num_edges());
  }
}

TEST_CASE("boost adaptor: dijkstra_shortest_paths with unit weights gives the library's BFS distances", "[boost]") {
  for (const auto& g : graphs()) {
    INFO(g.name());
    const auto unit = boost::make_static_property_map<Edge>(1);
    for (std::uint32_t s : {0U, 1U, static_cast<std::uint32_t>(g.num_vertices() - 1)}) {
      std::vector<int> dist(g.num_vertices(), -1);
      boost::dijkstra_shortest_paths(
          g, s, boost::weight_map(unit).distance_map(boost::make_iterator_property_map(dist.begin(), get(boost::vertex_index, g))));
      const auto bfs = shiftfly::metrics::bfs(g, s).distance;
      CHECK(std::vector<std::int32_t>(dist.begin(), dist.end()) == bfs);
    }
  }
}

TEST_CASE("boost adaptor: dijkstra_shortest_paths with per-edge weights equals the adjacency_list copy", "[boost]") {
  // Weights live in a vector indexed by edge_index_map, and depend on the edge's ends only,
  // so any orientation mix-up in the map shows as a wrong distance.
  for (const auto& g : graphs()) {
    INFO(g.name());
    const auto idx = shiftfly::boost_adaptor::make_edge_index_map(g);
    std::vector<int> w(g.num_edges());
    for (auto [ei, ee] = edges(g); ei != ee; ++ei) w[get(idx, *ei)] = weight_of(source(*ei, g), target(*ei, g));
    const Copy c = copy_of(g);
    for (std::uint32_t s : {0U, static_cast<std::uint32_t>(g.num_vertices() / 2)}) {
      std::vector<int> ours(g.num_vertices()), theirs(g.num_vertices());
      boost::dijkstra_shortest_paths(g, s,
                                     boost::weight_map(boost::make_iterator_property_map(w.begin(), idx))
                                         .distance_map(boost::make_iterator_property_map(ours.begin(), get(boost::vertex_index, g))));
      boost::dijkstra_shortest_paths(c, s, boost::distance_map(boost::make_iterator_property_map(theirs.begin(), boost::get(boost::vertex_index, c))));
      CHECK(ours == theirs);
      // The same weights computed from the descriptor's ends, without storage.
      std::vector<int> computed(g.num_vertices());
      const auto by_ends = boost::make_function_property_map<Edge, int>([](const Edge& e) { return weight_of(e.source, e.target); });
      boost::dijkstra_shortest_paths(g, s,
                                     boost::weight_map(by_ends).distance_map(
                                         boost::make_iterator_property_map(computed.begin(), get(boost::vertex_index, g))));
      CHECK(computed == theirs);
    }
  }
}

TEST_CASE("boost adaptor: connected_components gives the library's components, count and labels", "[boost]") {
  // Damaged tori (links dropped with the reference rule at a high rate) are disconnected.
  for (double rate : {0.0, 0.7, 0.9}) {
    shiftfly::core::python_random rng(101);
    const auto g = shiftfly::operations::drop_links(shiftfly::topology::torus({6, 6}), rate, rng);
    INFO("rate " << rate);
    std::vector<int> comp(g.num_vertices(), -1);
    const int k = boost::connected_components(g, boost::make_iterator_property_map(comp.begin(), get(boost::vertex_index, g)));
    // The library's labels: a BFS from each vertex not yet labelled, numbered in vertex order.
    std::vector<int> lib(g.num_vertices(), -1);
    int count = 0;
    for (std::uint32_t s = 0; s < g.num_vertices(); ++s) {
      if (lib[s] >= 0) continue;
      const auto r = shiftfly::metrics::bfs(g, s);
      for (std::uint32_t v = 0; v < g.num_vertices(); ++v)
        if (r.distance[v] >= 0) lib[v] = count;
      ++count;
    }
    CHECK(k == count);
    CHECK(comp == lib);
    CHECK(shiftfly::metrics::diameter_ifub(g).disconnected == (count > 1));
    if (rate == 0.0) CHECK(k == 1);
    if (rate == 0.9) CHECK(k > 1);
  }
}

TEST_CASE("boost adaptor: johnson_all_pairs_shortest_paths equals the library's all-pairs distances", "[boost]") {
  for (const auto& g : {shiftfly::topology::kautz(2, 3), shiftfly::topology::torus({3, 4}),
                        shiftfly::topology::imase_itoh(10, 2), shiftfly::topology::boardfly_chip_level(1)}) {
    INFO(g.name());
    const std::size_t n = g.num_vertices();
    std::vector<std::vector<int>> d(n, std::vector<int>(n, 0));
    REQUIRE(boost::johnson_all_pairs_shortest_paths(g, d, boost::weight_map(boost::make_static_property_map<Edge>(1))));
    std::vector<std::uint64_t> hist;
    for (std::uint32_t s = 0; s < n; ++s) {
      const auto bfs = shiftfly::metrics::bfs(g, s).distance;
      CHECK(std::vector<std::int32_t>(d[s].begin(), d[s].end()) == bfs);
      for (int x : d[s]) {
        if (hist.size() <= static_cast<std::size_t>(x)) hist.resize(static_cast<std::size_t>(x) + 1, 0);
        ++hist[static_cast<std::size_t>(x)];
      }
    }
    CHECK(hist == shiftfly::metrics::all_pairs_stats(g).histogram);
  }
}

}  // namespace algorithms_test
