#pragma once
/// \file detail/graph_operator.hpp
/// Matrix-free products with the matrices of an undirected graph, over its CSR adjacency:
///
///     graph_operator<G> op(g, graph_matrix::normalized_adjacency, threads);
///     op(x, y);   // y = M x
///
/// - normalized_adjacency: M = D^{-1/2} A D^{-1/2} (a vertex of degree 0 gives a zero row);
///   its eigenvector of eigenvalue 1 is D^{1/2}1 (known_eigenvector(), normalised).
/// - laplacian: M = D − A; its null vector is 1 (known_eigenvector() gives 1/√n).
/// Rows are split into chunks of 512 shared by a core::thread_team kept for the operator's
/// lifetime (the calling thread works too; a worker the scheduler wakes late only helps
/// less); every y[v] is computed whole by one thread, in one fixed order (the sorted
/// neighbour list), so y is bit-identical for any thread count. Graphs below 8,192
/// vertices run on the calling thread (a product there takes microseconds).
/// From 8,192 to 65,536 vertices the operator reads the neighbour lists from a 16-bit copy made
/// once (2 bytes an arc): the same ids in the same order, so the same bits, from half the bytes.
/// On Boardfly's 36,000 groups the λ2 ratio program's run (the file read, then spectral_gap on 1
/// thread: 600 products) took 0.584 s against 0.643 s (medians of 6 paired runs, idle machine;
/// docs/performance.md, "Spectral engine").

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/worker_pool.hpp"

namespace shiftfly::metrics::detail {

enum class graph_matrix { normalized_adjacency, laplacian };

template <class G>
class graph_operator {
 public:
  graph_operator(const G& g, graph_matrix kind, unsigned threads = 1,
                 const std::function<void(std::size_t)>* progress = nullptr)
      : g_(g), kind_(kind), n_(g.num_vertices()), progress_(progress) {
    scale_.resize(n_);
    for (std::size_t v = 0; v < n_; ++v) {
      const auto d = static_cast<double>(g.degree(static_cast<typename G::vertex_type>(v)));
      scale_[v] = kind == graph_matrix::laplacian ? d : (d > 0 ? 1.0 / std::sqrt(d) : 0.0);
    }
    const unsigned t = core::resolve_threads(threads);
    if (t > 1 && n_ >= 8192) team_ = std::make_unique<core::thread_team>(t);
    // Up to 65,536 vertices the neighbour lists are read as 16-bit ids (a copy made once): the
    // same neighbours in the same order, so the same sums, from half the bytes a product reads.
    if (n_ <= narrow_max_vertices && n_ >= narrow_min_vertices) {
      narrow_offsets_.resize(n_ + 1);
      narrow_targets_.reserve(2 * g.num_edges());
      for (std::size_t v = 0; v < n_; ++v) {
        narrow_offsets_[v] = narrow_targets_.size();
        for (auto w : g.neighbors(static_cast<typename G::vertex_type>(v)))
          narrow_targets_.push_back(static_cast<std::uint16_t>(w));
      }
      narrow_offsets_[n_] = narrow_targets_.size();
    }
  }
  /// The operator keeps 16-bit copies of the neighbour lists for graphs of 8,192 to 65,536 vertices
  /// (below, the lists fit the caches anyway): 2 bytes an arc and 8 a vertex.
  static constexpr std::size_t narrow_min_vertices = 8192, narrow_max_vertices = 65536;
  /// Bytes the operator allocates for a graph of n vertices and `arcs` arcs (2m): the 16-bit
  /// lists where it keeps them, and the two vectors of n scale factors and scaled inputs.
  static std::uint64_t bytes(std::size_t n, std::uint64_t arcs) {
    std::uint64_t b = core::estimate_add_mul(0, n, 16);
    if (n >= narrow_min_vertices && n <= narrow_max_vertices) b = core::estimate_add_mul(core::estimate_add_mul(b, arcs, 2), n + 1, 8);
    return b;
  }
  [[nodiscard]] std::size_t size() const noexcept { return n_; }
  [[nodiscard]] unsigned threads() const noexcept { return team_ ? team_->size() : 1U; }
  /// The operator's thread team (nullptr below 8,192 vertices or with 1 thread), for the
  /// eigensolver's vector operations to share.
  [[nodiscard]] core::thread_team* team() const noexcept { return team_.get(); }

  /// The known eigenvector (unit norm): D^{1/2}1 normalised, or 1/√n for the Laplacian.
  [[nodiscard]] Eigen::MatrixXd known_eigenvector() const {
    Eigen::MatrixXd u(static_cast<Eigen::Index>(n_), 1);
    for (std::size_t v = 0; v < n_; ++v)
      u(static_cast<Eigen::Index>(v), 0) =
          kind_ == graph_matrix::laplacian
              ? 1.0
              : std::sqrt(static_cast<double>(g_.degree(static_cast<typename G::vertex_type>(v))));
    u /= u.norm();
    return u;
  }

  void operator()(const double* x, double* y) const {
    if (progress_ && *progress_ && ++products_ % 256 == 0) (*progress_)(products_);
    const double* in = x;
    if (kind_ == graph_matrix::normalized_adjacency) {
      // s[w]·x[w] once a vertex rather than once an arc: the same products, so the same sums
      scaled_.resize(n_);
      for (std::size_t v = 0; v < n_; ++v) scaled_[v] = scale_[v] * x[v];
      in = scaled_.data();
    }
    const auto run = [&](std::size_t lo, std::size_t hi) {
      if (narrow_targets_.empty()) {
        rows(in, x, y, lo, hi, [&](std::size_t v) { return g_.neighbors(static_cast<typename G::vertex_type>(v)); });
      } else {
        rows(in, x, y, lo, hi, [&](std::size_t v) {
          return std::span<const std::uint16_t>(narrow_targets_.data() + narrow_offsets_[v],
                                                narrow_offsets_[v + 1] - narrow_offsets_[v]);
        });
      }
    };
    if (!team_) {
      run(0, n_);
      return;
    }
    // Chunks of 512 rows: each row is computed whole by whichever thread claims its chunk.
    const std::size_t chunks = (n_ + 511) / 512;
    team_->run_chunks(chunks, [&](std::size_t c) { run(c * 512, std::min(n_, c * 512 + 512)); });
  }

 private:
  // y[v] = the sum of in[w] over v's neighbours w, in the order of v's list, then scaled
  // (normalized adjacency: in = s·x, y[v] = s[v]·sum; Laplacian: in = x, y[v] = d(v)·x[v] − sum).
  // Four rows at a time, each with its own sum in its own order: the rows' additions are
  // independent, so they overlap where one row's chain of additions would wait on the last
  // (the sums, and so every bit of y, are those of one row at a time).
  template <class Neighbors>
  void rows(const double* in, const double* x, double* y, std::size_t lo, std::size_t hi,
            const Neighbors& neighbors) const {
    const auto finish = [&](std::size_t v, double acc) {
      y[v] = kind_ == graph_matrix::laplacian ? scale_[v] * x[v] - acc : scale_[v] * acc;
    };
    std::size_t v = lo;
    for (; v + 4 <= hi; v += 4) {
      const auto a = neighbors(v), b = neighbors(v + 1), c = neighbors(v + 2), d = neighbors(v + 3);
      const std::size_t common = std::min(std::min(a.size(), b.size()), std::min(c.size(), d.size()));
      double sa = 0, sb = 0, sc = 0, sd = 0;
      for (std::size_t k = 0; k < common; ++k) {
        sa += in[a[k]];
        sb += in[b[k]];
        sc += in[c[k]];
        sd += in[d[k]];
      }
      for (std::size_t k = common; k < a.size(); ++k) sa += in[a[k]];
      for (std::size_t k = common; k < b.size(); ++k) sb += in[b[k]];
      for (std::size_t k = common; k < c.size(); ++k) sc += in[c[k]];
      for (std::size_t k = common; k < d.size(); ++k) sd += in[d[k]];
      finish(v, sa);
      finish(v + 1, sb);
      finish(v + 2, sc);
      finish(v + 3, sd);
    }
    for (; v < hi; ++v) {
      double acc = 0;
      for (auto w : neighbors(v)) acc += in[w];
      finish(v, acc);
    }
  }

  const G& g_;
  graph_matrix kind_;
  std::size_t n_;
  const std::function<void(std::size_t)>* progress_;
  mutable std::size_t products_ = 0;  // for progress only
  std::vector<double> scale_;
  mutable std::vector<double> scaled_;  // s·x of the product under way (normalized adjacency)
  std::unique_ptr<core::thread_team> team_;
  std::vector<std::size_t> narrow_offsets_;
  std::vector<std::uint16_t> narrow_targets_;
};

}  // namespace shiftfly::metrics::detail
