#pragma once
/// \file graph_traits.hpp
/// Boost.Graph adaptation of shiftfly::core::graph<V>: its undirected physical
/// graph is a VertexListGraph, IncidenceGraph, AdjacencyGraph and EdgeListGraph
/// with a vertex_index property map (the identity on ids), so Boost.Graph
/// algorithms such as boost::breadth_first_search, boost::connected_components,
/// boost::dijkstra_shortest_paths, boost::brandes_betweenness_centrality and
/// boost::johnson_all_pairs_shortest_paths run on it unchanged, without copying
/// (tests/boost checks each against the library's own distances).
///
/// Vertex descriptors are the ids themselves. An edge descriptor is the pair
/// (source, target) as seen from the vertex whose out-edges are listed; two
/// descriptors of one undirected edge compare equal whatever their orientation
/// (as Boost's own undirected graphs do). Out-edges follow the sorted adjacency
/// (ascending neighbour); edges(g) lists every edge once as (u, v) with u < v,
/// by ascending u then v (the order of io::write_edge_list).
///
/// What it is not, and why:
/// - not a MutableGraph or PropertyGraph: the CSR arrays are built once and
///   carry no edge properties, so weights are passed as property maps
///   (boost::weight_map(...)); an algorithm that falls back on get(edge_weight, g)
///   does not compile. Dense edge ids for weight vectors: boost/edge_index.hpp,
///   an explicit map (an O(n) table), since get(edge_index, g) must be cheap;
/// - the directed arcs (graph::out_arcs) are not exposed: graph_traits has one
///   specialisation per type and this one is the undirected physical graph; arcs
///   may hold loops and repeats (de Bruijn, GB, II), which
///   disallow_parallel_edge_tag excludes. Copy them into a
///   boost::adjacency_list<vecS, vecS, directedS> to run Boost on the digraph;
/// - not a BidirectionalGraph or AdjacencyMatrix (no in_edges, no edge(u, v, g)).

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <utility>

#include <boost/graph/graph_traits.hpp>
#include <boost/graph/properties.hpp>
#include <boost/iterator/counting_iterator.hpp>
#include <boost/iterator/iterator_facade.hpp>
#include <boost/property_map/property_map.hpp>

#include "shiftfly/core/graph.hpp"

namespace shiftfly::boost_adaptor {

/// Edge descriptor: (source, target). Equal to its reverse: both name one undirected edge.
template <std::unsigned_integral V>
struct edge {
  V source{};
  V target{};
  friend bool operator==(const edge& a, const edge& b) {
    return (a.source == b.source && a.target == b.target) || (a.source == b.target && a.target == b.source);
  }
};

/// Traversal category: vertex list, incidence, adjacency and edge list.
struct traversal_tag : ::boost::vertex_list_graph_tag,
                       ::boost::incidence_graph_tag,
                       ::boost::adjacency_graph_tag,
                       ::boost::edge_list_graph_tag {};

/// Out-edge iterator: walks u's sorted neighbours, yielding edge{u, v}.
template <std::unsigned_integral V>
class out_edge_iterator
    : public ::boost::iterator_facade<out_edge_iterator<V>, edge<V>, std::random_access_iterator_tag, edge<V>,
                                      std::ptrdiff_t> {
 public:
  out_edge_iterator() = default;
  out_edge_iterator(V u, const V* p) : u_(u), p_(p) {}

 private:
  friend class ::boost::iterator_core_access;
  edge<V> dereference() const { return {u_, *p_}; }
  bool equal(const out_edge_iterator& o) const { return p_ == o.p_; }
  void increment() { ++p_; }
  void decrement() { --p_; }
  void advance(std::ptrdiff_t n) { p_ += n; }
  std::ptrdiff_t distance_to(const out_edge_iterator& o) const { return o.p_ - p_; }
  V u_{};
  const V* p_ = nullptr;
};

/// Edge iterator: every edge once as (u, v), u < v, by ascending u then v. Each
/// row's upper neighbours are a suffix of its sorted adjacency, found by binary search.
template <std::unsigned_integral V>
class edge_iterator
    : public ::boost::iterator_facade<edge_iterator<V>, edge<V>, std::forward_iterator_tag, edge<V>, std::ptrdiff_t> {
 public:
  edge_iterator() = default;
  /// The first edge of row u or of a later row (u = n: the end).
  edge_iterator(const core::graph<V>& g, std::size_t u) : g_(&g), u_(u), i_(g.targets().size()) {
    if (u < g.num_vertices()) enter_row();
  }

 private:
  friend class ::boost::iterator_core_access;
  edge<V> dereference() const { return {static_cast<V>(u_), g_->targets()[i_]}; }
  bool equal(const edge_iterator& o) const { return i_ == o.i_; }
  void increment() {
    ++i_;
    if (i_ == g_->offsets()[u_ + 1]) {
      ++u_;
      enter_row();
    }
  }
  // From the start of row u_, skips to its first neighbour above u_; rows without one are passed.
  void enter_row() {
    const auto offsets = g_->offsets();
    const auto targets = g_->targets();
    const std::size_t n = g_->num_vertices();
    for (; u_ < n; ++u_) {
      const V* first = targets.data() + offsets[u_];
      const V* last = targets.data() + offsets[u_ + 1];
      const V* up = std::upper_bound(first, last, static_cast<V>(u_));
      i_ = static_cast<std::size_t>(up - targets.data());
      if (up != last) return;
    }
    i_ = targets.size();
  }
  const core::graph<V>* g_ = nullptr;
  std::size_t u_ = 0;
  std::size_t i_ = 0;
};

}  // namespace shiftfly::boost_adaptor

namespace boost {

template <std::unsigned_integral V>
struct graph_traits<shiftfly::core::graph<V>> {
  using vertex_descriptor = V;
  using edge_descriptor = shiftfly::boost_adaptor::edge<V>;
  using directed_category = undirected_tag;
  using edge_parallel_category = disallow_parallel_edge_tag;
  using traversal_category = shiftfly::boost_adaptor::traversal_tag;
  using vertex_iterator = counting_iterator<V>;
  using out_edge_iterator = shiftfly::boost_adaptor::out_edge_iterator<V>;
  using adjacency_iterator = const V*;
  using vertices_size_type = std::size_t;
  using edges_size_type = std::size_t;
  using degree_size_type = std::size_t;
  using edge_iterator = shiftfly::boost_adaptor::edge_iterator<V>;
  // Not a BidirectionalGraph; this exists for generic code that names it.
  using in_edge_iterator = void;
  static vertex_descriptor null_vertex() { return static_cast<V>(-1); }
};

// Algorithms that take the graph by non-const reference (johnson_all_pairs_shortest_paths)
// name the traits of the const type when given a const graph.
template <std::unsigned_integral V>
struct graph_traits<const shiftfly::core::graph<V>> : graph_traits<shiftfly::core::graph<V>> {};

template <std::unsigned_integral V>
struct property_map<shiftfly::core::graph<V>, vertex_index_t> {
  using type = typed_identity_property_map<V>;
  using const_type = typed_identity_property_map<V>;
};

}  // namespace boost

namespace shiftfly::core {

// Free functions found by argument-dependent lookup, as Boost.Graph expects.

template <std::unsigned_integral V>
std::pair<::boost::counting_iterator<V>, ::boost::counting_iterator<V>> vertices(const graph<V>& g) {
  return {::boost::counting_iterator<V>(V{0}), ::boost::counting_iterator<V>(static_cast<V>(g.num_vertices()))};
}

template <std::unsigned_integral V>
std::size_t num_vertices(const graph<V>& g) {
  return g.num_vertices();
}

template <std::unsigned_integral V>
std::pair<boost_adaptor::out_edge_iterator<V>, boost_adaptor::out_edge_iterator<V>> out_edges(V u, const graph<V>& g) {
  const auto nb = g.neighbors(u);
  return {{u, nb.data()}, {u, nb.data() + nb.size()}};
}

template <std::unsigned_integral V>
std::size_t out_degree(V u, const graph<V>& g) {
  return g.degree(u);
}

template <std::unsigned_integral V>
std::size_t degree(V u, const graph<V>& g) {
  return g.degree(u);
}

/// Every undirected edge once, (u, v) with u < v, by ascending u then v.
template <std::unsigned_integral V>
std::pair<boost_adaptor::edge_iterator<V>, boost_adaptor::edge_iterator<V>> edges(const graph<V>& g) {
  return {{g, 0}, {g, g.num_vertices()}};
}

template <std::unsigned_integral V>
std::size_t num_edges(const graph<V>& g) {
  return g.num_edges();
}

template <std::unsigned_integral V>
V source(const boost_adaptor::edge<V>& e, const graph<V>&) {
  return e.source;
}

template <std::unsigned_integral V>
V target(const boost_adaptor::edge<V>& e, const graph<V>&) {
  return e.target;
}

template <std::unsigned_integral V>
std::pair<const V*, const V*> adjacent_vertices(V u, const graph<V>& g) {
  const auto nb = g.neighbors(u);
  return {nb.data(), nb.data() + nb.size()};
}

template <std::unsigned_integral V>
::boost::typed_identity_property_map<V> get(::boost::vertex_index_t, const graph<V>&) {
  return {};
}

template <std::unsigned_integral V>
V get(::boost::vertex_index_t, const graph<V>&, V v) {
  return v;
}

}  // namespace shiftfly::core
