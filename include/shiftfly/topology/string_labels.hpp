#pragma once
/// \file string_labels.hpp
/// The label arithmetic of the string shift families, shared by their
/// generators (topology/kautz.hpp, topology/de_bruijn.hpp) and by routing
/// (routing/label.hpp): one place decodes a vertex id into its label.
///
/// Kautz K(d,D): strings of length D over the alphabet {0..d} with no two equal
/// adjacent symbols; de Bruijn B(d,D): all strings of length D over {0..d-1}.
/// Vertex ids are the labels' positions in lexicographic order, which is the
/// order in which the reference artefact generates them: extend every string by
/// every admissible symbol in ascending order.
///
/// Ranking and unranking are arithmetic (O(D), no hash table): in lexicographic
/// order a Kautz label u_1..u_D has id
///   u_1 d^{D-1} + sum_{i>=2} c_i d^{D-i},  c_i = u_i - [u_i > u_{i-1}],
/// because every prefix has exactly d admissible continuations (Shiftfly paper,
/// Theorem 5.1). A de Bruijn label is its own base-d numeral.

#include <cstdint>
#include <span>
#include <string_view>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"

namespace shiftfly::topology {

/// The two string families with shift arcs u -> u_2..u_D alpha.
enum class label_family { kautz, de_bruijn };

/// A label space's rule in words, for messages: the range of its symbols and its vertex count.
struct label_rule {
  std::string_view symbols, order;
};
/// Kautz: symbols 0 to d, (d+1)d^(D-1) labels; de Bruijn: symbols 0 to d - 1, d^D labels.
constexpr label_rule rule_of(label_family f) noexcept {
  return f == label_family::kautz ? label_rule{"0 to d", "(d+1)d^(D-1)"} : label_rule{"0 to d - 1", "d^D"};
}

/// A label space: family, out-degree d and label length (diameter) D.
struct label_space {
  label_family family = label_family::kautz;
  unsigned d = 2;
  unsigned D = 1;
  std::uint64_t size = 0;  ///< number of labels: (d+1)d^{D-1} or d^D
};

/// Largest alphabet a label symbol (core::symbol, 16 bits) can hold.
inline constexpr unsigned max_label_degree = 65534;
/// The longest label (symbols) of a label space.
inline constexpr unsigned max_label_length = 63;

/// Builds and validates a label space (d >= 2, D >= 1, size below 2^63).
inline label_space make_label_space(label_family family, std::uint64_t d, std::uint64_t D) {
  constexpr std::string_view where = "make_label_space";
  core::require_range(where, "d", d, 2, max_label_degree);
  core::require_range(where, "D", D, 1, max_label_length);
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

namespace detail {
/// The label of vertex `id` (< s.size) into `out` (D symbols), without validation.
inline void unrank_unchecked(const label_space& s, std::uint64_t id, core::symbol* out) noexcept {
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
}  // namespace detail

}  // namespace shiftfly::topology
