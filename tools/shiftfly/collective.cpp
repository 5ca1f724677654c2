// shiftfly collective FAMILY [family flags] --op OP --bytes M [--link-bandwidth B] [--latency A] [--root R]
//                     [--endpoints P] [--endpoint-bandwidth BE] [--routing R] [--max-seconds S]
//                     [--lp-variables N] [--balanced-rounds N]
//                     [--schedule-out FILE] [--format json|text]
// shiftfly collective file --path P ...
// A collective's certified lower bound on the fabric, the best schedule known and the gap
// (docs/collectives.md). One library call (collectives::measure_collective,
// include/shiftfly/collectives/collective.hpp), printed through its description.
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <memory>
#include <optional>
#include <string>

#include "common/envelope.hpp"
#include "common/flag_names.hpp"
#include "common/subcommand.hpp"
#include "family_options.hpp"
#include "shiftfly/collectives/collective.hpp"
#include "shiftfly/collectives/msccl_xml.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/routing/routing_spec.hpp"
#include "shiftfly/topology/families.hpp"

// A named namespace, not an anonymous one: the tool compiles as one unity
// translation unit (CMakeLists.txt), where every file's options and reg must differ.
namespace shiftfly_collective_subcommand {
namespace sc = shiftfly::collectives;

struct options {
  std::shared_ptr<shiftfly::tools::family_flags> family = std::make_shared<shiftfly::tools::family_flags>();
  std::string op, bytes, link_bandwidth = "1", latency = "0", schedule_out, endpoint_bandwidth, routing, format = "text";
  double max_seconds = 600;
  std::uint64_t root = 0;
  std::optional<std::uint64_t> lp_variables, balanced_rounds;  // all-to-all: a work budget instead of --max-seconds
  std::shared_ptr<std::optional<std::uint64_t>> endpoints = std::make_shared<std::optional<std::uint64_t>>();
};

/// A real in the library's grammar, or the flag's one-line refusal.
inline double real_of(const std::string& text, const char* param, const char* accepted = "finite, above 0") {
  double value = 0;
  if (shiftfly::core::read_real(text, value) != shiftfly::core::real_error::none)
    shiftfly::core::fail_parameter("collective", param, text, "is not a number", accepted);
  return value;
}

int run_collective(const options& o, const CLI::App& app, const shiftfly::tools::run_context& c) {
  // The schedule file holds the tree packings' schedules (all-reduce: both phases): checked before any work.
  if (!o.schedule_out.empty() && o.op != "all-gather" && o.op != "reduce-scatter" && o.op != "all-reduce" &&
      std::find(sc::collective_operations().begin(), sc::collective_operations().end(), o.op) != sc::collective_operations().end())
    shiftfly::tools::with_flags(app, [&] {
      shiftfly::core::fail_parameter("collective", "schedule_out", o.schedule_out, "is not written for --op " + o.op,
                                     "--op all-gather, reduce-scatter or all-reduce (MSCCL allgather, reduce_scatter, allreduce)");
      return 0;
    });
  // The work budget is the all-to-all's maximum concurrent flow's: refused with another operation.
  if ((o.lp_variables || o.balanced_rounds) && o.op != "all-to-all" &&
      std::find(sc::collective_operations().begin(), sc::collective_operations().end(), o.op) != sc::collective_operations().end())
    shiftfly::tools::with_flags(app, [&] {
      shiftfly::core::fail_parameter("collective", o.lp_variables ? "lp_variables" : "balanced_rounds",
                                     std::to_string(o.lp_variables ? *o.lp_variables : *o.balanced_rounds),
                                     "is not used by --op " + o.op, "--op all-to-all");
      return 0;
    });
  shiftfly::tools::file_report file;
  const auto g = shiftfly::tools::make_graph(*o.family, "collective", false, &file);
  auto chosen = shiftfly::tools::naming_flags(c, "", [&] { return shiftfly::tools::choose_endpoints(*o.family, g, file, *o.endpoints); });
  const auto r = shiftfly::tools::with_flags(app, [&] {
    sc::collective_request q;
    q.op = o.op;
    q.bytes = real_of(o.bytes, "bytes");
    q.link_bandwidth = real_of(o.link_bandwidth, "link_bandwidth");
    q.latency = real_of(o.latency, "latency", "finite, at least 0");
    q.root = o.root;
    q.require_trees = !o.schedule_out.empty();
    if (!o.endpoint_bandwidth.empty()) q.endpoint_bandwidth = real_of(o.endpoint_bandwidth, "endpoint_bandwidth");
    if (!o.routing.empty()) q.routing = shiftfly::routing::parse_routing(o.routing);
    if (o.family->family != shiftfly::topology::file_source_name) q.family = shiftfly::tools::to_spec(*o.family);
    q.max_seconds = o.max_seconds;
    // Either work flag puts the maximum concurrent flow within a work budget (the other at its
    // default): its answer then depends on the budget alone, as in the collectives table.
    if (o.lp_variables || o.balanced_rounds) {
      shiftfly::metrics::throughput_work_budget w;
      if (o.lp_variables) w.lp_variables = *o.lp_variables;
      if (o.balanced_rounds) w.balanced_rounds = *o.balanced_rounds;
      q.work = w;
    }
    // A family on a grid of rings (a torus): the explainer's dimension-ordered schedules and Swing are tried as well.
    if (o.family->family != shiftfly::topology::file_source_name) {
      const auto resolved = shiftfly::tools::resolve(*o.family);
      if (const auto& hook = resolved.descriptor().coordinates; hook) {
        const auto grid = hook(resolved.values());
        if (grid.ring) q.torus_dims = grid.dims;
      }
    }
    return sc::measure_collective(g, chosen.counts, q);
  });
  if (!o.schedule_out.empty()) {
    const auto& t = *r.trees;
    const bool gather = o.op == "all-gather", all_reduce = o.op == "all-reduce";
    const auto& packing = gather ? t.all_gather : t.reduce_scatter;
    if (!packing || (all_reduce && !t.all_gather))  // the fabric's forwarding vertices are unbalanced: no packing is promised
      throw std::invalid_argument("--schedule-out = " + o.schedule_out +
                                  " is not written: no tree packing reaches the bound on this fabric (a forwarding vertex has more bandwidth out than in)");
    // all-reduce: reduce-scatter then all-gather, each on its optimal tree packing, in one file
    const auto xml = all_reduce ? sc::msccl_allreduce_xml(t.network, *t.reduce_scatter, *t.all_gather)
                                : sc::msccl_xml(t.network, *packing, gather ? sc::msccl_collective::allgather
                                                                           : sc::msccl_collective::reduce_scatter);
    std::ofstream f(o.schedule_out, std::ios::binary);
    if (!(f << xml) || !f.flush())
      throw std::invalid_argument("--schedule-out = " + o.schedule_out + " cannot be written (accepted: a file that can be written)");
  }
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
  sub->add_option("--latency", o->latency,
                  "Latency alpha of one step, seconds; a real at least 0 (time = steps x alpha + the bandwidth term; "
                  "the trees are then built)");
  sub->add_option("--schedule-out", o->schedule_out,
                  "Write the optimal trees as an MSCCL algorithm file (XML, ForestColl's format) to FILE; "
                  "--op all-gather, reduce-scatter or all-reduce (reduce-scatter then all-gather, one file)")
      ->default_str("none");
  sub->add_option("--endpoint-bandwidth", o->endpoint_bandwidth,
                  "Where routers carry several endpoints (each then a compute node of its own): bandwidth of an "
                  "endpoint's link to its router, each direction, bytes/s; a ratio p/q to --link-bandwidth, p and q "
                  "whole numbers up to 1000")
      ->default_str("the link bandwidth");
  sub->add_option("--routing", o->routing,
                  "All-to-all: the routing whose time is shown beside the bound (routed_seconds): minimal, ecmp, "
                  "spread, valiant, valiant:minimal, ksp:K, dor (torus, HyperX, Tofu) or shift (Kautz, de Bruijn, "
                  "Imase-Itoh, Shiftfly); refused where the family does not run it")
      ->default_str("the family's own: dor where it runs it, shift on the shift families, else ecmp");
  sub->add_option("--max-seconds", o->max_seconds,
                  "All-to-all: refuse a maximum concurrent flow or routed loads whose estimated time exceeds S seconds")
      ->check(CLI::Range(1.0, 604800.0));
  sub->add_option("--lp-variables", o->lp_variables,
                  "All-to-all: the maximum concurrent flow within a work budget, not a time: the LP reduced by the "
                  "automorphisms solved when it has at most N flow variables (0 to 200000), else the certified "
                  "interval; the same answer on every machine")
      ->type_name("UINT in [0 - 200000]")
      ->default_str(std::to_string(shiftfly::metrics::throughput_work_lp_variables) + " with --balanced-rounds, else none");
  sub->add_option("--balanced-rounds", o->balanced_rounds,
                  "All-to-all: with a work budget, the rounds of the balanced routing that give the interval's lower "
                  "end (1 to 100000)")
      ->type_name("UINT in [1 - 100000]")
      ->default_str(std::to_string(shiftfly::metrics::throughput_work_balanced_rounds) + " with --lp-variables, else none");
  sub->add_option("--root", o->root, "Broadcast and reduce: the root, an index among the compute nodes")
      ->type_name("UINT in [0 - 18446744073709551615]");
  shiftfly::tools::add_endpoints_flag(sub, o->endpoints);
  sub->add_option("--format", o->format, "Output format")->check(CLI::IsMember({"text", "json"}));
  shiftfly::tools::add_family_subcommands(sub, o->family, {}, " --op all-gather --bytes 1");
  return [o, sub](const shiftfly::tools::run_context& c) { return run_collective(*o, *sub, c); };
}};

}  // namespace shiftfly_collective_subcommand
