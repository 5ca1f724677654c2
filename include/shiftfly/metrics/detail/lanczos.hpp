#pragma once
/// \file detail/lanczos.hpp
/// One extreme eigenpair of a symmetric matrix-free operator by implicitly
/// restarted Lanczos (Spectra's SymEigsSolver, tolerance 1e-9), checked by its
/// defining property: the returned unit vector v must satisfy ‖Av − λv‖ small.
/// Spectra 1.0 can return a zero vector when the Krylov space becomes invariant
/// early (operators with very few distinct eigenvalues, e.g. complete graphs);
/// then the solve is retried from another start vector, and small operators
/// fall back to a dense eigendecomposition (Eigen).

#include <Spectra/SymEigsSolver.h>

#include <Eigen/Core>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>

// Wanted eigenvalues and Krylov subspace size. Measured on the 36,000-group Boardfly
// (λ2 in a cluster): (1, 24) 97 restarts, 1.8 s CPU; (1, 64) 24 restarts but 3.5 s;
// (1, 128) 5.1 s; (4, 24) 3.6 s; (6, 32) 2.9 s — restarts with a larger subspace cost
// O(n·ncv²) each, more than the operator applications they save.
#ifndef SHIFTFLY_METRICS_NEV
#define SHIFTFLY_METRICS_NEV 1
#endif
#ifndef SHIFTFLY_METRICS_NCV
#define SHIFTFLY_METRICS_NCV 24
#endif

namespace shiftfly::metrics::detail {

struct eigen_pair {
  double value = 0;
  double residual = 0;
  std::size_t restarts = 0;
  bool dense = false;
};

template <class Op>
inline double eigen_residual(const Op& op, const Eigen::VectorXd& v, double lambda) {
  const double norm = v.norm();
  if (!(norm > 0.5 && norm < 2.0)) return INFINITY;
  Eigen::VectorXd y(v.size());
  op.perform_op(v.data(), y.data());
  return (y - lambda * v).norm() / norm;
}

/// Largest (LargestAlge) or smallest (SmallestAlge) eigenvalue of `op`; `scale` bounds |λ|.
template <class Op>
inline eigen_pair extreme_eigenpair(Op& op, Spectra::SortRule rule, double scale, const char* where) {
  const Eigen::Index n = op.rows();
  const double accept = 1e-7 * std::max(1.0, scale);
  eigen_pair out;
  for (int attempt = 0; attempt < 2; ++attempt) {
    const Eigen::Index ncv = std::min<Eigen::Index>(n, attempt == 0 ? SHIFTFLY_METRICS_NCV : 2 * SHIFTFLY_METRICS_NCV);
    if (ncv <= 1) break;
    const Eigen::Index nev = std::min<Eigen::Index>(SHIFTFLY_METRICS_NEV, ncv - 1);
    Spectra::SymEigsSolver<Op> eigs(op, nev, ncv);
    if (attempt == 0) {
      eigs.init();
    } else {
      Eigen::VectorXd start(n);
      for (Eigen::Index i = 0; i < n; ++i) start(i) = std::sin(1.0 + 0.7 * static_cast<double>(i)) + 0.1;
      eigs.init(start.data());
    }
    eigs.compute(rule, 100000, 1e-9, rule);
    if (eigs.info() != Spectra::CompInfo::Successful) continue;
    const double lambda = eigs.eigenvalues()(0);
    const Eigen::VectorXd v = eigs.eigenvectors().col(0);
    const double res = eigen_residual(op, v, lambda);
    out.restarts += static_cast<std::size_t>(eigs.num_iterations());
    if (res <= accept && std::abs(lambda) <= 1.000001 * scale + 1e-9) {
      out.value = lambda;
      out.residual = res;
      return out;
    }
  }
  if (n > 2000) throw std::runtime_error(std::string(where) + ": Lanczos did not converge");
  // Dense fallback: the operator applied to the unit vectors.
  Eigen::MatrixXd m(n, n);
  Eigen::VectorXd e = Eigen::VectorXd::Zero(n), col(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    e(i) = 1;
    op.perform_op(e.data(), col.data());
    m.col(i) = col;
    e(i) = 0;
  }
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(0.5 * (m + m.transpose()));
  const Eigen::Index k = rule == Spectra::SortRule::SmallestAlge ? 0 : n - 1;
  out.value = es.eigenvalues()(k);
  out.residual = eigen_residual(op, es.eigenvectors().col(k), out.value);
  out.dense = true;
  return out;
}

}  // namespace shiftfly::metrics::detail
