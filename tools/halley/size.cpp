// halley size: Algorithm 1 (LightReserve), Section IV-A.
#include <cmath>
#include <cstdlib>
#include <limits>
#include <memory>
#include <optional>
#include <string>

#include "common/subcommand.hpp"
#include "common/strict_values.hpp"
#include "halley/rate_options.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/halley/describe.hpp"

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace halley_size_subcommand {
namespace hc = shiftfly::tools::halley_cli;
struct options {
  std::uint64_t channels = 0;
  hc::rate_flags rate;
  double rho = 0, target = 0;
  std::string cap = "0.5";  ///< a decimal in (0,1), or "none" (checked by cap_text below, mapped by cap_value)
  std::string format = "text";
};

constexpr const char* cap_accepted = "strictly between 0 and 1, or none for no cap";

/// --cap's grammar: the word none, or a finite real as the other real flags take it
/// (no negative zero); its range is checked by cap_value, naming the value as typed.
const CLI::Validator& cap_text() {
  static const CLI::Validator v(
      [](std::string& s) {
        if (s == "none") return std::string();
        double x = 0;
        const shiftfly::core::real_error e = shiftfly::core::read_real(s, x);
        const std::string q = shiftfly::tools::detail::quoted_value(s);
        if (e == shiftfly::core::real_error::not_finite) return q + " is not a finite number (accepted: " + cap_accepted + ")";
        if (e != shiftfly::core::real_error::none)
          return q + " is neither a number nor none (accepted: " + cap_accepted + ")";
        if (x == 0 && std::signbit(x)) return q + " is a negative zero (accepted: " + cap_accepted + "; not -0)";
        return std::string();
      },
      "");
  return v;
}

/// The cap σmax for the library: no_cap for "none", else the number, in (0, 1) and not subnormal.
shiftfly::halley::spare_ratio_cap cap_value(const shiftfly::tools::run_context& c, const std::string& cmd, const std::string& text) {
  if (text == "none") return shiftfly::halley::no_cap;
  const double v = shiftfly::core::parse_real(text, "--cap");  // cap_text has checked the grammar
  const bool subnormal = v != 0 && std::fabs(v) < std::numeric_limits<double>::min();
  if (!std::isfinite(v) || subnormal || !(v > 0) || !(v < 1))
    shiftfly::tools::throw_flag_out_of_range(
        c, cmd, "--cap", v, std::string(cap_accepted) + (subnormal ? ", and not subnormal (at least 2.2250738585072014e-308)" : ""));
  return v;
}

int run_size(const options& o, const shiftfly::tools::run_context& c) {
  const std::string cmd = "halley size";
  const double lambda = o.rate.resolve(c, cmd);
  hc::require_flag(c, cmd, "--rho", o.rho, 0, 1, true);
  hc::require_flag(c, cmd, "--target", o.target, 0, 1);
  const auto cap = cap_value(c, cmd, o.cap);
  hc::print(c, shiftfly::halley::describe(shiftfly::halley::report_sizing(o.channels, o.rate.given(lambda), o.rho, o.target, cap)),
            o.format);
  return 0;
}

const shiftfly::tools::register_subcommand reg{"size", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* sub = app.add_subcommand("size", "Algorithm 1 (LightReserve): the spares a coverage target needs, or the correlation it needs");
  sub->add_option("--channels", o->channels, "Active channels n")->required()->check(CLI::Range(std::uint64_t{1}, std::uint64_t{10000000}));
  o->rate.add(sub);
  sub->add_option("--rho", o->rho, "Pairwise failure correlation in [0,1); 0 = independent");
  sub->add_option("--target", o->target, "Coverage target in (0,1), e.g. 0.99999")->required();
  sub->add_option("--cap", o->cap, "Budget cap on the spare ratio s/(n+s), in (0,1) (0.5 = a 2x pool), or none for no cap")
      ->check(cap_text())
      ->capture_default_str();
  sub->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json"}));
  return [o](const shiftfly::tools::run_context& c) { return shiftfly::tools::naming_flags(c, "", [&] { return run_size(*o, c); }); };
}};
}  // namespace halley_size_subcommand
