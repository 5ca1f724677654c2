// Tests for tables/shiftfly_tables.hpp and its sections:
// - the paper profile reproduces every published cell (fixture extracted from
//   the published results by scripts/extract_published_cells.py);
// - differences are marked and listed.
// The studies behind the tables are tested in tests/studies/.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "shiftfly/tables/shiftfly_tables.hpp"

namespace shiftfly_tables_test {

using namespace shiftfly;

namespace {
struct published_cell {
  int table, row;
  std::string column, row_key, cell;
};

std::vector<published_cell> load_published() {
  std::ifstream in(std::string(SHIFTFLY_FIXTURES) + "/published/shiftfly_cells.tsv");
  REQUIRE(in.good());
  std::vector<published_cell> cells;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f;
    std::istringstream is(line);
    std::string part;
    while (std::getline(is, part, '\t')) f.push_back(part);
    REQUIRE(f.size() == 5);
    cells.push_back({std::stoi(f[0]), std::stoi(f[1]), f[2], f[3], f[4]});
  }
  return cells;
}

std::size_t column_index(const report::table& t, const std::string& name) {
  for (std::size_t i = 0; i < t.columns.size(); ++i)
    if (t.columns[i] == name) return i;
  FAIL("table " << t.id << " has no column " << name);
  return 0;
}
}  // namespace

TEST_CASE("the paper profile reproduces every published cell", "[tables][paper]") {
  const auto published = load_published();
  REQUIRE(published.size() > 200);
  // The published tables in order of appearance.
  const auto study = studies::run_sharing_study();
  const std::vector<report::table> ours{
      tables::moore_audit_table(studies::moore_audit_rows({2})),
      tables::equal_cost_table(studies::equal_cost_rows(studies::equal_cost_method::reference_artefact, {2}),
                               report::profile::paper),
      tables::sharing_table(study),
      tables::swap_table(studies::swap_rows()),
      tables::wiring_state_table(studies::wiring_state_rows()),
      tables::slice_table(studies::slice_rows()),
      tables::failures_table(studies::run_link_failure_sweep()),
  };
  std::map<int, std::size_t> checked;
  for (const auto& p : published) {
    INFO("published table " << p.table << " row " << p.row << " (" << p.row_key << ") column " << p.column);
    REQUIRE(p.table >= 1);
    REQUIRE(static_cast<std::size_t>(p.table) <= ours.size());
    const auto& t = ours[p.table - 1];
    REQUIRE(static_cast<std::size_t>(p.row) <= t.rows.size());
    const auto& row = t.rows[p.row - 1];
    CHECK(row[0] == p.row_key);
    CHECK(row[column_index(t, p.column)] == p.cell);
    ++checked[p.table];
  }
  CHECK(checked.size() == ours.size());
  // The chip-level pod figures of the published prose (section 1).
  const auto pod = tables::boardfly_pod_table(studies::measure_boardfly_pod({2}));
  CHECK(pod.rows[0] == std::vector<std::string>{"1,152", "7", "5.84", "7", "7", "5.211"});
}

TEST_CASE("the exact equal-cost table prints the study's figures", "[tables][exact]") {
  const std::vector<std::uint64_t> sizes{36, 144};
  const auto rows = studies::equal_cost_rows(studies::equal_cost_method::exact, {2}, sizes);
  const auto t = tables::equal_cost_table(rows, report::profile::exact);
  REQUIRE(t.rows.size() == sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    CHECK(t.rows[i][0] == report::thousands(sizes[i]));
    CHECK(t.rows[i][1] == report::thousands(rows[i].chips));
    CHECK(t.rows[i][4] == std::to_string(rows[i].boardfly.chip_diameter));
    CHECK(t.rows[i][7] == report::fixed(rows[i].shiftfly.chip_mean, 2));
    CHECK(t.rows[i][9] == report::fixed(rows[i].shiftfly.gap.gap, 3));
  }
  CHECK(tables::equal_cost_method_for(report::profile::paper) == studies::equal_cost_method::reference_artefact);
  CHECK(tables::equal_cost_method_for(report::profile::exact) == studies::equal_cost_method::exact);
}

TEST_CASE("mark_differences marks each differing cell and lists it", "[tables]") {
  report::table a, b;
  a.id = b.id = "t";
  a.columns = b.columns = {"Groups", "Gap"};
  a.add_row({"36", "1.029"});
  b.add_row({"36", "1.030"});
  tables::difference_log log;
  CHECK(tables::mark_differences(a, b, [](const std::string&) { return std::string("why"); }, log) == 1);
  CHECK(a.rows[0][1] == "1.029*");
  REQUIRE(log.size() == 1);
  CHECK(log[0].published == "1.030");
  CHECK(log[0].exact == "1.029");
  CHECK(log[0].column == "Gap");
  const auto d = tables::differences_table(log);
  CHECK(d.rows.size() == 1);
  report::table c;
  c.id = "c";
  c.columns = {"x"};
  CHECK_THROWS_AS(tables::mark_differences(a, c, [](const std::string&) { return std::string(); }, log),
                  std::invalid_argument);
}

TEST_CASE("the largest profile runs its own section alone, and the others never run it", "[tables][largest]") {
  CHECK(report::parse_profile("largest") == report::profile::largest);
  CHECK(report::profile_name(report::profile::largest) == "largest");
  CHECK_THROWS_WITH(report::parse_profile("large"), Catch::Contains("exact, paper or largest"));
  report::section_context largest, exact;
  largest.profile = report::profile::largest;
  exact.profile = report::profile::exact;
  bool found = false;
  for (const auto& s : tables::shiftfly_sections()) {
    INFO(s.id);
    if (s.id == "chips_largest") {
      found = true;
      CHECK(s.outputs == std::vector<std::string>{"chip_validation_largest"});
      const auto o = s.build(exact);  // prints nothing outside the largest profile (and so costs nothing)
      CHECK(o.tables.empty());
      CHECK(o.figures.empty());
      continue;
    }
    const auto o = s.build(largest);  // every other section prints nothing in the largest profile
    CHECK(o.tables.empty());
    CHECK(o.figures.empty());
  }
  CHECK(found);
  // the section's size: the paper's largest chip-level system
  CHECK(studies::chip_largest_groups * 32 == studies::chip_largest_all_pairs_limit);
}

}  // namespace shiftfly_tables_test
