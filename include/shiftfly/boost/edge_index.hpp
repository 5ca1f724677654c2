#pragma once
/// \file edge_index.hpp
/// A dense edge index for the Boost.Graph adaptor (boost/graph_traits.hpp): edge
/// (u, v) of core::graph<V> gets its position 0 .. m-1 in the order of edges(g)
/// (u < v, by ascending u then v), whichever way the descriptor is oriented, so
/// per-edge data (weights, edge centralities) can live in a std::vector behind
/// boost::make_iterator_property_map(values.begin(), make_edge_index_map(g)).
///
/// core::graph stores no edge ids, so the map holds one table of n entries
/// (8 bytes each) built in O(n + m) time, and a lookup costs one binary search
/// in the source's row. That is why the adaptor offers no get(edge_index, g):
/// Boost code calls get() freely and expects it to be cheap. Build the map once
/// and pass it; copies share the table.
///
/// Index of (u, v), u < v: base[u] + p, p the CSR position of v in u's row and
/// base[u] = (edges (a, b) with a < b and a < u) - (CSR position of u's first
/// neighbour above u), in unsigned arithmetic modulo 2^64.

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include <boost/property_map/property_map.hpp>

#include "shiftfly/boost/graph_traits.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"

namespace shiftfly::boost_adaptor {

/// Readable property map: edge descriptor -> its index in edges(g) order.
template <std::unsigned_integral V>
class edge_index_map {
 public:
  using key_type = edge<V>;
  using value_type = std::size_t;
  using reference = std::size_t;
  using category = ::boost::readable_property_map_tag;

  edge_index_map() = default;
  explicit edge_index_map(const core::graph<V>& g) : g_(&g) {
    const auto offsets = g.offsets();
    const auto targets = g.targets();
    std::vector<std::uint64_t> base(g.num_vertices());
    std::uint64_t before = 0;  // edges (a, b), a < b, of the rows above u
    for (std::size_t u = 0; u < g.num_vertices(); ++u) {
      const V* first = targets.data() + offsets[u];
      const V* last = targets.data() + offsets[u + 1];
      const auto up = static_cast<std::uint64_t>(std::upper_bound(first, last, static_cast<V>(u)) - targets.data());
      base[u] = before - up;
      before += static_cast<std::uint64_t>(last - targets.data()) - up;
    }
    base_ = std::make_shared<const std::vector<std::uint64_t>>(std::move(base));
  }
  /// The map points into the graph: a temporary graph would leave it dangling.
  explicit edge_index_map(const core::graph<V>&&) = delete;

  /// The index of e; refuses a pair that is not an edge of the graph.
  [[nodiscard]] std::size_t at(const edge<V>& e) const {
    const V u = std::min(e.source, e.target), v = std::max(e.source, e.target);
    if (g_ == nullptr || v >= g_->num_vertices() || u == v)
      core::fail("edge_index_map", "(" + core::to_message(e.source) + ", " + core::to_message(e.target) +
                                       ") is not an edge of the graph");
    const auto nb = g_->neighbors(u);
    const auto it = std::lower_bound(nb.begin(), nb.end(), v);
    if (it == nb.end() || *it != v)
      core::fail("edge_index_map", "(" + core::to_message(e.source) + ", " + core::to_message(e.target) +
                                       ") is not an edge of the graph");
    const auto p = static_cast<std::uint64_t>(&*it - g_->targets().data());
    return static_cast<std::size_t>((*base_)[u] + p);
  }

  friend std::size_t get(const edge_index_map& m, const edge<V>& e) { return m.at(e); }

 private:
  const core::graph<V>* g_ = nullptr;
  std::shared_ptr<const std::vector<std::uint64_t>> base_;
};

/// The dense edge index of g (valid while g lives).
template <std::unsigned_integral V>
edge_index_map<V> make_edge_index_map(const core::graph<V>& g) {
  return edge_index_map<V>(g);
}
template <std::unsigned_integral V>
edge_index_map<V> make_edge_index_map(const core::graph<V>&&) = delete;

}  // namespace shiftfly::boost_adaptor
