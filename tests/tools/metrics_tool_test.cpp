// Tests of `shiftfly metrics`: the reference's sampled Boardfly figures, exact runs, and
// bad input (exit 2 with one line on stderr).
#include <catch2/catch.hpp>
#include "shiftfly/metrics/flow/throughput_bound.hpp"
#include "shiftfly/topology/jellyfish.hpp"

#include "json_output.hpp"
#include "run_tool.hpp"

#include <array>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <sys/wait.h>

namespace metrics_tool_test {

namespace {
using run_result = shiftfly::test::tool_run;

// Runs `shiftfly metrics <args>` (tests/tools/run_tool.hpp).
run_result run_metrics(const std::string& args) { return shiftfly::test::run_tool("shiftfly", "metrics " + args); }

using shiftfly::test::line_count;
}  // namespace

TEST_CASE("metrics tool: the reference's sampled Boardfly at 12,500 groups") {
  const auto r = run_metrics("boardfly --groups 12500 --samples 120 --format json");
  REQUIRE(r.status == 0);
  const auto j = shiftfly::test::json_result(r.out);
  CHECK(j["distance"]["diameter"] == 5);
  CHECK(j["distance"]["mean"].get<double>() == 3.451947489132464);
  CHECK(r.out.find("3.451947489132464") != std::string::npos);
  CHECK(j["distance"]["method"] == "sampled");
  CHECK(j["distance"]["sources"] == 120);
  CHECK(j["distance"]["diameter_is"] == "lower bound");
  CHECK(j["graph"]["vertices"] == 12500);
  CHECK(j["graph"]["family"] == "boardfly");
  CHECK(r.err.empty());  // no progress line when stderr is not a terminal
}

TEST_CASE("metrics tool: exact, directed, gap and connectivity on a Kautz digraph") {
  const auto a = run_metrics("kautz --d 3 --D 3 --directed --gap --connectivity --verify --threads 2 --format json");
  REQUIRE(a.status == 0);
  const auto j = shiftfly::test::json_result(a.out);
  CHECK(j["distance"]["diameter"] == 3);
  CHECK(j["distance"]["method"] == "exact");
  CHECK(j["distance"]["sources"] == 36);
  CHECK(j["distance"]["verified"] == true);
  CHECK(j["connectivity"]["vertex"] == 3);  // Prop. 5.6
  CHECK(j["connectivity"]["method"] == "exact");
  CHECK(j["spectral_gap"]["method"] == "exact");
  CHECK(j["spectral_gap"]["algorithm"].get<std::string>().rfind("lanczos", 0) == 0);
  // Identical output for any thread count.
  CHECK(run_metrics("kautz --d 3 --D 3 --directed --gap --connectivity --verify --threads 1 --format json").out == a.out);
  const auto est = run_metrics("boardfly --groups 144 --gap-iterations 120 --format json");
  REQUIRE(est.status == 0);
  CHECK(shiftfly::test::json_result(est.out)["spectral_gap"]["method"] == "estimated");
  // --no-distances: the gap alone (C4 x C6: lambda2 = (2 + 2 cos(pi/3)) / 4 = 0.75), no sweep.
  const auto nd = run_metrics("torus --dims 4,6 --gap --no-distances --format json");
  REQUIRE(nd.status == 0);
  const auto jn = shiftfly::test::json_result(nd.out);
  CHECK(jn["distance"].is_null());
  CHECK(std::abs(jn["spectral_gap"]["value"].get<double>() - 0.25) < 1e-9);
  CHECK(std::abs(jn["spectral_gap"]["lambda_min"].get<double>() + 1) < 1e-9);
  const auto t = run_metrics("torus --dims 4,6 --format text");
  REQUIRE(t.status == 0);
  CHECK(t.out.find("diameter=5 (exact)") != std::string::npos);
  // The answer first, in a sentence.
  CHECK(t.out.rfind("Torus(4x6) has diameter 5 and mean distance ", 0) == 0);
  const auto s = run_metrics("torus --dims 4,6 --samples 3");
  CHECK(s.out.rfind("Torus(4x6) has diameter ", 0) == 0);
  CHECK(s.out.find(" or more and mean distance ") != std::string::npos);
}

// Two random families draw disconnected graphs at accepted parameters (docs/metrics.md): the
// answer says so first, and every metric reports it (the headline said "has diameter 1").
TEST_CASE("metrics tool: a disconnected family graph is reported disconnected", "[tools]") {
  for (const char* args : {"jellyfish --routers 4 --degree 1", "xpander --degree 2 --lift 2 --seed 1"}) {
    INFO(args);
    const auto t = run_metrics(std::string(args) + " --gap --connectivity");
    REQUIRE(t.status == 0);
    CHECK(t.out.find(" is disconnected (") != std::string::npos);
    CHECK(t.out.find(" has diameter ") == std::string::npos);
    CHECK(t.out.find("disconnected=yes") != std::string::npos);
    CHECK(t.out.find("vertex=0 edge=0") != std::string::npos);
    const auto j = run_metrics(std::string(args) + " --format json");
    REQUIRE(j.status == 0);
    CHECK(shiftfly::test::json_result(j.out)["distance"]["disconnected"] == true);
  }
}

TEST_CASE("metrics tool: bad input exits 2 with one line") {
  for (const char* args : {"torus --dims 4,4 --samples 0", "torus --dims 4,4 --threads -2",
                           "torus --dims 4,4 --threads 5000", "torus --dims 4,4 --format xml",
                           "torus --dims 4,4 --directed", "torus --dims 4,4 --gap-iterations 0",
                           "boardfly --groups 0", "kautz --d 1 --D 3", "torus --dims 4,4 --samples abc", ""}) {
    const auto r = run_metrics(args);
    INFO(args << " -> " << r.err);
    CHECK(r.status == 2);
    CHECK(line_count(r.err) == 1);
    CHECK(r.out.empty());
  }
}

TEST_CASE("metrics tool: --progress writes progress lines to stderr and leaves stdout unchanged", "[tools][progress]") {
  const std::string args = "kautz --d 3 --D 4 --directed --gap --connectivity --threads 2 --format json";
  const auto plain = run_metrics(args);
  const auto shown = run_metrics(args + " --progress");
  REQUIRE(plain.status == 0);
  REQUIRE(shown.status == 0);
  CHECK(plain.err.empty());
  CHECK(shown.out == plain.out);
  CHECK(shown.err.find("metrics: source batches [1/1]\n") != std::string::npos);
  CHECK(shown.err.find("metrics: connectivity flows [") != std::string::npos);
  CHECK(shown.err.find('\033') == std::string::npos);  // no terminal escapes in a log
  CHECK(line_count(shown.err) <= 25);
}

TEST_CASE("metrics tool: the connectivity limit is --max-seconds", "[tools][connectivity]") {
  // The torus T(300,300), 90,000 vertices: estimated at about 880 s, refused at the default 60 s.
  const auto refused = run_metrics("torus --dims 300,300 --connectivity");
  CHECK(refused.status == 2);
  CHECK(refused.out.empty());
  CHECK(refused.err.find("--max-seconds = 60 is below the estimated") != std::string::npos);
  const auto ok = run_metrics("kautz --d 4 --D 5 --samples 1 --connectivity --format json");
  REQUIRE(ok.status == 0);
  CHECK(shiftfly::test::json_result(ok.out)["connectivity"]["vertex"] == 7);
}

TEST_CASE("metrics tool: bisection, path diversity and throughput of the 4x4 torus against closed forms",
          "[tools][throughput]") {
  // The k x k torus with k even: bisection width 2k; every vertex has 4 edge- and vertex-disjoint
  // paths to every other; uniform throughput on an arc-transitive graph is 2m / sum of distances
  // = 64 / (16 * 32) = 0.125 (exact LP here: 16 vertices).
  const auto r = run_metrics("torus --dims 4,4 --bisection --paths --path-samples 0 --throughput uniform --format json");
  INFO(r.err);
  REQUIRE(r.status == 0);
  const auto j = shiftfly::test::json_result(r.out);
  CHECK(j["bisection"]["method"] == "exact");
  CHECK(j["bisection"]["lower"] == 8);
  CHECK(j["bisection"]["upper"] == 8);
  CHECK(j["paths"]["disjoint_paths"]["method"] == "exact over all pairs");
  CHECK(j["paths"]["disjoint_paths"]["edge_min"] == 4);
  CHECK(j["paths"]["disjoint_paths"]["vertex_min"] == 4);
  CHECK(j["paths"]["disjoint_paths"]["pairs"] == 240);
  // shortest paths between antipodes (2, 2) apart: C(4, 2) * 2 * 2 = 24 (two ways round in each ring)
  CHECK(j["paths"]["shortest_paths"]["max"] == 24);
  CHECK(j["paths"]["shortest_paths"]["min"] == 1);
  CHECK(j["throughput"]["method"] == "exact");
  CHECK(j["throughput"]["traffic"] == "uniform");
  CHECK(std::abs(j["throughput"]["lower"].get<double>() - 0.125) < 1e-9);
  CHECK(std::abs(j["throughput"]["upper"].get<double>() - 0.125) < 1e-9);
  CHECK(std::abs(j["throughput"]["distance_bound"].get<double>() - 0.125) < 1e-12);

  // One unit between antipodes: 4 edge-disjoint paths carry 4 units.
  const auto f = run_metrics("torus --dims 4,4 --throughput file:" + std::string(SHIFTFLY_FIXTURES) +
                             "/traffic/torus4x4_antipodes.txt --format json");
  INFO(f.err);
  REQUIRE(f.status == 0);
  CHECK(std::abs(shiftfly::test::json_result(f.out)["throughput"]["lower"].get<double>() - 4.0) < 1e-9);

  // The worst permutation on the torus sends every vertex to its antipode (distance 4 each):
  // TUB = 64 / (16 * 4) = 1, and the exact throughput under it is 1 as well.
  const auto w = run_metrics("torus --dims 4,4 --throughput worst --format json");
  REQUIRE(w.status == 0);
  const auto wj = shiftfly::test::json_result(w.out)["throughput"];
  CHECK(std::abs(wj["distance_bound"].get<double>() - 1.0) < 1e-12);
  // Exactly 1: Valiant's routing gives every permutation n/2 x 0.125 = 1 as well.
  CHECK(wj["method"] == "exact");
  CHECK(std::abs(wj["lower"].get<double>() - 1.0) < 1e-9);
  CHECK(std::abs(wj["upper"].get<double>() - 1.0) < 1e-9);

  // text: the answers in one line each
  const auto t = run_metrics("torus --dims 4,4 --bisection --throughput uniform");
  REQUIRE(t.status == 0);
  CHECK(t.out.find("bisection width (exact): [8, 8]") != std::string::npos);
  CHECK(t.out.find("throughput, uniform traffic (exact): [0.125") != std::string::npos);
}

TEST_CASE("metrics tool: the throughput interval when the LP does not fit, and the same at any thread count",
          "[tools][throughput]") {
  // Shiftfly at 48 groups and 40 ports: 48 * 2m arcs are above the LP's 40,000 variables.
  // --no-symmetry: its automorphisms would reduce the LP to an exact one (the test after this one)
  const std::string args = "shiftfly --groups 48 --throughput uniform --epsilon 0.2 --no-symmetry --format json";
  const auto one = run_metrics(args + " --threads 1");
  const auto two = run_metrics(args + " --threads 2");
  INFO(one.err);
  REQUIRE(one.status == 0);
  CHECK(one.out == two.out);
  const auto t = shiftfly::test::json_result(one.out)["throughput"];
  CHECK(t["method"] == "interval");
  CHECK(t["lower"].get<double>() > 0);
  CHECK(t["lower"].get<double>() <= t["upper"].get<double>());
  CHECK(t["upper"].get<double>() <= t["distance_bound"].get<double>() + 1e-12);
  // by default: the LP reduced by the automorphisms, exact, and inside that interval
  const auto e = run_metrics("shiftfly --groups 48 --throughput uniform --format json");
  REQUIRE(e.status == 0);
  const auto x = shiftfly::test::json_result(e.out)["throughput"];
  CHECK(x["method"] == "exact");
  CHECK(x["algorithm"].get<std::string>().find("reduced by") != std::string::npos);
  CHECK(x["lower"] == x["upper"]);
  CHECK(x["lower"].get<double>() >= t["lower"].get<double>() * (1 - 1e-9));
  CHECK(x["lower"].get<double>() <= t["upper"].get<double>() * (1 + 1e-9));
}

namespace {
// Writes `text` to a fresh file under the temporary directory and returns its path.
std::string demand_file(const std::string& name, const std::string& text) {
  const std::string path = "/tmp/shiftfly_metrics_tool_test_" + std::to_string(::getpid()) + "_" + name;
  std::ofstream(path) << text;
  return path;
}
}  // namespace

TEST_CASE("metrics tool: throughput at every magnitude of demand", "[tools][throughput]") {
  // One pair of neighbours on the 3x3 torus: θ = 4 / demand (exact). 1e11 printed 2e-11;
  // 1e13 and up, 1e308, 1e-200 and 1e-300 were internal errors (CLP's status). 1e-307 and
  // 2.5e-308 were refused because the distance bound (36 / demand) passed the largest double,
  // though θ is a normal double.
  for (const auto& [demand, expected] : std::vector<std::pair<std::string, double>>{
           {"1e11", 4e-11}, {"1e13", 4e-13}, {"1e308", 4e-308}, {"1e-200", 4e200}, {"1e-300", 4 / 1e-300},
           {"1e-307", 4 / 1e-307}, {"2.5e-308", 4 / 2.5e-308}}) {
    const auto r = run_metrics("torus --dims 3,3 --no-distances --format json --throughput file:" +
                               demand_file("one_" + demand, "0 1 " + demand + "\n"));
    INFO(demand << " " << r.err);
    REQUIRE(r.status == 0);
    const auto t = shiftfly::test::json_result(r.out)["throughput"];
    CHECK(t["method"] == "exact");
    CHECK(std::fabs(t["lower"].get<double>() - expected) <= 1e-12 * expected);
  }
  // mixed magnitudes 1e9 and 1: the small pair cannot bind; θ within 1e-9 of 4e-9
  const auto m = run_metrics("torus --dims 3,3 --no-distances --format json --throughput file:" +
                             demand_file("mixed", "0 1 1e9\n2 3 1\n"));
  REQUIRE(m.status == 0);
  CHECK(std::fabs(shiftfly::test::json_result(m.out)["throughput"]["lower"].get<double>() - 4e-9) <= 1e-9 * 4e-9);
  // 1e15 and 1 printed exactly 0: now refused, one line with the rule
  const auto w = run_metrics("torus --dims 3,3 --no-distances --throughput file:" +
                             demand_file("wide", "0 1 1e15\n2 3 1\n"));
  CHECK(w.status == 2);
  CHECK(w.err_lines() == 1);
  CHECK(w.err.find("at most 1e12 times the smallest") != std::string::npos);
  // a denormal demand is refused by the file's grammar, with the range
  const auto d = run_metrics("torus --dims 3,3 --no-distances --throughput file:" +
                             demand_file("denormal", "0 1 4.9e-324\n"));
  CHECK(d.status == 2);
  CHECK(d.err.find("2.2250738585072014e-308 to 1.7976931348623157e308") != std::string::npos);
}

TEST_CASE("metrics tool: every demand 1e305 on a Jellyfish: the interval, and the total demand's log",
          "[tools][throughput]") {
  // was [0, 0] with total_demand null: Σ T·d overflowed
  std::string text;
  for (int s = 0; s < 120; ++s)
    for (int t = 0; t < 120; ++t)
      if (s != t) text += std::to_string(s) + " " + std::to_string(t) + " 1e305\n";
  const auto r = run_metrics("jellyfish --routers 120 --degree 4 --seed 1 --no-distances --format json --throughput file:" +
                             demand_file("e305", text));
  INFO(r.err);
  REQUIRE(r.status == 0);
  const auto t = shiftfly::test::json_result(r.out)["throughput"];
  CHECK(t["method"] == "interval");
  CHECK(t["converged"] == true);
  // uniform traffic gives [0.008368, 0.008734] (method interval, ε = 0.05): the same times 1e-305
  CHECK(t["lower"].get<double>() >= 8.3e-308);
  CHECK(t["upper"].get<double>() <= 8.8e-308);
  CHECK(t["lower"].get<double>() <= t["upper"].get<double>());
  CHECK(t["total_demand"].is_null());  // above the largest double
  CHECK(std::fabs(t["total_demand_log10"].get<double>() - (305 + std::log10(14280.0))) <= 1e-9);
}

TEST_CASE("metrics tool: an interval cut short says it did not converge; the epsilon floor; --max-seconds",
          "[tools][throughput]") {
  // Boardfly of 40 groups without its pods' quotient ran its 10,000 rounds to [0.118052, 0.126004]
  // (6.7 % wide) unflagged. --max-seconds 2 limits the rounds to those that fit in 2 s by the model
  // (985), where the interval is still wider than 5 %: exit 0 (both ends are certified), converged
  // false, the width reached, and one warning line on stderr (docs/cli.md). With the quotient by its
  // two structural clusters (36 and 4 groups), solved exactly, as the upper end, the same rounds
  // close it. (Its lift through the pods has congestion 2.6: the pod of 4 groups has too few links
  // inside for what enters it, so the lift gives no exact answer here.)
  const auto r = run_metrics("boardfly --groups 40 --no-distances --throughput uniform --max-seconds 2 --no-symmetry "
                             "--no-contracted-bound --format json");
  REQUIRE(r.status == 0);
  const auto t = shiftfly::test::json_result(r.out)["throughput"];
  CHECK(t["converged"] == false);
  CHECK(t["width"].get<double>() > 0.05);
  CHECK(t["rounds"] == t["round_limit"]);
  CHECK(t["rounds"].get<std::uint64_t>() < 10000);
  CHECK(r.err_lines() == 1);
  CHECK(r.err.find("warning: the throughput interval did not converge") != std::string::npos);
  const auto text = run_metrics("boardfly --groups 40 --no-distances --throughput uniform --max-seconds 2 --no-symmetry "
                                "--no-contracted-bound");
  REQUIRE(text.status == 0);
  CHECK(text.out.find("(interval, NOT converged: width ") != std::string::npos);
  const auto pods = run_metrics("boardfly --groups 40 --no-distances --throughput uniform --max-seconds 2 --no-symmetry --format json");
  REQUIRE(pods.status == 0);
  const auto closed = shiftfly::test::json_result(pods.out)["throughput"];
  CHECK(closed["converged"] == true);
  CHECK(closed["upper_method"].get<std::string>().find("contracted bound: the dual bound of the exact LP of the quotient") !=
        std::string::npos);
  CHECK(closed["upper"].get<double>() < t["upper"].get<double>());
  CHECK(pods.err.empty());
  // converged: said so, with the width
  const auto c = run_metrics("jellyfish --routers 120 --degree 4 --no-distances --throughput uniform --format json");
  REQUIRE(c.status == 0);
  CHECK(shiftfly::test::json_result(c.out)["throughput"]["converged"] == true);
  CHECK(c.err.empty());
  // epsilon 1e-12 ran 10,000 rounds to a 27 %-wide interval labelled 1e-12: refused at once
  const auto e = run_metrics("jellyfish --routers 120 --degree 4 --seed 1 --no-distances --throughput uniform --epsilon 1e-12");
  CHECK(e.status == 2);
  CHECK(e.err.find("0.001 to below 1") != std::string::npos);
  // permutation traffic on a 100x100 torus had done one round after 125 s: refused with the estimate
  const auto p = run_metrics("torus --dims 100,100 --no-distances --throughput permutation");
  CHECK(p.status == 2);
  CHECK(p.err_lines() == 1);
  CHECK(p.err.find("--max-seconds = 60 is below the estimated") != std::string::npos);
  // refused before the distance sweep and the other metrics, as --connectivity is
  const auto q = run_metrics("torus --dims 100,100 --gap --throughput permutation");
  CHECK(q.status == 2);
  CHECK(q.out.empty());
  CHECK(q.err.find("--max-seconds = 60 is below the estimated") != std::string::npos);
}

TEST_CASE("metrics tool: the worst permutation of endpoints, its TUB bound alone when its throughput does not fit",
          "[tools][throughput]") {
  // 3,000 routers: the interval on the worst permutation is estimated far above --max-seconds 1,
  // so the answer is [0, TUB], with the reason; TUB itself is the library's certified bound.
  const auto w = run_metrics("jellyfish --routers 3000 --degree 10 --endpoints 4 --throughput worst --max-seconds 1 "
                             "--no-distances --format json");
  INFO(w.err);
  REQUIRE(w.status == 0);
  const auto t = shiftfly::test::json_result(w.out)["throughput"];
  CHECK(t["method"] == "upper bound");
  CHECK(t["lower"].get<double>() == 0.0);
  CHECK(t["lower_method"].get<std::string>().find("not measured") != std::string::npos);
  CHECK(t["traffic"] == "worst permutation of endpoints");
  CHECK(t["distance_bound_certified"] == true);
  shiftfly::metrics::worst_permutation_options o;
  o.endpoints.assign(3000, 4);
  const auto g = shiftfly::topology::jellyfish(3000, 10, 1);
  const double tub = shiftfly::metrics::worst_permutation_bound(g, shiftfly::metrics::traversal::undirected, o).value;
  CHECK(t["upper"].get<double>() == Approx(tub).epsilon(1e-15));
  CHECK(w.err.find("did not converge") == std::string::npos);
  // endpoints weigh the pairs: 4 on every router gives a quarter of the one-a-router bound
  const auto one = run_metrics("jellyfish --routers 3000 --degree 10 --endpoints 1 --throughput worst --max-seconds 1 "
                               "--no-distances --format json");
  REQUIRE(one.status == 0);
  CHECK(shiftfly::test::json_result(one.out)["throughput"]["upper"].get<double>() == Approx(4 * tub).epsilon(1e-14));
}

}  // namespace metrics_tool_test
