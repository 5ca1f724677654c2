// libFuzzer harness: the number and list parsers of core/parse.hpp, and the
// enum parsers of the headers (operations::parse_design,
// topology::parse_shiftfly_construction).
// Input: byte 0 picks the list separator, the rest is the text.
// Properties:
//   - each parser either throws std::invalid_argument with a one-line message
//     or returns a value;
//   - parse_unsigned accepts exactly the non-empty digit strings without a
//     leading zero whose value fits in 64 bits, and the value formats back to a string that parses to it;
//   - parse_unsigned_list accepts exactly non-empty items of that kind joined
//     by the separator, and the list formats back (joined by the separator) to
//     a string that parses to the same values;
//   - an enum parser accepts exactly its spellings.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/operations/design.hpp"
#include "shiftfly/topology/shiftfly.hpp"

namespace core = shiftfly::core;
using shiftfly::fuzz::require;

namespace {

// Independent oracle: a non-empty digit string, no leading zero ("0" itself is one),
// whose value fits in 64 bits.
bool is_u64(std::string_view s, std::uint64_t& value) {
  if (s.empty() || (s.size() > 1 && s[0] == '0')) return false;
  value = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    const std::uint64_t digit = static_cast<std::uint64_t>(c - '0');
    if (value > (UINT64_MAX - digit) / 10) return false;
    value = value * 10 + digit;
  }
  return true;
}

template <class F>
bool accepts(F&& f) {
  try {
    f();
    return true;
  } catch (const std::invalid_argument& e) {
    shiftfly::fuzz::require_one_line(e);
    return false;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  shiftfly::fuzz::bytes in{data, size};
  static constexpr char separators[] = {',', ',', ',', '.', 'x', ';', ' ', ':'};
  const char sep = separators[in.take() % sizeof separators];
  const std::string text(in.rest());

  // parse_unsigned
  std::uint64_t expected = 0;
  const bool valid = is_u64(text, expected);
  std::uint64_t value = 0;
  const bool ok = accepts([&] { value = core::parse_unsigned(text, "--n"); });
  require(ok == valid, "parse_unsigned accepts exactly the 64-bit digit strings", text);
  if (ok) {
    require(value == expected, "parse_unsigned's value", text);
    require(core::parse_unsigned(std::to_string(value), "--n") == value, "parse_unsigned(to_string(v)) == v", text);
  }

  // parse_unsigned_list
  std::vector<std::uint64_t> oracle;
  bool list_valid = !text.empty();
  for (std::size_t start = 0; list_valid;) {
    const std::size_t end = text.find(sep, start);
    std::uint64_t v = 0;
    if (!is_u64(std::string_view(text).substr(start, end == std::string::npos ? std::string::npos : end - start), v))
      list_valid = false;
    oracle.push_back(v);
    if (end == std::string::npos) break;
    start = end + 1;
  }
  std::vector<std::uint64_t> list;
  const bool list_ok = accepts([&] { list = core::parse_unsigned_list(text, "--dims", sep); });
  require(list_ok == list_valid, "parse_unsigned_list accepts exactly lists of 64-bit digit strings", text);
  if (list_ok) {
    require(list == oracle, "parse_unsigned_list's values", text);
    std::string joined;
    for (std::size_t i = 0; i < list.size(); ++i) joined += (i ? std::string(1, sep) : "") + std::to_string(list[i]);
    require(core::parse_unsigned_list(joined, "--dims", sep) == list, "parse(join(list)) == list", joined);
  }

  // enum parsers
  const bool design_ok = accepts([&] { (void)shiftfly::operations::parse_design(text); });
  require(design_ok == (text == "boardfly" || text == "shiftfly"), "parse_design accepts its two spellings", text);
  const bool construction_ok = accepts([&] { (void)shiftfly::topology::parse_shiftfly_construction(text); });
  require(construction_ok == (text == "imase-itoh" || text == "kautz"),
          "parse_shiftfly_construction accepts its two spellings", text);
  return 0;
}
