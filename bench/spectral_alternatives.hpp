#pragma once
// Benchmark-only eigensolvers, measured against the library's thick-restart Lanczos
// (metrics/spectral/detail/thick_restart_lanczos.hpp) on the same problem: the largest and the
// smallest eigenvalue of a symmetric operator A on the orthogonal complement of known
// eigenvectors (deflated exactly), both ends in one run, each residual ‖A x − θ x‖ at most
// tolerance · max(1, |θ|) measured from the returned unit vector by one more product.
//
// - lobpcg_both_ends: LOBPCG (A. V. Knyazev, "Toward the optimal preconditioned eigensolver:
//   locally optimal block preconditioned conjugate gradient method", SIAM J. Sci. Comput. 23,
//   2001), no preconditioner (the normalised adjacency has a zero diagonal: there is no cheap
//   one), a block of `block` vectors, half of them for each end: every iteration is a
//   Rayleigh–Ritz step on span[X, W, P] (3·block vectors; X the Ritz vectors, W = the
//   residuals, P the previous update), keeping the block/2 smallest and the block/2 largest
//   Ritz pairs. The basis is orthonormalised every iteration (the P block against X, then
//   W against [X, P]; within a block by the Gram matrix's eigendecomposition, twice, dropping
//   directions below 1e-10 of the largest), A P updated with the same coefficients, as
//   U. Hetmaniuk and R. Lehoucq, "Basis selection in LOBPCG", J. Comput. Phys. 218, 2006
//   recommend; one block product per iteration (A W).
// - chebyshev_subspace_both_ends: Chebyshev-filtered subspace iteration (Y. Zhou, Y. Saad,
//   M. L. Tiago and J. R. Chelikowsky, "Self-consistent-field calculations using
//   Chebyshev-filtered subspace iteration", J. Comput. Phys. 219, 2006; the filter of
//   Y. Zhou and Y. Saad, "A Chebyshev–Davidson algorithm for large symmetric eigenproblems",
//   SIAM J. Matrix Anal. Appl. 29, 2007), one end after the other, a block of `block`
//   vectors for each: the block is multiplied by T_m(ℓ(A)), ℓ mapping [bound, cut] onto
//   [−1, 1] (for the top end; mirrored for the bottom), `bound` beyond the other end of the
//   spectrum (the extreme Ritz value of 20 Lanczos steps, with a margin of 5 % of the span)
//   and `cut` the block's Ritz value farthest from the wanted end, so that the wanted end
//   grows and the rest is damped; then orthonormalised (a block the filter made
//   rank-deficient is refilled at random), one block product, Rayleigh–Ritz. The first step
//   of the recurrence reuses A X from the Rayleigh–Ritz step: block · m products per
//   iteration. (A single filter for both ends, damping the interval between the block's two
//   halves, was tried first: the end that |T_m| favours takes the whole block and the other
//   end is lost, so each end has its own.)
// - chebyshev_lanczos: thick-restart Lanczos (the library's kernel) on the filtered operator
//   p(A) = T_m(ℓ(A)), ℓ mapping [a, b] onto [−1, 1] with b below the wanted end (one run per
//   end: a single polynomial ranks the two ends by |p|, not by side): fewer Lanczos steps,
//   and so fewer reorthogonalisations, for m products each. The interval comes from a first
//   short Lanczos run (20 steps on A); the run on p(A) stops at the kernel's tolerance on
//   p(A), and the eigenvalue of A is the Rayleigh quotient of the returned vector, its
//   residual measured on A (tolerance tightened and the run repeated if it fails).
#include <Eigen/Core>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "shiftfly/core/python_random.hpp"
#include "shiftfly/metrics/spectral/detail/thick_restart_lanczos.hpp"

namespace bench_alt {

struct eig_result {
  double top = 0, bottom = 0, top_residual = 0, bottom_residual = 0;
  std::size_t products = 0, iterations = 0;
};

using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;

// y = A x for every column (counted).
template <class Apply>
void apply_block(Apply& apply, const MatrixXd& X, MatrixXd& Y, std::size_t& products) {
  Y.resize(X.rows(), X.cols());
  for (Index c = 0; c < X.cols(); ++c) apply(X.col(c).data(), Y.col(c).data());
  products += static_cast<std::size_t>(X.cols());
}

inline MatrixXd random_block(Index n, Index cols, std::uint64_t seed) {
  MatrixXd X(n, cols);
  for (Index c = 0; c < cols; ++c) {
    shiftfly::core::python_random rng(seed * 1000003 + static_cast<std::uint64_t>(c));
    for (Index i = 0; i < n; ++i) X(i, c) = rng.uniform(-1.0, 1.0);
  }
  return X;
}

// B (and AB, when given, with the same column operations) made orthonormal within itself
// and orthogonal to Q (AQ = A Q when AB is given); columns whose norm collapses are dropped.
inline void orthonormalise(MatrixXd& B, MatrixXd* AB, const MatrixXd* Q, const MatrixXd* AQ) {
  for (int pass = 0; pass < 2; ++pass) {
    if (Q && Q->cols() > 0 && B.cols() > 0) {
      const MatrixXd C = Q->transpose() * B;
      B.noalias() -= *Q * C;
      if (AB) AB->noalias() -= *AQ * C;
    }
    if (B.cols() == 0) return;
    // Unit columns first, so that the rank test is relative to each column.
    for (Index c = 0; c < B.cols(); ++c) {
      const double s = B.col(c).norm();
      if (s > 0) {
        B.col(c) /= s;
        if (AB) AB->col(c) /= s;
      }
    }
    const MatrixXd G = B.transpose() * B;
    Eigen::SelfAdjointEigenSolver<MatrixXd> es(G);
    const VectorXd& l = es.eigenvalues();
    const double top = l(l.size() - 1);
    Index first = 0;
    while (first < l.size() && l(first) <= 1e-20 * top) ++first;  // singular value 1e-10
    const Index kept = l.size() - first;
    MatrixXd T = es.eigenvectors().rightCols(kept);
    for (Index c = 0; c < kept; ++c) T.col(c) /= std::sqrt(l(first + c));
    MatrixXd nb = B * T;
    B.swap(nb);
    if (AB) {
      MatrixXd na = *AB * T;
      AB->swap(na);
    }
  }
}

inline void project_known(MatrixXd& B, const MatrixXd& known) {
  if (known.cols() == 0) return;
  const MatrixXd C = known.transpose() * B;
  B.noalias() -= known * C;
}

// The measured residual of a unit vector x: θ = xᵀ A x, ‖A x − θ x‖ (projected).
template <class Apply>
double measure(Apply& apply, const MatrixXd& known, VectorXd x, double& theta, std::size_t& products) {
  x /= x.norm();
  VectorXd y(x.size());
  apply(x.data(), y.data());
  ++products;
  theta = x.dot(y);
  y -= theta * x;
  if (known.cols() > 0) y -= known * (known.transpose() * y);
  return y.norm();
}

inline bool good(double res, double theta, double tol) { return res <= tol * std::max(1.0, std::abs(theta)); }

template <class Apply>
eig_result lobpcg_both_ends(std::size_t n_, Apply&& apply, const MatrixXd& known, Index block, double tol,
                            std::size_t max_iterations = 100000) {
  const Index n = static_cast<Index>(n_);
  const Index bbot = block / 2, btop = block - bbot;
  eig_result r;
  MatrixXd X = random_block(n, block, 1), AX, W, AW, P(n, 0), AP(n, 0);
  project_known(X, known);
  orthonormalise(X, nullptr, nullptr, nullptr);
  apply_block(apply, X, AX, r.products);
  VectorXd theta;
  {
    const MatrixXd G = 0.5 * (X.transpose() * AX + AX.transpose() * X);
    Eigen::SelfAdjointEigenSolver<MatrixXd> es(G);
    theta = es.eigenvalues();
    X = X * es.eigenvectors();
    AX = AX * es.eigenvectors();
  }
  double factor = 1.0;
  for (;;) {
    ++r.iterations;
    if (r.iterations > max_iterations) throw std::runtime_error("lobpcg: no convergence");
    W = AX - X * theta.asDiagonal();
    project_known(W, known);
    const Index kb = X.cols();
    const double res_bot = W.col(0).norm(), res_top = W.col(kb - 1).norm();
    if (good(res_bot, theta(0), factor * tol) && good(res_top, theta(kb - 1), factor * tol)) {
      r.bottom_residual = measure(apply, known, X.col(0), r.bottom, r.products);
      r.top_residual = measure(apply, known, X.col(kb - 1), r.top, r.products);
      if (good(r.bottom_residual, r.bottom, tol) && good(r.top_residual, r.top, tol)) return r;
      factor /= 4;
    }
    // Basis [X, P, W], orthonormal.
    if (P.cols() > 0) orthonormalise(P, &AP, &X, &AX);
    MatrixXd XP(n, X.cols() + P.cols()), AXP(n, X.cols() + P.cols());
    XP << X, P;
    AXP << AX, AP;
    orthonormalise(W, nullptr, &XP, nullptr);
    apply_block(apply, W, AW, r.products);
    const Index s = XP.cols() + W.cols();
    MatrixXd S(n, s), AS(n, s);
    S << XP, W;
    AS << AXP, AW;
    const MatrixXd G0 = S.transpose() * AS;
    const MatrixXd G = 0.5 * (G0 + G0.transpose());
    Eigen::SelfAdjointEigenSolver<MatrixXd> es(G);
    const VectorXd& l = es.eigenvalues();
    const Index nb = std::min(bbot, s / 2), nt = std::min(btop, s - nb);
    MatrixXd Y(s, nb + nt);
    theta.resize(nb + nt);
    for (Index c = 0; c < nb; ++c) Y.col(c) = es.eigenvectors().col(c), theta(c) = l(c);
    for (Index c = 0; c < nt; ++c) Y.col(nb + c) = es.eigenvectors().col(s - nt + c), theta(nb + c) = l(s - nt + c);
    const Index kx = X.cols();
    // P = the [P, W] part of the update.
    P = S.rightCols(s - kx) * Y.bottomRows(s - kx);
    AP = AS.rightCols(s - kx) * Y.bottomRows(s - kx);
    X = S * Y;
    AX = AS * Y;
  }
}

// The extreme Ritz values of 20 Lanczos steps on A (full reorthogonalisation), as bounds of
// the spectrum on the complement of `known` (counted products).
template <class Apply>
void lanczos_bounds(std::size_t n_, Apply& apply, const MatrixXd& known, double& ritz_bottom, double& ritz_top,
                    std::size_t& products) {
  const Index n = static_cast<Index>(n_);
  MatrixXd V = random_block(n, 1, 7);
  project_known(V, known);
  V /= V.norm();
  MatrixXd basis(n, 21);
  basis.col(0) = V.col(0);
  Eigen::MatrixXd T = Eigen::MatrixXd::Zero(20, 20);
  VectorXd w(n);
  Index steps = 20;
  for (Index j = 0; j < 20; ++j) {
    apply(basis.col(j).data(), w.data());
    ++products;
    const VectorXd h = basis.leftCols(j + 1).transpose() * w;
    w -= basis.leftCols(j + 1) * h;
    w -= known * (known.transpose() * w);
    const VectorXd h2 = basis.leftCols(j + 1).transpose() * w;
    w -= basis.leftCols(j + 1) * h2;
    T(j, j) = h(j) + h2(j);
    const double beta = w.norm();
    if (beta < 1e-12) {
      steps = j + 1;
      break;
    }
    if (j + 1 < 20) T(j + 1, j) = T(j, j + 1) = beta;
    basis.col(j + 1) = w / beta;
  }
  Eigen::SelfAdjointEigenSolver<MatrixXd> es(T.topLeftCorner(steps, steps));
  ritz_bottom = es.eigenvalues()(0);
  ritz_top = es.eigenvalues()(steps - 1);
}

// One end (the largest eigenvalue when `top`) by Chebyshev-filtered subspace iteration on a
// block of `block` vectors: the filter damps [bound, cut], `bound` beyond the other end of the
// spectrum, `cut` the block's Ritz value farthest from the wanted end (Zhou et al. 2006).
template <class Apply>
void chebyshev_subspace_end(std::size_t n_, Apply& apply, const MatrixXd& known, bool top, Index block, int degree,
                            double tol, double bound, double min_half_width, double& value, double& residual,
                            std::size_t& products, std::size_t& iterations, std::size_t max_iterations) {
  const Index n = static_cast<Index>(n_);
  MatrixXd X = random_block(n, block, top ? 1 : 2), AX, Y0, Y1, Y2, AY;
  project_known(X, known);
  orthonormalise(X, nullptr, nullptr, nullptr);
  apply_block(apply, X, AX, products);
  VectorXd theta;
  auto rayleigh_ritz = [&] {
    const MatrixXd G = 0.5 * (X.transpose() * AX + AX.transpose() * X);
    Eigen::SelfAdjointEigenSolver<MatrixXd> es(G);
    theta = es.eigenvalues();
    X = X * es.eigenvectors();
    AX = AX * es.eigenvectors();
  };
  rayleigh_ritz();
  std::uint64_t fresh = 3;
  double factor = 1.0;
  for (std::size_t it = 0;; ++it) {
    ++iterations;
    if (it > max_iterations) throw std::runtime_error("chebyshev: no convergence");
    const Index kb = X.cols(), want = top ? kb - 1 : 0;
    VectorXd rv = AX.col(want) - theta(want) * X.col(want);
    rv -= known * (known.transpose() * rv);
    if (good(rv.norm(), theta(want), factor * tol)) {
      residual = measure(apply, known, X.col(want), value, products);
      if (good(residual, value, tol)) return;
      factor /= 4;
    }
    const double cut = top ? theta(0) : theta(kb - 1);
    const double a = top ? bound : cut, b = top ? cut : bound;
    const double e = std::max(0.5 * (b - a), min_half_width), c = top ? b - e : a + e;
    Y0 = X;
    Y1 = (AX - c * X) / e;
    for (int j = 2; j <= degree; ++j) {
      apply_block(apply, Y1, AY, products);
      Y2 = (2.0 / e) * (AY - c * Y1) - Y0;
      Y0.swap(Y1);
      Y1.swap(Y2);
      for (Index col = 0; col < Y1.cols(); ++col) {  // a common factor per column changes nothing
        const double s = Y1.col(col).norm();
        if (s > 1e100) Y1.col(col) /= s, Y0.col(col) /= s;
      }
    }
    X = Y1;
    project_known(X, known);
    orthonormalise(X, nullptr, nullptr, nullptr);
    if (X.cols() < block) {  // the filter made the block rank-deficient: refill it at random
      MatrixXd F = random_block(n, block - X.cols(), fresh++);
      project_known(F, known);
      orthonormalise(F, nullptr, &X, nullptr);
      MatrixXd full(n, X.cols() + F.cols());
      full << X, F;
      X.swap(full);
    }
    apply_block(apply, X, AX, products);
    rayleigh_ritz();
  }
}

template <class Apply>
eig_result chebyshev_subspace_both_ends(std::size_t n_, Apply&& apply, const MatrixXd& known, Index block, int degree,
                                        double tol, std::size_t max_iterations = 100000) {
  eig_result r;
  double lo = 0, hi = 0;
  lanczos_bounds(n_, apply, known, lo, hi, r.products);
  const double span = hi - lo;
  chebyshev_subspace_end(n_, apply, known, true, block, degree, tol, lo - 0.05 * span, 1e-3 * span, r.top,
                         r.top_residual, r.products, r.iterations, max_iterations);
  chebyshev_subspace_end(n_, apply, known, false, block, degree, tol, hi + 0.05 * span, 1e-3 * span, r.bottom,
                         r.bottom_residual, r.products, r.iterations, max_iterations);
  return r;
}

// One end (top when `top`) by the library's thick-restart Lanczos on p(A) = T_m(ℓ(A)).
template <class Apply>
void chebyshev_lanczos_end(std::size_t n_, Apply& apply, const MatrixXd& known, bool top, int degree, double tol,
                           double lo, double hi, double& value, double& residual, std::size_t& products,
                           std::size_t& restarts) {
  const Index n = static_cast<Index>(n_);
  // Damp [lo, hi] (the unwanted part): ℓ(t) = (2t − lo − hi)/(hi − lo); the wanted end is
  // outside, where |T_m| grows; T_m(ℓ) > 0 there for the top end, (−1)^m T_m for the bottom.
  const double c = 0.5 * (lo + hi), e = 0.5 * (hi - lo);
  const double sign = (!top && degree % 2 == 1) ? -1.0 : 1.0;
  VectorXd y0(n), y1(n), y2(n), ay(n);
  auto filtered = [&](const double* x, double* y) {
    Eigen::Map<const VectorXd> xm(x, n);
    y0 = xm;
    apply(x, ay.data());
    y1 = (ay - c * y0) / e;
    for (int j = 2; j <= degree; ++j) {
      apply(y1.data(), ay.data());
      y2 = (2.0 / e) * (ay - c * y1) - y0;
      y0.swap(y1);
      y1.swap(y2);
    }
    Eigen::Map<VectorXd>(y, n) = sign * y1;
    products += static_cast<std::size_t>(degree);
  };
  shiftfly::metrics::detail::lanczos_options o;
  o.want_top = true;
  o.want_bottom = false;
  o.tolerance = tol;
  for (int attempt = 0; attempt < 8; ++attempt) {
    const auto l = shiftfly::metrics::detail::thick_restart_lanczos(n_, filtered, known, o, "chebyshev_lanczos");
    restarts += l.restarts;
    residual = measure(apply, known, l.top_vector, value, products);
    if (good(residual, value, tol)) return;
    o.tolerance /= 8;
  }
  throw std::runtime_error("chebyshev_lanczos: residual not reached");
}

template <class Apply>
eig_result chebyshev_lanczos(std::size_t n_, Apply&& apply, const MatrixXd& known, int degree, double tol) {
  eig_result r;
  double lo = 0, hi = 0, ritz_top = 0, ritz_bottom = 0;
  lanczos_bounds(n_, apply, known, ritz_bottom, ritz_top, r.products);
  // Top end: damp [λ_min bound, cut] with the cut a little below the 20-step top Ritz value.
  const double span = ritz_top - ritz_bottom;
  lo = ritz_bottom - 0.05 * span;
  hi = ritz_top - 0.1 * span;
  std::size_t restarts = 0;
  chebyshev_lanczos_end(n_, apply, known, true, degree, tol, lo, hi, r.top, r.top_residual, r.products, restarts);
  lo = ritz_bottom + 0.1 * span;
  hi = ritz_top + 0.05 * span;
  chebyshev_lanczos_end(n_, apply, known, false, degree, tol, lo, hi, r.bottom, r.bottom_residual, r.products,
                        restarts);
  r.iterations = restarts;
  return r;
}

}  // namespace bench_alt
