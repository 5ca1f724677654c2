// Valiant routing and the non-minimal routing study (§8's open question):
// structural checks on small Kautz graphs by brute force, and the p = 0 rows
// against Table 3's shift-routed merge depths at 8,400 groups.
#include <catch2/catch.hpp>

#include "shiftfly/report/format.hpp"

#include <cstdio>
#include <map>
#include <set>
#include <string>

#include "shiftfly/routing/nonminimal.hpp"
#include "shiftfly/routing/valiant.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/workload/sharing_evaluation.hpp"

namespace routing = shiftfly::routing;

namespace {
std::string fmt3(double x) { return shiftfly::report::fixed(x, 3); }
}  // namespace

TEST_CASE("Valiant routes are walks through the intermediate, coupled across p", "[routing][valiant]") {
  const auto s = routing::kautz_space(3, 3);
  const auto g = shiftfly::topology::kautz(3, 3);
  shiftfly::core::python_random rng(5);
  for (int t = 0; t < 2000; ++t) {
    const std::uint64_t a = rng.randrange(s.size), b = rng.randrange(s.size);
    const auto dr = routing::draw_valiant(rng, s.size);
    const auto direct = routing::route_valiant_shift(s, a, b, 0.0, dr);
    const auto via = routing::route_valiant_shift(s, a, b, 1.0, dr);
    const auto half = routing::route_valiant_shift(s, a, b, 0.5, dr);
    CHECK_FALSE(direct.diverted);
    CHECK(via.diverted);
    CHECK(via.intermediate == dr.m);
    CHECK(half.diverted == (dr.x < 0.5));
    CHECK(direct.path == routing::route_shift(s, a, b).path);
    CHECK(via.hops() == routing::route_shift(s, a, dr.m).hops + routing::route_shift(s, dr.m, b).hops);
    CHECK(std::find(via.path.begin(), via.path.end(), dr.m) != via.path.end());
    for (std::size_t i = 0; i + 1 < via.path.size(); ++i) {
      const auto out = g.out_arcs(static_cast<std::uint32_t>(via.path[i]));
      CHECK(std::find(out.begin(), out.end(), via.path[i + 1]) != out.end());
    }
  }
  CHECK_THROWS_AS(routing::route_valiant_shift(s, 0, 1, 1.5, {}), std::invalid_argument);
}

TEST_CASE("link loads agree with brute force over route_shift", "[routing][nonminimal]") {
  for (auto [d, D] : std::vector<std::pair<unsigned, unsigned>>{{2, 3}, {3, 3}, {3, 2}, {4, 3}}) {
    const auto s = routing::kautz_space(d, D);
    const auto g = shiftfly::topology::kautz(d, D);
    const std::uint64_t n = s.size;
    // brute-force all-to-all load per arc (u, v) from the library router
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint64_t> load;
    std::uint64_t hops = 0;
    for (std::uint64_t a = 0; a < n; ++a)
      for (std::uint64_t b = 0; b < n; ++b) {
        if (a == b) continue;
        const auto p = routing::route_shift(s, a, b).path;
        hops += p.size() - 1;
        for (std::size_t i = 0; i + 1 < p.size(); ++i) ++load[{p[i], p[i + 1]}];
      }
    std::uint64_t mx = 0;
    for (auto& [arc, c] : load) mx = std::max(mx, c);
    // exact expectation at p = 1: average over every intermediate m of the two-leg loads
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint64_t> via;
    for (std::uint64_t a = 0; a < n; ++a)
      for (std::uint64_t b = 0; b < n; ++b) {
        if (a == b) continue;
        for (std::uint64_t m = 0; m < n; ++m)
          for (auto leg : {routing::route_shift(s, a, m).path, routing::route_shift(s, m, b).path})
            for (std::size_t i = 0; i + 1 < leg.size(); ++i) ++via[{leg[i], leg[i + 1]}];
      }
    std::uint64_t via_max = 0;
    for (auto& [arc, c] : via) {
      via_max = std::max(via_max, c);
      // every arc's expected load is (2 - 2/n) times its minimal load
      CHECK(static_cast<double>(c) / static_cast<double>(n) ==
            Approx(static_cast<double>(load[arc]) * (2.0 - 2.0 / static_cast<double>(n))));
    }
    routing::nonminimal_params prm;
    prm.d = d;
    prm.D = D;
    prm.trials = 20;
    const auto st = routing::run_nonminimal_study(prm);
    REQUIRE(st.load.size() == 6);
    CHECK(st.load[0].max_load == static_cast<double>(mx));
    CHECK(st.load[0].mean_load == Approx(static_cast<double>(hops) / static_cast<double>(n * d)));
    CHECK(st.load[1].max_load == Approx(static_cast<double>(via_max) / static_cast<double>(n)));
    (void)g;
  }
}

TEST_CASE("the adversarial permutation is a permutation that loads one arc with a whole suffix class",
          "[routing][nonminimal]") {
  for (unsigned d : {2u, 3u, 5u, 20u}) {
    const auto s = routing::kautz_space(d, 3);
    const auto perm = routing::detail::adversarial_permutation(s);
    std::set<std::uint64_t> image(perm.begin(), perm.end());
    CHECK(image.size() == s.size);
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint64_t> load;
    for (std::uint64_t a = 0; a < s.size; ++a) {
      const auto p = routing::route_shift(s, a, perm[a]).path;
      CHECK(p.size() == 4);  // overlap 0: three hops
      for (std::size_t i = 0; i + 1 < p.size(); ++i) ++load[{p[i], p[i + 1]}];
    }
    std::uint64_t mx = 0;
    for (auto& [arc, c] : load) mx = std::max(mx, c);
    CHECK(mx >= d);
  }
}

TEST_CASE("non-minimal study on K(20,3): p = 0 is Table 3's shift routing, diversion costs merging",
          "[routing][nonminimal][reference]") {
  routing::nonminimal_params prm;
  prm.link_load = false;
  const auto st = routing::run_nonminimal_study(prm);
  REQUIRE(st.n == 8400);
  REQUIRE(st.sharing.size() == 10);
  const auto& r0 = st.sharing[0];
  const auto& l0 = st.sharing[5];
  CHECK(r0.labelling == "random");
  CHECK(l0.labelling == "suffix-locality");
  CHECK(r0.p == 0.0);
  CHECK(r0.diverted == 0);
  CHECK(fmt3(r0.merge_depth) == "2.772");  // Table 3, Shiftfly random
  CHECK(fmt3(l0.merge_depth) == "2.152");  // Table 3, Shiftfly locality-aware
  // diverted share grows with p and merging degrades monotonically at both ends
  for (std::size_t i = 1; i < 5; ++i) {
    CHECK(st.sharing[i].diverted >= st.sharing[i - 1].diverted);
    CHECK(st.sharing[i].mean_hops > st.sharing[i - 1].mean_hops);
    CHECK(st.sharing[5 + i].tree_per_requester > st.sharing[5 + i - 1].tree_per_requester);
  }
  CHECK(st.sharing[9].merge_depth > st.sharing[5].merge_depth + 2.0);
  // suffix-locality makes early merges common at p = 0; full diversion brings them down to the random level
  CHECK(st.sharing[5].merged_early > st.sharing[0].merged_early + 0.2);
  CHECK(st.sharing[9].merged_early < st.sharing[0].merged_early + 0.02);
  // at p = 1 locality no longer helps: both labellings pay about the same
  CHECK(std::abs(st.sharing[4].tree_per_requester - st.sharing[9].tree_per_requester) < 0.05);
}

TEST_CASE("the link loads do not depend on the thread count", "[routing][nonminimal]") {
  routing::nonminimal_params prm;
  prm.d = 4;
  prm.D = 3;
  prm.trials = 10;
  prm.threads = 1;
  const auto one = routing::run_nonminimal_study(prm);
  prm.threads = 3;
  const auto three = routing::run_nonminimal_study(prm);
  REQUIRE(one.load.size() == three.load.size());
  for (std::size_t i = 0; i < one.load.size(); ++i) {
    CHECK(one.load[i].max_load == three.load[i].max_load);
    CHECK(one.load[i].mean_load == three.load[i].mean_load);
  }
}
