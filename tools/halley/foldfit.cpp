// halley foldfit: Algorithm 2 (FoldFit) on a demand matrix (Section IV-B).
#include <memory>

#include "common/subcommand.hpp"
#include "halley/rate_options.hpp"
#include "shiftfly/halley/demand_file.hpp"
#include "shiftfly/io/file_text.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/halley/describe.hpp"

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace halley_foldfit_subcommand {
namespace hc = shiftfly::tools::halley_cli;
struct options {
  std::string demand;
  std::uint64_t channels = 0;
  unsigned steps = 7;
  std::size_t block = 0;
  std::string format = "text";
};

int run_foldfit(const options& o, const shiftfly::tools::run_context& c) {
  namespace h = shiftfly::halley;
  // io reads the file, halley parses its text
  const auto d = h::read_demand_csv_text(
      shiftfly::io::read_named_file("read_demand_csv_file", "--demand", o.demand, "a CSV file", h::max_demand_file_bytes),
      o.demand, "--demand");
  const auto r = h::report_fold_fit(d, o.channels, o.steps, o.block);
  const bool with_assignment = o.format == "json";
  if (with_assignment)  // one JSON object per job (four members), then the dumped text: about 512 bytes a job
    shiftfly::core::require_memory("halley foldfit",
                                   "the JSON assignment of " + std::to_string(r.result.jobs.size()) + " jobs (--format json)",
                                   shiftfly::core::estimate_add_mul(0, r.result.jobs.size(), 512));
  hc::print(c, h::describe(r, with_assignment), o.format);
  return 0;
}

const shiftfly::tools::register_subcommand reg{"foldfit", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* sub = app.add_subcommand("foldfit", "Algorithm 2 (FoldFit): MULTIFIT schedule of a demand matrix on m channels");
  sub->add_option("--demand", o->demand, "CSV demand matrix: non-negative integers (slots), one row per line")->required();
  sub->add_option("--channels", o->channels, "Channels m (port-disjoint circuits per configuration)")->required()->check(
      CLI::Range(std::uint64_t{1}, std::uint64_t{1000000}));
  sub->add_option("--steps", o->steps, "Binary-search steps q (0 to 60)")->check(CLI::Range(0u, 60u));
  sub->add_option("--block", o->block, "Expert-parallel block size for FFD's tie-breaking (0 = none)")->check(
      CLI::Range(std::size_t{0}, std::size_t{1000000}));
  sub->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json"}));
  return [o](const shiftfly::tools::run_context& c) { return shiftfly::tools::naming_flags(c, "", [&] { return run_foldfit(*o, c); }); };
}};
}  // namespace halley_foldfit_subcommand
