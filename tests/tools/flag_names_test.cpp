// tools/common/flag_names.hpp: library errors (core::invalid_parameter) told with
// the command-line flags, and core/error.hpp's fields and one line.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "common/flag_names.hpp"
#include "family_options.hpp"
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/error.hpp"
#include "shiftfly/topology/family.hpp"

namespace flag_names_test {

namespace c = shiftfly::core;
namespace tl = shiftfly::tools;

namespace {
// The error a library call throws.
template <class F>
c::invalid_parameter error_of(F&& f) {
  try {
    f();
  } catch (const c::invalid_parameter& e) {
    return e;
  }
  FAIL("no invalid_parameter thrown");
  return c::invalid_parameter::rule("", "");
}
c::invalid_parameter param(const char* p, const char* v, const char* problem, const char* accepted = "") {
  return c::invalid_parameter("f", p, v, problem, accepted);
}
}  // namespace

TEST_CASE("invalid_parameter keeps its parts and reads as one line", "[tools][flag_names]") {
  const auto e = error_of([] { c::require_range("kautz", "D", 9, 1, 2); });
  CHECK(std::string(e.what()) == "kautz: D = 9 is out of range (accepted: 1 to 2)");
  CHECK(e.function() == "kautz");
  CHECK(e.parameter() == "D");
  CHECK(e.value() == "9");
  CHECK(e.problem() == "is out of range");
  CHECK(e.accepted() == "1 to 2");
  CHECK(e.message_naming("--D", "nine") == "kautz: --D = nine is out of range (accepted: 1 to 2)");
  const auto r = error_of([] { c::fail("boardfly", "chip count = 2 x 32 exceeds 1"); });
  CHECK(r.parameter().empty());
  CHECK(std::string(r.what()) == "boardfly: chip count = 2 x 32 exceeds 1");
  const auto empty = error_of([] { c::fail_parameter("parse_label", "from", "", "is empty (expected a label)"); });
  CHECK(std::string(empty.what()) == "parse_label: from is empty (expected a label)");
  // every library error is a std::invalid_argument
  CHECK_THROWS_AS(c::require_range("g", "n", 1, 2, 9), std::invalid_argument);
}

TEST_CASE("with_flag_names renames the error's parameter, or appends the flags given", "[tools][flag_names]") {
  CHECK(tl::with_flag_names(param("D", "9", "is out of range", "1 to 2 at d = 65534"), {{"d", "--d"}, {"D", "--D"}},
                            "--d 65534 --D 9") == "--D = 9 is out of range (accepted: 1 to 2 at d = 65534)");
  // the error's own parameter wins, even when the problem mentions another one
  CHECK(tl::with_flag_names(param("target", "1", "at lambda = 0.5"), {{"lambda", "--lambda"}, {"target", "--target"}}, "") ==
        "--target = 1 at lambda = 0.5");
  // "dims item" is not "dims"
  CHECK(tl::with_flag_names(param("dims item", "1", "is out of range"), {{"dims", "--dims"}, {"dims item", "--dims item"}},
                            "x") == "--dims item = 1 is out of range");
  // no parameter: the flags given are appended
  CHECK(tl::with_flag_names(c::invalid_parameter::rule("boardfly", "chip count = 2 x 32 exceeds 1"), {{"groups", "--groups"}},
                            "--groups 2") == "chip count = 2 x 32 exceeds 1 (given --groups 2)");
  // a parameter that is not listed: the flags given are appended, the parameter kept
  CHECK(tl::with_flag_names(param("ports", "3", "is odd"), {{"s", "--s"}}, "--s 1") == "ports = 3 is odd (given --s 1)");
  // a message that names a listed flag already: unchanged
  CHECK(tl::with_flag_names(c::invalid_parameter::rule("tool", "--groups = 0 is bad"), {{"groups", "--groups"}}, "--groups 0") ==
        "--groups = 0 is bad");
}

TEST_CASE("with_flag_names shows the typed text where the message gives the flag's own value", "[tools][flag_names]") {
  // the parameter renamed, and its 17-digit value shown as typed
  CHECK(tl::with_flag_names(param("target", "0.99999899999999997", "needs more than 10000000 spares"),
                            {{"target", "--target", "0.999999"}}, "") == "--target = 0.999999 needs more than 10000000 spares");
  // every mention of a listed parameter whose value is that flag's own, also after a comma or a '('
  CHECK(tl::with_flag_names(param("target", "0.99999999999900002", "at lambda = 0.10000000000000001, rho = 0.69999999999999996"),
                            {{"target", "--target", "0.999999999999"}, {"lambda", "--lambda", "0.1"}, {"rho", "--rho", "0.7"}},
                            "") == "--target = 0.999999999999 at lambda = 0.1, rho = 0.7");
  // a value that is not the flag's own (a bound derived from it) keeps its digits
  CHECK(tl::with_flag_names(param("target", "0.5", "needs more than 0.99999899999999997"), {{"target", "--target", "0.999999"}},
                            "") == "--target = 0.5 needs more than 0.99999899999999997");
  // a parameter inside a longer name is not the flag's ("rho_new = " is not "rho = ")
  CHECK(tl::with_flag_names(param("x", "1", "with rho_new = 0.10000000000000001"), {{"rho", "--rho", "0.1"}}, "") ==
        "x = 1 with rho_new = 0.10000000000000001");
  // integers are printed as given already; typed text that is not a number changes nothing
  CHECK(tl::with_flag_names(param("n", "12", "is too big"), {{"n", "--n", "12"}}, "") == "--n = 12 is too big");
  CHECK(tl::with_flag_names(param("w", "2", "is bad"), {{"w", "--w", "2h"}}, "") == "--w = 2 is bad");
  // a typed text with a control character is not a real of the one grammar (core::read_real: no
  // spaces), so the value is shown, and the line stays one line
  CHECK(tl::with_flag_names(param("x", "0.10000000000000001", "is bad"), {{"x", "--x", "\n0.1"}}, "") ==
        "--x = 0.10000000000000001 is bad");
  // a typed text in the grammar that reads as the value is shown as typed
  CHECK(tl::with_flag_names(param("x", "0.10000000000000001", "is bad"), {{"x", "--x", "1e-1"}}, "") == "--x = 1e-1 is bad");
}

TEST_CASE("naming_flags passes results through and rethrows library errors with flags", "[tools][flag_names]") {
  CHECK(tl::naming_flags({{"n", "--n"}}, "--n 3", [] { return 42; }) == 42);
  CHECK_THROWS_WITH(tl::naming_flags({{"n", "--n"}}, "--n 1", [] { c::require_range("g", "n", 1, 2, 9); return 0; }),
                    "--n = 1 is out of range (accepted: 2 to 9)");
  CHECK_THROWS_AS(tl::naming_flags({{"n", "--n"}}, "", []() -> int { throw std::runtime_error("n = 1"); }), std::runtime_error);
}

TEST_CASE("naming_flags names a library id as its flag by one rule, with no list", "[tools][flag_names]") {
  tl::run_context ctx;
  ctx.flags = {"--bytes-per-element", "--dims", "--target", "--premium-from", "--analytic", "--format"};
  ctx.given = {{"--dims", "4,1"}, {"--target", "0.999999"}};
  const auto line = [&ctx](std::string_view given, auto f) -> std::string {
    try {
      tl::naming_flags(ctx, given, f);
    } catch (const c::invalid_parameter& e) {
      return e.what();
    }
    return "no error";
  };
  // id -> "--" id with '-' for '_'
  CHECK(line("", [] { c::require_range("message_of_bytes", "bytes_per_element", 0, 1, 1024); }) ==
        "--bytes-per-element = 0 is out of range (accepted: 1 to 1024)");
  CHECK(line("", [] { c::throw_out_of_range("cost", "premium_from", 0.02, "above the floor and below 1"); }) ==
        "--premium-from = 0.02 is out of range (accepted: above the floor and below 1)");
  // items and their count by the same words
  CHECK(line("--dims 4,1", [] { c::require_range("torus", "dims item", 1, 2, 65535); }) ==
        "--dims item = 1 is out of range (accepted: 2 to 65535)");
  CHECK(line("", [] { c::require_range("torus", "number of dims items", 65, 1, 64); }) ==
        "number of --dims items = 65 is out of range (accepted: 1 to 64)");
  // the value as typed when the flag was given
  CHECK(line("", [] { c::fail_parameter("light_reserve", "target", "0.99999899999999997", "needs more than 10000000 spares"); }) ==
        "--target = 0.999999 needs more than 10000000 spares");
  // an id that is no flag of the command keeps its name, and the flags given are appended
  CHECK(line("--dims 4,1", [] { c::require_range("g", "rho", 2, 0, 1); }) ==
        "rho = 2 is out of range (accepted: 0 to 1) (given --dims 4,1)");
  // a rule that names a flag the user gave is told as it is; one that names only a flag not given
  // (a hint) still gets the flags given
  CHECK(line("--dims 4,1", [] { c::fail("allreduce", "--dims 4,1 is too big"); }) == "--dims 4,1 is too big");
  CHECK(line("--dims 4,1", [] { c::fail("allreduce", "too big; --analytic does it"); }) ==
        "too big; --analytic does it (given --dims 4,1)");
  CHECK(tl::naming_flags(ctx, "", [] { return 7; }) == 7);
  CHECK(tl::id_of("--path-samples") == "path_samples");
  CHECK(tl::flag_of("path_samples") == "--path-samples");
}

TEST_CASE("family flags build the spec, and errors name the flags", "[tools][flag_names][family]") {
  using u64 = std::uint64_t;
  tl::family_flags f;
  f.family = "kautz";
  f.values = {{"d", u64{65534}}, {"D", u64{9}}};
  CHECK_THROWS_WITH(tl::make_graph(f, "graph", false), Catch::Contains("--D = 9 is out of range"));
  f = {};
  f.family = "torus";
  f.values = {{"dims", std::vector<u64>{4, 1}}};
  CHECK_THROWS_WITH(tl::make_graph(f, "graph", false), Catch::Contains("--dims item = 1"));
  f.values = {{"dims", std::vector<u64>(65, 2)}};
  CHECK_THROWS_WITH(tl::make_graph(f, "graph", false), Catch::StartsWith("number of --dims items = 65"));
  f = {};
  f.family = "xgft";
  f.values = {{"m", std::vector<u64>{2, 2}}, {"w", std::vector<u64>{1}}};
  CHECK_THROWS_WITH(tl::make_graph(f, "graph", false), Catch::StartsWith("number of --w items = 1"));
  // the library's ids are the flags: dragonfly's groups (the paper's g), jellyfish's routers and degree (N, r)
  f = {};
  f.family = "dragonfly";
  f.values = {{"a", u64{4}}, {"h", u64{2}}, {"groups", u64{2}}};
  CHECK_THROWS_WITH(tl::make_graph(f, "graph", false), Catch::StartsWith("--groups = 2 is out of range (accepted: 3 to 9 at a = 4, h = 2)"));
  f = {};
  f.family = "jellyfish";
  f.values = {{"routers", u64{3}}, {"degree", u64{3}}};
  CHECK_THROWS_WITH(tl::make_graph(f, "graph", false), Catch::StartsWith("--routers = 3 is out of range"));
  f = {};
  f.family = "boardfly";
  f.values = {{"groups", u64{200000000}}, {"level", std::string("chip")}};
  CHECK_THROWS_WITH(tl::make_graph(f, "graph", false), Catch::EndsWith("(given --groups 200000000 --seed 7 --level chip)"));
  f.defaulted = {"--seed"};
  CHECK_THROWS_WITH(tl::make_graph(f, "graph", false),
                    Catch::EndsWith("(given --groups 200000000 --level chip; defaults: --seed 7)"));
  f = {};
  f.family = "shiftfly";
  f.values = {{"groups", u64{900000000}}, {"level", std::string("chip")}};
  f.defaulted = {"--ports", "--construction", "--seed"};
  CHECK_THROWS_WITH(tl::make_graph(f, "graph", false),
                    Catch::EndsWith("(given --groups 900000000 --level chip; defaults: --ports 40 --construction imase-itoh)"));
  f = {};
  f.family = "dragonfly";
  f.values = {{"a", u64{4000000}}, {"h", u64{1000}}};
  f.defaulted = {"--groups", "--arrangement"};
  CHECK_THROWS_WITH(tl::make_graph(f, "graph", false),
                    Catch::EndsWith("(given --a 4000000 --h 1000; defaults: --groups a*h+1 --arrangement consecutive)"));
  // --directed on a family without arcs is refused before the graph is built
  f = {};
  f.family = "boardfly";
  f.values = {{"groups", u64{4000000}}};
  CHECK_THROWS_WITH(tl::make_graph(f, "metrics", true),
                    "metrics: --directed needs a digraph family (kautz, de-bruijn, gen-de-bruijn, imase-itoh, "
                    "shiftfly --level group, file); boardfly has no arcs");
  f = {};
  f.family = "kautz";
  f.values = {{"d", u64{3}}, {"D", u64{2}}};
  CHECK(tl::to_spec(f).family == "kautz");
  CHECK(tl::make_graph(f, "graph", true).num_vertices() == 12);
}

}  // namespace flag_names_test
