// The one traffic grammar (metrics/flow/traffic_spec.hpp): every name parsed, named back the
// same, refused in one line naming `traffic`; a traffic file read into the spec's matrix by the
// one reader; and `worst` taken by the family loads only (routing/family_load.hpp), not by the
// fixed-traffic entry points.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "shiftfly/metrics/flow/traffic_spec.hpp"
#include "shiftfly/routing/channel_load.hpp"
#include "shiftfly/routing/family_load.hpp"
#include "shiftfly/routing/load_traffic.hpp"
#include "shiftfly/topology/torus.hpp"

namespace traffic_spec_test {

namespace metrics = shiftfly::metrics;
namespace routing = shiftfly::routing;

TEST_CASE("every traffic name parses and names itself back", "[routing][traffic_spec]") {
  for (const std::string text : {"uniform", "permutation", "permutation:7", "groups:4", "moe:3", "tornado", "bit-complement",
                                 "transpose", "shift:2", "worst", "file:T.txt", "file:-"}) {
    INFO(text);
    CHECK(metrics::parse_traffic(text).text() == text);
  }
  CHECK(metrics::parse_traffic("worst").kind == metrics::traffic_kind::worst);
  CHECK(metrics::parse_traffic("permutation:7").seed == std::uint64_t{7});
  CHECK_FALSE(metrics::parse_traffic("permutation").seed);
  CHECK(metrics::parse_traffic("groups:4").group_size == 4);
  CHECK(metrics::parse_traffic("file:a:b").path == "a:b");
}

TEST_CASE("a traffic name that is not one is refused naming traffic", "[routing][traffic_spec]") {
  for (const std::string text : {"", "nosuch", "uniform:3", "worst:1", "groups", "groups:1", "moe:0", "shift:0", "file:",
                                 "file", "permutation:", "permutation:x", "tornado:2", "Uniform"}) {
    INFO(text);
    CHECK_THROWS_WITH(metrics::parse_traffic(text), Catch::StartsWith("parse_traffic: traffic") && Catch::Contains("accepted: uniform"));
  }
}

TEST_CASE("the throughput metrics take uniform, permutation, worst and file", "[routing][traffic_spec]") {
  for (const std::string text : {"uniform", "permutation", "worst", "file:x"}) CHECK(metrics::throughput_takes(metrics::parse_traffic(text)));
  for (const std::string text : {"permutation:3", "groups:2", "moe:1", "tornado", "shift:1"})
    CHECK_FALSE(metrics::throughput_takes(metrics::parse_traffic(text)));
}

TEST_CASE("a traffic file is read into the spec by the one reader", "[routing][traffic_spec]") {
  const auto path = std::filesystem::temp_directory_path() / ("shiftfly_traffic_spec_test_" + std::to_string(::getpid()) + ".txt");
  {
    std::ofstream out(path);
    out << "# two demands\n0 2 1.5\n3 1 2\n";
  }
  auto t = metrics::parse_traffic("file:" + path.string());
  metrics::read_traffic_matrix(t, 4);
  std::filesystem::remove(path);
  CHECK(t.matrix.n() == 4);
  CHECK(t.matrix.size() == 2);
  CHECK(t.matrix.total_demand() == 3.5);
  CHECK(t.matrix.name() == "file " + path.string());
  auto u = metrics::parse_traffic("uniform");  // another kind: nothing read
  metrics::read_traffic_matrix(u, 4);
  CHECK(u.matrix.n() == 0);
}

TEST_CASE("worst is refused by the fixed-traffic entry points, taken by measure_family_load", "[routing][traffic_spec]") {
  const auto g = shiftfly::topology::torus({4, 4});
  CHECK_THROWS_WITH(routing::make_load_traffic(16, metrics::parse_traffic("worst"), std::vector<std::uint32_t>(16, 1),
                                               routing::uniform_self::include),
                    Catch::Contains("traffic = worst is found for a routing"));
  routing::channel_load_request q;
  q.routing = routing::parse_routing("minimal");
  q.traffic = metrics::parse_traffic("worst");
  CHECK_THROWS_WITH(routing::measure_channel_load(g, q), Catch::Contains("traffic = worst") &&
                                                            Catch::Contains("measure_family_load"));
  routing::family_load_request f;
  f.load = q;
  const auto w = routing::measure_family_load(g, nullptr, f);
  REQUIRE(w.worst);
  CHECK(routing::worst_case_method_name(w.worst->method) == std::string("exact"));
  CHECK(w.traffic == "its worst-case permutation (Towles-Dally)");
}

}  // namespace traffic_spec_test
