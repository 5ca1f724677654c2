#pragma once
/// \file label.hpp
/// Vertex labels of the string shift families, and their arithmetic vertex ids.
///
/// Kautz K(d,D): strings of length D over the alphabet {0..d} with no two equal
/// adjacent symbols; de Bruijn B(d,D): all strings of length D over {0..d-1}.
/// Vertex ids are the labels' positions in lexicographic order, which is the
/// order in which the reference artefact (and `topology::kautz`) generates them:
/// extend every string by every admissible symbol in ascending order.
///
/// Ranking and unranking are arithmetic (O(D), no hash table): in lexicographic
/// order a Kautz label u_1..u_D has id
///   u_1 d^{D-1} + sum_{i>=2} c_i d^{D-i},  c_i = u_i - [u_i > u_{i-1}],
/// because every prefix has exactly d admissible continuations (Theorem 5.1).
/// A de Bruijn label is its own base-d numeral.
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

namespace shiftfly::routing {

/// The two string families with shift arcs u -> u_2..u_D alpha.
enum class label_family { kautz, de_bruijn };

/// A label space: family, out-degree d and label length (diameter) D.
struct label_space {
  label_family family = label_family::kautz;
  unsigned d = 2;
  unsigned D = 1;
  std::uint64_t size = 0;  ///< number of labels: (d+1)d^{D-1} or d^D
};

/// Largest alphabet a label symbol (core::symbol, 16 bits) can hold.
inline constexpr unsigned max_label_degree = 65534;

/// Builds and validates a label space (d >= 2, D >= 1, size below 2^63).
inline label_space make_label_space(label_family family, std::uint64_t d, std::uint64_t D) {
  constexpr std::string_view where = "make_label_space";
  core::require_range(where, "d", d, 2, max_label_degree);
  core::require_range(where, "D", D, 1, 63);
  label_space s;
  s.family = family;
  s.d = static_cast<unsigned>(d);
  s.D = static_cast<unsigned>(D);
  constexpr std::uint64_t limit = std::uint64_t{1} << 63;
  if (family == label_family::kautz)
    s.size = core::checked_mul(d + 1, core::checked_pow(d, static_cast<unsigned>(D - 1), where, "d^(D-1)", limit),
                               where, "(d+1)d^(D-1)", limit);
  else
    s.size = core::checked_pow(d, static_cast<unsigned>(D), where, "d^D", limit);
  return s;
}

/// Kautz space K(d,D).
inline label_space kautz_space(std::uint64_t d, std::uint64_t D) { return make_label_space(label_family::kautz, d, D); }
/// de Bruijn space B(d,D).
inline label_space de_bruijn_space(std::uint64_t d, std::uint64_t D) {
  return make_label_space(label_family::de_bruijn, d, D);
}

/// Number of symbols of the alphabet: d+1 for Kautz, d for de Bruijn.
inline unsigned alphabet_size(const label_space& s) noexcept {
  return s.family == label_family::kautz ? s.d + 1 : s.d;
}

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

namespace detail {
/// rank_label without validation (the caller guarantees a valid label).
inline std::uint64_t rank_unchecked(const label_space& s, std::span<const core::symbol> label) noexcept {
  std::uint64_t id = 0;
  if (s.family == label_family::de_bruijn) {
    for (auto c : label) id = id * s.d + c;
    return id;
  }
  id = label[0];
  for (std::size_t i = 1; i < label.size(); ++i) id = id * s.d + (label[i] - (label[i] > label[i - 1] ? 1u : 0u));
  return id;
}
}  // namespace detail

/// Vertex id of a label (its lexicographic rank), O(D); the label must be valid.
inline std::uint64_t rank_label(const label_space& s, std::span<const core::symbol> label) {
  validate_label(s, label, "rank_label", "label");
  return detail::rank_unchecked(s, label);
}

/// Writes the label of vertex id into `out` (size D), O(D).
inline void unrank_label_into(const label_space& s, std::uint64_t id, std::span<core::symbol> out) {
  core::require_range("unrank_label", "id", id, 0, s.size - 1);
  if (out.size() != s.D) core::fail("unrank_label", "output span does not have D symbols");
  if (s.family == label_family::de_bruijn) {
    for (std::size_t i = s.D; i-- > 0;) {
      out[i] = static_cast<core::symbol>(id % s.d);
      id /= s.d;
    }
    return;
  }
  // digits c_D..c_2 in base d, then u_1 = the remaining quotient (< d+1)
  for (std::size_t i = s.D; i-- > 1;) {
    out[i] = static_cast<core::symbol>(id % s.d);
    id /= s.d;
  }
  out[0] = static_cast<core::symbol>(id);
  for (std::size_t i = 1; i < s.D; ++i)
    if (out[i] >= out[i - 1]) ++out[i];
}

/// The label of vertex id.
inline std::vector<core::symbol> unrank_label(const label_space& s, std::uint64_t id) {
  std::vector<core::symbol> out(s.D);
  unrank_label_into(s, id, out);
  return out;
}

}  // namespace shiftfly::routing
