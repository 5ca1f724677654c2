// The non-minimal routing study (§8's open question): link loads against brute
// force on small Kautz graphs, the adversarial permutation, and the p = 0 rows
// against Table 3's shift-routed merge depths at 8,400 groups.
#include <catch2/catch.hpp>

#include "shiftfly/report/format.hpp"

#include <cstdio>
#include <map>
#include <set>
#include <string>

#include "shiftfly/routing/shift.hpp"
#include "shiftfly/studies/nonminimal_routing.hpp"
#include "shiftfly/topology/kautz.hpp"

namespace nonminimal_routing_test {

namespace routing = shiftfly::routing;
namespace studies = shiftfly::studies;

namespace {
std::string fmt3(double x) { return shiftfly::report::fixed(x, 3); }
}  // namespace

TEST_CASE("the study's link loads agree with brute force over route_shift", "[studies][nonminimal]") {
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
    studies::nonminimal_params prm;
    prm.d = d;
    prm.D = D;
    prm.trials = 20;
    const auto st = studies::run_nonminimal_study(prm);
    REQUIRE(st.load.size() == 6);
    CHECK(st.load[0].max_load == static_cast<double>(mx));
    CHECK(st.load[0].mean_load == Approx(static_cast<double>(hops) / static_cast<double>(n * d)));
    CHECK(st.load[1].max_load == Approx(static_cast<double>(via_max) / static_cast<double>(n)));
    (void)g;
  }
}

TEST_CASE("the adversarial permutation is a permutation that loads one arc with a whole suffix class",
          "[studies][nonminimal]") {
  for (unsigned d : {2u, 3u, 5u, 20u}) {
    const auto s = routing::kautz_space(d, 3);
    const auto perm = studies::adversarial_permutation(s);
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
          "[studies][nonminimal][reference]") {
  studies::nonminimal_params prm;
  prm.link_load = false;
  const auto st = studies::run_nonminimal_study(prm);
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

TEST_CASE("the link loads do not depend on the thread count", "[studies][nonminimal]") {
  studies::nonminimal_params prm;
  prm.d = 4;
  prm.D = 3;
  prm.trials = 10;
  prm.threads = 1;
  const auto one = studies::run_nonminimal_study(prm);
  prm.threads = 3;
  const auto three = studies::run_nonminimal_study(prm);
  prm.threads = 0;
  const auto every = studies::run_nonminimal_study(prm);
  REQUIRE(one.load.size() == every.load.size());
  for (std::size_t i = 0; i < one.load.size(); ++i) CHECK(one.load[i].max_load == every.load[i].max_load);
  REQUIRE(one.load.size() == three.load.size());
  for (std::size_t i = 0; i < one.load.size(); ++i) {
    CHECK(one.load[i].max_load == three.load[i].max_load);
    CHECK(one.load[i].mean_load == three.load[i].mean_load);
  }
}

}  // namespace nonminimal_routing_test
