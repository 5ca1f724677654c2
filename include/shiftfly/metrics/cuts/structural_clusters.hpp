#pragma once
/// \file structural_clusters.hpp
/// Dense clusters of a graph found from its structure alone: the parts joined by edges whose
/// ends share most of their neighbours (the structural similarity of SCAN: X. Xu, N. Yuruk,
/// Z. Feng and T. A. J. Schweiger, "SCAN: a structural clustering algorithm for networks",
/// KDD 2007). On a hierarchy of cliques joined by few links (Boardfly's pods, Dragonfly's groups)
/// they are the cliques; on graphs without such clusters (a torus, Jellyfish, a fat tree) every
/// vertex stays alone.
///
///   struct structural_cluster_options { double similarity = 0.5; };
///   struct vertex_partition { std::vector<std::uint32_t> part_of; std::uint64_t parts; std::uint64_t largest; };
///   vertex_partition structural_clusters(const G& g, const structural_cluster_options& = {});
///
/// The similarity of an edge {u, v}: |N[u] ∩ N[v]| / sqrt(|N[u]|·|N[v]|), N[x] the closed
/// neighbourhood (x and its neighbours; arcs taken both ways, parallel links and loops once).
/// An edge is strong when its similarity is at least `similarity`; the clusters are the connected
/// components of the strong edges, numbered by their least vertex (so the partition depends on
/// the graph alone). Inside a clique K_s whose vertices have e links each out of it, an edge's
/// similarity is at least s/(s + e): 36/41 at Boardfly's pods, against 2/41 for a link between
/// pods. The test is c² ≥ similarity²·|N[u]|·|N[v]| evaluated in doubles (the same bits on every
/// compiler; exact where similarity² is, as at 0.5, 0.75 and 1).
///
/// Work: Σ_v deg(v)² word operations (one marking of N[u] a vertex, one pass over each
/// neighbour's list); memory: the neighbour lists once and a word a vertex.
/// Input: similarity in (0, 1]; otherwise refused in one line naming it.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/disjoint_sets.hpp"
#include "shiftfly/core/error.hpp"
#include "shiftfly/core/graph.hpp"

namespace shiftfly::metrics {

/// How strong an edge must be to join its ends' clusters.
struct structural_cluster_options {
  double similarity = 0.5;  ///< in (0, 1]: the least |N[u] ∩ N[v]| / sqrt(|N[u]|·|N[v]|) of a strong edge
};

/// A partition of the vertices: part_of[v] in 0 .. parts − 1.
struct vertex_partition {
  std::vector<std::uint32_t> part_of;
  std::uint64_t parts = 0;
  std::uint64_t largest = 0;  ///< vertices in the largest part
};

/// The connected components of g's strong edges (see the file comment).
template <core::digraph_like G>
vertex_partition structural_clusters(const G& g, const structural_cluster_options& o = {}) {
  constexpr std::string_view where = "metrics::structural_clusters";
  if (!(o.similarity > 0.0 && o.similarity <= 1.0))
    core::fail_parameter(where, "similarity", core::to_message(o.similarity), "is out of range", "in (0, 1]");
  const std::uint64_t n = g.num_vertices();
  // closed neighbourhoods without the vertex itself: arcs both ways, sorted, each neighbour once
  const auto off = g.offsets();
  const auto tgt = g.targets();
  std::vector<std::uint64_t> degree(n + 1, 0);
  for (std::uint64_t u = 0; u < n; ++u)
    for (auto i = off[u]; i < off[u + 1]; ++i)
      if (tgt[i] != u) {
        ++degree[u + 1];
        ++degree[tgt[i] + 1];
      }
  for (std::uint64_t u = 0; u < n; ++u) degree[u + 1] += degree[u];
  std::vector<std::uint32_t> nbr(degree[n]);
  {
    std::vector<std::uint64_t> at(degree.begin(), degree.end() - 1);
    for (std::uint64_t u = 0; u < n; ++u)
      for (auto i = off[u]; i < off[u + 1]; ++i)
        if (tgt[i] != u) {
          nbr[at[u]++] = static_cast<std::uint32_t>(tgt[i]);
          nbr[at[tgt[i]]++] = static_cast<std::uint32_t>(u);
        }
  }
  std::vector<std::uint64_t> size(n);  // |N[v]|
  std::vector<std::uint64_t> offsets(n + 1, 0);
  {
    std::uint64_t w = 0;
    for (std::uint64_t u = 0; u < n; ++u) {
      const auto b = nbr.begin() + static_cast<std::ptrdiff_t>(degree[u]);
      auto e = nbr.begin() + static_cast<std::ptrdiff_t>(degree[u + 1]);
      std::sort(b, e);
      e = std::unique(b, e);
      for (auto it = b; it != e; ++it) nbr[w++] = *it;
      offsets[u + 1] = w;
      size[u] = offsets[u + 1] - offsets[u] + 1;
    }
    nbr.resize(w);
  }
  core::disjoint_sets<std::uint32_t> sets(n);  // the strong edges' components, each named by its least vertex
  const double s2 = o.similarity * o.similarity;
  std::vector<std::uint32_t> mark(n, static_cast<std::uint32_t>(-1));
  for (std::uint64_t u = 0; u < n; ++u) {
    const auto uu = static_cast<std::uint32_t>(u);
    mark[u] = uu;
    for (auto i = offsets[u]; i < offsets[u + 1]; ++i) mark[nbr[i]] = uu;
    for (auto i = offsets[u]; i < offsets[u + 1]; ++i) {
      const std::uint32_t v = nbr[i];
      if (v < uu) continue;  // each edge once
      std::uint64_t common = 1;  // v itself lies in N[u]; u in N[v] is counted below
      for (auto j = offsets[v]; j < offsets[v + 1]; ++j) common += mark[nbr[j]] == uu;
      const double c = static_cast<double>(common);
      if (c * c >= s2 * static_cast<double>(size[u]) * static_cast<double>(size[v])) sets.unite(uu, v);
    }
  }
  vertex_partition p;
  p.part_of.assign(n, 0);
  std::vector<std::uint32_t> id(n, static_cast<std::uint32_t>(-1));
  std::vector<std::uint64_t> members;
  for (std::uint64_t v = 0; v < n; ++v) {
    const auto r = sets.find(static_cast<std::uint32_t>(v));
    if (id[r] == static_cast<std::uint32_t>(-1)) {
      id[r] = static_cast<std::uint32_t>(p.parts++);
      members.push_back(0);
    }
    p.part_of[v] = id[r];
    p.largest = std::max(p.largest, ++members[id[r]]);
  }
  return p;
}

}  // namespace shiftfly::metrics
