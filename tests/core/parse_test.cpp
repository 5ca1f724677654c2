// core/parse.hpp and the text helpers of core/checked.hpp: strict number and
// list parsing, and error messages that stay one line whatever the input
// (regressions found by fuzz/list_fuzz.cpp, docs/fuzzing.md).
#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/io/edge_list.hpp"
#include "shiftfly/routing/label.hpp"
#include "shiftfly/operations/design.hpp"
#include "shiftfly/topology/shiftfly.hpp"

namespace parse_test {

namespace core = shiftfly::core;

namespace {
template <class F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(accepted)";
}

bool one_line(const std::string& msg) {
  for (char c : msg)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return false;
  return !msg.empty();
}
}  // namespace

TEST_CASE("parse_unsigned and parse_unsigned_list accept exactly digit strings", "[core][parse]") {
  CHECK(core::parse_unsigned("0", "--n") == 0);
  CHECK(core::parse_unsigned("7", "--n") == 7);
  CHECK(core::parse_unsigned("18446744073709551615", "--n") == UINT64_MAX);
  CHECK(core::parse_unsigned_list("16,16,16", "--dims") == std::vector<std::uint64_t>{16, 16, 16});
  CHECK(core::parse_unsigned_list("4x5", "--dims", 'x') == std::vector<std::uint64_t>{4, 5});
  for (const char* bad : {"", "-1", "+1", " 1", "1 ", "1e3", "0x10", "18446744073709551616", "1,2", "007", "00"})
    CHECK_THROWS_AS(core::parse_unsigned(bad, "--n"), std::invalid_argument);
  for (const char* bad : {"", ",", "4,,4", "4,", ",4", "4, 4", "4,-4", "4,18446744073709551616", "4,04"})
    CHECK_THROWS_AS(core::parse_unsigned_list(bad, "--dims"), std::invalid_argument);
  CHECK(message_of([] { core::parse_unsigned_list("4,,4", "--dims"); }) ==
        "parse: --dims = '4,,4' has an empty item (expected a list like 16,16,16)");
}

TEST_CASE("printable escapes control characters and cuts long text", "[core][parse]") {
  CHECK(core::printable("0.1.2") == "0.1.2");
  CHECK(core::printable("a\nb\rc\td") == "a\\nb\\rc\\td");
  CHECK(core::printable(std::string("\x01\x7f", 2)) == "\\x01\\x7f");
  CHECK(core::printable(std::string(1, '\0')) == "\\x00");
  CHECK(core::printable("\xcf\x81") == "\xcf\x81");  // UTF-8 (rho) is kept
  CHECK(core::printable(std::string(300, 'a')) == std::string(120, 'a') + "...");
  // a cut never splits a UTF-8 character: 119 ASCII bytes then a 2-byte rho
  CHECK(core::printable(std::string(119, 'a') + "\xcf\x81" + "z") == std::string(119, 'a') + "...");
  CHECK(core::to_message(std::string("x\ny")) == "x\\ny");
  CHECK(core::to_message(42) == "42");
}

TEST_CASE("regression (list_fuzz): a newline in a number or list gives a one-line message", "[core][parse]") {
  // fuzz/list_fuzz.cpp found "\n" echoed verbatim: a two-line message
  const std::string m1 = message_of([] { core::parse_unsigned("\n", "--n"); });
  CHECK(m1 == "parse: --n = '\\n' is not a non-negative integer (accepted: decimal digits, no sign, no leading zero)");
  const std::string m2 = message_of([] { core::parse_unsigned_list("4,\n4", "--dims"); });
  CHECK(one_line(m2));
  CHECK(m2.find("'4,\\n4'") != std::string::npos);
  CHECK(one_line(message_of([] { core::parse_unsigned(std::string("1\r\x1b[2J", 6), "--n"); })));
  CHECK(one_line(message_of([] { core::parse_unsigned(std::string(100000, '\n'), "--n"); })));
  CHECK(message_of([] { core::parse_unsigned(std::string(100000, '9'), "--n"); }).size() < 300);
  CHECK(one_line(message_of([] { shiftfly::operations::parse_design("shift\nfly"); })));
  CHECK(one_line(message_of([] { shiftfly::topology::parse_shiftfly_construction("kautz\n"); })));
}

TEST_CASE("one integer grammar: the number parser, the label parser and the edge-list reader agree", "[core][parse]") {
  const auto space = shiftfly::routing::de_bruijn_space(65534, 1);  // one symbol, 0 to 65533
  for (const std::string text : {"0", "7", "65533", "07", "00", "+7", "-7", " 7", "7 ", "0x7", "1e3", "", "x",
                                 "18446744073709551616", "99999999999999999999999"}) {
    INFO(text);
    std::uint64_t v = 0;
    const bool number = core::read_decimal(text, v) == core::decimal_error::none;
    bool parsed = true, label = true, edge = true;
    try {
      (void)core::parse_unsigned(text, "n");
    } catch (const std::invalid_argument&) {
      parsed = false;
    }
    try {
      (void)shiftfly::routing::parse_label(text, space, "from");
    } catch (const std::invalid_argument&) {
      label = false;
    }
    try {
      (void)shiftfly::io::read_edge_list(text + " 70000", {.vertices = 70001});
    } catch (const std::invalid_argument&) {
      edge = false;
    }
    CHECK(parsed == number);
    CHECK(label == number);
    CHECK(edge == number);
  }
}

}  // namespace parse_test
