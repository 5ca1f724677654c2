#pragma once
/// \file differences.hpp
/// "Differences from the published tables": in the exact profile every table
/// that the reference artefact sampled or estimated is computed twice, once as
/// the artefact did (the paper profile, whose cells equal the published ones:
/// tests/tables checks that cell for cell) and once exactly. Every exact cell
/// that differs is marked with a trailing `*` and listed with both values and
/// the reason.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "shiftfly/report/table.hpp"

namespace shiftfly::tables {

/// One exact cell that differs from the published cell.
struct cell_difference {
  std::string table, row, column, published, exact, reason;
};

/// The differences collected over one run of the tables.
using difference_log = std::vector<cell_difference>;

/// Compares an exact table with its paper-profile twin (same layout), marks
/// each differing exact cell with `*`, appends the differences to `log`, and
/// returns how many there were. `reason(column)` says why a column can differ.
inline std::size_t mark_differences(report::table& exact, const report::table& paper,
                                    const std::function<std::string(const std::string&)>& reason, difference_log& log) {
  if (exact.columns != paper.columns || exact.rows.size() != paper.rows.size())
    core::fail("mark_differences", "tables '" + exact.id + "' and '" + paper.id + "' do not have the same layout");
  std::size_t count = 0;
  for (std::size_t r = 0; r < exact.rows.size(); ++r) {
    for (std::size_t c = 0; c < exact.columns.size(); ++c) {
      auto& cell = exact.rows[r][c];
      const auto& pub = paper.rows[r][c];
      if (cell == pub) continue;
      // The row is named by its first two cells (a first cell alone, such as a design name, can repeat).
      std::string row = exact.rows[r][0];
      if (exact.columns.size() > 2) row += " / " + exact.rows[r][1];
      log.push_back({exact.id, row, exact.columns[c], pub, cell, reason(exact.columns[c])});
      cell += "*";
      ++count;
    }
  }
  if (count)
    exact.notes.push_back("* differs from the published value (" + std::to_string(count) +
                          " cells); see \"Differences from the published tables\".");
  return count;
}

/// A sentence of a paper tested against the measurements: the finding, in numbers.
using claim_log = std::vector<std::string>;

/// The closing table listing every difference; the findings on the papers' claims
/// (`claims`) follow as notes.
inline report::table differences_table(const difference_log& log, const claim_log& claims = {}) {
  report::table t;
  t.id = "differences";
  t.title = "Differences from the published tables";
  t.source = "every cell of the exact profile that differs from the published value";
  t.method = "published = the reference artefact's computation (paper profile); exact = this profile";
  t.columns = {"Table", "Row", "Column", "Published", "Exact", "Reason"};
  for (const auto& d : log) t.add_row({d.table, d.row, d.column, d.published, d.exact, d.reason});
  if (log.empty()) t.notes.push_back("No cell of the tables run differs from its published value.");
  for (const auto& c : claims) t.notes.push_back(c);
  return t;
}

}  // namespace shiftfly::tables
