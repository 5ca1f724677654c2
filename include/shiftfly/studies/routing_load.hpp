#pragma once
/// \file routing_load.hpp
/// Beyond the paper: what the routings that fabrics run carry. For Boardfly-of-pods and
/// Shiftfly at Table 2's group counts (group level, up to routing_load_max_groups) and for the
/// field's families at radix 40 and about 1,000 routers (field_equal_radix's rule), each with
/// the routings its descriptor says it runs among {shift, dor, minimal, ecmp, valiant}: the
/// saturation throughput θ_R = 1 / max channel load (routing/family_load.hpp) under
/// - uniform traffic (one unit per ordered router pair: θ_R in the unit of θ*),
/// - a random permutation (seed routing_load_permutation_seed: Python's random.Random(1).shuffle),
/// - the worst-case permutation of the routing (Towles and Dally 2002): exact where the
///   assignments fit the work limit, else a certified upper bound on the worst load (so a
///   certified lower bound on the worst-case θ_R), labelled as such,
/// beside the optimal θ* of the same graph (metrics/flow/throughput_profile.hpp: certified
/// intervals, uniform and worst permutation). Every routing is one feasible flow, so θ_R <= θ*:
/// the best θ_R of the routings also raises the lower end of θ*'s interval.
/// This is the routing-aware form of the Shiftfly paper's §8 question: does Shiftfly's shift
/// routing keep its advantage over Boardfly's minimal routing, and how far is it from a flat
/// fabric's minimal routing? (routing_load_finding() in tables/routing_load.hpp says it in numbers.)

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "shiftfly/metrics/flow/throughput_profile.hpp"
#include "shiftfly/routing/channel_load.hpp"
#include "shiftfly/routing/family_load.hpp"
#include "shiftfly/studies/field_equal_radix.hpp"
#include "shiftfly/studies/field_instances.hpp"
#include "shiftfly/studies/study_options.hpp"
#include "shiftfly/studies/table2_groups.hpp"
#include "shiftfly/studies/throughput_profiles.hpp"
#include "shiftfly/topology/family.hpp"

namespace shiftfly::studies {

/// The largest Table 2 group count the section routes: every routing's uniform and permutation
/// loads cost O(n·(n + m)) (about a second at 2,304 groups on the 2-core test machine).
inline constexpr std::uint64_t routing_load_max_groups = 2304;
/// The worst case gathers the shares of all n(n - 1) pairs and solves assignments: up to this
/// many routers (Table 2's 36 to 576 groups). At the field's 1,000 routers it took, measured on
/// the 2-core test machine, 3.2 GB and about 6 minutes of CPU for the nine designs (ECMP's pairs
/// spread over many channels), and the work-limited bounds were loose: the section leaves it to
/// `shiftfly load ... --traffic worst` there. Valiant's worst case costs one load computation
/// (routing/family_load.hpp) and is given at every size.
inline constexpr std::uint64_t routing_load_worst_max_routers = 576;
/// The field's router target of the section (field_equal_radix's first).
inline constexpr std::uint64_t routing_load_field_target = 1000;
/// The random permutation's seed.
inline constexpr std::uint64_t routing_load_permutation_seed = 1;
/// The work limit of each worst case's assignments (worst_case_options::max_assignment_work):
/// about 3 s; beyond it the worst case is a certified bound.
inline constexpr std::uint64_t routing_load_worst_work = 2'000'000'000;

/// Whether the section computes the worst case of `routing` on n routers (Valiant's costs one
/// load computation at any size; studies/routing_load.hpp's limits above for the others).
inline bool routing_load_worst_computed(const routing::routing_spec& routing, std::uint64_t n) {
  return routing.kind == routing::routing_kind::valiant || n <= routing_load_worst_max_routers;
}

/// The routings of the section, in print order; a design runs those its descriptor lists.
inline const std::vector<std::string>& routing_load_routings() {
  static const std::vector<std::string> all{"shift", "dor", "minimal", "ecmp", "valiant"};
  return all;
}

/// One design under one routing.
struct routing_load_row {
  std::string design;      ///< "Boardfly", "Shiftfly" or a field family's display name
  std::string parameters;  ///< the field instance's parameters, empty for Table 2's designs
  std::uint64_t target = 0;  ///< the group count (Table 2) or the router target (field)
  std::uint64_t routers = 0, links = 0;
  std::string routing;
  double uniform = 0.0;      ///< θ_R, uniform, per pair
  double permutation = 0.0;  ///< θ_R, the random permutation (one unit per source)
  /// θ_R of the worst permutation: exact when worst_exact, else a certified lower bound;
  /// absent where routing_load_worst_computed() is false.
  std::optional<double> worst;
  bool worst_exact = false;
  std::string hottest_class;  ///< the link classes of the hottest channels under uniform traffic (hottest_classes)
};

/// The link classes whose hottest channel carries the largest load, to rounding: every class
/// whose largest load has the largest's tie key (routing::load_tie_key, the rule that orders the
/// hottest channels), in the family's class order, joined by " and "; "" when the graph has no
/// classes. Loads that are equal in exact arithmetic (a fat tree's up and down channels between
/// aggregation and core switches) come out of sums taken in different orders, so their last bits
/// would pick one class or the other: naming the single class of the hottest channel made the
/// table depend on them.
inline std::string hottest_classes(const routing::channel_load_result& r) {
  double top = 0.0;
  for (const auto& c : r.by_class) top = std::max(top, c.max_load);
  const std::int64_t hottest = routing::load_tie_key(top, top);
  std::string out;
  for (const auto& c : r.by_class)
    if (c.channels > 0 && routing::load_tie_key(c.max_load, top) == hottest)
      out += (out.empty() ? "" : " and ") + c.name;
  return out;
}

/// One design: its rows (one per routing) and its optimal throughput.
struct routing_load_design {
  std::vector<routing_load_row> rows;
  metrics::throughput_profile optimal;
};

namespace detail {

inline routing_load_design measure_routing_design(const std::string& design, const std::string& parameters,
                                                  std::uint64_t target, const topology::family_spec& spec,
                                                  unsigned threads) {
  const auto resolved = topology::resolve(spec);  // looked up once: the graph, the routings and every load
  const auto g = topology::make_graph(resolved);
  const auto& family = resolved.descriptor();
  routing_load_design out;
  metrics::throughput_profile_options po;
  po.threads = threads;
  out.optimal = throughput_profile_of(g, po);  // kept: the throughput section measures the same graphs
  for (const auto& name : routing_load_routings()) {
    bool runs = false;
    for (const auto& r : family.routings) runs = runs || r == name;
    if (!runs) continue;
    routing_load_row row{design, parameters, target, g.num_vertices(), g.num_edges(), name};
    routing::family_load_request q;
    q.load.routing = routing::parse_routing(name);
    // one endpoint a router: the section's θ_R is per router pair, the unit of θ* beside it
    q.load.endpoints = core::uniform_endpoints(g.num_vertices(), 1);
    q.load.endpoints_rule = "1 a router (theta_R per router pair, the unit of theta*)";
    q.load.threads = threads;
    q.load.top = 1;
    q.load.max_seconds = 3600;
    q.worst.max_assignment_work = routing_load_worst_work;
    q.load.traffic.kind = metrics::traffic_kind::uniform;
    const auto uniform = routing::measure_family_load(g, &resolved, q);
    row.uniform = uniform.saturation_per_pair;
    row.hottest_class = hottest_classes(uniform);
    q.load.traffic.kind = metrics::traffic_kind::permutation;
    q.load.traffic.seed = routing_load_permutation_seed;
    row.permutation = routing::measure_family_load(g, &resolved, q).saturation_per_pair;
    if (routing_load_worst_computed(q.load.routing, g.num_vertices())) {
      q.load.traffic.kind = metrics::traffic_kind::worst;
      q.load.traffic.seed.reset();
      const auto worst = routing::measure_family_load(g, &resolved, q);
      row.worst_exact = worst.worst->method == routing::worst_case_method::exact;
      row.worst = worst.worst->saturation_lower();
    }
    out.rows.push_back(std::move(row));
  }
  return out;
}

}  // namespace detail

/// Boardfly and Shiftfly (group level) at Table 2's group counts up to routing_load_max_groups.
inline std::vector<routing_load_design> routing_load_table2(const study_options& o = {}) {
  std::vector<routing_load_design> out;
  for (const auto groups : table2_groups_up_to(routing_load_max_groups)) {
    out.push_back(detail::measure_routing_design("Boardfly", "", groups, topology::boardfly_spec{groups}, o.threads));
    out.push_back(detail::measure_routing_design("Shiftfly", "", groups, topology::shiftfly_spec{groups}, o.threads));
  }
  return out;
}

/// The field's families at radix 40 and routing_load_field_target routers.
inline std::vector<routing_load_design> routing_load_field(const study_options& o = {}) {
  std::vector<routing_load_design> out;
  for (auto f : field_families())
    if (const auto inst = choose_instance(f, field_equal_radix_limit, routing_load_field_target))
      out.push_back(detail::measure_routing_design(std::string(field_family_name(f)), inst->parameters,
                                                   routing_load_field_target, inst->spec, o.threads));
  return out;
}

}  // namespace shiftfly::studies
