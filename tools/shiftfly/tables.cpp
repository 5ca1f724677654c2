// shiftfly tables: regenerate the Shiftfly tables.
#include <iostream>
#include <memory>

#include "common/subcommand.hpp"
#include "common/table_set_command.hpp"
#include "shiftfly/tables/shiftfly_tables.hpp"

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace shiftfly_tables_subcommand {
struct options {
  std::string profile = "exact";
  shiftfly::tools::table_set_flags flags;
  unsigned threads = 0;
};

int run_tables(const options& o) {
  shiftfly::report::section_context context;
  context.profile = shiftfly::report::parse_profile(o.profile);
  context.threads = o.threads;
  return shiftfly::tools::run_table_set_command(shiftfly::tables::shiftfly_sections(), o.flags, context);
}

const shiftfly::tools::register_subcommand reg{"tables", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* sub = app.add_subcommand("tables", "Regenerate the Shiftfly tables and figures");
  sub->add_option("--profile", o->profile, "paper: the reference artefact's sampled computation; exact: exact values (with --check: the golden files' profile)")
      ->check(CLI::IsMember({"paper", "exact"}));
  shiftfly::tools::add_table_set_flags(sub, o->flags, shiftfly::tables::shiftfly_sections());
  sub->add_option("--threads", o->threads, "Threads (0 = all cores)")->check(CLI::Range(0, 1024));
  return [o] { return run_tables(*o); };
}};
}  // namespace shiftfly_tables_subcommand
