#pragma once
/// \file connectivity.hpp
/// Vertex and edge connectivity, of the undirected physical graph and of the
/// digraph of arcs (Shiftfly Prop. 5.6: the Kautz digraph K(d, D) has vertex
/// connectivity d), by maximum flows (Menger's theorem) computed with
/// Boost.Graph's push-relabel solver (Goldberg & Tarjan 1988).
///
/// Vertex connectivity: every vertex v is split into v_in → v_out of capacity 1
/// and every arc u → w becomes u_out → w_in of capacity n, so the maximum
/// s_out → t_in flow is the largest number of internally vertex-disjoint s–t
/// paths, κ(s, t), for s not adjacent to t. κ(G) is the minimum over such
/// ordered pairs (n − 1 when every ordered pair is an arc). Following S. Even
/// ("An algorithm for determining whether the connectivity of a graph is at
/// least k", SIAM J. Comput. 4, 1975) only pairs with one end among the first
/// k + 1 vertices are tried, k the smallest bound so far: a minimum separator S
/// misses one of them, v, and S separates v from some t or some s from v.
/// Edge connectivity: unit arc capacities, flows between vertex 0 and every
/// other vertex in both directions.
/// Cost: O(k·n) maximum flows, for graphs up to a few thousand vertices.

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/push_relabel_max_flow.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/metrics/bfs.hpp"
#include "shiftfly/metrics/detail/ms_bfs.hpp"

namespace shiftfly::metrics {

/// Connectivity of one graph view.
struct connectivity_result {
  /// Vertex connectivity κ.
  std::size_t vertex = 0;
  /// Edge (arc) connectivity λ.
  std::size_t edge = 0;
  /// True along the arcs, false for the undirected graph.
  bool directed = false;
  /// Maximum flows computed.
  std::size_t flows = 0;
};

namespace detail {

/// A Boost flow network with paired reverse edges.
class flow_network {
 public:
  using traits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
  using network = boost::adjacency_list<
      boost::vecS, boost::vecS, boost::directedS, boost::no_property,
      boost::property<boost::edge_capacity_t, long,
                      boost::property<boost::edge_residual_capacity_t, long,
                                      boost::property<boost::edge_reverse_t, traits::edge_descriptor>>>>;

  explicit flow_network(std::size_t vertices) : g_(vertices) {}
  void add(std::size_t u, std::size_t v, long capacity) {
    auto cap = boost::get(boost::edge_capacity, g_);
    auto rev = boost::get(boost::edge_reverse, g_);
    const auto e = boost::add_edge(u, v, g_).first;
    const auto r = boost::add_edge(v, u, g_).first;
    cap[e] = capacity;
    cap[r] = 0;
    rev[e] = r;
    rev[r] = e;
  }
  long max_flow(std::size_t s, std::size_t t) { return boost::push_relabel_max_flow(g_, s, t); }

 private:
  network g_;
};

/// The loop-free, duplicate-free out-rows of the chosen view.
template <core::digraph_like G>
inline csr connectivity_rows(const G& g, bool directed) {
  using V = typename G::vertex_type;
  if (directed) return make_csr(g.num_vertices(), [&](std::size_t v) { return g.out_arcs(static_cast<V>(v)); });
  return make_csr(g.num_vertices(), [&](std::size_t v) { return g.neighbors(static_cast<V>(v)); });
}

inline bool has_arc(const csr& a, std::uint32_t u, std::uint32_t v) {
  return std::binary_search(a.targets.begin() + static_cast<std::ptrdiff_t>(a.offsets[u]),
                            a.targets.begin() + static_cast<std::ptrdiff_t>(a.offsets[u + 1]), v);
}

inline connectivity_result connectivity_of(const csr& a, bool directed) {
  const std::size_t n = a.n;
  connectivity_result r;
  r.directed = directed;
  if (n <= 1) return r;
  // Both flow networks live at once: 2n + n vertices, and 2(n + m) + 2m arcs (each with
  // its reverse) of about 80 bytes with their capacities (core/memory.hpp).
  const std::uint64_t m = a.targets.size();
  core::require_memory("metrics::connectivity",
                       "the flow networks (" + core::to_message(n) + " vertices, " + core::to_message(m) + " arcs)",
                       core::estimate_add_mul(core::estimate_add_mul(0, 3 * static_cast<std::uint64_t>(n), 32),
                                              2 * (n + m) + 2 * m, 80));
  const csr at = transpose(a);
  // Vertex connectivity.
  flow_network split(2 * n);
  for (std::size_t v = 0; v < n; ++v) split.add(2 * v, 2 * v + 1, 1);
  for (std::size_t u = 0; u < n; ++u)
    for (auto i = a.offsets[u]; i < a.offsets[u + 1]; ++i) split.add(2 * u + 1, 2 * a.targets[i], static_cast<long>(n));
  std::size_t k = n - 1;
  for (std::size_t v = 0; v < n; ++v) k = std::min({k, a.degree(v), at.degree(v)});
  for (std::size_t i = 0; i < n && i <= k; ++i) {
    for (std::size_t j = directed ? 0 : i + 1; j < n; ++j) {
      if (j == i) continue;
      const auto vi = static_cast<std::uint32_t>(i), vj = static_cast<std::uint32_t>(j);
      if (!has_arc(a, vi, vj)) {
        k = std::min(k, static_cast<std::size_t>(split.max_flow(2 * i + 1, 2 * j)));
        ++r.flows;
      }
      if (directed && !has_arc(a, vj, vi)) {
        k = std::min(k, static_cast<std::size_t>(split.max_flow(2 * j + 1, 2 * i)));
        ++r.flows;
      }
    }
  }
  r.vertex = k;
  // Edge connectivity.
  flow_network unit(n);
  for (std::size_t u = 0; u < n; ++u)
    for (auto i = a.offsets[u]; i < a.offsets[u + 1]; ++i) unit.add(u, a.targets[i], 1);
  std::size_t lambda = n;  // above any value
  for (std::size_t v = 0; v < n; ++v) lambda = std::min({lambda, a.degree(v), at.degree(v)});
  for (std::size_t v = 1; v < n && lambda > 0; ++v) {
    lambda = std::min(lambda, static_cast<std::size_t>(unit.max_flow(0, v)));
    ++r.flows;
    if (directed) {
      lambda = std::min(lambda, static_cast<std::size_t>(unit.max_flow(v, 0)));
      ++r.flows;
    }
  }
  r.edge = lambda;
  return r;
}

}  // namespace detail

/// Vertex and edge connectivity of the undirected physical graph.
template <core::digraph_like G>
inline connectivity_result connectivity(const G& g) {
  core::require_range("metrics::connectivity", "n", g.num_vertices(), 1, 100000);
  return detail::connectivity_of(detail::connectivity_rows(g, false), false);
}

/// Vertex and edge connectivity of the digraph of arcs (loops and repeated arcs ignored).
template <core::digraph_like G>
inline connectivity_result connectivity_arcs(const G& g) {
  core::require_range("metrics::connectivity_arcs", "n", g.num_vertices(), 1, 100000);
  detail::require_arcs("metrics::connectivity_arcs", g);
  return detail::connectivity_of(detail::connectivity_rows(g, true), true);
}

/// Connectivity following `how`.
template <core::digraph_like G>
inline connectivity_result connectivity(const G& g, traversal how) {
  return how == traversal::arcs ? connectivity_arcs(g) : connectivity(g);
}

}  // namespace shiftfly::metrics
