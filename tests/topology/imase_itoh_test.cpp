// Theorem 5.5 (Imase and Itoh 1981): II(n, d) has directed diameter at most
// ceil(log_d n) for every n; it is d-regular in and out.
#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "shiftfly/topology/imase_itoh.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "support.hpp"

namespace imase_itoh_test {

namespace t = shiftfly::topology;

TEST_CASE("Theorem 5.5: II(n,d) directed diameter <= ceil(log_d n), n = 2..500, d = 2..6", "[imase_itoh]") {
  for (std::uint64_t d = 2; d <= 6; ++d)
    for (std::uint64_t n = 2; n <= 500; ++n) {
      const auto g = t::imase_itoh(n, d);
      const auto D = shiftfly::test::directed_diameter(g);
      if (D > t::log_diameter(n, d)) FAIL("II(" << n << "," << d << ") has directed diameter " << D);
    }
  SUCCEED();
}

TEST_CASE("imase_itoh: arcs i -> -d i - r (mod n), in- and out-degree d", "[imase_itoh]") {
  for (std::uint64_t d : {2, 3, 7})
    for (std::uint64_t n : {2, 3, 10, 101, 256}) {
      const auto g = t::imase_itoh(n, d);
      std::vector<std::size_t> in(n, 0);
      for (std::uint32_t i = 0; i < n; ++i) {
        auto outs = g.out_arcs(i);
        REQUIRE(outs.size() == d);
        for (std::uint64_t r = 1; r <= d; ++r) {
          const std::int64_t expect = ((-static_cast<std::int64_t>(d * i + r)) % static_cast<std::int64_t>(n) +
                                       static_cast<std::int64_t>(n)) % static_cast<std::int64_t>(n);
          CHECK(outs[r - 1] == static_cast<std::uint64_t>(expect));
          ++in[outs[r - 1]];
        }
      }
      for (auto x : in) CHECK(x == d);
    }
}

TEST_CASE("imase_itoh: at Kautz orders the diameter is exactly D, as for K(d, D)", "[imase_itoh]") {
  for (std::uint64_t d = 2; d <= 4; ++d)
    for (std::uint64_t D = 1; D <= 4; ++D) {
      const auto n = t::kautz_order(d, D);
      CHECK(shiftfly::test::directed_diameter(t::imase_itoh(n, d)) == D);
      CHECK(t::imase_itoh(n, d).num_edges() == t::kautz(d, D).num_edges());
    }
}

TEST_CASE("imase_itoh: arcs equal the reference artefact's", "[imase_itoh]") {
  const auto ref = shiftfly::test::reference_digests();
  for (auto [n, d] : std::vector<std::pair<int, int>>{{100, 3}, {1000, 20}, {7, 9}}) {
    const auto g = t::imase_itoh(n, d);
    const std::string key = "imase_itoh " + std::to_string(n) + "," + std::to_string(d) + " arcs";
    CHECK(shiftfly::test::sha256(shiftfly::test::arc_text(g)) == ref.at(key).sha256);
  }
}

TEST_CASE("log_diameter is ceil(log_d n)", "[imase_itoh]") {
  CHECK(t::log_diameter(1, 2) == 0);
  CHECK(t::log_diameter(2, 2) == 1);
  CHECK(t::log_diameter(1024, 2) == 10);
  CHECK(t::log_diameter(1025, 2) == 11);
  CHECK(t::log_diameter(12500, 20) == 4);
  CHECK(t::log_diameter(~std::uint64_t{0}, 2) == 64);
}

TEST_CASE("imase_itoh: bad input is refused before allocation", "[imase_itoh][errors]") {
  CHECK_THROWS_WITH(t::imase_itoh(1, 3), "imase_itoh: n = 1 is out of range (accepted: 2 to 4294967295)");
  CHECK_THROWS_WITH(t::imase_itoh(10, 1), "imase_itoh: d = 1 is out of range (accepted: 2 to 65535)");
  CHECK_THROWS_AS(t::imase_itoh(0, 0), std::invalid_argument);
  CHECK_THROWS_AS(t::imase_itoh<std::uint16_t>(70000, 2), std::invalid_argument);
  CHECK_THROWS_AS(t::log_diameter(10, 1), std::invalid_argument);
}

}  // namespace imase_itoh_test
