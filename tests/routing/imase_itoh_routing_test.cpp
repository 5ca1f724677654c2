// Table-free Imase–Itoh routing: a valid walk of at most ceil(log_d n) arcs for
// every ordered pair, n <= 300, d <= 5, and exactly the BFS distance.
#include <catch2/catch.hpp>

#include <cstdio>
#include <set>
#include <stdexcept>

#include "shiftfly/routing/imase_itoh.hpp"

namespace imase_itoh_routing_test {

namespace routing = shiftfly::routing;

TEST_CASE("the digit values of k steps form one interval of d^k integers", "[routing][imase-itoh]") {
  for (std::int64_t d = 2; d <= 5; ++d)
    for (unsigned k = 0; k <= 5; ++k) {
      std::set<std::int64_t> values{0};
      for (unsigned t = 0; t < k; ++t) {
        std::set<std::int64_t> next;
        for (auto v : values)
          for (std::int64_t r = 1; r <= d; ++r) next.insert(v * -d + r);
        values = next;
      }
      std::int64_t count = 1;
      for (unsigned t = 0; t < k; ++t) count *= d;
      REQUIRE(static_cast<std::int64_t>(values.size()) == count);
      REQUIRE(*values.rbegin() - *values.begin() + 1 == count);
    }
}

TEST_CASE("Imase–Itoh routing: shortest walks of at most ceil(log_d n) arcs, all pairs n <= 300, d <= 5",
          "[routing][imase-itoh]") {
  for (std::uint64_t d = 2; d <= 5; ++d)
    for (std::uint64_t n = 2; n <= 300; ++n) {
      const auto plan = routing::make_imase_itoh_plan(n, d);
      const unsigned bound = routing::ceil_log(n, d);
      std::uint64_t bad = 0;  // counted, then required once per (n, d): millions of REQUIREs are slow
      routing::imase_itoh_route r;
      for (std::uint64_t i = 0; i < n; ++i) {
        const auto dist = routing::imase_itoh_bfs(n, d, i);
        for (std::uint64_t j = 0; j < n; ++j) {
          routing::route_imase_itoh_into(plan, i, j, r);
          bool ok = r.path.front() == i && r.path.back() == j && r.hops <= bound && r.digits.size() == r.hops &&
                    r.path.size() == r.hops + 1 && r.hops == dist[j];
          for (std::size_t t = 0; ok && t < r.hops; ++t)
            ok = r.digits[t] >= 1 && r.digits[t] <= d && (r.path[t + 1] + d * r.path[t] + r.digits[t]) % n == 0;
          if (!ok) ++bad;
        }
      }
      INFO("n = " << n << ", d = " << d);
      REQUIRE(bad == 0);
    }
}

TEST_CASE("the fixed-length route of Theorem 5.5 has exactly ceil(log_d n) arcs", "[routing][imase-itoh]") {
  for (std::uint64_t n : {7u, 64u, 100u, 257u})
    for (std::uint64_t d : {2u, 3u, 5u})
      for (std::uint64_t i = 0; i < n; i += 3)
        for (std::uint64_t j = 0; j < n; j += 5) {
          const auto r = routing::route_imase_itoh_fixed(n, d, i, j);
          REQUIRE(r.hops == routing::ceil_log(n, d));
          REQUIRE(r.path.back() == j);
        }
}

TEST_CASE("shortest-walk statistics over all pairs", "[routing][imase-itoh]") {
  const auto s = routing::imase_itoh_shortest(500, 3);
  CHECK(s.pairs == 500u * 499u);
  CHECK(s.shortest == s.pairs);
  CHECK(s.max_hops <= s.guarantee);
  CHECK(s.fixed_shortest < s.pairs);
}

TEST_CASE("Imase–Itoh routing refuses bad input", "[routing][imase-itoh]") {
  CHECK_THROWS_AS(routing::route_imase_itoh(10, 3, 10, 0), std::invalid_argument);
  CHECK_THROWS_AS(routing::route_imase_itoh(10, 3, 0, 11), std::invalid_argument);
  // the pair is named as the Python keywords (source, dest)
  CHECK_THROWS_WITH(routing::route_imase_itoh(10, 3, 10, 0), "route_imase_itoh: source = 10 is out of range (accepted: 0 to 9)");
  CHECK_THROWS_WITH(routing::route_imase_itoh_fixed(10, 3, 0, 11),
                    "route_imase_itoh_fixed: dest = 11 is out of range (accepted: 0 to 9)");
  CHECK_THROWS_AS(routing::route_imase_itoh(1, 3, 0, 0), std::invalid_argument);
  CHECK_THROWS_AS(routing::route_imase_itoh(10, 1, 0, 0), std::invalid_argument);
  const auto large = routing::route_imase_itoh(1'000'000'007ULL, 20, 123456789, 987654321);
  CHECK(large.path.back() == 987654321u);
  CHECK(large.hops <= routing::ceil_log(1'000'000'007ULL, 20));
}

// The full measurement behind the closing note (hidden: minutes of CPU, not run by ctest):
//   test_routing_imase_itoh_test "[.sweep]"
// For d in {2, 3, 20} and every n = 2..2000, all ordered pairs i != j: the
// smallest-k route against BFS, and how often the fixed ceil(log_d n)-arc route is shortest.
TEST_CASE("sweep: how often the arithmetic route is shortest, n <= 2000", "[.sweep]") {
  for (std::uint64_t d : {2u, 3u, 20u}) {
    std::uint64_t pairs = 0, shortest = 0, fixed = 0, hops = 0;
    std::uint64_t band_pairs = 0, band_fixed = 0, band_hops = 0;
    for (std::uint64_t n = 2; n <= 2000; ++n) {
      const auto s = routing::imase_itoh_shortest(n, d);
      pairs += s.pairs;
      shortest += s.shortest;
      fixed += s.fixed_shortest;
      hops += s.total_hops;
      band_pairs += s.pairs;
      band_fixed += s.fixed_shortest;
      band_hops += s.total_hops;
      if (n % 250 == 0) {
        std::printf("d=%llu n<=%4llu: fixed-length route shortest for %.4f of pairs, mean hops %.3f (guarantee at n: %u)\n",
                    static_cast<unsigned long long>(d), static_cast<unsigned long long>(n),
                    double(band_fixed) / double(band_pairs), double(band_hops) / double(band_pairs), s.guarantee);
        band_pairs = band_fixed = band_hops = 0;
      }
    }
    std::printf("d=%llu all n in 2..2000: %llu ordered pairs, smallest-k route shortest for %llu (%.6f); "
                "fixed-length route shortest for %.4f; mean hops %.4f\n",
                static_cast<unsigned long long>(d), static_cast<unsigned long long>(pairs),
                static_cast<unsigned long long>(shortest), double(shortest) / double(pairs), double(fixed) / double(pairs),
                double(hops) / double(pairs));
    CHECK(shortest == pairs);
  }
}

}  // namespace imase_itoh_routing_test
