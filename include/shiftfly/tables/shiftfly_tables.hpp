#pragma once
/// \file shiftfly_tables.hpp
/// The sections of `shiftfly tables`: every table of the Shiftfly paper and
/// of its reference artefact, plus the sections that go beyond them. Each
/// section is a function from a context (profile, threads) to tables and
/// figures; the list below is the order in which they print.

#include <vector>

#include "shiftfly/report/table_set.hpp"
#include "shiftfly/tables/equal_cost.hpp"
#include "shiftfly/tables/moore_audit.hpp"

namespace shiftfly::tables {

/// Every section of `shiftfly tables`, in print order.
inline std::vector<report::section> shiftfly_sections() {
  std::vector<report::section> s;
  s.push_back({"moore", "Section 1: the Moore-bound audit (Table 1) and the chip-level Boardfly pod (Lemma 2.3)",
               [](const report::section_context& c) {
                 report::section_output o;
                 o.tables.push_back(moore_audit_table(c.threads));
                 o.tables.push_back(boardfly_pod_table(c.threads));
                 return o;
               }});
  s.push_back({"scale", "Section 2: equal-cost scaling from 36 to 36,000 groups (Table 2)",
               [](const report::section_context& c) {
                 report::section_output o;
                 o.tables.push_back(equal_cost_table(equal_cost_rows(c.profile, c.threads), c.profile));
                 return o;
               }});
  return s;
}

}  // namespace shiftfly::tables
