#pragma once
/// \file detail/thick_restart_lanczos.hpp
/// The extreme eigenpairs of a symmetric matrix-free operator on the orthogonal complement
/// of known eigenvectors, by thick-restart Lanczos (K. Wu and H. Simon, "Thick-restart
/// Lanczos method for large symmetric eigenvalue problems", SIAM J. Matrix Anal. Appl. 22,
/// 2000) with full reorthogonalisation (classical Gram–Schmidt, a second pass when the
/// first loses more than 1/√2 of the norm: J. Daniel, W. Gragg, L. Kaufman, G. Stewart,
/// Math. Comp. 30, 1976):
///
///     lanczos_result thick_restart_lanczos(n, apply, known, options, where);
///
/// - `apply(x, y)` writes y = A x (n doubles each); `known` holds orthonormal eigenvectors of
///   A (columns) that are projected out of every Lanczos vector: they are deflated exactly,
///   never searched for.
/// - One run gives the largest (`want_top`) and the smallest (`want_bottom`) eigenvalue of A
///   on the complement: a restart keeps Ritz vectors from both ends of the spectrum.
/// - Converged when each wanted Ritz pair has ‖A x − θ x‖ <= tolerance · max(1, |θ|); the
///   residual is then recomputed from x by one more product and must pass the same test
///   (else the iteration goes on), so the returned residuals are measured, not estimated;
///   the returned eigenvalue is the Rayleigh quotient xᵀ A x of the unit Ritz vector.
/// - Rayleigh–Ritz runs after every step (on a matrix of at most `subspace` rows, cheap next
///   to a product), so a run stops as soon as its pairs have converged, mid-cycle.
/// - A Lanczos vector that vanishes (an invariant subspace, e.g. A = c·I on the complement:
///   the complete graph) is replaced by a new start vector orthogonal to the basis, so an
///   eigenvalue of high multiplicity or a start vector blind to part of the spectrum does
///   not stop the search; when the whole complement is spanned, every Ritz pair is exact.
/// - Start vectors are uniform(−1, 1) draws of core::python_random (fixed seeds).
/// - Threads: the vector operations of a Lanczos step (the three-term update, the classical
///   Gram–Schmidt passes, the norms) and the restart's product V Y run over a fixed partition
///   of the rows into chunks of lanczos_chunk_rows = 4,096, shared by `options.team` (the
///   operator's core::thread_team) when there is one. A chunk writes only its own rows and its
///   own column of partial sums, and the partial sums are added in chunk order on the calling
///   thread, whichever thread computed them: the result is bit-identical for any thread count
///   (1, 2, 3, ...), the chunks being the same. Below 4,097 rows there is one chunk and the
///   arithmetic is that of the plain whole-vector expressions. Each pass of the
///   orthogonalisation is two sweeps over the chunks (x −= known·hk, then the partial sums of
///   Vᵀx; x −= V c, then those of ‖x‖² and knownᵀx), the update fused with the next reduction.
///
/// Why this kernel, and its subspace size. Measured on the 36,000-group Boardfly (λ2 = 0.8965
/// of the normalised adjacency at the top of a band of ~1,000 eigenvalues, λ_min = −0.1239 at
/// the edge of a bulk of ~35,000), both ends to residual 1e-9, single thread, CPU time
/// (docs/performance.md, "Spectral engine", for the machine, commands and the other graphs):
/// - ARPACK dsaupd (implicit restarts, both ends in one run): 4.2 s (ncv 32, 1,382 products),
///   4.8 s (ncv 20); Spectra's SymEigsSolver, the same run: 2.1 s (ncv 24, 1,718 products).
///   Implicit restarts keep only the nev = 2 wanted Ritz vectors, so what the Krylov space
///   learnt about the neighbouring eigenvalues is rebuilt after every restart.
/// - Thick restart keeping half the subspace as Ritz vectors from the wanted ends (more from
///   the end not yet converged): subspace 24 keeping 12, 0.67–0.79 s (~600 products); 32/16
///   0.70 s (562); 40/20 0.74 s (522); 64/32 1.05 s (514); 20/10 0.76 s (722). Beyond 24 the
///   reorthogonalisation against more vectors costs more than the products it saves.
/// - Measured and not chosen (bench/spectral_alternatives.hpp, run by bench/spectral_bench.cpp
///   on the same operator, deflation and measured 1e-9 residuals; single thread, CPU, load
///   average 3 to 5 on the 2 cores, so the times are inflated alike; products are exact):
///   Boardfly 36,000 — this kernel 0.75 s (600 products); LOBPCG (Knyazev 2001, no
///   preconditioner, half the block at each end) block 4: 9.9 s (3,878), block 8: 21 s
///   (5,858), block 16: 49 s (8,994); Chebyshev-filtered subspace iteration (Zhou, Saad, Tiago
///   and Chelikowsky 2006; one block per end, cut at the block's innermost Ritz value) block 4
///   degree 4: 62 s (54,046), block 4 degree 8: 28 s (27,838), block 8 degree 8: 46 s
///   (35,622); this kernel on the Chebyshev filter T_m(ℓ(A)) (Zhou and Saad 2007's filter, one
///   run per end, bounds from 20 Lanczos steps) degree 2: 2.4 s (1,408), 4: 2.7 s (1,882), 8:
///   2.8 s (2,542); ARPACK 4.0 s (ncv 20). Boardfly 12,500: 81 ms (195) against 1.3 s
///   (LOBPCG 4), 1.2 s (Chebyshev subspace 8/8) and 148 ms (Chebyshev-filtered Lanczos, degree
///   2). Shiftfly 36,000 (well separated ends): 130 ms (57) against 1.0 s, 0.95 s and 131 ms
///   (138 products: level in time, the filter's products being cheap there). The wanted eigenvalues are simple but sit at the edge of a dense band;
///   a filter of degree m needs about the Krylov degree Lanczos builds to separate them, and
///   pays it once per block vector and per restart, while Lanczos keeps the whole polynomial
///   space; the filtered Lanczos saves reorthogonalisations but not products, and its
///   products cost more than the reorthogonalisation they save. LOBPCG's three-block
///   recurrence keeps too little of the Krylov space without a preconditioner.
/// The products are about half the time single-threaded; the rest (reorthogonalisation, the
/// restart's n x 24 x 12 product) runs on the team's threads too, in fixed chunks (above).

#include <Eigen/Core>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/huge_pages.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/core/worker_pool.hpp"

namespace shiftfly::metrics::detail {

/// Subspace size and kept Ritz vectors of thick-restart Lanczos (see the file comment).
inline constexpr std::size_t lanczos_default_subspace = 24;
inline constexpr std::size_t lanczos_default_keep = 12;
/// Rows per chunk of the vector operations (see the file comment): a constant, so that the
/// partial sums, and with them every result, do not depend on the thread count.
inline constexpr std::size_t lanczos_chunk_rows = 4096;

struct lanczos_options {
  bool want_top = true;
  bool want_bottom = true;
  double tolerance = 1e-9;
  std::size_t subspace = lanczos_default_subspace;
  std::size_t keep = lanczos_default_keep;
  std::size_t max_restarts = 20000;
  std::uint64_t seed = 1;
  /// Threads sharing the chunks of the vector operations (not owned; nullptr: the calling
  /// thread alone). The result is the same, bit for bit.
  core::thread_team* team = nullptr;
};

struct lanczos_result {
  double top = std::numeric_limits<double>::quiet_NaN();
  double bottom = std::numeric_limits<double>::quiet_NaN();
  double top_residual = std::numeric_limits<double>::quiet_NaN();
  double bottom_residual = std::numeric_limits<double>::quiet_NaN();
  Eigen::VectorXd top_vector, bottom_vector;
  std::size_t restarts = 0;
  std::size_t products = 0;
  /// True when the basis spanned the whole complement (every Ritz pair exact).
  bool exhausted = false;
};

/// Bytes of the Lanczos basis for n rows: (subspace + 1 + keep + 8) vectors of n doubles.
inline std::uint64_t lanczos_bytes(std::size_t n, const lanczos_options& o = {}) {
  return core::estimate_add_mul(0, n, 8 * (o.subspace + o.keep + 9));
}

/// The working state of one thick-restart Lanczos run (thick_restart_lanczos): the basis, the
/// tridiagonal T, scratch vectors, and the chunked vector operations on them. The rows come in
/// fixed chunks of lanczos_chunk_rows; sweep(f) runs f(chunk, first row, rows) for every chunk,
/// on the team when there is one. A reduction writes each chunk's partial sums to its column of
/// `partial`, and total() adds the columns in chunk order: the same sums for any team.
class lanczos_workspace {
  // the basis and the restart's scratch, the run's largest arrays, on huge pages
  // (core/huge_pages.hpp): declared before V and kept, which view them
  core::huge_vector<double> basis_store_, kept_store_;

 public:
  using Index = Eigen::Index;
  lanczos_workspace(std::size_t n, const Eigen::MatrixXd& known, const lanczos_options& o, Index m, Index keep_max)
      : basis_store_(n * static_cast<std::size_t>(m + 1)),
        kept_store_(n * static_cast<std::size_t>(keep_max)),
        V(basis_store_.data(), static_cast<Index>(n), m + 1),
        T(Eigen::MatrixXd::Zero(m, m)),
        kept(kept_store_.data(), static_cast<Index>(n), keep_max),
        w(static_cast<Index>(n)),
        h(m + 1),
        partial(m + 2 + known.cols(), static_cast<Index>((n + lanczos_chunk_rows - 1) / lanczos_chunk_rows)),
        sums(m + 2 + known.cols()),
        known_(known),
        o_(o),
        N_(static_cast<Index>(n)),
        P_(known.cols()),
        chunks_((n + lanczos_chunk_rows - 1) / lanczos_chunk_rows),
        hk_(known.cols() > 0 ? known.cols() : 1),
        c_(m + 1) {}
  // V and kept view this object's own storage: neither copied nor moved
  lanczos_workspace(const lanczos_workspace&) = delete;
  lanczos_workspace& operator=(const lanczos_workspace&) = delete;

  // (aligned as Eigen aligns its own matrices, so that its vector code and sums are theirs)
  using basis_map = Eigen::Map<Eigen::MatrixXd, Eigen::AlignedMax>;
  basis_map V;           ///< Lanczos basis, column m = the residual direction
  Eigen::MatrixXd T;     ///< the projected matrix (tridiagonal but for the kept Ritz vectors' row)
  basis_map kept;        ///< the restart's new basis, chunk by chunk
  Eigen::VectorXd w, h;  ///< the product A v_j; the coefficients of an orthogonalisation
  Eigen::MatrixXd partial;
  Eigen::VectorXd sums;

  template <class F>
  void sweep(F&& f) {
    const auto chunk = static_cast<Index>(lanczos_chunk_rows);
    auto body = [&](std::size_t k) {
      const Index lo = static_cast<Index>(k) * chunk;
      f(static_cast<Index>(k), lo, std::min(chunk, N_ - lo));
    };
    if (o_.team != nullptr && chunks_ > 1) {
      o_.team->run_chunks(chunks_, body);
    } else {
      for (std::size_t k = 0; k < chunks_; ++k) body(k);
    }
  }
  void total(Index rows) {
    sums.head(rows) = partial.col(0).head(rows);
    for (Index k = 1; k < static_cast<Index>(chunks_); ++k) sums.head(rows) += partial.col(k).head(rows);
  }
  /// Partial sums of ‖x‖² (row 0) and knownᵀx (rows 1..p) of the rows [lo, lo + len).
  void norm_and_known(const Eigen::Ref<const Eigen::VectorXd>& x, Index k, Index lo, Index len) {
    partial(0, k) = x.segment(lo, len).squaredNorm();
    if (P_ > 0) partial.col(k).segment(1, P_).noalias() = known_.middleRows(lo, len).transpose() * x.segment(lo, len);
  }
  /// x orthogonalised against V[:, 0..cols) and the known vectors, twice when needed; returns
  /// the norm left (h gets the first cols coefficients of both passes). `pre(lo, len)` runs
  /// first on each chunk's rows (the three-term update). Every pass is two sweeps: x −=
  /// known·hk then the partial sums of V[:, 0..cols)ᵀ x; x −= V c then those of ‖x‖² and
  /// knownᵀx, for the next pass.
  template <class Pre>
  double orthogonalise_after(Eigen::Ref<Eigen::VectorXd> x, Index cols, Pre&& pre) {
    const Index P = P_;
    h.head(cols).setZero();
    sweep([&](Index k, Index lo, Index len) {
      pre(lo, len);
      norm_and_known(x, k, lo, len);
    });
    total(1 + P);
    double before = std::sqrt(sums(0));
    double after = before;
    for (int pass = 0; pass < 3; ++pass) {
      if (P > 0) hk_ = sums.segment(1, P);
      sweep([&](Index k, Index lo, Index len) {
        if (P > 0) x.segment(lo, len).noalias() -= known_.middleRows(lo, len) * hk_;
        if (cols > 0)
          partial.col(k).head(cols).noalias() = V.block(lo, 0, len, cols).transpose() * x.segment(lo, len);
      });
      if (cols > 0) {
        total(cols);
        c_.head(cols) = sums.head(cols);
        h.head(cols) += c_.head(cols);
      }
      sweep([&](Index k, Index lo, Index len) {
        if (cols > 0) x.segment(lo, len).noalias() -= V.block(lo, 0, len, cols) * c_.head(cols);
        norm_and_known(x, k, lo, len);
      });
      total(1 + P);
      after = std::sqrt(sums(0));
      if (after > 0.7071067811865476 * before) return after;
      before = after;
    }
    return after;
  }
  double orthogonalise(Eigen::Ref<Eigen::VectorXd> x, Index cols) {
    return orthogonalise_after(x, cols, [](Index, Index) {});
  }
  /// The known vectors projected out of x (on the calling thread: a few times per run).
  void project_known(Eigen::Ref<Eigen::VectorXd> x) {
    if (P_ == 0) return;
    hk_.noalias() = known_.transpose() * x;
    x.noalias() -= known_ * hk_;
  }
  /// A new unit vector orthogonal to V[:, 0..cols) and the known vectors; false if none is left.
  bool new_start(Index cols) {
    for (int tries = 0; tries < 4; ++tries) {
      core::python_random rng(o_.seed * 1000003 + fresh_++);
      for (Index i = 0; i < N_; ++i) V(i, cols) = rng.uniform(-1.0, 1.0);
      const double before = V.col(cols).norm();
      const double left = orthogonalise(V.col(cols), cols);
      if (left > 1e-8 * before) {
        V.col(cols) /= left;
        return true;
      }
    }
    return false;
  }

 private:
  const Eigen::MatrixXd& known_;
  const lanczos_options& o_;
  Index N_, P_;
  std::size_t chunks_;
  Eigen::VectorXd hk_, c_;
  std::uint64_t fresh_ = 0;  // start vectors drawn so far
};

/// The Ritz vectors a thick restart keeps (their indices, ascending, among `cur`): `keep_max`
/// from the wanted ends, more from an end not yet converged.
inline std::vector<Eigen::Index> lanczos_restart_columns(const lanczos_options& o, bool top_ok, bool bottom_ok,
                                                         Eigen::Index keep_max, Eigen::Index cur) {
  using Index = Eigen::Index;
  Index ktop = 0, kbot = 0;
  if (o.want_top && o.want_bottom) {
    if (top_ok == bottom_ok) {
      kbot = keep_max / 3;
    } else if (bottom_ok) {
      kbot = std::min<Index>(2, keep_max / 2);
    } else {
      kbot = keep_max - std::min<Index>(2, keep_max / 2);
    }
    ktop = keep_max - kbot;
  } else if (o.want_top) {
    ktop = keep_max;
  } else {
    kbot = keep_max;
  }
  std::vector<Index> chosen;
  for (Index i = 0; i < kbot; ++i) chosen.push_back(i);
  for (Index i = cur - ktop; i < cur; ++i)
    if (i >= kbot) chosen.push_back(i);
  return chosen;
}

template <class Apply>
inline lanczos_result thick_restart_lanczos(std::size_t n, Apply&& apply, const Eigen::MatrixXd& known,
                                            const lanczos_options& o, const char* where) {
  using Eigen::Index;
  const auto p = static_cast<std::size_t>(known.cols());
  if (n <= p) core::fail(where, "no vector is left once the known eigenvectors are projected out");
  const std::size_t dim = n - p;  // dimension of the complement
  const auto m = static_cast<Index>(std::min(std::max<std::size_t>(o.subspace, 3), dim));
  const auto keep_max = static_cast<Index>(std::min<std::size_t>(std::max<std::size_t>(o.keep, 2), m - 1 > 0 ? m - 1 : 1));

  lanczos_workspace ws(n, known, o, m, keep_max);
  auto& V = ws.V;
  Eigen::MatrixXd& T = ws.T;
  Eigen::VectorXd &w = ws.w, &h = ws.h;
  lanczos_result r;
  if (!ws.new_start(0)) core::fail(where, "no start vector orthogonal to the known eigenvectors");
  Index k = 0;  // Ritz vectors kept by the last restart (columns 0..k-1), coupled in row k of T
  Eigen::VectorXd ritz_values;
  Eigen::MatrixXd ritz_vectors;
  auto good = [&](double res, double theta, double factor) {
    return res <= factor * o.tolerance * std::max(1.0, std::abs(theta));
  };
  double factor = 1.0;  // the estimates' test, tightened after a measured residual failed it
  bool top_ok = false, bottom_ok = false;
  Index cur = 0;  // basis size at the last Rayleigh–Ritz step
  double beta_last = 0;
  for (;;) {
    for (Index j = k; j < m; ++j) {
      apply(V.col(j).data(), w.data());
      ++r.products;
      ws.sweep([&](Index q, Index lo, Index len) {
        ws.partial(0, q) = w.segment(lo, len).squaredNorm();
        ws.partial(1, q) = V.col(j).segment(lo, len).dot(w.segment(lo, len));
      });
      ws.total(2);
      const double scale = std::sqrt(ws.sums(0));
      const double alpha0 = ws.sums(1);
      // Subtract the three-term part first, then reorthogonalise against everything.
      const double beta_prev = j > k ? T(j, j - 1) : 0.0;
      const double beta = ws.orthogonalise_after(w, j + 1, [&](Index lo, Index len) {
        w.segment(lo, len).noalias() -= alpha0 * V.col(j).segment(lo, len);
        if (j > k) w.segment(lo, len).noalias() -= beta_prev * V.col(j - 1).segment(lo, len);
      });
      T(j, j) = alpha0 + h(j);
      cur = j + 1;
      beta_last = 0;
      if (static_cast<std::size_t>(cur) == dim) {
        r.exhausted = true;  // the basis spans the whole complement: every Ritz pair is exact
      } else if (beta > 1e-12 * scale) {
        V.col(cur) = w / beta;
        beta_last = beta;
      } else if (!ws.new_start(cur)) {  // invariant subspace: continue from a fresh vector, uncoupled
        r.exhausted = true;
      }
      // Rayleigh–Ritz on T (cur x cur, cheap next to a product), after every step: a run
      // may stop in the middle of a cycle.
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(T.topLeftCorner(cur, cur));
      if (es.info() != Eigen::Success) throw std::runtime_error(std::string(where) + ": Ritz eigendecomposition failed");
      ritz_values = es.eigenvalues();  // ascending
      ritz_vectors = es.eigenvectors();
      auto estimate = [&](Index i) { return std::abs(beta_last * ritz_vectors(cur - 1, i)); };
      top_ok = !o.want_top || good(estimate(cur - 1), ritz_values(cur - 1), factor);
      bottom_ok = !o.want_bottom || good(estimate(0), ritz_values(0), factor);
      if ((top_ok && bottom_ok) || r.exhausted) {
        // Measured residuals of the wanted pairs (w is free: v_cur is stored).
        bool all = true;
        auto finish = [&](Index i, double& value, double& residual, Eigen::VectorXd& x) {
          x.noalias() = V.leftCols(cur) * ritz_vectors.col(i);
          x /= x.norm();
          apply(x.data(), w.data());
          ++r.products;
          // The Rayleigh quotient of the unit vector x: its error is of the order of the
          // squared residual, below the Ritz value's accumulated rounding.
          value = x.dot(w);
          w.noalias() -= value * x;
          ws.project_known(w);
          residual = w.norm();
          if (!good(residual, value, 1.0)) all = false;
        };
        if (o.want_top) finish(cur - 1, r.top, r.top_residual, r.top_vector);
        if (o.want_bottom) finish(0, r.bottom, r.bottom_residual, r.bottom_vector);
        if (all) return r;
        if (r.exhausted)
          throw std::runtime_error(std::string(where) + ": Lanczos residual " +
                                   core::to_message(std::max(o.want_top ? r.top_residual : 0.0,
                                                             o.want_bottom ? r.bottom_residual : 0.0)) +
                                   " above tolerance on the whole space");
        factor /= 4;
      }
      if (cur < m) T(cur, j) = T(j, cur) = beta_last;
    }
    if (++r.restarts > o.max_restarts)
      throw std::runtime_error(std::string(where) + ": Lanczos did not converge in " +
                               core::to_message(o.max_restarts) + " restarts");
    // Thick restart: keep Ritz vectors from the wanted ends, more from an end not yet converged.
    const std::vector<Index> chosen = lanczos_restart_columns(o, top_ok, bottom_ok, keep_max, cur);
    const auto kk = static_cast<Index>(chosen.size());
    Eigen::MatrixXd Y(cur, kk);
    for (Index c = 0; c < kk; ++c) Y.col(c) = ritz_vectors.col(chosen[static_cast<std::size_t>(c)]);
    // V[:, 0..kk) = V[:, 0..cur) Y, chunk by chunk (each chunk's rows through `kept`).
    ws.sweep([&](Index, Index lo, Index len) {
      ws.kept.block(lo, 0, len, kk).noalias() = V.block(lo, 0, len, cur) * Y;
      V.block(lo, 0, len, kk) = ws.kept.block(lo, 0, len, kk);
    });
    V.col(kk) = V.col(m);
    T.setZero();
    for (Index c = 0; c < kk; ++c) {
      T(c, c) = ritz_values(chosen[static_cast<std::size_t>(c)]);
      T(kk, c) = T(c, kk) = beta_last * Y(cur - 1, c);
    }
    k = kk;
  }
}

}  // namespace shiftfly::metrics::detail
