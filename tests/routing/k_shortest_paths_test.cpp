// K-shortest-paths routing (routing/k_shortest_paths.hpp): Yen's paths against an exhaustive
// enumeration of the simple paths, sorted by (length, lexicographic vertex sequence), on small
// graphs (Petersen, tori, K_5, a path with a pendant); the even split as channel shares.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/routing/k_shortest_paths.hpp"
#include "shiftfly/topology/torus.hpp"

namespace k_shortest_paths_test {

namespace routing = shiftfly::routing;
using ksp_graph = shiftfly::core::graph<>;

namespace {

ksp_graph ksp_petersen() {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t i = 0; i < 5; ++i) {
    e.push_back({i, (i + 1) % 5});
    e.push_back({i, 5 + i});
    e.push_back({5 + i, 5 + (i + 2) % 5});
  }
  return ksp_graph::from_edges(10, e, "Petersen");
}

ksp_graph ksp_complete(std::uint32_t n) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t i = 0; i < n; ++i)
    for (std::uint32_t j = i + 1; j < n; ++j) e.push_back({i, j});
  return ksp_graph::from_edges(n, e, "K_n");
}

// Every simple s-t path by depth-first search, sorted by length, then lexicographically.
void ksp_enumerate(const ksp_graph& g, std::uint32_t t, std::vector<std::uint32_t>& stack, std::vector<char>& on,
                   std::vector<std::vector<std::uint32_t>>& out) {
  const auto u = stack.back();
  if (u == t) {
    out.push_back(stack);
    return;
  }
  for (auto v : g.neighbors(u))
    if (!on[v]) {
      on[v] = 1;
      stack.push_back(v);
      ksp_enumerate(g, t, stack, on, out);
      stack.pop_back();
      on[v] = 0;
    }
}

std::vector<std::vector<std::uint32_t>> ksp_all_simple_paths(const ksp_graph& g, std::uint32_t s, std::uint32_t t) {
  std::vector<std::vector<std::uint32_t>> out;
  std::vector<std::uint32_t> stack{s};
  std::vector<char> on(g.num_vertices(), 0);
  on[s] = 1;
  ksp_enumerate(g, t, stack, on, out);
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.size() != b.size() ? a.size() < b.size() : a < b; });
  return out;
}

}  // namespace

TEST_CASE("ksp: Yen's K paths are the first K simple paths by (length, lexicographic order)", "[routing][k_shortest_paths]") {
  const std::vector<ksp_graph> graphs{ksp_petersen(), shiftfly::topology::torus({3, 3}), shiftfly::topology::torus({4, 3}),
                                      ksp_complete(5), shiftfly::topology::torus({2, 2, 2})};
  for (const auto& g : graphs) {
    INFO(g.name());
    const auto n = static_cast<std::uint32_t>(g.num_vertices());
    std::vector<routing::k_shortest_paths_routing> routings;
    for (std::uint32_t K : {1u, 2u, 3u, 5u, 8u, 20u, 1024u}) routings.emplace_back(g, K);
    for (std::uint32_t s = 0; s < n; ++s) {
      const auto dist = shiftfly::metrics::bfs(g, s).distance;
      for (std::uint32_t t = 0; t < n; ++t) {
        if (s == t) continue;
        const auto all = ksp_all_simple_paths(g, s, t);
        for (const auto& r : routings) {
          const std::uint32_t K = r.k();
          INFO("K = " << K << ", s = " << s << ", t = " << t);
          const std::vector<std::vector<std::uint32_t>> expect(all.begin(), all.begin() + std::min<std::size_t>(K, all.size()));
          const auto got = r.path_list(s, t);
          REQUIRE(got == expect);
          CHECK(got.front().size() - 1 == static_cast<std::size_t>(dist[t]));
          // the shares: c/K' on a channel used by c of the K' paths, each channel once
          std::map<std::uint64_t, double> count;
          for (const auto& p : got)
            for (std::size_t i = 0; i + 1 < p.size(); ++i) count[routing::channel_of(g, p[i], p[i + 1])] += 1;
          std::vector<routing::channel_share> shares;
          r.shares(s, t, shares);
          REQUIRE(shares.size() == count.size());
          std::vector<double> net(n, 0.0);
          for (const auto& c : shares) {
            CHECK(c.fraction == count.at(c.channel) / static_cast<double>(got.size()));
            const auto [a, b] = routing::channel_ends(g, c.channel);
            net[a] += c.fraction;
            net[b] -= c.fraction;
          }
          for (std::uint32_t v = 0; v < n; ++v) CHECK(net[v] == Approx(v == s ? 1.0 : v == t ? -1.0 : 0.0).margin(1e-12));
        }
      }
    }
  }
  // K_5 has 1 + 3 + 6 + 6 = 16 simple paths between two vertices: K = 1024 returns all 16
  const auto k5 = ksp_complete(5);
  CHECK(routing::k_shortest_paths_routing(k5, 1024).path_list(0, 4).size() == 16);
  std::vector<routing::routed_path> paths;
  routing::k_shortest_paths_routing(k5, 4).paths(0, 4, paths);
  REQUIRE(paths.size() == 4);
  CHECK(paths[0].vertices == std::vector<std::uint32_t>{0, 4});
  CHECK(paths[1].vertices == std::vector<std::uint32_t>{0, 1, 4});
  CHECK(paths[3].vertices == std::vector<std::uint32_t>{0, 3, 4});
  for (const auto& p : paths) CHECK(p.fraction == 0.25);
}

TEST_CASE("ksp: the work estimate and bad input", "[routing][k_shortest_paths]") {
  const auto g = ksp_petersen();  // n = 10, m = 15
  CHECK(routing::k_shortest_paths_pair_work(g, 4) == 4u * 10u * (10u + 30u));
  const routing::k_shortest_paths_routing r(g, 4);
  CHECK(r.pair_work() == 1600u);
  CHECK_NOTHROW(routing::require_k_shortest_paths_within(g, 4, 90, 144000));
  CHECK_THROWS_WITH(routing::require_k_shortest_paths_within(g, 4, 90, 143999),
                    "k_shortest_paths: K = 4 needs up to 144000 steps (K n (n + 2m) per pair x 90 pairs, n = 10, m = 15) "
                    "(accepted: at most 143999 steps)");
  CHECK_THROWS_WITH(routing::k_shortest_paths_routing(g, 0), "k_shortest_paths: K = 0 is out of range (accepted: 1 to 1024)");
  CHECK_THROWS_WITH(routing::k_shortest_paths_routing(g, 1025), Catch::Contains("K = 1025 is out of range"));
  std::vector<routing::channel_share> out;
  CHECK_THROWS_WITH(r.shares(2, 2, out), Catch::Contains("dest = 2 equals the source"));
  CHECK_THROWS_WITH(r.shares(10, 2, out), Catch::Contains("source = 10 is out of range (accepted: 0 to 9)"));
  // a disconnected pair has no path: refused, not routed nowhere
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> two{{0, 1}, {2, 3}};
  const auto split = ksp_graph::from_edges(4, two, "two links");
  const routing::k_shortest_paths_routing rs(split, 2);
  CHECK(rs.path_list(0, 2).empty());
  CHECK_THROWS_WITH(rs.shares(0, 2, out), Catch::Contains("no path from source = 0 to dest = 2"));
  CHECK(out.empty());
}

}  // namespace k_shortest_paths_test
