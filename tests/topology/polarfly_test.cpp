// PolarFly ER_q (polarfly.hpp): for every prime power q <= 32 the order q^2 + q + 1, the
// degree sequence (q + 1 absolute points of degree q, the others q + 1), the edge count,
// diameter exactly 2, and the polarity property (two distinct points' polar lines meet in
// exactly one point); adjacency equal to the dot-product definition over all pairs; the
// networkx-built graphs of tests/fixtures/families isomorphic (boost::isomorphism) with the
// same triangle counts and distance distributions; the refusals.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/topology/polarfly.hpp"
#include "field_graphs.hpp"
#include "support.hpp"

namespace polarfly_test {

namespace t = shiftfly::topology;

namespace {
std::vector<std::uint64_t> pf_prime_powers_up_to(std::uint64_t hi) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t q = 2; q <= hi; ++q)
    if (t::is_prime_power(q)) out.push_back(q);
  return out;
}
}  // namespace

TEST_CASE("polarfly: order, degrees, edges, diameter 2 and one common polar point for every q <= 32", "[polarfly]") {
  for (std::uint64_t q : pf_prime_powers_up_to(32)) {
    INFO("q = " << q);
    const auto g = t::polarfly(q);
    const t::galois_field f(q);
    const std::uint64_t n = q * q + q + 1;
    REQUIRE(g.num_vertices() == n);
    CHECK(t::polarfly_order(q) == n);
    CHECK(t::polarfly_radix(q) == q + 1);
    CHECK(g.num_edges() == q * (q + 1) * (q + 1) / 2);
    CHECK(t::polarfly_edge_count(q) == g.num_edges());
    CHECK(g.name() == "PolarFly(q=" + std::to_string(q) + ")");
    std::uint64_t low = 0;
    bool degrees = true;
    for (std::uint32_t v = 0; v < n; ++v) {
      const bool absolute = t::polarfly_is_absolute(f, v);
      low += absolute;
      degrees &= g.degree(v) == (absolute ? q : q + 1);
    }
    CHECK(degrees);
    CHECK(low == q + 1);
    CHECK(g.max_degree() == q + 1);
    // Closed polar lines N'(z) = N(z) plus z when z is absolute: every pair of distinct points
    // lies on exactly one of them (Lakhotia et al., SC '22: ER_q has diameter 2 through this).
    std::vector<std::uint32_t> pairs(n * n, 0);
    for (std::uint32_t z = 0; z < n; ++z) {
      std::vector<std::uint32_t> line(g.neighbors(z).begin(), g.neighbors(z).end());
      if (t::polarfly_is_absolute(f, z)) line.push_back(z);
      for (std::size_t i = 0; i < line.size(); ++i)
        for (std::size_t j = 0; j < line.size(); ++j)
          if (line[i] < line[j]) ++pairs[line[i] * n + line[j]];
    }
    bool once = true;
    for (std::uint64_t x = 0; x < n; ++x)
      for (std::uint64_t y = x + 1; y < n; ++y) once &= pairs[x * n + y] == 1;
    CHECK(once);
    CHECK(shiftfly::test::diameter_at_most_two(g));
    CHECK(g.num_edges() < n * (n - 1) / 2);  // not complete, so the diameter is exactly 2
    if (q <= 16) CHECK(shiftfly::test::diameter(g) == 2);  // plain BFS from every vertex
  }
}

TEST_CASE("polarfly: adjacency is x.y = 0 over all pairs of points, and the vertex order is as documented",
          "[polarfly]") {
  for (std::uint64_t q : pf_prime_powers_up_to(16)) {
    INFO("q = " << q);
    const auto g = t::polarfly(q);
    const t::galois_field f(q);
    const std::uint64_t n = g.num_vertices();
    bool same = true;
    for (std::uint64_t u = 0; u < n; ++u) {
      const auto x = t::polarfly_point(f, u);
      same &= t::polarfly_vertex(f, x) == u;
      // left-normalised: the first nonzero coordinate is 1
      same &= (x[0] == 1) || (x[0] == 0 && x[1] == 1) || (x[0] == 0 && x[1] == 0 && x[2] == 1);
      // a scalar multiple names the same vertex
      for (std::uint64_t s = 1; s < q; ++s)
        same &= t::polarfly_vertex(f, {f.mul(s, x[0]), f.mul(s, x[1]), f.mul(s, x[2])}) == u;
      for (std::uint64_t v = 0; v < n; ++v) {
        const auto y = t::polarfly_point(f, v);
        const auto dot = f.add(f.add(f.mul(x[0], y[0]), f.mul(x[1], y[1])), f.mul(x[2], y[2]));
        same &= g.adjacent(static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(v)) == (u != v && dot == 0);
      }
    }
    CHECK(same);
  }
  const t::galois_field f7(7);
  CHECK(t::polarfly_point(f7, 0) == std::array<std::uint64_t, 3>{1, 0, 0});
  CHECK(t::polarfly_point(f7, 7 * 3 + 5) == std::array<std::uint64_t, 3>{1, 3, 5});
  CHECK(t::polarfly_point(f7, 49 + 4) == std::array<std::uint64_t, 3>{0, 1, 4});
  CHECK(t::polarfly_point(f7, 56) == std::array<std::uint64_t, 3>{0, 0, 1});
}

TEST_CASE("polarfly: isomorphic to the networkx-built ER_q for q in {2, 3, 4, 5, 7, 8, 9}", "[polarfly]") {
  for (std::uint64_t q : {2, 3, 4, 5, 7, 8, 9}) shiftfly::test::check_matches_fixture(t::polarfly(q), "polarfly_q" + std::to_string(q));
}

TEST_CASE("polarfly: vertex id types give the same graph", "[polarfly]") {
  const auto a = t::polarfly(11);
  const auto b = t::polarfly<std::uint16_t>(11);
  const auto c = t::polarfly<std::uint64_t>(11);
  CHECK(shiftfly::test::edge_text(a) == shiftfly::test::edge_text(b));
  CHECK(shiftfly::test::edge_text(a) == shiftfly::test::edge_text(c));
}

TEST_CASE("polarfly: refusals name q and the accepted range", "[polarfly]") {
  for (std::uint64_t q : {0ULL, 1ULL, 6ULL, 12ULL, 100ULL, 65535ULL, 65536ULL, 18446744073709551615ULL}) {
    CHECK_THROWS_AS(t::polarfly(q), shiftfly::core::invalid_parameter);
    CHECK_THROWS_WITH(t::polarfly(q), "polarfly: q = " + std::to_string(q) +
                                          " is out of range (accepted: a prime power from 2 to 65521)");
    CHECK_THROWS_AS(t::polarfly_order(q), shiftfly::core::invalid_parameter);
  }
  CHECK(t::polarfly_max_q<std::uint32_t>() == 65521);
  CHECK(t::polarfly_max_q<std::uint64_t>() == 65536);
  CHECK(t::polarfly_max_q<std::uint16_t>() == 251);
  CHECK(t::polarfly_order<std::uint16_t>(251) == 63253);
  CHECK_THROWS_WITH(t::polarfly<std::uint16_t>(256),
                    "polarfly: q = 256 is out of range (accepted: a prime power from 2 to 251)");
  CHECK_THROWS_AS(t::polarfly_radix(6), shiftfly::core::invalid_parameter);
  // Valid q, but the graph does not fit in memory: refused before allocating.
  CHECK_THROWS_AS(t::polarfly(65521), shiftfly::core::invalid_parameter);
  const t::galois_field f(3);
  CHECK_THROWS_WITH(t::polarfly_point(f, 13), "polarfly_point: v = 13 is out of range (accepted: 0 to 12)");
  CHECK_THROWS_AS(t::polarfly_is_absolute(f, 13), shiftfly::core::invalid_parameter);
  CHECK_THROWS_AS(t::polarfly_vertex(f, {0, 0, 0}), shiftfly::core::invalid_parameter);
  CHECK_THROWS_AS(t::polarfly_vertex(f, {0, 3, 0}), shiftfly::core::invalid_parameter);
}

}  // namespace polarfly_test
