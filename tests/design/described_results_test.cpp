// Every result is described once (docs/design.md, "Results described once"): a result
// reaches a reader only through its description (core/record.hpp), which the tools' JSON
// and text and the Python dicts are written from. Mechanically:
//
//  1. No file under tools/ but tools/common/ (the writers) builds JSON itself: a line
//     that names nlohmann:: converts a record (it also names to_json).
//  2. No file under python/src/ but results.cpp (the registry of described results) sets a
//     dict item by a string key (`d["name"] =`), beyond the hand-written keys listed below,
//     which only shrink: a file may lose keys, never gain them.
//  3. Every struct named *_report under include/shiftfly/ (a command's answer) has a
//     describe(const X&) overload under include/shiftfly/, or is listed below with the
//     description it is part of.
//
// Python's result classes are held to their descriptions by python/tests/test_results.py.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace described_results_test {

namespace fs = std::filesystem;

namespace {

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool is_source(const fs::path& p) { return p.extension() == ".cpp" || p.extension() == ".hpp"; }

std::string repo_path(const fs::path& p) { return fs::relative(p, SHIFTFLY_SOURCE_DIR).generic_string(); }

/// Files that write JSON by hand: none (a file listed here would be allowed to).
const std::set<std::string> hand_json_in_tools = {};
/// The string-keyed dict items python/src/ may still set: data, not results. Each count only shrinks.
const std::map<std::string, std::size_t> hand_keys_in_python = {
    {"python/src/routing.cpp", 1},    // the channel loads as a NumPy array beside their description
    {"python/src/graphs.cpp", 26},    // the family descriptors (data: parameters, coordinates, shift labels)
    {"python/src/tables.cpp", 7},     // a table's cells (data)
    {"python/src/halley.cpp", 4},     // cost_model_defaults: the inputs' defaults, not a result
};
const std::map<std::string, std::string> reports_described_inside = {
    {"schedule_report", "collectives/describe.hpp: describe(const allreduce_formulas&), its torus and ring"},
};

}  // namespace

TEST_CASE("the tools build no JSON by hand: they print descriptions", "[design]") {
  std::vector<std::string> offenders;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(SHIFTFLY_SOURCE_DIR) / "tools")) {
    if (!e.is_regular_file() || !is_source(e.path())) continue;
    const std::string rel = repo_path(e.path());
    if (rel.rfind("tools/common/", 0) == 0 || hand_json_in_tools.count(rel)) continue;
    std::istringstream lines(read_all(e.path()));
    std::string line;
    for (std::size_t n = 1; std::getline(lines, line); ++n) {
      const auto code = line.substr(0, line.find("//"));
      if (code.find("nlohmann::") != std::string::npos && code.find("to_json") == std::string::npos)
        offenders.push_back(rel + ":" + std::to_string(n) + ": " + line);
    }
  }
  INFO("describe the result in the library (core/record.hpp) and print its record");
  for (const auto& o : offenders) UNSCOPED_INFO(o);
  CHECK(offenders.empty());
}

TEST_CASE("the Python bindings write no new dict by hand: results arrive as descriptions", "[design]") {
  const std::regex keyed(R"re(\[\s*"[A-Za-z_][A-Za-z_0-9]*"\s*\]\s*=[^=])re");
  std::vector<std::string> over;
  for (const auto& e : fs::directory_iterator(fs::path(SHIFTFLY_SOURCE_DIR) / "python" / "src")) {
    if (!e.is_regular_file() || !is_source(e.path())) continue;
    const std::string rel = repo_path(e.path());
    if (rel == "python/src/results.cpp") continue;
    const std::string text = read_all(e.path());
    const auto count = static_cast<std::size_t>(std::distance(std::sregex_iterator(text.begin(), text.end(), keyed),
                                                              std::sregex_iterator()));
    const auto allowed = hand_keys_in_python.count(rel) ? hand_keys_in_python.at(rel) : std::size_t{0};
    if (count > allowed)
      over.push_back(rel + ": " + std::to_string(count) + " string-keyed dict items, at most " + std::to_string(allowed));
  }
  INFO("return to_python(describe(result)) (python/src/record.hpp) and register the class in results.cpp");
  for (const auto& o : over) UNSCOPED_INFO(o);
  CHECK(over.empty());
}

TEST_CASE("every *_report struct under include/ has a description", "[design]") {
  const std::regex report_struct(R"(\bstruct\s+([a-z_0-9]+_report)\s*\{)");
  std::set<std::string> reports;
  std::string all;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(SHIFTFLY_SOURCE_DIR) / "include" / "shiftfly")) {
    if (!e.is_regular_file() || e.path().extension() != ".hpp") continue;
    const std::string text = read_all(e.path());
    all += text;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), report_struct); it != std::sregex_iterator(); ++it)
      reports.insert((*it)[1].str());
  }
  REQUIRE(reports.count("sizing_report") == 1);  // the scan finds the structs
  std::vector<std::string> undescribed;
  for (const auto& name : reports) {
    const std::regex overload("describe\\(const\\s+(?:[a-z_:]+::)?" + name + "\\s*&");
    if (!std::regex_search(all, overload) && !reports_described_inside.count(name)) undescribed.push_back(name);
  }
  for (const auto& [name, where] : reports_described_inside) {
    INFO(name << " is listed as described inside " << where);
    CHECK(reports.count(name) == 1);
  }
  INFO("add core::record describe(const X&) beside the struct or in its layer's describe header");
  for (const auto& u : undescribed) UNSCOPED_INFO(u);
  CHECK(undescribed.empty());
}

}  // namespace described_results_test
