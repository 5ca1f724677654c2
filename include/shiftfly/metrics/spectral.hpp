#pragma once
/// \file spectral.hpp
/// Spectral gap 1 − λ2 of the random-walk matrix P = D⁻¹A of the undirected
/// physical graph (expansion, and through Cheeger's inequality a bound on
/// bisection; see F. Chung, Spectral Graph Theory, AMS 1997, §1–2).
///
/// - spectral_gap(): converged eigenvalues. P is similar to the symmetric
///   N = D^{-1/2} A D^{-1/2}; its top eigenvector D^{1/2}1 (eigenvalue 1) is
///   deflated by moving it to −2, and implicitly restarted Lanczos (Spectra's
///   SymEigsSolver, tolerance 1e-9) on the matrix-free operator gives λ2; a
///   second run gives λ_min, so that the two-sided gap
///   1 − max(|λ2|, |λ_min|) is available. A disconnected graph (an isolated
///   vertex included) has λ2 = 1 exactly and gap 0: the indicator of each
///   component is an eigenvector of eigenvalue 1 (an isolated vertex is a
///   component of its own, as in Chung's normalised Laplacian, where
///   L(v,v) = 0 when d_v = 0). One BFS finds it, and then λ2 is not computed by
///   Lanczos (method "exact: disconnected"); in the operator a vertex of degree
///   0 contributes a zero row, which only λ_min sees, and λ_min < 0 anyway.
/// - reference_spectral_gap(): the reference artefact's estimator
///   (topology/metrics.py `spectral_gap`), labelled an estimate: power
///   iteration on (P + I)/2 from uniform(−1, 1) draws of random.Random(seed),
///   the mean projected out every step, with the same floating-point operation
///   order so the published values come out.

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/core/worker_pool.hpp"
#include "shiftfly/metrics/bfs.hpp"
#include "shiftfly/metrics/detail/lanczos.hpp"

namespace shiftfly::metrics {

/// Eigenvalues of P = D⁻¹A and the gaps they give.
struct spectral_gap_result {
  /// Second largest eigenvalue of P.
  double lambda2 = 0.0;
  /// Smallest eigenvalue of P (NaN for the estimator, which does not compute it).
  double lambda_min = 0.0;
  /// 1 − λ2.
  double gap = 0.0;
  /// 1 − max(|λ2|, |λ_min|).
  double two_sided_gap = 0.0;
  /// ‖N v − λ2 v‖ for the returned unit eigenvector v (Lanczos only).
  double residual = 0.0;
  /// "lanczos" (converged, tolerance 1e-9), "dense eigendecomposition" (small operators on
  /// which Lanczos broke down, see detail/lanczos.hpp), "exact: disconnected (...)" (λ2 = 1
  /// by one BFS; λ_min as named) or "power-iteration estimate".
  std::string method;
  /// Lanczos restarts, or power iterations.
  std::size_t iterations = 0;
};

namespace detail {

/// Keeps a product out of fused multiply-adds, so that sums round as in CPython.
inline double no_contract(double v) noexcept {
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
  asm("" : "+x"(v));
#elif defined(__GNUC__) && defined(__aarch64__)
  asm("" : "+w"(v));
#endif
  return v;
}

/// N = D^{-1/2} A D^{-1/2} − c·u uᵀ as a Spectra operator (u = D^{1/2}1 / ‖·‖).
template <class G>
class normalized_adjacency_op {
 public:
  using Scalar = double;
  normalized_adjacency_op(const G& g, double deflation, unsigned threads = 1,
                          const std::function<void(std::size_t)>* progress = nullptr)
      : g_(g), c_(deflation), threads_(std::max(1U, threads)), progress_(progress) {
    const std::size_t n = g.num_vertices();
    isd_.resize(n);
    u_.resize(n);
    double norm2 = 0;
    for (std::size_t v = 0; v < n; ++v) {
      const auto d = static_cast<double>(g.degree(static_cast<typename G::vertex_type>(v)));
      isd_[v] = d > 0 ? 1.0 / std::sqrt(d) : 0.0;
      u_[v] = std::sqrt(d);
      norm2 += d;
    }
    for (auto& x : u_) x /= std::sqrt(norm2);
  }
  [[nodiscard]] Eigen::Index rows() const { return static_cast<Eigen::Index>(isd_.size()); }
  [[nodiscard]] Eigen::Index cols() const { return rows(); }
  // Rows are independent, so splitting them over threads leaves every bit of y unchanged;
  // the deflation dot product is summed serially.
  void perform_op(const double* x, double* y) const {
    const std::size_t n = isd_.size();
    if (progress_ && *progress_ && ++products_ % 256 == 0) (*progress_)(products_);
    double dot = 0;
    if (c_ != 0)
      for (std::size_t v = 0; v < n; ++v) dot += u_[v] * x[v];
    auto rows = [&](std::size_t lo, std::size_t hi) {
      for (std::size_t v = lo; v < hi; ++v) {
        double acc = 0;
        for (auto w : g_.neighbors(static_cast<typename G::vertex_type>(v))) acc += isd_[w] * x[w];
        y[v] = isd_[v] * acc - c_ * dot * u_[v];
      }
    };
    const std::size_t parts = n >= 8192 ? threads_ : 1;
    if (parts == 1) {
      rows(0, n);
      return;
    }
    core::parallel_for(n, parts, threads_, [&](std::size_t, std::size_t lo, std::size_t hi) { rows(lo, hi); });
  }

 private:
  const G& g_;
  double c_;
  unsigned threads_;
  const std::function<void(std::size_t)>* progress_;
  mutable std::size_t products_ = 0;  // for progress only
  std::vector<double> isd_, u_;
};

}  // namespace detail

/// Converged spectral gap of P = D⁻¹A (Lanczos, tolerance 1e-9); needs n >= 2 and an edge.
/// `threads` (0 = all cores) share the operator's rows (graphs of 8192 vertices or more);
/// the result does not depend on it. One thread by default: on the shared 2-core
/// machine (load ~11) two threads made the 36,000-group Boardfly slower (12 s against
/// 9 s wall), the per-application thread start and join costing more than they saved.
/// `progress` (optional) is called with the operator products done so far, every 256 of
/// them (Lanczos restarts apply it NCV − NEV times each).
template <core::graph_like G>
inline spectral_gap_result spectral_gap(const G& g, unsigned threads = 1,
                                        const std::function<void(std::size_t)>& progress = {}) {
  const std::size_t n = g.num_vertices();
  core::require_range("metrics::spectral_gap", "n", n, 2, std::uint64_t{1} << 31);
  core::require_range("metrics::spectral_gap", "threads", threads, 0, 1024);
  threads = core::resolve_threads(threads);
  if (g.num_edges() == 0) core::fail("metrics::spectral_gap", "the graph has no edges");
  // Spectra keeps a Krylov basis of up to 2·NCV vectors of n doubles (the retry doubles
  // it), beside the two operators' 2 vectors each and a few work vectors (core/memory.hpp).
  core::require_memory("metrics::spectral_gap",
                       "the Lanczos vectors (" + core::to_message(2 * SHIFTFLY_METRICS_NCV + 8) + " x " +
                           core::to_message(n) + " vertices x 8 bytes)",
                       core::estimate_add_mul(0, n, 8 * (2 * SHIFTFLY_METRICS_NCV + 8)));
  spectral_gap_result r;
  r.method = "lanczos";
  if (bfs(g, typename G::vertex_type{0}).reached < n) {
    // Disconnected: eigenvalue 1 has one eigenvector per component, so λ2 = 1 exactly.
    detail::normalized_adjacency_op<G> plain(g, 0.0, threads, &progress);
    const auto bottom = detail::extreme_eigenpair(plain, Spectra::SortRule::SmallestAlge, 1.0, "metrics::spectral_gap");
    r.method = std::string("exact: disconnected (lambda_min by ") + (bottom.dense ? "dense eigendecomposition" : "lanczos") + ")";
    r.lambda2 = 1.0;
    r.residual = 0.0;
    r.lambda_min = bottom.value;
    r.iterations = bottom.restarts;
  } else {
    // λ2: the top eigenvector (eigenvalue 1) is moved to 1 − 3 = −2, below the spectrum.
    detail::normalized_adjacency_op<G> deflated(g, 3.0, threads, &progress), plain(g, 0.0, threads, &progress);
    const auto top = detail::extreme_eigenpair(deflated, Spectra::SortRule::LargestAlge, 2.0, "metrics::spectral_gap");
    const auto bottom = detail::extreme_eigenpair(plain, Spectra::SortRule::SmallestAlge, 1.0, "metrics::spectral_gap");
    r.lambda2 = top.value;
    r.residual = top.residual;
    r.lambda_min = bottom.value;
    r.iterations = top.restarts + bottom.restarts;
    if (top.dense || bottom.dense) r.method = "dense eigendecomposition";
  }
  r.gap = 1.0 - r.lambda2;
  r.two_sided_gap = 1.0 - std::max(std::abs(r.lambda2), std::abs(r.lambda_min));
  return r;
}

/// The reference artefact's estimate of 1 − λ2 (`spectral_gap(g, iters, seed)`): power
/// iteration on (P + I)/2 for `iterations` steps, clamped at 0; 0 when n < 3.
/// The paper's Table 2 uses 120 iterations for n <= 10000 and 60 above.
template <core::graph_like G>
inline spectral_gap_result reference_spectral_gap(const G& g, std::size_t iterations, std::uint64_t seed = 3) {
  core::require_range("metrics::reference_spectral_gap", "iterations", iterations, 1, 100000000);
  using V = typename G::vertex_type;
  const std::size_t n = g.num_vertices();
  spectral_gap_result r;
  r.method = "power-iteration estimate";
  r.iterations = iterations;
  r.lambda_min = std::nan("");
  r.two_sided_gap = std::nan("");
  if (n < 3) {
    r.gap = 0.0;
    r.lambda2 = 1.0;
    return r;
  }
  core::python_random rng(seed);
  std::vector<double> deg(n), x(n), y(n);
  for (std::size_t v = 0; v < n; ++v) deg[v] = static_cast<double>(std::max<std::size_t>(1, g.degree(static_cast<V>(v))));
  for (auto& t : x) t = rng.uniform(-1.0, 1.0);
  const double dn = static_cast<double>(n);
  auto project = [&](std::vector<double>& v) {
    double s = 0;
    for (double t : v) s += t;
    const double mean = s / dn;
    for (double& t : v) t -= mean;
  };
  auto normalise = [&](std::vector<double>& v) {
    double s = 0;
    for (double t : v) s += detail::no_contract(t * t);
    const double nrm = std::pow(s, 0.5);  // CPython's `** 0.5` calls pow()
    if (nrm == 0) return 0.0;
    for (double& t : v) t /= nrm;
    return nrm;
  };
  project(x);
  normalise(x);
  double mu = 0;
  for (std::size_t it = 0; it < iterations; ++it) {
    for (std::size_t u = 0; u < n; ++u) {
      const auto nb = g.neighbors(static_cast<V>(u));
      if (nb.empty()) {
        y[u] = 0.0;
        continue;
      }
      double acc = 0;
      for (auto v : nb) acc += x[v];
      y[u] = 0.5 * (acc / deg[u] + x[u]);
    }
    project(y);
    mu = 0;
    for (std::size_t i = 0; i < n; ++i) mu += detail::no_contract(y[i] * x[i]);
    if (normalise(y) == 0.0) break;
    std::swap(x, y);
  }
  r.lambda2 = 2.0 * mu - 1.0;
  r.gap = std::max(0.0, 1.0 - r.lambda2);
  return r;
}

}  // namespace shiftfly::metrics
