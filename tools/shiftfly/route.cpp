// shiftfly route kautz|de-bruijn --d D --D K --from A --to B
// shiftfly route imase-itoh --n N --d D --from i --to j
// (the families with a route query and their flags come from the descriptors)
// Prints a table-free route (Theorem 5.2 on the string families, the
// arithmetic router of routing/imase_itoh.hpp on II(n,d)), its length, and the
// directed BFS distance as a check. JSON result: {"path": [...], "hops": k, "shortest": {"value": s, ...}}.
#include <cstdint>
#include <iostream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "common/envelope.hpp"
#include "shiftfly/routing/describe.hpp"
#include "common/flag_names.hpp"
#include "common/subcommand.hpp"
#include "family_options.hpp"
#include "shiftfly/routing/route_query.hpp"

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace shiftfly_route_subcommand {

struct options {
  std::shared_ptr<shiftfly::tools::family_flags> family = std::make_shared<shiftfly::tools::family_flags>();
  std::string from, to;
  std::string format = "text";
};

int run_route(const options& o, const shiftfly::tools::run_context& c) {
  namespace routing = shiftfly::routing;
  const auto spec = shiftfly::tools::to_spec(*o.family);
  const routing::route_answer a = shiftfly::tools::naming_flags(
      c, shiftfly::tools::given_flags(*o.family), [&] { return routing::route_query(spec, o.from, o.to); });
  shiftfly::tools::print_record(c, routing::describe(a), o.format);
  return 0;
}

// One subcommand per family with a table-free route query (routing::has_route_query: its
// descriptor's `shift`), its flags from the descriptor (tools/shiftfly/family_options.hpp).
const shiftfly::tools::register_subcommand reg{"route", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* route = app.add_subcommand("route", "Table-free route between two vertices of a shift graph");
  route->require_subcommand(1);
  for (const auto* family : shiftfly::topology::families()) {
    if (!shiftfly::routing::has_route_query(*family)) continue;
    const bool numbered = family->shift == shiftfly::topology::shift_labels::imase_itoh;
    auto* sub = route->add_subcommand(
        family->name, numbered ? "Route on " + family->summary + " by arithmetic (vertices 0..n-1)"
                               : "Route on " + family->summary + " by Theorem 5.2 (labels like 0.1.2)");
    for (const auto& p : family->parameters) shiftfly::tools::detail::add_parameter_flag(sub, o->family, p);
    // The route builds no graph past its check: it takes the ranges of its arithmetic or of its
    // label space (below 2^63 labels), not the generator's (at most 2^32 - 1 vertices).
    const auto set_range = [&](const char* flag, std::uint64_t lo, std::uint64_t hi, const std::string& help) {
      if (auto* opt = sub->get_option_no_throw(flag)) opt->type_name(shiftfly::tools::detail::range_type(lo, hi))->description(help);
    };
    if (numbered) {
      set_range("--n", 2, shiftfly::routing::imase_itoh_max_order, "Vertex count");
    } else {
      namespace topology = shiftfly::topology;
      const auto rule = topology::rule_of(family->shift == topology::shift_labels::kautz ? topology::label_family::kautz
                                                                                        : topology::label_family::de_bruijn);
      set_range("--d", 2, topology::max_label_degree, "Out-degree");
      set_range("--D", 1, topology::max_label_length,
                "Label length (diameter); " + std::string(rule.order) + " labels below 2^63");
    }
    sub->add_option("--from", o->from, numbered ? "Source vertex" : "Source label, dot-separated")->required();
    sub->add_option("--to", o->to, numbered ? "Destination vertex" : "Destination label, dot-separated")->required();
    sub->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json"}));
    sub->preparse_callback([o, name = family->name](std::size_t) { o->family->family = name; });
  }
  return [o](const shiftfly::tools::run_context& c) { return run_route(*o, c); };
}};

}  // namespace shiftfly_route_subcommand
