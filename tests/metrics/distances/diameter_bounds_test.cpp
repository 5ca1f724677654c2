// Tests of metrics/distances/diameter_bounds.hpp: iFUB and DiFUB equal the all-pairs diameter.
#include <catch2/catch.hpp>

#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/diameter_bounds.hpp"
#include "shiftfly/topology/family.hpp"
#include "test_graphs.hpp"

namespace diameter_bounds_test {

using namespace shiftfly;

TEST_CASE("diameter_bounds: iFUB equals all pairs on random undirected graphs") {
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    core::python_random rng(seed * 31337);
    // Sizes above 64 exercise the bound-based path; sparse ones are disconnected.
    const auto n = static_cast<std::uint32_t>(1 + rng.randrange(400));
    const double p = (0.5 + 4.0 * rng.random()) / n;
    const auto g = testing::gnp(n, p, seed);
    const auto exact = metrics::all_pairs_stats(g);
    const auto b = metrics::diameter_ifub(g, {.threads = 1 + static_cast<unsigned>(seed % 2)});
    INFO("n=" << n << " p=" << p << " seed=" << seed);
    CHECK(b.diameter == exact.diameter);
    CHECK(b.disconnected == exact.disconnected);
    CHECK(b.exact);
    CHECK(b.method == "iFUB");
  }
}

TEST_CASE("diameter_bounds: DiFUB equals all pairs on random digraphs") {
  int strongly = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    core::python_random rng(seed * 7);
    const auto n = static_cast<std::uint32_t>(2 + rng.randrange(300));
    const auto out = static_cast<std::uint32_t>(1 + rng.randrange(6));
    auto g = testing::random_digraph(n, out, seed);
    if (seed % 2 == 0) {  // add a directed Hamiltonian cycle: strongly connected
      std::vector<std::uint64_t> off{0};
      std::vector<std::uint32_t> tgt;
      for (std::uint32_t u = 0; u < n; ++u) {
        for (auto v : g.out_arcs(u)) tgt.push_back(v);
        tgt.push_back((u + 1) % n);
        off.push_back(tgt.size());
      }
      g = testing::graph::from_arcs(n, std::move(off), std::move(tgt));
    }
    const auto exact = metrics::all_pairs_stats_arcs(g);
    const auto b = metrics::diameter_difub(g);
    INFO("n=" << n << " out=" << out << " seed=" << seed);
    CHECK(b.diameter == exact.diameter);
    CHECK(b.disconnected == exact.disconnected);
    strongly += b.method == "DiFUB";
  }
  CHECK(strongly > 20);  // the bound-based path really ran
}

TEST_CASE("diameter_bounds: families") {
  for (auto [d, D] : {std::pair{2, 5}, std::pair{3, 4}, std::pair{4, 3}}) {
    const auto k = topology::kautz<std::uint32_t>(d, D);
    const auto r = metrics::diameter_difub(k);
    CHECK(r.method == "DiFUB");
    CHECK(r.diameter == static_cast<std::uint32_t>(D));  // Thm: K(d,D) has diameter D
    CHECK(metrics::diameter_ifub(k).diameter == metrics::all_pairs_stats(k).diameter);
  }
  const auto bf = topology::make_graph(topology::boardfly_spec{.groups = 576});
  CHECK(metrics::diameter_ifub(bf).diameter == metrics::all_pairs_stats(bf).diameter);
  const auto t = topology::torus<std::uint32_t>(std::vector<std::uint64_t>{5, 6, 7});
  CHECK(metrics::exact_diameter(t).diameter == 2 + 3 + 3);
}

TEST_CASE("diameter_bounds: the progress hook sees every sweep, changes nothing, and stops the search") {
  // A torus: every vertex has the same eccentricity, so iFUB sweeps level after level.
  const auto t = topology::torus<std::uint32_t>(std::vector<std::uint64_t>{12, 12, 12});
  std::size_t calls = 0, last_total = 0;
  const auto r = metrics::exact_diameter(t, {metrics::traversal::undirected, 2, [&](std::size_t done, std::size_t total) {
    ++calls;
    CHECK(done >= 1);
    CHECK(done <= total);
    last_total = total;
  }});
  const auto plain = metrics::exact_diameter(t);
  CHECK(r.diameter == plain.diameter);
  CHECK(r.bfs_sources == plain.bfs_sources);
  CHECK(calls > 0);
  CHECK(last_total > 0);
  struct stop {};
  CHECK_THROWS_AS(metrics::exact_diameter(t, {metrics::traversal::undirected, 1, [](std::size_t, std::size_t) { throw stop{}; }}),
                  stop);
  // DiFUB: the Kautz digraph is strongly connected.
  const auto k = topology::kautz<std::uint32_t>(3, 4);
  std::size_t arc_calls = 0;
  const auto a = metrics::exact_diameter(k, {metrics::traversal::arcs, 1, [&](std::size_t, std::size_t) { ++arc_calls; }});
  CHECK(a.diameter == 4);
  CHECK(arc_calls > 0);
}

}  // namespace diameter_bounds_test
