#pragma once
/// \file fiedler.hpp
/// The Fiedler value λ2(L) of the Laplacian L = D − A of the undirected physical graph and
/// its eigenvector, the algebraic connectivity (M. Fiedler, "Algebraic connectivity of
/// graphs", Czech. Math. J. 23, 1973), for any graph, regular or not:
///
///     fiedler_result fiedler(g, fiedler_options{threads});
///
/// - Connected graph: L's null vector 1 is known and projected out of every Lanczos vector
///   (deflated exactly); thick-restart Lanczos (detail/thick_restart_lanczos.hpp) on the
///   complement gives the smallest eigenvalue there, λ2(L), and a unit eigenvector x ⊥ 1
///   with ‖L x − λ2 x‖ <= 1e-9·max(1, λ2), measured. An eigenvalue of high multiplicity is
///   no obstacle: K_n (λ2 = n, multiplicity n − 1) spans an invariant subspace at once.
/// - Disconnected graph (one BFS decides): λ2(L) = 0 exactly, `connected` is false, and the
///   vector is the null vector 1_C/|C| − 1_R/|R| normalised (C the component of vertex 0,
///   R the rest), residual 0.
/// - On a d-regular graph L = d·I − A, so λ2(L) = d·(1 − λ2(D^{-1/2} A D^{-1/2})).
/// fiedler_options::threads (0 = all cores) share the operator's rows; the result is
/// bit-identical for any thread count.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/spectral/detail/graph_operator.hpp"
#include "shiftfly/metrics/spectral/detail/thick_restart_lanczos.hpp"

namespace shiftfly::metrics {

/// λ2(L) and its eigenvector.
struct fiedler_result {
  /// λ2(L), the algebraic connectivity (0 exactly when disconnected).
  double lambda2 = 0.0;
  /// A unit eigenvector of λ2(L), orthogonal to the all-ones vector.
  std::vector<double> vector;
  /// ‖L x − λ2 x‖ for `vector` (0 when disconnected).
  double residual = 0.0;
  /// False when the graph is disconnected (then λ2(L) = 0 exactly).
  bool connected = true;
  /// "lanczos" (tolerance 1e-9 on the residual) or "exact: disconnected".
  std::string method;
  /// Lanczos restarts and products with L.
  std::size_t iterations = 0, products = 0;
};

/// How fiedler (and spectral_bisection_bound, which runs it) runs; nothing here changes the result.
struct fiedler_options {
  /// Worker threads (0 = all cores, at most 1024), sharing the operator's rows.
  unsigned threads = 1;
};

/// The Fiedler value and vector of g (n >= 2).
template <core::graph_like G>
inline fiedler_result fiedler(const G& g, const fiedler_options& fo = {}) {
  const unsigned threads = fo.threads;
  constexpr const char* where = "metrics::fiedler";
  using V = typename G::vertex_type;
  const std::size_t n = g.num_vertices();
  core::require_range(where, "n", n, 2, std::uint64_t{1} << 31);
  core::require_range(where, "threads", threads, 0, 1024);
  detail::lanczos_options o;
  o.want_top = false;
  core::require_memory(where,
                       "the Lanczos vectors (" + core::to_message(o.subspace + o.keep + 9) + " x " +
                           core::to_message(n) + " vertices x 8 bytes) and the operator's arrays",
                       core::estimate_add_mul(detail::lanczos_bytes(n, o), 1,
                                              detail::graph_operator<G>::bytes(n, 2 * g.num_edges())));
  fiedler_result r;
  const auto reach = bfs(g, V{0});
  if (reach.reached < n) {
    r.connected = false;
    r.method = "exact: disconnected";
    const double c = static_cast<double>(reach.reached), rest = static_cast<double>(n) - c;
    const double a = 1.0 / c, b = -1.0 / rest, norm = std::sqrt(c * a * a + rest * b * b);
    r.vector.resize(n);
    for (std::size_t v = 0; v < n; ++v) r.vector[v] = (reach.distance[v] >= 0 ? a : b) / norm;
    return r;
  }
  detail::graph_operator<G> op(g, detail::graph_matrix::laplacian, threads);
  o.team = op.team();
  const auto l = detail::thick_restart_lanczos(n, op, op.known_eigenvector(), o, where);
  r.method = "lanczos";
  r.lambda2 = l.bottom;
  r.residual = l.bottom_residual;
  r.vector.assign(l.bottom_vector.data(), l.bottom_vector.data() + l.bottom_vector.size());
  r.iterations = l.restarts;
  r.products = l.products;
  return r;
}

}  // namespace shiftfly::metrics
