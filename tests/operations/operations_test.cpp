// §7 operations at 12,500 groups (Table 4, Table 5, §7.1, §7.4) and the
// reference's link-failure table (results §4, 2,304 groups).
#include <catch2/catch.hpp>

#include <cstdio>
#include <string>

#include "shiftfly/operations/growth.hpp"
#include "shiftfly/operations/link_failures.hpp"
#include "shiftfly/operations/slices.hpp"
#include "shiftfly/operations/swap_cost.hpp"
#include "shiftfly/operations/wiring_state.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"

namespace operations_test {

namespace ops = shiftfly::operations;

namespace {
std::string fmt(double x, int digits) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", digits, x);
  return buf;
}
}  // namespace

TEST_CASE("Table 4: wiring state at 12,500 groups", "[operations][wiring]") {
  CHECK(ops::wiring_state_bits(ops::design::boardfly, 12500) == 550000);
  CHECK(ops::wiring_state_bits(ops::design::shiftfly, 12500) == 28);
  // the pieces: 348 pods -> 9 bits of membership each; 5 spare ports x 14-bit index, each link once
  CHECK(ops::ceil_log2(348) == 9);
  CHECK(ops::ceil_log2(12500) == 14);
  CHECK(ops::ceil_log2(16384) == 14);
  CHECK(ops::ceil_log2(16385) == 15);
  CHECK(ops::wiring_state_bits(ops::design::boardfly, 36) == 36 * 1 + 36 * 5 * 6 / 2);
  CHECK_THROWS_AS(ops::wiring_state_bits(ops::design::shiftfly, 0), std::invalid_argument);
  CHECK(ops::parse_design("boardfly") == ops::design::boardfly);
  CHECK_THROWS_AS(ops::parse_design("torus"), std::invalid_argument);
}

TEST_CASE("§7.1: swap cost is the degree in both designs", "[operations][swap]") {
  const auto bf = shiftfly::topology::boardfly_group_level(12500);
  const auto sf = shiftfly::topology::shiftfly_group_level(12500);
  const auto b = ops::swap_cost(bf, 17, ops::design::boardfly);
  const auto s = ops::swap_cost(sf, 17, ops::design::shiftfly);
  CHECK(b.circuits == 40);
  CHECK(s.circuits == 40);
  CHECK(b.peers == 40);
  CHECK(s.recompute.rfind("none", 0) == 0);
  CHECK(fmt(ops::mean_swap_cost(bf), 1) == "40.0");
  CHECK(fmt(ops::mean_swap_cost(sf), 1) == "40.0");
  CHECK_THROWS_AS(ops::swap_cost(sf, 12500, ops::design::shiftfly), std::invalid_argument);
}

TEST_CASE("Table 5: slice diameters at 12,500 groups", "[operations][slices]") {
  struct row {
    std::uint64_t m;
    std::uint32_t boardfly, reinstantiated;
    unsigned guarantee;
  };
  for (auto r : {row{16, 1, 1, 1}, row{36, 1, 2, 2}, row{128, 3, 2, 2}, row{512, 4, 3, 3}, row{2048, 4, 3, 3}}) {
    INFO("slice " << r.m);
    const auto q = ops::slice_quality(12500, r.m);
    CHECK_FALSE(q.naive_connected);
    CHECK(q.naive_eccentricity == -1);
    CHECK(q.naive_components > 1);
    CHECK(q.reinstantiated.value == r.reinstantiated);
    CHECK(q.reinstantiated.exact);
    CHECK(q.guaranteed == r.guarantee);
    const auto b = ops::boardfly_slice_diameter(r.m);
    CHECK(b.value == r.boardfly);
    CHECK(b.exact);
  }
}

TEST_CASE("§7.4: growth by one group", "[operations][growth]") {
  const auto g = ops::growth_step(12500);
  CHECK_FALSE(g.shiftfly_diameter_changes);
  CHECK_FALSE(g.boardfly_crosses_pod);
  CHECK(g.shiftfly_guarantee_before == 4);
  CHECK(ops::growth_step(400).shiftfly_diameter_changes);  // 20^2 -> 20^2 + 1
  CHECK(ops::growth_step(36).boardfly_crosses_pod);
  CHECK(ops::growth_step(72).boardfly_natural_order);
}

TEST_CASE("link failures: the reference table at 2,304 groups", "[operations][failures]") {
  const auto bf = shiftfly::topology::boardfly_group_level(2304);
  const auto sf = shiftfly::topology::shiftfly_group_level(2304);
  const double rates[] = {0.0, 0.02, 0.05, 0.10, 0.20};
  const char* bf_mean[] = {"2.840", "2.840", "2.841", "2.847", "2.863"};
  const char* sf_mean[] = {"2.631", "2.631", "2.633", "2.636", "2.654"};
  for (int i = 0; i < 5; ++i) {
    INFO("rate " << rates[i]);
    const auto b = ops::link_failures(bf, rates[i]);
    const auto s = ops::link_failures(sf, rates[i]);
    CHECK(fmt(b.reachable_fraction, 4) == "1.0000");
    CHECK(fmt(s.reachable_fraction, 4) == "1.0000");
    CHECK(fmt(b.mean_distance, 3) == bf_mean[i]);
    CHECK(fmt(s.mean_distance, 3) == sf_mean[i]);
    CHECK(b.eccentricity == 4);
    CHECK(s.eccentricity == 3);
    CHECK(b.sources == 60);
  }
}

TEST_CASE("link failures: drops follow the rule, the exact variant bounds the sampled one", "[operations][failures]") {
  const auto sf = shiftfly::topology::shiftfly_group_level(300, 8);
  shiftfly::core::python_random rng(101);
  const auto none = ops::drop_links(sf, 0.0, rng);
  CHECK(none.num_edges() == sf.num_edges());
  shiftfly::core::python_random rng2(7);
  const auto all = ops::drop_links(sf, 1.0, rng2);
  CHECK(all.num_edges() == 0);
  const auto e = ops::link_failures_exact(sf, 0.5);
  const auto s = ops::link_failures(sf, 0.5);
  CHECK(e.exact);
  CHECK(e.links_after == s.links_after);  // the same damaged graph
  CHECK(s.eccentricity <= e.eccentricity);
  // a link survives unless both of its entries are dropped: about 1 - 0.25 of the links
  CHECK(static_cast<double>(e.links_after) / static_cast<double>(e.links_before) == Approx(0.75).margin(0.05));
  const auto full = ops::link_failures_exact(sf, 1.0);
  CHECK(full.reachable_fraction == Approx(1.0 / 300.0));
  CHECK(full.mean_distance == 0.0);
  CHECK_THROWS_AS(ops::link_failures(sf, 1.5), std::invalid_argument);
}

TEST_CASE("link failures: the exact variant equals a BFS from every source, at any thread count",
          "[operations][failures]") {
  const auto sf = shiftfly::topology::shiftfly_group_level(300, 8);
  for (double rate : {0.3, 0.7, 0.95}) {  // 0.95 leaves the damaged graph in pieces
    shiftfly::core::python_random rng(101);
    const auto h = ops::drop_links(sf, rate, rng);
    std::uint64_t reach = 0, total = 0;
    std::uint32_t worst = 0;
    for (std::uint32_t s = 0; s < h.num_vertices(); ++s) ops::detail::accumulate(h, s, reach, total, worst);
    for (unsigned threads : {1u, 2u}) {
      const auto e = ops::link_failures_exact(sf, rate, 101, ops::drop_rule::reference, {.threads = threads});
      INFO("rate " << rate << " threads " << threads);
      CHECK(e.reachable_fraction == static_cast<double>(reach) / (300.0 * 300.0));
      CHECK(e.mean_distance == static_cast<double>(total) / static_cast<double>(reach));
      CHECK(e.eccentricity == worst);
    }
  }
}

TEST_CASE("link failures: the per-link rule drops about a fraction rate of the links", "[operations][failures]") {
  const auto sf = shiftfly::topology::shiftfly_group_level(2304);
  const auto ref = ops::link_failures_exact(sf, 0.2);
  const auto per = ops::link_failures_exact(sf, 0.2, 101, ops::drop_rule::per_link);
  const double lost_ref = 1.0 - static_cast<double>(ref.links_after) / static_cast<double>(ref.links_before);
  const double lost_per = 1.0 - static_cast<double>(per.links_after) / static_cast<double>(per.links_before);
  CHECK(lost_ref == Approx(0.04).margin(0.005));
  CHECK(lost_per == Approx(0.20).margin(0.01));
  CHECK(per.mean_distance > ref.mean_distance);
  const auto sampled = ops::link_failures(sf, 0.2, 101, 60, ops::drop_rule::per_link);
  CHECK(sampled.links_after == per.links_after);
}

}  // namespace operations_test
