#pragma once
/// \file demand_file.hpp
/// Reading a FoldFit demand matrix (Section IV-B) from a file named on the
/// command line: the file must exist, be a regular file and be readable, and
/// its text must parse (halley/fold_fit.hpp, parse_demand_csv). Every failure
/// is one std::invalid_argument line that names the flag and the path, e.g.
/// `read_demand_csv_file: --demand = 'd.csv': parse_demand_csv: demand line 2 has 1 entries, expected 2`.

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/halley/fold_fit.hpp"

namespace shiftfly::halley {

/// Largest demand file read (far above any demand matrix FoldFit schedules: at most 10^7 jobs).
inline constexpr std::uintmax_t max_demand_file_bytes = std::uintmax_t{1} << 30;

/// Reads and parses the demand matrix in file `path`; errors name it `param` (a tool passes its flag).
inline demand_matrix read_demand_csv_file(const std::string& path, std::string_view param) {
  constexpr std::string_view where = "read_demand_csv_file";
  const std::string head = std::string(param) + " = '" + core::to_message(path) + "'";
  if (path.empty()) core::fail(where, std::string(param) + " is empty (expected a CSV file)");
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) core::fail(where, head + " does not exist");
  if (std::filesystem::is_directory(status)) core::fail(where, head + " is a directory (expected a CSV file)");
  if (!std::filesystem::is_regular_file(status)) core::fail(where, head + " is not a regular file (expected a CSV file)");
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) core::fail(where, head + " cannot be read");
  if (size > max_demand_file_bytes)
    core::fail(where, head + " has " + core::to_message(size) + " bytes (accepted: at most " +
                          core::to_message(max_demand_file_bytes) + ")");
  // The text is held whole: refused up front when it does not fit (core/memory.hpp).
  core::require_memory(where, "reading " + head + " (" + core::to_message(size) + " bytes)",
                       static_cast<std::uint64_t>(size));
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) core::fail(where, head + " cannot be opened (" + std::strerror(errno) + ")");
  std::string text;
  char buf[65536];
  std::size_t k = 0;
  while ((k = std::fread(buf, 1, sizeof buf, f)) > 0) {
    text.append(buf, k);
    if (text.size() > max_demand_file_bytes) break;
  }
  const bool failed = std::ferror(f) != 0;
  const int err = errno;
  std::fclose(f);
  if (failed) core::fail(where, head + " cannot be read (" + std::strerror(err) + ")");
  if (text.size() > max_demand_file_bytes)
    core::fail(where, head + " has more than " + core::to_message(max_demand_file_bytes) + " bytes");
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
