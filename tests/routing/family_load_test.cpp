// Channel loads of every routing a family runs (routing/family_load.hpp): the closed forms of
// Dally and Towles for dimension-order routing on the k-ary n-cube (uniform, tornado, bit
// complement) and Valiant's half of it, the worst case (Towles-Dally) against its own search and
// the ring's closed form, Valiant's worst case by the derangement argument, link classes, shift
// routing against the shift link-load counter, and the refusals.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/routing/family_load.hpp"
#include "shiftfly/routing/link_load.hpp"
#include "shiftfly/topology/family.hpp"

namespace family_load_test {

namespace family_load_tests {

using shiftfly::topology::family_spec;
using shiftfly::topology::parameter_values;

shiftfly::routing::channel_load_result load_of(const family_spec& spec, const std::string& routing,
                                              const std::string& traffic, std::uint64_t endpoints = 1,
                                              shiftfly::routing::uniform_self self = shiftfly::routing::uniform_self::include) {
  const auto resolved = shiftfly::topology::resolve(spec);  // looked up once
  const auto g = shiftfly::topology::make_graph(resolved);
  shiftfly::routing::family_load_request q;
  q.load.routing = shiftfly::routing::parse_routing(routing);
  q.load.traffic = shiftfly::metrics::parse_traffic(traffic);
  q.load.endpoints = shiftfly::core::uniform_endpoints(g.num_vertices(), endpoints);
  q.load.self = self;
  q.load.threads = 2;
  return shiftfly::routing::measure_family_load(g, &resolved, q);
}

family_spec torus(std::vector<std::uint64_t> dims) { return family_spec{"torus", parameter_values{{"dims", dims}}}; }

TEST_CASE("dimension order on the 8 x 8 torus: the k-ary n-cube's uniform load k/8, Valiant at half", "[family_load]") {
  // Dally and Towles ch. 3: under uniform traffic with the source among the destinations, a
  // k-ary n-cube's channels carry k/8 per unit of injection (k even, antipodal ties split).
  const auto dor = load_of(torus({8, 8}), "dor", "uniform");
  CHECK(dor.max_load_per_endpoint_injection == Approx(1.0).epsilon(1e-12));
  CHECK(dor.saturation_per_endpoint == Approx(1.0).epsilon(1e-12));
  // without the source: 64 destinations become 63, so 64/63
  const auto excl = load_of(torus({8, 8}), "dor", "uniform", 1, shiftfly::routing::uniform_self::exclude);
  CHECK(excl.max_load_per_endpoint_injection == Approx(64.0 / 63.0).epsilon(1e-12));
  // Valiant doubles every load under uniform traffic: half the saturation
  const auto valiant = load_of(torus({8, 8}), "valiant", "uniform");
  CHECK(valiant.saturation_per_endpoint == Approx(0.5 * dor.saturation_per_endpoint).epsilon(1e-12));
  // every channel belongs to its dimension
  REQUIRE(dor.by_class.size() == 2);
  CHECK(dor.by_class[0].channels == 128);
  CHECK(dor.by_class[1].channels == 128);
}

TEST_CASE("tornado and bit complement under dimension order", "[family_load]") {
  // the 8-ring, tornado: every node sends ceil(8/2) - 1 = 3 hops one way: 3 flows on each + channel
  const auto tornado = load_of(torus({8}), "dor", "tornado");
  CHECK(tornado.max_load == Approx(3.0));
  CHECK(tornado.max_load_per_endpoint_injection == Approx(3.0));
  // the 4-cube as a 2,2,2,2 torus: bit complement crosses every dimension, one flow a channel
  const auto bits = load_of(torus({2, 2, 2, 2}), "dor", "bit-complement");
  CHECK(bits.max_load == Approx(1.0));
  // a size bit complement cannot take is refused naming the traffic
  CHECK_THROWS_WITH(load_of(torus({3, 3}), "dor", "bit-complement"), Catch::Contains("traffic = bit-complement"));
}

TEST_CASE("the worst case: the odd ring under minimal routing, and its permutation's own loads", "[family_load]") {
  // the 7-ring: a channel is crossed by the pairs whose shortest path uses it; a permutation can
  // send (n - 1)/2 = 3 flows over one channel (tornado does), and no more
  const auto w = load_of(torus({7}), "minimal", "worst");
  REQUIRE(w.worst);
  CHECK(w.worst->method == shiftfly::routing::worst_case_method::exact);
  CHECK(w.worst->load == Approx(3.0));
  CHECK(w.worst->upper == Approx(3.0).epsilon(1e-9));
  CHECK(w.max_load == Approx(3.0));
  // P endpoints: P copies of the worst router permutation
  const auto w2 = load_of(torus({7}), "minimal", "worst", 2);
  CHECK(w2.worst->load == Approx(6.0));
  CHECK(w2.max_load_per_endpoint_injection == Approx(6.0));
}

TEST_CASE("Valiant's worst case is any derangement", "[family_load]") {
  // Under a derangement every router sends and receives 1, so T'(a,b) = 2/n on every pair: twice
  // the uniform per-pair loads divided by n; no permutation does worse.
  const auto spec = torus({4, 4});
  const auto w = load_of(spec, "valiant", "worst");
  const auto u = load_of(spec, "valiant", "uniform", 1, shiftfly::routing::uniform_self::exclude);
  REQUIRE(w.worst);
  CHECK(w.worst->method == shiftfly::routing::worst_case_method::exact);
  // uniform (self excluded) under Valiant: T' = (n-1)/n + (n-1)/n per pair; a derangement: 2/n
  CHECK(w.max_load == Approx(u.max_load * (2.0 / 16.0) / (2.0 * 15.0 / 16.0)).epsilon(1e-12));
}

TEST_CASE("shift routing's uniform loads equal the shift link-load counter on K(3,3)", "[family_load]") {
  const family_spec spec{"kautz", parameter_values{{"d", std::uint64_t{3}}, {"D", std::uint64_t{3}}}};
  const auto g = shiftfly::topology::make_graph(spec);
  const auto r = load_of(spec, "shift", "uniform", 1, shiftfly::routing::uniform_self::exclude);
  const auto s = shiftfly::routing::make_label_space(shiftfly::routing::label_family::kautz, 3, 3);
  const auto labels = shiftfly::routing::label_table(s);
  const auto counts = shiftfly::routing::all_pairs_link_load(s, labels, {1});
  double most = 0;
  for (auto c : counts.counts()) most = std::max(most, static_cast<double>(c));
  CHECK(r.max_load == Approx(most));
  CHECK(r.worst.has_value() == false);
}

TEST_CASE("routings a family cannot run, and per-pair routings without a family, are refused", "[family_load]") {
  CHECK_THROWS_WITH(load_of(torus({4, 4}), "shift", "uniform"), Catch::Contains("kautz"));
  const auto g = shiftfly::topology::make_graph(torus({4, 4}));
  shiftfly::routing::family_load_request q;
  q.load.routing = shiftfly::routing::parse_routing("dor");
  CHECK_THROWS_WITH(shiftfly::routing::measure_family_load(g, nullptr, q), Catch::Contains("routing = dor"));
  q.load.routing = shiftfly::routing::parse_routing("ksp:2");  // needs no family
  const auto k = shiftfly::routing::measure_family_load(g, nullptr, q);
  CHECK(k.max_load > 0);
}

}  // namespace family_load_tests

}  // namespace family_load_test
