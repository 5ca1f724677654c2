// Theorem 3.1 (Moore bounds): exact values, the closed forms, the least
// feasible diameter, and no generated graph beating the bound of its own
// maximum degree and diameter.
#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>

#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/de_bruijn.hpp"
#include "shiftfly/topology/dragonfly.hpp"
#include "shiftfly/topology/fat_tree.hpp"
#include "shiftfly/topology/galois_field.hpp"
#include "shiftfly/topology/hyperx.hpp"
#include "shiftfly/topology/imase_itoh.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/moore.hpp"
#include "shiftfly/topology/polarfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "shiftfly/topology/slimfly.hpp"
#include "shiftfly/topology/torus.hpp"
#include "support.hpp"

namespace moore_test {

namespace t = shiftfly::topology;
using t::big_int;

TEST_CASE("moore: the graphs that attain the bound", "[moore]") {
  CHECK(t::moore_bound(3, 1) == 4);     // K4
  CHECK(t::moore_bound(3, 2) == 10);    // Petersen
  CHECK(t::moore_bound(7, 2) == 50);    // Hoffman–Singleton
  CHECK(t::moore_bound(57, 2) == 3250); // the open case
  CHECK(t::moore_bound(2, 4) == 9);     // C9
  CHECK(t::moore_bound(1, 5) == 2);     // K2
  // §3.1 at Δ = 7 (the paper's text prints these garbled, "1,14 / 0,86 / 5,18 / 91,10"; the values are the bound's).
  CHECK(t::moore_bound(7, 4) == 1814);
  CHECK(t::moore_bound(7, 5) == 10886);
  CHECK(t::moore_bound(7, 6) == 65318);
  CHECK(t::moore_bound(7, 7) == 391910);
}

TEST_CASE("moore: agrees with the closed form 1 + Δ((Δ-1)^D - 1)/(Δ-2) beyond 64 bits", "[moore]") {
  for (std::uint64_t delta = 3; delta <= 40; ++delta)
    for (std::uint64_t D = 1; D <= 40; ++D) {
      const big_int p = boost::multiprecision::pow(big_int(delta - 1), static_cast<unsigned>(D));
      CHECK(t::moore_bound(delta, D) == 1 + big_int(delta) * (p - 1) / (delta - 2));
    }
  const big_int m = t::moore_bound(6, 33);
  CHECK(m > big_int(std::numeric_limits<std::uint64_t>::max()));
  CHECK(m.str() == "174622982740402221679687");  // 1 + 6(5^33 - 1)/4, 1.7e23
  for (std::uint64_t D = 1; D <= 30; ++D) CHECK(t::moore_bound(2, D) == 2 * D + 1);
}

TEST_CASE("moore: directed bound (d^(D+1) - 1)/(d - 1)", "[moore]") {
  for (std::uint64_t d = 2; d <= 30; ++d)
    for (std::uint64_t D = 1; D <= 30; ++D) {
      const big_int p = boost::multiprecision::pow(big_int(d), static_cast<unsigned>(D + 1));
      CHECK(t::directed_moore_bound(d, D) == (p - 1) / (d - 1));
    }
  CHECK(t::directed_moore_bound(1, 5) == 6);
  CHECK(t::directed_moore_bound(20, 3) == 8421);
}

TEST_CASE("moore: least feasible diameter is tight", "[moore]") {
  for (std::uint64_t delta : {2, 3, 4, 7, 20, 40})
    for (std::uint64_t n : {1ull, 2ull, 3ull, 5ull, 10ull, 50ull, 256ull, 1152ull, 400000ull, 1000000007ull}) {
      const auto D = t::min_diameter_for(delta, n);
      if (delta == 2) {  // cycles: 2D + 1 >= n
        CHECK(2 * D + 1 >= n);
        if (D > 1) CHECK(2 * D - 1 < n);
        continue;
      }
      CHECK(t::moore_bound(delta, D) >= n);
      if (D > 1) CHECK(t::moore_bound(delta, D - 1) < n);
    }
  CHECK(t::min_diameter_for(7, 1152) == 4);
  CHECK(t::min_diameter_for(7, 400000) == 8);
  CHECK(t::min_diameter_for(1, 2) == 1);
  CHECK_THROWS_AS(t::min_diameter_for(1, 3), std::invalid_argument);
  for (std::uint64_t d : {2, 3, 20})
    for (std::uint64_t n : {2ull, 9ull, 12500ull, 4000000000ull}) {
      const auto D = t::directed_min_diameter_for(d, n);
      CHECK(t::directed_moore_bound(d, D) >= n);
      if (D > 1) CHECK(t::directed_moore_bound(d, D - 1) < n);
    }
}

TEST_CASE("moore: bad input is refused", "[moore][errors]") {
  CHECK_THROWS_WITH(t::moore_bound(0, 3), "moore_bound: delta = 0 is out of range (accepted: 1 to 4294967296)");
  CHECK_THROWS_WITH(t::moore_bound(3, 0), "moore_bound: D = 0 is out of range (accepted: 1 to 100000)");
  CHECK_THROWS_AS(t::directed_moore_bound(0, 1), std::invalid_argument);
  CHECK_THROWS_AS(t::directed_moore_bound(2, 0), std::invalid_argument);
  CHECK_THROWS_AS(t::min_diameter_for(0, 10), std::invalid_argument);
  CHECK_THROWS_AS(t::min_diameter_for(3, 0), std::invalid_argument);
}

namespace {
template <class G>
void check_moore(const G& g) {
  const auto D = shiftfly::test::diameter(g);
  REQUIRE(D != shiftfly::test::unreached);
  INFO(g.name() << " n=" << g.num_vertices() << " max degree " << g.max_degree() << " diameter " << D);
  CHECK(big_int(g.num_vertices()) <= t::moore_bound(g.max_degree(), D));
  CHECK(D >= t::min_diameter_for(g.max_degree(), g.num_vertices()));
}
template <class G>
void check_directed_moore(const G& g, std::uint64_t d) {
  const auto D = shiftfly::test::directed_diameter(g);
  REQUIRE(D != shiftfly::test::unreached);
  INFO(g.name() << " directed diameter " << D);
  CHECK(big_int(g.num_vertices()) <= t::directed_moore_bound(d, D));
}
}  // namespace

TEST_CASE("Theorem 3.1: no generated graph exceeds the Moore bound of its degree and diameter", "[moore]") {
  check_moore(t::torus({8, 8}));
  check_moore(t::torus({4, 4, 4}));
  check_moore(t::torus({2, 3, 5}));
  for (std::uint64_t d = 2; d <= 4; ++d)
    for (std::uint64_t D = 1; D <= 3; ++D) {
      check_moore(t::kautz(d, D));
      check_directed_moore(t::kautz(d, D), d);
      check_moore(t::de_bruijn(d, D));
      check_directed_moore(t::de_bruijn(d, D), d);
    }
  for (std::uint64_t n : {10, 97, 300}) {
    check_moore(t::imase_itoh(n, 3));
    check_directed_moore(t::imase_itoh(n, 3), 3);
    check_moore(t::generalized_de_bruijn(n, 3));
    check_directed_moore(t::generalized_de_bruijn(n, 3), 3);
  }
  check_moore(t::boardfly_chip_level(6));
  check_moore(t::boardfly_chip_level(36));
  check_moore(t::boardfly_group_level(144));
  check_moore(t::shiftfly_group_level(500));
  check_moore(t::shiftfly_chip_level(40));
}

TEST_CASE("Theorem 3.1 against the field families' closed-form orders", "[moore][field]") {
  // PolarFly: q^2 + q + 1 routers of degree at most q + 1 and diameter 2; the bound
  // 1 + (q + 1)^2 exceeds the order by exactly q + 1 (the absolute points' missing loops).
  for (std::uint64_t q = 2; q <= 128; ++q) {
    if (!t::is_prime_power(q)) continue;
    CAPTURE(q);
    CHECK(t::moore_bound(t::polarfly_radix(q), 2) - t::polarfly_order(q) == q + 1);
    CHECK(t::min_diameter_for(t::polarfly_radix(q), t::polarfly_order(q)) == 2);
    // Slim Fly: 2q^2 routers of degree (3q - delta)/2 and diameter 2: within the bound, and
    // q = 5 meets it (the Hoffman-Singleton graph, 50 = 7^2 + 1, is a Moore graph).
    if (q >= 3 && q % 4 != 2) {
      const auto k = t::slimfly_radix(q);
      CHECK(t::moore_bound(k, 2) >= t::slimfly_order(q));
      CHECK((t::moore_bound(k, 2) == t::slimfly_order(q)) == (q == 5));
      CHECK(t::min_diameter_for(k, t::slimfly_order(q)) == 2);
    }
  }
  // Dragonfly: a(ah + 1) routers of radix a - 1 + h within the bound at diameter 3 (balanced or not).
  for (std::uint64_t a = 1; a <= 16; ++a)
    for (std::uint64_t h = 1; h <= 16; ++h) {
      const auto n = t::dragonfly_order(a, h, t::dragonfly_max_groups(a, h));
      CHECK(n == a * (a * h + 1));
      CHECK(t::moore_bound(t::dragonfly_radix(a, h), 3) >= n);
      CHECK(t::min_diameter_for(t::dragonfly_radix(a, h), n) <= 3);
    }
  // HyperX: one dimension is the complete graph K_S, a Moore graph of diameter 1; more fall short.
  for (std::uint64_t s = 2; s <= 12; ++s) {
    const std::vector<std::uint64_t> one{s}, two{s, s}, three{s, s, s};
    CHECK(t::moore_bound(t::hyperx_radix(one), 1) == t::hyperx_order(one));
    CHECK(t::moore_bound(t::hyperx_radix(two), 2) > t::hyperx_order(two));
    CHECK(t::moore_bound(t::hyperx_radix(three), 3) > t::hyperx_order(three));
    CHECK(t::min_diameter_for(t::hyperx_radix(three), t::hyperx_order(three)) <= t::hyperx_diameter(three));
  }
  // The k-ary fat tree: 5k^2/4 switches of degree at most k and diameter 4.
  for (std::uint64_t k = 4; k <= 64; k += 2) {
    CHECK(t::fat_tree_order(k) == 5 * k * k / 4);
    CHECK(t::moore_bound(k, t::fat_tree_diameter(k)) > t::fat_tree_order(k));
  }
  // The generated graphs agree with the closed forms the bounds were applied to.
  check_moore(t::polarfly(7));
  check_moore(t::slimfly(5));
  check_moore(t::dragonfly(4, 2));
  check_moore(t::hyperx({3, 4, 5}));
  check_moore(t::fat_tree(6));
}

}  // namespace moore_test
