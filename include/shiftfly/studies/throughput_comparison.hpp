#pragma once
/// \file throughput_comparison.hpp
/// Beyond the paper: bisection width and throughput, as certified intervals
/// (metrics/flow/throughput_profile.hpp), of Boardfly-of-pods and Shiftfly at equal port cost
/// (the group-level graphs of the Shiftfly paper's Table 2, at studies/table2_groups.hpp's
/// sizes) and of the field's families at equal radix (the instances of
/// studies/field_equal_radix.hpp). They test the paper's Section 8 caveat: "De Bruijn and
/// Kautz families have asymptotically smaller bisection than a complete or expander tier
/// ... against a flat high-radix fabric we would not [win]".

#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/metrics/flow/throughput_profile.hpp"
#include "shiftfly/studies/field_equal_radix.hpp"
#include "shiftfly/studies/study_options.hpp"
#include "shiftfly/studies/table2_groups.hpp"
#include "shiftfly/studies/throughput_profiles.hpp"
#include "shiftfly/studies/field_instances.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/shiftfly.hpp"

namespace shiftfly::studies {

/// Largest router count for which the study routes uniform traffic (the lower bounds) and
/// compute TUB: the routing costs O(n·arcs): about 3 s per graph at 2,304 groups and 37 s at
/// 8,400 on the 2-core test machine, so about 11 minutes at 36,000 (the n² growth).
inline constexpr std::uint64_t throughput_table_routing_max = 2304;

/// One measured graph.
struct throughput_row {
  std::string design;      ///< "Boardfly", "Shiftfly" or a field family
  std::string parameters;  ///< the instance's parameters (field) or empty
  std::uint64_t target = 0;  ///< the group count (Table 2) or the router target (field)
  metrics::throughput_profile profile;
};

/// The options every graph of the tables is measured with.
inline metrics::throughput_profile_options throughput_table_options(const study_options& so = {}) {
  metrics::throughput_profile_options o;
  o.threads = so.threads;
  o.routing_max_vertices = throughput_table_routing_max;
  o.tub_max_vertices = throughput_table_routing_max;
  return o;
}

/// Boardfly and Shiftfly at every group count of Table 2.
inline std::vector<throughput_row> throughput_rows(const study_options& so = {},
                                                   const std::vector<std::uint64_t>& sizes = table2_groups_up_to()) {
  std::vector<throughput_row> rows;
  const auto o = throughput_table_options(so);
  for (auto n : sizes) {
    rows.push_back({"Boardfly", "", n, throughput_profile_of(topology::boardfly_group_level(n), o)});
    rows.push_back({"Shiftfly", "", n,
                    throughput_profile_of(topology::shiftfly_group_level(n, topology::group_optical_ports), o)});
  }
  return rows;
}

/// The field's instances at equal radix (field_equal_radix's targets and rule).
inline std::vector<throughput_row> field_throughput_rows(const study_options& so = {}) {
  std::vector<throughput_row> rows;
  const auto o = throughput_table_options(so);
  for (auto n : field_equal_radix_targets())
    for (auto f : field_families())
      if (const auto inst = choose_instance(f, field_equal_radix_limit, n))
        rows.push_back({std::string(field_family_name(f)), inst->parameters, n,
                        throughput_profile_of(topology::make_graph(inst->spec), o)});
  return rows;
}

}  // namespace shiftfly::studies
