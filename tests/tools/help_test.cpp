// --help, walked through every command of both tools: every option states its
// type, every integer option its accepted range, every optional option its
// default (or "none" where leaving it out means "not asked"), every enumerated
// option its accepted values, and every description starts with a capital.
#include <catch2/catch.hpp>

#include <cctype>
#include <sstream>
#include <string>
#include <vector>

#include "help_walk.hpp"
#include "run_tool.hpp"

namespace help_test {

namespace help_walk {

/// The option lines ("  --name TYPE ...") of a help text, with the description that follows.
struct option_line {
  std::string spec, description;
};
inline std::vector<option_line> options_of(const std::string& help) {
  // CLI11 pads "  <spec>" to 30 columns and writes the description after it; a spec of
  // 28 characters or more is followed by a new line, and the description by 30 spaces.
  std::vector<std::string> lines;
  std::istringstream in(help);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  const auto description_line = [](const std::string& l) { return l.size() > 30 && l.find_first_not_of(' ') == 30; };
  std::vector<option_line> out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& l = lines[i];
    if (l.rfind("  -", 0) != 0) continue;
    if (i + 1 < lines.size() && description_line(lines[i + 1])) {
      out.push_back({l.substr(2, l.find_last_not_of(' ') - 1), lines[i + 1].substr(30)});
    } else {
      std::string spec = l.substr(2, 28);
      spec = spec.substr(0, spec.find_last_not_of(' ') + 1);
      out.push_back({spec, l.size() > 30 ? l.substr(30) : std::string()});
    }
  }
  return out;
}

}  // namespace help_walk

TEST_CASE("--help of every command states types, ranges, defaults and accepted values", "[tools][help]") {
  auto helps = shiftfly::test::walk_help("shiftfly");
  const auto halley = shiftfly::test::walk_help("halley");
  helps.insert(helps.end(), halley.begin(), halley.end());
  CHECK(helps.size() >= 30);
  std::size_t options = 0;
  for (const auto& [command, help, leaf] : helps) {
    for (const auto& o : help_walk::options_of(help)) {
      INFO(command << ": " << o.spec << " | " << o.description);
      if (o.spec.rfind("-h,--help", 0) == 0 || o.spec.rfind("--version", 0) == 0) continue;
      ++options;
      REQUIRE(!o.description.empty());
      CHECK(std::isupper(static_cast<unsigned char>(o.description[0])));
      const bool is_switch = o.spec.find(' ') == std::string::npos;  // a flag without a value shows no type
      if (is_switch) continue;
      const std::string type = o.spec.substr(o.spec.find(' ') + 1);
      CHECK((type.rfind("UINT", 0) == 0 || type.rfind("INT", 0) == 0 || type.rfind("FLOAT", 0) == 0 ||
             type.rfind("TEXT", 0) == 0 || type.rfind("LIST", 0) == 0 || type.rfind("ID", 0) == 0));
      if (type.rfind("UINT", 0) == 0 || type.rfind("INT", 0) == 0 || type.rfind("LIST of UINT", 0) == 0)
        CHECK(type.find(" in [") != std::string::npos);
      if (type.find("REQUIRED") == std::string::npos && type.find("Excludes:") == std::string::npos &&
          type.find("Needs:") == std::string::npos)
        CHECK(type.find('=') != std::string::npos);  // its default
      if (o.spec.rfind("--format ", 0) == 0 || o.spec.rfind("--level ", 0) == 0 || o.spec.rfind("--profile", 0) == 0)
        CHECK(type.find(":{") != std::string::npos);  // the accepted values
    }
    // Subcommand descriptions start with a capital too.
    std::istringstream lines(help);
    bool in = false;
    for (std::string line; std::getline(lines, line);) {
      if (line.rfind("Subcommands:", 0) == 0) in = true;
      else if (in && line.size() > 30 && line[0] == ' ' && line[2] != ' ') {
        INFO(command << ": " << line);
        CHECK(std::isupper(static_cast<unsigned char>(line[30])));
      }
    }
  }
  CHECK(options >= 60);
}

TEST_CASE("tables --help lists the sections and the tables --only accepts", "[tools][help]") {
  const auto help = shiftfly::test::run_tool("shiftfly", "tables --help").out;
  for (const char* id : {"moore", "scale", "moore_audit", "equal_cost", "diameter_vs_scale", "chip_validation"}) {
    INFO(id);
    CHECK(help.find(id) != std::string::npos);
  }
  CHECK(help.find("=exact") != std::string::npos);  // the default profile
  const auto only = shiftfly::test::run_tool("shiftfly", "tables --profile paper --only equal_cost --format csv");
  REQUIRE(only.status == 0);
  CHECK(only.out.rfind("# equal_cost\n", 0) == 0);
  CHECK(only.out.find("# moore_audit") == std::string::npos);
}

}  // namespace help_test
