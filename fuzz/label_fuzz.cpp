// libFuzzer harness: the Kautz / de Bruijn label parser (routing/label.hpp).
// Input: byte 0 picks the family, byte 1 the degree d, byte 2 the length D
// (small ranges, so every label space of small order is reached; a few large
// d for the 16-bit symbol range), the rest is the label text.
// Properties:
//   - parse_label either throws std::invalid_argument with a one-line message
//     or returns a label of D symbols in the alphabet (Kautz: no two equal
//     neighbours);
//   - parse -> rank -> unrank -> format -> parse gives the same label, and the
//     rank lies below the space's size;
//   - unrank of an id taken from the input is a valid label that ranks back to it.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "shiftfly/routing/label.hpp"

namespace r = shiftfly::routing;
using shiftfly::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  shiftfly::fuzz::bytes in{data, size};
  const auto family = (in.take() & 1) ? r::label_family::de_bruijn : r::label_family::kautz;
  const std::uint8_t db = in.take();
  const std::uint64_t d = db < 240 ? 2 + db % 14 : (db < 248 ? 65534 - (db - 240) : 255 + (db - 248));
  const std::uint64_t D = 1 + in.take() % 12;
  r::label_space space;
  try {
    space = r::make_label_space(family, d, D);
  } catch (const std::invalid_argument& e) {
    shiftfly::fuzz::require_one_line(e);  // d^D beyond 2^63
    return 0;
  }
  const std::string text(in.rest());

  // unrank an id from the first bytes of the text, validate, rank back
  {
    std::uint64_t raw = 0;
    std::memcpy(&raw, text.data(), std::min<std::size_t>(text.size(), sizeof raw));
    const std::uint64_t id = raw % space.size;
    const auto label = r::unrank_label(space, id);
    r::validate_label(space, label, "label_fuzz", "unranked");
    require(r::rank_label(space, label) == id, "rank(unrank(id)) == id");
  }

  std::vector<shiftfly::core::symbol> label;
  try {
    label = r::parse_label(text, space, "--from");
  } catch (const std::invalid_argument& e) {
    shiftfly::fuzz::require_one_line(e);
    return 0;
  }
  require(label.size() == space.D, "a parsed label has D symbols", text);
  const unsigned a = r::alphabet_size(space);
  for (std::size_t i = 0; i < label.size(); ++i) {
    require(label[i] < a, "a parsed symbol is in the alphabet", text);
    if (family == r::label_family::kautz && i > 0) require(label[i] != label[i - 1], "no equal Kautz neighbours", text);
  }
  const std::uint64_t id = r::rank_label(space, label);
  require(id < space.size, "rank < size", text);
  const auto back = r::unrank_label(space, id);
  require(back == label, "unrank(rank(label)) == label", text);
  const std::string formatted = r::format_label(back);
  require(r::parse_label(formatted, space, "--to") == label, "parse(format(label)) == label", formatted);
  return 0;
}
