// halley cost: Observations 1-2 under the stated cost model (Sections V-B, V-C).
#include <memory>

#include "common/subcommand.hpp"
#include "halley/rate_options.hpp"
#include "shiftfly/halley/describe.hpp"

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace halley_cost_subcommand {
namespace hc = shiftfly::tools::halley_cli;
namespace tools = shiftfly::tools;
struct options {
  std::uint64_t channels = 0;
  hc::rate_flags rate;
  double rho = 0, target = 0, price = 1500, premium = 0.20, floor = 0.03, reference = 0.15;
  std::string format = "text";
};

int run_cost(const options& o, const shiftfly::tools::run_context& c) {
  const std::string cmd = "halley cost";
  const double lambda = o.rate.resolve(c, cmd);
  // The library checks every range (halley/cost.hpp; its errors name the flags). A rule
  // between two flags is said here in the words of the one the user gave, the other's
  // value as typed or marked as its default (the library cannot tell which was given).
  if (!std::isfinite(o.reference) || o.reference <= o.floor || o.reference >= 1) {
    if (!tools::given_text(c, "--premium-from"))  // its default (0.15) is not above the --floor given
      tools::throw_flag_out_of_range(c, cmd, "--floor", o.floor,
                                     "strictly between 0 and " + tools::flag_and_value(c, "--premium-from", o.reference));
    tools::throw_flag_out_of_range(c, cmd, "--premium-from", o.reference,
                                   "above " + tools::flag_and_value(c, "--floor", o.floor) + " and below 1");
  }
  if (o.rho < o.floor)
    tools::throw_flag_out_of_range(c, cmd, "--rho", o.rho, "at least " + tools::flag_and_value(c, "--floor", o.floor) + " and below 1");
  const shiftfly::halley::cost_model model{o.price, o.premium, o.reference, o.floor};
  hc::print(c, shiftfly::halley::describe(shiftfly::halley::report_cost(o.channels, o.rate.given(lambda), o.rho, o.target, model)),
            o.format);
  return 0;
}

const shiftfly::tools::register_subcommand reg{"cost", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* sub = app.add_subcommand("cost", "Observation 1: spares alone against the cheapest (spares, separation) plan");
  sub->add_option("--channels", o->channels, "Active channels n")->required()->check(CLI::Range(std::uint64_t{1}, std::uint64_t{100000}));
  o->rate.add(sub);
  sub->add_option("--rho", o->rho, "Starting correlation rho0, at least --floor and below 1")->required();
  sub->add_option("--target", o->target, "Coverage target in (0,1)")->required();
  sub->add_option("--price", o->price, "Dollars per spare laser (default 1500)");
  sub->add_option("--premium", o->premium, "Share of active-laser capital to separate from --premium-from to --floor (default 0.20)");
  sub->add_option("--premium-from", o->reference, "Correlation the premium's priced move starts from (default 0.15)");
  sub->add_option("--floor", o->floor, "Best separation the premium is priced for (default 0.03)");
  sub->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json"}));
  return [o](const shiftfly::tools::run_context& c) { return shiftfly::tools::naming_flags(c, "", [&] { return run_cost(*o, c); }); };
}};
}  // namespace halley_cost_subcommand
