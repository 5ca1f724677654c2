// Shift routing as channel shares (routing/shift_channel_routing.hpp): route lengths are
// Theorem 5.2's D - l (Kautz, de Bruijn) and the directed BFS distance (Imase-Itoh); the
// loads summed over all pairs equal the independent arc counter routing::all_pairs_link_load;
// at chip level every path is a walk of the chip graph that crosses the global tier exactly
// at the arcs of the group-level shift route, with minimal routing inside each group.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/routing/imase_itoh.hpp"
#include "shiftfly/routing/link_load.hpp"
#include "shiftfly/routing/shift.hpp"
#include "shiftfly/routing/shift_channel_routing.hpp"
#include "shiftfly/topology/family.hpp"

namespace shift_channel_routing_test {

namespace routing = shiftfly::routing;
namespace topology = shiftfly::topology;

namespace {

// Checks one pair's shares: fraction 1 each, a walk of channels s -> t of `hops` channels.
void shift_check_shares(const shiftfly::core::graph<>& g, const routing::shift_channel_routing& r, std::uint32_t s,
                        std::uint32_t t, const std::vector<std::uint32_t>& path) {
  std::vector<routing::channel_share> shares;
  r.shares(s, t, shares);
  REQUIRE(shares.size() + 1 == path.size());
  for (std::size_t i = 0; i < shares.size(); ++i) {
    CHECK(shares[i].fraction == 1.0);
    const auto [a, b] = routing::channel_ends(g, shares[i].channel);
    CHECK(a == path[i]);
    CHECK(b == path[i + 1]);
  }
}

}  // namespace

TEST_CASE("shift channels: Kautz and de Bruijn routes are Theorem 5.2's, their loads the arc counter's",
          "[routing][shift_channel_routing]") {
  for (const topology::family_spec spec :
       {topology::family_spec(topology::kautz_spec{2, 3}), topology::family_spec(topology::kautz_spec{3, 2}),
        topology::family_spec(topology::kautz_spec{2, 4}), topology::family_spec(topology::de_bruijn_spec{2, 3}),
        topology::family_spec(topology::de_bruijn_spec{3, 2}), topology::family_spec(topology::de_bruijn_spec{2, 4})}) {
    const auto g = topology::make_graph(spec);
    INFO(g.name());
    const auto r = routing::make_shift_channel_routing(spec, g);
    const bool kautz = spec.family == "kautz";
    const auto d = topology::unsigned_value(spec.values, "d"), D = topology::unsigned_value(spec.values, "D");
    const auto space = kautz ? routing::kautz_space(d, D) : routing::de_bruijn_space(d, D);
    const auto n = static_cast<std::uint32_t>(g.num_vertices());
    CHECK(r.group_count() == n);
    CHECK_FALSE(r.chip_level());
    std::vector<double> load(routing::channel_count(g), 0.0);
    for (std::uint32_t s = 0; s < n; ++s)
      for (std::uint32_t t = 0; t < n; ++t) {
        if (s == t) continue;
        const auto path = r.path(s, t);
        const auto expect = routing::route_shift(space, s, t).path;
        REQUIRE(path.size() == expect.size());
        CHECK(std::equal(path.begin(), path.end(), expect.begin()));
        CHECK(path.size() - 1 == routing::shift_distance(space, g.label(s), g.label(t)));  // D - l
        for (std::size_t i = 0; i + 1 < path.size(); ++i) {  // every hop is an arc
          const auto out = g.out_arcs(path[i]);
          CHECK(std::find(out.begin(), out.end(), path[i + 1]) != out.end());
        }
        shift_check_shares(g, r, s, t, path);
        std::vector<routing::channel_share> shares;
        r.shares(s, t, shares);
        for (const auto& c : shares) load[c.channel] += c.fraction;
      }
    // the independent counter counts routes per arc (id u*d + i); arcs u -> v share the channel u -> v
    const auto labels = routing::label_table(space);
    const auto counted = routing::all_pairs_link_load(space, labels, {2});
    std::vector<double> expect(routing::channel_count(g), 0.0);
    for (std::uint32_t u = 0; u < n; ++u)
      for (std::uint64_t i = 0; i < d; ++i) {
        const auto c = counted.counts()[u * d + i];
        const auto v = g.out_arcs(u)[i];
        if (v == u) {
          CHECK(c == 0);  // a loop (de Bruijn's constant labels) carries no shift route
          continue;
        }
        expect[routing::channel_of(g, u, v)] += c;
      }
    CHECK(load == expect);
  }
}

TEST_CASE("shift channels: Imase-Itoh and group-level Shiftfly routes are shortest directed walks",
          "[routing][shift_channel_routing]") {
  for (const topology::family_spec spec :
       {topology::family_spec(topology::imase_itoh_spec{10, 2}), topology::family_spec(topology::imase_itoh_spec{12, 3}),
        topology::family_spec(topology::imase_itoh_spec{7, 2}),
        topology::family_spec(topology::shiftfly_spec{20, 4, topology::shiftfly_construction::imase_itoh}),
        topology::family_spec(topology::shiftfly_spec{10, 6, topology::shiftfly_construction::kautz})}) {
    const auto g = topology::make_graph(spec);
    INFO(g.name());
    const auto r = routing::make_shift_channel_routing(spec, g);
    const auto n = static_cast<std::uint32_t>(g.num_vertices());
    for (std::uint32_t s = 0; s < n; ++s) {
      const auto dist = shiftfly::metrics::bfs_arcs(g, s).distance;
      for (std::uint32_t t = 0; t < n; ++t) {
        if (s == t) continue;
        const auto path = r.path(s, t);
        REQUIRE(path.front() == s);
        REQUIRE(path.back() == t);
        CHECK(path.size() - 1 == static_cast<std::size_t>(dist[t]));
        for (std::size_t i = 0; i + 1 < path.size(); ++i) {
          const auto out = g.out_arcs(path[i]);
          CHECK(std::find(out.begin(), out.end(), path[i + 1]) != out.end());
        }
        if (spec.family == "imase-itoh") {
          const auto expect = routing::route_imase_itoh(n, topology::unsigned_value(spec.values, "d"), s, t).path;
          CHECK(std::equal(path.begin(), path.end(), expect.begin(), expect.end()));
        }
        shift_check_shares(g, r, s, t, path);
      }
    }
  }
}

TEST_CASE("shift channels: chip-level Shiftfly crosses the global tier at the group route's arcs only",
          "[routing][shift_channel_routing]") {
  constexpr std::uint32_t C = 32;
  for (const auto construction : {topology::shiftfly_construction::imase_itoh, topology::shiftfly_construction::kautz}) {
    const topology::family_spec group_spec = topology::shiftfly_spec{6, 4, construction};
    const topology::family_spec chip_spec = topology::shiftfly_spec{6, 4, construction, topology::level::chip};
    const auto top = topology::make_graph(group_spec);
    const auto g = topology::make_graph(chip_spec);
    INFO(g.name());
    const auto group_router = routing::make_shift_channel_routing(group_spec, top);
    const auto r = routing::make_shift_channel_routing(chip_spec, g);
    CHECK(r.chip_level());
    REQUIRE(r.group_count() == 6);
    // distances inside group 0 over its own links (every group is wired alike)
    std::vector<std::vector<int>> inside(C, std::vector<int>(C, -1));
    for (std::uint32_t a = 0; a < C; ++a) {
      std::vector<std::uint32_t> queue{a};
      inside[a][a] = 0;
      for (std::size_t h = 0; h < queue.size(); ++h)
        for (auto y : g.neighbors(queue[h]))
          if (y < C && inside[a][y] < 0) {
            inside[a][y] = inside[a][queue[h]] + 1;
            queue.push_back(y);
          }
    }
    const auto n = static_cast<std::uint32_t>(g.num_vertices());
    for (std::uint32_t s = 0; s < n; ++s)
      for (std::uint32_t t = 0; t < n; ++t) {
        if (s == t) continue;
        const auto path = r.path(s, t);
        REQUIRE(path.front() == s);
        REQUIRE(path.back() == t);
        // split the walk at its inter-group hops into segments inside one group each
        std::vector<std::uint32_t> groups{s / C};
        std::vector<std::pair<std::size_t, std::size_t>> segments;  // [first, last] indices in the walk
        std::size_t first = 0;
        for (std::size_t i = 0; i + 1 < path.size(); ++i) {
          REQUIRE(g.adjacent(path[i], path[i + 1]));
          if (path[i] / C != path[i + 1] / C) {
            segments.emplace_back(first, i);
            groups.push_back(path[i + 1] / C);
            first = i + 1;
          }
        }
        segments.emplace_back(first, path.size() - 1);
        const auto expect_groups = s / C == t / C ? std::vector<std::uint32_t>{s / C} : group_router.group_route(s / C, t / C);
        CHECK(groups == expect_groups);  // the global tier is crossed at the group route's arcs, in order
        for (auto [lo, hi] : segments) {
          const std::uint32_t target = path[hi] % C;
          // minimal inside the group ...
          CHECK(inside[path[lo] % C][target] == static_cast<int>(hi - lo));
          // ... with the lowest-id next hop one step closer
          for (std::size_t i = lo; i < hi; ++i) {
            std::uint32_t lowest = C;
            for (auto x : g.neighbors(path[i]))
              if (x / C == path[i] / C && inside[x % C][target] + 1 == inside[path[i] % C][target]) {
                lowest = x;
                break;
              }
            CHECK(path[i + 1] == lowest);
          }
        }
        shift_check_shares(g, r, s, t, path);
      }
  }
}

TEST_CASE("shift channels: one routing called from several threads gives each call its own route",
          "[routing][shift_channel_routing]") {
  const topology::family_spec spec = topology::shiftfly_spec{12, 6, topology::shiftfly_construction::imase_itoh,
                                                             topology::level::chip};
  const auto g = topology::make_graph(spec);
  const auto r = routing::make_shift_channel_routing(spec, g);
  const auto n = static_cast<std::uint32_t>(g.num_vertices());
  // every source's routes, serially and from four threads at once (sources dealt round robin)
  std::vector<std::vector<routing::channel_share>> serial(n), parallel(n);
  for (std::uint32_t s = 0; s < n; ++s)
    for (std::uint32_t t = 0; t < n; ++t)
      if (s != t) r.shares(s, t, serial[s]);
  std::vector<std::thread> threads;
  for (unsigned k = 0; k < 4; ++k)
    threads.emplace_back([&, k] {
      for (std::uint32_t s = k; s < n; s += 4)
        for (std::uint32_t t = 0; t < n; ++t)
          if (s != t) r.shares(s, t, parallel[s]);
    });
  for (auto& th : threads) th.join();
  for (std::uint32_t s = 0; s < n; ++s) {
    REQUIRE(parallel[s].size() == serial[s].size());
    for (std::size_t i = 0; i < serial[s].size(); ++i) CHECK(parallel[s][i].channel == serial[s][i].channel);
  }
}

TEST_CASE("shift channels: one Shiftfly group routes minimally inside it", "[routing][shift_channel_routing]") {
  const topology::family_spec spec = topology::shiftfly_spec{1, 40, topology::shiftfly_construction::imase_itoh,
                                                             topology::level::chip};
  const auto g = topology::make_graph(spec);
  const auto r = routing::make_shift_channel_routing(spec, g);
  CHECK(r.group_count() == 1);
  for (std::uint32_t s = 0; s < 32; ++s) {
    const auto dist = shiftfly::metrics::bfs(g, s).distance;
    for (std::uint32_t t = 0; t < 32; ++t)
      if (s != t) {
        const auto path = r.path(s, t);
        CHECK(path.size() - 1 == static_cast<std::size_t>(dist[t]));
        shift_check_shares(g, r, s, t, path);
      }
  }
}

TEST_CASE("shift channels: families without shift routing and graphs not the spec's are refused",
          "[routing][shift_channel_routing]") {
  for (const topology::family_spec spec : {topology::family_spec(topology::torus_spec{{4, 4}}),
                                           topology::family_spec(topology::generalized_de_bruijn_spec{6, 2}),
                                           topology::family_spec(topology::boardfly_spec{2})}) {
    const auto g = topology::make_graph(spec);
    CHECK_THROWS_WITH(routing::make_shift_channel_routing(spec, g),
                      "make_shift_channel_routing: family = " + spec.family +
                          " does not run shift routing (accepted: kautz, de-bruijn, imase-itoh or shiftfly)");
  }
  const auto k23 = topology::make_graph(topology::kautz_spec{2, 3});
  CHECK_THROWS_WITH(routing::make_shift_channel_routing(topology::kautz_spec{2, 2}, k23),
                    "make_shift_channel_routing: the graph (12 vertices, 24 arcs) is not the digraph of kautz 2,2 "
                    "(6 vertices, 12 arcs)");
  // II(12, 2) is isomorphic to K(2, 3) and has its order and arc count, but not its numbering
  CHECK_THROWS_WITH(routing::make_shift_channel_routing(topology::imase_itoh_spec{12, 2}, k23),
                    Catch::Contains("is not the digraph of imase-itoh 12,2"));
  CHECK_THROWS_WITH(routing::make_shift_channel_routing(topology::kautz_spec{2, 0}, k23), Catch::Contains("D = 0"));
  // chip level: the Boardfly chip graph of 6 groups has the right order but other links
  const auto boardfly = topology::make_graph(topology::boardfly_spec{6, 7, topology::level::chip});
  CHECK_THROWS_WITH(
      routing::make_shift_channel_routing(topology::shiftfly_spec{6, 4, topology::shiftfly_construction::imase_itoh,
                                                                  topology::level::chip},
                                          boardfly),
      Catch::Contains("make_shift_channel_routing: the graph"));
  const auto k = routing::make_shift_channel_routing(topology::kautz_spec{2, 3}, k23);
  std::vector<routing::channel_share> out;
  CHECK_THROWS_WITH(k.shares(4, 4, out), Catch::Contains("dest = 4 equals the source"));
  CHECK_THROWS_WITH(k.shares(12, 4, out), Catch::Contains("source = 12 is out of range (accepted: 0 to 11)"));
  CHECK(out.empty());
}

}  // namespace shift_channel_routing_test
