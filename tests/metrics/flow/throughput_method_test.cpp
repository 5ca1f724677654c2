// Tests of metrics/flow/throughput_method.hpp: the choice of method is one table, in the order of
// its enum, printed in docs/metrics.md as it is in the code, and measure_throughput names the row
// that answered and the status it printed.
#include <catch2/catch.hpp>

#include <cstddef>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/metrics/flow/throughput_method.hpp"
#include "throughput_fixture.hpp"

namespace throughput_method_test {

using namespace shiftfly;
namespace tf = shiftfly::testing::throughput;

TEST_CASE("throughput_method_table: one row a method, in the enum's order, names distinct") {
  std::set<std::string> names;
  for (std::size_t i = 0; i < metrics::throughput_method_table.size(); ++i) {
    const auto& rule = metrics::throughput_method_table[i];
    CHECK(static_cast<std::size_t>(rule.method) == i);
    CHECK(!rule.when.empty());
    CHECK(!rule.why.empty());
    names.insert(std::string(metrics::name(rule.method)));
  }
  CHECK(names.size() == metrics::throughput_method_table.size());
  CHECK(metrics::name(metrics::throughput_status::exact) == "exact");
  CHECK(metrics::name(metrics::throughput_status::interval) == "interval");
  CHECK(metrics::name(metrics::throughput_status::upper_bound) == "upper bound");
}

TEST_CASE("throughput_method_table: docs/metrics.md prints the code's table") {
  std::ifstream in(std::string(SHIFTFLY_SOURCE_DIR) + "/docs/metrics.md");
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  const std::string begin = "<!-- throughput_method_table: begin (generated from metrics/flow/throughput_method.hpp) -->\n";
  const std::string end = "<!-- throughput_method_table: end -->";
  const auto b = doc.find(begin);
  REQUIRE(b != std::string::npos);
  const auto e = doc.find(end, b);
  REQUIRE(e != std::string::npos);
  CHECK(doc.substr(b + begin.size(), e - b - begin.size()) == metrics::throughput_method_table_markdown());
}

TEST_CASE("measure_throughput: the status is named by method, and answered_by names the row") {
  const auto graphs = tf::arc_transitive();
  const auto& g = graphs.front();
  metrics::throughput_request r;
  const auto m = metrics::measure_throughput(g, r);
  CHECK(m.status == metrics::throughput_status::exact);
  CHECK(m.answered_by == metrics::throughput_method::edge_lp);
  CHECK(m.method == std::string(metrics::name(m.status)));
}

}  // namespace throughput_method_test
