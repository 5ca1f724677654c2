#pragma once
// Test helpers for the finite-field families (PolarFly, Slim Fly): the networkx fixtures
// of tests/fixtures/families (edge lists and certificates), an isomorphism check with
// Boost.Graph's boost::isomorphism (whose mapping is then verified edge by edge), a
// diameter-at-most-2 check with adjacency bitsets, triangle counts and distance
// distributions by plain BFS.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/isomorphism.hpp>
#include <catch2/catch.hpp>

#include "support.hpp"

namespace shiftfly::test {

/// An undirected graph read from a fixture edge list: vertex count and edges.
struct field_fixture_graph {
  std::size_t n = 0;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
};

/// Reads tests/fixtures/families/<name>.txt ('#' comments, "n m", then m lines "u v").
inline field_fixture_graph read_family_fixture(const std::string& name) {
  std::ifstream in(std::string(SHIFTFLY_FIXTURES) + "/families/" + name + ".txt");
  if (!in) throw std::runtime_error("cannot open fixture " + name);
  field_fixture_graph g;
  std::string line;
  std::size_t m = 0;
  bool header = false;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream is(line);
    if (!header) {
      is >> g.n >> m;
      header = true;
      continue;
    }
    std::uint32_t u = 0, v = 0;
    is >> u >> v;
    g.edges.emplace_back(u, v);
  }
  if (!header || g.edges.size() != m) throw std::runtime_error("malformed fixture " + name);
  return g;
}

/// One line of tests/fixtures/families/certificates.txt.
struct family_certificate {
  std::uint64_t n = 0, m = 0, triangles = 0;
  std::vector<std::uint64_t> distances;  // ordered pairs at distance 0, 1, 2, ...
};

inline std::map<std::string, family_certificate> family_certificates() {
  std::ifstream in(std::string(SHIFTFLY_FIXTURES) + "/families/certificates.txt");
  if (!in) throw std::runtime_error("cannot open certificates.txt");
  std::map<std::string, family_certificate> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream is(line);
    std::string name;
    family_certificate c;
    is >> name >> c.n >> c.m >> c.triangles;
    for (std::uint64_t d = 0; is >> d;) c.distances.push_back(d);
    out[name] = c;
  }
  return out;
}

using boost_graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;

template <class G>
boost_graph to_boost(const G& g) {
  boost_graph b(g.num_vertices());
  for (std::size_t u = 0; u < g.num_vertices(); ++u)
    for (auto v : g.neighbors(static_cast<typename G::vertex_type>(u)))
      if (u < v) boost::add_edge(u, v, b);
  return b;
}

inline boost_graph to_boost(const field_fixture_graph& g) {
  boost_graph b(g.n);
  for (auto [u, v] : g.edges) boost::add_edge(u, v, b);
  return b;
}

/// True if boost::isomorphism finds an isomorphism a -> b and it maps every edge of a to an edge of b.
inline bool isomorphic(const boost_graph& a, const boost_graph& b) {
  if (boost::num_vertices(a) != boost::num_vertices(b) || boost::num_edges(a) != boost::num_edges(b)) return false;
  std::vector<boost_graph::vertex_descriptor> f(boost::num_vertices(a));
  const bool found = boost::isomorphism(
      a, b, boost::isomorphism_map(boost::make_iterator_property_map(f.begin(), boost::get(boost::vertex_index, a))));
  if (!found) return false;
  std::vector<bool> used(f.size(), false);
  for (auto x : f) {
    if (x >= f.size() || used[x]) return false;
    used[x] = true;
  }
  for (auto [e, end] = boost::edges(a); e != end; ++e)
    if (!boost::edge(f[boost::source(*e, a)], f[boost::target(*e, a)], b).second) return false;
  return true;
}

/// True if every two distinct vertices are adjacent or have a common neighbour (rows of adjacency bits).
template <class G>
bool diameter_at_most_two(const G& g) {
  const std::size_t n = g.num_vertices(), words = (n + 63) / 64;
  std::vector<std::uint64_t> rows(n * words, 0);
  for (std::size_t u = 0; u < n; ++u) {
    rows[u * words + u / 64] |= std::uint64_t{1} << (u % 64);
    for (auto v : g.neighbors(static_cast<typename G::vertex_type>(u))) rows[u * words + v / 64] |= std::uint64_t{1} << (v % 64);
  }
  std::vector<std::uint64_t> reach(words);
  for (std::size_t u = 0; u < n; ++u) {
    std::copy(rows.begin() + u * words, rows.begin() + (u + 1) * words, reach.begin());
    for (auto v : g.neighbors(static_cast<typename G::vertex_type>(u)))
      for (std::size_t w = 0; w < words; ++w) reach[w] |= rows[v * words + w];
    std::size_t count = 0;
    for (auto w : reach) count += static_cast<std::size_t>(std::popcount(w));
    if (count != n) return false;
  }
  return true;
}

/// Number of triangles (each counted once).
template <class G>
std::uint64_t triangle_count(const G& g) {
  std::uint64_t t = 0;
  for (std::size_t u = 0; u < g.num_vertices(); ++u)
    for (auto v : g.neighbors(static_cast<typename G::vertex_type>(u)))
      if (u < v)
        for (auto w : g.neighbors(v))
          if (v < w && g.adjacent(static_cast<typename G::vertex_type>(u), w)) ++t;
  return t;
}

/// Ordered pairs at distance 0, 1, 2, ... (plain BFS from every vertex).
template <class G>
std::vector<std::uint64_t> distance_distribution(const G& g) {
  std::vector<std::uint64_t> out;
  for (std::size_t s = 0; s < g.num_vertices(); ++s)
    for (auto d : bfs(g, s)) {
      if (d == unreached) throw std::runtime_error("disconnected");
      if (out.size() <= d) out.resize(d + 1, 0);
      ++out[d];
    }
  return out;
}

/// Checks a generated graph against its networkx-built fixture `name`: vertex and
/// edge counts, triangles and the distance distribution against the committed
/// certificates, then isomorphism with the fixture's graph (Boost VF2).
template <class G>
void check_matches_fixture(const G& g, const std::string& name) {
  INFO(name);
  const auto certs = family_certificates();
  const auto& c = certs.at(name);
  CHECK(g.num_vertices() == c.n);
  CHECK(g.num_edges() == c.m);
  CHECK(triangle_count(g) == c.triangles);
  CHECK(distance_distribution(g) == c.distances);
  CHECK(isomorphic(to_boost(g), to_boost(read_family_fixture(name))));
}

/// Length of a shortest cycle (plain BFS from every vertex; 0 if acyclic).
template <class G>
std::uint32_t girth(const G& g) {
  std::uint32_t best = 0;
  const std::size_t n = g.num_vertices();
  for (std::size_t s = 0; s < n; ++s) {
    std::vector<std::uint32_t> dist(n, unreached);
    std::vector<std::size_t> parent(n, n), queue{s};
    dist[s] = 0;
    for (std::size_t i = 0; i < queue.size(); ++i) {
      const auto u = queue[i];
      for (auto v : g.neighbors(static_cast<typename G::vertex_type>(u))) {
        if (dist[v] == unreached) {
          dist[v] = dist[u] + 1;
          parent[v] = u;
          queue.push_back(v);
        } else if (parent[u] != v) {
          const std::uint32_t len = dist[u] + dist[v] + 1;
          if (best == 0 || len < best) best = len;
        }
      }
    }
  }
  return best;
}

}  // namespace shiftfly::test
