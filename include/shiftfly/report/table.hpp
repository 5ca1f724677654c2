#pragma once
/// \file table.hpp
/// A table as the tools print it: a title, the published source it
/// regenerates, how its figures were obtained, columns, and rows of cells
/// already formatted as text (formatting is part of what is reproduced).

#include <cstddef>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"

namespace shiftfly::report {

/// One table. `id` names its files (`<id>.md`, `<id>.csv`, `<id>.json`).
struct table {
  std::string id;       ///< file-safe identifier, e.g. "equal_cost"
  std::string title;    ///< heading, e.g. "2. Equal-cost comparison"
  std::string source;   ///< what it regenerates, e.g. "Shiftfly paper, Table 2"
  std::string method;   ///< how the figures were obtained: exact, sampled (...), estimated (...), closed form
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> notes;  ///< sentences printed after the table

  /// Appends a row, checking that it has one cell per column.
  void add_row(std::vector<std::string> row) {
    if (row.size() != columns.size())
      core::fail("report::table::add_row", "table '" + id + "' has " + core::to_message(columns.size()) +
                                               " columns but the row has " + core::to_message(row.size()) + " cells");
    rows.push_back(std::move(row));
  }
};

}  // namespace shiftfly::report
