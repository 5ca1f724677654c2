// Tests for studies/throughput_profiles.hpp: a kept profile is the one measure_throughput_profile
// returns; it is found again only for the same graph (compared exactly: a relabelled copy, or the
// same links without a digraph family's arcs, is another graph) and the same options but threads.
#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "shiftfly/studies/throughput_profiles.hpp"
#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/kautz.hpp"

namespace throughput_profiles_test {

namespace ss = shiftfly::studies;
namespace sm = shiftfly::metrics;
using graph = shiftfly::core::graph<>;

namespace {

/// Every figure of a profile (exact equality: a kept profile is the measured one, not a recomputation).
auto figures(const sm::throughput_profile& p) {
  return std::tuple(p.n, p.links, p.distances.total_distance, p.distances.diameter, p.bisection.lower,
                    p.bisection.upper, p.bisection.certificate, p.uniform.lower, p.uniform.upper, p.uniform.lower_method,
                    p.uniform.upper_method, p.worst_permutation.lower, p.worst_permutation.upper,
                    p.worst_permutation.upper_method);
}

void require_equal(const sm::throughput_profile& a, const sm::throughput_profile& b) {
  REQUIRE(figures(a) == figures(b));
}

/// g with vertex v renamed (v + shift) mod n: the same graph up to isomorphism, other lists.
graph relabelled(const graph& g, std::uint32_t shift) {
  const auto n = static_cast<std::uint32_t>(g.num_vertices());
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t u = 0; u < n; ++u)
    for (auto v : g.neighbors(u))
      if (u < v) e.emplace_back((u + shift) % n, (v + shift) % n);
  return graph::from_edges(n, e, "relabelled");
}

/// The links of g as a plain graph (no arcs).
graph links_only(const graph& g) { return relabelled(g, 0); }

}  // namespace

TEST_CASE("throughput profiles: kept by graph and options, found again exactly", "[throughput_profiles]") {
  ss::forget_throughput_profiles();
  REQUIRE(ss::kept_throughput_profiles() == 0);
  const auto torus = shiftfly::topology::make_graph(shiftfly::topology::torus_spec{{4, 4}});
  sm::throughput_profile_options o;
  o.threads = 1;

  const auto first = ss::throughput_profile_of(torus, o);
  REQUIRE(ss::kept_throughput_profiles() == 1);
  require_equal(first, sm::measure_throughput_profile(torus, o));
  REQUIRE(first.uniform.upper > 0.0);

  // the thread count is not part of the key
  o.threads = 2;
  require_equal(ss::throughput_profile_of(torus, o), first);
  REQUIRE(ss::kept_throughput_profiles() == 1);

  // any other option is
  auto seeded = o;
  seeded.metis_seed = 2;
  require_equal(ss::throughput_profile_of(torus, seeded), sm::measure_throughput_profile(torus, seeded));
  REQUIRE(ss::kept_throughput_profiles() == 2);
  auto no_lp = o;
  no_lp.symmetric_max_variables = 0;
  no_lp.arc_generation_max_variables = 0;
  const auto bounds_only = ss::throughput_profile_of(torus, no_lp);
  REQUIRE(ss::kept_throughput_profiles() == 3);
  REQUIRE(bounds_only.uniform.upper_method != first.uniform.upper_method);  // no LP: not "exact"

  // the same links under other vertex numbers: another graph (same n and m)
  const auto moved = relabelled(torus, 5);
  REQUIRE(moved.num_edges() == torus.num_edges());
  require_equal(ss::throughput_profile_of(moved, o), sm::measure_throughput_profile(moved, o));
  REQUIRE(ss::kept_throughput_profiles() == 4);

  // a digraph family's graph and its links without the arcs: two graphs
  const auto k = shiftfly::topology::kautz(3, 2);
  REQUIRE(k.has_arcs());
  const auto k_links = links_only(k);
  REQUIRE(!k_links.has_arcs());
  const auto pk = ss::throughput_profile_of(k, o);
  REQUIRE(ss::kept_throughput_profiles() == 5);
  require_equal(ss::throughput_profile_of(k_links, o), sm::measure_throughput_profile(k_links, o));
  REQUIRE(ss::kept_throughput_profiles() == 6);
  require_equal(ss::throughput_profile_of(k, o), pk);
  REQUIRE(ss::kept_throughput_profiles() == 6);

  ss::forget_throughput_profiles();
  REQUIRE(ss::kept_throughput_profiles() == 0);
}

TEST_CASE("throughput profiles: a refused graph keeps nothing; threads asking at once keep one", "[throughput_profiles]") {
  ss::forget_throughput_profiles();
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> one_link{{0, 1}};
  REQUIRE_THROWS_AS(ss::throughput_profile_of(graph::from_edges(2, one_link, "n2"), {}), std::invalid_argument);
  REQUIRE(ss::kept_throughput_profiles() == 0);

  const auto torus = shiftfly::topology::make_graph(shiftfly::topology::torus_spec{{3, 5}});
  sm::throughput_profile_options o;
  o.threads = 1;
  sm::throughput_profile a, b;
  std::thread ta([&] { a = ss::throughput_profile_of(torus, o); });
  std::thread tb([&] { b = ss::throughput_profile_of(torus, o); });
  ta.join();
  tb.join();
  require_equal(a, b);
  REQUIRE(ss::kept_throughput_profiles() == 1);
  ss::forget_throughput_profiles();
}

}  // namespace throughput_profiles_test
