// `shiftfly tables`: --check passes on the committed golden tables, fails (exit 1,
// naming the cell) on a deliberately altered copy, and bad input exits 2 with one line.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "run_tool.hpp"

namespace tables_tool_test {

using shiftfly::test::run_tool;
namespace fs = std::filesystem;

TEST_CASE("tables --check passes on the golden tables and fails on an altered copy", "[tools][tables]") {
  const fs::path golden = fs::path(SHIFTFLY_SOURCE_DIR) / "docs/results/shiftfly/paper";
  REQUIRE(fs::exists(golden / "moore_audit.md"));
  const auto ok = run_tool("shiftfly", "tables --profile paper --only moore --check " + golden.string());
  CHECK(ok.status == 0);
  CHECK(ok.err.empty());

  const fs::path altered = fs::temp_directory_path() / ("shiftfly_tables_check_" + std::to_string(::getpid()));
  fs::remove_all(altered);
  fs::create_directories(altered);
  for (const auto& e : fs::directory_iterator(golden)) fs::copy_file(e.path(), altered / e.path().filename());
  std::string text;
  {
    std::ifstream in(altered / "moore_audit.md");
    std::stringstream ss;
    ss << in.rdbuf();
    text = ss.str();
  }
  const auto at = text.find("| 391,910 |");
  REQUIRE(at != std::string::npos);
  text.replace(at, 11, "| 391,911 |");
  {
    std::ofstream out(altered / "moore_audit.md");
    out << text;
  }
  const auto bad = run_tool("shiftfly", "tables --profile paper --only moore --check " + altered.string());
  CHECK(bad.status == 1);
  CHECK(bad.err.find("Moore bound") != std::string::npos);
  CHECK(bad.err.find("391,911") != std::string::npos);
  fs::remove_all(altered);
}

TEST_CASE("tables refuses bad input with one line and exit 2", "[tools][tables]") {
  for (const std::string args : {"tables --profile fast", "tables --only moore,nosuch", "tables --check no-such-golden-directory",
                                 "tables --format xml", "tables --threads -2", "tables --threads x"}) {
    INFO(args);
    const auto r = run_tool("shiftfly", args);
    CHECK(r.status == 2);
    CHECK(r.err_lines() == 1);
    CHECK(r.out.empty());
  }
}

TEST_CASE("tables --progress: section progress on stderr, the same stdout", "[tools][progress]") {
  using shiftfly::test::run_tool;
  for (const std::string tool : {"shiftfly", "halley"}) {
    const std::string args = tool == "shiftfly" ? "tables --profile paper --only moore" : "tables --only table2";
    const auto plain = run_tool(tool, args);
    const auto shown = run_tool(tool, args + " --progress");
    INFO(tool);
    REQUIRE(plain.status == 0);
    REQUIRE(shown.status == 0);
    CHECK(shown.out == plain.out);
    CHECK(plain.err.empty());
    CHECK(shown.err.find("tables: ") != std::string::npos);
    CHECK(shown.err.find("[1/1]") != std::string::npos);
  }
}

TEST_CASE("tables --check takes the profile from the golden files' manifest", "[tools][tables]") {
  const fs::path paper = fs::path(SHIFTFLY_SOURCE_DIR) / "docs/results/shiftfly/paper";
  // was: without --profile the exact profile ran and 56 cells differed
  const auto ok = run_tool("shiftfly", "tables --only moore,scale --check " + paper.string());
  CHECK(ok.status == 0);
  CHECK(ok.err.empty());
  CHECK(ok.out.find("check: identical to") != std::string::npos);
  // A profile that contradicts the manifest is refused in one line.
  const auto clash = run_tool("shiftfly", "tables --profile exact --only moore --check " + paper.string());
  CHECK(clash.status == 2);
  CHECK(shiftfly::test::line_count(clash.err) == 1);
  CHECK(clash.err.find("were made with --profile paper") != std::string::npos);
  // A directory without a manifest needs --profile.
  const fs::path bare = fs::temp_directory_path() / ("shiftfly_tables_bare_" + std::to_string(::getpid()));
  fs::remove_all(bare);
  fs::create_directories(bare);
  fs::copy_file(paper / "moore_audit.md", bare / "moore_audit.md");
  const auto none = run_tool("shiftfly", "tables --only moore_audit --check " + bare.string());
  CHECK(none.status == 2);
  CHECK(none.err.find("give --profile") != std::string::npos);
  CHECK(run_tool("shiftfly", "tables --profile paper --only moore_audit --check " + bare.string()).status == 0);
  fs::remove_all(bare);
  // Every golden directory has its manifest, and it names the tool and the profile it was made with.
  for (const char* dir : {"shiftfly/paper", "shiftfly/exact", "halley"}) {
    INFO(dir);
    CHECK(fs::exists(fs::path(SHIFTFLY_SOURCE_DIR) / "docs/results" / dir / "manifest.json"));
  }
}

}  // namespace tables_tool_test
