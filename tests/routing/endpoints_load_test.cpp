// Channel load with the endpoints every command uses (topology::choose_endpoints): the family's
// customary counts, per router, not one a router. Every figure is checked against a brute force
// written here, independent of the engine: BFS distances, then every endpoint pair routed hop by
// hop (minimal: the lowest-id neighbour one step closer; ecmp: an even split over those), its
// share summed on each directed channel, in units of one flit per cycle per endpoint.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/routing/channel_load_optimal.hpp"
#include "shiftfly/routing/family_load.hpp"
#include "shiftfly/topology/family.hpp"

namespace endpoints_load_test {

namespace endpoints_load_tests {

using graph32 = shiftfly::core::graph<std::uint32_t>;
using shiftfly::topology::family_spec;
using shiftfly::topology::parameter_values;

std::vector<std::vector<std::uint32_t>> neighbours(const graph32& g) {
  std::vector<std::vector<std::uint32_t>> nb(g.num_vertices());
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
    for (const auto v : g.neighbors(u)) nb[u].push_back(v);
  for (auto& l : nb) std::sort(l.begin(), l.end());
  return nb;
}

std::vector<std::uint32_t> bfs(const std::vector<std::vector<std::uint32_t>>& nb, std::uint32_t t) {
  std::vector<std::uint32_t> d(nb.size(), std::numeric_limits<std::uint32_t>::max());
  std::deque<std::uint32_t> q{t};
  d[t] = 0;
  while (!q.empty()) {
    const auto u = q.front();
    q.pop_front();
    for (const auto v : nb[u])
      if (d[v] == std::numeric_limits<std::uint32_t>::max()) d[v] = d[u] + 1, q.push_back(v);
  }
  return d;
}

// Routes `amount` from s to t (dist: distances to t) and adds it to the channel loads.
void route(const std::vector<std::vector<std::uint32_t>>& nb, const std::vector<std::uint32_t>& dist, std::uint32_t s,
           std::uint32_t t, double amount, bool ecmp, std::map<std::pair<std::uint32_t, std::uint32_t>, double>& load) {
  if (s == t) return;
  std::vector<std::uint32_t> next;
  for (const auto v : nb[s])
    if (dist[v] + 1 == dist[s]) next.push_back(v);
  REQUIRE(!next.empty());
  if (!ecmp) next.resize(1);  // the lowest id
  for (const auto v : next) {
    load[{s, v}] += amount / static_cast<double>(next.size());
    route(nb, dist, v, t, amount / static_cast<double>(next.size()), ecmp, load);
  }
}

// The largest channel load per unit of endpoint injection under the endpoint traffic
// `sends(e, f)` (the rate from endpoint e to endpoint f at injection 1), endpoints numbered
// router by router.
template <class Sends>
double brute_force_max(const graph32& g, const std::vector<std::uint32_t>& counts, bool ecmp, Sends sends) {
  const auto nb = neighbours(g);
  std::vector<std::uint32_t> router;
  for (std::uint32_t r = 0; r < counts.size(); ++r) router.insert(router.end(), counts[r], r);
  std::map<std::pair<std::uint32_t, std::uint32_t>, double> load;
  for (std::uint32_t t = 0; t < g.num_vertices(); ++t) {
    const auto dist = bfs(nb, t);
    for (std::size_t e = 0; e < router.size(); ++e)
      for (std::size_t f = 0; f < router.size(); ++f)
        if (router[f] == t && router[e] != t) {
          const double x = sends(e, f);
          if (x > 0) route(nb, dist, router[e], t, x, ecmp, load);
        }
  }
  double mx = 0;
  for (const auto& [c, x] : load) mx = std::max(mx, x);
  return mx;
}

shiftfly::routing::channel_load_result load_of(const family_spec& spec, const std::string& routing,
                                              const std::string& traffic) {
  const auto resolved = shiftfly::topology::resolve(spec);  // looked up once
  const auto g = shiftfly::topology::make_graph(resolved);
  shiftfly::routing::family_load_request q;
  q.load.routing = shiftfly::routing::parse_routing(routing);
  q.load.traffic = shiftfly::metrics::parse_traffic(traffic);
  q.load.threads = 2;
  return shiftfly::routing::measure_family_load(g, &resolved, q);  // no endpoints given: the family's
}

family_spec spec_of(const std::string& family, parameter_values v) { return family_spec{family, std::move(v)}; }

}  // namespace endpoints_load_tests
using namespace endpoints_load_tests;

TEST_CASE("uniform minimal load with the family's endpoints equals an endpoint-pair brute force", "[routing][endpoints]") {
  struct row {
    family_spec spec;
    std::uint64_t per_router_total;  // the endpoints in all
    double saturation;               // the expected saturation per endpoint
  };
  const std::vector<row> rows{
      {spec_of("polarfly", {{"q", std::uint64_t{5}}}), 93, 31.0 / 30.0},          // 3 a router: 1.033
      {spec_of("slimfly", {{"q", std::uint64_t{5}}}), 200, 25.0 / 26.0},          // 4 a router: 0.96
      {spec_of("dragonfly", {{"a", std::uint64_t{4}}, {"h", std::uint64_t{2}}}), 72, 0.6},  // 2 a router
      {spec_of("fat-tree", {{"k", std::uint64_t{4}}}), 16, 1.0 / 3.0},            // 16 hosts on 8 edge switches
  };
  for (const auto& r : rows) {
    INFO(r.spec.family);
    const auto g = shiftfly::topology::make_graph(r.spec);
    const auto counts = shiftfly::topology::choose_endpoints(&r.spec, g).counts;
    std::uint64_t N = 0;
    for (const auto c : counts) N += c;
    CHECK(N == r.per_router_total);
    const auto a = load_of(r.spec, "minimal", "uniform");
    CHECK(a.endpoints == N);
    // uniform, source included (BookSim2): every endpoint sends 1/N to every endpoint
    const double brute = brute_force_max(g, counts, false, [&](std::size_t, std::size_t) { return 1.0 / static_cast<double>(N); });
    CHECK(a.max_load_per_endpoint_injection == Approx(brute).epsilon(1e-12));
    CHECK(a.saturation_per_endpoint == Approx(1.0 / brute).epsilon(1e-12));
    CHECK(a.saturation_per_endpoint == Approx(r.saturation).epsilon(1e-3));
    CHECK(a.saturation_per_endpoint_capped == std::min(1.0, a.saturation_per_endpoint));
    // ecmp too
    const auto e = load_of(r.spec, "ecmp", "uniform");
    CHECK(e.max_load_per_endpoint_injection ==
          Approx(brute_force_max(g, counts, true, [&](std::size_t, std::size_t) { return 1.0 / static_cast<double>(N); }))
              .epsilon(1e-12));
  }
}

TEST_CASE("the fat tree's 16 hosts take bit complement and transpose; --endpoints still overrides", "[routing][endpoints]") {
  const auto spec = spec_of("fat-tree", {{"k", std::uint64_t{4}}});
  const auto g = shiftfly::topology::make_graph(spec);
  const auto counts = shiftfly::topology::choose_endpoints(&spec, g).counts;
  for (const bool ecmp : {false, true}) {
    const std::string routing = ecmp ? "ecmp" : "minimal";
    // bit complement of 16 endpoints: e -> 15 - e, one unit each
    const auto bits = load_of(spec, routing, "bit-complement");
    CHECK(bits.max_load_per_endpoint_injection ==
          Approx(brute_force_max(g, counts, ecmp, [](std::size_t e, std::size_t f) { return f == (15 - e) ? 1.0 : 0.0; }))
              .epsilon(1e-12));
    // transpose of 16 = 2^(2*2) endpoints: the two 2-bit halves swapped
    const auto tr = load_of(spec, routing, "transpose");
    CHECK(tr.max_load_per_endpoint_injection ==
          Approx(brute_force_max(g, counts, ecmp,
                                 [](std::size_t e, std::size_t f) { return f == (((e & 3) << 2) | (e >> 2)) ? 1.0 : 0.0; }))
              .epsilon(1e-12));
  }
  // 20 switches with one endpoint each when given: the old figure, 1 a router
  shiftfly::routing::family_load_request q;
  q.load.routing = shiftfly::routing::parse_routing("minimal");
  q.load.endpoints = shiftfly::topology::choose_endpoints(&spec, g, {}, 1).counts;
  const auto resolved = shiftfly::topology::resolve(spec);
  const auto one = shiftfly::routing::measure_family_load(g, &resolved, q);
  CHECK(one.endpoints == 20);
  CHECK(one.max_load_per_endpoint_injection ==
        Approx(brute_force_max(g, q.load.endpoints, false, [](std::size_t, std::size_t) { return 1.0 / 20; })).epsilon(1e-12));
  // and the worst case runs on the hosts' switches: at least the bit complement's load
  const auto worst = load_of(spec, "minimal", "worst");
  REQUIRE(worst.worst);
  CHECK(worst.worst->upper >= load_of(spec, "minimal", "bit-complement").max_load_per_endpoint_injection - 1e-12);
  for (std::uint64_t s = 0; s < counts.size(); ++s)
    if (counts[s] == 0) CHECK(worst.worst->permutation[s] == s);  // a switch without hosts sends nothing
}

TEST_CASE("unequal counts: uniform and groups between endpoints, per router", "[routing][endpoints]") {
  // a path 0 - 1 - 2 with 2, 0 and 1 endpoints: the 3 endpoints send 1/3 to each endpoint
  const auto g = graph32::from_edges(3, std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {1, 2}});
  shiftfly::routing::channel_load_request q;
  q.routing = shiftfly::routing::parse_routing("minimal");
  q.endpoints = {2, 0, 1};
  const auto a = shiftfly::routing::measure_channel_load(g, q);
  // channel 0 -> 1 carries 2 endpoints x 1/3 (to the endpoint on router 2): 2/3
  CHECK(a.max_load_per_endpoint_injection == Approx(2.0 / 3.0).epsilon(1e-12));
  CHECK(a.max_load_per_endpoint_injection ==
        Approx(brute_force_max(g, q.endpoints, false, [](std::size_t, std::size_t) { return 1.0 / 3; })).epsilon(1e-12));
  CHECK(a.endpoints == 3);
  CHECK(a.endpoints_min == 0);
  CHECK(a.endpoints_max == 2);
  // the source excluded: 1/2 to each other endpoint
  q.self = shiftfly::routing::uniform_self::exclude;
  CHECK(shiftfly::routing::measure_channel_load(g, q).max_load_per_endpoint_injection == Approx(1.0).epsilon(1e-12));
  // Valiant's expected load equals the explicit mean over the 3 intermediates
  q.self = shiftfly::routing::uniform_self::include;
  q.routing = shiftfly::routing::parse_routing("valiant:minimal");
  const auto v = shiftfly::routing::measure_channel_load(g, q);
  const std::vector<std::uint32_t> router{0, 0, 2};
  const auto nb = neighbours(g);
  std::map<std::pair<std::uint32_t, std::uint32_t>, double> load;
  for (const auto s : router)
    for (const auto t : router)
      for (std::uint32_t m = 0; m < 3; ++m) {
        route(nb, bfs(nb, m), s, m, 1.0 / 9, false, load);
        route(nb, bfs(nb, t), m, t, 1.0 / 9, false, load);
      }
  double mx = 0;
  for (const auto& [c, x] : load) mx = std::max(mx, x);
  CHECK(v.max_load_per_endpoint_injection == Approx(mx).epsilon(1e-12));
  // a traffic file's demand from a router without endpoints is refused naming the router
  q.routing = shiftfly::routing::parse_routing("minimal");
  q.traffic = shiftfly::metrics::parse_traffic("file:x");
  q.traffic.matrix = shiftfly::metrics::traffic_matrix::from_entries(3, {{1, 2, 1.0}}, "x");
  CHECK_THROWS_WITH(shiftfly::routing::measure_channel_load(g, q), Catch::Contains("router 1 has no endpoints"));
  // worst needs equal counts on the routers with endpoints
  shiftfly::routing::family_load_request w;
  w.load.routing = shiftfly::routing::parse_routing("minimal");
  w.load.traffic = shiftfly::metrics::parse_traffic("worst");
  w.load.endpoints = {2, 0, 1};
  CHECK_THROWS_WITH(shiftfly::routing::measure_family_load(g, nullptr, w), Catch::Contains("traffic = worst"));
}

TEST_CASE("one router: no network channel is loaded, no division by zero", "[routing][endpoints]") {
  const auto g = graph32::from_edges(1, std::vector<std::pair<std::uint32_t, std::uint32_t>>{});
  for (const std::string traffic : {"uniform", "bit-complement", "permutation"}) {
    shiftfly::routing::channel_load_request q;
    q.routing = shiftfly::routing::parse_routing("minimal");
    q.traffic = shiftfly::metrics::parse_traffic(traffic);
    q.endpoints = {4};
    const auto a = shiftfly::routing::measure_channel_load(g, q);
    CHECK_FALSE(a.channels_loaded);
    CHECK(a.channels == 0);
    CHECK(a.max_load == 0.0);
    CHECK(a.saturation_per_endpoint_capped == 1.0);
  }
}

TEST_CASE("demand files past the largest double are scaled exactly, not overflowed", "[routing][endpoints]") {
  // a star: the centre sends 4e307 to each of 5 leaves (2e308 in all)
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t leaf = 1; leaf <= 5; ++leaf) e.push_back({0, leaf});
  const auto star = graph32::from_edges(6, e);
  shiftfly::routing::channel_load_request q;
  q.routing = shiftfly::routing::parse_routing("minimal");
  q.traffic = shiftfly::metrics::parse_traffic("file:star");
  std::vector<shiftfly::metrics::traffic_entry> d;
  for (std::uint64_t leaf = 1; leaf <= 5; ++leaf) d.push_back({0, leaf, 4e307});
  q.traffic.matrix = shiftfly::metrics::traffic_matrix::from_entries(6, d, "star");
  const auto a = shiftfly::routing::measure_channel_load(star, q);
  CHECK(a.saturation_per_endpoint == Approx(5.0).epsilon(1e-12));
  CHECK(a.max_load_per_endpoint_injection == Approx(0.2).epsilon(1e-12));
  for (const double x : a.loads) CHECK(std::isfinite(x));
  // a path 0-1-2-3: 1e308 from 0 and from 1 to 3, channel 1 -> 2 carries both: 0.5
  const auto path = graph32::from_edges(4, std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {1, 2}, {2, 3}});
  q.traffic = shiftfly::metrics::parse_traffic("file:path");
  q.traffic.matrix = shiftfly::metrics::traffic_matrix::from_entries(4, {{0, 3, 1e308}, {1, 3, 1e308}}, "path");
  for (const std::string routing : {"minimal", "ecmp", "valiant"}) {
    q.routing = shiftfly::routing::parse_routing(routing);
    const auto b = shiftfly::routing::measure_channel_load(path, q);
    INFO(routing);
    if (routing != "valiant") CHECK(b.saturation_per_endpoint == Approx(0.5).epsilon(1e-12));
    CHECK(std::isfinite(b.saturation_per_endpoint));
    CHECK(b.saturation_per_endpoint > 0);
    CHECK(std::isfinite(b.saturation_per_pair));
  }
  // demands as read are kept where no sum can overflow
  q.routing = shiftfly::routing::parse_routing("minimal");
  q.traffic.matrix = shiftfly::metrics::traffic_matrix::from_entries(4, {{0, 3, 3.0}, {1, 3, 5.0}}, "path");
  CHECK(shiftfly::routing::measure_channel_load(path, q).max_load == 8.0);
}

}  // namespace endpoints_load_test
