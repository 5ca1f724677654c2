// Definition 4.1, Theorem 5.1 and Proposition 4.3 (Kautz digraph).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <vector>

#include "shiftfly/topology/kautz.hpp"
#include "support.hpp"

namespace kautz_test {

namespace t = shiftfly::topology;

namespace {
std::uint64_t ipow(std::uint64_t b, std::uint64_t e) {
  std::uint64_t r = 1;
  while (e--) r *= b;
  return r;
}
}  // namespace

TEST_CASE("Definition 4.1: labels are the Kautz strings in lexicographic order, arcs shift them", "[kautz]") {
  for (std::uint64_t d = 2; d <= 5; ++d)
    for (std::uint64_t D = 1; D <= 4; ++D) {
      const auto g = t::kautz(d, D);
      INFO(g.name());
      REQUIRE(g.has_labels());
      REQUIRE(g.label_length() == D);
      std::vector<std::vector<std::uint16_t>> labels;
      for (std::uint32_t u = 0; u < g.num_vertices(); ++u) {
        auto l = g.label(u);
        labels.emplace_back(l.begin(), l.end());
        for (std::size_t i = 0; i < D; ++i) CHECK(l[i] <= d);
        for (std::size_t i = 0; i + 1 < D; ++i) CHECK(l[i] != l[i + 1]);
      }
      // Strictly increasing, hence distinct; with the count below, all Kautz strings.
      CHECK(std::is_sorted(labels.begin(), labels.end()));
      CHECK(std::adjacent_find(labels.begin(), labels.end()) == labels.end());
      for (std::uint32_t u = 0; u < g.num_vertices(); ++u) {
        auto outs = g.out_arcs(u);
        REQUIRE(outs.size() == d);
        std::vector<std::uint16_t> alphas;
        for (auto v : outs) {
          auto lu = g.label(u), lv = g.label(v);
          for (std::size_t i = 0; i + 1 < D; ++i) CHECK(lv[i] == lu[i + 1]);
          CHECK(lv[D - 1] != lu[D - 1]);
          alphas.push_back(lv[D - 1]);
        }
        CHECK(std::is_sorted(alphas.begin(), alphas.end()));
        CHECK(std::adjacent_find(alphas.begin(), alphas.end()) == alphas.end());
      }
    }
}

TEST_CASE("Theorem 5.1: order (d+1)d^(D-1), in- and out-degree d, directed diameter exactly D", "[kautz]") {
  for (std::uint64_t d = 2; d <= 5; ++d)
    for (std::uint64_t D = 1; D <= 4; ++D) {
      const auto g = t::kautz(d, D);
      INFO(g.name());
      CHECK(g.num_vertices() == (d + 1) * ipow(d, D - 1));
      CHECK(g.num_arcs() == g.num_vertices() * d);
      std::vector<std::size_t> in(g.num_vertices(), 0);
      for (std::uint32_t u = 0; u < g.num_vertices(); ++u) {
        CHECK(g.out_arcs(u).size() == d);
        for (auto v : g.out_arcs(u)) ++in[v];
      }
      CHECK(std::all_of(in.begin(), in.end(), [&](auto x) { return x == d; }));
      CHECK(shiftfly::test::directed_diameter(g) == D);
    }
}

TEST_CASE("Proposition 4.3: d(d+1) vertices on a bidirectional pair; degree 2d, 2d-1 on that set", "[kautz]") {
  for (std::uint64_t d = 2; d <= 6; ++d)
    for (std::uint64_t D = 2; D <= 4; ++D) {
      const auto g = t::kautz(d, D);
      INFO(g.name());
      std::size_t on_pair = 0, ends_equal = 0;
      for (std::uint32_t u = 0; u < g.num_vertices(); ++u) {
        std::size_t pairs = 0;
        for (auto v : g.out_arcs(u)) {
          auto back = g.out_arcs(v);
          if (std::find(back.begin(), back.end(), u) != back.end()) ++pairs;
        }
        CHECK(pairs <= 1);
        auto l = g.label(u);
        bool alternating = true;
        for (std::size_t i = 0; i + 2 < D; ++i) alternating = alternating && l[i] == l[i + 2];
        CHECK((pairs == 1) == alternating);
        on_pair += pairs;
        ends_equal += l[0] == l[D - 1];
        CHECK(g.degree(u) == (pairs ? 2 * d - 1 : 2 * d));
      }
      CHECK(on_pair == d * (d + 1));
      // The paper's "u1 = uD" describes the same set at D = 3 (alternating strings aba).
      if (D == 3) CHECK(ends_equal == d * (d + 1));
      CHECK(g.max_degree() == (D >= 3 ? 2 * d : 2 * d - 1));  // at D = 2 every vertex is on a pair
    }
}

TEST_CASE("kautz: arcs and labels equal the reference artefact's", "[kautz]") {
  const auto ref = shiftfly::test::reference_digests();
  for (auto [d, D] : std::vector<std::pair<int, int>>{{2, 3}, {3, 3}, {5, 2}, {4, 4}}) {
    const auto g = t::kautz(d, D);
    const std::string key = "kautz " + std::to_string(d) + "," + std::to_string(D);
    CHECK(g.num_arcs() == ref.at(key + " arcs").count);
    CHECK(shiftfly::test::sha256(shiftfly::test::arc_text(g)) == ref.at(key + " arcs").sha256);
    CHECK(shiftfly::test::sha256(shiftfly::test::label_text(g)) == ref.at(key + " labels").sha256);
  }
}

TEST_CASE("kautz: 64-bit ids and the least sufficient D", "[kautz]") {
  CHECK(t::kautz_order<std::uint64_t>(20, 9) == 21ull * 25600000000ull);
  CHECK(t::smallest_kautz_diameter(12500, 20) == 4);  // K(20,3) = 8400 < 12500 <= K(20,4)
  CHECK(t::smallest_kautz_diameter(8400, 20) == 3);
  CHECK(t::smallest_kautz_diameter(1, 2) == 1);
  CHECK(t::smallest_kautz_diameter(4, 2) == 2);
  const auto g = t::kautz<std::uint64_t>(3, 2);
  CHECK(g.num_vertices() == 12);
}

TEST_CASE("kautz: bad input is refused before allocation", "[kautz][errors]") {
  CHECK_THROWS_WITH(t::kautz(1, 3), "kautz: d = 1 is out of range (accepted: 2 to 65534)");
  CHECK_THROWS_WITH(t::kautz(3, 0), "kautz: D = 0 is out of range (accepted: 1 to 19 at d = 3, so that (d+1)d^(D-1) vertices fit a 32-bit vertex id)");
  CHECK_THROWS_WITH(t::kautz(20, 9),
                    "kautz: D = 9 is out of range (accepted: 1 to 7 at d = 20, so that (d+1)d^(D-1) vertices fit a "
                    "32-bit vertex id)");
  CHECK_THROWS_AS(t::kautz(2, 1000000000000ull), std::invalid_argument);
  CHECK_THROWS_AS(t::kautz(65535, 1), std::invalid_argument);
  CHECK_THROWS_AS(t::smallest_kautz_diameter(0, 3), std::invalid_argument);
}

}  // namespace kautz_test
