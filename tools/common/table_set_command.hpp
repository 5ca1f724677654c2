#pragma once
// The `tables` subcommand of both tools: the flags --only, --format, --out and
// --check given to report::run_table_set (report/table_set.hpp), whose errors
// name its parameters (only, format, out_dir, check_dir); here they name the flags.

#include <iostream>
#include <string>
#include <vector>

#include "common/flag_names.hpp"
#include "shiftfly/report/table_set.hpp"

namespace shiftfly::tools {

/// The flags of a `tables` subcommand.
struct table_set_flags {
  std::vector<std::string> only;
  std::string format = "md";
  std::string out, check;
};

/// Runs `sections` under the flags and `context`; returns run_table_set's status.
inline int run_table_set_command(const std::vector<report::section>& sections, const table_set_flags& f,
                                 const report::section_context& context = {}) {
  return naming_flags({{"only", "--only"}, {"format", "--format"}, {"out_dir", "--out"}, {"check_dir", "--check"}}, "",
                      [&] {
                        report::table_set_options t;
                        t.only = report::split_only(f.only);
                        t.format = f.format;
                        t.out_dir = f.out;
                        t.check_dir = f.check;
                        t.context = context;
                        return report::run_table_set(sections, t, std::cout, std::cerr);
                      });
}

}  // namespace shiftfly::tools
