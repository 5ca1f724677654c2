// Tests for collectives/max_flow.hpp: Dinic's maximum flow on small random directed networks
// against every s-t cut enumerated (the max-flow min-cut theorem), the flow limit, the cut it
// returns (the minimum cut whose source side is smallest: what the residual reaches from s),
// capacities changed between runs, and networks where t is near s and much lies beyond it (the
// level search stops at t's level).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <tuple>
#include <vector>

#include "shiftfly/collectives/max_flow.hpp"
#include "shiftfly/core/python_random.hpp"

namespace max_flow_test {

namespace sc = shiftfly::collectives;
using arc = std::tuple<std::uint32_t, std::uint32_t, std::uint64_t>;

struct cut {
  std::uint64_t value = std::numeric_limits<std::uint64_t>::max();
  std::vector<std::uint32_t> smallest_sides;  // every minimum cut's source side, as a bit mask
};

// Every s-t cut: the source side holds s and not t; its value sums the arcs leaving it.
cut every_cut(std::uint32_t n, const std::vector<arc>& arcs, std::uint32_t s, std::uint32_t t) {
  cut out;
  for (std::uint32_t mask = 0; mask < (1U << n); ++mask) {
    if (!(mask >> s & 1U) || (mask >> t & 1U)) continue;
    std::uint64_t value = 0;
    for (const auto& [u, v, c] : arcs)
      if ((mask >> u & 1U) && !(mask >> v & 1U)) value += c;
    if (value < out.value) {
      out.value = value;
      out.smallest_sides.clear();
    }
    if (value == out.value) out.smallest_sides.push_back(mask);
  }
  return out;
}

std::uint32_t side_mask(const std::vector<char>& side) {
  std::uint32_t mask = 0;
  for (std::size_t v = 0; v < side.size(); ++v)
    if (side[v]) mask |= 1U << v;
  return mask;
}

TEST_CASE("max_flow equals the minimum of every s-t cut on small random networks", "[max_flow]") {
  shiftfly::core::python_random rng(2026);
  for (int trial = 0; trial < 300; ++trial) {
    const auto n = static_cast<std::uint32_t>(2 + rng.randrange(9));  // 2..10 vertices
    std::vector<arc> arcs;
    const auto m = static_cast<std::uint32_t>(rng.randrange(4 * n + 1));
    for (std::uint32_t i = 0; i < m; ++i) {
      const auto u = static_cast<std::uint32_t>(rng.randrange(n)), v = static_cast<std::uint32_t>(rng.randrange(n));
      if (u != v) arcs.emplace_back(u, v, static_cast<std::uint64_t>(rng.randrange(8)));  // zero capacities too
    }
    sc::flow_network net(n);
    for (const auto& [u, v, c] : arcs) net.add_arc(u, v, c);
    const auto s = static_cast<std::uint32_t>(rng.randrange(n));
    auto t = static_cast<std::uint32_t>(rng.randrange(n - 1));
    if (t >= s) ++t;
    INFO("trial " << trial << ": " << n << " vertices, " << arcs.size() << " arcs, " << s << " -> " << t);
    const cut want = every_cut(n, arcs, s, t);
    CHECK(net.max_flow(s, t) == want.value);
    // the residual's reach from s is the minimum cut with the smallest source side
    const std::uint32_t side = side_mask(net.source_side(s));
    REQUIRE(std::find(want.smallest_sides.begin(), want.smallest_sides.end(), side) != want.smallest_sides.end());
    for (std::uint32_t other : want.smallest_sides) CHECK((side & ~other) == 0U);
    // a limit stops the flow there (or at the maximum, below it), and a second run starts from zero
    if (want.value > 0) {
      const std::uint64_t limit = 1 + static_cast<std::uint64_t>(rng.randrange(want.value));
      CHECK(net.max_flow(s, t, limit) == std::min(limit, want.value));
    }
    CHECK(net.max_flow(s, t) == want.value);
    CHECK(net.max_flow(s, s) == 0);
  }
}

TEST_CASE("max_flow after set_capacity runs on the new capacities", "[max_flow]") {
  // s=0 -> 1 -> 3=t and s -> 2 -> t, with 1 -> 2 between the two paths
  sc::flow_network net(4);
  const auto a01 = net.add_arc(0, 1, 5);
  net.add_arc(1, 3, 2);
  const auto a02 = net.add_arc(0, 2, 1);
  net.add_arc(2, 3, 6);
  net.add_arc(1, 2, 4);
  CHECK(net.max_flow(0, 3) == 6);  // the cut at s: 5 + 1 (the others: 7, 8 and 11)
  net.set_capacity(a01, 1);
  CHECK(net.max_flow(0, 3) == 2);
  CHECK(side_mask(net.source_side(0)) == 0b0001U);
  net.set_capacity(a02, 0);
  CHECK(net.max_flow(0, 3) == 1);
}

TEST_CASE("max_flow when t is one hop from s and a long chain lies beyond it", "[max_flow]") {
  // s -> t directly (capacity 3) and s -> t through a chain of 50 vertices (capacity 2), plus a
  // tail of 100 vertices hanging off t that the level search need not reach
  const std::uint32_t chain = 50, tail = 100, n = 2 + chain + tail;
  sc::flow_network net(n);
  net.add_arc(0, 1, 3);
  std::uint32_t prev = 0;
  for (std::uint32_t i = 0; i < chain; ++i) {
    net.add_arc(prev, 2 + i, 2);
    prev = 2 + i;
  }
  net.add_arc(prev, 1, 2);
  prev = 1;
  for (std::uint32_t i = 0; i < tail; ++i) {
    net.add_arc(prev, 2 + chain + i, 9);
    net.add_arc(2 + chain + i, prev, 9);
    prev = 2 + chain + i;
  }
  CHECK(net.max_flow(0, 1) == 5);
  CHECK(net.max_flow(0, 1, 4) == 4);
  CHECK(net.max_flow(1, 0) == 0);
  CHECK(net.max_flow(0, n - 1) == 5);  // the tail's far end: the same cut at s
}

}  // namespace max_flow_test
