// shiftfly tables: regenerate the Shiftfly tables.
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

#include "common/given_values.hpp"
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

int run_tables(const options& o, const shiftfly::tools::run_context& c) {
  namespace tools = shiftfly::tools;
  // --check DIR compares under the profile its golden tables were made with (its manifest.json).
  std::string profile = o.profile;
  if (!o.flags.check.empty()) {
    const bool given = tools::given_text(c, "--profile") != nullptr;
    const auto golden = tools::manifest_parameter(o.flags.check, "profile");
    if (golden && given && *golden != o.profile)
      throw std::invalid_argument("shiftfly tables: --profile = " + o.profile + ", but the golden tables in " + o.flags.check +
                                  " were made with --profile " + *golden + " (its " + tools::manifest_file +
                                  "); leave --profile out to use theirs");
    if (!golden && !given)
      throw std::invalid_argument("shiftfly tables: --check = " + o.flags.check + " has no " + tools::manifest_file +
                                  " naming its profile (written by --out); give --profile paper, exact or largest");
    if (golden) profile = *golden;
  }
  shiftfly::report::section_context context;
  context.profile = shiftfly::report::parse_profile(profile);
  context.threads = o.threads;
  shiftfly::tools::table_set_report about;
  about.profile = profile;
  about.reference = shiftfly::tables::reference_artefact;
  about.reference_commit = shiftfly::tables::reference_artefact_commit;
  return shiftfly::tools::run_table_set_command(c, shiftfly::tables::shiftfly_sections(), o.flags, context, about);
}

const shiftfly::tools::register_subcommand reg{"tables", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* sub = app.add_subcommand("tables", "Regenerate the Shiftfly tables and figures");
  sub->add_option("--profile", o->profile, "How to compute: paper, as the reference artefact did (sampled where it sampled); exact, exact values; "
                  "largest, the exact results at the paper's largest scales alone (section chips_largest: about an hour "
                  "on 2 cores, not part of the others) (with --check: the golden files' profile)")
      ->check(CLI::IsMember({"paper", "exact", "largest"}));
  shiftfly::tools::add_table_set_flags(sub, o->flags, shiftfly::tables::shiftfly_sections());
  sub->add_option("--threads", o->threads, "Worker threads, 0 = all cores")->check(CLI::Range(0, 1024));
  return [o](const shiftfly::tools::run_context& c) { return run_tables(*o, c); };
}};
}  // namespace shiftfly_tables_subcommand
