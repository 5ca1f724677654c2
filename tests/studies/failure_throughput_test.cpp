// Throughput under random link failures (studies/failure_throughput.hpp): a sample with no
// failure is the undamaged graph's figures (computed here directly: the channel loads of the
// graph itself and the distance bound by BFS, metrics/flow/throughput_bound.hpp); the failure
// sets are exactly k links of the graph, the same for the same seed; the results do not depend
// on the thread count; a disconnecting failure set gives 0 and is counted.
#include <catch2/catch.hpp>

#include <set>
#include <utility>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/metrics/flow/throughput_bound.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"
#include "shiftfly/operations/link_failures.hpp"
#include "shiftfly/routing/channel_load.hpp"
#include "shiftfly/studies/failure_throughput.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"

namespace failure_throughput_test {

namespace studies = shiftfly::studies;
namespace ops = shiftfly::operations;
using shiftfly::core::graph;

namespace {

graph<std::uint32_t> ft_cycle(std::uint32_t n) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t i = 0; i < n; ++i) e.emplace_back(i, (i + 1) % n);
  return graph<std::uint32_t>::from_edges(n, e, "cycle");
}

double ft_direct_load(const graph<std::uint32_t>& g, const char* routing) {
  shiftfly::routing::channel_load_request q;
  q.routing = shiftfly::routing::parse_routing(routing);
  q.traffic = shiftfly::metrics::parse_traffic("uniform");
  q.threads = 2;
  return shiftfly::routing::measure_channel_load(g, q).saturation_per_pair;
}

}  // namespace

TEST_CASE("failure throughput: no failure gives the undamaged graph's figures", "[studies][failure_throughput]") {
  for (const auto& g : {shiftfly::topology::shiftfly_group_level(144), shiftfly::topology::boardfly_group_level(144)}) {
    const auto row = studies::measure_failure_throughput(g, "x", 0.0, 3, 5, {2});
    REQUIRE(row.raw.size() == 3);
    CHECK(row.failed == 0);
    CHECK(row.disconnected == 0);
    const double ecmp = ft_direct_load(g, "ecmp"), minimal = ft_direct_load(g, "minimal");
    const double bound =
        shiftfly::metrics::throughput_distance_bound(g, shiftfly::metrics::uniform_traffic(g.num_vertices())).value;
    for (const auto& s : row.raw) {
      CHECK(s.connected);
      CHECK(s.links_after == g.num_edges());
      CHECK(s.ecmp == ecmp);
      CHECK(s.minimal == minimal);
      CHECK(s.distance_bound == Approx(bound).epsilon(1e-13));
    }
    CHECK(row.ecmp.min == ecmp);
    CHECK(row.ecmp.max == ecmp);
    CHECK(row.minimal.median == minimal);
    // a routing is one feasible flow: below the bound on the optimum
    CHECK(ecmp <= bound * (1 + 1e-12));
    CHECK(minimal <= ecmp * (1 + 1e-12));
  }
}

TEST_CASE("failure throughput: exactly k links fail, the same for the same seed", "[studies][failure_throughput]") {
  const auto g = shiftfly::topology::shiftfly_group_level(144);
  const auto links = ops::link_list(g);
  REQUIRE(links.size() == g.num_edges());
  const std::set<std::pair<std::uint32_t, std::uint32_t>> all(links.begin(), links.end());
  const std::uint64_t k = ops::failed_link_count(g.num_edges(), 0.05);
  CHECK(k == static_cast<std::uint64_t>(0.05 * static_cast<double>(g.num_edges()) + 0.5));
  shiftfly::core::python_random a(9), b(9);
  const auto h = ops::fail_links(g, k, a);
  CHECK(h.num_edges() == g.num_edges() - k);
  for (const auto& l : ops::link_list(h)) CHECK(all.count(l) == 1);
  const auto idx = b.sample_range(g.num_edges(), k);
  const auto h2 = ops::remove_links(g, std::span<const std::uint64_t>(idx));
  CHECK(ops::link_list(h2) == ops::link_list(h));
  for (const auto i : idx) {
    bool kept = false;
    for (const auto v : h.neighbors(links[i].first)) kept = kept || v == links[i].second;
    CHECK_FALSE(kept);
  }
  const std::vector<std::uint64_t> twice{3, 3};
  CHECK_THROWS_AS(ops::remove_links(g, std::span<const std::uint64_t>(twice)), shiftfly::core::invalid_parameter);
  const std::vector<std::uint64_t> past{g.num_edges()};
  CHECK_THROWS_AS(ops::remove_links(g, std::span<const std::uint64_t>(past)), shiftfly::core::invalid_parameter);
}

TEST_CASE("failure throughput does not depend on the thread count", "[studies][failure_throughput]") {
  const auto g = shiftfly::topology::boardfly_group_level(144);
  const auto one = studies::measure_failure_throughput(g, "Boardfly", 0.05, 7, 1, {1});
  for (unsigned t : {2U, 3U, 0U}) {
    const auto other = studies::measure_failure_throughput(g, "Boardfly", 0.05, 7, 1, {t});
    REQUIRE(other.raw.size() == one.raw.size());
    for (std::size_t i = 0; i < one.raw.size(); ++i) {
      CHECK(other.raw[i].ecmp == one.raw[i].ecmp);
      CHECK(other.raw[i].minimal == one.raw[i].minimal);
      CHECK(other.raw[i].distance_bound == one.raw[i].distance_bound);
      CHECK(other.raw[i].links_after == one.raw[i].links_after);
    }
    CHECK(other.ecmp.mean == one.ecmp.mean);
  }
  // each sample is its own damaged graph, measured directly
  for (std::size_t i = 0; i < one.raw.size(); ++i) {
    shiftfly::core::python_random rng(1 + i);
    const auto h = ops::fail_links(g, one.failed, rng);
    CHECK(one.raw[i].ecmp == ft_direct_load(h, "ecmp"));
    CHECK(one.raw[i].minimal == ft_direct_load(h, "minimal"));
    CHECK(one.raw[i].ecmp <= one.raw[i].distance_bound * (1 + 1e-12));
  }
}

TEST_CASE("failure throughput: a disconnecting failure set gives 0 and is counted", "[studies][failure_throughput]") {
  // a cycle of 12 loses 3 links: always disconnected
  const auto c = ft_cycle(12);
  const auto row = studies::measure_failure_throughput(c, "cycle", 0.25, 5, 1, {2});
  CHECK(row.failed == 3);
  CHECK(row.disconnected == 5);
  CHECK(row.ecmp.max == 0.0);
  CHECK(row.minimal.max == 0.0);
  CHECK(row.distance_bound.max == 0.0);
  // one failed link leaves a path: connected, and the path's figures (the middle link of a
  // path of 12 carries 6·6 = 36 units each way under uniform traffic, and Σd = 2·Σ_k k(12 - k) = 572)
  const auto one = studies::measure_failure_throughput(c, "cycle", 1.0 / 12, 4, 1, {2});
  CHECK(one.failed == 1);
  CHECK(one.disconnected == 0);
  CHECK(one.ecmp.min == Approx(1.0 / 36));
  CHECK(one.minimal.max == Approx(1.0 / 36));
  CHECK(one.distance_bound.mean == Approx(22.0 / 572));
  // every link of router 0 of a Shiftfly fails: router 0 is cut off
  const auto g = shiftfly::topology::shiftfly_group_level(36);
  const auto links = ops::link_list(g);
  std::vector<std::uint64_t> at0;
  for (std::uint64_t i = 0; i < links.size(); ++i)
    if (links[i].first == 0) at0.push_back(i);
  const auto s = studies::measure_failure_sample(ops::remove_links(g, std::span<const std::uint64_t>(at0)));
  CHECK_FALSE(s.connected);
  CHECK(s.ecmp == 0.0);
  CHECK(s.minimal == 0.0);
  CHECK(s.distance_bound == 0.0);
}

TEST_CASE("failure throughput: summaries and bad input", "[studies][failure_throughput]") {
  const auto s = studies::summarize_samples({5, 1, 4, 2, 3, 6, 8, 7});
  CHECK(s.min == 1);
  CHECK(s.q1 == 2);
  CHECK(s.median == 4);
  CHECK(s.q3 == 6);
  CHECK(s.max == 8);
  CHECK(s.mean == 4.5);
  const auto c = ft_cycle(8);
  using shiftfly::core::invalid_parameter;
  CHECK_THROWS_AS(studies::measure_failure_throughput(c, "c", 1.5, 1, 1, {1}), invalid_parameter);
  CHECK_THROWS_AS(studies::measure_failure_throughput(c, "c", 0.1, 0, 1, {1}), invalid_parameter);
  studies::failure_throughput_params prm;
  prm.fractions = {};
  CHECK_THROWS_AS(studies::run_failure_throughput(prm), invalid_parameter);
  prm.fractions = {-0.1};
  CHECK_THROWS_AS(studies::run_failure_throughput(prm), invalid_parameter);
  CHECK_THROWS_AS(studies::summarize_samples({}), invalid_parameter);
}

}  // namespace failure_throughput_test
