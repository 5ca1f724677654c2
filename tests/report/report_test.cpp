// Tests for report/: rendering, the golden-table comparison, and the table-set driver.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "shiftfly/report/check.hpp"
#include "shiftfly/report/render.hpp"
#include "shiftfly/report/table_set.hpp"

namespace report_test {

using namespace shiftfly::report;

namespace {
table sample_table() {
  table t;
  t.id = "demo";
  t.title = "Demo";
  t.source = "a test";
  t.method = "exact";
  t.columns = {"Groups", "Diameter"};
  t.add_row({"36", "1"});
  t.add_row({"1,152", "7"});
  return t;
}
}  // namespace

TEST_CASE("render_markdown uses the reference layout", "[report]") {
  const auto md = render_markdown(sample_table());
  CHECK(md.find("| Groups | Diameter |\n|---|---|\n| 36 | 1 |\n| 1,152 | 7 |\n") != std::string::npos);
  CHECK(render_csv(sample_table()) == "Groups,Diameter\n36,1\n\"1,152\",7\n");
  CHECK(to_json(sample_table())["rows"][1][0] == "1,152");
  table t = sample_table();
  CHECK_THROWS_AS(t.add_row({"1"}), std::invalid_argument);
}

TEST_CASE("compare_table_text names each differing cell", "[report]") {
  const auto a = render_markdown(sample_table());
  CHECK(compare_table_text(a, a).empty());
  table t = sample_table();
  t.rows[1][1] = "8";
  const auto d = compare_table_text(a, render_markdown(t));
  REQUIRE(d.size() == 1);
  CHECK(d[0].column == "Diameter");
  CHECK(d[0].row == "1,152");
  CHECK(d[0].expected == "7");
  CHECK(d[0].actual == "8");
  t.notes.push_back("extra line");
  CHECK(compare_table_text(a, render_markdown(t)).size() == 3);  // the cell, the blank line and the note
}

TEST_CASE("run_table_set writes, checks, and fails on an altered golden file", "[report]") {
  const std::vector<section> sections{{"demo", "a demo", [](const section_context&) {
                                         section_output o;
                                         o.tables.push_back(sample_table());
                                         return o;
                                       },
                                       {"demo"}}};
  const auto dir = std::filesystem::temp_directory_path() / ("shiftfly_report_test_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  table_set_options o;
  o.out_dir = dir.string();
  std::ostringstream out, err;
  REQUIRE(run_table_set(sections, o, out, err) == 0);
  REQUIRE(std::filesystem::exists(dir / "demo.md"));
  REQUIRE(std::filesystem::exists(dir / "demo.csv"));
  REQUIRE(std::filesystem::exists(dir / "demo.json"));
  table_set_options c;
  c.check_dir = dir.string();
  std::ostringstream out2, err2;
  CHECK(run_table_set(sections, c, out2, err2) == 0);
  {
    std::ofstream f(dir / "demo.md", std::ios::app);
    f << "tampered\n";
  }
  std::ostringstream out3, err3;
  CHECK(run_table_set(sections, c, out3, err3) == 1);
  CHECK(err3.str().find("demo.md") != std::string::npos);
  {  // the directories are named as the tools' flags (--out, --check)
    table_set_options not_dir;
    not_dir.check_dir = (dir / "demo.md").string();
    std::ostringstream o4, e4;
    CHECK_THROWS_WITH(run_table_set(sections, not_dir, o4, e4), Catch::StartsWith("tables: check = ") &&
                                                                   Catch::EndsWith("is not a directory"));
    not_dir = {};
    not_dir.out_dir = (dir / "demo.md").string();
    CHECK_THROWS_WITH(run_table_set(sections, not_dir, o4, e4), Catch::StartsWith("tables: out = ") &&
                                                                   Catch::EndsWith("exists and is not a directory"));
  }
  table_set_options bad;
  bad.only = {"nope"};
  CHECK_THROWS_AS(run_table_set(sections, bad, out, err), std::invalid_argument);
  std::filesystem::remove_all(dir);
}

TEST_CASE("run_table_set tells a section which of its outputs the run prints (section_wants)", "[report]") {
  // A section may skip the work of an output not printed: the routing-load section measures
  // Table 2's designs or the field's alone when `only` names one of its tables.
  std::vector<std::string> asked;
  const auto build = [&asked](const section_context& c) {
    section_output o;
    for (const char* id : {"first", "second"})
      if (section_wants(c, id)) {
        asked.push_back(id);
        o.tables.push_back(sample_table());
        o.tables.back().id = id;
      }
    return o;
  };
  const std::vector<section> sections{{"pair", "two tables", build, {"first", "second"}}};
  table_set_options o;
  o.format = "csv";
  std::ostringstream out;
  REQUIRE(run_table_set(sections, o, out, out) == 0);  // no `only`: every output
  CHECK(asked == std::vector<std::string>{"first", "second"});
  asked.clear();
  o.only = {"second"};
  REQUIRE(run_table_set(sections, o, out, out) == 0);
  CHECK(asked == std::vector<std::string>{"second"});
  asked.clear();
  o.only = {"pair"};  // the section's id: all of it
  REQUIRE(run_table_set(sections, o, out, out) == 0);
  CHECK(asked == std::vector<std::string>{"first", "second"});
  CHECK(section_wants(section_context{}, "anything"));  // a context that does not say wants everything
}

TEST_CASE("run_table_set: only names sections or single outputs; a section produces only what it lists", "[report]") {
  const auto two = [](const section_context&) {
    section_output o;
    o.tables.push_back(sample_table());
    o.tables.back().id = "first";
    o.tables.push_back(sample_table());
    o.tables.back().id = "second";
    return o;
  };
  std::vector<section> sections{{"pair", "two tables", two, {"first", "second"}}};
  table_set_options o;
  o.format = "csv";
  std::ostringstream all, one;
  REQUIRE(run_table_set(sections, o, all, all) == 0);
  CHECK(all.str().find("# first") != std::string::npos);
  CHECK(all.str().find("# second") != std::string::npos);
  o.only = {"second"};  // a table id: its section runs, only that table prints
  REQUIRE(run_table_set(sections, o, one, one) == 0);
  CHECK(one.str().find("# first") == std::string::npos);
  CHECK(one.str().rfind("# second\n", 0) == 0);
  // The error lists sections and tables.
  o.only = {"third"};
  CHECK_THROWS_WITH(run_table_set(sections, o, one, one), Catch::Contains("sections pair; tables and figures first, second"));
  // A section that produces an output it does not list is a programming error.
  sections[0].outputs = {"first"};
  o.only = {};
  CHECK_THROWS_AS(run_table_set(sections, o, one, one), std::logic_error);
}

}  // namespace report_test
