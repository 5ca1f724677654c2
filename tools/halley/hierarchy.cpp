// halley hierarchy: Theorem 2 (Section V-A): rho_bar, the flat shortcut and the nested model.
#include <memory>

#include "common/subcommand.hpp"
#include "halley/rate_options.hpp"
#include "shiftfly/halley/hierarchy.hpp"

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
  const auto pairs = h::count_pairs(o.modules, o.lasers);
  nlohmann::json j;
  j["rho_bar"] = h::average_correlation(m);
  j["flat"] = h::coverage(o.channels, o.spares, lambda, j["rho_bar"].get<double>());
  const auto choice = h::choose_hierarchy_model(m, o.channels, o.spares);
  if (choice.model == h::hierarchy_model::nested) {
    const auto nested = h::nested_model(m, o.spares, lambda);
    j["nested"] = nested.coverage;
    j["nested_shortfall"] = nested.shortfall;
    j["quadrature_error"] = nested.quadrature_error;
  } else {
    j["nested"] = nullptr;
    j["nested_note"] = choice.reason;
  }
  j["flat_shortfall"] = h::coverage_shortfall(o.channels, o.spares, lambda, j["rho_bar"].get<double>());
  j["pairs_same"] = pairs.same;
  j["pairs_cross"] = pairs.cross;
  j["variance_limit"] = h::hierarchical_variance_limit(m, lambda);
  j["modules"] = o.modules;
  j["lasers"] = o.lasers;
  j["channels"] = o.channels;
  j["spares"] = o.spares;
  o.rate.describe(j, lambda);
  j["rho_within"] = o.rho_within;
  j["rho_across"] = o.rho_across;
  j["method"] = "exact";
  j["algorithm"] = "flat: exact tail sums at rho_bar; nested: quadrature over Theta0 of the convolved module "
                   "beta-binomials (tanh-sinh; exp-sinh in relative-entropy coordinates when both Beta shapes exceed "
                   "1000), its error bound in quadrature_error";
  std::string lead = fmt::format("{} modules of {} lasers with {} spares for {} channels: coverage ", o.modules, o.lasers,
                                 o.spares, o.channels);
  lead += j["nested"].is_null()
              ? fmt::format("{} by the flat shortcut at rho_bar = {:.4g} (the nested model is left out: see nested_note).",
                            hc::percent(j["flat"].get<double>()), j["rho_bar"].get<double>())
              : fmt::format("{} (nested model, Theorem 2), {} by the flat shortcut at rho_bar = {:.4g}.",
                            hc::percent(j["nested"].get<double>()), hc::percent(j["flat"].get<double>()),
                            j["rho_bar"].get<double>());
  hc::print(c, j, o.format, lead);
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
