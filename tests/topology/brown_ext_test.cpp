// The extended Brown graph (EvalNet's brown_ext): counts, degrees, diameters as EvalNet's validator
// states them (2 with r0, 3 with r1), the r1 extension against a round-by-round construction of the
// test's own (each round copies the star S_r, a copy taking over its original's links, with the links
// the earlier rounds added), and the refusals. EvalNet's graphs: evalnet_families_test.cpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/topology/brown_ext.hpp"
#include "shiftfly/topology/family.hpp"
#include "support.hpp"

namespace brown_ext_test {

namespace t = shiftfly::topology;

namespace {

// Round r: copy S_r = {a_r} ∪ N(a_r) of ER_q; copy v' joins v, the copies of v's neighbours in S_r,
// every other current neighbour of v (originals and earlier copies), and for an earlier copy v'' of
// v (round s) the copy of a_s; the new round's copies are numbered a_r' first, then N(a_r) ascending.
std::set<std::pair<std::uint64_t, std::uint64_t>> rounds(std::uint64_t q, std::uint64_t r1) {
  const auto base = t::polarfly(q);
  const t::galois_field f(q);
  const auto centres = t::brown_ext_centres(f);
  std::vector<std::set<std::uint64_t>> adj(base.num_vertices());
  for (std::uint32_t u = 0; u < base.num_vertices(); ++u)
    for (auto v : base.neighbors(u)) adj[u].insert(v);
  std::vector<std::vector<std::pair<std::uint64_t, std::uint64_t>>> copies(base.num_vertices());  // (round, id)
  std::vector<std::uint64_t> centre_copy;
  for (std::uint64_t r = 0; r < r1; ++r) {
    std::vector<std::uint64_t> star{centres[r]};
    for (auto v : base.neighbors(static_cast<std::uint32_t>(centres[r]))) star.push_back(v);
    std::vector<std::uint64_t> id(star.size());
    for (std::size_t i = 0; i < star.size(); ++i) id[i] = adj.size() + i;
    adj.resize(adj.size() + star.size());
    auto index = [&](std::uint64_t v) -> std::ptrdiff_t {
      const auto it = std::find(star.begin(), star.end(), v);
      return it == star.end() ? -1 : it - star.begin();
    };
    std::vector<std::set<std::uint64_t>> add(adj.size());
    for (std::size_t i = 0; i < star.size(); ++i) {
      const auto v = star[i], c = id[i];
      add[c].insert(v);
      for (const auto& [s, old] : copies[v]) add[c].insert(centre_copy[s]);
      for (auto w : adj[v]) {
        bool own = false;
        for (const auto& [s, old] : copies[v]) own = own || old == w;
        if (own) continue;
        const auto j = index(w);
        add[c].insert(j >= 0 ? id[static_cast<std::size_t>(j)] : w);
      }
    }
    for (std::size_t i = 0; i < star.size(); ++i) copies[star[i]].emplace_back(r, id[i]);
    centre_copy.push_back(id[0]);
    for (std::size_t c = 0; c < add.size(); ++c)
      for (auto w : add[c]) {
        adj[c].insert(w);
        adj[w].insert(static_cast<std::uint64_t>(c));
      }
  }
  std::set<std::pair<std::uint64_t, std::uint64_t>> out;
  for (std::uint64_t u = 0; u < adj.size(); ++u)
    for (auto v : adj[u])
      if (u < v) out.emplace(u, v);
  return out;
}

}  // namespace

TEST_CASE("brown_ext: counts, degrees and diameters", "[brown_ext]") {
  for (std::uint64_t q : {2, 3, 4, 5, 7, 8, 9}) {
    const std::uint64_t n0 = q * q + q + 1;
    for (std::uint64_t r1 = 0; r1 <= q; ++r1) {
      const auto g = t::brown_ext(q, 0, r1);
      INFO(g.name());
      REQUIRE(g.num_vertices() == n0 + r1 * (q + 1));
      CHECK(g.num_edges() == t::brown_ext_edge_count(q, 0, r1));
      std::uint64_t dmax = 0;
      for (std::uint32_t u = 0; u < g.num_vertices(); ++u) dmax = std::max<std::uint64_t>(dmax, g.degree(u));
      CHECK(dmax <= q + 1 + r1);
      CHECK(shiftfly::test::diameter(g) <= (r1 > 0 ? 3u : 2u));
    }
    const std::uint64_t r0max = q % 2 == 0 ? 1 : std::min<std::uint64_t>(q, 4);
    for (std::uint64_t r0 = 1; r0 <= r0max; ++r0) {
      const auto g = t::brown_ext(q, r0, 0);
      INFO(g.name());
      REQUIRE(g.num_vertices() == n0 + (q % 2 == 0 ? 1 : r0 * (q + 1)));
      CHECK(g.num_edges() == t::brown_ext_edge_count(q, r0, 0));
      std::uint64_t dmax = 0;
      for (std::uint32_t u = 0; u < g.num_vertices(); ++u) dmax = std::max<std::uint64_t>(dmax, g.degree(u));
      CHECK(dmax == (q % 2 == 0 ? q + 1 : q + 1 + 2 * r0));
      CHECK(shiftfly::test::diameter(g) == 2);
    }
  }
  // no extension: PolarFly itself
  CHECK(shiftfly::test::edge_text(t::brown_ext(5)) == shiftfly::test::edge_text(t::polarfly(5)));
}

TEST_CASE("brown_ext: r1 equals the round-by-round construction link for link", "[brown_ext]") {
  for (std::uint64_t q : {2, 3, 4, 5, 7, 8}) {
    for (std::uint64_t r1 = 1; r1 <= q; ++r1) {
      const auto g = t::brown_ext(q, 0, r1);
      INFO(g.name());
      std::set<std::pair<std::uint64_t, std::uint64_t>> ours;
      for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
        for (auto v : g.neighbors(u))
          if (u < v) ours.emplace(u, v);
      CHECK(ours == rounds(q, r1));
    }
  }
}

TEST_CASE("brown_ext: the centres are the absolute points, EvalNet's order", "[brown_ext]") {
  const t::galois_field f(5);
  const auto c = t::brown_ext_centres(f);
  REQUIRE(c.size() == 6);
  for (auto v : c) CHECK(t::polarfly_is_absolute(f, v));
  // (x, y, 1) with x^2 + y^2 + 1 = 0 over GF(5): (0, 2), (0, 3), (2, 0), (3, 0); then (x, 1, 0): x = 2, 3
  CHECK(c == std::vector<std::uint64_t>{t::polarfly_vertex(f, {0, 2, 1}), t::polarfly_vertex(f, {0, 3, 1}),
                                        t::polarfly_vertex(f, {2, 0, 1}), t::polarfly_vertex(f, {3, 0, 1}),
                                        t::polarfly_vertex(f, {2, 1, 0}), t::polarfly_vertex(f, {3, 1, 0})});
}

TEST_CASE("brown_ext: endpoints and link classes", "[brown_ext]") {
  const auto spec = t::family_spec("brown-ext", {{"q", std::uint64_t{3}}, {"r1", std::uint64_t{2}}});
  const auto g = t::make_graph(spec);
  const auto e = t::endpoints_of(spec, g);
  REQUIRE(e.size() == 21);
  for (auto x : e) CHECK(x == 3u);  // ceil((3 + 1 + 2) / 2)
  const auto classes = t::classify_channels(spec, g);
  CHECK(classes.names == std::vector<std::string>{"polarity", "extension"});
}

TEST_CASE("brown_ext: bad parameters are refused with the accepted range", "[brown_ext][errors]") {
  const auto hi = std::to_string(t::polarfly_max_q());
  for (std::uint64_t q : {0, 1, 6, 10, 65522})
    CHECK_THROWS_WITH(t::brown_ext(q), "brown_ext: q = " + std::to_string(q) +
                                           " is out of range (accepted: a prime power from 2 to " + hi + ")");
  CHECK_THROWS_WITH(t::brown_ext(5, 0, 6), "brown_ext: r1 = 6 is out of range (accepted: 0 to 5 at q = 5)");
  CHECK_THROWS_WITH(t::brown_ext(5, 6, 0), "brown_ext: r0 = 6 is out of range (accepted: 0 to 5 at odd q = 5)");
  CHECK_THROWS_WITH(t::brown_ext(4, 2, 0),
                    "brown_ext: r0 = 2 is out of range (accepted: 0 to 1 at even q = 4 (the nucleus's one twin))");
  CHECK_THROWS_WITH(t::brown_ext(5, 1, 1),
                    "brown_ext: r0 = 1 is out of range (accepted: 0 to 0 when r1 > 0 (one extension at a time))");
  // the largest q: the copies must fit 32-bit ids, and the memory limit refuses the graph up front
  CHECK_THROWS_WITH(t::brown_ext(65521, 0, 30), Catch::Contains("r1 = 30 is out of range (accepted: 0 to 29 at q = 65521)"));
  CHECK_THROWS_WITH(t::brown_ext(65521, 0, 1), Catch::Contains("memory"));
}

}  // namespace brown_ext_test
