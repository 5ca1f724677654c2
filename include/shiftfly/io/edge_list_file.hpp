#pragma once
/// \file edge_list_file.hpp
/// Edge lists as users and other tools write them (NetworkX's write_edgelist,
/// SNAP, hand-written files), read leniently but never guessed at.
///
/// API:
///   template <V = uint32_t> graph_file<V> read_edge_list_file(std::string_view text, std::string_view file,
///                                                             const graph_file_options& = {});
///
/// The format, line by line (lines end with `\n`, `\r\n` or a lone `\r`, as old Mac OS
/// files end them; io/file_text.hpp):
/// - `#` or `%` starts a comment, on its own line or after the data; blank lines and
///   comment lines are skipped. Words are separated by spaces and tabs.
/// - An edge line is two vertex names `u v`, in any order and either orientation,
///   lines in any order. A name is any word (without blanks, `#` or `%`).
/// - After the two names, what NetworkX writes is allowed and ignored: an attribute
///   dict `{...}` (to the end of the line, e.g. `{}` or `{'weight': 2.5}`) or numeric
///   columns (weights: reals of the library's grammar, core::read_real). Anything else there is refused.
/// - Vertex count: the first data line may be a single decimal integer n (a line of
///   one word; an edge line always has two). The vertices are then 0..n-1, every name
///   must be a decimal id below n (a larger id means a truncated file or a wrong
///   count), and vertices no edge names are kept, isolated. Later one-word lines are
///   refused.
/// - Numbering without a count: if every name is a decimal integer (the library's
///   grammar: no sign, no leading zero), vertices are numbered by increasing value
///   (names 0..k-1 are their own ids); otherwise in order of first appearance, reading
///   the file from the top, u before v. Both are deterministic. The names are kept in
///   the graph (core::graph::set_names) unless each is its own id.
/// - Undirected reading drops repeated edges (either orientation) and self-loops from
///   the graph and counts them; directed reading keeps the lines as arcs (see
///   io/file_graph.hpp).
/// Refusals name the file and the line: `G.txt:17: expected two vertex names, found 1`.
///
/// Limits: no nesting (a `{...}` dict is skipped as text, never parsed); the text is at
/// most what io/file_text.hpp reads (4 GiB, and the memory limit); the memory of the
/// parse is checked against core/memory.hpp's limit from the text's size and lines
/// before parsing (4 bytes a byte of text and 4 × sizeof(V) a line), and again as the
/// vertex names grow (160 bytes a name, a doubling ahead), and the graph's from its
/// counts before it is built. Measured: peak resident memory of a program that only
/// reads the file (`/usr/bin/time -v`, GCC 12 -O2), 4.9 bytes a byte of text on 900,000
/// edges between 50,000 decimal names (10,399,367 bytes: 49,588 KiB), 5.3 on 3,000,000
/// lines `d d` (12,000,000 bytes: 62,192 KiB), and with 3,000,000 distinct names 387,472
/// KiB (names `v0` ...: 25,888,890 bytes) and 508,160 KiB (decimal names, numbered by
/// value: 22,888,890 bytes), within their estimates (579 and 568 MiB).
///
/// Reference: NetworkX's `write_edgelist` (docs/references.md, [NetworkX]).

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>
#include <unordered_map>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/io/file_graph.hpp"
#include "shiftfly/io/file_text.hpp"

namespace shiftfly::io {

namespace detail {
/// True for a real of the library's grammar (core::read_real: 1, -2.5, 3e-2; not .5, +1, 007 or inf).
inline bool is_real_word(std::string_view w) {
  double x = 0;
  return core::read_real(w, x) == core::real_error::none;
}
}  // namespace detail

/// Bytes of memory the edge-list reader takes at its peak: per byte of text, per line
/// (times the id size) and per distinct vertex name, with a margin (measured: see the
/// file comment and docs/hardening.md).
inline constexpr std::uint64_t edge_list_bytes_per_text_byte = 4, edge_list_bytes_per_line = 4,
                               edge_list_bytes_per_name = 160;

/// Reads an edge-list file's text (the format above); `file` names it in refusals.
template <std::unsigned_integral V = std::uint32_t>
graph_file<V> read_edge_list_file(std::string_view text, std::string_view file, const graph_file_options& opt = {}) {
  constexpr std::string_view where = "read_edge_list_file";
  require_text(where, file, text);
  const std::size_t lines = count_lines(text);
  // the peak, measured (see the file comment): the text and the pair list, and each name
  const auto estimate = [&](std::uint64_t names_count) {
    return core::estimate_add_mul(
        core::estimate_add_mul(core::estimate_add_mul(0, text.size(), edge_list_bytes_per_text_byte), lines,
                               edge_list_bytes_per_line * sizeof(V)),
        names_count, edge_list_bytes_per_name);
  };
  const auto require_estimate = [&](std::size_t line_no, std::uint64_t names_count) {
    with_file(where, file, line_no, [&] {
      core::require_memory(where,
                           "reading it (" + std::to_string(lines) + " lines, " + std::to_string(text.size()) +
                               " bytes" + (names_count ? ", " + std::to_string(names_count) + " vertex names" : "") + ")",
                           estimate(names_count));
    });
  };
  require_estimate(0, 0);
  std::size_t next_check = std::size_t{1} << 16;  // the names are checked as they grow, a doubling ahead
  std::vector<std::string> names;
  std::unordered_map<std::string, V> ids;
  core::huge_vector<std::pair<V, V>> pairs;
  pairs.reserve(lines);  // at most a pair a line (within the estimate above): no regrowth, no copies
  bool all_decimal = true;
  std::optional<std::uint64_t> count;
  std::size_t count_line = 0;
  bool any_data = false;

  for_each_line_words(text, "#%", [&](std::size_t line_no, std::string_view line, const std::vector<std::string_view>& words) {
    const auto bad = [&](const std::string& why) { fail_file(where, file, line_no, why); };
    if (words.size() == 1) {
      std::uint64_t n = 0;
      if (!any_data && core::read_decimal(words[0], n) == core::decimal_error::none) {
        require_file_vertices<V>(where, file, line_no, n, opt.max_vertices, "vertices (the count on the first line)");
        with_file(where, file, line_no, [&] { core::require_graph_memory(where, sizeof(V), n, 0); });
        count = n;
        count_line = line_no;
        any_data = true;
        return;
      }
      bad("expected two vertex names, found 1 ('" + core::printable(words[0]) + "')" +
          (any_data ? "" : "; a vertex count on the first line is a decimal integer"));
    }
    any_data = true;
    if (words.size() > 2) {
      const std::size_t rest_at = static_cast<std::size_t>(words[2].data() - line.data());
      std::string_view rest = line.substr(rest_at);
      while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t' || rest.back() == '\r')) rest.remove_suffix(1);
      const bool dict = rest.front() == '{' && rest.back() == '}';
      if (!dict)
        for (std::size_t k = 2; k < words.size(); ++k)
          if (!detail::is_real_word(words[k]))
            bad("unexpected '" + core::printable(words[k]) +
                "' after the two vertex names (accepted there, and ignored: a {...} attribute dict or numeric weights)");
    }
    V ends[2];
    for (int k = 0; k < 2; ++k) {
      const std::string_view w = words[static_cast<std::size_t>(k)];
      if (count) {
        std::uint64_t id = 0;
        if (core::read_decimal(w, id) != core::decimal_error::none)
          bad("vertex '" + core::printable(w) + "' is not a decimal id (line " + std::to_string(count_line) +
              " gave the vertex count " + std::to_string(*count) + ", so the vertices are 0 to " +
              std::to_string(*count ? *count - 1 : 0) + ")");
        if (id >= *count)
          bad("vertex " + std::to_string(id) + " is not below the vertex count " + std::to_string(*count) +
              " given on line " + std::to_string(count_line) + " (a truncated file or a wrong count)");
        ends[k] = static_cast<V>(id);
        continue;
      }
      auto it = ids.find(std::string(w));
      if (it == ids.end()) {
        require_file_vertices<V>(where, file, line_no, names.size() + 1, opt.max_vertices, "vertex names");
        if (names.size() + 1 >= next_check) {
          require_estimate(line_no, std::min<std::uint64_t>(2 * next_check, 2 * std::uint64_t{lines}));
          next_check *= 2;
        }
        std::uint64_t value = 0;
        all_decimal = all_decimal && core::read_decimal(w, value) == core::decimal_error::none;
        it = ids.emplace(std::string(w), static_cast<V>(names.size())).first;
        names.emplace_back(w);
      }
      ends[k] = it->second;
    }
    pairs.emplace_back(ends[0], ends[1]);
  });
  if (!any_data) fail_file(where, file, 0, "holds no edges and no vertex count (only blank lines and comments)");
  const std::uint64_t n = count ? *count : names.size();  // with a count, the vertices are their ids (no names)
  if (!count && all_decimal) {
    // number by increasing value: rank[first-appearance id] = position in value order
    std::vector<std::uint64_t> values(names.size());
    for (std::size_t i = 0; i < names.size(); ++i) (void)core::read_decimal(names[i], values[i]);
    std::vector<V> order(names.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<V>(i);
    std::sort(order.begin(), order.end(), [&](V a, V b) { return values[a] < values[b]; });
    std::vector<V> rank(names.size());
    std::vector<std::string> sorted(names.size());
    for (std::size_t r = 0; r < order.size(); ++r) {
      rank[order[r]] = static_cast<V>(r);
      sorted[r] = std::move(names[order[r]]);
    }
    names = std::move(sorted);
    for (auto& [a, b] : pairs) a = rank[a], b = rank[b];
  }
  ids.clear();
  return build_file_graph<V>(where, file, graph_file_format::edge_list, n, std::move(names), std::move(pairs),
                             opt.directed, opt.max_vertices);
}

}  // namespace shiftfly::io
