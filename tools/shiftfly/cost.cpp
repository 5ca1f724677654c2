// shiftfly cost FAMILY ... [--endpoints P] [--model NAME|FILE] [--layout grouped|sequential|metis] [--format text|json]
// What a fabric costs and draws (include/shiftfly/physical/): its routers placed into racks,
// its links as electric or optical cables of the layout's lengths, priced and powered by a
// model read from a JSON file (a shipped model by name, data/cost_models/, or any file).
// JSON result: the model (name, source), the layout, the cables per class with their length
// histograms, the totals and the figures per endpoint (physical/describe.hpp).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "common/envelope.hpp"
#include "common/flag_names.hpp"
#include "common/subcommand.hpp"
#include "family_options.hpp"
#include "shiftfly/physical/cost.hpp"
#include "shiftfly/physical/describe.hpp"
#include "shiftfly/physical/metis_layout.hpp"
#include "shiftfly/physical/model_file.hpp"

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace shiftfly_cost_subcommand {

struct options {
  std::shared_ptr<shiftfly::tools::family_flags> family = std::make_shared<shiftfly::tools::family_flags>();
  std::optional<std::uint64_t> endpoints;
  std::string model = "slimfly-sc14";
  std::string layout = "grouped";
  std::string format = "text";
};

int run_cost(const options& o, const CLI::App& app, const shiftfly::tools::run_context& c) {
  namespace physical = shiftfly::physical;
  const auto model = shiftfly::tools::with_flags(
      app, [&] { return physical::read_cost_model_file(physical::cost_model_path(o.model, physical::shipped_cost_models_dir())); });
  shiftfly::tools::file_report file;
  const auto g = shiftfly::tools::make_graph(*o.family, "cost", false, &file);
  const bool from_file = o.family->family == "file";
  const shiftfly::topology::family_spec spec = from_file ? shiftfly::topology::family_spec{} : shiftfly::tools::to_spec(*o.family);
  // The request names the family's flags, the cost its own.
  const auto r = shiftfly::tools::naming_flags(c, "", [&] {
    auto request = physical::family_request(from_file ? nullptr : &spec, g, o.endpoints, o.layout, file.endpoints);
    if (request.layout == physical::layout_rule::metis) request = physical::metis_request(g, model, request);
    return physical::network_cost(g, model, request);
  });
  shiftfly::tools::print_record(c, physical::describe(r), o.format);
  return 0;
}

const shiftfly::tools::register_subcommand reg{"cost", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* sub = app.add_subcommand(
      "cost", "Cost, cables and power of a fabric: shiftfly cost FAMILY ... [--endpoints P] [--model M] [--layout L]");
  sub->add_option_function<std::uint64_t>(
         "--endpoints", [o](std::uint64_t p) { o->endpoints = p; },
         "Endpoints (terminals) on every router, instead of the family's customary concentration (each family's "
         "--help states it; a fat tree: k/2 or m1 hosts on each edge switch, none above; a file: its own counts, else 1)")
      ->type_name("UINT in [0 - 65535]")
      ->default_str("the family's");
  sub->add_option("--model", o->model,
                  "Cost model: a shipped model (slimfly-sc14, mudigonda-atc11) or a .json model file")
      ->capture_default_str();
  sub->add_option("--layout", o->layout,
                  "Routers into racks: grouped (by the family's groups, pods, rows or slabs; a torus's slabs folded), "
                  "sequential (by id) or metis (by a METIS partition into racks, seed 1)")
      ->check(CLI::IsMember({"grouped", "sequential", "metis"}))
      ->capture_default_str();
  sub->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json"}))->capture_default_str();
  shiftfly::tools::add_family_subcommands(sub, o->family);
  return [o, sub](const shiftfly::tools::run_context& c) { return run_cost(*o, *sub, c); };
}};

}  // namespace shiftfly_cost_subcommand
