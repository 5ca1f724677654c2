#pragma once
/// \file laplacian_trace.hpp
/// The sum of the reciprocals of the nonzero eigenvalues of the combinatorial Laplacian
/// L = D − A of the undirected physical graph, Σ_(i>=2) 1/λ_i = tr(L⁺) (L⁺ the Moore–Penrose
/// pseudo-inverse), for a connected graph. It is the Kirchhoff index over n:
/// Σ_(s<t) R_eff(s, t) = n·Σ_(i>=2) 1/λ_i (D. J. Klein and M. Randić, "Resistance distance",
/// J. Math. Chem. 12, 1993; I. Gutman and B. Mohar, J. Chem. Inf. Comput. Sci. 36, 1996),
/// R_eff the effective resistance with unit resistors on the links.
///
///   struct laplacian_trace_result { double reciprocal_sum; std::uint64_t n, links; std::string method, algorithm; };
///   laplacian_trace_result laplacian_reciprocal_sum(const G& g);
///   inline constexpr std::uint64_t laplacian_trace_max_n = 4096;
///
/// Algorithm (exact up to rounding): M = L + J/n (J the all-ones matrix) has the eigenvalues
/// λ_2..λ_n of L and 1 on the constant vector, and is positive definite on a connected graph;
/// a dense Cholesky factorisation (Eigen's LLT) and the trace of M⁻¹ (solved column by column)
/// give tr(M⁻¹) − 1 = Σ_(i>=2) 1/λ_i. Work O(n³), memory 2·8n² bytes: refused above
/// laplacian_trace_max_n vertices and when the memory is not available. Parallel links count
/// once (the graph type stores each link once); self loops do not change L.
/// A disconnected graph (n >= 2) has further zero eigenvalues: refused (a throughput bound of
/// a disconnected graph is 0, the caller's case; metrics::bfs tells).
/// The tests compute the eigenvalues with Eigen's SelfAdjointEigenSolver as the independent
/// method, and the closed forms of complete graphs, hypercubes and cycles.

#include <cstdint>
#include <string>
#include <string_view>

#include <Eigen/Cholesky>
#include <Eigen/Core>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"

namespace shiftfly::metrics {

/// Largest vertex count laplacian_reciprocal_sum accepts (dense: 2·8n² bytes, n³/3 operations).
inline constexpr std::uint64_t laplacian_trace_max_n = 4096;

/// Σ_(i>=2) 1/λ_i of L = D − A and how it was obtained.
struct laplacian_trace_result {
  double reciprocal_sum = 0.0;  ///< tr(L⁺) = Σ over the nonzero eigenvalues of 1/λ
  std::uint64_t n = 0, links = 0;
  std::string method = "exact";
  std::string algorithm = "trace of (L + J/n)^-1 minus 1, dense Cholesky (Eigen LLT)";
};

/// tr(L⁺) of a connected undirected graph (see the file comment).
template <core::graph_like G>
laplacian_trace_result laplacian_reciprocal_sum(const G& g) {
  constexpr std::string_view where = "laplacian_reciprocal_sum";
  const std::uint64_t n = g.num_vertices();
  core::require_range(where, "n", n, 2, laplacian_trace_max_n);
  core::require_memory(where, "the dense Laplacian and its inverse", core::estimate_add_mul(0, 2 * n * n, 8));
  const auto reach = bfs(g, typename G::vertex_type{0});
  for (std::uint64_t v = 0; v < n; ++v)
    if (reach.distance[v] < 0)
      core::fail(where, "the graph is disconnected: vertex " + core::to_message(v) +
                            " does not reach vertex 0 (accepted: a connected graph)");
  const auto N = static_cast<Eigen::Index>(n);
  const double share = 1.0 / static_cast<double>(n);
  Eigen::MatrixXd M = Eigen::MatrixXd::Constant(N, N, share);
  std::uint64_t links = 0;
  for (std::uint64_t u = 0; u < n; ++u)
    for (auto v : g.neighbors(static_cast<typename G::vertex_type>(u))) {
      if (static_cast<std::uint64_t>(v) == u) continue;
      M(static_cast<Eigen::Index>(u), static_cast<Eigen::Index>(v)) -= 1.0;
      M(static_cast<Eigen::Index>(u), static_cast<Eigen::Index>(u)) += 1.0;
      if (static_cast<std::uint64_t>(v) > u) ++links;
    }
  const Eigen::LLT<Eigen::MatrixXd> llt(M);
  if (llt.info() != Eigen::Success) core::fail(where, "L + J/n is not positive definite (numerically)");
  const Eigen::MatrixXd inverse = llt.solve(Eigen::MatrixXd::Identity(N, N));
  laplacian_trace_result r;
  r.n = n;
  r.links = links;
  r.reciprocal_sum = inverse.trace() - 1.0;
  return r;
}

}  // namespace shiftfly::metrics
