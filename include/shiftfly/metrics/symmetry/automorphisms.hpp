#pragma once
/// \file automorphisms.hpp
/// Automorphisms of a graph: generators of its automorphism group found by bliss, and an
/// independent check that a vertex permutation is an automorphism of the multigraph.
///
/// API:
///   struct automorphism_group { generators, orbit_of, orbits, group_size_log10, algorithm };
///   automorphism_group graph_automorphisms(const G& g, traversal how = traversal::undirected);
///   bool is_automorphism(const G& g, traversal how, std::span<const std::uint32_t> p);
///   inline constexpr std::uint64_t automorphisms_max_vertices;   // 2^31 − 1
///
/// The graph is the one the throughput metrics route on (metrics/flow/detail/capacity_network.hpp):
/// traversal::undirected takes every link (neighbour lists, parallel links repeated, loops kept);
/// traversal::arcs the directed arcs. bliss (T. Junttila and P. Kaski, "Engineering an efficient
/// canonical labeling tool for large and sparse graphs", ALENEX 2007; docs/references.md; Debian's
/// libbliss-dev) searches the simple graph underneath (parallel links counted once; a loop becomes
/// a vertex colour; bliss::Digraph for arcs): it returns generators of the automorphism group of
/// that coloured simple graph, which may not preserve the multiplicities of a multigraph. So every
/// generator is checked here with is_automorphism on the graph itself (every vertex's multiset of
/// neighbours maps onto its image's), and only those that pass are kept; the orbits are those of
/// the group the kept generators generate (union of v and p(v) over them), a subgroup of the
/// automorphism group of g whatever the search did. group_size_log10 is bliss's figure for the
/// simple graph (the kept generators may generate less: then `algorithm` says how many were dropped).
/// (bliss rather than nauty: nauty's C headers declare `graph`, `set` and some 300 macros in the
/// global namespace, which a header-only library cannot pass on to its users; bliss lives in its
/// namespace.)
///
/// Work: the search's partition refinement is near-linear on the graphs of this library (random
/// regular graphs are split to singletons by refinement alone; the Cayley-like families have large
/// groups found along one branch); the worst cases of graph isomorphism are not among them. The
/// check is O(m log Δ) a generator. Splitting heuristic: bliss's shs_fsm (first smallest maximally
/// non-trivially connected cell), its recommended one for such graphs.

#include <bliss/graph.hh>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/disjoint_sets.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"

namespace shiftfly::metrics {

/// Largest vertex count graph_automorphisms accepts.
inline constexpr std::uint64_t automorphisms_max_vertices = std::numeric_limits<int>::max();

/// Generators of a group of automorphisms of a graph, and its vertex orbits.
struct automorphism_group {
  std::vector<std::vector<std::uint32_t>> generators;  ///< vertex permutations, each checked on the graph
  std::vector<std::uint32_t> orbit_of;                 ///< vertex -> orbit, orbits numbered by least vertex
  std::uint64_t orbits = 0;
  double group_size_log10 = 0.0;  ///< log10 of the order bliss reports for the simple graph underneath
  std::string algorithm = "bliss, generators checked on the multigraph";
};

namespace detail {

/// Every vertex's neighbours (or out-neighbours) in `how`, each list sorted.
template <core::digraph_like G>
std::vector<std::vector<std::uint32_t>> sorted_adjacency(const G& g, traversal how) {
  const std::size_t n = g.num_vertices();
  std::vector<std::vector<std::uint32_t>> adj(n);
  for (std::size_t u = 0; u < n; ++u) {
    const auto uu = static_cast<typename G::vertex_type>(u);
    if (how == traversal::arcs) {
      for (auto v : g.out_arcs(uu)) adj[u].push_back(static_cast<std::uint32_t>(v));
    } else {
      for (auto v : g.neighbors(uu)) adj[u].push_back(static_cast<std::uint32_t>(v));
    }
    std::sort(adj[u].begin(), adj[u].end());
  }
  return adj;
}

/// p is a permutation of 0..n-1 mapping every sorted list adj[u] onto adj[p(u)] as multisets.
inline bool maps_adjacency(const std::vector<std::vector<std::uint32_t>>& adj, std::span<const std::uint32_t> p) {
  const std::size_t n = adj.size();
  if (p.size() != n) return false;
  std::vector<char> hit(n, 0);
  for (auto x : p) {
    if (x >= n || hit[x]) return false;
    hit[x] = 1;
  }
  std::vector<std::uint32_t> image;
  for (std::size_t u = 0; u < n; ++u) {
    const auto& target = adj[p[u]];
    if (target.size() != adj[u].size()) return false;
    image.clear();
    for (auto v : adj[u]) image.push_back(p[v]);
    std::sort(image.begin(), image.end());
    if (!std::equal(image.begin(), image.end(), target.begin())) return false;
  }
  return true;
}

/// bliss's hook: a copy of every generator it reports.
inline void bliss_collect(void* sink, unsigned int n, const unsigned int* aut) {
  static_cast<std::vector<std::vector<std::uint32_t>>*>(sink)->emplace_back(aut, aut + n);
}

}  // namespace detail

/// True if p (a vector of n vertex ids) is a permutation of g's vertices that maps every
/// vertex's neighbours (traversal::arcs: out-arcs), with their multiplicities, onto its image's.
template <core::digraph_like G>
bool is_automorphism(const G& g, traversal how, std::span<const std::uint32_t> p) {
  if (how == traversal::arcs && !g.has_arcs())
    core::fail("is_automorphism", "graph '" + std::string(g.name()) + "' has no directed arcs (use the undirected traversal)");
  return detail::maps_adjacency(detail::sorted_adjacency(g, how), p);
}

/// Generators of g's automorphism group by bliss, each checked on g (see the file comment).
template <core::digraph_like G>
automorphism_group graph_automorphisms(const G& g, traversal how = traversal::undirected) {
  constexpr std::string_view where = "graph_automorphisms";
  const std::uint64_t n = g.num_vertices();
  core::require_range(where, "n", n, 1, automorphisms_max_vertices);
  if (how == traversal::arcs && !g.has_arcs())
    core::fail(where, "graph '" + std::string(g.name()) + "' has no directed arcs (use the undirected traversal)");
  const std::uint64_t listed = how == traversal::arcs ? g.num_arcs() : 2 * static_cast<std::uint64_t>(g.num_edges());
  // the sorted lists (4 bytes an entry and 24 a vertex), bliss's copy and its work arrays
  core::require_memory(where, "the adjacency lists (" + core::to_message(listed) + " entries)",
                       core::estimate_add_mul(core::estimate_add_mul(0, listed, 8), n, 96));
  const auto adj = detail::sorted_adjacency(g, how);
  // the simple graph underneath, for bliss: each list without repeats, a loop as the colour 1
  automorphism_group out;
  std::vector<std::vector<std::uint32_t>> found;
  long double order = 1;
  const auto search = [&](auto& bg) {
    for (std::size_t u = 0; u < n; ++u)
      bg.add_vertex(std::binary_search(adj[u].begin(), adj[u].end(), static_cast<std::uint32_t>(u)) ? 1u : 0u);
    for (std::size_t u = 0; u < n; ++u)
      for (std::size_t i = 0; i < adj[u].size(); ++i) {
        const auto v = adj[u][i];
        if (v == u || (i > 0 && v == adj[u][i - 1])) continue;
        if (how == traversal::arcs || u < v) bg.add_edge(static_cast<unsigned>(u), v);
      }
    bg.set_splitting_heuristic(std::remove_reference_t<decltype(bg)>::shs_fsm);
    bliss::Stats stats;
    bg.find_automorphisms(stats, &detail::bliss_collect, &found);
    order = stats.get_group_size_approx();
  };
  if (how == traversal::arcs) {
    bliss::Digraph bg(0);
    search(bg);
  } else {
    bliss::Graph bg(0);
    search(bg);
  }
  out.group_size_log10 = static_cast<double>(std::log10(order));
  std::size_t dropped = 0;
  for (auto& p : found) {
    if (detail::maps_adjacency(adj, p))
      out.generators.push_back(std::move(p));
    else
      ++dropped;
  }
  if (dropped > 0)
    out.algorithm += "; " + std::to_string(dropped) + " of " + std::to_string(found.size()) +
                     " generators dropped (they do not preserve the multiplicities)";
  // orbits of the group the kept generators generate: union-find over v ~ p(v)
  core::disjoint_sets<std::uint32_t> orbit(n);
  for (const auto& p : out.generators)
    for (std::uint32_t v = 0; v < n; ++v) orbit.unite(v, p[v]);
  out.orbit_of.assign(n, 0);
  std::vector<std::uint32_t> index(n, std::numeric_limits<std::uint32_t>::max());
  for (std::uint32_t v = 0; v < n; ++v) {
    const auto r = orbit.find(v);
    if (index[r] == std::numeric_limits<std::uint32_t>::max()) index[r] = static_cast<std::uint32_t>(out.orbits++);
    out.orbit_of[v] = index[r];
  }
  return out;
}

}  // namespace shiftfly::metrics
