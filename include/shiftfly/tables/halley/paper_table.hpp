#pragma once
/// \file paper_table.hpp
/// What every Halley table shares: its source line (the paper, then the table,
/// figure or section it regenerates), the spare-count cell, and the floor that
/// keeps log-scale figures finite.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/halley/light_reserve.hpp"
#include "shiftfly/report/table.hpp"

namespace shiftfly::tables::halley_tables {

/// The paper every table cites, as docs/halley.md names it.
inline constexpr const char* paper_citation = "Halley (Mishra and Sivalingam, arXiv:2611.04408)";

/// A table whose source is "<paper>, <where in the paper>".
inline report::table make_table(std::string id, std::string title, std::string source, std::string method,
                                std::vector<std::string> columns) {
  report::table t;
  t.id = std::move(id);
  t.title = std::move(title);
  t.source = std::string(paper_citation) + ", " + source;
  t.method = std::move(method);
  t.columns = std::move(columns);
  return t;
}

/// A spare count from Algorithm 1, marked when it passes the cap.
inline std::string spares_cell(const halley::sizing& s) {
  return s.reachable ? std::to_string(s.spares) : std::to_string(s.spares) + " (past cap)";
}

}  // namespace shiftfly::tables::halley_tables
