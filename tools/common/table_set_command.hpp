#pragma once
// The `tables` subcommand of both tools: the flags --only, --format, --out and
// --check given to report::run_table_set (report/table_set.hpp), whose errors
// name its parameters (only, format, out_dir, check_dir); here they name the flags.
// --progress shows the sections' progress on stderr even when it is not a terminal.

#include <CLI/CLI.hpp>

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
  bool progress = false;
};

/// Adds --only (its help lists the section ids), --format, --out and --check to `sub`.
inline void add_table_set_flags(CLI::App* sub, table_set_flags& f, const std::vector<report::section>& sections) {
  std::string ids;
  for (const auto& s : sections) ids += (ids.empty() ? "" : ", ") + s.id;
  sub->add_option("--only", f.only, "Comma-separated sections to run (default: all): " + ids);
  sub->add_option("--format", f.format, "Output format: md, csv or json (default md)")
      ->check(CLI::IsMember({"md", "csv", "json"}));
  sub->add_option("--out", f.out, "Write every table (md, csv, json) and figure (csv, svg) into this directory");
  sub->add_option("--check", f.check, "Regenerate and compare with the golden tables in this directory");
  sub->add_flag("--progress", f.progress, "Progress of the sections on stderr even when it is not a terminal");
}

/// Runs `sections` under the flags and `context`; returns run_table_set's status.
inline int run_table_set_command(const std::vector<report::section>& sections, const table_set_flags& f,
                                 const report::section_context& context = {}) {
  if (f.progress) report::force_progress();
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
