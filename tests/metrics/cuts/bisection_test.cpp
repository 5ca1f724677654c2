// Tests of metrics/cuts/bisection.hpp: the reference's greedy upper bound, the spectral lower
// bound, and brute-force bisection widths between them.
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <cmath>
#include <numbers>

#include "shiftfly/metrics/cuts/bisection.hpp"
#include "test_graphs.hpp"

namespace bisection_test {

using namespace shiftfly;
using V = std::uint32_t;

namespace {
std::size_t brute_bisection(const testing::graph& g) {
  const std::size_t n = g.num_vertices();
  std::size_t best = g.num_edges();
  for (std::uint32_t s = 0; s < (1u << n); ++s) {
    if (static_cast<std::size_t>(__builtin_popcount(s)) != n / 2) continue;
    std::size_t cut = 0;
    for (V u = 0; u < n; ++u)
      for (auto v : g.neighbors(u)) cut += u < v && ((s >> u & 1) != (s >> v & 1));
    best = std::min(best, cut);
  }
  return best;
}

double dense_laplacian_lambda2(const testing::graph& g) {
  const auto n = static_cast<Eigen::Index>(g.num_vertices());
  Eigen::MatrixXd l = Eigen::MatrixXd::Zero(n, n);
  for (V u = 0; u < n; ++u) {
    l(u, u) = static_cast<double>(g.degree(u));
    for (auto v : g.neighbors(u)) l(u, v) = -1;
  }
  return Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(l).eigenvalues()(1);
}
}  // namespace

TEST_CASE("bisection: the reference's greedy local search (fixture)") {
  int seen = 0;
  for (const auto& r : testing::reference_lines()) {
    if (r.key != "bisection") continue;
    const auto b = metrics::greedy_bisection(testing::gnp(r.n, r.p, r.seed));
    CHECK(b.value == std::stod(r.values[0]));
    CHECK(b.kind == "upper bound (greedy local search)");
    ++seen;
  }
  CHECK(seen == 4);
}

TEST_CASE("bisection: lower bound <= brute force <= upper bound") {
  for (std::uint64_t seed = 1; seed <= 25; ++seed) {
    core::python_random rng(seed);
    const auto n = static_cast<V>(4 + rng.randrange(11));
    const auto g = testing::gnp(n, 0.2 + 0.6 * rng.random(), seed);
    const auto exact = static_cast<double>(brute_bisection(g));
    const auto lo = metrics::spectral_bisection_bound(g);
    const auto hi = metrics::greedy_bisection(g);
    INFO("seed " << seed << " n " << n);
    CHECK(lo.value <= exact + 1e-9);
    CHECK(exact <= hi.value);
    CHECK(std::abs(lo.laplacian_lambda2 - dense_laplacian_lambda2(g)) < 1e-8);
  }
}

TEST_CASE("bisection: Laplacian closed forms") {
  CHECK(std::abs(metrics::spectral_bisection_bound(testing::complete(8)).laplacian_lambda2 - 8) < 1e-8);
  const auto c = metrics::spectral_bisection_bound(testing::cycle(20));
  CHECK(std::abs(c.laplacian_lambda2 - (2 - 2 * std::cos(2 * std::numbers::pi / 20))) < 1e-8);
  CHECK(c.kind == "lower bound (lambda2(L) * floor(n/2) * ceil(n/2) / n)");
  // Odd n: λ2(K_5) = 5 and the bound is 5·2·3/5 = 6, the width itself ((n/4)·λ2 would claim 6.25).
  CHECK(std::abs(metrics::spectral_bisection_bound(testing::complete(5)).value - 6) < 1e-8);
}

TEST_CASE("bisection: bad input") {
  CHECK_THROWS_AS(metrics::spectral_bisection_bound(testing::path(1)), std::invalid_argument);
  CHECK_THROWS_AS(metrics::greedy_bisection(testing::graph{}), std::invalid_argument);
}

}  // namespace bisection_test
