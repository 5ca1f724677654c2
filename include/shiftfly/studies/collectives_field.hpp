#pragma once
/// \file collectives_field.hpp
/// The rows of the `collectives` section (exact profile): all-reduce and all-to-all on the TPU
/// explainer's tori (the anchor rows, 4x4 and 16x16) and on the field's families at their
/// field-table instances (field_instances.hpp: radix at most 40, about 1,000 routers, one
/// compute node a router; the fat tree at k = 16, its 1,024 hosts on the edge switches), each by
/// collectives::measure_collective with M = 1 byte and b = 1 byte/s, so every time reads as a
/// multiple of M/b (seconds per byte at one byte per second).
///
///   std::vector<collectives_field_row> collectives_field_rows();

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/collectives/collective.hpp"
#include "shiftfly/studies/field_instances.hpp"
#include "shiftfly/topology/family.hpp"

namespace shiftfly::studies {

struct collectives_field_row {
  std::string family, parameters;
  bool anchor = false;  ///< a row of the TPU explainer's tori
  std::uint64_t routers = 0;
  collectives::collective_result allreduce;
  std::optional<collectives::collective_result> alltoall;  ///< none where it is refused (alltoall_note says why)
  std::string alltoall_note;
};

/// The field's radix and router target of the section (field_equal_radix's).
inline constexpr std::uint64_t collectives_field_radix = 40;
inline constexpr std::uint64_t collectives_field_routers = 1000;

/// The schedules run on integers in the section: the anchors' (16x16: 256 nodes x 1,024 elements);
/// the field's rings at 1,000 nodes are counted from their routes (the same time, tested in
/// tests/collectives/ring_any_test.cpp), which keeps the section to seconds.
inline constexpr std::uint64_t collectives_simulated_cells = std::uint64_t{1} << 19;

/// The all-to-all's routed loads are computed where their estimate is within this many seconds.
inline constexpr double collectives_field_alltoall_seconds = 10;

/// The all-to-all's maximum concurrent flow: within this work budget, never a time (the table must
/// regenerate byte for byte on any machine): the exact LPs up to the reduced LP of PolarFly q = 31
/// (32,000 arcs, 3 source orbits: 95,000 flow variables, about 10 s of CLP), else the balanced
/// routing's rounds under the distance and METIS cut bounds (metrics/flow/throughput_work.hpp).
inline metrics::throughput_work_budget collectives_field_alltoall_work() {
  metrics::throughput_work_budget w;
  w.lp_variables = 100'000;
  w.balanced_rounds = 12;
  return w;
}

namespace detail {

inline collectives_field_row collectives_row(const std::string& family, const std::string& parameters, bool anchor,
                                             const core::graph<std::uint32_t>& g, const std::vector<std::uint32_t>& endpoints,
                                             const std::vector<std::uint64_t>& torus_dims,
                                             const std::optional<topology::family_spec>& spec) {
  collectives_field_row r;
  r.family = family;
  r.parameters = parameters;
  r.anchor = anchor;
  r.routers = g.num_vertices();
  collectives::collective_request q;
  q.op = "all-reduce";
  q.bytes = 1;
  q.link_bandwidth = 1;
  q.torus_dims = torus_dims;
  q.max_simulated_cells = collectives_simulated_cells;
  r.allreduce = collectives::measure_collective(g, endpoints, q);
  // The all-to-all: its maximum concurrent flow within a work budget (exact, or a certified
  // interval whose ends depend on that budget alone), and the time under the family's own routing
  // (routing/own_routing.hpp), its loads computed where estimated within collectives_field_alltoall_seconds.
  q.op = "all-to-all";
  q.max_seconds = collectives_field_alltoall_seconds;
  q.work = collectives_field_alltoall_work();
  q.family = spec;
  try {
    r.alltoall = collectives::measure_collective(g, endpoints, q);
  } catch (const std::invalid_argument& e) {
    r.alltoall_note = std::string("all-to-all not computed here (shiftfly collective ... --op all-to-all gives it): ") + e.what();
  }
  return r;
}

}  // namespace detail

inline std::vector<collectives_field_row> collectives_field_rows() {
  std::vector<collectives_field_row> rows;
  for (const std::vector<std::uint64_t>& dims : {std::vector<std::uint64_t>{4, 4}, std::vector<std::uint64_t>{16, 16}}) {
    const auto g = topology::make_graph(topology::family_spec{"torus", {{"dims", dims}}});
    rows.push_back(detail::collectives_row("Torus (TPU explainer)", "dims = " + collectives::torus_dims_text(dims), true, g,
                                           std::vector<std::uint32_t>(g.num_vertices(), 1), dims,
                                           topology::family_spec{"torus", {{"dims", dims}}}));
  }
  // The fat tree at k = 16 (its 1,024 hosts on edge switches) stands for its family: the field
  // tables' instance near 1,000 routers would carry 5,488 hosts.
  const topology::family_spec hosts = topology::fat_tree_spec{16};
  for (auto f : field_families()) {
    if (f->name == topology::family_name(hosts)) {
      const auto g = topology::make_graph(hosts);
      rows.push_back(detail::collectives_row(std::string(field_family_name(f)), "k = 16", false, g,
                                             topology::endpoints_of(hosts, g), {}, hosts));
      continue;
    }
    const auto inst = choose_instance(f, collectives_field_radix, collectives_field_routers);
    if (!inst) continue;
    const auto g = topology::make_graph(inst->spec);
    rows.push_back(detail::collectives_row(std::string(field_family_name(f)), inst->parameters, false, g,
                                           std::vector<std::uint32_t>(g.num_vertices(), 1), {}, inst->spec));
  }
  return rows;
}

}  // namespace shiftfly::studies
