#pragma once
/// \file graph_traits.hpp
/// Boost.Graph adaptation of shiftfly::core::graph<V>: its undirected physical
/// graph is a VertexListGraph, IncidenceGraph and AdjacencyGraph with a
/// vertex_index property map (the identity on ids), so Boost.Graph algorithms
/// such as boost::breadth_first_search and boost::connected_components run on
/// it unchanged, without copying.
///
/// Vertex descriptors are the ids themselves; an edge descriptor is the
/// ordered pair (source, target) as seen from the vertex whose out-edges are
/// being listed. Out-edges follow the sorted adjacency (ascending neighbour).

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

/// Edge descriptor: (source, target).
template <std::unsigned_integral V>
struct edge {
  V source{};
  V target{};
  friend bool operator==(const edge&, const edge&) = default;
};

/// Traversal category: vertex list, incidence and adjacency.
struct traversal_tag : ::boost::vertex_list_graph_tag, ::boost::incidence_graph_tag, ::boost::adjacency_graph_tag {};

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
  // Not an EdgeListGraph or BidirectionalGraph; these exist for generic code that names them.
  using in_edge_iterator = void;
  using edge_iterator = void;
  static vertex_descriptor null_vertex() { return static_cast<V>(-1); }
};

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
