#pragma once
/// \file physical_comparison.hpp
/// The field's families at about 10,000 endpoints, and the Shiftfly paper's systems at equal
/// optical cost, priced and powered by a shipped cost model (physical/): routers into racks by
/// each family's grouping (a family without one, PolarFly and Jellyfish, by a METIS partition into
/// racks, seed 1: physical/metis_layout.hpp), cables classed electric or optical by their length, cost and power per
/// endpoint. For Boardfly and Shiftfly the optical cables the layout finds are set beside the
/// links the Shiftfly paper counts as optical (every link between two 32-chip groups).
///
/// API:
///   struct physical_instance { family, name, parameters, spec, endpoints, endpoint_rule };
///   std::vector<physical_instance> physical_instances();
///   struct physical_row { instance, cost, paper_optical };
///   physical::cost_model shipped_cost_model(std::string_view name);  // data/cost_models/<name>.json
///   std::vector<physical_row> physical_comparison_rows(const physical::cost_model&);
///   struct paper_optical_row { design, groups, chips, paper_links, paper_rule, between_groups, optical,
///                              between_groups_electric, inside_group_optical };
///   std::vector<paper_optical_row> paper_optical_rows(const physical::cost_model&, std::uint64_t max_groups);
///
/// The Shiftfly paper's own systems (Table 2's group counts, studies/table2_groups.hpp, up to
/// max_groups), Boardfly and Shiftfly at chip level with one endpoint a chip, laid out by their
/// 32-chip groups: the paper's optical links (its global tier: 40 optical ports a group, so at most
/// 20·G links; exactly 36·35/2 = 630 for Boardfly's one pod of 36 groups, whose tier is K36, and
/// G·d − d(d+1)/2 = 167,790 for Shiftfly at 8,400 groups, K(20, 3) by Proposition 4.3: undirected
/// degree 2d but 2d − 1 on d(d+1) groups) against the links between groups of this library's graph
/// and the cables its layout makes optical, accounted for link by link.
///
/// The instances (this library's choice of configurations near 10,000 endpoints; the Slim Fly
/// paper's own configurations could not be read, docs/references.md):
/// - 3-D torus 22³, one endpoint a router (10,648);
/// - 3-D HyperX (flattened butterfly) 10³, 10 endpoints a router (10,000);
/// - fat tree k = 34, k/2 hosts on each edge switch (9,826);
/// - Dragonfly a = 14, h = 7, g = a·h + 1 = 99, p = h = 7 (the Dragonfly paper's balance; 9,702);
/// - Slim Fly q = 19 and PolarFly q = 27, ⌈k'/2⌉ endpoints (10,830 and 10,598);
/// - Jellyfish on Slim Fly's routers and degree (722, 29), 15 endpoints (10,830);
/// - Boardfly and Shiftfly at chip level, 324 groups of 32 chips (10,368 chips, one endpoint each:
///   the chip), 40 optical ports a group, so at equal optical cost.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "shiftfly/physical/cost.hpp"
#include "shiftfly/physical/metis_layout.hpp"
#include "shiftfly/physical/model_file.hpp"
#include "shiftfly/studies/table2_groups.hpp"
#include "shiftfly/topology/family.hpp"

namespace shiftfly::studies {

/// One configuration of the comparison.
struct physical_instance {
  std::string name;        ///< as the table prints it: "Slim Fly"
  std::string parameters;  ///< "q = 19"
  topology::family_spec spec;
  std::optional<std::uint64_t> endpoints;  ///< per router (per edge switch for the fat tree); none: the default
  std::string endpoint_rule;               ///< "p = h", "⌈k'/2⌉", ...
  bool chip_groups = false;                ///< Boardfly or Shiftfly at chip level (the paper's optical links apply)
};

inline std::vector<physical_instance> physical_instances() {
  using topology::family_spec;
  using V = std::vector<std::uint64_t>;
  const auto u = [](std::uint64_t x) { return topology::parameter_value(x); };
  return {
      {"3-D torus", "22 x 22 x 22", family_spec{"torus", {{"dims", V{22, 22, 22}}}}, 1, "1 per router", false},
      {"HyperX (3-D flattened butterfly)", "10 x 10 x 10", family_spec{"hyperx", {{"dims", V{10, 10, 10}}}}, 10,
       "S = 10 per router", false},
      {"Fat tree", "k = 34", family_spec{"fat-tree", {{"k", u(34)}}}, std::nullopt, "k/2 per edge switch", false},
      {"Dragonfly", "a = 14, h = 7, g = 99", family_spec{"dragonfly", {{"a", u(14)}, {"h", u(7)}}}, 7, "p = h", false},
      {"Slim Fly", "q = 19", family_spec{"slimfly", {{"q", u(19)}}}, std::nullopt, "ceil(k'/2)", false},
      {"PolarFly", "q = 27", family_spec{"polarfly", {{"q", u(27)}}}, std::nullopt, "ceil(k'/2)", false},
      {"Jellyfish", "722 routers, degree 29", family_spec{"jellyfish", {{"routers", u(722)}, {"degree", u(29)}}}, 15,
       "as Slim Fly", false},
      {"Boardfly", "324 groups, chip level", family_spec{"boardfly", {{"groups", u(324)}, {"level", std::string("chip")}}},
       1, "1 per chip", true},
      {"Shiftfly", "324 groups, 40 ports, chip level",
       family_spec{"shiftfly", {{"groups", u(324)}, {"level", std::string("chip")}}}, 1, "1 per chip", true},
  };
}

/// One measured configuration.
struct physical_row {
  physical_instance instance;
  physical::cost_result cost;
  /// Boardfly and Shiftfly: the links between two 32-chip groups, which the Shiftfly paper counts as
  /// optical (its board links, inside a group, are copper); none for the other families.
  std::optional<std::uint64_t> paper_optical;
  /// Boardfly and Shiftfly: the links between groups that the layout makes electric (their racks within
  /// the threshold), and the links inside a group it makes optical (their racks beyond it).
  std::uint64_t between_groups_electric = 0, inside_group_optical = 0;
};

/// The shipped model `name` (physical/model_file.hpp, read from shipped_cost_models_dir()).
inline physical::cost_model shipped_cost_model(std::string_view name) {
  return physical::read_cost_model_file(physical::cost_model_path(name, physical::shipped_cost_models_dir()));
}

namespace detail {
/// A chip-level Boardfly or Shiftfly graph's links accounted for against its 32-chip groups, under
/// the same placement network_cost makes: the links between groups, those of them the layout makes
/// electric, and the links inside a group it makes optical.
struct group_link_account {
  std::uint64_t between = 0, between_electric = 0, inside_optical = 0;
};
inline group_link_account account_group_links(const core::graph<std::uint32_t>& g, const physical::cost_model& model,
                                              const physical::cost_request& request) {
  const auto counts = physical::router_endpoints(g, request);
  const std::uint64_t max_endpoints = counts.empty() ? 0 : *std::max_element(counts.begin(), counts.end());
  const auto floor = physical::place(g.num_vertices(), request.groups, max_endpoints, model.rack, request.layout);
  group_link_account a;
  for (std::size_t v = 0; v < g.num_vertices(); ++v)
    for (auto w : g.neighbors(static_cast<std::uint32_t>(v))) {
      if (w <= v) continue;
      const bool optical = physical::link_length_m(floor, model.rack, v, w) > model.electric_max_m;
      if (w / 32 != v / 32) {
        ++a.between;
        if (!optical) ++a.between_electric;
      } else if (optical) {
        ++a.inside_optical;
      }
    }
  return a;
}
}  // namespace detail

/// Every instance, in print order, under `model`.
inline std::vector<physical_row> physical_comparison_rows(const physical::cost_model& model) {
  std::vector<physical_row> rows;
  for (const auto& inst : physical_instances()) {
    const auto g = topology::make_graph(inst.spec);
    auto request = physical::family_request(&inst.spec, g, inst.endpoints, "grouped");
    // A family without a grouping (PolarFly, Jellyfish): racks by a METIS partition (seed 1), not by id.
    if (request.groups.empty()) request = physical::metis_request(g, model, request);
    physical_row row{inst, physical::network_cost(g, model, request), std::nullopt};
    if (inst.chip_groups) {  // the same placement network_cost made, link by link
      const auto a = detail::account_group_links(g, model, request);
      row.paper_optical = a.between;
      row.between_groups_electric = a.between_electric;
      row.inside_group_optical = a.inside_optical;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

/// One of the Shiftfly paper's systems, its optical links as the paper counts them and as this
/// library's layout classes them.
struct paper_optical_row {
  std::string design;  ///< "Boardfly" or "Shiftfly"
  std::uint64_t groups = 0, chips = 0;
  std::uint64_t paper_links = 0;  ///< the paper's count (exact) or its budget (at most), per paper_exact
  bool paper_exact = false;
  std::string paper_rule;                ///< where the paper's figure comes from
  std::uint64_t between_groups = 0;      ///< links between two groups in this library's graph
  std::uint64_t optical = 0;             ///< cables the layout makes optical
  std::uint64_t between_groups_electric = 0, inside_group_optical = 0;
};

/// Boardfly and Shiftfly at Table 2's group counts up to `max_groups` (at least 36), under `model`.
inline std::vector<paper_optical_row> paper_optical_rows(const physical::cost_model& model, std::uint64_t max_groups) {
  core::require_range("paper_optical_rows", "max_groups", max_groups, 36, table2_groups.back());
  std::vector<paper_optical_row> rows;
  const auto u = [](std::uint64_t x) { return topology::parameter_value(x); };
  for (const std::uint64_t groups : table2_groups_up_to(max_groups))
    for (const char* design : {"Boardfly", "Shiftfly"}) {
      const bool boardfly = std::string_view(design) == "Boardfly";
      const topology::family_spec spec{boardfly ? "boardfly" : "shiftfly",
                                       {{"groups", u(groups)}, {"level", std::string("chip")}}};
      const auto g = topology::make_graph(spec);
      const auto request = physical::family_request(&spec, g, 1, "grouped");
      paper_optical_row row;
      row.design = design;
      row.groups = groups;
      row.chips = g.num_vertices();
      row.paper_links = 20 * groups;
      row.paper_rule = "at most 40 optical ports a group / 2";
      if (boardfly && groups == 36) {
        row.paper_links = 36 * 35 / 2;
        row.paper_exact = true;
        row.paper_rule = "K36: 35 of the 40 ports a group";
      } else if (!boardfly && groups == 8400) {
        row.paper_links = 8400 * 20 - 20 * 21 / 2;
        row.paper_exact = true;
        row.paper_rule = "K(20,3), Proposition 4.3: G·d - d(d+1)/2";
      }
      const auto r = physical::network_cost(g, model, request);
      const auto a = detail::account_group_links(g, model, request);
      row.between_groups = a.between;
      row.optical = r.optical.count;
      row.between_groups_electric = a.between_electric;
      row.inside_group_optical = a.inside_optical;
      rows.push_back(std::move(row));
    }
  return rows;
}

}  // namespace shiftfly::studies
