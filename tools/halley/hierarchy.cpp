// halley hierarchy: Theorem 2 (Section V-A): rho_bar, the flat shortcut and the nested model.
#include <memory>

#include "common/subcommand.hpp"
#include "halley/rate_options.hpp"
#include "shiftfly/halley/describe.hpp"

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace halley_hierarchy_subcommand {
namespace hc = shiftfly::tools::halley_cli;
struct options {
  std::uint64_t modules = 0, lasers = 0, channels = 0, spares = 0;
  double rho_within = 0, rho_across = 0;
  hc::rate_flags rate;
  std::string format = "text";
};

int run_hierarchy(const options& o, const shiftfly::tools::run_context& c) {
  const std::string cmd = "halley hierarchy";
  const double lambda = o.rate.resolve(c, cmd);
  hc::require_flag(c, cmd, "--rho-across", o.rho_across, 0, 1);
  if (!std::isfinite(o.rho_within) || o.rho_within < o.rho_across || o.rho_within >= 1)
    shiftfly::core::throw_out_of_range(cmd, "--rho-within", o.rho_within,
                                       "at least --rho-across = " + shiftfly::core::to_message(o.rho_across) + " and below 1");
  namespace h = shiftfly::halley;
  const h::module_shape m{o.modules, o.lasers, o.rho_within, o.rho_across};
  hc::print(c, h::describe(h::report_hierarchy(m, o.channels, o.spares, o.rate.given(lambda))), o.format);
  return 0;
}

const shiftfly::tools::register_subcommand reg{"hierarchy", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* sub = app.add_subcommand("hierarchy", "Theorem 2: a pool of M modules of L lasers, flat shortcut and nested model");
  sub->add_option("--modules", o->modules, "Modules M (>= 1)")->required()->check(CLI::Range(std::uint64_t{1}, std::uint64_t{20000}));
  sub->add_option("--lasers", o->lasers, "Lasers per module L (>= 1)")->required()->check(CLI::Range(std::uint64_t{1}, std::uint64_t{20000}));
  sub->add_option("--rho-within", o->rho_within, "Correlation inside a module, in [rho-across, 1)")->required();
  sub->add_option("--rho-across", o->rho_across, "Correlation across modules, from 2.2250738585072014e-308 up to, not including, 1")->required();
  sub->add_option("--channels", o->channels, "Active channels n")->required()->check(CLI::Range(std::uint64_t{1}, std::uint64_t{20000}));
  sub->add_option("--spares", o->spares, "Spare lasers s")->required()->check(CLI::Range(std::uint64_t{0}, std::uint64_t{20000}));
  o->rate.add(sub);
  sub->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json"}));
  return [o](const shiftfly::tools::run_context& c) { return shiftfly::tools::naming_flags(c, "", [&] { return run_hierarchy(*o, c); }); };
}};
}  // namespace halley_hierarchy_subcommand
