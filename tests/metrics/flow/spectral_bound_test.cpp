// The spectral uniform-throughput bound m / (n·Σ_(i>=2) 1/λ_i) (metrics/flow/throughput_bound.hpp)
// and tr(L⁺) (metrics/spectral/laplacian_trace.hpp): the eigenvalues computed independently by
// Eigen's dense SelfAdjointEigenSolver; closed forms on complete graphs, hypercubes and cycles;
// a valid bound (at least the exact θ* of the CLP LP, and never below the distance bound, since
// R_eff <= d) on the throughput fixture's graphs.
#include <catch2/catch.hpp>

#include <cmath>
#include <numbers>
#include <utility>
#include <vector>

#include <Eigen/Dense>

#include "shiftfly/metrics/flow/throughput_bound.hpp"
#include "shiftfly/metrics/flow/throughput_lp.hpp"
#include "shiftfly/metrics/spectral/laplacian_trace.hpp"
#include "throughput_fixture.hpp"

namespace spectral_bound_test {

using namespace shiftfly;
namespace tf = shiftfly::testing::throughput;

namespace {

double sb_eigen_reciprocal_sum(const core::graph<std::uint32_t>& g) {
  const auto n = static_cast<Eigen::Index>(g.num_vertices());
  Eigen::MatrixXd L = Eigen::MatrixXd::Zero(n, n);
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
    for (auto v : g.neighbors(u)) {
      L(u, v) -= 1.0;
      L(u, u) += 1.0;
    }
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(L, Eigen::EigenvaluesOnly);
  double sum = 0;
  for (Eigen::Index i = 1; i < n; ++i) sum += 1.0 / es.eigenvalues()(i);  // ascending: λ_1 = 0 first
  return sum;
}

core::graph<std::uint32_t> sb_hypercube(std::uint32_t d) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t v = 0; v < (1U << d); ++v)
    for (std::uint32_t b = 0; b < d; ++b)
      if (v < (v ^ (1U << b))) e.emplace_back(v, v ^ (1U << b));
  return core::graph<std::uint32_t>::from_edges(1U << d, e, "hypercube");
}

core::graph<std::uint32_t> sb_cycle(std::uint32_t n) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t i = 0; i < n; ++i) e.emplace_back(i, (i + 1) % n);
  return core::graph<std::uint32_t>::from_edges(n, e, "cycle");
}

double sb_binomial(unsigned d, unsigned k) {
  double c = 1;
  for (unsigned i = 1; i <= k; ++i) c = c * (d - k + i) / i;
  return c;
}

}  // namespace

TEST_CASE("laplacian_reciprocal_sum agrees with Eigen's dense eigenvalues", "[spectral_bound]") {
  std::vector<core::graph<std::uint32_t>> gs = tf::arc_transitive();
  for (const auto& fg : tf::load().graphs) gs.push_back(fg.g);
  gs.push_back(sb_cycle(7));
  for (const auto& g : gs) {
    const auto r = metrics::laplacian_reciprocal_sum(g);
    CHECK(r.reciprocal_sum == Approx(sb_eigen_reciprocal_sum(g)).epsilon(1e-10));
    CHECK(r.links == g.num_edges());
    CHECK(r.method == "exact");
  }
}

TEST_CASE("spectral_uniform_bound: closed forms on complete graphs, hypercubes and cycles", "[spectral_bound]") {
  for (std::uint32_t n : {2U, 3U, 6U, 17U}) {
    const auto b = metrics::spectral_uniform_bound(tf::complete_graph(n));
    CHECK(b.value == Approx(n / 2.0).epsilon(1e-12));  // λ = n, n − 1 times
  }
  for (unsigned d : {1U, 2U, 3U, 5U, 7U}) {
    double sum = 0;
    for (unsigned k = 1; k <= d; ++k) sum += sb_binomial(d, k) / (2.0 * k);
    const double n = std::ldexp(1.0, static_cast<int>(d)), m = d * n / 2;
    CHECK(metrics::spectral_uniform_bound(sb_hypercube(d)).value == Approx(m / (n * sum)).epsilon(1e-12));
  }
  for (std::uint32_t n : {3U, 4U, 9U, 20U, 101U}) {
    CHECK(metrics::laplacian_reciprocal_sum(sb_cycle(n)).reciprocal_sum == Approx((n * n - 1.0) / 12).epsilon(1e-11));
    CHECK(metrics::spectral_uniform_bound(sb_cycle(n)).value == Approx(12.0 / (n * n - 1.0)).epsilon(1e-11));
  }
}

TEST_CASE("spectral_uniform_bound is a valid bound on θ*, above the distance bound", "[spectral_bound]") {
  std::vector<core::graph<std::uint32_t>> gs = tf::arc_transitive();
  gs.push_back(sb_cycle(8));
  gs.push_back(sb_hypercube(3));
  for (const auto& g : gs) {
    const auto T = metrics::uniform_traffic(g.num_vertices());
    const double exact = metrics::throughput_lp(g, T).value;
    const double spectral = metrics::spectral_uniform_bound(g).value;
    CHECK(spectral >= exact * (1 - 1e-9));
    CHECK(spectral >= metrics::throughput_distance_bound(g, T).value * (1 - 1e-12));
  }
  for (const auto& fg : tf::load().graphs) {
    const double spectral = metrics::spectral_uniform_bound(fg.g).value;
    CHECK(spectral >= fg.uniform * (1 - 1e-9));
  }
}

TEST_CASE("spectral_uniform_bound: disconnected graphs and bad input", "[spectral_bound]") {
  const auto two = core::graph<std::uint32_t>::from_edges(
      4, std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {2, 3}});
  CHECK(metrics::spectral_uniform_bound(two).value == 0.0);
  CHECK_THROWS_AS(metrics::laplacian_reciprocal_sum(two), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::spectral_uniform_bound(tf::complete_graph(1)), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::spectral_uniform_bound_value(4, 3, 0.0), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::spectral_uniform_bound_value(1, 3, 1.0), core::invalid_parameter);
}

}  // namespace spectral_bound_test
