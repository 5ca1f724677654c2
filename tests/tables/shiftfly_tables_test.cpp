// Tests for tables/shiftfly_tables.hpp and its sections:
// - the paper profile reproduces every published cell (fixture extracted from
//   the published results by scripts/extract_published_cells.py);
// - the exact profile's equal-cost table equals exact all-pairs values computed
//   directly from the graphs by the serial verifier;
// - differences are marked and listed.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/tables/shiftfly_tables.hpp"

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
      tables::moore_audit_table(2),
      tables::equal_cost_table(tables::equal_cost_rows(report::profile::paper, 2), report::profile::paper),
      tables::sharing_table(study),
      tables::swap_table(),
      tables::wiring_state_table(),
      tables::slice_table(),
      tables::failures_table(report::profile::paper),
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
  const auto pod = tables::boardfly_pod_table(2);
  CHECK(pod.rows[0] == std::vector<std::string>{"1,152", "7", "5.84", "7", "7", "5.211"});
}

TEST_CASE("the exact equal-cost table equals all-pairs BFS from every vertex", "[tables][exact]") {
  const std::vector<std::uint64_t> sizes{36, 144, 576};
  const auto rows = tables::equal_cost_rows(report::profile::exact, 2, sizes);
  const auto t = tables::equal_cost_table(rows, report::profile::exact);
  REQUIRE(t.rows.size() == sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const auto bf = metrics::all_pairs_stats_serial(topology::boardfly_group_level(sizes[i]));
    const auto sf = metrics::all_pairs_stats_serial(topology::shiftfly_group_level(sizes[i]));
    INFO("groups " << sizes[i]);
    CHECK(t.rows[i][2] == std::to_string(bf.diameter));
    CHECK(t.rows[i][3] == std::to_string(sf.diameter));
    CHECK(t.rows[i][6] == report::fixed(topology::chip_hops_mean(bf.mean), 2));
    CHECK(t.rows[i][7] == report::fixed(topology::chip_hops_mean(sf.mean), 2));
    CHECK(rows[i].boardfly.distance.total_distance == bf.total_distance);
    CHECK(rows[i].shiftfly.distance.total_distance == sf.total_distance);
    CHECK(rows[i].boardfly.gap.method == "lanczos");
  }
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

TEST_CASE("exact_ratio rounds like Python's int / int", "[tables]") {
  // python3 -c "print(repr(3706040377703681/1024), repr(174622982740402221679687/9600), repr(2**80/3))"
  CHECK(tables::exact_ratio(topology::big_int("3706040377703681"), 1024) == 3619180056351.251);
  CHECK(tables::exact_ratio(topology::big_int("174622982740402221679687"), 9600) == 1.8189894035458564e+19);
  CHECK(tables::exact_ratio(topology::big_int(1) << 80, 3) == 4.029752732048764e+23);
  CHECK(tables::exact_ratio(topology::big_int(7), 7) == 1.0);
}
