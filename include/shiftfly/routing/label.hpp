#pragma once
/// \file label.hpp
/// Vertex labels of the string shift families as routing uses them: validated
/// ranking and unranking of vertex ids (the arithmetic itself, shared with the
/// generators, is topology/string_labels.hpp), and labels as text.
///
/// Labels are written dot-separated (`0.1.2`); `parse_label` refuses an equal
/// neighbour, a symbol outside the alphabet and a wrong length with one line.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/topology/string_labels.hpp"

namespace shiftfly::routing {

/// The label spaces and their arithmetic live in topology/string_labels.hpp.
using topology::alphabet_size;
using topology::de_bruijn_space;
using topology::kautz_space;
using topology::label_family;
using topology::label_space;
using topology::make_label_space;
using topology::max_label_degree;

/// Writes a label as dot-separated symbols, e.g. "0.1.2".
inline std::string format_label(std::span<const core::symbol> label) {
  std::string out;
  for (std::size_t i = 0; i < label.size(); ++i) {
    if (i) out += '.';
    out += std::to_string(label[i]);
  }
  return out;
}

/// Checks a label against its space: length D, symbols in the alphabet, and
/// (Kautz) no two equal adjacent symbols. Throws one line naming `param`.
inline void validate_label(const label_space& s, std::span<const core::symbol> label, std::string_view where,
                           std::string_view param) {
  const std::string shown = format_label(label);
  if (label.size() != s.D)
    core::fail_parameter(where, param, shown, "has " + std::to_string(label.size()) + " symbols",
                         "exactly D = " + std::to_string(s.D));
  const unsigned a = alphabet_size(s);
  for (std::size_t i = 0; i < label.size(); ++i) {
    if (label[i] >= a)
      core::fail_parameter(where, param, shown,
                           "has symbol " + std::to_string(label[i]) + " at position " + std::to_string(i + 1),
                           "0 to " + std::to_string(a - 1));
    if (s.family == label_family::kautz && i > 0 && label[i] == label[i - 1])
      core::fail_parameter(where, param, shown,
                           "has equal neighbours at positions " + std::to_string(i) + " and " + std::to_string(i + 1) +
                               " (a Kautz label has no two equal adjacent symbols)");
  }
}

/// Parses a dot-separated label (`0.1.2`, each symbol a plain decimal: core/parse.hpp)
/// and validates it against the space.
inline std::vector<core::symbol> parse_label(std::string_view text, const label_space& s, std::string_view param) {
  constexpr std::string_view where = "parse_label";
  if (text.empty()) core::fail_parameter(where, param, {}, "is empty (expected a dot-separated label like 0.1.2)");
  const std::string shown = "'" + core::printable(text) + "'";
  std::vector<core::symbol> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find('.', start);
    const std::string_view item = text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (item.empty()) core::fail_parameter(where, param, shown, "has an empty symbol (expected a label like 0.1.2)");
    if (out.size() >= s.D)
      core::fail_parameter(where, param, shown, "has more than D = " + std::to_string(s.D) + " symbols",
                           "exactly D");
    std::uint64_t v = 0;
    const core::decimal_error e = core::read_decimal(item, v);
    if (e != core::decimal_error::none && e != core::decimal_error::too_large)
      core::fail_parameter(where, param, shown, "has a non-integer symbol '" + core::printable(item) + "'",
                           core::decimal_form);
    if (e == core::decimal_error::too_large || v >= alphabet_size(s))
      core::fail_parameter(where, param, shown, "has symbol " + core::printable(item),
                           "0 to " + std::to_string(alphabet_size(s) - 1));
    out.push_back(static_cast<core::symbol>(v));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  validate_label(s, out, where, param);
  return out;
}

/// Vertex id of a label (its lexicographic rank), O(D); the label must be valid.
inline std::uint64_t rank_label(const label_space& s, std::span<const core::symbol> label) {
  validate_label(s, label, "rank_label", "label");
  return topology::detail::rank_unchecked(s, label);
}

/// Writes the label of vertex id into `out` (size D), O(D).
inline void unrank_label_into(const label_space& s, std::uint64_t id, std::span<core::symbol> out) {
  core::require_range("unrank_label", "id", id, 0, s.size - 1);
  if (out.size() != s.D) core::fail("unrank_label", "output span does not have D symbols");
  topology::detail::unrank_unchecked(s, id, out.data());
}

/// The label of vertex id.
inline std::vector<core::symbol> unrank_label(const label_space& s, std::uint64_t id) {
  std::vector<core::symbol> out(s.D);
  unrank_label_into(s, id, out);
  return out;
}

}  // namespace shiftfly::routing
