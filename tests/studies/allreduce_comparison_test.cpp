// Tests for studies/allreduce_comparison.hpp and its table (tables/allreduce_table.hpp):
// the rows come from the simulator and carry the explainer's figures.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/tables/allreduce_table.hpp"

namespace allreduce_comparison_test {

namespace st = shiftfly::tables;
namespace ss = shiftfly::studies;

namespace {
std::string cell(const shiftfly::report::table& t, std::size_t row, const std::string& column) {
  for (std::size_t i = 0; i < t.columns.size(); ++i)
    if (t.columns[i] == column) return t.rows.at(row).at(i);
  FAIL("no column " << column);
  return {};
}
}  // namespace

TEST_CASE("allreduce table: 4x4 gives 12 against 30 steps, every row verified", "[allreduce_comparison]") {
  ss::allreduce_comparison_options o;
  o.tori = {{2, 2}, {4, 4}, {3, 5}, {3, 3, 3}};
  o.model = {1.0, 1.0};
  const auto rows = ss::allreduce_comparison_rows(o);
  REQUIRE(rows.size() == 4);
  // the study: simulated counts, no bidirectional schedule on 2x2, every schedule verified
  CHECK(rows[1].chips == 16);
  CHECK(rows[1].elements == 32);
  CHECK(rows[1].unidirectional.torus.simulated.steps == 12);
  CHECK(rows[1].unidirectional.ring.simulated.steps == 30);
  CHECK(!rows[0].bidirectional);
  REQUIRE(rows[1].bidirectional);
  CHECK(rows[1].bidirectional->steps == 12);
  CHECK(rows[1].bidirectional_time->time == 42.0);
  for (const auto& r : rows) CHECK(r.verified);
  const auto t = st::allreduce_table(rows, o);
  REQUIRE(t.id == "allreduce");
  REQUIRE(t.rows.size() == 4);
  for (const auto& r : t.rows) REQUIRE(r.size() == t.columns.size());
  CHECK(cell(t, 1, "torus") == "4x4");
  CHECK(cell(t, 1, "elements D") == "32");
  CHECK(cell(t, 1, "torus steps") == "12");
  CHECK(cell(t, 1, "ring steps") == "30");
  CHECK(cell(t, 1, "sent per chip") == "60");
  CHECK(cell(t, 1, "2D(P-1)/P") == "60");
  CHECK(cell(t, 1, "torus time") == "72");   // 12 + 60
  CHECK(cell(t, 1, "ring time") == "90");    // 30 + 60
  CHECK(cell(t, 1, "torus time, bidirectional") == "42");  // 12 + 30
  CHECK(cell(t, 0, "torus time, bidirectional") == "-");
  CHECK(cell(t, 2, "torus steps") == "12");  // 2(3-1) + 2(5-1)
  CHECK(cell(t, 2, "ring steps") == "28");
  CHECK(cell(t, 3, "torus steps") == "12");
  CHECK(cell(t, 3, "ring steps") == "52");
  for (std::size_t r = 0; r < t.rows.size(); ++r) CHECK(cell(t, r, "verified") == "yes");
  CHECK(t.notes.size() == 3);
}

TEST_CASE("allreduce table: the default rows are 2x2 .. 16x16 and 16x16x16", "[allreduce_comparison]") {
  const auto tori = ss::allreduce_comparison_tori();
  REQUIRE(tori.size() == 16);
  CHECK(tori.front() == std::vector<std::uint64_t>{2, 2});
  CHECK(tori[14] == std::vector<std::uint64_t>{16, 16});
  CHECK(tori.back() == std::vector<std::uint64_t>{16, 16, 16});
  ss::allreduce_comparison_options bad;
  bad.model = {-1.0, 1.0};
  REQUIRE_THROWS_AS(ss::allreduce_comparison_rows(bad), std::invalid_argument);
  bad.model = {1.0, 1.0};
  bad.elements_per_chip_factor = 0;
  REQUIRE_THROWS_AS(ss::allreduce_comparison_rows(bad), std::invalid_argument);
}

}  // namespace allreduce_comparison_test
