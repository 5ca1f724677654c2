// Traffic and routing names are parsed in one place each (docs/design.md, "Parse once, at the
// edge"): metrics::parse_traffic (include/shiftfly/metrics/flow/traffic_spec.hpp) and
// routing::parse_routing (include/shiftfly/routing/routing_spec.hpp). Everywhere else the
// library, the tools and the Python bindings hold a traffic_spec or a routing_spec, so no
// other file under include/, tools/ or python/src compares text with one of the names: no
// `x == "uniform"`, `"valiant" != x`, `s.rfind("file:", 0)` or CLI::IsMember({"ecmp", ...}).
// Two names are left out of the scan because they are also other things' names: `file` (the
// graph source of the commands) and `booksim` (a graph file format); their traffic and tie forms
// are caught as `file:` and by parse_routing's tie.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace spec_parsing_test {

namespace fs = std::filesystem;

namespace spec_parsing {

std::string read_text(const fs::path& p) {
  std::ifstream in(p);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

// (a named namespace: the design tests compile as one unity translation unit)
// Line comments blanked: a comment may quote a name.
std::string without_line_comments(const std::string& text) {
  std::string out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const auto c = line.find("//");
    out += (c == std::string::npos ? line : line.substr(0, c)) + "\n";
  }
  return out;
}

const std::string names =
    "uniform|permutation|groups|moe|tornado|bit-complement|transpose|shift|worst|file:|"
    "minimal|ecmp|spread|dor|valiant|ksp|lowest";

// Every place in `code` where a name is compared as text; one "file:line: text" a match.
std::vector<std::string> comparisons(const fs::path& file, const std::string& code) {
  const std::string lit = "\"(" + names + ")(:[^\"]*)?\"";
  const std::vector<std::regex> patterns{
      std::regex("(==|!=)\\s*" + lit),                                  // x == "name"
      std::regex(lit + "\\s*(==|!=)"),                                  // "name" == x
      std::regex("(rfind|find|starts_with|compare)\\(\\s*" + lit),      // s.rfind("name:", 0)
      std::regex("IsMember\\(\\s*\\{[^}]*" + lit),                      // CLI::IsMember({"name", ...})
  };
  std::vector<std::string> found;
  std::istringstream lines(code);
  std::size_t number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    for (const auto& p : patterns)
      if (std::regex_search(line, p)) {
        found.push_back(file.generic_string() + ":" + std::to_string(number) + ": " + line);
        break;
      }
  }
  return found;
}

}  // namespace spec_parsing

TEST_CASE("traffic and routing names are parsed in their one place each", "[design]") {
  const fs::path root(SHIFTFLY_SOURCE_DIR);
  const fs::path traffic_home = root / "include/shiftfly/metrics/flow/traffic_spec.hpp";
  const fs::path routing_home = root / "include/shiftfly/routing/routing_spec.hpp";
  // the scan sees the parsers themselves (else it would pass for finding nothing)
  CHECK_FALSE(spec_parsing::comparisons(traffic_home, spec_parsing::without_line_comments(spec_parsing::read_text(traffic_home))).empty());
  CHECK_FALSE(spec_parsing::comparisons(routing_home, spec_parsing::without_line_comments(spec_parsing::read_text(routing_home))).empty());

  std::vector<std::string> outside;
  std::size_t files = 0;
  for (const char* dir : {"include", "tools", "python/src"})
    for (const auto& e : fs::recursive_directory_iterator(root / dir)) {
      if (!e.is_regular_file()) continue;
      const auto ext = e.path().extension();
      if (ext != ".hpp" && ext != ".cpp" && ext != ".h") continue;
      if (fs::equivalent(e.path(), traffic_home) || fs::equivalent(e.path(), routing_home)) continue;
      ++files;
      for (auto& f : spec_parsing::comparisons(fs::relative(e.path(), root), spec_parsing::without_line_comments(spec_parsing::read_text(e.path()))))
        outside.push_back(std::move(f));
    }
  CHECK(files > 100);
  for (const auto& f : outside) UNSCOPED_INFO(f);
  CHECK(outside.empty());
}

TEST_CASE("the scan of spec_parsing_test catches a name compared as text", "[design]") {
  CHECK(spec_parsing::comparisons("a.cpp", "if (q.throughput == \"uniform\") x;").size() == 1);
  CHECK(spec_parsing::comparisons("a.cpp", "if (\"valiant\" != r) x;").size() == 1);
  CHECK(spec_parsing::comparisons("a.cpp", "if (v.rfind(\"file:\", 0) == 0) x;").size() == 1);
  CHECK(spec_parsing::comparisons("a.cpp", "->check(CLI::IsMember({\"minimal\", \"ecmp\"}));").size() == 1);
  CHECK(spec_parsing::comparisons("a.cpp", "if (o.family->family == \"file\") x;").empty());   // the graph source
  CHECK(spec_parsing::comparisons("a.cpp", "if (format == \"booksim\") x;").empty());          // a file format
  CHECK(spec_parsing::comparisons("a.cpp", "q.traffic = parse_traffic(\"uniform\");").empty());  // parsed, not compared
}

}  // namespace spec_parsing_test
