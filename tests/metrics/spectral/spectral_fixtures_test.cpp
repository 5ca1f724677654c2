// Tests of the spectral engine (metrics/spectral/spectral.hpp, metrics/spectral/fiedler.hpp,
// metrics/spectral/detail/thick_restart_lanczos.hpp) against dense numpy eigendecompositions of 20
// graphs up to 3,000 vertices (tests/fixtures/spectral/spectra.txt, made by
// make_fixtures.py there): tori (bipartite: λ_min = −1; eigenvalues of multiplicity 2 and 4),
// complete graphs (λ2 of multiplicity n − 1), Petersen, Kautz and Imase–Itoh (irregular once
// loops and repeated arcs are dropped), Boardfly and Shiftfly groups, random regular graphs.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

#include "shiftfly/metrics/cuts/bisection.hpp"
#include "shiftfly/metrics/spectral/fiedler.hpp"
#include "shiftfly/metrics/spectral/spectral.hpp"
#include "shiftfly/topology/imase_itoh.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/torus.hpp"
#include "test_graphs.hpp"

namespace spectral_fixtures_test {

using namespace shiftfly;

namespace spectral_fixtures {

struct expected {
  std::string name;
  std::size_t n = 0;
  double lambda2 = 0, lambda_min = 0, laplacian_lambda2 = 0;
  int multiplicity = 0, laplacian_multiplicity = 0;
};

std::vector<expected> read_expected() {
  std::ifstream in(std::string(SHIFTFLY_FIXTURES) + "/spectral/spectra.txt");
  std::vector<expected> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream s(line);
    expected e;
    s >> e.name >> e.n >> e.lambda2 >> e.lambda_min >> e.laplacian_lambda2 >> e.multiplicity >> e.laplacian_multiplicity;
    out.push_back(e);
  }
  return out;
}

testing::graph read_edges(const std::string& file) {
  std::ifstream in(std::string(SHIFTFLY_FIXTURES) + "/spectral/" + file);
  std::vector<testing::edge> e;
  std::uint32_t u = 0, v = 0, n = 0;
  while (in >> u >> v) {
    e.push_back({u, v});
    n = std::max({n, u + 1, v + 1});
  }
  return testing::graph::from_edges(n, e, file);
}

testing::graph build(const std::string& name) {
  std::vector<std::uint64_t> p;
  std::string head;
  {
    std::istringstream s(name);
    std::string part;
    std::getline(s, head, '_');
    while (std::getline(s, part, '_'))
      if (!part.empty() && std::isdigit(static_cast<unsigned char>(part[0]))) p.push_back(std::stoull(part));
  }
  if (head == "torus") return topology::torus(std::span<const std::uint64_t>(p));
  if (head == "complete") return testing::complete(static_cast<std::uint32_t>(p[0]));
  if (head == "petersen") return testing::petersen();
  if (head == "kautz") return topology::kautz(p[0], p[1]);
  if (head == "imase") return topology::imase_itoh(p[0], p[1]);
  return read_edges(name + ".edges");
}

bool regular(const testing::graph& g) {
  for (std::uint32_t v = 0; v < g.num_vertices(); ++v)
    if (g.degree(v) != g.degree(0)) return false;
  return true;
}

}  // namespace spectral_fixtures

TEST_CASE("spectral fixtures: lambda2, lambda_min and lambda2(L) equal numpy's eigvalsh to 1e-9") {
  const auto all = spectral_fixtures::read_expected();
  REQUIRE(all.size() == 20);
  int regular = 0, irregular = 0, multiple = 0;
  for (const auto& e : all) {
    const auto g = spectral_fixtures::build(e.name);
    INFO(e.name);
    REQUIRE(g.num_vertices() == e.n);
    const auto s = metrics::spectral_gap(g);
    CHECK(s.method == "lanczos");
    CHECK(std::abs(s.lambda2 - e.lambda2) < 1e-9);
    CHECK(std::abs(s.lambda_min - e.lambda_min) < 1e-9);
    CHECK(s.residual <= 1e-9);
    CHECK(s.residual_min <= 1e-9);
    const auto f = metrics::fiedler(g);
    CHECK(f.connected);
    CHECK(std::abs(f.lambda2 - e.laplacian_lambda2) < 1e-9 * std::max(1.0, e.laplacian_lambda2));
    CHECK(f.residual <= 1e-9 * std::max(1.0, f.lambda2));
    // The vector: unit, orthogonal to 1, and L x = λ2 x recomputed here.
    const auto x = testing::check_laplacian_vector(g, f.vector, f.lambda2);
    CHECK(std::abs(x.norm2 - 1) < 1e-12);
    CHECK(std::abs(x.sum) < 1e-9);
    CHECK(x.residual <= 2e-9 * std::max(1.0, f.lambda2));
    if (spectral_fixtures::regular(g)) {
      // L = d·I − A = d·(I − N) on a d-regular graph.
      ++regular;
      const double d = static_cast<double>(g.degree(0));
      CHECK(std::abs(f.lambda2 - d * (1 - s.lambda2)) < 1e-8 * d);
    } else {
      ++irregular;
    }
    if (e.multiplicity > 1 || e.laplacian_multiplicity > 1) ++multiple;
  }
  CHECK(regular >= 10);
  CHECK(irregular >= 3);
  CHECK(multiple >= 5);
}

TEST_CASE("spectral fixtures: complete graphs, bisection bound and disconnected graphs") {
  // K_n: λ2(L) = n of multiplicity n − 1, so the bound n·⌊n/2⌋·⌈n/2⌉/n is the exact width ⌊n/2⌋·⌈n/2⌉.
  for (std::uint32_t n : {2u, 3u, 60u, 61u, 200u}) {
    const auto b = metrics::spectral_bisection_bound(testing::complete(n));
    CHECK(std::abs(b.laplacian_lambda2 - n) < 1e-9 * n);
    const double width = static_cast<double>(n / 2) * static_cast<double>(n - n / 2);
    CHECK(std::abs(b.value - width) < 1e-7 * n * n);
  }
  // Two disjoint K_5: λ2(L) = 0 exactly, and a null vector orthogonal to 1.
  std::vector<testing::edge> e;
  for (std::uint32_t i = 0; i < 5; ++i)
    for (std::uint32_t j = i + 1; j < 5; ++j) e.push_back({i, j}), e.push_back({i + 5, j + 5});
  const auto g = testing::graph::from_edges(10, e, "2 K5");
  const auto f = metrics::fiedler(g);
  CHECK_FALSE(f.connected);
  CHECK(f.lambda2 == 0.0);
  CHECK(f.method == "exact: disconnected");
  double sum = 0, lx_max = 0;
  for (std::uint32_t v = 0; v < 10; ++v) {
    sum += f.vector[v];
    double lx = 4 * f.vector[v];
    for (auto w : g.neighbors(v)) lx -= f.vector[w];
    lx_max = std::max(lx_max, std::abs(lx));
  }
  CHECK(std::abs(sum) < 1e-12);
  CHECK(lx_max < 1e-12);
  const auto s = metrics::spectral_gap(g);
  CHECK(s.lambda2 == 1.0);
  CHECK(s.gap == 0.0);
  CHECK(std::abs(s.lambda_min + 0.25) < 1e-9);
  CHECK(metrics::spectral_bisection_bound(g).value == 0.0);
  CHECK_THROWS_AS(metrics::fiedler(testing::path(1)), std::invalid_argument);
}

TEST_CASE("spectral fixtures: the result is bit-identical for 1, 2 and 3 threads") {
  // 12,288 vertices: above the operator's threshold for sharing rows among threads, and three
  // chunks of the Lanczos kernel's vector operations (lanczos_chunk_rows), whose partial sums
  // are added in chunk order whichever thread computed them.
  const auto g = topology::kautz(2, 13);
  REQUIRE(g.num_vertices() > 2 * metrics::detail::lanczos_chunk_rows);
  const auto a = metrics::spectral_gap(g, {1});
  const auto fa = metrics::fiedler(g, {1});
  for (const unsigned threads : {2U, 3U}) {
    const auto b = metrics::spectral_gap(g, {threads});
    CHECK(a.lambda2 == b.lambda2);
    CHECK(a.lambda_min == b.lambda_min);
    CHECK(a.residual == b.residual);
    CHECK(a.residual_min == b.residual_min);
    CHECK(a.products == b.products);
    const auto fb = metrics::fiedler(g, {threads});
    CHECK(fa.lambda2 == fb.lambda2);
    CHECK(fa.residual == fb.residual);
    CHECK(fa.vector == fb.vector);
  }
}

TEST_CASE("spectral fixtures: a torus of three chunks against its closed-form spectrum, at 1, 2 and 3 threads") {
  // T(20, 18, 24), 8,640 vertices, 6-regular and bipartite: the eigenvalues of A are
  // Σ_i 2 cos(2π j_i / k_i), so λ2(N) = (4 + 2 cos(2π/24))/6, λ_min(N) = −1 and
  // λ2(L) = 2 − 2 cos(2π/24); the vectors span three chunks of the kernel's rows.
  const auto g = topology::torus({20, 18, 24});
  REQUIRE(g.num_vertices() > 2 * metrics::detail::lanczos_chunk_rows);
  const double c = std::cos(2 * std::numbers::pi / 24);
  std::vector<double> first;
  for (const unsigned threads : {1U, 2U, 3U}) {
    const auto r = metrics::spectral_gap(g, {threads});
    CHECK(std::abs(r.lambda2 - (4 + 2 * c) / 6) < 1e-9);
    CHECK(std::abs(r.lambda_min + 1) < 1e-9);
    CHECK(r.residual <= 1e-9);
    CHECK(r.residual_min <= 1e-9);
    const auto f = metrics::fiedler(g, {threads});
    CHECK(std::abs(f.lambda2 - (2 - 2 * c)) < 1e-9);
    CHECK(f.residual <= 1e-9);
    if (first.empty()) first = f.vector;
    CHECK(f.vector == first);
  }
}

}  // namespace spectral_fixtures_test
