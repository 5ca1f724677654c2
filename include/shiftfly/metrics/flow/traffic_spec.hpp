#pragma once
/// \file traffic_spec.hpp
/// A traffic named as text ("uniform", "permutation:7", "groups:4", "file:T.txt", "worst", ...),
/// parsed and checked once: one grammar for the throughput metrics (metrics/flow/throughput.hpp),
/// the channel loads (routing/load_traffic.hpp, routing/family_load.hpp) and what comes after
/// them. Text appears only at the edges (the tools' flags, Python's arguments): the library's
/// entry points take a traffic_spec.
///
///   enum class traffic_kind { uniform, permutation, groups, moe, file, tornado, bit_complement,
///                             transpose, shift, worst };
///   struct traffic_spec { kind, seed, k, group_size, path, dims, matrix; std::string text() const; };
///   traffic_spec parse_traffic(std::string_view text);             // refusals name `traffic`
///   void read_traffic_matrix(traffic_spec&, std::uint64_t n);      // file:PATH: the one reader
///   bool throughput_takes(const traffic_spec&);                    // uniform, permutation, worst, file
///
/// The names (their meaning for the loads: routing/load_traffic.hpp; for the throughput:
/// metrics/flow/throughput.hpp):
/// - `uniform`; `permutation` or `permutation:SEED`; `groups:SIZE` (SIZE >= 2); `moe:K` (K >= 1);
/// - `tornado`, `bit-complement`, `transpose`, `shift:K` (K >= 1): the simulators' adversarial
///   permutations (Dally and Towles Table 3.2, BookSim2's traffic.cpp);
/// - `worst`: the worst case of the metric asking (the worst permutation of a routing,
///   Towles and Dally; or the worst permutation for the optimal throughput);
/// - `file:PATH`: demands between vertices from a traffic file (io/traffic_file.hpp), read into
///   `matrix` by read_traffic_matrix, the one place a traffic file becomes a matrix; "-" is stdin.
/// Numbers are decimal integers of the library's grammar (core/parse.hpp). A refusal is one line
/// naming `traffic`, the text and the names accepted.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/io/file_text.hpp"
#include "shiftfly/io/traffic_file.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"

namespace shiftfly::metrics {

enum class traffic_kind { uniform, permutation, groups, moe, file, tornado, bit_complement, transpose, shift, worst };

/// The accepted traffic names, for messages.
inline constexpr std::string_view traffic_names_accepted =
    "uniform, permutation, permutation:SEED, groups:SIZE, moe:K, tornado, bit-complement, transpose, shift:K, "
    "file:PATH";

/// The traffics the throughput metrics take, for messages.
inline constexpr std::string_view throughput_traffic_accepted = "uniform, permutation, worst or file:PATH";

/// A parsed traffic.
struct traffic_spec {
  traffic_kind kind = traffic_kind::uniform;
  std::optional<std::uint64_t> seed;  ///< permutation:SEED
  std::uint64_t k = 0;                ///< moe:K, shift:K
  std::uint64_t group_size = 0;       ///< groups:SIZE
  std::string path;                   ///< file:PATH (read_traffic_matrix reads it)
  /// tornado: the k-ary n-cube's radices (a torus family's dims, set by the caller); empty: one ring
  std::vector<std::uint64_t> dims;
  traffic_matrix matrix;              ///< file: the demands (read_traffic_matrix, or the caller's)

  /// The traffic as it is named: "uniform", "permutation:7", "file:T.txt".
  [[nodiscard]] std::string text() const {
    const auto num = [](std::uint64_t v) { return std::to_string(v); };
    switch (kind) {
      case traffic_kind::uniform: return "uniform";
      case traffic_kind::permutation: return seed ? "permutation:" + num(*seed) : "permutation";
      case traffic_kind::groups: return "groups:" + num(group_size);
      case traffic_kind::moe: return "moe:" + num(k);
      case traffic_kind::file: return "file:" + path;
      case traffic_kind::tornado: return "tornado";
      case traffic_kind::bit_complement: return "bit-complement";
      case traffic_kind::transpose: return "transpose";
      case traffic_kind::shift: return "shift:" + num(k);
      case traffic_kind::worst: return "worst";
    }
    return "";
  }
};

/// Parses a traffic name (see the file comment); the one parser of traffic names. Refusals
/// name `traffic`.
inline traffic_spec parse_traffic(std::string_view text) {
  constexpr std::string_view where = "parse_traffic";
  const auto refuse = [&](std::string_view problem) {
    core::fail_parameter(where, "traffic", core::printable(text), problem, std::string(traffic_names_accepted));
  };
  const auto number = [&](std::string_view digits, std::uint64_t lo, std::string_view what) {
    std::uint64_t v = 0;
    if (core::read_decimal(digits, v) != core::decimal_error::none || v < lo) refuse("has no " + std::string(what));
    return v;
  };
  struct named {
    std::string_view name;
    traffic_kind kind;
    bool tail;  ///< takes ":..."
  };
  static constexpr named names[] = {
      {"uniform", traffic_kind::uniform, false},     {"groups", traffic_kind::groups, true},
      {"moe", traffic_kind::moe, true},              {"tornado", traffic_kind::tornado, false},
      {"bit-complement", traffic_kind::bit_complement, false},
      {"transpose", traffic_kind::transpose, false}, {"shift", traffic_kind::shift, true},
      {"file", traffic_kind::file, true},            {"worst", traffic_kind::worst, false},
  };
  traffic_spec t;
  const auto colon = text.find(':');
  const std::string_view head = text.substr(0, colon), tail = colon == std::string_view::npos ? "" : text.substr(colon + 1);
  const bool has_tail = colon != std::string_view::npos;
  if (head == "permutation") {  // a seed or none
    t.kind = traffic_kind::permutation;
    if (has_tail) t.seed = number(tail, 0, "seed (a decimal integer)");
    return t;
  }
  const named* found = nullptr;
  for (const auto& n : names)
    if (n.name == head && n.tail == has_tail) found = &n;
  if (!found || (found->kind == traffic_kind::file && tail.empty())) refuse("is not a traffic pattern");
  t.kind = found->kind;
  switch (t.kind) {
    case traffic_kind::groups: t.group_size = number(tail, 2, "group size of at least 2 routers"); break;
    case traffic_kind::moe: t.k = number(tail, 1, "expert count K of at least 1"); break;
    case traffic_kind::shift: t.k = number(tail, 1, "shift K of at least 1"); break;
    case traffic_kind::file: t.path = std::string(tail); break;
    default: break;
  }
  return t;
}

/// file:PATH: reads the file into t.matrix for a graph of n vertices (io/traffic_file.hpp's
/// format, then traffic_from_lines), named "file PATH"; any other kind is left as it is. The one
/// place a traffic file becomes a matrix; refusals are io::file_error naming the file and line.
inline void read_traffic_matrix(traffic_spec& t, std::uint64_t n) {
  if (t.kind != traffic_kind::file) return;
  t.matrix = traffic_from_lines(n, io::read_traffic_file(t.path, n), "file " + io::display_name(t.path));
}

/// Whether the throughput metrics take the traffic: uniform, permutation (its seed given apart),
/// worst and file.
[[nodiscard]] inline bool throughput_takes(const traffic_spec& t) noexcept {
  return t.kind == traffic_kind::uniform || (t.kind == traffic_kind::permutation && !t.seed) ||
         t.kind == traffic_kind::worst || t.kind == traffic_kind::file;
}

}  // namespace shiftfly::metrics
