// The tools are thin: a subcommand parses its flags, calls one library function and
// prints (docs/design.md, "The tools"). This test keeps every function of tools/
// short: no function or lambda body under tools/ runs over 120 lines, and the
// metrics subcommand's run function over 60 (bodies found by function_bodies.hpp).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "function_bodies.hpp"

namespace thin_tools_test {

namespace fs = std::filesystem;
using design_scan::body;
using design_scan::function_bodies;
using design_scan::read;

TEST_CASE("the length check finds function bodies and skips control blocks", "[design][tools]") {
  const std::string text =
      "int f(int x) const {\n  if (x) {\n    return 1;\n  }\n  // { not code\n  const char* s = \"}\";\n  return 0;\n}\n"
      "auto g = [](int y) -> int {\n  return y;\n};\n";
  const auto bodies = function_bodies(text);
  REQUIRE(bodies.size() == 2);
  CHECK(bodies[0].lines == 8);
  CHECK(bodies[0].first_line == 1);
  CHECK(bodies[1].lines == 3);
  CHECK(bodies[1].first_line == 9);
}

TEST_CASE("no function in tools/ is longer than 120 lines; the metrics subcommand's run function 60", "[design][tools]") {
  const fs::path root = fs::path(SHIFTFLY_SOURCE_DIR) / "tools";
  std::size_t files = 0, functions = 0;
  std::string report;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    const std::string ext = entry.path().extension().string();
    if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
    ++files;
    for (const body& b : function_bodies(read(entry.path()))) {
      ++functions;
      std::size_t limit = 120;
      if (entry.path().filename() == "metrics.cpp" && b.head.find("run_metrics") != std::string::npos) limit = 60;
      if (b.lines > limit)
        report += fs::relative(entry.path(), root.parent_path()).string() + ":" + std::to_string(b.first_line) + ": " +
                  std::to_string(b.lines) + " lines (at most " + std::to_string(limit) + "): " + b.head + "\n";
    }
  }
  INFO(report);
  CHECK(files >= 10);
  CHECK(functions >= 50);
  CHECK(report.empty());
}

}  // namespace thin_tools_test
