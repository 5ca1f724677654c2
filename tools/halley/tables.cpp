// halley tables: every closed-form result of the Halley paper, labelled with its table, figure or section.
#include <iostream>
#include <memory>

#include "common/subcommand.hpp"
#include "common/table_set_command.hpp"
#include "shiftfly/tables/halley/sections.hpp"

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace halley_tables_subcommand {
struct options {
  shiftfly::tools::table_set_flags flags;
};

int run_tables(const options& o, const shiftfly::tools::run_context& c) {
  return shiftfly::tools::run_table_set_command(c, shiftfly::tables::halley_sections(), o.flags);
}

const shiftfly::tools::register_subcommand reg{"tables", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* sub = app.add_subcommand("tables", "Regenerate every closed-form result of the Halley paper (tables and figures)");
  shiftfly::tools::add_table_set_flags(sub, o->flags, shiftfly::tables::halley_sections());
  return [o](const shiftfly::tools::run_context& c) { return run_tables(*o, c); };
}};
}  // namespace halley_tables_subcommand
