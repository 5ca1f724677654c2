#pragma once
/// \file spectral.hpp
/// Spectral gap 1 − λ2 of the random-walk matrix P = D⁻¹A of the undirected
/// physical graph (expansion, and through Cheeger's inequality a bound on
/// bisection; see F. Chung, Spectral Graph Theory, AMS 1997, §1–2).
///
/// - spectral_gap(): converged eigenvalues. P is similar to the symmetric
///   N = D^{-1/2} A D^{-1/2}, whose top eigenvector D^{1/2}1 (eigenvalue 1) is known and
///   projected out of every Lanczos vector (deflated exactly, not searched for). One
///   thick-restart Lanczos run on the complement (detail/thick_restart_lanczos.hpp: why
///   that kernel and its subspace size, with the measurements) gives λ2 and λ_min together,
///   each with its residual ‖N v − λ v‖ measured and at most 1e-9; N is applied
///   matrix-free over the CSR (detail/graph_operator.hpp), its rows shared by the threads,
///   bit-identical for any thread count. A disconnected graph (an isolated
///   vertex included) has λ2 = 1 exactly and gap 0: the indicator of each
///   component is an eigenvector of eigenvalue 1 (an isolated vertex is a
///   component of its own, as in Chung's normalised Laplacian, where
///   L(v,v) = 0 when d_v = 0). One BFS finds it, and then only λ_min is computed
///   (method "exact: disconnected (lambda_min by lanczos)"); in the operator a vertex of
///   degree 0 contributes a zero row, which only λ_min sees, and λ_min < 0 anyway.
///   A graph without edges (n >= 2) has no walk at all: L = 0 in Chung's convention, so
///   every eigenvalue of I − L is 1: λ2 = λ_min = 1, gap and two-sided gap 0, with method
///   "exact: no edges (every vertex its own component)", and no Lanczos run.
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
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/spectral/detail/graph_operator.hpp"
#include "shiftfly/metrics/spectral/detail/thick_restart_lanczos.hpp"

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
  /// ‖N v − λ2 v‖ for the returned unit eigenvector v (Lanczos only; 0 when disconnected).
  double residual = 0.0;
  /// ‖N v − λ_min v‖ for its unit eigenvector v (Lanczos only).
  double residual_min = 0.0;
  /// "lanczos" (converged, tolerance 1e-9 on both residuals), "exact: disconnected (lambda_min
  /// by lanczos)" (λ2 = 1 by one BFS), "exact: no edges (every vertex its own component)"
  /// or "power-iteration estimate".
  std::string method;
  /// Lanczos restarts, or power iterations.
  std::size_t iterations = 0;
  /// Products with N (Lanczos only).
  std::size_t products = 0;
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

}  // namespace detail

/// How spectral_gap runs; nothing here changes the result.
struct spectral_gap_options {
  /// Worker threads (0 = all cores, at most 1024); they share the operator's rows (graphs of
  /// 8,192 vertices or more), and the result does not depend on them, bit for bit.
  unsigned threads = 1;
  /// Called with the operator products done so far, every 256; may throw to stop.
  std::function<void(std::size_t)> progress;
};

/// Converged spectral gap of P = D⁻¹A (λ2 and λ_min of N = D^{-1/2} A D^{-1/2} by one
/// thick-restart Lanczos run, residuals <= 1e-9); needs n >= 2 (no edges: see above). o.threads
/// share the operator's rows on a thread team kept for the run (spectral_gap_options).
template <core::graph_like G>
inline spectral_gap_result spectral_gap(const G& g, const spectral_gap_options& o = {}) {
  constexpr const char* where = "metrics::spectral_gap";
  const std::size_t n = g.num_vertices();
  core::require_range(where, "n", n, 2, std::uint64_t{1} << 31);
  core::require_range(where, "threads", o.threads, 0, 1024);
  if (g.num_edges() == 0) {
    // No edges: every vertex is a component of its own (Chung's L is 0), so every
    // eigenvalue of I - L is 1: λ2 = λ_min = 1, both gaps 0. Nothing to iterate.
    spectral_gap_result r;
    r.method = "exact: no edges (every vertex its own component)";
    r.lambda2 = 1.0;
    r.lambda_min = 1.0;
    r.gap = 0.0;
    r.two_sided_gap = 0.0;
    return r;
  }
  detail::lanczos_options lo;
  core::require_memory(where,
                       "the Lanczos vectors (" + core::to_message(lo.subspace + lo.keep + 9) + " x " +
                           core::to_message(n) + " vertices x 8 bytes) and the operator's arrays",
                       core::estimate_add_mul(detail::lanczos_bytes(n, lo), 1,
                                              detail::graph_operator<G>::bytes(n, 2 * g.num_edges())));
  const bool connected = bfs(g, typename G::vertex_type{0}).reached == n;
  detail::graph_operator<G> op(g, detail::graph_matrix::normalized_adjacency, o.threads, &o.progress);
  // Disconnected: eigenvalue 1 has one eigenvector per component, so λ2 = 1 exactly.
  lo.want_top = connected;
  lo.team = op.team();
  const auto l = detail::thick_restart_lanczos(n, op, op.known_eigenvector(), lo, where);
  spectral_gap_result r;
  r.method = connected ? "lanczos" : "exact: disconnected (lambda_min by lanczos)";
  r.lambda2 = connected ? l.top : 1.0;
  r.residual = connected ? l.top_residual : 0.0;
  r.lambda_min = l.bottom;
  r.residual_min = l.bottom_residual;
  r.iterations = l.restarts;
  r.products = l.products;
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
