#pragma once
/// \file shiftfly_tables.hpp
/// The sections of `shiftfly tables`: every table of the Shiftfly paper and
/// of its reference artefact, plus the sections that go beyond them. Each
/// section is a function from a context (profile, threads) to tables and
/// figures; the list below is the order in which they print.

#include <vector>

#include "shiftfly/report/table_set.hpp"

namespace shiftfly::tables {

/// Every section of `shiftfly tables`, in print order.
inline std::vector<report::section> shiftfly_sections() {
  std::vector<report::section> s;
  return s;
}

}  // namespace shiftfly::tables
