// tables/field_equal_radix.hpp: the Alon-Boppana column, 1 - 2 sqrt(d - 1) / d at the Radix
// column, in the units of the Gap column (1 - lambda2 of D^-1 A): its closed form at known
// degrees, a Ramanujan graph's measured gap on the right side of it, the column in a table
// built from a hand-made row, and every row of the committed golden table recomputed from its
// Radix cell.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/metrics/spectral/spectral.hpp"
#include "shiftfly/tables/field_equal_radix.hpp"
#include "shiftfly/topology/spectralfly.hpp"

namespace field_equal_radix_test {

namespace st = shiftfly::tables;

namespace {

// One CSV line split at the commas outside double quotes (the quotes dropped).
std::vector<std::string> equal_radix_test_cells(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (char c : line) {
    if (c == '"') quoted = !quoted;
    else if (c == ',' && !quoted) out.emplace_back();
    else out.back() += c;
  }
  return out;
}

std::string equal_radix_test_fixed4(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", x);
  return buf;
}

}  // namespace

TEST_CASE("alon_boppana_gap: 1 - 2 sqrt(d - 1) / d, and a Ramanujan graph's gap is at least it", "[field]") {
  CHECK(shiftfly::studies::alon_boppana_gap(1) == 1.0);
  CHECK(shiftfly::studies::alon_boppana_gap(2) == 0.0);  // cycles: lambda2 -> 2, gap -> 0
  CHECK(shiftfly::studies::alon_boppana_gap(6) == Approx(1 - 2 * std::sqrt(5.0) / 6).epsilon(1e-15));
  CHECK(equal_radix_test_fixed4(shiftfly::studies::alon_boppana_gap(40)) == "0.6878");  // 1 - 2 sqrt(39) / 40 = 0.68775...
  CHECK_THROWS_AS(shiftfly::studies::alon_boppana_gap(0), shiftfly::core::invalid_parameter);
  CHECK_THROWS_WITH(shiftfly::studies::alon_boppana_gap(0), "alon_boppana_gap: d = 0 is out of range (accepted: 1 to 4503599627370496)");
  // X^{5,11} and X^{13,11} are Ramanujan: lambda2(A) <= 2 sqrt(p), so the gap of D^-1 A is at least
  // 1 - 2 sqrt(p) / (p + 1), the Alon-Boppana figure at d = p + 1.
  for (auto [p, q] : std::vector<std::pair<std::uint64_t, std::uint64_t>>{{5, 11}, {13, 11}}) {
    const auto g = shiftfly::topology::spectralfly(p, q);
    const auto r = shiftfly::metrics::spectral_gap(g, {1});
    INFO("p = " << p << ", q = " << q << ", gap = " << r.gap);
    CHECK(r.gap >= shiftfly::studies::alon_boppana_gap(p + 1) - 1e-9);
  }
}

TEST_CASE("field_equal_radix_table: the Alon-Boppana column beside the gap, from the row's radix", "[field]") {
  shiftfly::studies::field_equal_radix_row row;
  row.target = 1000;
  row.measured.instance.family = shiftfly::studies::field_family_of("jellyfish");
  row.measured.instance.parameters = "N = 1000, r = 40, seed 1";
  row.measured.routers = 1000;
  row.measured.links = 20000;
  row.measured.radix = 40;
  row.measured.gap = shiftfly::metrics::spectral_gap_result{};
  row.measured.gap->gap = 0.6975;
  auto r17 = row;
  r17.measured.radix = 17;
  const auto t = st::field_equal_radix_table({row, r17});
  REQUIRE(t.columns.size() == 10);
  CHECK(t.columns[8] == "Gap");
  CHECK(t.columns[9] == "Alon-Boppana");
  CHECK(t.rows[0][8] == "0.6975");
  CHECK(t.rows[0][9] == "0.6878");
  CHECK(t.rows[1][9] == equal_radix_test_fixed4(1 - 2 * std::sqrt(16.0) / 17));  // 0.5294
  CHECK(t.method.find("1 - 2 sqrt(d - 1) / d") != std::string::npos);
}

TEST_CASE("field_equal_radix: every golden row's Alon-Boppana cell is 1 - 2 sqrt(r - 1) / r at its Radix r", "[field]") {
  std::ifstream in(std::string(SHIFTFLY_SOURCE_DIR) + "/docs/results/shiftfly/exact/field_equal_radix.csv");
  REQUIRE(in);
  std::string line;
  REQUIRE(std::getline(in, line));
  const auto head = equal_radix_test_cells(line);
  REQUIRE(head.size() == 10);
  REQUIRE(head[5] == "Radix");
  REQUIRE(head[9] == "Alon-Boppana");
  std::size_t rows = 0;
  while (std::getline(in, line)) {
    const auto cells = equal_radix_test_cells(line);
    REQUIRE(cells.size() == 10);
    const double r = std::stod(cells[5]);
    INFO(line);
    CHECK(cells[9] == equal_radix_test_fixed4(1 - 2 * std::sqrt(r - 1) / r));
    ++rows;
  }
  // one row a (target, family) that has an instance (the rule alone, without measuring)
  std::size_t expected = 0;
  for (auto n : shiftfly::studies::field_equal_radix_targets())
    for (auto f : shiftfly::studies::field_families())
      expected += shiftfly::studies::choose_instance(f, shiftfly::studies::field_equal_radix_limit, n).has_value();
  CHECK(rows == expected);
  CHECK(rows >= 16);
}

}  // namespace field_equal_radix_test
