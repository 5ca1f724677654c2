#pragma once
/// \file link_load.hpp
/// Link (arc) loads of shift routing on K(d,D) and B(d,D): how many routes cross each
/// arc, counted without building the graph or the routes.
///
/// The arc out of vertex u with index i (0..d-1, the position of the arc in generation
/// order) has id u·d + i. A Theorem 5.2 route (routing/shift.hpp) is walked symbol by
/// symbol: each hop appends the next symbol of the destination, so its arc index is that
/// symbol (de Bruijn) or its rank among the d symbols that differ from the last one
/// (Kautz), and the next vertex id is an O(1) update of the current one.
/// all_pairs_link_load() counts every ordered pair (the uniform all-to-all pattern).

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/worker_pool.hpp"
#include "shiftfly/routing/label.hpp"
#include "shiftfly/routing/shift.hpp"

namespace shiftfly::routing {

/// The labels of every vertex of s in id order, D symbols each: vertex v at [v·D, (v+1)·D).
inline std::vector<core::symbol> label_table(const label_space& s) {
  std::vector<core::symbol> labels(core::checked_mul(s.size, s.D, "label_table", "label symbols"));
  for (std::uint64_t v = 0; v < s.size; ++v)
    unrank_label_into(s, v, std::span<core::symbol>(labels.data() + v * s.D, s.D));
  return labels;
}

/// Walks the Theorem 5.2 route from u to v (labels; u_id the id of u), calling
/// arc(from_id, arc_index) per hop, with arc_index in 0..d-1 the position of the arc in
/// generation order; returns the hop count.
template <class Arc>
inline std::size_t walk_shift_arcs(const label_space& s, std::span<const core::symbol> u,
                                   std::span<const core::symbol> v, std::uint64_t u_id, Arc&& arc) {
  const std::size_t D = s.D, l = suffix_prefix_overlap(u, v), k = D - l;
  const bool kautz = s.family == label_family::kautz;
  const std::uint64_t top = s.size / (kautz ? s.d + 1 : s.d);  // d^{D-1}
  core::symbol w[64];
  std::copy(u.begin(), u.end(), w);
  std::uint64_t cur = u_id;
  for (std::size_t j = 1; j <= k; ++j) {
    const core::symbol a = v[l + j - 1];
    const unsigned idx = kautz ? a - (a > w[D - 1] ? 1u : 0u) : a;
    arc(cur, idx);
    // O(1) rank of w_2..w_D a: drop the leading digit, append idx; for Kautz the new
    // leading digit is the absolute symbol w_2, one more than its relative digit when w_2 > w_1
    const bool bump = kautz && D > 1 && w[1] > w[0];
    cur = (cur % top) * s.d + idx + (bump ? top : 0);
    std::copy(w + 1, w + D, w);
    w[D - 1] = a;
  }
  return k;
}

/// Routes crossing each arc of a shift graph (arc id u·d + i), and the hops of all of
/// them. `labels` is the label_table of the space and must outlive the counter.
class link_load {
 public:
  link_load(const label_space& s, std::span<const core::symbol> labels)
      : s_(s), labels_(labels), load_(core::checked_mul(s.size, s.d, "link_load", "arc count"), 0) {
    if (labels.size() != s.size * s.D) core::fail("link_load", "the label table does not have N·D symbols");
  }

  /// Adds the shift route from a to b (ids).
  void add_route(std::uint64_t a, std::uint64_t b) {
    hops_ += walk_shift_arcs(s_, label(a), label(b), a,
                             [&](std::uint64_t from, unsigned idx) { ++load_[from * s_.d + idx]; });
  }
  /// Adds another counter's routes (same space).
  void merge(const link_load& other) {
    hops_ += other.hops_;
    for (std::size_t i = 0; i < load_.size(); ++i) load_[i] += other.load_[i];
  }

  [[nodiscard]] std::span<const std::uint32_t> counts() const noexcept { return load_; }
  [[nodiscard]] std::uint64_t hops() const noexcept { return hops_; }
  /// Routes crossing the busiest arc.
  [[nodiscard]] double max() const { return load_.empty() ? 0.0 : *std::max_element(load_.begin(), load_.end()); }
  /// Mean load: total hops over the number of arcs.
  [[nodiscard]] double mean() const {
    return load_.empty() ? 0.0 : static_cast<double>(hops_) / static_cast<double>(load_.size());
  }

 private:
  [[nodiscard]] std::span<const core::symbol> label(std::uint64_t v) const { return labels_.subspan(v * s_.D, s_.D); }

  label_space s_;
  std::span<const core::symbol> labels_;
  std::vector<std::uint32_t> load_;
  std::uint64_t hops_ = 0;
};

/// How all_pairs_link_load runs; the counts do not depend on it.
struct link_load_options {
  unsigned threads = 0;  ///< 0 = every hardware thread
};

/// The loads of the shift routes of every ordered pair (a, b), a != b. The sources are cut
/// into one contiguous block per thread (o.threads), each counted apart and the counts summed
/// in block order: integers, so the result does not depend on the thread count.
inline link_load all_pairs_link_load(const label_space& s, std::span<const core::symbol> labels,
                                     const link_load_options& o = {}) {
  const unsigned threads = o.threads;
  const std::uint64_t n = s.size;
  const std::size_t parts = std::min<std::uint64_t>(core::resolve_threads(threads), n);
  std::vector<link_load> partial(parts, link_load(s, labels));
  core::parallel_for(n, parts, threads, [&](std::size_t p, std::size_t lo, std::size_t hi) {
    for (std::uint64_t a = lo; a < hi; ++a)
      for (std::uint64_t b = 0; b < n; ++b)
        if (a != b) partial[p].add_route(a, b);
  });
  link_load total(s, labels);
  for (const auto& part : partial) total.merge(part);
  return total;
}

}  // namespace shiftfly::routing
