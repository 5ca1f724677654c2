#pragma once
// Test helpers for the interconnect families: the edge-list fixtures written by
// tests/fixtures/families/make_family_fixtures.py, edge sets, and isomorphism
// through bliss's canonical labelling (two graphs are isomorphic exactly when their canonical
// forms are equal).

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <bliss/graph.hh>

#include <memory>

#include "shiftfly/core/graph.hpp"

namespace shiftfly::test {

using edge_list = std::set<std::pair<std::uint64_t, std::uint64_t>>;

/// One fixture graph: vertex count and edges (u < v); a "digest" entry has the edge
/// count and the SHA-256 of its lines "u v\n" (u < v, ascending) instead of the edges.
struct fixture_graph {
  std::uint64_t n = 0;
  edge_list edges;
  std::uint64_t m = 0;
  std::string sha256;
};

/// Reads tests/fixtures/families/<file>: blocks "graph <key> <n> <m>" then m lines "u v",
/// and lines "digest <key> <n> <m> <sha256>".
inline std::map<std::string, fixture_graph> family_fixtures(const std::string& file) {
  std::ifstream in(std::string(SHIFTFLY_FIXTURES) + "/families/" + file);
  if (!in) throw std::runtime_error("cannot open families/" + file);
  std::map<std::string, fixture_graph> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream is(line);
    std::string word, key;
    std::uint64_t m = 0;
    fixture_graph g;
    is >> word >> key >> g.n >> m;
    g.m = m;
    if (word == "digest") {
      is >> g.sha256;
      out[key] = std::move(g);
      continue;
    }
    if (word != "graph") throw std::runtime_error("families/" + file + ": bad line " + line);
    for (std::uint64_t i = 0; i < m; ++i) {
      std::uint64_t u = 0, v = 0;
      in >> u >> v;
      g.edges.insert({std::min(u, v), std::max(u, v)});
    }
    std::getline(in, line);
    out[key] = std::move(g);
  }
  return out;
}

/// The edges {u, v}, u < v, of a library graph.
template <class G>
edge_list edges_of(const G& g) {
  edge_list out;
  for (std::size_t u = 0; u < g.num_vertices(); ++u)
    for (auto v : g.neighbors(static_cast<typename G::vertex_type>(u)))
      if (u < v) out.insert({u, v});
  return out;
}

/// The canonical form of the simple graph on n vertices with these edges (bliss, its splitting
/// heuristic fixed): equal for two edge sets exactly when the graphs are isomorphic.
inline std::unique_ptr<bliss::Graph> canonical_form(std::uint64_t n, const edge_list& edges) {
  bliss::Graph g(static_cast<unsigned>(n));
  for (auto [u, v] : edges) g.add_edge(static_cast<unsigned>(u), static_cast<unsigned>(v));
  g.set_splitting_heuristic(bliss::Graph::shs_fsm);
  bliss::Stats stats;
  const unsigned* labelling = g.canonical_form(stats, nullptr, nullptr);
  return std::unique_ptr<bliss::Graph>(g.permute(labelling));
}

/// True if the library graph and the fixture graph are isomorphic: their canonical forms are
/// equal. (boost::isomorphism, the check before, took a minute and a half on the differential
/// fixture under the sanitizers' instrumentation, where bliss, a compiled library, is not
/// instrumented: docs/hardening.md, "CI time".)
template <class G>
bool isomorphic(const G& g, const fixture_graph& f) {
  if (g.num_vertices() != f.n || g.num_edges() != f.edges.size()) return false;
  return canonical_form(f.n, edges_of(g))->cmp(*canonical_form(f.n, f.edges)) == 0;
}

}  // namespace shiftfly::test
