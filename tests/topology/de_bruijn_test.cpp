// de Bruijn B(d, D) and generalized de Bruijn GB(n, d) (Reddy, Pradhan and Kuhl 1980).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "shiftfly/topology/de_bruijn.hpp"
#include "shiftfly/topology/imase_itoh.hpp"
#include "support.hpp"

namespace de_bruijn_test {

namespace t = shiftfly::topology;

TEST_CASE("de Bruijn: d^D vertices, shift arcs, in/out-degree d, directed diameter D", "[de_bruijn]") {
  for (std::uint64_t d = 2; d <= 5; ++d)
    for (std::uint64_t D = 1; D <= 4; ++D) {
      const auto g = t::de_bruijn(d, D);
      INFO(g.name());
      std::uint64_t n = 1;
      for (std::uint64_t i = 0; i < D; ++i) n *= d;
      REQUIRE(g.num_vertices() == n);
      std::vector<std::size_t> in(n, 0);
      std::vector<std::vector<std::uint16_t>> labels;
      for (std::uint32_t u = 0; u < n; ++u) {
        auto lu = g.label(u);
        labels.emplace_back(lu.begin(), lu.end());
        REQUIRE(g.out_arcs(u).size() == d);
        std::uint16_t expect_alpha = 0;
        for (auto v : g.out_arcs(u)) {
          auto lv = g.label(v);
          for (std::size_t i = 0; i + 1 < D; ++i) CHECK(lv[i] == lu[i + 1]);
          CHECK(lv[D - 1] == expect_alpha++);
          ++in[v];
        }
      }
      CHECK(std::is_sorted(labels.begin(), labels.end()));
      CHECK(std::adjacent_find(labels.begin(), labels.end()) == labels.end());
      CHECK(std::all_of(in.begin(), in.end(), [&](auto x) { return x == d; }));
      CHECK(shiftfly::test::directed_diameter(g) == D);
      // B(d, D) is GB(d^D, d), arc for arc.
      const auto gb = t::generalized_de_bruijn(n, d);
      CHECK(shiftfly::test::arc_text(gb) == shiftfly::test::arc_text(g));
    }
}

TEST_CASE("generalized de Bruijn: arcs i -> d i + r, directed diameter <= ceil(log_d n)", "[de_bruijn]") {
  for (std::uint64_t d = 2; d <= 6; ++d)
    for (std::uint64_t n = 2; n <= 300; ++n) {
      const auto g = t::generalized_de_bruijn(n, d);
      for (std::uint32_t i = 0; i < n; i += 37) {
        auto outs = g.out_arcs(i);
        REQUIRE(outs.size() == d);
        for (std::uint64_t r = 0; r < d; ++r) CHECK(outs[r] == (d * i + r) % n);
      }
      const auto D = shiftfly::test::directed_diameter(g);
      INFO("GB(" << n << "," << d << ") diameter " << D);
      CHECK(D <= t::log_diameter(n, d));
    }
}

TEST_CASE("de Bruijn: arcs and labels equal the reference artefact's", "[de_bruijn]") {
  const auto ref = shiftfly::test::reference_digests();
  for (auto [d, D] : std::vector<std::pair<int, int>>{{2, 5}, {3, 3}}) {
    const auto g = t::de_bruijn(d, D);
    const std::string key = "de_bruijn " + std::to_string(d) + "," + std::to_string(D);
    CHECK(shiftfly::test::sha256(shiftfly::test::arc_text(g)) == ref.at(key + " arcs").sha256);
    CHECK(shiftfly::test::sha256(shiftfly::test::label_text(g)) == ref.at(key + " labels").sha256);
  }
  for (auto [n, d] : std::vector<std::pair<int, int>>{{100, 3}, {1000, 20}, {7, 9}}) {
    const auto g = t::generalized_de_bruijn(n, d);
    const std::string key = "gen_de_bruijn " + std::to_string(n) + "," + std::to_string(d) + " arcs";
    CHECK(g.num_arcs() == ref.at(key).count);
    CHECK(shiftfly::test::sha256(shiftfly::test::arc_text(g)) == ref.at(key).sha256);
  }
}

TEST_CASE("de Bruijn: bad input is refused before allocation", "[de_bruijn][errors]") {
  CHECK_THROWS_WITH(t::de_bruijn(1, 3), "de_bruijn: d = 1 is out of range (accepted: 2 to 65535)");
  CHECK_THROWS_WITH(t::de_bruijn(2, 0), "de_bruijn: D = 0 is out of range (accepted: 1 to 31 at d = 2, so that d^D vertices fit a 32-bit vertex id)");
  CHECK_THROWS_WITH(t::de_bruijn(2, 40),
                    "de_bruijn: D = 40 is out of range (accepted: 1 to 31 at d = 2, so that d^D vertices fit a "
                    "32-bit vertex id)");
  CHECK_NOTHROW(t::de_bruijn_order<std::uint64_t>(2, 40));
  CHECK_THROWS_WITH(t::generalized_de_bruijn(1, 3),
                    "generalized_de_bruijn: n = 1 is out of range (accepted: 2 to 4294967295)");
  CHECK_THROWS_WITH(t::generalized_de_bruijn(10, 1),
                    "generalized_de_bruijn: d = 1 is out of range (accepted: 2 to 65535)");
  CHECK_THROWS_AS(t::generalized_de_bruijn(5000000000ull, 2), std::invalid_argument);
}

}  // namespace de_bruijn_test
