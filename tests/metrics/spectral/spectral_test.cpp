// Tests of metrics/spectral/spectral.hpp: Lanczos against dense eigendecompositions, closed forms,
// residuals, and the reference's power-iteration estimator against its own output.
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <cmath>
#include <numbers>

#include "shiftfly/metrics/spectral/detail/graph_operator.hpp"
#include "shiftfly/metrics/spectral/spectral.hpp"
#include "shiftfly/topology/family.hpp"
#include "test_graphs.hpp"

namespace spectral_test {

using namespace shiftfly;

namespace {
// Dense eigenvalues of D^{-1/2} A D^{-1/2}, ascending; an isolated vertex is a component
// of its own, with eigenvalue 1 (Chung's normalised Laplacian has L(v,v) = 0 when d_v = 0).
Eigen::VectorXd dense_spectrum(const testing::graph& g) {
  const auto n = static_cast<Eigen::Index>(g.num_vertices());
  Eigen::MatrixXd m = Eigen::MatrixXd::Zero(n, n);
  for (std::uint32_t u = 0; u < n; ++u) {
    if (g.degree(u) == 0) m(u, u) = 1.0;
    for (auto v : g.neighbors(u))
      m(u, v) = 1.0 / std::sqrt(static_cast<double>(g.degree(u)) * static_cast<double>(g.degree(v)));
  }
  return Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(m).eigenvalues();
}
}  // namespace

TEST_CASE("spectral: Lanczos equals a dense eigendecomposition to 1e-9") {
  int connected = 0, disconnected = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    core::python_random rng(seed);
    const auto n = static_cast<std::uint32_t>(3 + rng.randrange(80));
    const auto g = testing::gnp(n, 0.05 + 0.4 * rng.random(), seed);
    if (g.num_edges() == 0) continue;
    const auto ev = dense_spectrum(g);
    // The top eigenvalue 1 of a component with an edge; λ2 is the next one with multiplicity.
    const double lambda2 = ev(ev.size() - 2), lambda_min = ev(0);
    const auto r = metrics::spectral_gap(g);
    INFO("seed=" << seed << " n=" << n);
    CHECK(std::abs(r.lambda2 - lambda2) < 1e-9);
    CHECK(std::abs(r.lambda_min - lambda_min) < 1e-9);
    CHECK(std::abs(r.gap - (1 - lambda2)) < 1e-9);
    CHECK(r.residual < 1e-7);
    // Eigenvalue 1 twice or more: disconnected, and then λ2 = 1 exactly, not by Lanczos.
    if (lambda2 > 1 - 1e-9) {
      ++disconnected;
      CHECK(r.lambda2 == 1.0);
      CHECK(r.gap == 0.0);
      CHECK(r.method == "exact: disconnected (lambda_min by lanczos)");
    } else {
      ++connected;
      CHECK(r.method == "lanczos");
    }
  }
  CHECK(connected > 10);  // both kinds are drawn
  CHECK(disconnected > 3);
}

TEST_CASE("spectral: closed forms") {
  for (std::uint32_t n : {3u, 4u, 7u, 20u, 101u}) {
    const auto r = metrics::spectral_gap(testing::complete(n));
    CHECK(std::abs(r.gap - static_cast<double>(n) / (n - 1)) < 1e-9);  // λ2 = −1/(n−1)
    CHECK(std::abs(r.lambda_min + 1.0 / (n - 1)) < 1e-9);
  }
  for (std::uint32_t n : {5u, 6u, 12u, 31u, 200u}) {
    const auto r = metrics::spectral_gap(testing::cycle(n));
    CHECK(std::abs(r.gap - (1 - std::cos(2 * std::numbers::pi / n))) < 1e-9);
    // Even cycles are bipartite: λ_min = −1, two-sided gap 0.
    const double lmin = n % 2 ? std::cos(std::numbers::pi * (n - 1) / n) : -1.0;
    CHECK(std::abs(r.lambda_min - lmin) < 1e-9);
  }
  // Petersen: adjacency eigenvalues 3, 1, −2, so P has 1, 1/3, −2/3: gap 2/3.
  const auto p = metrics::spectral_gap(testing::petersen());
  CHECK(std::abs(p.gap - 2.0 / 3.0) < 1e-9);
  CHECK(std::abs(p.lambda_min + 2.0 / 3.0) < 1e-9);
  CHECK(std::abs(p.two_sided_gap - 1.0 / 3.0) < 1e-9);
}

TEST_CASE("spectral: residual of a larger graph, and a disconnected one") {
  const auto g = topology::make_graph(topology::boardfly_spec{.groups = 576});
  const auto r = metrics::spectral_gap(g);
  CHECK(r.residual < 1e-8);
  CHECK(r.gap > 0);
  std::vector<testing::edge> e{{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}};
  CHECK(metrics::spectral_gap(testing::graph::from_edges(6, e)).gap == 0.0);  // exactly (tests/metrics/disconnected_test.cpp)
}

TEST_CASE("spectral: the operator's products are the row sums in list order, with 16-bit lists or without") {
  // The plain product: y[v] = s[v] * (the sum of s[w] x[w] over v's list, in its order), s = 1/sqrt(d);
  // and the Laplacian's d(v) x[v] - (the sum of x[w]). The operator keeps 16-bit lists from 8,192 to
  // 65,536 vertices (256 x 256: the largest id 65,535), and must give these bits on either side.
  struct sized {
    testing::graph g;
    bool narrow;
  };
  std::vector<sized> graphs;
  graphs.push_back({topology::make_graph(topology::boardfly_spec{.groups = 576}), false});
  graphs.push_back({topology::make_graph(topology::shiftfly_spec{.groups = 8400}), true});
  graphs.push_back({topology::make_graph(topology::torus_spec{.dims = {256, 256}}), true});
  graphs.push_back({topology::make_graph(topology::torus_spec{.dims = {257, 256}}), false});
  using op_type = metrics::detail::graph_operator<testing::graph>;
  for (const auto& [g, narrow] : graphs) {
    const std::size_t n = g.num_vertices();
    INFO("n = " << n);
    CHECK((n >= op_type::narrow_min_vertices && n <= op_type::narrow_max_vertices) == narrow);
    std::vector<double> x(n), s(n);
    for (std::size_t v = 0; v < n; ++v) {
      x[v] = std::sin(0.37 * static_cast<double>(v) + 1.0);
      s[v] = 1.0 / std::sqrt(static_cast<double>(g.degree(static_cast<std::uint32_t>(v))));
    }
    for (auto kind : {metrics::detail::graph_matrix::normalized_adjacency, metrics::detail::graph_matrix::laplacian}) {
      for (unsigned threads : {1u, 2u}) {
        const op_type op(g, kind, threads);
        std::vector<double> y(n);
        op(x.data(), y.data());
        std::size_t differ = 0;
        for (std::size_t v = 0; v < n; ++v) {
          double acc = 0;
          const auto u = static_cast<std::uint32_t>(v);
          const bool adjacency = kind == metrics::detail::graph_matrix::normalized_adjacency;
          for (auto w : g.neighbors(u)) acc += adjacency ? s[w] * x[w] : x[w];
          const double want = adjacency ? s[v] * acc : static_cast<double>(g.degree(u)) * x[v] - acc;
          if (y[v] != want) ++differ;
        }
        CHECK(differ == 0);
      }
    }
  }
}

TEST_CASE("spectral: identical result for 1, 2, 3 and every hardware thread") {
  // 8400 groups: above the 8192-vertex threshold for splitting the rows
  const auto g = topology::make_graph(topology::shiftfly_spec{.groups = 8400});
  const auto a = metrics::spectral_gap(g, {1});
  for (unsigned threads : {2u, 3u, 0u}) {
    const auto b = metrics::spectral_gap(g, {threads});
    CHECK(a.gap == b.gap);
    CHECK(a.lambda_min == b.lambda_min);
    CHECK(a.residual == b.residual);
  }
  CHECK(a.residual < 1e-8);
}

TEST_CASE("spectral: the reference's estimator reproduces its floating point (fixture)") {
  int seen = 0;
  for (const auto& r : testing::reference_lines()) {
    const auto g = testing::gnp(r.n, r.p, r.seed);
    if (r.key == "gap50") {
      const auto s = metrics::reference_spectral_gap(g, 50);
      CHECK(s.gap == std::stod(r.values[0]));
      CHECK(s.method == "power-iteration estimate");
      ++seen;
    } else if (r.key == "gap7_seed9") {
      CHECK(metrics::reference_spectral_gap(g, 7, 9).gap == std::stod(r.values[0]));
      ++seen;
    }
  }
  CHECK(seen == 8);
  CHECK(metrics::reference_spectral_gap(testing::path(2), 10).gap == 0.0);
}

TEST_CASE("spectral: a graph without edges has lambda2 = 1 and gap 0, every vertex its own component") {
  // Chung's normalised Laplacian is 0 without edges (L(v,v) = 0 when d_v = 0): every
  // eigenvalue of I - L is 1, so lambda2 = lambda_min = 1 and both gaps are 0, exactly.
  for (const std::size_t n : {2u, 3u, 1000u}) {
    const auto r = metrics::spectral_gap(testing::graph::from_edges(n, std::vector<testing::edge>{}));
    CHECK(r.lambda2 == 1.0);
    CHECK(r.lambda_min == 1.0);
    CHECK(r.gap == 0.0);
    CHECK(r.two_sided_gap == 0.0);
    CHECK(r.method == "exact: no edges (every vertex its own component)");
    CHECK(r.products == 0);
  }
  // and one edge more is the disconnected case: lambda2 = 1 still, lambda_min = -1 (the edge's K2)
  const auto one = metrics::spectral_gap(testing::graph::from_edges(3, std::vector<testing::edge>{{0, 1}}));
  CHECK(one.lambda2 == 1.0);
  CHECK(one.gap == 0.0);
  CHECK(one.lambda_min == Approx(-1.0).margin(1e-9));
}

TEST_CASE("spectral: bad input") {
  CHECK_THROWS_AS(metrics::spectral_gap(testing::path(1)), std::invalid_argument);
  CHECK_THROWS_AS(metrics::reference_spectral_gap(testing::cycle(5), 0), std::invalid_argument);
  CHECK_THROWS_AS(metrics::spectral_gap(testing::cycle(5), {5000}), std::invalid_argument);
}

TEST_CASE("spectral: progress counts operator products and leaves the result unchanged", "[metrics][progress]") {
  // The cycle C_2000: λ2 = cos(2π/2000) is in a tight cluster, so Lanczos restarts many times.
  const auto g = testing::cycle(2000);
  std::size_t calls = 0, last = 0;
  bool steps = true;
  const auto r = metrics::spectral_gap(g, {1, [&](std::size_t products) {
    // Every 256 products of one operator; the λ_min run's operator counts from 0 again.
    steps = steps && (products == last + 256 || products == 256);
    last = products, ++calls;
  }});
  const auto plain = metrics::spectral_gap(g, {1});
  CHECK(calls >= 1);
  CHECK(steps);
  CHECK(r.lambda2 == plain.lambda2);
  CHECK(r.lambda_min == plain.lambda_min);
  CHECK(r.iterations == plain.iterations);
}

}  // namespace spectral_test
