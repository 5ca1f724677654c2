// studies::measure_graph: one call measures a graph as the request asks, equal to the
// metrics called one by one; its errors name the request's fields; its record is the
// tool's result (keys, null distance, text lines).
#include <catch2/catch.hpp>

#include <string>

#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/cuts/connectivity.hpp"
#include "shiftfly/metrics/spectral/spectral.hpp"
#include "shiftfly/report/record_json.hpp"
#include "shiftfly/studies/graph_measurement.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/torus.hpp"

namespace graph_measurement_test {

namespace m = shiftfly::metrics;
namespace gst = shiftfly::studies;

TEST_CASE("measure_graph equals the metrics called one by one", "[studies][measure]") {
  const auto g = shiftfly::topology::kautz<std::uint32_t>(2, 3);
  gst::graph_measure_request q;
  q.family = "kautz";
  q.gap = true;
  q.connectivity = true;
  q.threads = 1;
  const auto got = gst::measure_graph(g, q);
  REQUIRE(got.distances);
  CHECK(got.distances->histogram == m::all_pairs_stats(g, m::traversal::undirected).histogram);
  REQUIRE(got.gap);
  CHECK(got.gap->gap == m::spectral_gap(g, {1}).gap);
  REQUIRE(got.connectivity);
  CHECK(got.connectivity->vertex == m::connectivity(g, m::traversal::undirected).vertex);
  CHECK_FALSE(got.bisection);
  CHECK_FALSE(got.throughput);
  const auto json = shiftfly::report::to_json(gst::describe(got));
  CHECK(json["graph"]["family"] == "kautz");
  CHECK(json["graph"]["vertices"] == 12);
  CHECK(json["distance"]["method"] == "exact");
  CHECK(json["connectivity"]["graph"] == "undirected");
  CHECK_FALSE(json.contains("bisection"));
  const auto text = gst::describe(got).text;
  REQUIRE(text.size() == 5);  // the sentence, graph, distance, gap, connectivity
  CHECK(text[0].rfind(g.name() + " has diameter ", 0) == 0);
}

TEST_CASE("measure_graph without distances gives a null distance", "[studies][measure]") {
  const auto g = shiftfly::topology::torus<std::uint32_t>({4, 4});
  gst::graph_measure_request q;
  q.distances = false;
  q.bisection = true;
  const auto json = shiftfly::report::to_json(gst::describe(gst::measure_graph(g, q)));
  CHECK(json["distance"].is_null());
  CHECK(json["bisection"]["lower"] == json["bisection"]["upper"]);
}

TEST_CASE("measure_graph's errors name the request's fields and the part that asked", "[studies][measure]") {
  const auto g = shiftfly::topology::torus<std::uint32_t>({4, 4});
  gst::graph_measure_request q;
  q.connectivity = true;
  q.max_seconds = 0.5;
  try {
    gst::measure_graph(g, q);
    FAIL("max_seconds = 0.5 was accepted");
  } catch (const shiftfly::core::invalid_parameter& e) {
    CHECK(e.parameter() == "max_seconds");
    CHECK(e.function() == "connectivity");
  }
  gst::graph_measure_request p;
  p.paths = true;
  p.path_samples = std::uint64_t{1} << 40;
  try {
    gst::measure_graph(g, p);
    FAIL("path_samples = 2^40 was accepted");
  } catch (const shiftfly::core::invalid_parameter& e) {
    CHECK(e.parameter() == "path_samples");  // disjoint_paths calls it samples
    CHECK(e.function() == "paths");
  }
  gst::graph_measure_request none;
  none.distances = false;
  none.samples = 3;
  CHECK_THROWS_AS(gst::measure_graph(g, none), shiftfly::core::invalid_parameter);
}

}  // namespace graph_measurement_test
