// Every subcommand's `--format json` output is one object in the same envelope
// (tools/common/envelope.hpp, docs/cli.md): tool, version, command, parameters,
// result. The list below must name every subcommand the tools' --help lists.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "help_walk.hpp"
#include "json_output.hpp"
#include "run_tool.hpp"

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
  for (const auto& [family, flags] : families) {
    c.push_back({"shiftfly", "metrics " + family + " " + flags, "shiftfly metrics " + family});
    c.push_back({"shiftfly", "graph " + family + " " + flags, "shiftfly graph " + family});
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
