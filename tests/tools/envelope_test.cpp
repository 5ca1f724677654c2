// Every subcommand's `--format json` output is one object in the same envelope
// (tools/common/envelope.hpp, docs/cli.md): tool, version, command, parameters,
// result. The list below must name every subcommand the tools' --help lists.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "common/envelope.hpp"
#include "help_walk.hpp"
#include "json_output.hpp"
#include "run_tool.hpp"
#include "shiftfly/topology/families.hpp"

namespace envelope_test {

namespace envelope_cases {

struct json_case {
  std::string tool;
  std::string args;     ///< without --format json
  std::string command;  ///< the envelope's command
};

inline std::string demand_file() {
  const std::string path = std::string(SHIFTFLY_BIN) + "/envelope_demand.csv";
  std::ofstream(path) << "9,1,0,1\n1,8,1,0\n0,1,7,2\n0,0,2,6\n";
  return path;
}

inline std::vector<json_case> cases() {
  std::vector<json_case> c;
  const std::vector<std::pair<std::string, std::string>> families{
      {"torus", "--dims 4,4"},      {"kautz", "--d 2 --D 3"},           {"de-bruijn", "--d 2 --D 3"},
      {"gen-de-bruijn", "--n 10 --d 2"}, {"imase-itoh", "--n 10 --d 2"}, {"boardfly", "--groups 2"},
      {"shiftfly", "--groups 6"},        {"polarfly", "--q 3"},              {"slimfly", "--q 3"},
      {"dragonfly", "--a 2 --h 1"},      {"hyperx", "--dims 3,2"},           {"fat-tree", "--k 4"}, {"xgft", "--m 2,2 --w 1,2"},
      {"jellyfish", "--routers 10 --degree 3"},
      {"file", "--path " + std::string(SHIFTFLY_FIXTURES) + "/files/racks.txt"}};
  // A family registered since has its descriptor's example as its case (topology/families.hpp).
  auto all = families;
  for (const auto* f : shiftfly::topology::families()) {
    if (std::any_of(families.begin(), families.end(), [&](const auto& p) { return p.first == f->name; })) continue;
    std::string flags;
    for (const auto& [id, value] : f->example) flags += (flags.empty() ? "--" : " --") + id + " " + shiftfly::topology::value_text(value);
    all.emplace_back(f->name, flags);
  }
  for (const auto& [family, flags] : all) {
    c.push_back({"shiftfly", "metrics " + family + " " + flags, "shiftfly metrics " + family});
    c.push_back({"shiftfly", "graph " + family + " " + flags, "shiftfly graph " + family});
    c.push_back({"shiftfly", "load " + family + " " + flags + " --routing minimal", "shiftfly load " + family});
    // cost: routers of 2 ports (a two-level XGFT's top switches, 2 groups of Boardfly) have a negative price under
    // the Slim Fly model, so those two take larger instances
    const std::string cost_flags = family == "xgft" ? "--m 4,4 --w 1,4" : family == "boardfly" ? "--groups 40" : flags;
    c.push_back({"shiftfly", "cost " + family + " " + cost_flags, "shiftfly cost " + family});
    c.push_back({"shiftfly", "collective " + family + " " + flags + " --op all-gather --bytes 1", "shiftfly collective " + family});
  }
  c.push_back({"shiftfly", "metrics torus --dims 4,4 --bisection --paths --throughput worst", "shiftfly metrics torus"});
  c.push_back({"shiftfly", "route kautz --d 2 --D 3 --from 0.1.2 --to 2.0.1", "shiftfly route kautz"});
  c.push_back({"shiftfly", "route de-bruijn --d 2 --D 3 --from 0.1.1 --to 1.0.0", "shiftfly route de-bruijn"});
  c.push_back({"shiftfly", "route imase-itoh --n 10 --d 2 --from 1 --to 7", "shiftfly route imase-itoh"});
  c.push_back({"shiftfly", "allreduce --dims 4,4", "shiftfly allreduce"});
  c.push_back({"shiftfly", "tables --profile paper --only moore_audit", "shiftfly tables"});
  c.push_back({"halley", "size --channels 32 --lambda 0.05 --rho 0.15 --target 0.99", "halley size"});
  c.push_back({"halley", "coverage --channels 32 --spares 4 --lambda 0.05", "halley coverage"});
  c.push_back({"halley", "ceiling --lambda 0.05 --rho 0.15 --target 0.999", "halley ceiling"});
  c.push_back({"halley", "cost --channels 32 --lambda 0.05 --rho 0.15 --target 0.999", "halley cost"});
  c.push_back({"halley", "foldfit --demand " + demand_file() + " --channels 4", "halley foldfit"});
  c.push_back({"halley", "hierarchy --modules 8 --lasers 8 --channels 56 --spares 8 --lambda 0.01 --rho-within 0.3 "
                         "--rho-across 0.05",
               "halley hierarchy"});
  c.push_back({"halley", "tables --only table2", "halley tables"});
  return c;
}

/// Keys of the result that are not snake_case ([a-z][a-z0-9_]*), with their paths.
inline void collect_bad_keys(const nlohmann::json& j, const std::string& path, std::vector<std::string>& bad) {
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      bool ok = !key.empty() && key[0] >= 'a' && key[0] <= 'z';
      for (char ch : key) ok = ok && ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_');
      if (!ok) bad.push_back(path + "." + key);
      collect_bad_keys(value, path + "." + key, bad);
    }
  } else if (j.is_array()) {
    for (const auto& value : j) collect_bad_keys(value, path + "[]", bad);
  }
}

}  // namespace envelope_cases

TEST_CASE("every --format json output is one object in the envelope", "[tools][envelope]") {
  for (const auto& c : envelope_cases::cases()) {
    const auto r = shiftfly::test::run_tool(c.tool, c.args + " --format json");
    INFO(c.tool << " " << c.args << "\n" << r.err);
    REQUIRE(r.status == 0);
    CHECK(shiftfly::test::line_count(r.out) == 1);  // one line without --pretty
    const auto j = shiftfly::test::json_envelope(r.out);
    CHECK(j["command"] == c.command);
    CHECK(j["result"].is_object());
    CHECK(!j["parameters"].contains("format"));
    CHECK(!j["parameters"].contains("threads"));
    std::vector<std::string> bad_keys;
    envelope_cases::collect_bad_keys(j["result"], "result", bad_keys);
    CHECK(bad_keys == std::vector<std::string>{});  // every result key snake_case (parameters are the flags)
    // --pretty: the same object, indented by two spaces.
    const auto p = shiftfly::test::run_tool(c.tool, c.args + " --format json --pretty");
    REQUIRE(p.status == 0);
    CHECK(shiftfly::test::line_count(p.out) > 1);
    CHECK(p.out.rfind("{\n  \"tool\": ", 0) == 0);
    CHECK(nlohmann::json::parse(p.out) == nlohmann::json::parse(r.out));
  }
}

TEST_CASE("the envelope's parameters are the flags as given, typed, and the defaults", "[tools][envelope]") {
  auto j = shiftfly::test::json_envelope(
      shiftfly::test::run_tool("shiftfly", "metrics torus --dims 4,6 --samples 3 --format json --threads 1").out);
  CHECK(j["parameters"]["dims"] == nlohmann::ordered_json::array({4, 6}));
  CHECK(j["parameters"]["samples"] == 3);
  CHECK(j["parameters"]["sample_seed"] == 11);  // the default
  CHECK(j["parameters"]["gap"] == false);
  CHECK(j["parameters"]["gap_iterations"].is_null());  // not asked
  j = shiftfly::test::json_envelope(
      shiftfly::test::run_tool("halley", "size --channels 32 --lambda 0.050 --target 0.99 --cap none --format json").out);
  CHECK(j["parameters"]["lambda"] == 0.05);
  CHECK(j["parameters"]["cap"] == "none");
  CHECK(j["parameters"]["rho"] == 0);
  // The thread count is not a parameter of the result: the output is the same at any count.
  CHECK(shiftfly::test::run_tool("shiftfly", "metrics kautz --d 2 --D 3 --gap --format json --threads 1").out ==
        shiftfly::test::run_tool("shiftfly", "metrics kautz --d 2 --D 3 --gap --format json --threads 2").out);
}

TEST_CASE("the envelope cases cover every subcommand the tools list", "[tools][envelope]") {
  std::set<std::string> leaves;
  for (const char* tool : {"shiftfly", "halley"})
    for (const auto& c : shiftfly::test::walk_help(tool))
      if (c.leaf) leaves.insert(c.command);
  CHECK(leaves.size() >= 26);  // 7 + 7 families, 3 routes, allreduce, tables; 7 halley commands
  std::set<std::string> covered;
  for (const auto& c : envelope_cases::cases()) covered.insert(c.command);
  for (const auto& leaf : leaves) {
    INFO(leaf);
    CHECK(covered.count(leaf) == 1);
  }
}

TEST_CASE("the envelope types integers exactly, up to 2^64 - 1", "[tools][envelope]") {
  using shiftfly::tools::typed_value;
  const auto top = typed_value("18446744073709551615");
  CHECK(top.is_number_unsigned());
  CHECK(top.get<std::uint64_t>() == UINT64_MAX);
  CHECK(top.dump() == "18446744073709551615");  // was 1.8446744073709552e+19, a double
  CHECK(typed_value("9007199254740993").get<std::uint64_t>() == 9007199254740993ULL);  // 2^53 + 1
  const auto bottom = typed_value("-9223372036854775808");
  CHECK(bottom.is_number_integer());
  CHECK(bottom.get<std::int64_t>() == INT64_MIN);
  CHECK(typed_value("-3").dump() == "-3");  // not -3.0
  CHECK(typed_value("0").dump() == "0");
  CHECK(typed_value("18446744073709551615,2").dump() == "[18446744073709551615,2]");
  CHECK(typed_value("-1,2").dump() == "[-1,2]");
  // Not integers of 64 bits: reals, or the text.
  CHECK(typed_value("18446744073709551616").is_number_float());  // 2^64
  CHECK(typed_value("-9223372036854775809").is_number_float());
  CHECK(typed_value("0.5").is_number_float());
  CHECK(typed_value("1e3").is_number_float());
  CHECK(typed_value("007") == "007");  // neither the integer nor the real grammar (leading zero): the text
  CHECK(typed_value("+1") == "+1");    // no '+' in the one real grammar (core::read_real)
  CHECK(typed_value(".5") == ".5");
  CHECK(typed_value("4,,4") == "4,,4");
  CHECK(typed_value("4,") == "4,");
  CHECK(typed_value("1,x") == "1,x");
  CHECK(typed_value("-0") == -0.0);
  CHECK(typed_value("none") == "none");
}

namespace envelope_cases {

/// An integer flag of a command's --help ("--seed UINT in [0 - 18446744073709551615]=7").
struct integer_flag {
  std::string name;
  bool list = false;
  std::string largest;  ///< the upper end of the range --help states, as text ("" when none)
};

inline std::vector<integer_flag> integer_flags(const std::string& help) {
  static const std::regex line(R"(^  (--[A-Za-z][A-Za-z0-9-]*) (LIST of )?U?INT\b[^\[\n]*(\[[0-9]+ - ([0-9]+)\])?)");
  std::vector<integer_flag> flags;
  std::istringstream in(help);
  for (std::string text; std::getline(in, text);) {
    std::smatch m;
    if (std::regex_search(text, m, line)) flags.push_back({m[1], m[2].matched, m[4].matched ? m[4].str() : ""});
  }
  return flags;
}

/// `args` with `flag` set to `value`: replaced where given, else appended (a flag may be given once).
/// For a list flag, `value` replaces the first item only, so that the list keeps its length
/// (xgft's --m and --w must be as long as each other).
inline std::vector<std::string> with_flag(const std::string& args, const std::string& flag, const std::string& value,
                                          bool list = false) {
  std::vector<std::string> out;
  std::istringstream in(args);
  bool replaced = false;
  for (std::string token; in >> token;) {
    out.push_back(token);
    if (token == flag && in >> token) {
      const std::size_t comma = token.find(',');
      out.push_back(list && comma != std::string::npos ? value + token.substr(comma) : value);
      replaced = true;
    }
  }
  if (!replaced) {
    out.push_back(flag);
    out.push_back(value);
  }
  out.push_back("--format");
  out.push_back("json");
  return out;
}

}  // namespace envelope_cases

TEST_CASE("every integer flag is echoed exactly at 2^64 - 1 where it accepts it, and refused in one line where not",
          "[tools][envelope]") {
  // The --help of every command states each integer flag's range; the walk takes a valid
  // invocation of every leaf command from the cases above and sets each integer flag of the
  // command and of the commands above it to 2^64 - 1 in turn.
  const std::string top = "18446744073709551615";
  std::map<std::string, envelope_cases::json_case> invocation;  // the first case of each command
  for (const auto& c : envelope_cases::cases()) invocation.emplace(c.command, c);
  std::set<std::string> accepted, refused;
  for (const char* tool : {"shiftfly", "halley"}) {
    std::map<std::string, std::string> help;  // command -> its --help
    const auto walk = shiftfly::test::walk_help(tool);
    for (const auto& c : walk) help[c.command] = c.help;
    for (const auto& c : walk) {
      if (!c.leaf) continue;
      REQUIRE(invocation.count(c.command) == 1);
      const auto& base = invocation.at(c.command);
      std::vector<envelope_cases::integer_flag> flags;
      for (std::string at = c.command; !at.empty(); at = at.find(' ') == std::string::npos ? "" : at.substr(0, at.rfind(' ')))
        for (const auto& f : envelope_cases::integer_flags(help[at])) flags.push_back(f);
      for (const auto& f : flags) {
        if (shiftfly::tools::is_execution_option(f.name)) continue;  // not in the parameters
        const auto r = shiftfly::test::run_tool_argv(tool, envelope_cases::with_flag(base.args, f.name, top, f.list));
        INFO(c.command << " " << f.name << " " << top << " (--help: largest " << f.largest << ")\n" << r.err);
        REQUIRE(!r.timed_out);
        std::string key = f.name.substr(2);
        std::replace(key.begin(), key.end(), '-', '_');
        // --help states the range of one value (of one item, for a list): a value it reaches is
        // accepted, and echoed exactly; a value above it is refused in one line naming the flag.
        // A list item the range reaches may still break a rule across the items (xgft's switch
        // counts, products of --m and --w items): then a one-line refusal too.
        if (r.status == 0) {
          CHECK(f.largest == top);
          const auto j = shiftfly::test::json_envelope(r.out);
          REQUIRE(j["parameters"].contains(key));
          const auto& p = f.list ? j["parameters"][key][0] : j["parameters"][key];
          CHECK(p.is_number_unsigned());
          CHECK(p.dump() == top);
          // the text itself, not a re-encoding
          CHECK(r.out.find("\"" + key + "\":" + (f.list ? "[" : "") + top) != std::string::npos);
          accepted.insert(c.command + " " + f.name);
        } else {
          CHECK((f.largest != top || f.list));
          CHECK(r.status == 2);
          CHECK(r.out.empty());
          CHECK(r.err_lines() == 1);
          CHECK(r.err.find(f.name) != std::string::npos);
          refused.insert(c.command + " " + f.name);
        }
      }
    }
  }
  // The seeds take every 64-bit value: the sampled sources, the permutation traffic, the random
  // families. XGFT's hosts per leaf (the first item of --m) are the level-1 switches' endpoints,
  // which metrics reports: at most 65535 a router (core/endpoints.hpp), so a larger item is refused.
  for (const char* seed : {"shiftfly metrics torus --sample-seed", "shiftfly metrics torus --traffic-seed",
                           "shiftfly metrics jellyfish --seed", "shiftfly graph jellyfish --seed",
                           "shiftfly metrics boardfly --seed"}) {
    INFO(seed);
    CHECK(accepted.count(seed) == 1);
  }
  CHECK(refused.count("shiftfly metrics xgft --m") == 1);
  CHECK(accepted.size() >= 20);  // 2 seeds x 15 metrics commands, and the families' seeds
  CHECK(refused.size() >= 40);   // every other integer flag of both tools
}

}  // namespace envelope_test
