#pragma once
/// \file graph.hpp
/// The library's graph: a compact CSR adjacency over an unsigned vertex id type.
///
/// Every graph carries its undirected physical graph (sorted, duplicate-free,
/// loop-free adjacency: the tie rule of every BFS in the library is "ascending
/// neighbour order"). The shift families also carry their directed arcs, in
/// generation order (for Kautz and de Bruijn: ascending appended symbol; for
/// generalized de Bruijn and Imase–Itoh: ascending r), loops and repeated arcs
/// included, and their vertex labels (strings over a small alphabet). A graph read
/// from a user's file (io/graph_file.hpp) may carry vertex names: set_names,
/// has_names, name_of; the writers of io/ print a vertex's name when it has one.

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <ranges>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/huge_pages.hpp"

namespace shiftfly::core {

/// Symbols of a vertex label (Kautz, de Bruijn).
using symbol = std::uint16_t;

/// CSR graph over vertex ids of type V (32-bit by default).
template <std::unsigned_integral V = std::uint32_t>
class graph {
 public:
  using vertex_type = V;
  using offset_type = std::uint64_t;

  graph() = default;

  /// Number of vertices.
  [[nodiscard]] std::size_t num_vertices() const noexcept { return offsets_.empty() ? 0 : offsets_.size() - 1; }
  /// Number of undirected edges of the physical graph.
  [[nodiscard]] std::size_t num_edges() const noexcept { return targets_.size() / 2; }
  /// Sorted neighbours of u in the physical graph.
  [[nodiscard]] std::span<const V> neighbors(V u) const noexcept {
    return {targets_.data() + offsets_[u], targets_.data() + offsets_[u + 1]};
  }
  [[nodiscard]] std::size_t degree(V u) const noexcept { return offsets_[u + 1] - offsets_[u]; }
  [[nodiscard]] std::size_t max_degree() const noexcept {
    std::size_t m = 0;
    for (std::size_t u = 0; u < num_vertices(); ++u) m = std::max(m, degree(static_cast<V>(u)));
    return m;
  }
  [[nodiscard]] double mean_degree() const noexcept {
    return num_vertices() ? static_cast<double>(targets_.size()) / static_cast<double>(num_vertices()) : 0.0;
  }
  /// True if u and v are adjacent in the physical graph (binary search).
  [[nodiscard]] bool adjacent(V u, V v) const noexcept {
    auto nb = neighbors(u);
    return std::binary_search(nb.begin(), nb.end(), v);
  }
  /// Raw CSR arrays, for kernels that want them.
  [[nodiscard]] std::span<const offset_type> offsets() const noexcept { return offsets_; }
  [[nodiscard]] std::span<const V> targets() const noexcept { return targets_; }

  /// Directed arcs (shift families only).
  [[nodiscard]] bool has_arcs() const noexcept { return !arc_offsets_.empty(); }
  [[nodiscard]] std::size_t num_arcs() const noexcept { return arc_targets_.size(); }
  /// Out-arcs of u in generation order (may contain u itself and repeats).
  [[nodiscard]] std::span<const V> out_arcs(V u) const noexcept {
    return {arc_targets_.data() + arc_offsets_[u], arc_targets_.data() + arc_offsets_[u + 1]};
  }

  /// Vertex labels (Kautz and de Bruijn only): every label has label_length() symbols.
  [[nodiscard]] bool has_labels() const noexcept { return label_length_ != 0; }
  [[nodiscard]] std::size_t label_length() const noexcept { return label_length_; }
  [[nodiscard]] std::span<const symbol> label(V u) const noexcept {
    return {labels_.data() + static_cast<std::size_t>(u) * label_length_, label_length_};
  }

  /// Vertex names (graphs read from files whose vertices are not 0..n-1): one per vertex.
  [[nodiscard]] bool has_names() const noexcept { return !names_.empty(); }
  [[nodiscard]] const std::string& name_of(V u) const noexcept { return names_[u]; }
  /// Attaches names: one per vertex (an empty vector removes them).
  void set_names(std::vector<std::string> names) {
    if (!names.empty() && names.size() != num_vertices())
      fail("graph::set_names", "names = " + to_message(names.size()) + " names for " + to_message(num_vertices()) +
                                   " vertices (accepted: one name per vertex, or none)");
    names_ = std::move(names);
  }

  /// A short human-readable name, e.g. "Kautz(20,3)".
  [[nodiscard]] const std::string& name() const noexcept { return name_; }
  void set_name(std::string name) { name_ = std::move(name); }

  /// Builds the physical graph from undirected edges: symmetrised, loops and duplicates dropped.
  static graph from_edges(std::size_t n, std::span<const std::pair<V, V>> edges, std::string name = {}) {
    require_vertex_count<V>("graph::from_edges", n);
    graph g;
    g.name_ = std::move(name);
    g.build_undirected(n, edges.size(), [&](auto&& emit) {
      for (auto [a, b] : edges) emit(a, b);
    });
    return g;
  }

  /// Builds a digraph from CSR arcs (offsets of size n+1); the physical graph is
  /// the arcs symmetrised, with self-loops and duplicates dropped.
  static graph from_arcs(std::size_t n, std::vector<offset_type> arc_offsets, std::vector<V> arc_targets,
                         std::string name = {}) {
    require_vertex_count<V>("graph::from_arcs", n);
    if (arc_offsets.size() != n + 1 || arc_offsets.front() != 0 || arc_offsets.back() != arc_targets.size())
      fail("graph::from_arcs", "arc offsets do not describe the arc targets");
    graph g;
    g.name_ = std::move(name);
    g.arc_offsets_ = std::move(arc_offsets);
    g.arc_targets_ = std::move(arc_targets);
    for (V t : g.arc_targets_)
      if (t >= n) fail("graph::from_arcs", "arc target " + to_message(t) + " is not a vertex");
    g.build_undirected(n, g.arc_targets_.size(), [&](auto&& emit) {
      for (std::size_t u = 0; u < n; ++u)
        for (auto i = g.arc_offsets_[u]; i < g.arc_offsets_[u + 1]; ++i) emit(static_cast<V>(u), g.arc_targets_[i]);
    });
    return g;
  }

  /// Attaches labels: `symbols` holds num_vertices() * length symbols, vertex by vertex.
  void set_labels(std::size_t length, std::vector<symbol> symbols) {
    if (length == 0 || symbols.size() != length * num_vertices())
      fail("graph::set_labels", "label array does not match the vertex count");
    label_length_ = length;
    labels_ = std::move(symbols);
  }

 private:
  // Counting-sort construction: count both directions, fill, then sort and
  // deduplicate each row in place, the rows moved up over the repeats dropped. O(m log d)
  // time, O(n + m) memory. A row already sorted (edges listed in order, as the library's
  // files and constructions list them) is not sorted again, and the filled array becomes the
  // targets (no second array of 2m ids, no copy).
  template <class ForEachEdge>
  void build_undirected(std::size_t n, std::size_t edge_hint, ForEachEdge&& for_each_edge) {
    (void)edge_hint;
    huge_vector<offset_type> count(n + 1, 0);
    for_each_edge([&](V a, V b) {
      if (a >= n || b >= n) fail("graph", "edge endpoint is not a vertex");
      if (a != b) {
        ++count[a + 1];
        ++count[b + 1];
      }
    });
    std::partial_sum(count.begin(), count.end(), count.begin());
    huge_vector<V> tmp(count[n]);
    {
      std::vector<offset_type> pos(count.begin(), count.end() - 1);
      for_each_edge([&](V a, V b) {
        if (a != b) {
          tmp[pos[a]++] = b;
          tmp[pos[b]++] = a;
        }
      });
    }
    // row u is tmp[start, count[u + 1]); it moves to tmp[kept, ...), kept <= start
    offset_type start = 0, kept = 0;
    for (std::size_t u = 0; u < n; ++u) {
      const offset_type stop = count[u + 1];
      const auto first = tmp.begin() + static_cast<std::ptrdiff_t>(start);
      const auto last = tmp.begin() + static_cast<std::ptrdiff_t>(stop);
      if (!std::is_sorted(first, last)) std::sort(first, last);
      const auto end = std::unique(first, last);
      if (kept != start) std::move(first, end, tmp.begin() + static_cast<std::ptrdiff_t>(kept));
      kept += static_cast<offset_type>(end - first);
      count[u + 1] = kept;
      start = stop;
    }
    tmp.resize(kept);
    tmp.shrink_to_fit();
    offsets_ = std::move(count);
    targets_ = std::move(tmp);
  }

  huge_vector<offset_type> offsets_;  // (huge pages: core/huge_pages.hpp)
  huge_vector<V> targets_;
  std::vector<offset_type> arc_offsets_;
  std::vector<V> arc_targets_;
  std::size_t label_length_ = 0;
  std::vector<symbol> labels_;
  std::vector<std::string> names_;
  std::string name_;
};

/// What the library's algorithms need of an undirected graph.
template <class G>
concept graph_like = requires(const G& g, typename G::vertex_type v) {
  typename G::vertex_type;
  { g.num_vertices() } -> std::convertible_to<std::size_t>;
  { g.num_edges() } -> std::convertible_to<std::size_t>;
  { g.neighbors(v) } -> std::ranges::random_access_range;
  { g.degree(v) } -> std::convertible_to<std::size_t>;
};

/// What the library's algorithms need of a digraph (in addition to graph_like).
template <class G>
concept digraph_like = graph_like<G> && requires(const G& g, typename G::vertex_type v) {
  { g.has_arcs() } -> std::convertible_to<bool>;
  { g.out_arcs(v) } -> std::ranges::random_access_range;
};

namespace detail {
/// Same vertex count, the same total, and equal lists list(g, u) at every vertex.
template <std::unsigned_integral V, class Total, class List>
bool same_lists(const graph<V>& a, const graph<V>& b, Total total, List list) {
  if (a.num_vertices() != b.num_vertices() || total(a) != total(b)) return false;
  for (V u = 0; u < a.num_vertices(); ++u) {
    const auto x = list(a, u), y = list(b, u);
    if (!std::equal(x.begin(), x.end(), y.begin(), y.end())) return false;
  }
  return true;
}
}  // namespace detail

/// Same vertex count and the same physical edges (neighbour lists are sorted,
/// so this is set equality of the edges); names and labels are not compared.
template <std::unsigned_integral V>
inline bool same_edges(const graph<V>& a, const graph<V>& b) {
  return detail::same_lists(a, b, [](const graph<V>& g) { return g.num_edges(); },
                            [](const graph<V>& g, V u) { return g.neighbors(u); });
}

/// Same vertex count and the same arcs in the same generation order (loops and repeats included).
template <std::unsigned_integral V>
inline bool same_arcs(const graph<V>& a, const graph<V>& b) {
  return detail::same_lists(a, b, [](const graph<V>& g) { return g.num_arcs(); },
                            [](const graph<V>& g, V u) { return g.out_arcs(u); });
}

static_assert(digraph_like<graph<std::uint32_t>>);
static_assert(digraph_like<graph<std::uint64_t>>);

}  // namespace shiftfly::core
