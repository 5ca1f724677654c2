#pragma once
/// \file check.hpp
/// Cell-by-cell comparison of a regenerated Markdown table with a golden one,
/// for `tables --check`: every differing cell is named by its row, column
/// header, expected and actual text; prose lines are compared whole.
/// The HTML report is compared line by line with its generation date left out
/// (`compare_html`): whole, or, for a run of some sections only, block by block
/// (each table's and figure's lines between its begin and end comments).

#include <algorithm>
#include <cstddef>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace shiftfly::report {

/// One difference between golden and regenerated text.
struct difference {
  std::size_t line = 0;     ///< 1-based line in the golden text
  std::string column;       ///< column header, empty for a prose line
  std::string row;          ///< first cell of the row, empty for a prose line
  std::string expected, actual;
};

namespace detail {
inline std::vector<std::string> split_lines(std::string_view text) {
  std::vector<std::string> lines;
  std::istringstream is{std::string(text)};
  std::string l;
  while (std::getline(is, l)) lines.push_back(l);
  return lines;
}
inline bool is_table_line(const std::string& l) { return !l.empty() && l.front() == '|'; }
inline std::vector<std::string> split_cells(const std::string& l) {
  std::vector<std::string> cells;
  std::size_t i = 1;
  while (i < l.size()) {
    std::size_t j = l.find('|', i);
    if (j == std::string::npos) j = l.size();
    std::string c = l.substr(i, j - i);
    const auto a = c.find_first_not_of(' '), b = c.find_last_not_of(' ');
    cells.push_back(a == std::string::npos ? std::string() : c.substr(a, b - a + 1));
    i = j + 1;
  }
  return cells;
}
}  // namespace detail

/// Compares golden Markdown with regenerated Markdown; empty when identical.
inline std::vector<difference> compare_table_text(std::string_view expected, std::string_view actual) {
  const auto e = detail::split_lines(expected), a = detail::split_lines(actual);
  std::vector<difference> out;
  std::vector<std::string> header;
  const std::size_t n = std::max(e.size(), a.size());
  for (std::size_t i = 0; i < n; ++i) {
    const std::string el = i < e.size() ? e[i] : std::string("<missing line>");
    const std::string al = i < a.size() ? a[i] : std::string("<missing line>");
    if (detail::is_table_line(el)) {
      const auto ec = detail::split_cells(el);
      if (i == 0 || !detail::is_table_line(e[i - 1])) header = ec;
      if (el == al) continue;
      if (!detail::is_table_line(al)) {
        out.push_back({i + 1, "", "", el, al});
        continue;
      }
      const auto ac = detail::split_cells(al);
      const std::size_t m = std::max(ec.size(), ac.size());
      for (std::size_t k = 0; k < m; ++k) {
        const std::string ev = k < ec.size() ? ec[k] : "<missing cell>";
        const std::string av = k < ac.size() ? ac[k] : "<missing cell>";
        if (ev != av) out.push_back({i + 1, k < header.size() ? header[k] : std::to_string(k + 1), ec.empty() ? "" : ec[0], ev, av});
      }
    } else if (el != al) {
      out.push_back({i + 1, "", "", el, al});
    }
  }
  return out;
}

/// One line describing a difference, e.g. `equal_cost.md:12 [36 / BF gap] expected '1.029', got '1.030'`.
inline std::string describe(const std::string& file, const difference& d) {
  std::string where = file + ":" + std::to_string(d.line);
  if (!d.column.empty()) where += " [" + d.row + " / " + d.column + "]";
  return where + " expected '" + d.expected + "', got '" + d.actual + "'";
}

/// The HTML text with the content of its date element (`<time class="generated" ...>...</time>`) removed.
inline std::string html_without_date(std::string_view html) {
  static constexpr std::string_view open = "<time class=\"generated\"", close = "</time>";
  std::string out(html);
  std::size_t at = 0;
  while ((at = out.find(open, at)) != std::string::npos) {
    const std::size_t end = out.find(close, at);
    if (end == std::string::npos) break;
    out.replace(at, end - at, std::string(open) + ">");
    at += open.size();
  }
  return out;
}

/// The lines of block `id` of an HTML report (from `<!-- begin id -->` to `<!-- end id -->`), or nullopt.
inline std::optional<std::string> html_block(std::string_view html, std::string_view id) {
  const std::string begin = "<!-- begin " + std::string(id) + " -->\n", end = "<!-- end " + std::string(id) + " -->\n";
  const auto a = html.find(begin);
  if (a == std::string_view::npos) return std::nullopt;
  const auto b = html.find(end, a);
  if (b == std::string_view::npos) return std::nullopt;
  return std::string(html.substr(a, b + end.size() - a));
}

/// Compares a golden HTML report with a regenerated one, ignoring the date: whole when
/// `blocks` is empty, else only the named blocks (a missing block is one difference).
/// A difference's line is counted in the golden text or block; long lines are cut to 160 characters.
inline std::vector<difference> compare_html(std::string_view expected, std::string_view actual,
                                            const std::vector<std::string>& blocks = {}) {
  const std::string e = html_without_date(expected), a = html_without_date(actual);
  std::vector<difference> out;
  const auto cut = [](std::string s) { return s.size() > 160 ? s.substr(0, 157) + "..." : s; };
  const auto add = [&](std::string_view ev, std::string_view av) {
    for (auto d : compare_table_text(ev, av)) {
      d.expected = cut(d.expected);
      d.actual = cut(d.actual);
      out.push_back(std::move(d));
    }
  };
  if (blocks.empty()) {
    add(e, a);
    return out;
  }
  for (const auto& id : blocks) {
    const auto eb = html_block(e, id), ab = html_block(a, id);
    if (!eb || !ab) {
      out.push_back({0, "", "", eb ? "block " + id : "<no block " + id + ">", ab ? "block " + id : "<no block " + id + ">"});
      continue;
    }
    add(*eb, *ab);
  }
  return out;
}

}  // namespace shiftfly::report
