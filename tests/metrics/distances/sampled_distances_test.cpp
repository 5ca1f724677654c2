// Tests of metrics/distances/sampled_distances.hpp: the reference's sampled distance_stats.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/sampled_distances.hpp"
#include "test_graphs.hpp"

namespace sampled_distances_test {

using namespace shiftfly;

TEST_CASE("sampled: sources are randrange(n) draws of random.Random(seed)") {
  core::python_random rng(11);
  const auto s = metrics::reference_sources(1000, 50);
  for (auto x : s) CHECK(x == rng.randrange(1000));
}

TEST_CASE("sampled: equals the reference's distance_stats (fixture)") {
  int seen = 0;
  for (const auto& r : testing::reference_lines()) {
    if (r.key != "sampled25") continue;
    const auto g = testing::gnp(r.n, r.p, r.seed);
    for (unsigned threads : {1u, 2u}) {
      metrics::sweep_options o;
      o.threads = threads;
      const auto s = metrics::sampled_stats(g, 25, 11, metrics::traversal::undirected, o);
      CHECK(s.diameter == std::stoul(r.values[0]));
      CHECK(s.mean == std::stod(r.values[1]));
      CHECK(s.disconnected == (r.values[2] == "1"));
      CHECK_FALSE(s.exact);
      CHECK(s.sources == 25);
      CHECK(s.diameter_kind() == "lower bound");
    }
    // The reference's switch: exact below max_exact.
    CHECK(metrics::reference_distance_stats(g, r.n, 25).exact);
    CHECK_FALSE(metrics::reference_distance_stats(g, r.n - 1, 25).exact);
    ++seen;
  }
  CHECK(seen == 4);
}

TEST_CASE("sampled: equals plain BFS from the sampled sources, and bounds the diameter") {
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const bool directed = seed % 2 == 0;
    const auto g = directed ? testing::random_digraph(120, 3, seed) : testing::gnp(120, 0.03, seed);
    const auto how = directed ? metrics::traversal::arcs : metrics::traversal::undirected;
    const auto samples = static_cast<std::size_t>(1 + seed * 3);
    const auto s = metrics::sampled_stats(g, samples, seed, how);
    std::uint64_t total = 0, pairs = 0;
    std::uint32_t diam = 0;
    for (auto src : metrics::reference_sources(120, samples, seed)) {
      for (auto d : metrics::bfs(g, src, how).distance) {
        if (d <= 0) continue;
        total += static_cast<std::uint64_t>(d);
        ++pairs;
        diam = std::max(diam, static_cast<std::uint32_t>(d));
      }
    }
    CHECK(s.total_distance == total);
    CHECK(s.pairs == pairs);
    CHECK(s.diameter == diam);
    CHECK(s.diameter <= metrics::all_pairs_stats(g, how).diameter);
    // sampled_stats_serial, the independent check that `shiftfly metrics --verify` runs, agrees in full
    const auto v = metrics::sampled_stats_serial(g, samples, seed, how);
    CHECK(v.histogram == s.histogram);
    CHECK(v.mean == s.mean);
    CHECK(v.diameter == s.diameter);
    CHECK(v.disconnected == s.disconnected);
  }
  CHECK_THROWS_AS(metrics::sampled_stats_serial(testing::gnp(10, 0.5, 1), 0), std::invalid_argument);
}

TEST_CASE("sampled: bad input") {
  const auto g = testing::cycle(5);
  CHECK_THROWS_AS(metrics::sampled_stats(g, 0), std::invalid_argument);
  const std::vector<std::uint32_t> bad{7};
  CHECK_THROWS_AS(metrics::stats_from_sources(g, bad), std::invalid_argument);
  CHECK_THROWS_AS(metrics::stats_from_sources(g, std::vector<std::uint32_t>{}), std::invalid_argument);
}

TEST_CASE("sampled sources are drawn as a stream; only the explicit list is memory-checked", "[metrics][memory]") {
  metrics::reference_source_stream stream(1000, 11);
  for (auto s : metrics::reference_sources(1000, 300, 11)) CHECK(stream.next() == s);
  const auto g = testing::cycle(9);
  const auto before = metrics::sampled_stats(g, 1000000);
  ::setenv("SHIFTFLY_MEMORY_LIMIT", "1M", 1);
  // A list of 10^6 sources is 3.8 MiB: refused up front, naming samples and the estimate.
  CHECK_THROWS_WITH(metrics::reference_sources(9, 1000000),
                    Catch::StartsWith("metrics::reference_sources: the list of 1000000 sampled sources (samples = "
                                      "1000000, 4 bytes each) would need about 3.8 MiB"));
  // The sweep never holds the list: the same statistics within 1 MiB.
  const auto within = metrics::sampled_stats(g, 1000000);
  ::unsetenv("SHIFTFLY_MEMORY_LIMIT");
  CHECK(within.histogram == before.histogram);
  CHECK(within.histogram == std::vector<std::uint64_t>{1000000, 2000000, 2000000, 2000000, 2000000});
}

TEST_CASE("sampled: more sources than vertices is refused only when it would run past about 2 s", "[metrics][sampled]") {
  using shiftfly::metrics::require_useful_samples;
  // Up to n sources: never refused (it costs at most the exact sweep).
  CHECK_NOTHROW(require_useful_samples("t", "samples", 1000, 3000, 1000));
  // Past n but cheap (the reference's 1000 sources on a 108-vertex Kautz graph): allowed.
  CHECK_NOTHROW(require_useful_samples("t", "samples", 108, 324, 1000));
  // 2e9 sources on 3 vertices: about 70 s, refused with the estimate and the vertex count.
  CHECK_THROWS_WITH(require_useful_samples("t", "samples", 3, 3, 2'000'000'000),
                    Catch::Contains("samples = 2000000000") && Catch::Contains("3 vertices") &&
                        Catch::Contains("about 70 s"));
}

}  // namespace sampled_distances_test
