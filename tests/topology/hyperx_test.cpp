// HyperX (Ahn et al. 2009) and the flattened butterfly (Kim, Dally, Abts 2007): for every
// L <= 3 and every size in {2..6}: order, regularity with radix Σ(Si − 1), edge count and
// diameter L by BFS, adjacency exactly "differ in one coordinate"; HyperX(S) = K_S,
// HyperX(2,...,2) = the hypercube (edge for edge, built here), HyperX(3,3) = Paley(9) and
// Hamming graphs isomorphic (bliss canonical forms) to the networkx fixtures; bad input refused.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/topology/hyperx.hpp"
#include "family_fixtures.hpp"
#include "support.hpp"

namespace hyperx_test {

namespace t = shiftfly::topology;

std::vector<std::vector<std::uint64_t>> all_dims() {
  std::vector<std::vector<std::uint64_t>> out;
  for (std::uint64_t a = 2; a <= 6; ++a) {
    out.push_back({a});
    for (std::uint64_t b = 2; b <= 6; ++b) {
      out.push_back({a, b});
      for (std::uint64_t c = 2; c <= 6; ++c) out.push_back({a, b, c});
    }
  }
  return out;
}

// Number of coordinates in which ids u and v differ.
std::uint64_t hamming(std::uint64_t u, std::uint64_t v, const std::vector<std::uint64_t>& dims) {
  std::uint64_t d = 0;
  for (auto s : dims) {
    d += u % s != v % s;
    u /= s;
    v /= s;
  }
  return d;
}

TEST_CASE("hyperx: order, regularity, edges, diameter L and adjacency for every L <= 3, sizes 2..6", "[hyperx]") {
  for (const auto& dims : hyperx_test::all_dims()) {
    std::string label;
    for (auto s : dims) label += std::to_string(s) + " ";
    INFO("dims " << label);
    const auto g = t::hyperx(dims);
    std::uint64_t n = 1, r = 0;
    for (auto s : dims) n *= s, r += s - 1;
    REQUIRE(g.num_vertices() == n);
    CHECK(t::hyperx_order(dims) == n);
    CHECK(t::hyperx_radix(dims) == r);
    CHECK(g.num_edges() == n * r / 2);
    CHECK(t::hyperx_edges(dims) == n * r / 2);
    bool regular = true, hamming_one = true;
    for (std::uint32_t u = 0; u < n; ++u) {
      if (g.degree(u) != r) regular = false;
      for (auto v : g.neighbors(u))
        if (hyperx_test::hamming(u, v, dims) != 1) hamming_one = false;
    }
    CHECK(regular);
    CHECK(hamming_one);  // with the edge count, adjacency is exactly "differ in one coordinate"
    // distances are Hamming distances: BFS from vertex 0 and a middle vertex; the diameter by BFS from all
    for (std::size_t s : {std::size_t{0}, static_cast<std::size_t>(n / 2)}) {
      const auto dist = shiftfly::test::bfs(g, s);
      bool ok = true;
      for (std::size_t v = 0; v < n; ++v)
        if (dist[v] != hyperx_test::hamming(s, v, dims)) ok = false;
      CHECK(ok);
    }
    if (n <= 64) CHECK(shiftfly::test::diameter(g) == dims.size());
    CHECK(t::hyperx_diameter(dims) == dims.size());
  }
  // the diameter by BFS from every vertex on the largest three-dimensional case
  CHECK(shiftfly::test::diameter(t::hyperx({6, 6, 6})) == 3);
}

TEST_CASE("hyperx: HyperX(S) = K_S and HyperX(2,...,2) = the hypercube", "[hyperx]") {
  for (std::uint64_t s = 2; s <= 9; ++s) {
    const auto g = t::hyperx({s});
    CHECK(g.num_edges() == s * (s - 1) / 2);
    CHECK(g.max_degree() == s - 1);
  }
  for (std::size_t d = 1; d <= 8; ++d) {
    const std::vector<std::uint64_t> dims(d, 2);
    const auto g = t::hyperx(dims);
    shiftfly::test::edge_list cube;
    for (std::uint64_t u = 0; u < (std::uint64_t{1} << d); ++u)
      for (std::size_t b = 0; b < d; ++b) {
        const std::uint64_t v = u ^ (std::uint64_t{1} << b);
        if (u < v) cube.insert({u, v});
      }
    CHECK(shiftfly::test::edges_of(g) == cube);
  }
}

TEST_CASE("hyperx: isomorphic to the networkx graphs (complete, hypercube, Paley(9), Hamming)", "[hyperx]") {
  const auto fx = shiftfly::test::family_fixtures("hyperx.txt");
  const std::vector<std::pair<std::string, std::vector<std::uint64_t>>> cases{
      {"complete_2", {2}},      {"complete_3", {3}},       {"complete_5", {5}},
      {"hypercube_2", {2, 2}},  {"hypercube_3", {2, 2, 2}}, {"hypercube_4", {2, 2, 2, 2}},
      {"paley_9", {3, 3}},      {"hamming_2_3", {2, 3}},   {"hamming_3_4", {3, 4}},
      {"hamming_2_3_4", {2, 3, 4}}, {"hamming_4_4", {4, 4}}};
  for (const auto& [key, dims] : cases) {
    INFO(key);
    CHECK(shiftfly::test::isomorphic(t::hyperx(dims), fx.at(key)));
  }
  // and the check can fail: other shapes are not isomorphic to the 4 x 4 rook's graph
  CHECK_FALSE(shiftfly::test::isomorphic(t::hyperx({2, 3, 4}), fx.at("hamming_4_4")));
  CHECK_FALSE(shiftfly::test::isomorphic(t::hyperx({2, 2, 2, 2}), fx.at("hamming_4_4")));  // same order, degree 4 not 6
}

TEST_CASE("flattened butterfly: the k-ary n-flat is HyperX with n − 1 dimensions of size k", "[hyperx]") {
  for (std::uint64_t k = 2; k <= 5; ++k)
    for (std::uint64_t n = 2; n <= 4; ++n) {
      const auto f = t::flattened_butterfly(k, n);
      const std::vector<std::uint64_t> dims(n - 1, k);
      CHECK(shiftfly::test::edges_of(f) == shiftfly::test::edges_of(t::hyperx(dims)));
      std::uint64_t order = 1;
      for (std::uint64_t i = 1; i < n; ++i) order *= k;
      CHECK(f.num_vertices() == order);
      CHECK(f.max_degree() == (n - 1) * (k - 1));
    }
  CHECK(t::flattened_butterfly(4, 3).name() == "FlattenedButterfly(k=4,n=3)");
  CHECK(t::flattened_butterfly_dims(3, 4) == std::vector<std::uint64_t>{3, 3, 3});
}

TEST_CASE("hyperx: bad parameters are refused with the accepted range", "[hyperx]") {
  using shiftfly::core::invalid_parameter;
  CHECK_THROWS_AS(t::hyperx(std::vector<std::uint64_t>{}), invalid_parameter);
  CHECK_THROWS_WITH(t::hyperx({4, 1}), Catch::Contains("hyperx") && Catch::Contains("dims item = 1"));
  CHECK_THROWS_AS(t::hyperx({0}), invalid_parameter);
  CHECK_THROWS_AS(t::hyperx({65536, 65536}), invalid_parameter);  // 2^32 routers > 32-bit ids
  CHECK_THROWS_AS(t::hyperx<std::uint16_t>({256, 256}), invalid_parameter);
  CHECK_THROWS_AS(t::hyperx(std::vector<std::uint64_t>(65, 2)), invalid_parameter);
  CHECK_THROWS_AS(t::hyperx({1u << 30}), invalid_parameter);  // K_{2^30}: memory refused before allocating
  CHECK_THROWS_AS(t::flattened_butterfly(1, 3), invalid_parameter);
  CHECK_THROWS_AS(t::flattened_butterfly(4, 1), invalid_parameter);
  CHECK_THROWS_AS(t::flattened_butterfly(2, 40), invalid_parameter);  // 2^39 routers
  CHECK_THROWS_AS(t::hyperx_radix(std::vector<std::uint64_t>{}), invalid_parameter);
}

}  // namespace hyperx_test
