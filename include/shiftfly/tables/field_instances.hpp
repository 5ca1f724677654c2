#pragma once
/// \file field_instances.hpp
/// Which instance of each of the field's families the field tables measure, chosen
/// by a written rule rather than by hand.
///
/// API:
///   std::vector<field_instance> field_candidates(field_family, max_radix, max_routers);
///   std::optional<field_instance> choose_instance(field_family, max_radix, max_routers);
///   measured_instance measure_instance(const field_instance&, bool gap, unsigned threads);
///
/// Every candidate's router count and network radix (links to other routers) come from
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
///
/// The rule (choose_instance): among the candidates with radix ≤ max_radix and routers ≤
/// max_routers, the one with the most routers; among equals the highest radix (its ports
/// are there to be used); then the first enumerated. The families whose size is free
/// (Shiftfly, Boardfly, Jellyfish) have one candidate: max_routers routers at the largest
/// radix allowed.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/spectral/spectral.hpp"
#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/galois_field.hpp"
#include "shiftfly/topology/polarfly.hpp"
#include "shiftfly/topology/slimfly.hpp"

namespace shiftfly::tables {

/// The families of the field tables, in print order.
enum class field_family { shiftfly, boardfly, polarfly, slimfly, dragonfly, hyperx, fat_tree, jellyfish };

/// Every field family, in print order.
inline const std::vector<field_family>& field_families() {
  static const std::vector<field_family> all{field_family::shiftfly, field_family::boardfly, field_family::polarfly,
                                             field_family::slimfly,  field_family::dragonfly, field_family::hyperx,
                                             field_family::fat_tree, field_family::jellyfish};
  return all;
}

/// The family's name as the tables print it.
inline std::string_view field_family_name(field_family f) noexcept {
  switch (f) {
    case field_family::shiftfly: return "Shiftfly";
    case field_family::boardfly: return "Boardfly";
    case field_family::polarfly: return "PolarFly";
    case field_family::slimfly: return "Slim Fly";
    case field_family::dragonfly: return "Dragonfly";
    case field_family::hyperx: return "HyperX";
    case field_family::fat_tree: return "Fat tree";
    case field_family::jellyfish: return "Jellyfish";
  }
  return "?";
}

/// True for the families whose router count is a free parameter.
inline bool size_is_free(field_family f) noexcept {
  return f == field_family::shiftfly || f == field_family::boardfly || f == field_family::jellyfish;
}

/// A candidate: its spec, and its closed-form router count and network radix.
struct field_instance {
  field_family family = field_family::shiftfly;
  topology::family_spec spec;
  std::uint64_t routers = 0;
  std::uint64_t radix = 0;
  std::string parameters;  ///< as the table prints them: "q = 37"
};

/// Largest radix and router count the field tables accept (bounded so that candidate
/// enumeration and the exact measurements stay small).
inline constexpr std::uint64_t field_max_radix = 1024;
inline constexpr std::uint64_t field_max_routers = 1u << 20;

/// Most dimensions of a HyperX candidate: more, at a fixed radix, buys routers with tiny
/// dimensions (2^14 at radix 14) that nobody builds.
inline constexpr std::uint64_t hyperx_max_field_dims = 4;

/// Every candidate of `family` within the radix and the router count, in enumeration order.
inline std::vector<field_instance> field_candidates(field_family family, std::uint64_t max_radix,
                                                    std::uint64_t max_routers) {
  core::require_range("field_candidates", "max_radix", max_radix, 1, field_max_radix);
  core::require_range("field_candidates", "max_routers", max_routers, 2, field_max_routers);
  using core::to_message;
  std::vector<field_instance> out;
  const auto add = [&](topology::family_spec spec, std::uint64_t routers, std::uint64_t radix, std::string text) {
    if (radix <= max_radix && routers <= max_routers)
      out.push_back({family, std::move(spec), routers, radix, std::move(text)});
  };
  switch (family) {
    case field_family::polarfly:
      for (std::uint64_t q = 2; q + 1 <= max_radix; ++q)
        if (topology::is_prime_power(q))
          add(topology::polarfly_spec{q}, topology::polarfly_order(q), topology::polarfly_radix(q), "q = " + to_message(q));
      break;
    case field_family::slimfly:
      for (std::uint64_t q = 3; q <= max_radix; ++q)
        if (topology::is_prime_power(q) && q % 4 != 2)
          add(topology::slimfly_spec{q}, topology::slimfly_order(q), topology::slimfly_radix(q), "q = " + to_message(q));
      break;
    case field_family::dragonfly:
      for (std::uint64_t h = 1; 3 * h - 1 <= max_radix; ++h) {
        const std::uint64_t a = 2 * h, g = a * h + 1;
        add(topology::dragonfly_spec{a, h, g, topology::dragonfly_arrangement::consecutive}, a * g, a - 1 + h,
            "a = " + to_message(a) + ", h = " + to_message(h) + ", g = " + to_message(g));
      }
      break;
    case field_family::hyperx:
      for (std::uint64_t dims = 1; dims <= hyperx_max_field_dims; ++dims)
        for (std::uint64_t s = 2; dims * (s - 1) <= max_radix; ++s) {
          std::uint64_t routers = 1;
          bool fits = true;
          for (std::uint64_t i = 0; i < dims && fits; ++i) {
            routers *= s;
            fits = routers <= max_routers;
          }
          if (!fits) break;
          std::string text;
          for (std::uint64_t i = 0; i < dims; ++i) text += (i ? "x" : "") + to_message(s);
          add(topology::hyperx_spec{std::vector<std::uint64_t>(dims, s)}, routers, dims * (s - 1), "S = " + text);
        }
      break;
    case field_family::fat_tree:
      for (std::uint64_t k = 2; k <= max_radix; k += 2)
        add(topology::fat_tree_spec{k}, 5 * k * k / 4, k, "k = " + to_message(k));
      break;
    case field_family::shiftfly: {
      const std::uint64_t ports = max_radix - max_radix % 2;
      if (ports >= 4)
        add(topology::shiftfly_spec{max_routers, ports, topology::shiftfly_construction::imase_itoh, topology::level::group},
            max_routers, ports, "G = " + to_message(max_routers) + ", ports = " + to_message(ports));
      break;
    }
    case field_family::boardfly:
      add(topology::boardfly_spec{max_routers, 7, topology::level::group}, max_routers, topology::group_optical_ports,
          "G = " + to_message(max_routers) + ", seed 7");
      break;
    case field_family::jellyfish:
      if (max_radix < max_routers)
        add(topology::jellyfish_spec{max_routers, max_radix, 1}, max_routers, max_radix,
            "N = " + to_message(max_routers) + ", r = " + to_message(max_radix) + ", seed 1");
      break;
  }
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
inline measured_instance measure_instance(const field_instance& instance, bool gap, unsigned threads) {
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
  o.threads = threads;
  m.distance = metrics::all_pairs_stats(g, o);
  if (gap) m.gap = metrics::spectral_gap(g, threads);
  return m;
}

}  // namespace shiftfly::tables
