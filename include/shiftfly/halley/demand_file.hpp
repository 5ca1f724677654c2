#pragma once
/// \file demand_file.hpp
/// A FoldFit demand matrix (Section IV-B) from the text of a file named on the
/// command line. The file is read by io (io/file_text.hpp, io::read_named_file: it must
/// exist, be a regular file of at most max_demand_file_bytes and be readable); its text
/// must parse (halley/fold_fit.hpp, parse_demand_csv). halley sits beside io and does not
/// include it: the caller composes the two, naming the file by its own parameter (a tool by
/// its flag) in both,
///   read_demand_csv_text(io::read_named_file("read_demand_csv_file", param, path,
///                                            "a CSV file", max_demand_file_bytes), path, param).
/// Every failure is one std::invalid_argument line that names that parameter and the path, e.g.
/// `read_demand_csv_file: <param> = 'd.csv': parse_demand_csv: demand line 2 has 1 entries, expected 2`.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/halley/fold_fit.hpp"

namespace shiftfly::halley {

/// Largest demand file read (far above any demand matrix FoldFit schedules: at most 10^7 jobs).
inline constexpr std::uintmax_t max_demand_file_bytes = std::uintmax_t{1} << 30;

/// Parses the text of the demand file `path` (read by io::read_named_file); errors name it
/// `param` (a tool passes its flag): "read_demand_csv_file: <param> = 'd.csv': <problem>".
inline demand_matrix read_demand_csv_text(std::string_view text, const std::string& path, std::string_view param) {
  constexpr std::string_view where = "read_demand_csv_file";
  const std::string head = std::string(param) + " = '" + core::to_message(path) + "'";
  // Parsing keeps every entry (8 bytes) beside the text, and one row (8 bytes an entry):
  // at most one entry per comma or line end, so check that bound before parsing.
  std::uint64_t items = 1;
  for (char c : text) items += c == ',' || c == '\n';
  core::require_memory(where,
                       "parsing " + head + " (" + core::to_message(text.size()) + " bytes, up to " +
                           core::to_message(items) + " entries of 8 bytes)",
                       core::estimate_add_mul(text.size(), items, 16));
  try {
    return parse_demand_csv(text);
  } catch (const std::invalid_argument& e) {
    core::fail(where, head + ": " + e.what());
  }
}

}  // namespace shiftfly::halley
