// core/flag_names.hpp: header errors rewritten to name command-line flags.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/flag_names.hpp"
#include "shiftfly/topology/family.hpp"

namespace c = shiftfly::core;

TEST_CASE("with_flag_names renames the parameter the message names, or appends the flags given", "[core][flag_names]") {
  CHECK(c::with_flag_names("kautz: D = 9 is out of range (accepted: 1 to 2 at d = 65534)", {{"d", "--d"}, {"D", "--D"}},
                           "--d 65534 --D 9") == "kautz: --D = 9 is out of range (accepted: 1 to 2 at d = 65534)");
  // the earliest parameter in the message wins, whatever the order of the list
  CHECK(c::with_flag_names("f: target = 1 at lambda = 0.5", {{"lambda", "--lambda"}, {"target", "--target"}}, "") ==
        "f: --target = 1 at lambda = 0.5");
  // "dims item" is not "dims"
  CHECK(c::with_flag_names("torus: dims item = 1 is out of range", {{"dims", "--dims"}, {"dims item", "--dims item"}}, "x") ==
        "torus: --dims item = 1 is out of range");
  // no parameter named: the flags given are appended
  CHECK(c::with_flag_names("boardfly: chip count = 2 x 32 exceeds 1", {{"groups", "--groups"}}, "--groups 2") ==
        "boardfly: chip count = 2 x 32 exceeds 1 (given --groups 2)");
  // already naming a flag: unchanged
  CHECK(c::with_flag_names("tool: --groups = 0 is bad", {{"groups", "--groups"}}, "--groups 0") == "tool: --groups = 0 is bad");
  // a parameter name inside a word is not a match
  CHECK(c::with_flag_names("f: ports = 3", {{"s", "--s"}}, "") == "f: ports = 3");
}

TEST_CASE("with_flag_names shows the typed text where the message gives the flag's own value", "[core][flag_names]") {
  // the parameter renamed, and its 17-digit value shown as typed
  CHECK(c::with_flag_names("light_reserve: target = 0.99999899999999997 needs more than 10000000 spares",
                           {{"target", "--target", "0.999999"}}, "") ==
        "light_reserve: --target = 0.999999 needs more than 10000000 spares");
  // every mention of the flag or the parameter whose value is the flag's own, also after a comma or a '('
  CHECK(c::with_flag_names("f: target = 0.99999999999900002 at lambda = 0.10000000000000001, rho = 0.69999999999999996",
                           {{"target", "--target", "0.999999999999"}, {"lambda", "--lambda", "0.1"}, {"rho", "--rho", "0.7"}},
                           "") == "f: --target = 0.999999999999 at lambda = 0.1, rho = 0.7");
  CHECK(c::with_flag_names("tool: --rho-within = 0.070000000000000007 is out of range (accepted: at least --rho-across = "
                           "0.10000000000000001 and below 1)",
                           {{"rho_within", "--rho-within", "0.07"}, {"rho_across", "--rho-across", "0.1"}}, "") ==
        "tool: --rho-within = 0.07 is out of range (accepted: at least --rho-across = 0.1 and below 1)");
  // a value that is not the flag's own (a bound derived from it) keeps its digits
  CHECK(c::with_flag_names("f: target = 0.5 needs more than 0.99999899999999997", {{"target", "--target", "0.999999"}}, "") ==
        "f: --target = 0.5 needs more than 0.99999899999999997");
  // a parameter inside a longer name is not the flag's ("rho_new = " is not "rho = ")
  CHECK(c::with_flag_names("f: rho_new = 0.10000000000000001", {{"rho", "--rho", "0.1"}}, "") == "f: rho_new = 0.10000000000000001");
  // integers are printed as given already; typed text that is not a number changes nothing
  CHECK(c::with_flag_names("f: n = 12 is too big", {{"n", "--n", "12"}}, "") == "f: --n = 12 is too big");
  CHECK(c::with_flag_names("f: w = 2 is bad", {{"w", "--w", "2h"}}, "") == "f: --w = 2 is bad");
  // control characters in the typed text stay on one line
  CHECK(c::with_flag_names("f: x = 0.10000000000000001", {{"x", "--x", "\n0.1"}}, "") == "f: --x = \\n0.1");
}

TEST_CASE("naming_flags passes results through and rethrows invalid_argument with flags", "[core][flag_names]") {
  CHECK(c::naming_flags({{"n", "--n"}}, "--n 3", [] { return 42; }) == 42);
  CHECK_THROWS_WITH(c::naming_flags({{"n", "--n"}}, "--n 1", [] { c::require_range("g", "n", 1, 2, 9); return 0; }),
                    "g: --n = 1 is out of range (accepted: 2 to 9)");
  CHECK_THROWS_AS(c::naming_flags({{"n", "--n"}}, "", []() -> int { throw std::runtime_error("n = 1"); }), std::runtime_error);
}

TEST_CASE("make_family errors name the command-line flags", "[core][flag_names][family]") {
  shiftfly::topology::family_params p;
  p.family = "kautz";
  p.d = 20;
  p.D = 9;
  CHECK_THROWS_WITH(shiftfly::topology::make_family(p), Catch::Contains("kautz: --D = 9 is out of range"));
  p.family = "torus";
  p.dims = {4, 1};
  CHECK_THROWS_WITH(shiftfly::topology::make_family(p), Catch::Contains("torus: --dims item = 1"));
  p.family = "boardfly";
  p.groups = 200000000;
  p.level = "chip";
  CHECK_THROWS_WITH(shiftfly::topology::make_family(p), Catch::EndsWith("(given --groups 200000000 --level chip)"));
  // flags left at their default are listed as defaults, not as given
  p.family = "shiftfly";
  p.defaulted_flags = {"--ports", "--construction", "--seed"};
  CHECK_THROWS_WITH(shiftfly::topology::make_family(p),
                    Catch::EndsWith("(given --groups 200000000 --level chip; defaults: --ports 40 --construction imase-itoh)"));
}
