// k-ary fat tree (Al-Fares et al. 2008) and XGFT (Öhring et al. 1995): for every even
// k <= 12, switch count 5k²/4, hosts k³/4, the degree of every tier (edge k/2, aggregation
// k, core k), links only between adjacent tiers, diameter 4 by BFS; fat_tree(k) equal,
// link for link, to XGFT(3; k/2, k/2, k; 1, k/2, k/2) built by the separate XGFT code;
// XGFT level sizes, degrees and link counts on a sweep of small parameters; isomorphism
// (bliss canonical forms) with the networkx fixtures; bad input refused.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/topology/fat_tree.hpp"
#include "family_fixtures.hpp"
#include "support.hpp"

namespace fat_tree_test {

namespace t = shiftfly::topology;

TEST_CASE("fat tree: switches, hosts, tier degrees, tier links and diameter 4 for every even k <= 12", "[fat_tree]") {
  for (std::uint64_t k = 2; k <= 12; k += 2) {
    INFO("k=" << k);
    const auto g = t::fat_tree(k);
    REQUIRE(g.num_vertices() == 5 * k * k / 4);
    CHECK(t::fat_tree_order(k) == 5 * k * k / 4);
    CHECK(t::fat_tree_hosts(k) == k * k * k / 4);
    CHECK(g.num_edges() == k * k * k / 2);
    std::uint64_t counts[3] = {0, 0, 0}, hosts = 0;
    bool degrees = true, tiers = true;
    for (std::uint32_t v = 0; v < g.num_vertices(); ++v) {
      const auto tier = t::fat_tree_tier_of(k, v);
      ++counts[static_cast<int>(tier)];
      hosts += t::fat_tree_hosts_at(k, v);
      const std::uint64_t expect = tier == t::fat_tree_tier::edge ? k / 2 : k;
      if (g.degree(v) != expect) degrees = false;
      // every switch port used: switch links plus hosts = k
      if (g.degree(v) + t::fat_tree_hosts_at(k, v) != k) degrees = false;
      for (auto u : g.neighbors(v)) {
        const int a = static_cast<int>(tier), b = static_cast<int>(t::fat_tree_tier_of(k, u));
        if (a - b != 1 && b - a != 1) tiers = false;  // only edge–aggregation and aggregation–core links
      }
    }
    CHECK(counts[0] == k * k / 2);
    CHECK(counts[1] == k * k / 2);
    CHECK(counts[2] == k * k / 4);
    CHECK(t::fat_tree_edge_switches(k) == k * k / 2);
    CHECK(hosts == t::fat_tree_hosts(k));
    CHECK(degrees);
    CHECK(tiers);
    CHECK(shiftfly::test::diameter(g) == 4);
    CHECK(t::fat_tree_diameter(k) == 4);
    // pods: edge switches of one pod share all their neighbours; of different pods none
    const std::uint64_t half = k / 2;
    for (std::uint32_t e = 1; e < k * half; ++e) {
      const auto a = g.neighbors(0), b = g.neighbors(e);
      const bool same = std::vector<std::uint32_t>(a.begin(), a.end()) == std::vector<std::uint32_t>(b.begin(), b.end());
      CHECK(same == (e / half == 0));
    }
  }
}

TEST_CASE("fat tree: fat_tree(k) is XGFT(3; k/2, k/2, k; 1, k/2, k/2) link for link", "[fat_tree]") {
  for (std::uint64_t k = 2; k <= 12; k += 2) {
    INFO("k=" << k);
    const std::vector<std::uint64_t> m{k / 2, k / 2, k}, w{1, k / 2, k / 2};
    const auto x = t::xgft(m, w);
    CHECK(shiftfly::test::edges_of(x) == shiftfly::test::edges_of(t::fat_tree(k)));
    CHECK(x.num_vertices() == t::fat_tree_order(k));
    CHECK(t::xgft_hosts(m, w) == t::fat_tree_hosts(k));
    for (std::uint64_t v = 0; v < x.num_vertices(); ++v)
      CHECK(t::xgft_level_of(m, w, v) == static_cast<std::size_t>(t::fat_tree_tier_of(k, v)) + 1);
  }
}

TEST_CASE("xgft: level sizes, up and down degrees, link count on a sweep of small parameters", "[fat_tree]") {
  std::vector<std::pair<std::vector<std::uint64_t>, std::vector<std::uint64_t>>> cases;
  for (std::uint64_t m1 = 1; m1 <= 3; ++m1)
    for (std::uint64_t m2 = 1; m2 <= 3; ++m2)
      for (std::uint64_t w1 = 1; w1 <= 2; ++w1)
        for (std::uint64_t w2 = 1; w2 <= 3; ++w2) {
          cases.push_back({{m1, m2}, {w1, w2}});
          for (std::uint64_t m3 = 1; m3 <= 3; ++m3) cases.push_back({{m1, m2, m3}, {w1, w2, 2}});
        }
  cases.push_back({{4}, {3}});
  cases.push_back({{2, 2, 2, 2}, {1, 2, 2, 2}});
  for (const auto& [m, w] : cases) {
    std::string label;
    for (std::size_t i = 0; i < m.size(); ++i) label += std::to_string(m[i]) + "/" + std::to_string(w[i]) + " ";
    INFO("m/w " << label);
    const auto g = t::xgft(m, w);
    const std::size_t h = m.size();
    std::uint64_t total = 0;
    for (std::size_t l = 1; l <= h; ++l) {
      std::uint64_t s = 1;
      for (std::size_t i = 1; i <= h; ++i) s *= i <= l ? w[i - 1] : m[i - 1];
      CHECK(t::xgft_level_size(m, w, l) == s);
      total += s;
    }
    REQUIRE(g.num_vertices() == total);
    CHECK(g.num_edges() == t::xgft_edges(m, w));
    // each switch of level l: m_l children among the switches (l >= 2) and w_{l+1} parents (l < h)
    bool ok = true;
    for (std::uint32_t v = 0; v < g.num_vertices(); ++v) {
      const std::size_t l = t::xgft_level_of(m, w, v);
      std::uint64_t up = 0, down = 0;
      for (auto u : g.neighbors(v)) {
        const std::size_t lu = t::xgft_level_of(m, w, u);
        if (lu == l + 1) ++up;
        else if (lu + 1 == l) ++down;
        else ok = false;
      }
      if (up != (l < h ? w[l] : 0) || down != (l >= 2 ? m[l - 1] : 0)) ok = false;
    }
    CHECK(ok);
  }
}

TEST_CASE("fat tree and xgft: isomorphic to the networkx constructions (fixtures)", "[fat_tree]") {
  const auto fx = shiftfly::test::family_fixtures("fat_tree.txt");
  for (std::uint64_t k : {2, 4, 6}) CHECK(shiftfly::test::isomorphic(t::fat_tree(k), fx.at("fat_tree_" + std::to_string(k))));
  CHECK(shiftfly::test::isomorphic(t::xgft({2, 3}, {1, 2}), fx.at("xgft_2_3__1_2")));
  CHECK(shiftfly::test::isomorphic(t::xgft({2, 2, 2}, {2, 2, 2}), fx.at("xgft_2_2_2__2_2_2")));
  CHECK(shiftfly::test::isomorphic(t::xgft({3, 2, 2}, {1, 2, 3}), fx.at("xgft_3_2_2__1_2_3")));
  CHECK(shiftfly::test::isomorphic(t::xgft({4}, {3}), fx.at("xgft_4__3")));
  CHECK_FALSE(shiftfly::test::isomorphic(t::xgft({2, 2, 2}, {2, 2, 2}), fx.at("xgft_3_2_2__1_2_3")));
}

TEST_CASE("fat tree and xgft: bad parameters are refused with the accepted range", "[fat_tree]") {
  using shiftfly::core::invalid_parameter;
  CHECK_THROWS_WITH(t::fat_tree(5), Catch::Contains("fat_tree") && Catch::Contains("k = 5") && Catch::Contains("even"));
  CHECK_THROWS_AS(t::fat_tree(0), invalid_parameter);
  CHECK_THROWS_AS(t::fat_tree(2'000'002), invalid_parameter);
  CHECK_THROWS_AS(t::fat_tree(100'000), invalid_parameter);  // 1.25e10 switches > 32-bit ids
  CHECK_THROWS_AS(t::fat_tree<std::uint16_t>(256), invalid_parameter);
  CHECK_THROWS_AS(t::fat_tree_tier_of(4, 20), invalid_parameter);
  CHECK_THROWS_AS(t::xgft(std::vector<std::uint64_t>{}, std::vector<std::uint64_t>{}), invalid_parameter);
  CHECK_THROWS_WITH(t::xgft({2, 2}, {1}), Catch::Contains("xgft") && Catch::Contains("number of w items"));
  CHECK_THROWS_AS(t::xgft({2, 0}, {1, 1}), invalid_parameter);
  CHECK_THROWS_AS(t::xgft({2, 2}, {0, 1}), invalid_parameter);
  CHECK_THROWS_AS(t::xgft({1u << 20, 1u << 20}, {1u << 20, 1}), invalid_parameter);  // 2^40 level-1 switches
  CHECK_THROWS_AS(t::xgft_level_size(std::vector<std::uint64_t>{2, 2}, std::vector<std::uint64_t>{1, 1}, 3),
                  invalid_parameter);
  CHECK_THROWS_AS(t::xgft_hosts(std::vector<std::uint64_t>(40, 4), std::vector<std::uint64_t>(40, 1)),
                  invalid_parameter);  // 4^40 hosts overflow 64 bits
}

}  // namespace fat_tree_test
