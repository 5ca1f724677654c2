#pragma once
/// \file capacity_network.hpp
/// The capacitated digraph the throughput metrics route on: one arc u -> v of
/// capacity 1 for each direction of every link of the undirected graph
/// (traversal::undirected), or, along the directed arcs (traversal::arcs), one arc
/// per distinct arc u -> v with the number of parallel arcs as capacity (loops dropped).
/// Arcs are numbered by tail, then head ascending; the in-arcs of every vertex are listed
/// by arc id.

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"

namespace shiftfly::metrics::detail {

struct capacity_network {
  std::size_t n = 0;
  std::vector<std::uint64_t> out_offsets;  ///< n + 1
  std::vector<std::uint32_t> head;         ///< per arc
  std::vector<std::uint32_t> tail;         ///< per arc
  std::vector<double> capacity;            ///< per arc
  std::vector<std::uint64_t> in_offsets;   ///< n + 1
  std::vector<std::uint32_t> in_arc;       ///< arc ids into each vertex, ascending
  double total_capacity = 0.0;
  [[nodiscard]] std::size_t arcs() const noexcept { return head.size(); }
};

/// Arcs of g following `how`; refusals name `where`.
template <core::digraph_like G>
capacity_network make_capacity_network(std::string_view where, const G& g, traversal how) {
  const std::size_t n = g.num_vertices();
  if (n < 2) core::throw_out_of_range(where, "n", n, "at least 2 vertices");
  core::require_vertex_count<std::uint32_t>(where, n);
  if (how == traversal::arcs && !g.has_arcs())
    core::fail(where, "graph '" + std::string(g.name()) + "' has no directed arcs (use the undirected traversal)");
  const std::uint64_t listed = how == traversal::arcs ? g.num_arcs() : 2 * static_cast<std::uint64_t>(g.num_edges());
  core::require_memory(where, "the arc list (" + core::to_message(listed) + " arcs)",
                       core::estimate_add_mul(core::estimate_add_mul(0, listed, 24), n + 1, 16));
  capacity_network c;
  c.n = n;
  c.out_offsets.assign(n + 1, 0);
  std::vector<std::uint32_t> row;
  for (std::size_t u = 0; u < n; ++u) {
    const auto uu = static_cast<typename G::vertex_type>(u);
    if (how == traversal::arcs) {
      row.clear();
      for (auto v : g.out_arcs(uu))
        if (static_cast<std::size_t>(v) != u) row.push_back(static_cast<std::uint32_t>(v));
      std::sort(row.begin(), row.end());
      for (std::size_t i = 0; i < row.size();) {
        std::size_t j = i;
        while (j < row.size() && row[j] == row[i]) ++j;
        c.head.push_back(row[i]);
        c.tail.push_back(static_cast<std::uint32_t>(u));
        c.capacity.push_back(static_cast<double>(j - i));
        i = j;
      }
    } else {
      for (auto v : g.neighbors(uu)) {
        c.head.push_back(static_cast<std::uint32_t>(v));
        c.tail.push_back(static_cast<std::uint32_t>(u));
        c.capacity.push_back(1.0);
      }
    }
    c.out_offsets[u + 1] = c.head.size();
  }
  for (double x : c.capacity) c.total_capacity += x;
  c.in_offsets.assign(n + 1, 0);
  for (auto v : c.head) ++c.in_offsets[v + 1];
  for (std::size_t v = 0; v < n; ++v) c.in_offsets[v + 1] += c.in_offsets[v];
  c.in_arc.resize(c.head.size());
  std::vector<std::uint64_t> pos(c.in_offsets.begin(), c.in_offsets.end() - 1);
  for (std::size_t a = 0; a < c.head.size(); ++a) c.in_arc[pos[c.head[a]]++] = static_cast<std::uint32_t>(a);
  return c;
}

}  // namespace shiftfly::metrics::detail
