// Boardfly (Lemma 2.3, eq. (1)): the published pod, the several-pod chip level,
// and the group level, which must equal the reference artefact's edge for edge.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "support.hpp"

namespace boardfly_test {

namespace t = shiftfly::topology;

namespace {
// Group-level edge set obtained by contracting a chip-level graph's groups.
template <class G>
std::set<std::pair<std::uint64_t, std::uint64_t>> contract(const G& chips) {
  std::set<std::pair<std::uint64_t, std::uint64_t>> out;
  for (std::uint32_t u = 0; u < chips.num_vertices(); ++u)
    for (auto v : chips.neighbors(u)) {
      const std::uint64_t a = u / t::group_chips, b = v / t::group_chips;
      if (a < b) out.insert({a, b});
    }
  return out;
}
template <class G>
std::set<std::pair<std::uint64_t, std::uint64_t>> edge_pairs(const G& g) {
  std::set<std::pair<std::uint64_t, std::uint64_t>> out;
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
    for (auto v : g.neighbors(u))
      if (u < v) out.insert({u, v});
  return out;
}
}  // namespace

TEST_CASE("Lemma 2.3: the chip-level pod has 1,152 chips, max degree 7, mean degree 5.84, diameter 7", "[boardfly]") {
  const auto pod = t::boardfly_chip_level();
  CHECK(pod.num_vertices() == 1152);
  CHECK(pod.max_degree() == 7);
  CHECK(pod.num_edges() == 3366);
  CHECK(std::round(pod.mean_degree() * 100) / 100 == Approx(5.84));
  const auto D = shiftfly::test::diameter(pod);
  CHECK(D == 7);
  CHECK(D == t::chip_hops(std::uint64_t{1}));  // eq. (1) at one group hop
}

TEST_CASE("boardfly: chip-level pods equal the reference artefact's", "[boardfly]") {
  const auto ref = shiftfly::test::reference_digests();
  for (int p : {6, 36}) {
    const auto g = t::boardfly_chip_level(p);
    const auto& d = ref.at("boardfly_chip " + std::to_string(p) + " edges");
    CHECK(g.num_edges() == d.count);
    CHECK(shiftfly::test::sha256(shiftfly::test::edge_text(g)) == d.sha256);
  }
}

TEST_CASE("boardfly: group-level edge sets at 144, 2,304 and 12,500 groups equal the reference's", "[boardfly]") {
  const auto ref = shiftfly::test::reference_digests();
  for (int n : {144, 2304, 12500}) {
    const auto g = t::boardfly_group_level(n);
    const auto& d = ref.at("boardfly_group " + std::to_string(n) + " edges");
    INFO(n << " groups");
    CHECK(g.num_edges() == d.count);
    CHECK(shiftfly::test::sha256(shiftfly::test::edge_text(g)) == d.sha256);
  }
}

TEST_CASE("boardfly: group level is complete within each pod, at most 40 optical ports per group", "[boardfly]") {
  std::vector<std::uint64_t> sizes;
  for (std::uint64_t n = 1; n <= 400; ++n) sizes.push_back(n);
  for (std::uint64_t n : {576, 2304, 8400, 12500, 36000}) sizes.push_back(n);
  for (auto n : sizes) {
    const auto g = t::boardfly_group_level(n);
    INFO(n << " groups");
    CHECK(g.max_degree() <= t::group_optical_ports);
    // Complete within each pod (spot-check the first and last pods).
    for (std::uint64_t a = 0; a < std::min<std::uint64_t>(n, 36); ++a)
      for (std::uint64_t b = a + 1; b < std::min<std::uint64_t>(n, 36); ++b)
        CHECK(g.adjacent(static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b)));
    if (n <= 36) CHECK(g.num_edges() == n * (n - 1) / 2);
  }
  // Different seeds give different wirings (the seed is really used).
  CHECK(shiftfly::test::edge_text(t::boardfly_group_level(144, 7)) !=
        shiftfly::test::edge_text(t::boardfly_group_level(144, 8)));
}

TEST_CASE("edge counts of Boardfly and Shiftfly agree within 5% from 144 to 36,000 groups", "[boardfly][shiftfly]") {
  for (std::uint64_t n : {144, 576, 2304, 8400, 12500, 36000}) {
    const auto bf = t::boardfly_group_level(n);
    const auto sf = t::shiftfly_group_level(n, 40);
    INFO(n << " groups: Boardfly " << bf.num_edges() << " edges, Shiftfly " << sf.num_edges());
    CHECK(std::abs(static_cast<double>(bf.num_edges()) - static_cast<double>(sf.num_edges())) /
              static_cast<double>(bf.num_edges()) < 0.05);
    CHECK(sf.max_degree() <= 40);
  }
}

TEST_CASE("boardfly: several pods at chip level (stated inter-pod port rule)", "[boardfly]") {
  for (std::uint64_t n : {37, 72, 144}) {
    const auto chips = t::boardfly_chip_level(n);
    const auto groups = t::boardfly_group_level(n);
    INFO(n << " groups");
    CHECK(chips.num_vertices() == n * 32);
    CHECK(chips.max_degree() <= 7);
    CHECK(contract(chips) == edge_pairs(groups));
    // Every building block carries at most 5 optical links.
    std::vector<std::size_t> optical(n * 8, 0);
    for (std::uint32_t u = 0; u < chips.num_vertices(); ++u)
      for (auto v : chips.neighbors(u))
        if (u / 32 != v / 32) ++optical[u / 4];
    for (auto x : optical) CHECK(x <= 5);
    // Eq. (1): g group hops cost at most 3(g+1) + g chip hops.
    const auto gd = shiftfly::test::diameter(groups);
    const auto far = shiftfly::test::bfs(chips, 0);
    for (auto x : far) CHECK(x <= t::chip_hops(std::uint64_t{gd}));
  }
}

TEST_CASE("eq. (1): chip_hops(g) = 3(g+1) + g", "[boardfly]") {
  CHECK(t::chip_hops(std::uint64_t{0}) == 3);
  CHECK(t::chip_hops(std::uint64_t{1}) == 7);
  CHECK(t::chip_hops(std::uint64_t{2}) == 11);
  CHECK(t::chip_hops(std::uint64_t{4}) == 19);
  CHECK(t::chip_hops_mean(1.5) == Approx(9.0));
}

TEST_CASE("boardfly: bad input is refused before allocation", "[boardfly][errors]") {
  CHECK_THROWS_WITH(t::boardfly_group_level(0), "boardfly: groups = 0 is out of range (accepted: 1 to 858993459)");
  CHECK_THROWS_AS(t::boardfly_chip_level(0), std::invalid_argument);
  CHECK_THROWS_AS(t::boardfly_group_level(900000000), std::invalid_argument);
  CHECK_THROWS_AS(t::boardfly_chip_level(200000000), std::invalid_argument);  // 6.4e9 chips > 32-bit ids
  CHECK_THROWS_AS(t::boardfly_group_level<std::uint16_t>(70000), std::invalid_argument);
}

}  // namespace boardfly_test
