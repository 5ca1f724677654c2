// Proposition 2.2 (torus): order, 2n-regularity when every ki > 2, diameter
// Σ⌊ki/2⌋ by BFS, for every torus with dims in {2..6}^n, n <= 3; and the same
// edge set as boost::grid_graph with wrapping under the same index map.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

#include <boost/array.hpp>
#include <boost/graph/grid_graph.hpp>

#include "shiftfly/core/parse.hpp"

#include "shiftfly/topology/torus.hpp"
#include "support.hpp"

namespace torus_test {

namespace t = shiftfly::topology;
using edge_set = std::set<std::pair<std::uint64_t, std::uint64_t>>;

namespace {

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

template <std::size_t N>
edge_set grid_edges(const std::vector<std::uint64_t>& dims) {
  boost::array<std::size_t, N> len{};
  for (std::size_t i = 0; i < N; ++i) len[i] = dims[i];
  boost::grid_graph<N> grid(len, true);  // wrapped in every dimension
  edge_set out;
  auto index = get(boost::vertex_index, grid);
  for (auto [vi, ve] = vertices(grid); vi != ve; ++vi)
    for (auto [ei, ee] = out_edges(*vi, grid); ei != ee; ++ei) {
      const std::uint64_t a = get(index, source(*ei, grid)), b = get(index, target(*ei, grid));
      if (a != b) out.insert({std::min(a, b), std::max(a, b)});
    }
  return out;
}

// Our id is Σ ci Π_{j<i} kj; grid_graph numbers vertices the same way
// (dimension 0 fastest), checked here coordinate by coordinate.
template <std::size_t N>
void check_grid_index(const std::vector<std::uint64_t>& dims) {
  boost::array<std::size_t, N> len{};
  for (std::size_t i = 0; i < N; ++i) len[i] = dims[i];
  boost::grid_graph<N> grid(len, true);
  auto index = get(boost::vertex_index, grid);
  for (auto [vi, ve] = vertices(grid); vi != ve; ++vi) {
    std::uint64_t id = 0, stride = 1;
    for (std::size_t i = 0; i < N; ++i) {
      id += (*vi)[i] * stride;
      stride *= dims[i];
    }
    REQUIRE(get(index, *vi) == id);
  }
}

}  // namespace

TEST_CASE("Proposition 2.2: order, degree and diameter of every small torus", "[torus]") {
  for (const auto& dims : all_dims()) {
    const auto g = t::torus(dims);
    INFO(g.name());
    std::uint64_t order = 1, diam = 0;
    bool all_above_two = true;
    for (auto k : dims) {
      order *= k;
      diam += k / 2;
      all_above_two = all_above_two && k > 2;
    }
    CHECK(g.num_vertices() == order);
    CHECK(t::torus_diameter(dims) == diam);
    // Degree: 2 per dimension of size > 2, 1 per dimension of size 2.
    std::size_t expected_degree = 0;
    for (auto k : dims) expected_degree += k > 2 ? 2 : 1;
    for (std::uint32_t u = 0; u < g.num_vertices(); ++u) CHECK(g.degree(u) == expected_degree);
    if (all_above_two) CHECK(g.max_degree() == 2 * dims.size());
    CHECK(g.num_edges() == order * expected_degree / 2);
    CHECK(shiftfly::test::diameter(g) == diam);
  }
}

TEST_CASE("Proposition 2.2: the torus is boost::grid_graph with wrapping", "[torus]") {
  for (const auto& dims : all_dims()) {
    const auto g = t::torus(dims);
    edge_set ours;
    for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
      for (auto v : g.neighbors(u))
        if (u < v) ours.insert({u, v});
    INFO(g.name());
    switch (dims.size()) {
      case 1: check_grid_index<1>(dims); CHECK(ours == grid_edges<1>(dims)); break;
      case 2: check_grid_index<2>(dims); CHECK(ours == grid_edges<2>(dims)); break;
      case 3: check_grid_index<3>(dims); CHECK(ours == grid_edges<3>(dims)); break;
    }
  }
}

TEST_CASE("torus: edge sets equal the reference artefact's", "[torus]") {
  const auto ref = shiftfly::test::reference_digests();
  for (const char* key : {"4,5,2", "3,3"}) {
    const auto dims = shiftfly::core::parse_unsigned_list(key, "dims");
    const auto g = t::torus(dims);
    const auto& d = ref.at(std::string("torus ") + key + " edges");
    CHECK(g.num_edges() == d.count);
    CHECK(shiftfly::test::sha256(shiftfly::test::edge_text(g)) == d.sha256);
  }
}

TEST_CASE("torus: bad input is refused before allocation", "[torus][errors]") {
  CHECK_THROWS_WITH(t::torus(std::vector<std::uint64_t>{}),
                    "torus: dims = (empty) is out of range (accepted: a list of 1 to 64 sizes, each at least 2)");
  CHECK_THROWS_WITH(t::torus({4, 1, 4}), "torus: dims item = 1 is out of range (accepted: 2 to 4294967295)");
  CHECK_THROWS_WITH(t::torus({4, 0}), "torus: dims item = 0 is out of range (accepted: 2 to 4294967295)");
  CHECK_THROWS_WITH(t::torus({65536, 65536, 65536}),
                    "torus: dims = 65536,65536,65536 is out of range (accepted: product of the sizes at most "
                    "4294967295 for 32-bit vertex ids)");
  CHECK_THROWS_AS(t::torus<std::uint16_t>({256, 256}), std::invalid_argument);
  CHECK_NOTHROW(t::torus<std::uint16_t>({255, 257}));
  CHECK_THROWS_AS(t::torus(std::vector<std::uint64_t>(65, 2)), std::invalid_argument);
  CHECK_THROWS_AS(t::torus_diameter(std::vector<std::uint64_t>{}), std::invalid_argument);
}

}  // namespace torus_test
