#pragma once
/// \file collectives_field.hpp
/// The rows of the `collectives` section (exact profile): all-reduce and all-to-all on the TPU
/// explainer's tori (the anchor rows, 4x4 and 16x16) and on the field's families at about 1,000
/// and about 10,000 compute nodes, each by collectives::measure_collective with M = 1 byte and
/// b = 1 byte/s, so every time reads as a multiple of M/b (seconds per byte at one byte per second).
///
/// The instances (field_instances.hpp, radix at most 40): at 1,000, the field tables' instance
/// near 1,000 routers, one compute node a router, the fat tree at k = 16 (its 1,024 hosts on the
/// edge switches); at 10,000, the field tables' instance near 10,000 routers, one compute node a
/// router, where the family reaches at least half of it (Shiftfly, Boardfly, HyperX, Jellyfish,
/// SpectralFly; the Dragonfly is left out, collectives_field_left_out_10000 says why); else (PolarFly, Slim Fly: diameter 2 caps them near 1,600 routers at
/// radix 40) the candidate whose compute nodes at the family's own concentration
/// (topology::endpoints_of, split off as compute vertices: collectives/network.hpp) are nearest
/// 10,000, where those reach at least half of it (Delorme does not: q = 8 gives 1,755, and its
/// next instance has 33,825 routers); the fat tree at k = 34, its 9,826 hosts.
///
///   std::vector<collectives_field_row> collectives_field_rows(const collectives_field_options& = {});        // the anchors and the 1,000 rows
///   std::vector<collectives_field_row> collectives_field_rows_10000(const collectives_field_options& = {});  // the 10,000 rows
///
/// collectives_field_options::threads: the all-gather searches' worker threads (0: every core); the
/// rows do not depend on it.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
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
  std::uint64_t compute_nodes = 0;
  std::optional<collectives::collective_result> allreduce;  ///< none where it is refused (allreduce_note says why)
  std::string allreduce_note;
  std::optional<collectives::collective_result> alltoall;  ///< none where it is refused (alltoall_note says why)
  std::string alltoall_note;
};

/// The field's radix and router target of the section (field_equal_radix's).
inline constexpr std::uint64_t collectives_field_radix = 40;
inline constexpr std::uint64_t collectives_field_routers = 1000;
inline constexpr std::uint64_t collectives_field_routers_10000 = 10000;

/// The schedules run on integers in the section: the anchors' (16x16: 256 nodes x 1,024 elements);
/// the field's rings at 1,000 nodes are counted from their routes (the same time, tested in
/// tests/collectives/ring_any_test.cpp), which keeps the section to seconds.
inline constexpr std::uint64_t collectives_simulated_cells = std::uint64_t{1} << 19;

/// The all-to-all's routed loads are computed where their estimate is within this many seconds.
inline constexpr double collectives_field_alltoall_seconds = 10;

/// The all-to-all's maximum concurrent flow: within this work budget, never a time (the table must
/// regenerate byte for byte on any machine): the exact LPs up to the reduced LP of PolarFly q = 31
/// (32,000 arcs, 3 source orbits: 95,000 flow variables, about 10 s of CLP), else the balanced
/// routing's rounds under the distance, METIS cut and cluster quotient bounds (metrics/flow/throughput_work.hpp).
inline metrics::throughput_work_budget collectives_field_alltoall_work() {
  metrics::throughput_work_budget w;
  w.lp_variables = 100'000;
  w.balanced_rounds = 12;
  return w;
}

/// How the rows are computed (not what they are: every option leaves them as they are).
struct collectives_field_options {
  unsigned threads = 0;  ///< the all-gather searches' worker threads, 0 = every core
};

namespace detail {

inline collectives_field_row collectives_row(const std::string& family, const std::string& parameters, bool anchor,
                                             const core::graph<std::uint32_t>& g, const std::vector<std::uint32_t>& endpoints,
                                             const std::vector<std::uint64_t>& torus_dims,
                                             const std::optional<topology::family_spec>& spec, unsigned threads) {
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
  q.threads = threads;  // the all-gather search's flows: the answer is the same on any count
  r.compute_nodes = collectives::make_collective_network(g, endpoints).compute.size();
  // Refused over the search's work limit (collective_max_work) or the rings' limits: a note, the
  // row's all-reduce cells '-', as the all-to-all's below.
  try {
    r.allreduce = collectives::measure_collective(g, endpoints, q);
  } catch (const std::invalid_argument& e) {
    r.allreduce_note = std::string("all-reduce not computed here: ") + e.what();
  }
  // The all-to-all: its maximum concurrent flow within a work budget (exact, or a certified
  // interval whose ends depend on that budget alone), and the time under the family's own routing
  // (routing/own_routing.hpp), its loads computed where estimated within collectives_field_alltoall_seconds.
  q.op = "all-to-all";
  q.max_seconds = collectives_field_alltoall_seconds;
  // One thread: the routed loads' time estimate counts the threads, so the refusals at 10,000
  // compute nodes are then the same on every machine (the answers never depend on it).
  q.threads = 1;
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

inline std::vector<collectives_field_row> collectives_field_rows(const collectives_field_options& o = {}) {
  const unsigned threads = o.threads;
  std::vector<collectives_field_row> rows;
  for (const std::vector<std::uint64_t>& dims : {std::vector<std::uint64_t>{4, 4}, std::vector<std::uint64_t>{16, 16}}) {
    const auto g = topology::make_graph(topology::family_spec{"torus", {{"dims", dims}}});
    rows.push_back(detail::collectives_row("Torus (TPU explainer)", "dims = " + collectives::torus_dims_text(dims), true, g,
                                           std::vector<std::uint32_t>(g.num_vertices(), 1), dims,
                                           topology::family_spec{"torus", {{"dims", dims}}}, threads));
  }
  // The fat tree at k = 16 (its 1,024 hosts on edge switches) stands for its family: the field
  // tables' instance near 1,000 routers would carry 5,488 hosts.
  const topology::family_spec hosts = topology::fat_tree_spec{16};
  for (auto f : field_families()) {
    if (f->name == topology::family_name(hosts)) {
      const auto g = topology::make_graph(hosts);
      rows.push_back(detail::collectives_row(std::string(field_family_name(f)), "k = 16", false, g,
                                             topology::endpoints_of(hosts, g), {}, hosts, threads));
      continue;
    }
    const auto inst = choose_instance(f, collectives_field_radix, collectives_field_routers);
    if (!inst) continue;
    const auto g = topology::make_graph(inst->spec);
    rows.push_back(detail::collectives_row(std::string(field_family_name(f)), inst->parameters, false, g,
                                           std::vector<std::uint32_t>(g.num_vertices(), 1), {}, inst->spec, threads));
  }
  return rows;
}

/// Left out of the 10,000 rows for the section's CPU time in CI: the Dragonfly at a = 26, h = 13
/// (8,814 routers) is not vertex-transitive, and its all-gather and reduce-scatter searches run
/// about 1,300 maximum flows over its orbits, about 23 s of CPU (the rest of the 10,000 rows
/// together take about 20 s); `shiftfly collective dragonfly --a 26 --h 13 --endpoints 1 --op
/// all-reduce --bytes 1` gives it.
inline constexpr std::string_view collectives_field_left_out_10000 = "dragonfly";

/// The rows near 10,000 compute nodes (the file comment's rule).
inline std::vector<collectives_field_row> collectives_field_rows_10000(const collectives_field_options& o = {}) {
  const unsigned threads = o.threads;
  constexpr std::uint64_t target = collectives_field_routers_10000;
  std::vector<collectives_field_row> rows;
  const topology::family_spec hosts = topology::fat_tree_spec{34};
  for (auto f : field_families()) {
    if (f->name == topology::family_name(hosts)) {
      const auto g = topology::make_graph(hosts);
      rows.push_back(detail::collectives_row(std::string(field_family_name(f)), "k = 34", false, g,
                                             topology::endpoints_of(hosts, g), {}, hosts, threads));
      continue;
    }
    if (f->name == collectives_field_left_out_10000) continue;
    const auto inst = choose_instance(f, collectives_field_radix, target);
    if (!inst) continue;
    if (2 * inst->routers >= target) {
      const auto g = topology::make_graph(inst->spec);
      rows.push_back(detail::collectives_row(std::string(field_family_name(f)), inst->parameters, false, g,
                                             std::vector<std::uint32_t>(g.num_vertices(), 1), {}, inst->spec, threads));
      continue;
    }
    // Too few routers: the candidate with compute nodes at its own concentration nearest the target
    // (the first enumerated among equals).
    std::optional<field_instance> best;
    std::uint64_t best_nodes = 0;
    const auto distance = [&](std::uint64_t n) { return n > target ? n - target : target - n; };
    for (auto& c : field_candidates(f, collectives_field_radix, target)) {
      const auto g = topology::make_graph(c.spec);
      std::uint64_t nodes = 0;
      for (auto e : topology::endpoints_of(c.spec, g)) nodes += e;
      if (!best || distance(nodes) < distance(best_nodes)) {
        best = c;
        best_nodes = nodes;
      }
    }
    // Still under half the target (Delorme: its next instance past q = 8 has 33,825 routers): left out.
    if (!best || 2 * best_nodes < target) continue;
    const auto g = topology::make_graph(best->spec);
    rows.push_back(detail::collectives_row(std::string(field_family_name(f)), best->parameters + ", own concentration", false,
                                           g, topology::endpoints_of(best->spec, g), {}, best->spec, threads));
  }
  return rows;
}

}  // namespace shiftfly::studies
