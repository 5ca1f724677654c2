// The repository speaks only of itself: no file points at a folder beside the
// checkout, at a path of some machine, or at an issue tracker's numbers; sources
// outside it are cited through docs/references.md. The patterns are spelled in
// pieces here, so that this file does not match itself.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "shiftfly/core/version.hpp"

namespace repository_test {

namespace fs = std::filesystem;

namespace {

// Directories that are not the project's text: version control and build trees.
bool skipped(const fs::path& dir) {
  const std::string name = dir.filename().string();
  return name == ".git" || name.rfind("build", 0) == 0 || name == "__pycache__";
}

std::vector<std::string> outside_references(const std::string& text) {
  static const std::vector<std::pair<std::string, std::regex>> patterns{
      {"a folder beside the checkout", std::regex(R"(\.\./)" "shared")},
      {"a path of some machine", std::regex("(/" "work/|/" "home/|/" "root/|/" "Users/)")},
      {"the founding documents", std::regex("seeds" "/|DESIGN" "\\.md")},
      {"an issue number", std::regex("[Ii]ssues? #?[0-9]+")},
  };
  std::vector<std::string> found;
  std::istringstream lines(text);
  std::size_t line_no = 0;
  for (std::string line; std::getline(lines, line);) {
    ++line_no;
    for (const auto& [what, re] : patterns)
      if (std::regex_search(line, re)) found.push_back("line " + std::to_string(line_no) + ": " + what + ": " + line.substr(0, 120));
  }
  return found;
}

}  // namespace

TEST_CASE("no file of the repository points outside it", "[design][repository]") {
  const fs::path root(SHIFTFLY_SOURCE_DIR);
  std::size_t files = 0;
  std::string report;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
    if (it->is_directory()) {
      if (skipped(it->path())) it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file() || it->file_size() > (std::uintmax_t{4} << 20)) continue;
    std::ifstream in(it->path(), std::ios::binary);
    std::ostringstream os;
    os << in.rdbuf();
    const std::string text = os.str();
    if (text.find('\0') != std::string::npos) continue;  // binary
    ++files;
    for (const auto& f : outside_references(text)) report += fs::relative(it->path(), root).generic_string() + ": " + f + "\n";
  }
  INFO(report);
  CHECK(files > 300);
  CHECK(report.empty());
}

TEST_CASE("the outside-reference check finds what it looks for", "[design][repository]") {
  CHECK(outside_references("see ../" "shared/DESIGN" ".md").size() == 2);  // a folder beside, a founding document
  CHECK(outside_references("built in /" "home/someone/b").size() == 1);
  CHECK(outside_references("as in iss" "ue 8").size() == 1);
  CHECK(outside_references("see seeds" "/001").size() == 1);
  CHECK(outside_references("docs/references.md, Theorem 5.2").empty());
}

TEST_CASE("the version is written once: CITATION.cff repeats core::version", "[design][repository]") {
  std::ifstream in(fs::path(SHIFTFLY_SOURCE_DIR) / "CITATION.cff");
  REQUIRE(in.good());
  std::string line, cited;
  while (std::getline(in, line))
    if (line.rfind("version: ", 0) == 0) cited = line.substr(9);
  CHECK(cited == std::string(shiftfly::core::version));
}

}  // namespace repository_test
