#pragma once
/// \file render.hpp
/// Renders a report::table as Markdown (the reference artefact's layout:
/// `| a | b |` rows under a `|---|---|` rule), CSV (RFC 4180 quoting) or JSON.

#include <nlohmann/json.hpp>

#include <string>

#include "shiftfly/report/table.hpp"

namespace shiftfly::report {

/// Markdown: `### title`, source and method lines, the table, then the notes.
inline std::string render_markdown(const table& t) {
  std::string out;
  if (!t.title.empty()) out += "### " + t.title + "\n\n";
  if (!t.source.empty()) out += "Source: " + t.source + ".\n";
  if (!t.method.empty()) out += "Method: " + t.method + ".\n";
  if (!t.source.empty() || !t.method.empty()) out += "\n";
  out += "|";
  for (const auto& c : t.columns) out += " " + c + " |";
  out += "\n|";
  for (std::size_t i = 0; i < t.columns.size(); ++i) out += "---|";
  out += "\n";
  for (const auto& r : t.rows) {
    out += "|";
    for (const auto& c : r) out += " " + c + " |";
    out += "\n";
  }
  if (!t.notes.empty()) {
    out += "\n";
    for (const auto& n : t.notes) out += n + "\n";
  }
  return out;
}

namespace detail {
inline std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += (c == '"') ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}
}  // namespace detail

/// CSV: a header row, then one line per row.
inline std::string render_csv(const table& t) {
  std::string out;
  for (std::size_t i = 0; i < t.columns.size(); ++i) out += (i ? "," : "") + detail::csv_field(t.columns[i]);
  out += "\n";
  for (const auto& r : t.rows) {
    for (std::size_t i = 0; i < r.size(); ++i) out += (i ? "," : "") + detail::csv_field(r[i]);
    out += "\n";
  }
  return out;
}

/// JSON: {"id", "title", "source", "method", "columns", "rows", "notes"}.
inline nlohmann::json to_json(const table& t) {
  return nlohmann::json{{"id", t.id},           {"title", t.title}, {"source", t.source}, {"method", t.method},
                        {"columns", t.columns}, {"rows", t.rows},   {"notes", t.notes}};
}

}  // namespace shiftfly::report
