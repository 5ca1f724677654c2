#pragma once
/// \file automorphisms.hpp
/// Automorphisms of a graph: generators of its automorphism group found by nauty, and an
/// independent check that a vertex permutation is an automorphism of the multigraph.
///
/// API:
///   struct automorphism_group { generators, orbit_of, orbits, group_size_log10, algorithm };
///   automorphism_group graph_automorphisms(const G& g, traversal how = traversal::undirected);
///   bool is_automorphism(const G& g, traversal how, std::span<const std::uint32_t> p);
///   inline constexpr std::uint64_t automorphisms_max_vertices;   // 2^31 − 1, nauty's int ids
///
/// The graph is the one the throughput metrics route on (metrics/flow/detail/capacity_network.hpp):
/// traversal::undirected takes every link (neighbour lists, parallel links repeated, loops kept);
/// traversal::arcs the directed arcs. nauty (B. D. McKay and A. Piperno, "Practical graph
/// isomorphism, II", J. Symbolic Computation 60, 2014; docs/references.md) searches the simple
/// graph underneath (parallel links counted once, loops kept as loops; digraph mode for arcs):
/// it returns generators of the automorphism group of that simple graph, which may not preserve
/// the multiplicities of a multigraph. So every generator is checked here with is_automorphism on
/// the graph itself (every vertex's multiset of neighbours maps onto its image's), and only those
/// that pass are kept; the orbits are those of the group the kept generators generate (union of
/// v and p(v) over them), which is a subgroup of the automorphism group of g whatever nauty did.
/// group_size_log10 is nauty's figure for the simple graph (the kept generators may generate less:
/// then `algorithm` says how many generators were dropped).
///
/// Work: nauty's partition refinement on sparse graphs is near-linear on the graphs of this
/// library (random regular graphs are split to singletons by refinement alone; the Cayley-like
/// families have large groups found along one branch); the worst cases of graph isomorphism are
/// not among them. The check is O(m log Δ) a generator. nauty keeps global state: the calls
/// are serialised by a mutex (results do not depend on the thread that calls).

#include <nauty/nausparse.h>
#include <nauty/nauty.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <mutex>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"

namespace shiftfly::metrics {

/// Largest vertex count graph_automorphisms accepts (nauty numbers vertices by int).
inline constexpr std::uint64_t automorphisms_max_vertices = std::numeric_limits<int>::max();

/// Generators of a group of automorphisms of a graph, and its vertex orbits.
struct automorphism_group {
  std::vector<std::vector<std::uint32_t>> generators;  ///< vertex permutations, each checked on the graph
  std::vector<std::uint32_t> orbit_of;                 ///< vertex -> orbit, orbits numbered by least vertex
  std::uint64_t orbits = 0;
  double group_size_log10 = 0.0;  ///< log10 of the order nauty reports for the simple graph underneath
  std::string algorithm = "nauty 2.8 (sparse), generators checked on the multigraph";
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

/// The generators nauty reports, collected by its callback (nauty's calls are serialised).
inline std::vector<std::vector<std::uint32_t>>*& nauty_sink() {
  static std::vector<std::vector<std::uint32_t>>* sink = nullptr;
  return sink;
}
inline void nauty_collect(int, int* perm, int*, int, int, int n) {
  std::vector<std::uint32_t> p(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) p[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(perm[i]);
  nauty_sink()->push_back(std::move(p));
}
inline std::mutex& nauty_mutex() {
  static std::mutex m;
  return m;
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

/// Generators of g's automorphism group by nauty, each checked on g (see the file comment).
template <core::digraph_like G>
automorphism_group graph_automorphisms(const G& g, traversal how = traversal::undirected) {
  constexpr std::string_view where = "graph_automorphisms";
  const std::uint64_t n = g.num_vertices();
  core::require_range(where, "n", n, 1, automorphisms_max_vertices);
  if (how == traversal::arcs && !g.has_arcs())
    core::fail(where, "graph '" + std::string(g.name()) + "' has no directed arcs (use the undirected traversal)");
  const std::uint64_t listed = how == traversal::arcs ? g.num_arcs() : 2 * static_cast<std::uint64_t>(g.num_edges());
  // the sorted lists (4 bytes an entry and 24 a vertex), nauty's copy (4 + 12 a vertex), its work arrays
  core::require_memory(where, "the adjacency lists (" + core::to_message(listed) + " entries)",
                       core::estimate_add_mul(core::estimate_add_mul(0, listed, 8), n, 96));
  const auto adj = detail::sorted_adjacency(g, how);
  // the simple graph underneath, for nauty: each list without repeats
  std::vector<std::size_t> offsets(n + 1, 0);
  std::vector<int> degree(n), entries;
  entries.reserve(listed);
  for (std::size_t u = 0; u < n; ++u) {
    offsets[u] = entries.size();
    for (std::size_t i = 0; i < adj[u].size(); ++i)
      if (i == 0 || adj[u][i] != adj[u][i - 1]) entries.push_back(static_cast<int>(adj[u][i]));
    degree[u] = static_cast<int>(entries.size() - offsets[u]);
  }
  offsets[n] = entries.size();
  automorphism_group out;
  std::vector<std::vector<std::uint32_t>> found;
  double size1 = 1.0;
  int size2 = 0;
  {
    std::lock_guard<std::mutex> lock(detail::nauty_mutex());
    sparsegraph sg;
    SG_INIT(sg);
    sg.nv = static_cast<int>(n);
    sg.nde = entries.size();
    sg.v = offsets.data();
    sg.d = degree.data();
    sg.e = entries.empty() ? nullptr : entries.data();
    sg.vlen = n;
    sg.dlen = n;
    sg.elen = entries.size();
    std::vector<int> lab(n), ptn(n), orbits(n);
    DEFAULTOPTIONS_SPARSEGRAPH(options);
    options.getcanon = FALSE;
    options.defaultptn = TRUE;
    // loops need nauty's digraph mode too
    bool loops = false;
    for (std::size_t u = 0; u < n && !loops; ++u) loops = std::binary_search(adj[u].begin(), adj[u].end(), static_cast<std::uint32_t>(u));
    options.digraph = how == traversal::arcs || loops ? TRUE : FALSE;
    options.userautomproc = &detail::nauty_collect;
    statsblk stats;
    detail::nauty_sink() = &found;
    sparsenauty(&sg, lab.data(), ptn.data(), orbits.data(), &options, &stats, nullptr);
    detail::nauty_sink() = nullptr;
    if (stats.errstatus != 0)
      core::fail(where, "nauty stopped with error status " + std::to_string(stats.errstatus));
    size1 = stats.grpsize1;
    size2 = stats.grpsize2;
  }
  out.group_size_log10 = std::log10(size1) + size2;
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
  std::vector<std::uint32_t> parent(n);
  std::iota(parent.begin(), parent.end(), 0u);
  const auto find = [&](std::uint32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (const auto& p : out.generators)
    for (std::uint32_t v = 0; v < n; ++v) {
      const auto a = find(v), b = find(p[v]);
      if (a != b) parent[std::max(a, b)] = std::min(a, b);
    }
  out.orbit_of.assign(n, 0);
  std::vector<std::uint32_t> index(n, std::numeric_limits<std::uint32_t>::max());
  for (std::uint32_t v = 0; v < n; ++v) {
    const auto r = find(v);
    if (index[r] == std::numeric_limits<std::uint32_t>::max()) index[r] = static_cast<std::uint32_t>(out.orbits++);
    out.orbit_of[v] = index[r];
  }
  return out;
}

}  // namespace shiftfly::metrics
