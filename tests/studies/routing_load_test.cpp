// The routing-load study's "Hottest class" (studies/routing_load.hpp, hottest_classes): every link
// class whose largest load equals the largest to rounding (the hottest channels' rule,
// routing::load_tie_key), in the family's class order. Loads equal
// in exact arithmetic come out of sums taken in different orders, so their last bits must not
// choose a class.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <string>

#include "shiftfly/routing/family_load.hpp"
#include "shiftfly/studies/routing_load.hpp"
#include "shiftfly/topology/family.hpp"

namespace routing_load_test {

namespace routing_load_tests {

using shiftfly::routing::channel_load_result;
using shiftfly::studies::hottest_classes;

channel_load_result with_classes(std::initializer_list<std::pair<const char*, double>> classes) {
  channel_load_result r;
  for (const auto& [name, max_load] : classes) r.by_class.push_back({name, 4, max_load, max_load / 2});
  return r;
}

TEST_CASE("hottest_classes: classes equal to rounding are all named, in class order", "[studies][routing_load]") {
  const double top = 4182.55;
  const double next_up = std::nextafter(top, 1e9), next_down = std::nextafter(top, 0.0);
  // the same load in its last bits either way: both classes, in the order of the classes
  CHECK(hottest_classes(with_classes({{"local", 10.0}, {"up", next_down}, {"down", top}})) == "up and down");
  CHECK(hottest_classes(with_classes({{"local", 10.0}, {"up", next_up}, {"down", top}})) == "up and down");
  // the hottest channels' rule (routing::load_tie_key): tied within rounding to 10^-12 of the
  // largest, and not beyond it
  const double scale = shiftfly::routing::load_tie_scale;
  CHECK(hottest_classes(with_classes({{"a", top * (1 - 0.4 / scale)}, {"b", top}})) == "a and b");
  CHECK(hottest_classes(with_classes({{"a", top * (1 - 3 / scale)}, {"b", top}})) == "b");
  CHECK(hottest_classes(with_classes({{"a", top}, {"b", 1.0}})) == "a");
  // a class without channels is never the hottest; a graph without classes has none
  channel_load_result empty_class = with_classes({{"a", 0.0}, {"b", 0.0}});
  empty_class.by_class[0].channels = 0;
  CHECK(hottest_classes(empty_class) == "b");
  CHECK(hottest_classes(channel_load_result{}).empty());
}

TEST_CASE("hottest_classes: a fat tree's up and down channels tie and are both named", "[studies][routing_load]") {
  // k = 8, one endpoint a router (the study's unit: every switch sends and receives), uniform
  // traffic under ecmp: by symmetry the channels between aggregation and core switches carry the
  // same load up as down (37.875), the largest; those between edge and aggregation 33.25
  const auto resolved = shiftfly::topology::resolve(
      shiftfly::topology::family_spec{"fat-tree", shiftfly::topology::parameter_values{{"k", std::uint64_t{8}}}});
  const auto g = shiftfly::topology::make_graph(resolved);
  shiftfly::routing::family_load_request q;
  q.load.routing = shiftfly::routing::parse_routing("ecmp");
  q.load.traffic = shiftfly::metrics::parse_traffic("uniform");
  q.load.endpoints = shiftfly::core::uniform_endpoints(g.num_vertices(), 1);
  q.load.threads = 1;
  const auto r = shiftfly::routing::measure_family_load(g, &resolved, q);
  REQUIRE(r.by_class.size() == 4);
  CHECK(r.by_class[2].max_load == Approx(r.by_class[3].max_load).epsilon(1e-12));
  CHECK(r.by_class[2].max_load > r.by_class[0].max_load);
  CHECK(hottest_classes(r) == r.by_class[2].name + " and " + r.by_class[3].name);
  CHECK(hottest_classes(r) == "aggregation-core up and aggregation-core down");
}

}  // namespace routing_load_tests

}  // namespace routing_load_test
