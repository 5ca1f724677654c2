// Link loads of shift routing (routing/link_load.hpp): per-arc counts against the
// library router by brute force, and all-pairs counts independent of the thread count.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "shiftfly/routing/link_load.hpp"
#include "shiftfly/routing/shift.hpp"
#include "shiftfly/topology/de_bruijn.hpp"
#include "shiftfly/topology/kautz.hpp"

namespace link_load_test {

namespace routing = shiftfly::routing;

namespace {
// The arc id u·d + i of the arc u -> v, i its position among u's out-arcs in generation order.
template <class G>
std::uint64_t arc_id(const G& g, std::uint64_t d, std::uint64_t u, std::uint64_t v) {
  const auto out = g.out_arcs(static_cast<std::uint32_t>(u));
  const auto it = std::find(out.begin(), out.end(), static_cast<std::uint32_t>(v));
  REQUIRE(it != out.end());
  return u * d + static_cast<std::uint64_t>(it - out.begin());
}
}  // namespace

TEST_CASE("link loads: every arc's count is the number of shift routes crossing it", "[routing][link_load]") {
  for (auto [d, D] : std::vector<std::pair<unsigned, unsigned>>{{2, 3}, {3, 3}, {3, 2}, {4, 3}}) {
    for (bool kautz : {true, false}) {
      const auto s = kautz ? routing::kautz_space(d, D) : routing::de_bruijn_space(d, D);
      const auto g = kautz ? shiftfly::topology::kautz(d, D) : shiftfly::topology::de_bruijn(d, D);
      const auto labels = routing::label_table(s);
      REQUIRE(labels.size() == s.size * D);
      std::vector<std::uint32_t> expect(s.size * d, 0);
      std::uint64_t hops = 0;
      for (std::uint64_t a = 0; a < s.size; ++a)
        for (std::uint64_t b = 0; b < s.size; ++b) {
          if (a == b) continue;
          const auto p = routing::route_shift(s, a, b).path;
          hops += p.size() - 1;
          for (std::size_t i = 0; i + 1 < p.size(); ++i) ++expect[arc_id(g, d, p[i], p[i + 1])];
        }
      const auto all = routing::all_pairs_link_load(s, labels, {1});
      CHECK(std::vector<std::uint32_t>(all.counts().begin(), all.counts().end()) == expect);
      CHECK(all.hops() == hops);
      CHECK(all.max() == static_cast<double>(*std::max_element(expect.begin(), expect.end())));
      CHECK(all.mean() == static_cast<double>(hops) / static_cast<double>(s.size * d));
      // one route at a time gives the same counts
      routing::link_load one(s, labels);
      for (std::uint64_t a = 0; a < s.size; ++a)
        for (std::uint64_t b = 0; b < s.size; ++b)
          if (a != b) one.add_route(a, b);
      CHECK(std::vector<std::uint32_t>(one.counts().begin(), one.counts().end()) == expect);
    }
  }
}

TEST_CASE("link loads: all pairs do not depend on the thread count", "[routing][link_load]") {
  const auto s = routing::kautz_space(5, 3);
  const auto labels = routing::label_table(s);
  const auto ref = routing::all_pairs_link_load(s, labels, {1});
  for (unsigned threads : {0U, 2U, 3U, 7U, 1000U}) {
    const auto other = routing::all_pairs_link_load(s, labels, {threads});
    CHECK(std::equal(ref.counts().begin(), ref.counts().end(), other.counts().begin(), other.counts().end()));
    CHECK(ref.hops() == other.hops());
  }
  const auto too_short = std::span<const shiftfly::core::symbol>(labels).first(3);
  CHECK_THROWS_AS(routing::link_load(s, too_short), std::invalid_argument);
}

}  // namespace link_load_test
