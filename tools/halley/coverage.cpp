// halley coverage: A(s) = Pr[F <= s] for n channels and s spares (Section IV-A).
#include <memory>

#include "common/subcommand.hpp"
#include "halley/rate_options.hpp"
#include "shiftfly/halley/describe.hpp"

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace halley_coverage_subcommand {
namespace hc = shiftfly::tools::halley_cli;
struct options {
  std::uint64_t channels = 0, spares = 0;
  hc::rate_flags rate;
  double rho = 0;
  std::string format = "text";
};

int run_coverage(const options& o, const shiftfly::tools::run_context& c) {
  const std::string cmd = "halley coverage";
  const double lambda = o.rate.resolve(c, cmd);
  hc::require_flag(c, cmd, "--rho", o.rho, 0, 1, true);
  hc::print(c, shiftfly::halley::describe(shiftfly::halley::report_coverage(o.channels, o.spares, o.rate.given(lambda), o.rho)),
            o.format);
  return 0;
}

const shiftfly::tools::register_subcommand reg{"coverage", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* sub = app.add_subcommand("coverage", "Coverage A(s) = Pr[F <= s] of n channels with s spares (Algorithm 1's model)");
  sub->add_option("--channels", o->channels, "Active channels n")->required()->check(CLI::Range(std::uint64_t{1}, std::uint64_t{10000000}));
  sub->add_option("--spares", o->spares, "Spare lasers s")->required()->check(CLI::Range(std::uint64_t{0}, std::uint64_t{10000000}));
  o->rate.add(sub);
  sub->add_option("--rho", o->rho, "Pairwise failure correlation in [0,1); 0 = independent");
  sub->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json"}));
  return [o](const shiftfly::tools::run_context& c) { return shiftfly::tools::naming_flags(c, "", [&] { return run_coverage(*o, c); }); };
}};
}  // namespace halley_coverage_subcommand
