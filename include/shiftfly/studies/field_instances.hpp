#pragma once
/// \file field_instances.hpp
/// Which instance of each of the field's families the field tables measure, chosen by a
/// written rule rather than by hand, and the driver that builds and measures it.
///
/// API:
///   using field_family = const topology::family_descriptor*;   // a registered family with a field entry
///   const std::vector<field_family>& field_families();           // print order
///   field_family field_family_of(std::string_view name);         // "polarfly"; else invalid_parameter
///   std::string_view field_family_name(field_family);            // "Slim Fly"
///   bool size_is_free(field_family);
///   std::vector<field_instance> field_candidates(field_family, max_radix, max_routers);
///   std::optional<field_instance> choose_instance(field_family, max_radix, max_routers);
///   measured_instance measure_instance(const field_instance&, bool gap, const study_options& = {});
///
/// The families, their candidates and their closed forms come from the families' descriptors
/// (topology/descriptor.hpp, field_entry): a family is in the field tables when its descriptor
/// has a field entry, printed by rank (Shiftfly 0, Boardfly 1, the others 2) then in registry
/// order. Every candidate's router count and network radix (links to other routers) come from
/// its family's closed forms, before anything is built:
///
/// | family    | candidates                                                     | routers         | radix        |
/// |-----------|----------------------------------------------------------------|-----------------|--------------|
/// | PolarFly  | every prime power q                                            | q² + q + 1      | q + 1        |
/// | Slim Fly  | every prime power q = 4w + δ, δ ∈ {−1, 0, 1}                   | 2q²             | (3q − δ)/2   |
/// | Dragonfly | the balanced maximal ones: a = 2h, g = a·h + 1 (Kim et al. §3) | a·g             | a − 1 + h    |
/// | HyperX    | the regular ones S^L with 1 ≤ L ≤ 4 dimensions                 | S^L             | L(S − 1)     |
/// | Fat tree  | the k-ary three-tier fat tree, k even                          | 5k²/4 switches  | k            |
/// | Shiftfly  | any group count G, Imase–Itoh, ports = radix rounded to even   | G               | ports        |
/// | Boardfly  | any group count G (40 optical ports a group, fixed)            | G               | 40           |
/// | Jellyfish | any N, degree r, seed 1                                        | N               | r            |
/// | Delorme   | every odd power of 2, q                                        | (q + 1)(q² + 1) | q + 1        |
///
/// The rule (choose_instance): among the candidates with radix ≤ max_radix and routers ≤
/// max_routers, the one with the most routers; among equals the highest radix (its ports
/// are there to be used); then the first enumerated. The families whose size is free
/// (Shiftfly, Boardfly, Jellyfish) have one candidate: max_routers routers at the largest
/// radix allowed.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/spectral/spectral.hpp"
#include "shiftfly/topology/families.hpp"
#include "shiftfly/topology/family.hpp"
#include "shiftfly/studies/study_options.hpp"

namespace shiftfly::studies {

/// A family of the field tables: a registered family whose descriptor has a field entry.
using field_family = const topology::family_descriptor*;

/// Every field family, in print order: by the entry's rank, then in registry order.
inline const std::vector<field_family>& field_families() {
  static const std::vector<field_family> all = [] {
    std::vector<field_family> out;
    for (const auto* f : topology::families())
      if (f->field) out.push_back(f);
    std::stable_sort(out.begin(), out.end(), [](field_family a, field_family b) { return a->field->rank < b->field->rank; });
    return out;
  }();
  return all;
}

/// The field family of registry name `name`; a name that is not one throws invalid_parameter.
inline field_family field_family_of(std::string_view name) {
  for (auto f : field_families())
    if (f->name == name) return f;
  std::string accepted;
  for (auto f : field_families()) accepted += (accepted.empty() ? "" : ", ") + f->name;
  core::throw_out_of_range("field_family_of", "family", "'" + std::string(name) + "'", accepted);
}

/// The family's name as the tables print it.
inline std::string_view field_family_name(field_family f) noexcept { return f->field->display_name; }

/// Every field family with its candidate rule, in print order, as the tables' notes say it:
/// "Shiftfly (Imase-Itoh, ...), Boardfly (...), PolarFly (every prime power q), ...".
inline std::string field_rules_text() {
  std::string text;
  for (auto f : field_families())
    text += (text.empty() ? "" : ", ") + f->field->display_name + " (" + f->field->rule + ")";
  return text;
}

/// True for the families whose router count is a free parameter.
inline bool size_is_free(field_family f) noexcept { return f->field->size_is_free; }

/// A candidate: its spec, and its closed-form router count and network radix.
struct field_instance {
  field_family family = nullptr;
  topology::family_spec spec;
  std::uint64_t routers = 0;
  std::uint64_t radix = 0;
  std::string parameters;  ///< as the table prints them: "q = 37"
};

/// Largest radix and router count the field tables accept (bounded so that candidate
/// enumeration and the exact measurements stay small).
inline constexpr std::uint64_t field_max_radix = 1024;
inline constexpr std::uint64_t field_max_routers = 1u << 20;

/// Most dimensions of a HyperX candidate (topology/hyperx.hpp): more, at a fixed radix, buys
/// routers with tiny dimensions (2^14 at radix 14) that nobody builds.
using topology::hyperx_max_field_dims;

/// Every candidate of `family` within the radix and the router count, in enumeration order.
inline std::vector<field_instance> field_candidates(field_family family, std::uint64_t max_radix,
                                                    std::uint64_t max_routers) {
  core::require_range("field_candidates", "max_radix", max_radix, 1, field_max_radix);
  core::require_range("field_candidates", "max_routers", max_routers, 2, field_max_routers);
  std::vector<field_instance> out;
  for (auto& c : family->field->candidates(max_radix, max_routers))
    if (c.radix <= max_radix && c.routers <= max_routers)
      out.push_back({family, topology::family_spec{family->name, std::move(c.values)}, c.routers, c.radix,
                     std::move(c.parameters)});
  return out;
}

/// The rule of this header: the candidate with the most routers, then the highest radix,
/// then the first enumerated; nothing when no candidate fits.
inline std::optional<field_instance> choose_instance(field_family family, std::uint64_t max_radix,
                                                     std::uint64_t max_routers) {
  std::optional<field_instance> best;
  for (auto& c : field_candidates(family, max_radix, max_routers))
    if (!best || c.routers > best->routers || (c.routers == best->routers && c.radix > best->radix)) best = std::move(c);
  return best;
}

/// An instance built and measured: the physical graph's router and link counts, its
/// largest degree, exact all-pairs distances, and (when asked) the converged spectral gap.
struct measured_instance {
  field_instance instance;
  std::uint64_t routers = 0, links = 0, radix = 0;
  metrics::distance_stats distance;
  std::optional<metrics::spectral_gap_result> gap;
};

/// Builds the instance (topology::make_graph) and measures it exactly. Throws std::logic_error
/// if the built graph's order or largest degree disagrees with the closed forms.
inline measured_instance measure_instance(const field_instance& instance, bool gap, const study_options& so = {}) {
  const auto g = topology::make_graph(instance.spec);
  measured_instance m;
  m.instance = instance;
  m.routers = g.num_vertices();
  m.links = g.num_edges();
  m.radix = g.max_degree();
  if (m.routers != instance.routers || m.radix > instance.radix)
    throw std::logic_error("field tables: " + std::string(field_family_name(instance.family)) + " " +
                           instance.parameters + " has " + core::to_message(m.routers) + " routers of degree up to " +
                           core::to_message(m.radix) + ", not the closed forms' " + core::to_message(instance.routers) +
                           " and " + core::to_message(instance.radix));
  metrics::sweep_options o;
  o.threads = so.threads;
  m.distance = metrics::all_pairs_stats(g, o);
  if (gap) m.gap = metrics::spectral_gap(g, {so.threads});
  return m;
}

}  // namespace shiftfly::studies
