#pragma once
/// \file traffic_file.hpp
/// A user's traffic matrix as a text file: one demand a line, `s t demand`.
///
/// API:
///   struct traffic_line { std::uint64_t source, target; double demand; std::size_t line; };
///   std::vector<traffic_line> read_traffic_text(std::string_view text, std::string_view file, std::uint64_t n);
///   std::vector<traffic_line> read_traffic_file(std::string_view path, std::uint64_t n);   // "-" = stdin
///   bool read_demand_value(std::string_view word, double& out);                           // the demand grammar
///
/// The format, line by line (lines end with `\n`, `\r\n` or a lone `\r`, as old Mac OS
/// files end them; io/file_text.hpp):
/// - `#` starts a comment, on its own line or after the data; blank lines are skipped.
///   Words are separated by spaces and tabs.
/// - A data line is exactly three words `s t demand`: s and t vertex ids in the
///   library's integer grammar (core/parse.hpp: decimal digits, no sign, no leading
///   zero), below the vertex count n of the graph the matrix is for, and s ≠ t.
/// - The demand is a real of the library's one grammar (core/parse.hpp, core::read_real:
///   digits with no leading zero, an optional fraction `.digits` and an optional exponent
///   `e` or `E`, an optional `+` or `-`, digits, e.g. `2.5e-3`; `0.5` is fine, `00.5`, `.5`
///   and `+1` are not) whose value is positive: a '-' reads but is then out of range.
///   `nan`, `inf`, hex, zero, and a value that rounds to 0 or to infinity are refused, and so
///   is one below the smallest normal double (2.2250738585072014e-308, e.g. `4.9e-324`): a
///   subnormal keeps only a few of the digits written. Accepted: 2.2250738585072014e-308 to
///   1.7976931348623157e308 (the throughput metrics add a rule on the ratio of the largest to
///   the smallest demand of a matrix: metrics/flow/traffic.hpp).
/// - A pair (s, t) given twice is refused, naming the line that gave it first (the
///   library never guesses whether a repeat means "sum" or "replace").
/// The lines are returned in file order; metrics/flow/traffic.hpp turns them into a
/// traffic matrix (io sits below metrics and does not know that type). Refusals are
/// io::file_error (io/file_text.hpp), one line naming the file and the line:
/// `T.txt:7: vertex 64 is not below the vertex count 64`.
///
/// Limits: no nesting; the text is at most what io/file_text.hpp reads (4 GiB, and the
/// memory limit: pipes and devices included); the lines read take 2 × 32 bytes a line,
/// checked against core/memory.hpp's limit before they are read.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/io/file_text.hpp"

namespace shiftfly::io {

/// One data line of a traffic file: demand `demand` from `source` to `target`, read on line `line` (from 1).
struct traffic_line {
  std::uint64_t source = 0, target = 0;
  double demand = 0.0;
  std::size_t line = 0;
};

/// Reads `word` as a demand: a real of the library's grammar (core::read_real) whose value is
/// positive and a normal double; false (out unchanged) if it is not one.
inline bool read_demand_value(std::string_view word, double& out) {
  double value = 0;
  if (core::read_real(word, value) != core::real_error::none) return false;
  if (!(value >= std::numeric_limits<double>::min())) return false;  // positive and normal: subnormals keep a few bits
  out = value;
  return true;
}

/// Reads a traffic file's text for a graph of `n` vertices; `file` names it in refusals.
inline std::vector<traffic_line> read_traffic_text(std::string_view text, std::string_view file, std::uint64_t n) {
  constexpr std::string_view where = "read_traffic_file";
  if (n < 2) core::throw_out_of_range(where, "n", n, "at least 2 (a demand joins two distinct vertices)");
  require_text(where, file, text);
  const std::size_t lines = count_lines(text);
  with_file(where, file, 0, [&] {
    core::require_memory(where, "reading it (" + std::to_string(lines) + " lines)",
                         core::estimate_add_mul(0, lines, 2 * sizeof(traffic_line)));
  });
  std::vector<traffic_line> out;
  for_each_line_words(text, "#", [&](std::size_t line_no, std::string_view /*line*/, const std::vector<std::string_view>& words) {
    const auto bad = [&](const std::string& why) { fail_file(where, file, line_no, why); };
    if (words.size() != 3)
      bad("expected three words 's t demand', found " + std::to_string(words.size()));
    traffic_line t;
    t.line = line_no;
    std::uint64_t ids[2] = {0, 0};
    for (int k = 0; k < 2; ++k) {
      const std::string_view w = words[static_cast<std::size_t>(k)];
      const char* role = k == 0 ? "source" : "target";
      const core::decimal_error e = core::read_decimal(w, ids[k]);
      if (e != core::decimal_error::none)
        bad(std::string(role) + " '" + core::printable(w) + "' is not a vertex id (accepted: " +
            std::string(core::decimal_form) + ", below " + std::to_string(n) + ")");
      if (ids[k] >= n)
        bad(std::string(role) + " vertex " + std::to_string(ids[k]) + " is not below the vertex count " +
            std::to_string(n));
    }
    t.source = ids[0];
    t.target = ids[1];
    if (t.source == t.target) bad("source and target are the same vertex " + std::to_string(t.source));
    if (!read_demand_value(words[2], t.demand))
      bad("demand '" + core::printable(words[2]) +
          "' is not a finite positive decimal (accepted: digits without sign or leading zero, an optional "
          "fraction and exponent, e.g. 1, 0.25, 2.5e-3; 2.2250738585072014e-308 to 1.7976931348623157e308)");
    out.push_back(t);
  });
  if (out.empty()) fail_file(where, file, 0, "holds no demand (only blank lines and comments)");
  // repeated pairs: sort a copy of the indices by (source, target, line)
  std::vector<std::size_t> order(out.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (out[a].source != out[b].source) return out[a].source < out[b].source;
    if (out[a].target != out[b].target) return out[a].target < out[b].target;
    return out[a].line < out[b].line;
  });
  // a repeat is an entry that is not the first (by line) of its run of equal pairs; the one
  // on the earliest line is reported, with the line of its run's first entry
  std::size_t repeat = out.size(), first_line = 0, head = 0;
  for (std::size_t k = 1; k < order.size(); ++k) {
    const auto& a = out[order[k - 1]];
    const auto& b = out[order[k]];
    if (a.source != b.source || a.target != b.target) {
      head = k;
      continue;
    }
    if (repeat == out.size() || b.line < out[repeat].line) {
      repeat = order[k];
      first_line = out[order[head]].line;
    }
  }
  if (repeat != out.size()) {
    const auto& r = out[repeat];
    fail_file(where, file, r.line,
              "the pair " + std::to_string(r.source) + " " + std::to_string(r.target) + " was already given on line " +
                  std::to_string(first_line) + " (each pair at most once)");
  }
  return out;
}

/// Reads the traffic file at `path` ("-": standard input) for a graph of `n` vertices.
inline std::vector<traffic_line> read_traffic_file(std::string_view path, std::uint64_t n) {
  constexpr std::string_view where = "read_traffic_file";
  if (n < 2) core::throw_out_of_range(where, "n", n, "at least 2 (a demand joins two distinct vertices)");
  const std::string text = read_file_text(where, path);
  return read_traffic_text(text, display_name(path), n);
}

}  // namespace shiftfly::io
