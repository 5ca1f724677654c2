// One home for shortest-path splits and one for channels (docs/design.md, "One home for
// shortest-path splits"). Every split of flow over shortest paths runs the pass of
// include/shiftfly/metrics/distances/destination_pass.hpp, whose policy says what differs, and
// a channel's index is computed only by include/shiftfly/core/channel.hpp. So:
// - no other file under include/, tools/ or python/src tests a next hop by hand: a distance
//   compared with another distance plus or minus one (`dist[x] + 1 == dist[u]`,
//   `d[v] == d[u] - 1`, `dist[v] == du1`), which is what a second split engine (or a second
//   next-hop table) has to write;
// - no other file defines channel_count, channel_of, channel_at, channel_ends or
//   reverse_channels, or turns a neighbour's position into a channel by adding it to the row's
//   offset (`offsets()[u] + pos`, `offsets[u] + (it - nb.begin())`).
// The lists of files allowed to keep a hand-made form only shrink.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace split_home_test {

namespace fs = std::filesystem;

namespace split_home {

// (a named namespace: the design tests compile as one unity translation unit)
std::string read_text(const fs::path& p) {
  std::ifstream in(p);
  std::ostringstream os;
  os << in.rdbuf();
  return os.str();
}

// Line comments blanked: a comment may describe the rule.
std::string without_line_comments(const std::string& text) {
  std::string out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const auto c = line.find("//");
    out += (c == std::string::npos ? line : line.substr(0, c)) + "\n";
  }
  return out;
}

// "file:line: text" for every line of `code` that one of `patterns` matches.
std::vector<std::string> matches(const std::string& file, const std::string& code, const std::vector<std::regex>& patterns) {
  std::vector<std::string> found;
  std::istringstream lines(code);
  std::size_t number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    for (const auto& p : patterns)
      if (std::regex_search(line, p)) {
        found.push_back(file + ":" + std::to_string(number) + ": " + line);
        break;
      }
  }
  return found;
}

// A next hop tested by hand: two distances (indexed names containing "dist", or d[...]) one apart.
const std::vector<std::regex>& next_hop_tests() {
  static const std::string I = R"(\[([^\[\]]|\[[^\]]*\])*\])";  // an index, one nested index allowed
  static const std::string D = R"((\b\w*dist\w*|\bd)\s*)" + I + R"((\s*)" + I + R"()?)";
  static const std::vector<std::regex> p{
      std::regex(D + R"(\s*\+\s*1\s*==)"),                        // dist[x] + 1 == dist[u]
      std::regex(R"(==\s*)" + D + R"(\s*\+\s*1\b)"),              // dist[u] == dist[x] + 1
      std::regex(D + R"(\s*==\s*)" + D + R"(\s*-\s*1\b)"),        // dist[v] == dist[u] - 1
      std::regex(D + R"(\s*==\s*(du1?|before|du\s*-\s*1)\b)"),    // dist[v] == du (du = dist[u] - 1)
  };
  return p;
}

// A channel defined or indexed by hand.
const std::vector<std::regex>& channel_definitions() {
  static const std::vector<std::regex> p{
      std::regex(R"(\b(channel_count|channel_of|channel_at|channel_ends|reverse_channels)\s*\([^;]*\)\s*(const\s*)?\{)"),
      std::regex(R"(offsets(\(\))?\s*\[[^\]]+\]\s*\)?\s*\+\s*(static_cast<[^>]*>\s*\()?\s*\(?\s*(pos|position|j|it\s*-))"),
  };
  return p;
}

}  // namespace split_home

TEST_CASE("shortest-path splits run the one pass, and channels are indexed in one place", "[design]") {
  const fs::path root(SHIFTFLY_SOURCE_DIR);
  const std::string split_home_file = "include/shiftfly/metrics/distances/destination_pass.hpp";
  const std::string channel_home_file = "include/shiftfly/core/channel.hpp";
  // Files that still index a channel by hand: collectives' simulator checks a schedule's
  // messages against the links with its own message naming the chips. Only shrinks.
  const std::set<std::string> channel_by_hand{"include/shiftfly/collectives/simulator.hpp"};

  // the scans see the homes themselves (else they would pass for finding nothing)
  CHECK_FALSE(split_home::matches(split_home_file, split_home::without_line_comments(split_home::read_text(root / split_home_file)),
                                  split_home::next_hop_tests())
                  .empty());
  CHECK_FALSE(split_home::matches(channel_home_file, split_home::without_line_comments(split_home::read_text(root / channel_home_file)),
                                  split_home::channel_definitions())
                  .empty());

  std::vector<std::string> splits, channels;
  std::set<std::string> by_hand_seen;
  std::size_t files = 0;
  for (const char* dir : {"include", "tools", "python/src"})
    for (const auto& e : fs::recursive_directory_iterator(root / dir)) {
      if (!e.is_regular_file()) continue;
      const auto ext = e.path().extension();
      if (ext != ".hpp" && ext != ".cpp" && ext != ".h") continue;
      ++files;
      const std::string name = fs::relative(e.path(), root).generic_string();
      const std::string code = split_home::without_line_comments(split_home::read_text(e.path()));
      if (name != split_home_file)
        for (auto& f : split_home::matches(name, code, split_home::next_hop_tests())) splits.push_back(std::move(f));
      if (name == channel_home_file) continue;
      auto found = split_home::matches(name, code, split_home::channel_definitions());
      if (channel_by_hand.count(name)) {
        if (!found.empty()) by_hand_seen.insert(name);
        continue;
      }
      for (auto& f : found) channels.push_back(std::move(f));
    }
  CHECK(files > 100);
  for (const auto& f : splits) UNSCOPED_INFO("a next hop tested outside destination_pass.hpp: " << f);
  CHECK(splits.empty());
  for (const auto& f : channels) UNSCOPED_INFO("a channel indexed outside core/channel.hpp: " << f);
  CHECK(channels.empty());
  // a file on the list that no longer indexes by hand leaves the list
  for (const auto& f : channel_by_hand) {
    INFO(f << " no longer indexes a channel by hand: remove it from channel_by_hand");
    CHECK(by_hand_seen.count(f) == 1);
  }
}

TEST_CASE("the scans of split_home_test catch a second split engine and a second channel index", "[design]") {
  const auto& s = split_home::next_hop_tests();
  CHECK(split_home::matches("a.hpp", "if (w.dist[x] + 1 == w.dist[u]) s += sigma[x];", s).size() == 1);
  CHECK(split_home::matches("a.hpp", "if (dist[v] == du) load[i] += x;", s).size() == 1);
  CHECK(split_home::matches("a.hpp", "if (dist[in.tail[k]] == before) total += c[k];", s).size() == 1);
  CHECK(split_home::matches("a.hpp", "if (d[w] + 1 == d[v]) parent = w;", s).size() == 1);
  CHECK(split_home::matches("a.hpp", "if (dist[t][w] + 1 == dist[t][s]) hops.push_back(w);", s).size() == 1);
  CHECK(split_home::matches("a.hpp", "if (level[v] == level[u] - 1) x += y;", s).empty());  // not a distance
  CHECK(split_home::matches("a.hpp", "dist[v] = dist[u] + 1;", s).empty());                 // the BFS itself
  const auto& c = split_home::channel_definitions();
  CHECK(split_home::matches("a.hpp", "std::uint64_t channel_of(const G& g, V u, V v) {", c).size() == 1);
  CHECK(split_home::matches("a.hpp", "emit(g.offsets()[u] + pos, f);", c).size() == 1);
  CHECK(split_home::matches("a.hpp", "const auto arc = offsets[m.src] + static_cast<std::size_t>(it - nb.begin());", c).size() == 1);
  CHECK(split_home::matches("a.hpp", "const auto c = channel_of(g, u, v);", c).empty());  // a use, not a definition
}

}  // namespace split_home_test
