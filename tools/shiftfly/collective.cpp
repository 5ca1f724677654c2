// shiftfly collective FAMILY [family flags] --op OP --bytes M [--link-bandwidth B] [--root R]
//                     [--endpoints P] [--format json|text]
// shiftfly collective file --path P ...
// A collective's certified lower bound on the fabric, the best schedule known and the gap
// (docs/collectives.md). One library call (collectives::measure_collective,
// include/shiftfly/collectives/collective.hpp), printed through its description.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "common/envelope.hpp"
#include "common/flag_names.hpp"
#include "common/subcommand.hpp"
#include "family_options.hpp"
#include "shiftfly/collectives/collective.hpp"
#include "shiftfly/core/parse.hpp"

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace shiftfly_collective_subcommand {
namespace sc = shiftfly::collectives;

struct options {
  std::shared_ptr<shiftfly::tools::family_flags> family = std::make_shared<shiftfly::tools::family_flags>();
  std::string op, bytes, link_bandwidth = "1", format = "text";
  std::uint64_t root = 0;
  std::shared_ptr<std::optional<std::uint64_t>> endpoints = std::make_shared<std::optional<std::uint64_t>>();
};

/// A real in the library's grammar, or the flag's one-line refusal.
inline double real_of(const std::string& text, const char* param) {
  double value = 0;
  if (shiftfly::core::read_real(text, value) != shiftfly::core::real_error::none)
    shiftfly::core::fail_parameter("collective", param, text, "is not a number", "finite, above 0");
  return value;
}

int run_collective(const options& o, const CLI::App& app, const shiftfly::tools::run_context& c) {
  shiftfly::tools::file_report file;
  const auto g = shiftfly::tools::make_graph(*o.family, "collective", false, &file);
  auto chosen = shiftfly::tools::naming_flags(c, "", [&] { return shiftfly::tools::choose_endpoints(*o.family, g, file, *o.endpoints); });
  const auto r = shiftfly::tools::with_flags(app, [&] {
    sc::collective_request q;
    q.op = o.op;
    q.bytes = real_of(o.bytes, "bytes");
    q.link_bandwidth = real_of(o.link_bandwidth, "link_bandwidth");
    q.root = o.root;
    // A torus: the explainer's dimension-ordered schedules and Swing are tried as well.
    if (o.family->family == "torus")
      q.torus_dims = shiftfly::topology::list_value(shiftfly::tools::resolve(*o.family).values(), "dims");
    return sc::measure_collective(g, chosen.counts, q);
  });
  shiftfly::tools::print_record(c, sc::describe(r), o.format);
  return 0;
}

const shiftfly::tools::register_subcommand reg{"collective", [](CLI::App& app) {
  auto o = std::make_shared<options>();
  auto* sub = app.add_subcommand("collective",
                                 "A collective's certified lower bound on the fabric (exact all-gather and reduce-scatter "
                                 "optimum, broadcast and reduce by Edmonds' theorem, all-reduce cut bound, all-to-all "
                                 "by maximum concurrent flow), the best schedule and the gap");
  sub->add_option("--op", o->op, "Operation: all-gather, reduce-scatter, all-reduce, all-to-all, broadcast or reduce")
      ->required();
  sub->add_option("--bytes", o->bytes,
                  "M in bytes (nccl-tests convention: all-gather the whole output buffer, all-reduce the buffer, "
                  "all-to-all one node's send buffer, M/N to each peer); a real above 0")
      ->required();
  sub->add_option("--link-bandwidth", o->link_bandwidth, "Bandwidth b of every link direction, bytes/s; a real above 0");
  sub->add_option("--root", o->root, "Broadcast and reduce: the root, an index among the compute nodes")
      ->type_name("UINT in [0 - 18446744073709551615]");
  shiftfly::tools::add_endpoints_flag(sub, o->endpoints);
  sub->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json"}));
  shiftfly::tools::add_family_subcommands(sub, o->family, {}, " --op all-gather --bytes 1");
  return [o, sub](const shiftfly::tools::run_context& c) { return run_collective(*o, *sub, c); };
}};

}  // namespace shiftfly_collective_subcommand
