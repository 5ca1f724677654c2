// `halley`: the JSON contract of every subcommand, the paper's figures through
// the tool, agreement with the library, and one-line refusals with exit
// status 2 for every kind of bad input.
#include <catch2/catch.hpp>

#include "json_output.hpp"
#include "run_tool.hpp"

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <vector>

#include <nlohmann/json.hpp>

#include "shiftfly/halley/light_reserve.hpp"

namespace halley_tool_test {

namespace {

using run_result = shiftfly::test::tool_run;

// Runs `halley <args>` (tests/tools/run_tool.hpp).
run_result run_halley(const std::string& args) { return shiftfly::test::run_tool("halley", args); }

using shiftfly::test::line_count;

std::string write_demand(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::path(SHIFTFLY_BIN) / name;
  std::ofstream(path) << text;
  return path.string();
}

}  // namespace

TEST_CASE("halley size: 156 spares, UNREACHABLE, rho_target 0.046 (JSON contract)", "[tools][halley]") {
  const auto r = run_halley("size --channels 32 --lambda 0.05 --rho 0.15 --target 0.99999 --format json");
  REQUIRE(r.status == 0);
  const auto j = shiftfly::test::json_result(r.out);
  CHECK(j["spares"] == 156);
  CHECK(j["reachable"] == false);
  CHECK(j["rho_target"].get<double>() == Approx(0.046496).epsilon(1e-4));
  CHECK(j["cap_coverage"].get<double>() == Approx(0.996232).epsilon(1e-5));
  const auto lib = shiftfly::halley::light_reserve(32, 0.05, 0.15, 0.99999);
  CHECK(j["coverage"].get<double>() == lib.coverage);
  const auto ok = shiftfly::test::json_result(run_halley("size --channels 32 --lambda 0.05 --rho 0.15 --target 0.99 --format json").out);
  CHECK(ok["spares"] == 23);
  CHECK(ok["reachable"] == true);
  CHECK_FALSE(ok.contains("rho_target"));
  CHECK(ok["rho_target_status"].get<std::string>().find("not needed") != std::string::npos);
  const auto ind = shiftfly::test::json_result(run_halley("size --channels 32 --lambda 0.2 --target 0.99 --format json").out);
  CHECK(ind["spares"] == 16);
}

TEST_CASE("halley coverage: A(4) = 86.3% and the 50 FIT windows", "[tools][halley]") {
  auto j = shiftfly::test::json_result(run_halley("coverage --channels 32 --spares 4 --lambda 0.05 --rho 0.15 --format json").out);
  CHECK(j["coverage"].get<double>() == Approx(0.86311).epsilon(1e-4));
  j = shiftfly::test::json_result(run_halley("coverage --channels 32 --spares 4 --fit 50 --window 90d --rho 0.15 --format json").out);
  CHECK(j["coverage"].get<double>() == Approx(0.99974).epsilon(1e-5));
  CHECK(j["window_hours"] == 2160.0);
  j = shiftfly::test::json_result(run_halley("coverage --channels 32 --spares 4 --fit 50 --window 1y --rho 0.15 --format json").out);
  CHECK(j["coverage"].get<double>() == Approx(0.99896).epsilon(1e-5));
  const auto h = shiftfly::test::json_result(run_halley("coverage --channels 32 --spares 4 --fit 50 --window 2160h --rho 0.15 --format json").out);
  CHECK(h["coverage"] == shiftfly::test::json_result(run_halley("coverage --channels 32 --spares 4 --fit 50 --window 90d --rho 0.15 --format json").out)["coverage"]);
  const auto text = run_halley("coverage --channels 32 --spares 4 --lambda 0.05 --rho 0.15");
  CHECK(text.status == 0);
  CHECK(text.out.find("coverage: 0.863") != std::string::npos);
}

TEST_CASE("halley ceiling: A_crit 99.670%, rho 0.056, sigma 0.821", "[tools][halley]") {
  const auto j = shiftfly::test::json_result(run_halley("ceiling --lambda 0.05 --rho 0.15 --target 0.99999 --format json").out);
  CHECK(j["ceiling"].get<double>() == Approx(0.99670).epsilon(1e-5));
  CHECK(j["rho_for_target"].get<double>() == Approx(0.0562).epsilon(1e-3));
  CHECK(j["sigma_for_target"].get<double>() == Approx(0.8206).epsilon(1e-3));
  CHECK(j["variance_floor"].get<double>() == Approx(0.007125));
}

TEST_CASE("halley hierarchy: rho_bar, flat and nested at 8 x 8", "[tools][halley]") {
  auto j = shiftfly::test::json_result(
      run_halley("hierarchy --modules 8 --lasers 8 --rho-within 0.3 --rho-across 0.05 --channels 32 --spares 32 --lambda 0.05 --format json").out);
  CHECK(j["rho_bar"].get<double>() == Approx(0.0777778).epsilon(1e-6));
  CHECK(j["flat"].get<double>() == Approx(0.99975).epsilon(1e-5));
  CHECK(j["nested"].get<double>() == Approx(0.999847).epsilon(1e-6));
  j = shiftfly::test::json_result(
      run_halley("hierarchy --modules 18 --lasers 8 --rho-within 0.3 --rho-across 0.05 --channels 32 --spares 32 --lambda 0.05 --format json").out);
  CHECK(j["pairs_same"] == 504);
  CHECK(j["pairs_cross"] == 9792);
  CHECK(j["flat"].get<double>() == Approx(0.99993).epsilon(1e-5));
  CHECK(j["nested"].is_null());
}

TEST_CASE("halley cost: $234,000 against $44,100", "[tools][halley]") {
  const auto j = shiftfly::test::json_result(run_halley("cost --channels 32 --lambda 0.05 --rho 0.15 --target 0.99999 --format json").out);
  CHECK(j["spares_only"]["spares"] == 156);
  CHECK(j["spares_only"]["cost"] == 234000.0);
  CHECK(j["cheapest"]["spares"] == 23);
  CHECK(j["cheapest"]["cost"].get<double>() == Approx(44100));
  CHECK(j["saving_ratio"].get<double>() == Approx(5.306).epsilon(1e-3));
}

TEST_CASE("halley foldfit: the Fig. 6 matrix and the greedy worst case", "[tools][halley]") {
  const auto fig6 = write_demand("halley_fig6.csv", "9,1,0,1\n1,8,1,0\n0,1,7,2\n0,0,2,6\n");
  auto j = shiftfly::test::json_result(run_halley("foldfit --demand " + fig6 + " --channels 4 --format json").out);
  CHECK(j["lower_bound"] == 11.0);
  CHECK(j["makespan"] == 11);
  CHECK(j["bounds"]["busiest_port"] == 11);
  // Six unit demands then one 3-slot demand, each on its own pair of ports (a diagonal matrix).
  std::string diag;
  for (int i = 0; i < 7; ++i) {
    for (int k = 0; k < 7; ++k) diag += std::string(k ? "," : "") + (k == i ? (i == 6 ? "3" : "1") : "0");
    diag += "\n";
  }
  const auto greedy = write_demand("halley_greedy.csv", diag);
  j = shiftfly::test::json_result(run_halley("foldfit --demand " + greedy + " --channels 3 --steps 5 --format json").out);
  CHECK(j["makespan"] == 3);
  CHECK(j["list_makespan"] == 5);
  CHECK(j["optimum"] == 3);
}

TEST_CASE("halley tables: every section labelled, JSON parses, --check against itself", "[tools][halley]") {
  const auto md = run_halley("tables --only table2,fig14");
  REQUIRE(md.status == 0);
  CHECK(md.out.find("Table II") != std::string::npos);
  CHECK(md.out.find("Fig. 14 (left)") != std::string::npos);
  const auto js = run_halley("tables --only ceiling --format json");
  REQUIRE(js.status == 0);
  CHECK(shiftfly::test::json_result(js.out)["tables"].size() == 3);
  const auto dir = (std::filesystem::path(SHIFTFLY_BIN) / "halley_tables_check").string();
  std::filesystem::remove_all(dir);
  REQUIRE(run_halley("tables --only table2,foldfit --out " + dir).status == 0);
  CHECK(run_halley("tables --only table2,foldfit --check " + dir).status == 0);
  // A tampered golden cell is reported and fails the check.
  {
    std::ifstream in(dir + "/table2.md");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto at = text.find("99.6697");
    REQUIRE(at != std::string::npos);
    text.replace(at, 7, "99.6698");
    std::ofstream(dir + "/table2.md") << text;
  }
  const auto bad = run_halley("tables --only table2 --check " + dir);
  CHECK(bad.status == 1);
  CHECK(bad.err.find("99.6698") != std::string::npos);
}

TEST_CASE("halley: bad input exits 2 with one line", "[tools][halley][validation]") {
  const auto demand = write_demand("halley_ok.csv", "1,2\n3,4\n");
  const auto ragged = write_demand("halley_ragged.csv", "1,2\n3\n");
  const auto negative = write_demand("halley_negative.csv", "1,-2\n");
  const auto text = write_demand("halley_text.csv", "a,b\n");
  const std::vector<std::string> cases = {
      "size --channels 32 --lambda 0 --rho 0.15 --target 0.99",
      "size --channels 32 --lambda 1 --rho 0.15 --target 0.99",
      "size --channels 32 --lambda nan --rho 0.15 --target 0.99",
      "size --channels 32 --lambda inf --rho 0.15 --target 0.99",
      "size --channels 32 --lambda 0.05 --rho 1 --target 0.99",
      "size --channels 32 --lambda 0.05 --rho -0.1 --target 0.99",
      "size --channels 32 --lambda 0.05 --rho nan --target 0.99",
      "size --channels 32 --lambda 0.05 --rho 0.15 --target 1",
      "size --channels 32 --lambda 0.05 --rho 0.15 --target 0",
      "size --channels 32 --lambda 0.05 --rho 0.15 --target nan",
      "size --channels 32 --lambda 0.05 --rho 0.15 --target 0.99 --cap 1",
      "size --channels 32 --lambda 0.05 --rho 0.15 --target 0.99 --cap 0",
      "size --channels 0 --lambda 0.05 --rho 0.15 --target 0.99",
      "size --channels 32 --rho 0.15 --target 0.99",
      "size --channels 32 --fit -50 --window 1y --rho 0.15 --target 0.99",
      "size --channels 32 --fit 50 --window -1y --rho 0.15 --target 0.99",
      "size --channels 32 --fit 50 --window 90 --rho 0.15 --target 0.99",
      "size --channels 32 --fit 50 --window 90x --rho 0.15 --target 0.99",
      "size --channels 32 --fit 50 --rho 0.15 --target 0.99",
      "size --channels 32 --fit nan --window 1y --rho 0.15 --target 0.99",
      "size --channels 32 --lambda 0.05 --fit 50 --window 1y --target 0.99",
      "coverage --channels 32 --spares 4 --lambda 1.5",
      "coverage --channels 32 --spares -4 --lambda 0.05",
      "coverage --channels 32 --spares 4 --fit 0 --window 1y",
      "ceiling --lambda 0.05 --rho 0",
      "ceiling --lambda 0.05 --rho 0.15 --sigma 1",
      "ceiling --lambda 0.05 --rho 0.15 --target 2",
      "hierarchy --modules 0 --lasers 8 --rho-within 0.3 --rho-across 0.05 --channels 32 --spares 32 --lambda 0.05",
      "hierarchy --modules 8 --lasers 0 --rho-within 0.3 --rho-across 0.05 --channels 32 --spares 32 --lambda 0.05",
      "hierarchy --modules 8 --lasers 8 --rho-within 0.04 --rho-across 0.05 --channels 32 --spares 32 --lambda 0.05",
      "hierarchy --modules 8 --lasers 8 --rho-within 0.3 --rho-across 0 --channels 32 --spares 32 --lambda 0.05",
      "hierarchy --modules 8 --lasers 8 --rho-within nan --rho-across 0.05 --channels 32 --spares 32 --lambda 0.05",
      "cost --channels 32 --lambda 0.05 --rho 0.15 --target 1",
      "cost --channels 32 --lambda 0.05 --rho 0.01 --target 0.99999",
      "cost --channels 32 --lambda 0.05 --rho 0.15 --target 0.99999 --price -1",
      "cost --channels 32 --lambda 0.05 --rho 0.15 --target 0.99999 --floor 0",
      "foldfit --demand /nonexistent/demand.csv --channels 3",
      "foldfit --demand " + ragged + " --channels 3",
      "foldfit --demand " + negative + " --channels 3",
      "foldfit --demand " + text + " --channels 3",
      "foldfit --demand " + demand + " --channels 0",
      "foldfit --demand " + demand + " --channels 3 --steps 99",
      "tables --format xml",
      "tables --only nosuchtable",
      "tables --check /nonexistent/dir",
      "size --channels 32 --lambda 0.05 --target 0.99 --format yaml",
  };
  for (const auto& c : cases) {
    INFO(c);
    const auto r = run_halley(c);
    CHECK(r.status == 2);
    CHECK(line_count(r.err) == 1);
    CHECK(r.out.empty());
  }
}

TEST_CASE("halley at tiny correlation: exact halves, found roots, explicit unreachability", "[tools][halley][edge]") {
  // I_{1/2}(a, a) = 1/2 at every rho (was 61825.77 at 1e-21, and no answer at 1e-30).
  for (const char* rho : {"1e-21", "1e-20", "1e-13", "1e-30", "1e-300", "2.2250738585072014e-308"}) {
    const auto r = run_halley(std::string("ceiling --lambda 0.5 --rho ") + rho + " --format json");
    INFO(rho << ": " << r.out << r.err);
    REQUIRE(r.status == 0);
    const auto j = shiftfly::test::json_result(r.out);
    CHECK(std::fabs(j["ceiling"].get<double>() - 0.5) <= 2e-15);
    CHECK(std::fabs(j["shortfall"].get<double>() - 0.5) <= 2e-15);
  }
  // lambda 0.1 at sigma = lambda: about one half, not 0.2304.
  auto j = shiftfly::test::json_result(run_halley("ceiling --lambda 0.1 --rho 1e-20 --sigma 0.1 --format json").out);
  CHECK(std::fabs(j["ceiling"].get<double>() - 0.5) < 1e-9);
  // The crossing near 1.16e-10 (was null).
  j = shiftfly::test::json_result(run_halley("ceiling --lambda 0.1 --rho 0.15 --sigma 0.10001 --target 0.999 --format json").out);
  CHECK(j["rho_for_target"].get<double>() == Approx(1.16e-10).epsilon(0.01));
  CHECK(j["rho_for_target_status"] == "crossing");
  // Out of reach: said so, with where the search stopped (no null).
  j = shiftfly::test::json_result(run_halley("ceiling --lambda 0.3 --rho 0.1 --sigma 0.3 --target 0.9 --format json").out);
  CHECK_FALSE(j.contains("rho_for_target"));
  CHECK(j["rho_for_target_status"].get<std::string>().find("unreachable: at the smallest accepted rho (2.2250738585072014e-308)") == 0);
  // rho' about 2.23e-10 (was printed as 0.0).
  j = shiftfly::test::json_result(run_halley("size --channels 32 --lambda 0.3 --rho 0.1 --target 0.9997495680813482 --format json").out);
  CHECK(j["rho_target"].get<double>() == Approx(2.23e-10).epsilon(0.01));
  CHECK(j["rho_target_status"] == "crossing");
  j = shiftfly::test::json_result(run_halley("size --channels 32 --lambda 0.3 --rho 0.1 --target 0.999999999 --cap 0.03 --format json").out);
  CHECK_FALSE(j.contains("rho_target"));
  CHECK(j["rho_target_status"].get<std::string>().find("unreachable: even independent lasers (rho = 0)") == 0);
}

TEST_CASE("halley hierarchy: no internal error at tiny correlation, nested equals flat", "[tools][halley][edge]") {
  for (const char* rho : {"1e-12", "1e-13", "1e-18", "1e-21", "1e-300"}) {
    const auto r = run_halley(std::string("hierarchy --modules 8 --lasers 8 --channels 56 --spares 8 --lambda 0.05 --rho-within ") +
                              rho + " --rho-across " + rho + " --format json");
    INFO(rho << ": " << r.out << r.err);
    REQUIRE(r.status == 0);
    const auto j = shiftfly::test::json_result(r.out);
    const double nested = j["nested"].get<double>(), flat = j["flat"].get<double>();
    CHECK(std::fabs(nested - flat) <= 1e-12 * flat);
  }
}

TEST_CASE("halley: a refused value is echoed as typed, and a conflicting default is named as one", "[tools][halley][validation]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      // the text typed, not the double's 17 digits (0.99999899999999997, 1.1000000000000001, ...)
      {"size --channels 32 --lambda 0.05 --target 0.999999 --cap 1.1",
       "halley: error: halley size: --cap = 1.1 is out of range (accepted: strictly between 0 and 1, or none for no cap)\n"},
      {"size --channels 32 --lambda 0.05 --target 0.999 --cap None",
       "halley: error: --cap: 'None' is neither a number nor none (accepted: strictly between 0 and 1, or none for no cap)\n"},
      {"ceiling --lambda 0.05 --rho 0.1 --target 0.999999 --sigma 1.50",
       "halley: error: halley ceiling: --sigma = 1.50 is out of range (accepted: strictly between 0 and 1)\n"},
      {"coverage --channels 32 --spares 4 --lambda 0.05 --rho 1e-320",
       "halley: error: halley coverage: --rho = 1e-320 is out of range (accepted: from 0 up to, not including, 1, and not "
       "subnormal (at least 2.2250738585072014e-308))\n"},
      {"coverage --channels 32 --spares 4 --fit 3e-300 --window 1h",
       "halley: error: --fit 3e-300 over --window 1h gives lambda = 3.0000000000000007e-309 (accepted: "
       "from 1e-12 to 0.999999999999, the range whose accuracy is tested)\n"},
      {"hierarchy --modules 4 --lasers 9 --rho-within 0.07 --rho-across 0.1 --channels 32 --spares 4 --lambda 0.05",
       "halley: error: --rho-within = 0.07 is out of range (accepted: at least --rho-across = 0.1 and "
       "below 1)\n"},
      // a range that depends on a flag not given: the flag given is named, the other marked as its default
      {"cost --channels 32 --lambda 0.05 --rho 0.25 --target 0.999 --floor 0.2",
       "halley: error: halley cost: --floor = 0.2 is out of range (accepted: strictly between 0 and --premium-from "
       "(default 0.15))\n"},
      {"cost --channels 32 --lambda 0.05 --rho 0.15 --target 0.999 --premium-from 0.02",
       "halley: error: halley cost: --premium-from = 0.02 is out of range (accepted: above --floor (default 0.03) and "
       "below 1)\n"},
      {"cost --channels 32 --lambda 0.05 --rho 0.01 --target 0.999",
       "halley: error: halley cost: --rho = 0.01 is out of range (accepted: at least --floor (default 0.03) and below 1)\n"},
      {"cost --channels 32 --lambda 0.05 --rho 0.15 --target 0.999 --premium-from 0.1 --floor 0.12",
       "halley: error: halley cost: --premium-from = 0.1 is out of range (accepted: above --floor = 0.12 and below 1)\n"},
      // negative zero: refused on every real flag
      {"size --channels 32 --lambda 0.05 --target 0.999 --rho -0",
       "halley: error: --rho: '-0' is a negative zero (accepted: a finite real, not -0; write 0)\n"},
      {"cost --channels 32 --lambda 0.05 --rho 0.15 --target 0.999 --floor -0.0",
       "halley: error: --floor: '-0.0' is a negative zero (accepted: a finite real, not -0; write 0)\n"},
  };
  for (const auto& [args, line] : cases) {
    INFO(args);
    const auto r = run_halley(args);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err == line);
  }
  // A plain 0 is still 0 (and prints as 0.0).
  const auto zero = run_halley("coverage --channels 32 --spares 4 --lambda 0.05 --rho 0 --format json");
  REQUIRE(zero.status == 0);
  CHECK(shiftfly::test::json_result(zero.out)["rho"] == 0.0);
  CHECK(zero.out.find("-0.0") == std::string::npos);
}

TEST_CASE("halley: work past the bound on one command is left out or refused, and says so", "[tools][halley][edge]") {
  // The nested model at 100 x 100 with 1000 spares costs 10^7 multiply-adds a node (minutes in all).
  auto r = run_halley("hierarchy --modules 100 --lasers 100 --channels 9000 --spares 1000 --lambda 0.05 --rho-within 0.3 "
                      "--rho-across 0.05 --format json");
  REQUIRE(r.status == 0);
  auto j = shiftfly::test::json_result(r.out);
  CHECK(j["nested"].is_null());
  CHECK(j["nested_note"].get<std::string>().find("not computed: one quadrature node") == 0);
  CHECK(j["flat"].get<double>() > 0.8);  // the flat shortcut is still given
  // Under the bound it is computed.
  j = shiftfly::test::json_result(run_halley("hierarchy --modules 20 --lasers 100 --channels 1900 --spares 100 --lambda 0.05 "
                                       "--rho-within 0.3 --rho-across 0.05 --format json").out);
  CHECK(j["nested"].is_number());
  // A spare search past the bound is refused in one line, exit 2.
  r = run_halley("size --channels 10000000 --lambda 0.3 --rho 0.001 --target 0.9 --cap 0.3");
  CHECK(r.status == 2);
  CHECK(r.out.empty());
  CHECK(r.err.find("the bound on one command's work") != std::string::npos);
}

TEST_CASE("halley size: a cap close to 1 gives the same answer, its coverage marked as a bound", "[tools][halley]") {
  // was: exit 2 with an error about --spares from coverage, a flag and a command never given
  const auto r = run_halley("size --channels 1000 --lambda 0.01 --rho 0.01 --target 0.99 --cap 0.999999 --format json");
  INFO(r.err);
  REQUIRE(r.status == 0);
  const auto j = shiftfly::test::json_result(r.out);
  const auto base = shiftfly::test::json_result(run_halley("size --channels 1000 --lambda 0.01 --rho 0.01 --target 0.99 --format json").out);
  CHECK(j["spares"] == base["spares"]);
  CHECK(j["cap_spares"] == 999998999);
  CHECK(j["cap_coverage_is"].get<std::string>().rfind("lower bound", 0) == 0);
  CHECK(base.count("cap_coverage_is") == 0);  // an exact cap coverage carries no such key
  for (const char* cap : {"0.5", "0.9", "0.999999", "none"}) {
    INFO(cap);
    const auto paper = shiftfly::test::json_result(
        run_halley(std::string("size --channels 32 --lambda 0.05 --rho 0.15 --target 0.99 --format json --cap ") + cap).out);
    CHECK(paper["spares"] == 23);
  }
}

TEST_CASE("halley size --cap none: the uncapped s*, reachable, the cap keys say none", "[tools][halley]") {
  // The paper's case at 99%, 99.9% and 99.999% (23, 49, 156 spares) under caps 0.5, 0.9, 0.999999 and none.
  struct row {
    const char* target;
    int spares;
    bool within_half;
  };
  for (const row r : {row{"0.99", 23, true}, row{"0.999", 49, false}, row{"0.99999", 156, false}}) {
    INFO(r.target);
    const std::string base = std::string("size --channels 32 --lambda 0.05 --rho 0.15 --format json --target ") + r.target;
    const auto none = run_halley(base + " --cap none");
    REQUIRE(none.status == 0);
    const auto j = shiftfly::test::json_result(none.out);
    CHECK(j["spares"] == r.spares);
    CHECK(j["reachable"] == true);
    CHECK(j["status"] == "ok");
    CHECK(j["cap"] == "none");
    CHECK(j["cap_spares"].is_null());
    CHECK(j["cap_coverage"].is_null());
    CHECK_FALSE(j.contains("cap_coverage_is"));
    CHECK_FALSE(j.contains("rho_target"));
    CHECK(j["rho_target_status"] == "not needed: no cap on the spare ratio");
    const auto lib = shiftfly::halley::light_reserve(32, 0.05, 0.15, std::stod(r.target), shiftfly::halley::no_cap);
    CHECK(j["coverage"].get<double>() == lib.coverage);
    for (const char* cap : {"0.5", "0.9", "0.999999"}) {
      INFO(cap);
      const auto c = shiftfly::test::json_result(run_halley(base + " --cap " + cap).out);
      CHECK(c["spares"] == j["spares"]);  // a cap never changes s*, only whether it is allowed
      CHECK(c["coverage"] == j["coverage"]);
      CHECK(c["pool"] == j["pool"]);
      CHECK(c["cap"].is_number());
      CHECK(c["cap_spares"].is_number());
      CHECK(c["reachable"] == (std::string(cap) == "0.5" ? r.within_half : true));
    }
  }
  // Keys are the same with and without a cap (the cap's own are null), and text output prints them.
  const auto capped = shiftfly::test::json_result(run_halley("size --channels 32 --lambda 0.05 --rho 0.15 --target 0.99 --format json").out);
  const auto uncapped =
      shiftfly::test::json_result(run_halley("size --channels 32 --lambda 0.05 --rho 0.15 --target 0.99 --format json --cap none").out);
  for (auto it = capped.begin(); it != capped.end(); ++it) CHECK(uncapped.contains(it.key()));
  CHECK(uncapped.size() == capped.size());
  const auto text = run_halley("size --channels 32 --lambda 0.05 --rho 0.15 --target 0.99999 --cap none");
  REQUIRE(text.status == 0);
  CHECK(text.out.find("cap: \"none\"\n") != std::string::npos);
  CHECK(text.out.find("cap_spares: null\n") != std::string::npos);
  CHECK(text.out.find("status: \"ok\"\n") != std::string::npos);
  // Without a cap the search bound still holds: past 10^7 spares the target is refused, in one line.
  const auto far = run_halley("size --channels 32 --lambda 0.999 --rho 0.9 --target 0.999999999999 --cap none");
  CHECK(far.status == 2);
  CHECK(far.out.empty());
  CHECK(line_count(far.err) == 1);
  CHECK(far.err.find("--target = 0.999999999999 needs more than 10000000 spares, the most the search explores") !=
        std::string::npos);
}

TEST_CASE("halley text output leads with the answer in a sentence", "[tools][halley]") {
  // was: an alphabetical key: value dump, the answer (spares) buried, cap_coverage unexplained
  const auto size = run_halley("size --channels 32 --lambda 0.01 --rho 0.01 --target 0.99");
  REQUIRE(size.status == 0);
  CHECK(size.out.rfind("3 spares (pool 35, 1.09x) reach 99.00% coverage (99.59% with them); cap 50% allows 32 "
                       "(>99.99999999% there).\n\n", 0) == 0);
  const auto unreachable = run_halley("size --channels 32 --lambda 0.05 --rho 0.15 --target 0.99999");
  CHECK(unreachable.out.rfind("99.9990% coverage needs more spares than cap 50% allows: its 32 spares give 99.62%; "
                              "a correlation of at most 0.0465 would reach it with them.\n", 0) == 0);
  CHECK(run_halley("size --channels 32 --lambda 0.05 --rho 0.15 --target 0.99999 --cap none")
            .out.rfind("156 spares (pool 188, 5.88x) reach 99.9990% coverage", 0) == 0);
  CHECK(run_halley("coverage --channels 32 --spares 4 --lambda 0.01")
            .out.rfind("32 channels with 4 spares (pool 36) are covered with probability 99.9971% ", 0) == 0);
  CHECK(run_halley("cost --channels 1000 --lambda 0.01 --rho 0.15 --target 0.9999")
            .out.rfind("The cheapest plan costs $664,500 (243 spares, separated to rho' = 0.03), 3.39x less than "
                       "spares alone ($2,251,500, 1501 spares at rho = 0.15).\n", 0) == 0);
  CHECK(run_halley("ceiling --lambda 0.01 --rho 0.1").out.rfind("A large pool at spare ratio 0.5 is covered with "
                                                                "probability at most ", 0) == 0);
  CHECK(run_halley("hierarchy --modules 8 --lasers 8 --channels 56 --spares 8 --lambda 0.01 --rho-within 0.3 "
                   "--rho-across 0.05")
            .out.rfind("8 modules of 8 lasers with 8 spares for 56 channels: coverage ", 0) == 0);
}

}  // namespace halley_tool_test
