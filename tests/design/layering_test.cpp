// The layers of docs/design.md hold: no include under include/shiftfly goes
// against the layer order written there, and no directories include each other
// around a cycle. The order is read from the design document's layer table, so
// the document and the code cannot drift apart. And tables/ only presents: its
// headers include studies/ and report/ only (tables/halley/ also the Halley models
// of halley/), so every experiment a table shows is run by a study.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace layering_test {

namespace fs = std::filesystem;

namespace {

std::string read_text(const fs::path& p) {
  std::ifstream in(p);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

// A layer table of docs/design.md: rows "| <layer> | `dir`, `dir` | ..." between the
// markers <!-- layers --> and <!-- /layers --> (the directories of include/shiftfly), or
// <!-- metrics rooms --> and <!-- /metrics rooms --> (the rooms of include/shiftfly/metrics).
std::map<std::string, int> read_layers(const std::string& design, const std::string& table = "layers") {
  std::map<std::string, int> layer;
  const auto from = design.find("<!-- " + table + " -->"), to = design.find("<!-- /" + table + " -->");
  if (from == std::string::npos || to == std::string::npos) return layer;
  std::istringstream rows(design.substr(from, to - from));
  const std::regex row(R"(^\|\s*(\d+)\s*\|([^|]*)\|)");
  const std::regex dir("`([a-z_]+)`");
  for (std::string line; std::getline(rows, line);) {
    std::smatch m;
    if (!std::regex_search(line, m, row)) continue;
    const int n = std::stoi(m[1]);
    const std::string dirs = m[2];
    for (std::sregex_iterator it(dirs.begin(), dirs.end(), dir), end; it != end; ++it) layer[(*it)[1]] = n;
  }
  return layer;
}

// One `#include "shiftfly/<to>/..."` in a header of directory <from>; `target` is the
// included path below shiftfly/ (empty where a test builds edges by hand).
struct include_edge {
  std::string file, from, to, target;
};

// The includes between directories of <root>/shiftfly (the component headers at its top are left out:
// they sit above every layer); with `within` (say "metrics"), the includes between the rooms of
// <root>/shiftfly/<within>, each room with its subfolders (metrics/distances/detail is in distances).
std::vector<include_edge> read_includes(const fs::path& root, const std::string& within = "") {
  std::vector<include_edge> edges;
  const std::string prefix = within.empty() ? "" : within + "/";
  const std::regex inc(R"re(^\s*#\s*include\s*"shiftfly/)re" + prefix + R"re((([a-z_]+)/[^"]+)")re");
  const fs::path base = within.empty() ? root / "shiftfly" : root / "shiftfly" / within;
  for (const auto& entry : fs::recursive_directory_iterator(base)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".hpp") continue;
    const fs::path rel = fs::relative(entry.path(), base);
    if (rel.begin() == rel.end() || std::next(rel.begin()) == rel.end()) continue;  // a component header
    const std::string from = rel.begin()->string();
    std::istringstream lines(read_text(entry.path()));
    for (std::string line; std::getline(lines, line);) {
      std::smatch m;
      if (std::regex_search(line, m, inc) && m[2] != from) edges.push_back({rel.generic_string(), from, m[2], m[1]});
    }
  }
  std::sort(edges.begin(), edges.end(), [](const auto& a, const auto& b) { return a.file + a.to < b.file + b.to; });
  return edges;
}

// Every include against the order (to a directory of the same or a higher layer, or of no layer),
// and every cycle between directories, one line each.
std::vector<std::string> violations(const std::map<std::string, int>& layer, const std::vector<include_edge>& edges) {
  std::vector<std::string> out;
  std::map<std::string, std::set<std::string>> graph;
  for (const auto& e : edges) {
    graph[e.from].insert(e.to);
    const auto f = layer.find(e.from), t = layer.find(e.to);
    if (f == layer.end()) out.push_back(e.file + ": directory " + e.from + " has no layer in docs/design.md");
    else if (t == layer.end()) out.push_back(e.file + ": includes " + e.to + ", which has no layer in docs/design.md");
    else if (t->second >= f->second)
      out.push_back(e.file + ": " + e.from + " (layer " + std::to_string(f->second) + ") includes " + e.to + " (layer " +
                    std::to_string(t->second) + ")");
  }
  // cycles: a depth-first search that meets a directory on its own stack
  std::map<std::string, int> state;  // 0 new, 1 on the stack, 2 done
  std::vector<std::string> stack;
  std::function<void(const std::string&)> visit = [&](const std::string& d) {
    state[d] = 1;
    stack.push_back(d);
    for (const auto& next : graph[d]) {
      if (state[next] == 1) {
        std::string cycle;
        for (auto it = std::find(stack.begin(), stack.end(), next); it != stack.end(); ++it) cycle += *it + " -> ";
        out.push_back("include cycle: " + cycle + next);
      } else if (state[next] == 0) {
        visit(next);
      }
    }
    stack.pop_back();
    state[d] = 2;
  };
  for (const auto& [d, targets] : graph)
    if (state[d] == 0) visit(d);
  return out;
}

// Every include of a header under tables/ outside what a table may use: studies/ and report/
// (and tables/ itself); a header under tables/halley/ may also include halley/, whose models
// need no graph and run no experiment. One line each.
std::vector<std::string> presentation_violations(const std::vector<include_edge>& edges) {
  std::vector<std::string> out;
  for (const auto& e : edges) {
    if (e.from != "tables") continue;
    const bool halley_table = e.file.rfind("tables/halley/", 0) == 0;
    if (e.to == "studies" || e.to == "report" || (halley_table && e.to == "halley")) continue;
    out.push_back(e.file + ": a table includes " + (e.target.empty() ? e.to : e.target) +
                  "; tables/ includes only studies/ and report/" + (halley_table ? " (and halley/)" : ""));
  }
  return out;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + "\n";
  return s;
}

}  // namespace

TEST_CASE("the headers follow the layer order of docs/design.md, without cycles", "[design]") {
  const auto layer = read_layers(read_text(fs::path(SHIFTFLY_SOURCE_DIR) / "docs" / "design.md"));
  REQUIRE(layer.size() >= 10);
  // every directory of include/shiftfly has a layer
  for (const auto& entry : fs::directory_iterator(fs::path(SHIFTFLY_SOURCE_DIR) / "include" / "shiftfly"))
    if (entry.is_directory()) CHECK(layer.count(entry.path().filename().string()) == 1);
  const auto edges = read_includes(fs::path(SHIFTFLY_SOURCE_DIR) / "include");
  REQUIRE(edges.size() > 50);
  const auto v = violations(layer, edges);
  INFO(joined(v));
  CHECK(v.empty());
}

TEST_CASE("the rooms of metrics/ follow their order in docs/design.md, without cycles", "[design]") {
  const auto room = read_layers(read_text(fs::path(SHIFTFLY_SOURCE_DIR) / "docs" / "design.md"), "metrics rooms");
  REQUIRE(room.size() >= 5);
  // every room of include/shiftfly/metrics has a place, and metrics/ has no header outside a room
  for (const auto& entry : fs::directory_iterator(fs::path(SHIFTFLY_SOURCE_DIR) / "include" / "shiftfly" / "metrics")) {
    INFO(entry.path().generic_string());
    CHECK(entry.is_directory());
    if (entry.is_directory()) CHECK(room.count(entry.path().filename().string()) == 1);
  }
  const auto edges = read_includes(fs::path(SHIFTFLY_SOURCE_DIR) / "include", "metrics");
  REQUIRE(edges.size() > 10);
  const auto v = violations(room, edges);
  INFO(joined(v));
  CHECK(v.empty());
}

TEST_CASE("the layering check fails on an include cycle and on an include against the order", "[design]") {
  const std::map<std::string, int> layer{{"core", 0}, {"topology", 1}, {"metrics", 2}};
  // a cycle added on purpose, in a tree on disk: core includes metrics, metrics includes core
  const fs::path root = fs::temp_directory_path() / ("shiftfly_layering_test_" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "shiftfly" / "core");
  fs::create_directories(root / "shiftfly" / "metrics");
  std::ofstream(root / "shiftfly" / "core" / "a.hpp") << "#pragma once\n#include \"shiftfly/metrics/b.hpp\"\n";
  std::ofstream(root / "shiftfly" / "metrics" / "b.hpp") << "#pragma once\n#include \"shiftfly/core/a.hpp\"\n";
  std::ofstream(root / "shiftfly" / "all.hpp") << "#include \"shiftfly/metrics/b.hpp\"\n";  // a component: exempt
  const auto edges = read_includes(root);
  REQUIRE(edges.size() == 2);
  const auto v = violations(layer, edges);
  INFO(joined(v));
  CHECK(std::count_if(v.begin(), v.end(), [](const auto& s) { return s.rfind("include cycle:", 0) == 0; }) == 1);
  CHECK(std::count_if(v.begin(), v.end(), [](const auto& s) { return s.find("core (layer 0) includes metrics") != std::string::npos; }) == 1);
  fs::remove_all(root);
  // a cycle that the order alone would not name: two directories of no layer
  CHECK(violations({}, {{"x/a.hpp", "x", "y"}, {"y/b.hpp", "y", "z"}, {"z/c.hpp", "z", "x"}}).size() == 4);
  // an include downward is fine; sideways within a layer is not
  CHECK(violations(layer, {{"metrics/a.hpp", "metrics", "core"}}).empty());
  CHECK(violations({{"io", 1}, {"topology", 1}}, {{"io/a.hpp", "io", "topology"}}).size() == 1);
  // the table is read from the markers only
  const auto parsed = read_layers("| 9 | `x` |\n<!-- layers -->\n| Layer | Dirs |\n|---|---|\n| 0 | `core` |\n| 1 | `io`, `topology` | x |\n<!-- /layers -->\n");
  CHECK(parsed == std::map<std::string, int>{{"core", 0}, {"io", 1}, {"topology", 1}});
  // the rooms of a directory: an include from a lower room to a higher one is named
  const fs::path rooms = fs::temp_directory_path() / ("shiftfly_layering_rooms_test_" + std::to_string(::getpid()));
  fs::remove_all(rooms);
  fs::create_directories(rooms / "shiftfly" / "metrics" / "distances" / "detail");
  fs::create_directories(rooms / "shiftfly" / "metrics" / "flow");
  std::ofstream(rooms / "shiftfly" / "metrics" / "distances" / "detail" / "a.hpp")
      << "#pragma once\n#include \"shiftfly/metrics/flow/b.hpp\"\n#include \"shiftfly/core/c.hpp\"\n";
  std::ofstream(rooms / "shiftfly" / "metrics" / "flow" / "b.hpp") << "#pragma once\n#include \"shiftfly/metrics/distances/detail/a.hpp\"\n";
  const auto room_edges = read_includes(rooms, "metrics");
  REQUIRE(room_edges.size() == 2);
  const auto rv = violations({{"distances", 0}, {"flow", 1}}, room_edges);
  INFO(joined(rv));
  CHECK(std::count_if(rv.begin(), rv.end(), [](const auto& s) { return s.find("distances (layer 0) includes flow") != std::string::npos; }) == 1);
  CHECK(std::count_if(rv.begin(), rv.end(), [](const auto& s) { return s.rfind("include cycle:", 0) == 0; }) == 1);
  fs::remove_all(rooms);
  CHECK(read_layers("<!-- metrics rooms -->\n| 0 | `distances` |\n| 1 | `cuts` |\n<!-- /metrics rooms -->\n| 2 | `x` |\n", "metrics rooms") ==
        std::map<std::string, int>{{"cuts", 1}, {"distances", 0}});
}

TEST_CASE("tables/ includes only studies/ and report/ (tables/halley/ also halley/)", "[design]") {
  const auto edges = read_includes(fs::path(SHIFTFLY_SOURCE_DIR) / "include");
  REQUIRE(std::count_if(edges.begin(), edges.end(), [](const auto& e) { return e.from == "tables" && e.to == "studies"; }) >= 5);
  const auto v = presentation_violations(edges);
  INFO(joined(v));
  CHECK(v.empty());
}

TEST_CASE("the presentation rule fails on a table that runs a metric", "[design]") {
  // allowed: a table includes a study or report; a Halley table a Halley model
  CHECK(presentation_violations({{"tables/a.hpp", "tables", "studies", "studies/x.hpp"},
                                 {"tables/a.hpp", "tables", "report", "report/table.hpp"},
                                 {"tables/halley/b.hpp", "tables", "halley", "halley/ceiling.hpp"},
                                 {"studies/c.hpp", "studies", "metrics", "metrics/bfs.hpp"}})
            .empty());
  // refused: a table that includes a metric, a generator or core; a Shiftfly table a Halley model
  const auto v = presentation_violations({{"tables/a.hpp", "tables", "metrics", "metrics/all_pairs.hpp"},
                                          {"tables/a.hpp", "tables", "topology", "topology/kautz.hpp"},
                                          {"tables/a.hpp", "tables", "core", "core/checked.hpp"},
                                          {"tables/d.hpp", "tables", "halley", "halley/ceiling.hpp"}});
  INFO(joined(v));
  CHECK(v.size() == 4);
  CHECK(v[0] == "tables/a.hpp: a table includes metrics/all_pairs.hpp; tables/ includes only studies/ and report/");
  // and a study may not include a table
  CHECK(violations({{"studies", 6}, {"tables", 7}}, {{"studies/e.hpp", "studies", "tables", "tables/other.hpp"}}).size() == 1);
}

}  // namespace layering_test
