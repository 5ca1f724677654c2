// Tests of metrics/flow/traffic.hpp: the generators (Python's random.Random draws from the
// fixture), validation, and reading a traffic file.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>

#include "shiftfly/io/traffic_file.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"
#include "throughput_fixture.hpp"

namespace traffic_test {

using namespace shiftfly;
namespace tf = shiftfly::testing::throughput;

TEST_CASE("traffic: uniform and within-group patterns") {
  const auto u = metrics::uniform_traffic(5);
  CHECK(u.size() == 20);
  CHECK(u.total_demand() == 20.0);
  CHECK(u.sources_with_demand().size() == 5);
  const auto e = u.entries();
  CHECK(std::is_sorted(e.begin(), e.end(), [](const auto& a, const auto& b) {
    return a.source != b.source ? a.source < b.source : a.target < b.target;
  }));
  const auto w = metrics::within_groups_traffic(12, 4);
  CHECK(w.size() == 3 * 12);
  for (const auto& x : w.entries()) CHECK(x.source / 4 == x.target / 4);
  const std::vector<std::uint64_t> groups{7, 3, 7, 1, 3, 7};  // groups {0,2,5}, {1,4}, {3}
  const auto g = metrics::within_groups_traffic(groups);
  CHECK(g.size() == 6 + 2);
  for (const auto& x : g.entries()) CHECK(groups[x.source] == groups[x.target]);
  CHECK(g.targets_of(3).empty());
}

TEST_CASE("traffic: uniform_traffic equals its pairs given to from_entries; copies and scaled() share storage") {
  for (std::uint64_t n = 2; n <= 7; ++n) {
    INFO("n = " << n);
    std::vector<metrics::traffic_entry> pairs;
    for (std::uint64_t t = n; t-- > 0;)  // given out of order: from_entries sorts
      for (std::uint64_t s = 0; s < n; ++s)
        if (s != t) pairs.push_back({s, t, 1.0});
    const auto want = metrics::traffic_matrix::from_entries(n, pairs, "uniform");
    const auto u = metrics::uniform_traffic(n);
    CHECK(u.n() == want.n());
    CHECK(u.name() == want.name());
    CHECK(u.size() == want.size());
    CHECK(u.entries() == want.entries());
    CHECK(u.total_demand() == want.total_demand());
    CHECK(u.scaled_total() == want.scaled_total());
    CHECK(u.min_demand() == want.min_demand());
    CHECK(u.max_demand() == want.max_demand());
    CHECK(u.demand_exponent() == want.demand_exponent());
    CHECK(u.is_uniform());
    CHECK(want.is_uniform());
    CHECK(std::equal(u.sources_with_demand().begin(), u.sources_with_demand().end(), want.sources_with_demand().begin(),
                     want.sources_with_demand().end()));
    for (std::uint64_t s = 0; s < n; ++s) {
      CHECK(std::equal(u.targets_of(s).begin(), u.targets_of(s).end(), want.targets_of(s).begin(), want.targets_of(s).end()));
      CHECK(std::equal(u.demands_of(s).begin(), u.demands_of(s).end(), want.demands_of(s).begin(), want.demands_of(s).end()));
    }
    // a copy and scaled(0) share the pattern and the demands; scaled(2) shares the pattern only
    // and leaves the original's demands as they were
    const auto copy = u;
    CHECK(copy.targets_of(0).data() == u.targets_of(0).data());
    CHECK(u.scaled(0).demands_of(0).data() == u.demands_of(0).data());
    const auto quarter = u.scaled(2);
    CHECK(quarter.targets_of(1).data() == u.targets_of(1).data());
    CHECK(quarter.demands_of(1).data() != u.demands_of(1).data());
    for (const auto& x : quarter.entries()) CHECK(x.demand == 0.25);
    for (const auto& x : u.entries()) CHECK(x.demand == 1.0);
    CHECK(quarter.total_demand() == 0.25 * static_cast<double>(n * (n - 1)));
  }
  // a default matrix is empty, with no sources
  const metrics::traffic_matrix none;
  CHECK(none.empty());
  CHECK(none.sources_with_demand().empty());
  CHECK(none.entries().empty());
}

TEST_CASE("traffic: permutations and MoE dispatch reproduce Python's random.Random (fixture)") {
  const auto& f = tf::load();
  REQUIRE(!f.shuffles.empty());
  for (const auto& [key, p] : f.shuffles) CHECK(metrics::random_permutation(key.first, key.second) == p);
  for (const auto& fg : f.graphs) {
    const auto T = metrics::permutation_traffic(fg.g.num_vertices(), fg.seed);
    std::vector<std::uint64_t> seen;
    for (const auto& x : T.entries()) {
      CHECK(x.target == fg.p[x.source]);
      CHECK(x.demand == 1.0);
      seen.push_back(x.target);
    }
    std::uint64_t fixed = 0;
    for (std::uint64_t s = 0; s < fg.p.size(); ++s) fixed += fg.p[s] == s;
    CHECK(T.size() + fixed == fg.p.size());
    std::sort(seen.begin(), seen.end());
    CHECK(std::adjacent_find(seen.begin(), seen.end()) == seen.end());  // a permutation: no target twice
  }
  REQUIRE(!f.moe.empty());
  for (const auto& c : f.moe) {
    const auto T = metrics::moe_dispatch_traffic(c.n, c.k, c.seed);
    CHECK(T.size() == c.n * c.k);
    for (std::uint64_t s = 0; s < c.n; ++s) {
      std::vector<std::uint64_t> want(c.targets.begin() + static_cast<std::ptrdiff_t>(s * c.k),
                                      c.targets.begin() + static_cast<std::ptrdiff_t>((s + 1) * c.k));
      std::sort(want.begin(), want.end());
      const auto got = T.targets_of(s);
      CHECK(std::equal(got.begin(), got.end(), want.begin(), want.end()));
    }
  }
}

TEST_CASE("traffic: validation and bad input") {
  using E = metrics::traffic_entry;
  const auto bad = [](std::uint64_t n, std::vector<E> e) {
    try {
      (void)metrics::traffic_matrix::from_entries(n, std::move(e));
    } catch (const core::invalid_parameter& x) {
      return std::string(x.what()).find('\n') == std::string::npos;
    }
    return false;
  };
  CHECK(bad(4, {{0, 4, 1.0}}));
  CHECK(bad(4, {{4, 0, 1.0}}));
  CHECK(bad(4, {{2, 2, 1.0}}));
  CHECK(bad(4, {{0, 1, 0.0}}));
  CHECK(bad(4, {{0, 1, -1.0}}));
  CHECK(bad(4, {{0, 1, std::nan("")}}));
  CHECK(bad(4, {{0, 1, 1.0 / 0.0}}));
  CHECK(bad(4, {{0, 1, 1.0}, {0, 1, 2.0}}));
  CHECK(bad(1, {}));
  CHECK(metrics::traffic_matrix::from_entries(4, {{3, 1, 2.5}, {0, 2, 1.0}}).entries() ==
        std::vector<E>{{0, 2, 1.0}, {3, 1, 2.5}});
  CHECK_THROWS_AS(metrics::uniform_traffic(1), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::uniform_traffic(std::uint64_t{1} << 40), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::random_permutation(0, 1), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::permutation_traffic(1, 1), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::within_groups_traffic(12, 5), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::within_groups_traffic(12, 1), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::within_groups_traffic(12, 13), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::within_groups_traffic(std::vector<std::uint64_t>{0, 1, 2}), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::moe_dispatch_traffic(5, 0, 1), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::moe_dispatch_traffic(5, 5, 1), core::invalid_parameter);
  CHECK_THROWS_AS(metrics::moe_dispatch_traffic(1, 1, 1), core::invalid_parameter);
  // a seed whose shuffle of two vertices is the identity
  std::uint64_t seed = 0;
  while (metrics::random_permutation(2, seed)[0] != 0) ++seed;
  CHECK_THROWS_AS(metrics::permutation_traffic(2, seed), core::invalid_parameter);
}

TEST_CASE("traffic: a file read by io becomes a matrix (the metrics open no file)") {
  const std::string path = "throughput_traffic_test.txt";
  {
    std::ofstream out(path);
    out << "# demands\n0 3 1.5\n\n2 1 2e-1  # comment\n3 0 1\n";
  }
  const auto T = metrics::traffic_from_lines(4, shiftfly::io::read_traffic_file(path, 4), "file " + path);
  std::remove(path.c_str());
  CHECK(T.entries() == std::vector<metrics::traffic_entry>{{0, 3, 1.5}, {2, 1, 0.2}, {3, 0, 1.0}});
  CHECK(T.name() == "file " + path);
}

}  // namespace traffic_test
