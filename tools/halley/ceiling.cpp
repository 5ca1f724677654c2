// halley ceiling: Theorem 1 and Corollary 1 (Section III).
#include <cmath>
#include <memory>
#include <optional>

#include "common/subcommand.hpp"
#include "halley/rate_options.hpp"
#include "shiftfly/halley/describe.hpp"

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace halley_ceiling_subcommand {
namespace hc = shiftfly::tools::halley_cli;
struct options {
  hc::rate_flags rate;
  double rho = 0, sigma = 0.5;
  std::optional<double> target;
  std::string format = "text";
};

int run_ceiling(const options& o, const shiftfly::tools::run_context& c) {
  const std::string cmd = "halley ceiling";
  const double lambda = o.rate.resolve(c, cmd);
  hc::require_flag(c, cmd, "--rho", o.rho, 0, 1);
  hc::require_flag(c, cmd, "--sigma", o.sigma, 0, 1);
  if (o.target) hc::require_flag(c, cmd, "--target", *o.target, 0, 1);
  hc::print(c, shiftfly::halley::describe(shiftfly::halley::report_ceiling(o.sigma, o.rate.given(lambda), o.rho, o.target)),
            o.format);
  return 0;
}

const shiftfly::tools::register_subcommand reg{"ceiling", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* sub = app.add_subcommand("ceiling", "Theorem 1 / Corollary 1: the large-pool availability ceiling F_Beta(sigma; a, b)");
  o->rate.add(sub);
  sub->add_option("--rho", o->rho, "Pairwise failure correlation, from 2.2250738585072014e-308 up to, not including, 1")->required();
  sub->add_option("--sigma", o->sigma, "Spare ratio (the cap sigma_max for A_crit), in (0,1); default 0.5");
  sub->add_option("--target", o->target, "Also give the ratio and the correlation this target needs, in (0,1)")
      ->default_str("none");
  sub->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json"}));
  return [o](const shiftfly::tools::run_context& c) { return shiftfly::tools::naming_flags(c, "", [&] { return run_ceiling(*o, c); }); };
}};
}  // namespace halley_ceiling_subcommand
