// The test files share two unity units (tests/CMakeLists.txt), so each keeps its names to itself:
// after its includes, a file's code lives in a namespace named after the file, which closes on
// the file's last line, and no include comes after it (an include inside the namespace would put
// a header's names in it). (That no two test files share a name, which Catch's file tag needs,
// tests/CMakeLists.txt checks when it configures: a tree that breaks it builds no test program.)
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace test_files_test {

namespace fs = std::filesystem;

namespace {

std::string trimmed(const std::string& line) {
  const auto b = line.find_first_not_of(" \t\r");
  if (b == std::string::npos) return {};
  return line.substr(b, line.find_last_not_of(" \t\r") - b + 1);
}

// What is wrong with the layout of the test file `name` (its stem, say "graph_test"), in order
// of the lines; empty when nothing is.
std::vector<std::string> layout_problems(const std::string& text, const std::string& name) {
  std::vector<std::string> problems;
  std::istringstream in(text);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(trimmed(line));
  const std::string open = "namespace " + name + " {";
  const std::string close = "}  // namespace " + name;
  std::size_t i = 0;
  bool in_comment = false;
  for (; i < lines.size(); ++i) {
    const std::string& l = lines[i];
    if (in_comment) {
      if (l.find("*/") != std::string::npos) in_comment = false;
      continue;
    }
    if (l.empty() || l.rfind("//", 0) == 0 || l.rfind('#', 0) == 0) continue;
    if (l.rfind("/*", 0) == 0) {
      in_comment = l.find("*/") == std::string::npos;
      continue;
    }
    break;
  }
  if (i == lines.size() || lines[i] != open) {
    problems.push_back("the first line of code is not `" + open + "`" +
                       (i < lines.size() ? " (line " + std::to_string(i + 1) + ": " + lines[i] + ")" : ""));
    return problems;
  }
  for (std::size_t j = i + 1; j < lines.size(); ++j)
    if (lines[j].rfind("#include", 0) == 0)
      problems.push_back("line " + std::to_string(j + 1) + " includes inside the file's namespace: " + lines[j]);
  std::size_t last = lines.size();
  while (last > 0 && lines[last - 1].empty()) --last;
  if (last == 0 || lines[last - 1] != close) problems.push_back("the last line is not `" + close + "`");
  return problems;
}

}  // namespace

TEST_CASE("layout_problems: a file whose names would reach the next file of its unit is caught", "[design][test_files]") {
  const std::string good =
      "// a comment\n#include <vector>\n/* a block\n   comment */\n#include \"x.hpp\"\n\n"
      "namespace a_test {\n\nusing namespace shiftfly;\nTEST_CASE(\"x\") {}\n\n}  // namespace a_test\n";
  CHECK(layout_problems(good, "a_test").empty());
  // code before the namespace: a using-directive at file scope reaches every later file
  CHECK(layout_problems("#include <vector>\nusing namespace shiftfly;\nnamespace a_test {\n}  // namespace a_test\n",
                        "a_test")
            .size() == 1);
  // the namespace named after another file
  CHECK(layout_problems(good, "b_test").size() == 1);
  // an include after the namespace opens
  const auto late = layout_problems(
      "#include <vector>\nnamespace a_test {\n#include <map>\n}  // namespace a_test\n", "a_test");
  REQUIRE(late.size() == 1);
  CHECK(late[0].find("line 3") != std::string::npos);
  // code after the namespace closes
  CHECK(layout_problems("namespace a_test {\n}  // namespace a_test\nint x;\n", "a_test").size() == 1);
  // no code at all
  CHECK(layout_problems("// nothing\n", "a_test").size() == 1);
}

TEST_CASE("every test file keeps its names in a namespace named after it", "[design][test_files]") {
  const fs::path root = fs::path(SHIFTFLY_SOURCE_DIR) / "tests";
  std::size_t files = 0;
  std::string report;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    const fs::path& p = entry.path();
    const std::string file = p.filename().string();
    if (!entry.is_regular_file() || file.size() < 9 || file.substr(file.size() - 9) != "_test.cpp") continue;
    ++files;
    std::ifstream in(p, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    for (const auto& problem : layout_problems(text.str(), p.stem().string()))
      report += fs::relative(p, root).string() + ": " + problem + "\n";
  }
  INFO(report);
  CHECK(files > 150);
  CHECK(report.empty());
}

}  // namespace test_files_test
