// Dimension-order routing as channel shares (routing/dimension_order.hpp): every path is a
// walk of channels from s to t of the torus/HyperX distance, the shares are the paths'
// fractions and conserve one unit of flow, and the closed-form channel loads of Dally and
// Towles (Principles and Practices of Interconnection Networks, ch. 3) come out exactly.
#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/routing/dimension_order.hpp"
#include "shiftfly/topology/family.hpp"

namespace dimension_order_test {

namespace routing = shiftfly::routing;
namespace topology = shiftfly::topology;

namespace {

// Sum over the listed (s, t) pairs, each of weight w, of the shares: the load of every channel.
std::vector<double> dor_loads(const shiftfly::core::graph<>& g, const routing::dimension_order_routing& r,
                              const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs, double w) {
  std::vector<double> load(routing::channel_count(g), 0.0);
  std::vector<routing::channel_share> out;
  for (auto [s, t] : pairs) {
    out.clear();
    r.shares(s, t, out);
    for (const auto& c : out) load[c.channel] += w * c.fraction;
  }
  return load;
}

std::vector<std::pair<std::uint32_t, std::uint32_t>> dor_all_pairs(std::uint32_t n) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> p;
  for (std::uint32_t s = 0; s < n; ++s)
    for (std::uint32_t t = 0; t < n; ++t)
      if (s != t) p.emplace_back(s, t);
  return p;
}

double dor_max(const std::vector<double>& v) {
  double m = 0;
  for (double x : v) m = std::max(m, x);
  return m;
}

}  // namespace

TEST_CASE("dor: every path is a shortest walk of channels, the shares are the paths' fractions",
          "[routing][dimension_order]") {
  const std::vector<topology::family_spec> specs{
      topology::torus_spec{{4, 4}},  topology::torus_spec{{5, 3}},  topology::torus_spec{{6}},
      topology::torus_spec{{4, 2, 3}}, topology::torus_spec{{2, 2, 2}}, topology::torus_spec{{4, 6}},
      topology::hyperx_spec{{3, 2}}, topology::hyperx_spec{{4, 3, 2}}, topology::hyperx_spec{{2, 2, 2}}};
  for (const auto& spec : specs) {
    const auto g = topology::make_graph(spec);
    INFO(g.name());
    const auto r = routing::make_dimension_order_routing(spec, g);
    const auto n = static_cast<std::uint32_t>(g.num_vertices());
    for (std::uint32_t s = 0; s < n; ++s) {
      const auto dist = shiftfly::metrics::bfs(g, s).distance;
      for (std::uint32_t t = 0; t < n; ++t) {
        if (s == t) continue;
        std::vector<routing::routed_path> paths;
        r.paths(s, t, paths);
        double total = 0;
        std::map<std::uint64_t, double> from_paths;
        for (const auto& p : paths) {
          REQUIRE(p.vertices.front() == s);
          REQUIRE(p.vertices.back() == t);
          CHECK(p.hops() == static_cast<std::size_t>(dist[t]));  // a shortest path
          CHECK(p.hops() == r.hops(s, t));
          for (std::size_t i = 0; i + 1 < p.vertices.size(); ++i) {
            REQUIRE(g.adjacent(p.vertices[i], p.vertices[i + 1]));
            from_paths[routing::channel_of(g, p.vertices[i], p.vertices[i + 1])] += p.fraction;
          }
          total += p.fraction;
        }
        CHECK(total == 1.0);
        std::vector<routing::channel_share> shares;
        r.shares(s, t, shares);
        std::map<std::uint64_t, double> from_shares;
        std::vector<double> net(n, 0.0);  // out minus in, per vertex
        for (const auto& c : shares) {
          CHECK(from_shares.count(c.channel) == 0);  // each channel once
          from_shares[c.channel] += c.fraction;
          const auto [a, b] = routing::channel_ends(g, c.channel);
          net[a] += c.fraction;
          net[b] -= c.fraction;
        }
        CHECK(from_shares == from_paths);
        for (std::uint32_t v = 0; v < n; ++v) CHECK(net[v] == (v == s ? 1.0 : v == t ? -1.0 : 0.0));
      }
    }
  }
}

TEST_CASE("dor: an antipodal tie splits evenly; a pair has 2^ties paths", "[routing][dimension_order]") {
  const topology::family_spec spec = topology::torus_spec{{4, 4}};
  const auto g = topology::make_graph(spec);
  const auto r = routing::make_dimension_order_routing(spec, g);
  // 0 = (0,0) to 10 = (2,2): both dimensions tied, four paths of 4 hops, 1/4 each
  std::vector<routing::routed_path> paths;
  r.paths(0, 10, paths);
  REQUIRE(paths.size() == 4);
  for (const auto& p : paths) CHECK(p.fraction == 0.25);
  CHECK(paths[0].vertices == std::vector<std::uint32_t>{0, 1, 2, 6, 10});    // + then +
  CHECK(paths[3].vertices == std::vector<std::uint32_t>{0, 3, 2, 14, 10});   // - then -
  std::vector<routing::channel_share> shares;
  r.shares(0, 10, shares);
  REQUIRE(shares.size() == 8);
  for (const auto& c : shares) CHECK(c.fraction == 0.5);
  // at k = 2 the two directions are the one link: fraction 1
  const topology::family_spec cube = topology::torus_spec{{2, 2}};
  const auto h = topology::make_graph(cube);
  const auto rc = routing::make_dimension_order_routing(cube, h);
  shares.clear();
  rc.shares(0, 3, shares);
  REQUIRE(shares.size() == 2);
  CHECK(shares[0].channel == routing::channel_of(h, 0u, 1u));
  CHECK(shares[0].fraction == 1.0);
  CHECK(shares[1].channel == routing::channel_of(h, 1u, 3u));
}

// Closed forms. Loads are per unit of endpoint injection: every vertex injects 1 unit, spread
// over its destinations by the pattern; a channel's load is the sum over pairs of
// (rate of the pair) x (fraction of the pair's traffic on the channel).
TEST_CASE("dor: the closed-form channel loads of Dally and Towles", "[routing][dimension_order]") {
  SECTION("8x8 torus, uniform: k/8 = 1 with self included, 64/63 without") {
    // Ring of even k, + channel c -> c+1: the (source, dest) offsets crossing it are δ = 1..k/2-1
    // (δ pairs each), plus the tie δ = k/2 at half weight: Σ δ + (k/2)/2 = k^2/8 pairs of the
    // ring. dor crosses dimension i with the other coordinates fixed (below i the destination's,
    // above the source's), so k^(n-1) choices of the free coordinates multiply it: k^(n+1)/8
    // pairs of weight 1/N = k^-n each, k/8 per channel, on every channel. Self excluded, each
    // of the N - 1 destinations gets 1/(N - 1): (k/8) N/(N - 1) = 64/63.
    const topology::family_spec spec = topology::torus_spec{{8, 8}};
    const auto g = topology::make_graph(spec);
    const auto r = routing::make_dimension_order_routing(spec, g);
    const auto with_self = dor_loads(g, r, dor_all_pairs(64), 1.0 / 64.0);
    const auto without_self = dor_loads(g, r, dor_all_pairs(64), 1.0 / 63.0);
    for (double x : with_self) CHECK(x == Approx(1.0).epsilon(1e-12));
    for (double x : without_self) CHECK(x == Approx(64.0 / 63.0).epsilon(1e-12));
    CHECK(dor_max(with_self) == Approx(1.0).epsilon(1e-12));
  }
  SECTION("tornado on the ring k = 8: load 3") {
    // Tornado sends s to s + (k/2 - 1) = s + 3: three hops in the + direction, so every +
    // channel carries the three sources behind it (load 3) and no - channel carries any.
    const topology::family_spec spec = topology::torus_spec{{8}};
    const auto g = topology::make_graph(spec);
    const auto r = routing::make_dimension_order_routing(spec, g);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> tornado;
    for (std::uint32_t s = 0; s < 8; ++s) tornado.emplace_back(s, (s + 3) % 8);
    const auto load = dor_loads(g, r, tornado, 1.0);
    for (std::uint64_t c = 0; c < load.size(); ++c) {
      const auto [a, b] = routing::channel_ends(g, c);
      CHECK(load[c] == (b == (a + 1) % 8 ? 3.0 : 0.0));
    }
  }
  SECTION("hypercube 2^4 (torus 2,2,2,2 and HyperX 2,2,2,2): uniform 1/2, bit complement 1") {
    // The generators join the two vertices of a dimension once (one link, two channels).
    // Uniform with self: the channel u -> u^e_i carries the pairs whose source agrees with u
    // from bit i up (bits below i free: 2^i) and whose destination agrees with u below i and
    // differs at i (bits above i free: 2^(n-i-1)): 2^(n-1) pairs of weight 2^-n, load 1/2.
    // Bit complement (t = s xor 11..1): the channel u -> u^e_i carries only the source that
    // agrees with u from bit i up and with its complement below i: load 1 on every channel.
    // It meets the bisection bound (N/2 units cross each dimension's cut one way over N/2
    // channels), so dor is optimal here. (With two channels per direction, as a 2-ary
    // n-cube torus whose wraparound and direct links are distinct, both halve.)
    for (const topology::family_spec spec : {topology::family_spec(topology::torus_spec{{2, 2, 2, 2}}),
                                              topology::family_spec(topology::hyperx_spec{{2, 2, 2, 2}})}) {
      const auto g = topology::make_graph(spec);
      const auto r = routing::make_dimension_order_routing(spec, g);
      for (double x : dor_loads(g, r, dor_all_pairs(16), 1.0 / 16.0)) CHECK(x == 0.5);
      std::vector<std::pair<std::uint32_t, std::uint32_t>> complement;
      for (std::uint32_t s = 0; s < 16; ++s) complement.emplace_back(s, s ^ 15u);
      for (double x : dor_loads(g, r, complement, 1.0)) CHECK(x == 1.0);
    }
  }
  SECTION("HyperX S^L, uniform: 1/S") {
    // The channel u -> v of dimension i carries the pairs with source = u from coordinate i up
    // (coordinates below i free: S^i) and destination = u below i, = v at i (above i free:
    // S^(L-i-1)): S^(L-1) pairs of weight S^-L, load 1/S on every channel.
    const topology::family_spec spec = topology::hyperx_spec{{4, 4, 4}};
    const auto g = topology::make_graph(spec);
    const auto r = routing::make_dimension_order_routing(spec, g);
    for (double x : dor_loads(g, r, dor_all_pairs(64), 1.0 / 64.0)) CHECK(x == Approx(0.25).epsilon(1e-12));
  }
}

TEST_CASE("dor: bad input is refused in one line", "[routing][dimension_order]") {
  const topology::family_spec spec = topology::torus_spec{{4, 4}};
  const auto g = topology::make_graph(spec);
  const auto r = routing::make_dimension_order_routing(spec, g);
  std::vector<routing::channel_share> out;
  CHECK_THROWS_WITH(r.shares(3, 3, out), Catch::Contains("dest = 3 equals the source"));
  CHECK_THROWS_WITH(r.shares(16, 3, out), Catch::Contains("source = 16 is out of range (accepted: 0 to 15)"));
  CHECK_THROWS_WITH(r.shares(1, 99, out), Catch::Contains("dest = 99 is out of range"));
  const topology::family_spec kautz = topology::kautz_spec{2, 2};
  CHECK_THROWS_WITH(routing::make_dimension_order_routing(kautz, topology::make_graph(kautz)),
                    "make_dimension_order_routing: family = kautz does not run dimension-order routing (dor) "
                    "(accepted: torus, hyperx or tofu)");
  // a graph that is not the spec's
  CHECK_THROWS_WITH(routing::make_dimension_order_routing(topology::torus_spec{{4, 5}}, g),
                    Catch::Contains("not the 20 and 40 of torus 4,5"));
  CHECK_THROWS_WITH(routing::make_dimension_order_routing(topology::hyperx_spec{{4, 4}}, g),
                    Catch::Contains("not the 16 and 48 of hyperx 4,4"));
  CHECK_THROWS_WITH(routing::make_dimension_order_routing(topology::torus_spec{{1, 4}}, g),
                    Catch::Contains("dims item = 1 is out of range"));
  CHECK(out.empty());
}

}  // namespace dimension_order_test
