// Long functions become named steps: no function or lambda body under include/ runs over 150
// lines (docs/design.md, "Simple and visible"; bodies found by function_bodies.hpp, whose own
// test is in thin_tools_test.cpp). A body counts every line from its `{` to its `}`.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "function_bodies.hpp"

namespace function_length_test {

TEST_CASE("a body of 202 lines is found and measured", "[design][length]") {
  std::string text = "namespace a {\ninline void h(int k) {\n";
  for (int i = 0; i < 200; ++i) text += "  ++k;\n";
  text += "}\n}  // namespace a\n";
  const auto bodies = design_scan::function_bodies(text);
  REQUIRE(bodies.size() == 1);
  CHECK(bodies[0].first_line == 2);
  CHECK(bodies[0].lines == 202);
}

TEST_CASE("no function under include/ is longer than 150 lines", "[design][length]") {
  namespace fs = std::filesystem;
  const fs::path root = fs::path(SHIFTFLY_SOURCE_DIR) / "include";
  std::size_t headers = 0, functions = 0;
  std::string report;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".hpp") continue;
    ++headers;
    for (const design_scan::body& b : design_scan::function_bodies(design_scan::read(entry.path()))) {
      ++functions;
      if (b.lines > 150)
        report += fs::relative(entry.path(), root.parent_path()).generic_string() + ":" + std::to_string(b.first_line) +
                  ": " + std::to_string(b.lines) + " lines: " + b.head + "\n";
    }
  }
  INFO(report);
  CHECK(headers >= 100);
  CHECK(functions >= 1000);
  CHECK(report.empty());
}

}  // namespace function_length_test
