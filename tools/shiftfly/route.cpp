// shiftfly route kautz|de-bruijn --d D --D K --from A --to B
// shiftfly route imase-itoh --n N --d D --from i --to j
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
#include "shiftfly/routing/route_query.hpp"

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace shiftfly_route_subcommand {

struct options {
  std::string family;
  std::uint64_t d = 0, D = 0, n = 0;
  std::string from, to;
  std::string format = "text";
};

int run_route(const options& o, const shiftfly::tools::run_context& c) {
  namespace routing = shiftfly::routing;
  const auto family = o.family == "kautz" ? routing::label_family::kautz : routing::label_family::de_bruijn;
  const routing::route_answer a = shiftfly::tools::naming_flags(
      c, o.family == "imase-itoh" ? "--n " + std::to_string(o.n) + " --d " + std::to_string(o.d)
                               : "--d " + std::to_string(o.d) + " --D " + std::to_string(o.D),
      [&] {
        return o.family == "imase-itoh" ? routing::route_numbers(o.n, o.d, o.from, o.to)
                                        : routing::route_labels(family, o.d, o.D, o.from, o.to);
      });
  shiftfly::tools::print_record(c, routing::describe(a), o.format);
  return 0;
}

const shiftfly::tools::register_subcommand reg{"route", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* route = app.add_subcommand("route", "Table-free route between two vertices of a shift graph");
  route->require_subcommand(1);
  auto add_common = [&](CLI::App* sub) {
    sub->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json"}));
  };
  for (const char* fam : {"kautz", "de-bruijn"}) {
    auto* sub = route->add_subcommand(fam, std::string("Route on ") + fam + "(d, D) by Theorem 5.2 (labels like 0.1.2)");
    sub->add_option("--d", o->d, "Out-degree")->required()->check(CLI::Range(2, 65534));
    sub->add_option("--D", o->D, "Label length (diameter)")->required()->check(CLI::Range(1, 63));
    sub->add_option("--from", o->from, "Source label, dot-separated")->required();
    sub->add_option("--to", o->to, "Destination label, dot-separated")->required();
    add_common(sub);
    sub->callback([o, fam] { o->family = fam; });
  }
  auto* ii = route->add_subcommand("imase-itoh", "Route on II(n, d) by arithmetic (vertices 0..n-1)");
  ii->add_option("--n", o->n, "Order (vertex count)")->required()->check(CLI::Range(std::uint64_t{2}, shiftfly::routing::imase_itoh_max_order));
  ii->add_option("--d", o->d, "Out-degree")->required()->check(CLI::Range(2, 65535));
  ii->add_option("--from", o->from, "Source vertex")->required();
  ii->add_option("--to", o->to, "Destination vertex")->required();
  add_common(ii);
  ii->callback([o] { o->family = "imase-itoh"; });
  return [o](const shiftfly::tools::run_context& c) { return run_route(*o, c); };
}};

}  // namespace shiftfly_route_subcommand
