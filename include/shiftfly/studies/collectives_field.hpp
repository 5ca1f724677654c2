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
#include <string>
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
  std::optional<collectives::collective_result> alltoall;  ///< none where this version has no all-to-all bound
  std::string alltoall_note;
};

/// The field's radix and router target of the section (field_equal_radix's).
inline constexpr std::uint64_t collectives_field_radix = 40;
inline constexpr std::uint64_t collectives_field_routers = 1000;

/// The schedules run on integers in the section: the anchors' (16x16: 256 nodes x 1,024 elements);
/// the field's rings at 1,000 nodes are counted from their routes (the same time, tested in
/// tests/collectives/ring_any_test.cpp), which keeps the section to seconds.
inline constexpr std::uint64_t collectives_simulated_cells = std::uint64_t{1} << 19;

namespace detail {

inline collectives_field_row collectives_row(const std::string& family, const std::string& parameters, bool anchor,
                                             const core::graph<std::uint32_t>& g, const std::vector<std::uint32_t>& endpoints,
                                             const std::vector<std::uint64_t>& torus_dims, bool alltoall = true) {
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
  bool one_each = true;
  for (auto e : endpoints) one_each = one_each && e == 1;
  if (!alltoall) {
    r.alltoall_note = "all-to-all not computed here: its maximum concurrent flow is a Garg-Koenemann interval, tens of "
                      "seconds (shiftfly collective ... --op all-to-all gives it)";
  } else if (one_each) {
    q.op = "all-to-all";
    r.alltoall = collectives::measure_collective(g, endpoints, q);
  } else {
    r.alltoall_note = "hosts on edge switches: all-to-all needs one compute node a router in this version";
  }
  return r;
}

}  // namespace detail

inline std::vector<collectives_field_row> collectives_field_rows() {
  std::vector<collectives_field_row> rows;
  for (const std::vector<std::uint64_t>& dims : {std::vector<std::uint64_t>{4, 4}, std::vector<std::uint64_t>{16, 16}}) {
    const auto g = topology::make_graph(topology::family_spec{"torus", {{"dims", dims}}});
    rows.push_back(detail::collectives_row("Torus (TPU explainer)", "dims = " + collectives::torus_dims_text(dims), true, g,
                                           std::vector<std::uint32_t>(g.num_vertices(), 1), dims));
  }
  for (auto f : field_families()) {
    if (f->name == "fat-tree") {
      const topology::family_spec spec{"fat-tree", {{"k", std::uint64_t{16}}}};
      const auto g = topology::make_graph(spec);
      rows.push_back(detail::collectives_row(std::string(field_family_name(f)), "k = 16", false, g,
                                             topology::endpoints_of(spec, g), {}));
      continue;
    }
    const auto inst = choose_instance(f, collectives_field_radix, collectives_field_routers);
    if (!inst) continue;
    const auto g = topology::make_graph(inst->spec);
    // The families whose uniform maximum concurrent flow at 1,000 routers is no exact LP (an interval).
    const bool interval = f->name == "shiftfly" || f->name == "boardfly" || f->name == "dragonfly" || f->name == "jellyfish";
    rows.push_back(detail::collectives_row(std::string(field_family_name(f)), inst->parameters, false, g,
                                           std::vector<std::uint32_t>(g.num_vertices(), 1), {}, !interval));
  }
  return rows;
}

}  // namespace shiftfly::studies
