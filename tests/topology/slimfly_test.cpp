// Slim Fly MMS(q) (slimfly.hpp): for every valid q <= 32 the order 2 q^2, regularity at
// (3q - δ)/2, diameter exactly 2; the generator sets (sizes, closed under negation); the
// adjacency equal to the three rules of the definition over all pairs; q = 5 the
// Hoffman–Singleton graph (50 vertices, 7-regular, girth 5, diameter 2, and isomorphic to
// networkx's hoffman_singleton_graph()); the networkx-built graphs of
// tests/fixtures/families isomorphic; the refusals.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/topology/slimfly.hpp"
#include "field_graphs.hpp"
#include "support.hpp"

namespace slimfly_test {

namespace t = shiftfly::topology;

namespace {
std::vector<std::uint64_t> sf_valid_q_up_to(std::uint64_t hi) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t q = 3; q <= hi; ++q)
    if (t::is_prime_power(q)) out.push_back(q);
  return out;
}
}  // namespace

TEST_CASE("slimfly: order 2q^2, (3q - delta)/2-regular, diameter 2 for every valid q <= 32", "[slimfly]") {
  for (std::uint64_t q : sf_valid_q_up_to(32)) {
    INFO("q = " << q);
    const int delta = q % 4 == 1 ? 1 : (q % 4 == 3 ? -1 : 0);
    CHECK(t::slimfly_delta(q) == delta);
    const std::uint64_t k = static_cast<std::uint64_t>((3 * static_cast<int>(q) - delta) / 2);
    CHECK(t::slimfly_radix(q) == k);
    const auto g = t::slimfly(q);
    REQUIRE(g.num_vertices() == 2 * q * q);
    CHECK(t::slimfly_order(q) == 2 * q * q);
    CHECK(g.name() == "SlimFly(q=" + std::to_string(q) + ")");
    bool regular = true;
    for (std::uint32_t v = 0; v < g.num_vertices(); ++v) regular &= g.degree(v) == k;
    CHECK(regular);
    CHECK(g.num_edges() == q * q * k);
    CHECK(t::slimfly_edge_count(q) == g.num_edges());
    CHECK(shiftfly::test::diameter_at_most_two(g));
    CHECK(g.num_edges() < g.num_vertices() * (g.num_vertices() - 1) / 2);  // not complete: diameter exactly 2
    if (q <= 13) CHECK(shiftfly::test::diameter(g) == 2);                   // plain BFS from every vertex
  }
}

TEST_CASE("slimfly: the generator sets have (q - delta)/2 distinct nonzero elements and are closed under negation",
          "[slimfly]") {
  for (std::uint64_t q : sf_valid_q_up_to(64)) {
    INFO("q = " << q);
    const t::galois_field f(q);
    const auto gen = t::slimfly_generators(f);
    const auto size = static_cast<std::size_t>((static_cast<std::int64_t>(q) - t::slimfly_delta(q)) / 2);
    for (const auto* set : {&gen.x, &gen.x_prime}) {
      const std::set<std::uint64_t> s(set->begin(), set->end());
      CHECK(set->size() == size);
      CHECK(s.size() == size);
      CHECK(s.count(0) == 0);
      bool closed = true;
      for (auto e : s) closed &= s.count(f.neg(e)) == 1;
      CHECK(closed);
    }
    // δ = 1: X the nonzero squares, X' the non-squares.
    if (t::slimfly_delta(q) == 1) {
      std::set<std::uint64_t> squares;
      for (std::uint64_t a = 1; a < q; ++a) squares.insert(f.mul(a, a));
      CHECK(std::set<std::uint64_t>(gen.x.begin(), gen.x.end()) == squares);
      for (auto e : gen.x_prime) CHECK(squares.count(e) == 0);
    }
  }
}

TEST_CASE("slimfly: the generator sets are the paper's powers of the primitive element", "[slimfly]") {
  // Exponents of ξ (mod q - 1) in X and X', per δ, as Besta and Hoefler (SC '14) list them.
  for (std::uint64_t q : sf_valid_q_up_to(64)) {
    INFO("q = " << q);
    const t::galois_field f(q);
    const auto gen = t::slimfly_generators(f);
    std::multiset<std::uint64_t> x, xp, want_x, want_xp;
    for (auto e : gen.x) x.insert(f.log(e));
    for (auto e : gen.x_prime) xp.insert(f.log(e));
    const std::uint64_t w = (q + 1) / 4;
    for (std::uint64_t i = 0; i < q; ++i) {
      if (q % 4 == 1 && i <= q - 2) (i % 2 ? want_xp : want_x).insert(i);
      if (q % 4 == 0) (i % 2 ? want_xp : want_x).insert(i % (q - 1));
      if (q % 4 == 3) {
        if ((i < 2 * w - 1 && i % 2 == 0) || (i >= 2 * w - 1 && i <= 4 * w - 3 && i % 2 == 1)) want_x.insert(i);
        if ((i < 2 * w && i % 2 == 1) || (i >= 2 * w && i <= 4 * w - 2 && i % 2 == 0)) want_xp.insert(i % (q - 1));
      }
    }
    CHECK(x == want_x);
    CHECK(xp == want_xp);
  }
  // GF(4) = GF(2)[x]/(x^2 + x + 1), ξ = x (element 2): X = {1, ξ^2} = {1, 3}, X' = {ξ, ξ^3} = {2, 1}.
  const auto g4 = t::slimfly_generators(t::galois_field(4));
  CHECK(g4.x == std::vector<std::uint64_t>{1, 3});
  CHECK(g4.x_prime == std::vector<std::uint64_t>{2, 1});
  // GF(5), ξ = 2: X = {1, 4} (the squares), X' = {2, 3}.
  const auto g5 = t::slimfly_generators(t::galois_field(5));
  CHECK(g5.x == std::vector<std::uint64_t>{1, 4});
  CHECK(g5.x_prime == std::vector<std::uint64_t>{2, 3});
}

TEST_CASE("slimfly: adjacency is the three rules of the McKay-Miller-Siran graph over all pairs", "[slimfly]") {
  for (std::uint64_t q : sf_valid_q_up_to(11)) {
    INFO("q = " << q);
    const t::galois_field f(q);
    const auto gen = t::slimfly_generators(f);
    const std::set<std::uint64_t> X(gen.x.begin(), gen.x.end()), Xp(gen.x_prime.begin(), gen.x_prime.end());
    const auto g = t::slimfly(q);
    const std::uint64_t n = 2 * q * q;
    bool same = true;
    for (std::uint64_t u = 0; u < n; ++u)
      for (std::uint64_t v = 0; v < n; ++v) {
        const std::uint64_t s1 = u / (q * q), x1 = u / q % q, y1 = u % q;
        const std::uint64_t s2 = v / (q * q), x2 = v / q % q, y2 = v % q;
        bool edge = false;
        if (s1 == 0 && s2 == 0) edge = x1 == x2 && X.count(f.sub(y1, y2));
        else if (s1 == 1 && s2 == 1) edge = x1 == x2 && Xp.count(f.sub(y1, y2));
        else if (s1 == 0) edge = y1 == f.add(f.mul(x2, x1), y2);  // (0, x, y) ~ (1, m, c): y = m x + c
        else edge = y2 == f.add(f.mul(x1, x2), y1);
        same &= g.adjacent(static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(v)) == edge;
      }
    CHECK(same);
  }
}

TEST_CASE("slimfly: q = 5 is the Hoffman-Singleton graph", "[slimfly]") {
  const auto g = t::slimfly(5);
  CHECK(g.num_vertices() == 50);
  CHECK(g.num_edges() == 175);
  CHECK(g.max_degree() == 7);
  CHECK(g.mean_degree() == 7.0);
  CHECK(shiftfly::test::girth(g) == 5);
  CHECK(shiftfly::test::diameter(g) == 2);
  CHECK(shiftfly::test::isomorphic(shiftfly::test::to_boost(g),
                                   shiftfly::test::to_boost(shiftfly::test::read_family_fixture("hoffman_singleton"))));
}

TEST_CASE("slimfly: isomorphic to the networkx-built MMS graphs for q in {3, 4, 5, 7}", "[slimfly]") {
  for (std::uint64_t q : {3, 4, 5, 7}) shiftfly::test::check_matches_fixture(t::slimfly(q), "slimfly_q" + std::to_string(q));
}

TEST_CASE("slimfly: vertex id types give the same graph", "[slimfly]") {
  const auto a = t::slimfly(9);
  CHECK(shiftfly::test::edge_text(a) == shiftfly::test::edge_text(t::slimfly<std::uint16_t>(9)));
  CHECK(shiftfly::test::edge_text(a) == shiftfly::test::edge_text(t::slimfly<std::uint64_t>(9)));
}

TEST_CASE("slimfly: refusals name q and the accepted range", "[slimfly]") {
  for (std::uint64_t q : {0ULL, 1ULL, 2ULL, 6ULL, 12ULL, 100ULL, 46349ULL, 65536ULL, 18446744073709551615ULL}) {
    CHECK_THROWS_AS(t::slimfly(q), shiftfly::core::invalid_parameter);
    CHECK_THROWS_WITH(t::slimfly(q), "slimfly: q = " + std::to_string(q) +
                                         " is out of range (accepted: a prime power from 3 to 46337)");
    if (q == 46349 || q == 65536) continue;  // valid for 64-bit ids: delta and radix do not depend on V
    CHECK_THROWS_AS(t::slimfly_delta(q), shiftfly::core::invalid_parameter);
    CHECK_THROWS_AS(t::slimfly_radix(q), shiftfly::core::invalid_parameter);
  }
  CHECK(t::slimfly_delta(65536) == 0);
  CHECK(t::slimfly_radix(46349) == (3 * 46349 - 1) / 2);
  CHECK(t::slimfly_max_q<std::uint32_t>() == 46337);
  CHECK(t::slimfly_max_q<std::uint64_t>() == 65536);
  CHECK(t::slimfly_max_q<std::uint16_t>() == 181);
  CHECK_THROWS_WITH(t::slimfly<std::uint16_t>(191),
                    "slimfly: q = 191 is out of range (accepted: a prime power from 3 to 181)");
  CHECK_THROWS_AS(t::slimfly(46337), shiftfly::core::invalid_parameter);  // valid q, too large for memory
  CHECK_THROWS_AS(t::slimfly_generators(t::galois_field(2)), shiftfly::core::invalid_parameter);
}

}  // namespace slimfly_test
