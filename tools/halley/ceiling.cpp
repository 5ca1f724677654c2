// halley ceiling: Theorem 1 and Corollary 1 (Section III).
#include <cmath>
#include <memory>
#include <optional>

#include "common/subcommand.hpp"
#include "halley/rate_options.hpp"
#include "shiftfly/halley/ceiling.hpp"

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
  namespace h = shiftfly::halley;
  nlohmann::json j;
  j["ceiling"] = h::ceiling(o.sigma, lambda, o.rho);
  j["shortfall"] = h::ceiling_shortfall(o.sigma, lambda, o.rho);
  j["sigma"] = o.sigma;
  o.rate.describe(j, lambda);
  j["rho"] = o.rho;
  const auto ab = h::beta_parameters(lambda, o.rho);
  j["a"] = ab.a;
  j["b"] = ab.b;
  j["variance_floor"] = h::variance_floor(lambda, o.rho);
  if (o.target) {
    const auto big = h::large_pool_spare_ratio(lambda, o.rho, *o.target);
    const auto rc = h::rho_for_ceiling(lambda, o.sigma, *o.target);
    j["target"] = *o.target;
    j["sigma_for_target"] = big.sigma;
    j["pool_multiple_for_target"] = big.pool_multiple;
    if (rc.reachable) j["rho_for_target"] = rc.rho;
    j["rho_for_target_status"] = rc.reachable ? std::string(h::to_string(rc.outcome))
                                              : "unreachable: at the smallest accepted rho (" + shiftfly::core::to_message(rc.smallest_rho) +
                                                    ") the shortfall is " + shiftfly::core::to_message(rc.shortfall_at_smallest) +
                                                    ", above 1 - target";
  }
  j["method"] = "closed form";
  j["algorithm"] = h::detail::shape_of(lambda, o.rho).large()
                       ? "F_Beta(sigma; a, b) by exp-sinh quadrature in relative-entropy coordinates (a, b > 1000); "
                         "TOMS 748 for rho_for_target"
                       : "F_Beta(sigma; a, b) (Boost.Math ibeta); TOMS 748 for rho_for_target";
  std::string lead = fmt::format("A large pool at spare ratio {:.4g} is covered with probability at most {} (Theorem 1).",
                                 o.sigma, hc::percent(j["ceiling"].get<double>()));
  if (o.target) {
    lead += fmt::format(" The {} target needs spare ratio {:.4g} (a {:.4g}x pool)", hc::percent(*o.target),
                        j["sigma_for_target"].get<double>(), j["pool_multiple_for_target"].get<double>());
    lead += j.contains("rho_for_target")
                ? fmt::format(", or correlation at most {:.4g} at this ratio.", j["rho_for_target"].get<double>())
                : "; no correlation reaches it at this ratio.";
  }
  hc::print(c, j, o.format, lead);
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
