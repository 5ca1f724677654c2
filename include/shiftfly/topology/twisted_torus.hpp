#pragma once
/// \file twisted_torus.hpp
/// The twisted torus, 2-D and 3-D (Cámara, Moretó, Vallejo, Beivide, Miguel-Alonso, Martínez
/// and Navaridas, "Twisted torus topologies for enhanced interconnection networks", IEEE TPDS
/// 21(12), 2010): a torus whose wraparound links land shifted along the earlier dimensions.
/// Routers are the points (c1, ..., cn), 0 <= ci < ki, n = 2 or 3, with id Σ ci · Π_{j<i} kj
/// (the first coordinate varies fastest, as topology/torus.hpp). Every router joins c ± e_i
/// in each dimension i; a step past the edge of dimension i wraps to its other side and
/// shifts the earlier coordinates by the twists:
///   2-D (k1, k2; t):             (c1, k2 − 1) ~ (c1 + t, 0)                       (mod k1);
///   3-D (k1, k2, k3; t21, t31, t32): (c1, k2 − 1, c3) ~ (c1 + t21, 0, c3), and
///                                (c1, c2, k3 − 1) ~ (c1 + t31, c2 + t32, 0), where c2 + t32 >= k2
///                                wraps dimension 2 in turn (c2 + t32 − k2, and c1 gains t21).
/// That is the Cayley graph of Z^n / L, L spanned by the rows (k1, 0, 0), (−t21, k2, 0),
/// (−t31, −t32, k3): every lattice of Z^n with diagonal k1, ..., kn has exactly one such basis
/// with 0 <= t21, t31 < k1 and 0 <= t32 < k2 (its Hermite normal form), so the twists in those
/// ranges give every twisted torus of these sizes once. Twists 0 give the torus T(k1, ..., kn).
///
/// Cámara et al.'s rectangular twisted torus RTT(a) is dims 2a,a twists a: diameter a, 4d
/// routers at distance d < a and 2a − 1 at distance a. Google's TPU v4 (Jouppi et al., ISCA
/// 2023) twists its k×k×2k slices: dims 2k,k,k twists k,k,0 (the wraparounds of both short
/// dimensions shifted by k along the long one), 4×4×8 being dims 8,4,4 twists 4,4,0.
///
/// API: twisted_torus<V>(dims, twists), twisted_torus_order<V>(dims, twists),
/// twisted_torus_neighbor(dims, twists, u, i, up), twisted_torus_family().

#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/link_classes.hpp"
#include "shiftfly/topology/router_groups.hpp"

namespace shiftfly::topology {

namespace detail {
inline std::string twisted_torus_list_text(std::span<const std::uint64_t> xs) {
  std::string text;
  for (auto x : xs) text += (text.empty() ? "" : ",") + core::to_message(x);
  return text;
}
}  // namespace detail

/// Number of routers Π ki, validated: 2 or 3 sizes, each at least 2, the product fits V;
/// one twist for 2 sizes, three for 3, each within its range (file comment).
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t twisted_torus_order(std::span<const std::uint64_t> dims, std::span<const std::uint64_t> twists) {
  constexpr std::string_view where = "twisted_torus";
  if (dims.empty()) core::throw_out_of_range(where, "dims", "(empty)", "a list of 2 or 3 sizes, each at least 2");
  core::require_range(where, "number of dims items", dims.size(), 2, 3);
  for (auto k : dims) core::require_range(where, "dims item", k, 2, core::max_vertices<V>());
  std::uint64_t n = 1;
  for (auto k : dims) {
    std::uint64_t r = 0;
    if (__builtin_mul_overflow(n, k, &r) || r > core::max_vertices<V>())
      core::throw_out_of_range(where, "dims", detail::twisted_torus_list_text(dims),
                               "product of the sizes at most " + core::to_message(core::max_vertices<V>()) + " for " +
                                   core::to_message(sizeof(V) * 8) + "-bit vertex ids");
    n = r;
  }
  const std::uint64_t want = dims.size() == 2 ? 1 : 3;
  if (twists.size() != want)
    core::throw_out_of_range(where, "number of twists items", twists.size(),
                             dims.size() == 2 ? "1 for 2 dims (t)" : "3 for 3 dims (t21,t31,t32)");
  // t21 and t31 shift dimension 1, t32 dimension 2: each below the size it shifts
  const std::uint64_t bound[3] = {dims[0], dims[0], dims.size() == 3 ? dims[1] : 0};
  for (std::size_t i = 0; i < twists.size(); ++i)
    if (twists[i] >= bound[i])
      core::throw_out_of_range(where, "twists item", twists[i],
                               "0 to " + core::to_message(bound[i] - 1) + " (" +
                                   (dims.size() == 2 ? std::string("t") : std::string(i == 0 ? "t21" : i == 1 ? "t31" : "t32")) +
                                   " shifts dimension " + (i < 2 ? "1" : "2") + " of size " + core::to_message(bound[i]) + ")");
  return n;
}

/// The neighbour of router u one step up (`up`) or down dimension i (0-based) of the twisted
/// torus (dims, twists), both already validated.
inline std::uint64_t twisted_torus_neighbor(std::span<const std::uint64_t> dims, std::span<const std::uint64_t> twists,
                                            std::uint64_t u, std::size_t i, bool up) {
  std::uint64_t c[3] = {0, 0, 0};
  for (std::size_t j = 0, x = u; j < dims.size(); ++j) {
    c[j] = x % dims[j];
    x /= dims[j];
  }
  // The twist that the wrap of dimension j adds to dimension l < j (file comment).
  auto twist = [&](std::size_t j, std::size_t l) -> std::uint64_t {
    if (j == 1) return twists[0];
    return l == 0 ? twists[1] : twists[2];
  };
  // Adds s (< dims[l]) to coordinate l, or subtracts it, wrapping dimension l (and its twists) once.
  auto shift = [&](auto&& self, std::size_t l, std::uint64_t s, bool add) -> void {
    if (s == 0) return;
    const std::uint64_t k = dims[l];
    bool wrapped = false;
    if (add) {
      wrapped = c[l] + s >= k;
      c[l] = wrapped ? c[l] + s - k : c[l] + s;
    } else {
      wrapped = c[l] < s;
      c[l] = wrapped ? c[l] + k - s : c[l] - s;
    }
    if (wrapped)
      for (std::size_t m = l; m-- > 0;) self(self, m, twist(l, m), add);
  };
  shift(shift, i, 1, up);
  std::uint64_t id = 0;
  for (std::size_t j = dims.size(); j-- > 0;) id = id * dims[j] + c[j];
  return id;
}

/// The twisted torus (dims, twists) of the file comment.
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> twisted_torus(std::span<const std::uint64_t> dims, std::span<const std::uint64_t> twists) {
  const std::uint64_t n = twisted_torus_order<V>(dims, twists);
  const std::uint64_t m = core::checked_mul(n, dims.size(), "twisted_torus", "edge count");
  core::require_graph_memory("twisted_torus", sizeof(V), n, m);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(m));
  for (std::size_t i = 0; i < dims.size(); ++i)
    for (std::uint64_t u = 0; u < n; ++u)
      edges.emplace_back(static_cast<V>(u), static_cast<V>(twisted_torus_neighbor(dims, twists, u, i, true)));
  return core::graph<V>::from_edges(n, edges,
                                    "TwistedTorus(" + detail::twisted_torus_list_text(dims) + ";" +
                                        detail::twisted_torus_list_text(twists) + ")");
}

/// Convenience overload for braced lists: twisted_torus({8, 4}, {4}).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> twisted_torus(std::initializer_list<std::uint64_t> dims, std::initializer_list<std::uint64_t> twists) {
  return twisted_torus<V>(std::span<const std::uint64_t>(dims.begin(), dims.size()),
                          std::span<const std::uint64_t>(twists.begin(), twists.size()));
}

/// The twisted torus family's descriptor (topology/descriptor.hpp).
inline const family_descriptor& twisted_torus_family() {
  static const family_descriptor f{
      .name = "twisted-torus",
      .summary = "Twisted torus, 2-D or 3-D: wraparounds shifted along earlier dimensions (Camara et al. 2010)",
      .source = "Camara et al., IEEE TPDS 2010",
      .parameters = {{.id = "dims",
                      .symbol = "k1,...,kn",
                      .kind = parameter_kind::unsigned_list,
                      .min = 2,
                      .max = 4294967295u,
                      .help = "Two or three sizes, e.g. 8,4 or 8,4,4 (each at least 2; their product at most 4294967295)"},
                     {.id = "twists",
                      .symbol = "t or t21,t31,t32",
                      .kind = parameter_kind::unsigned_list,
                      .min = 0,
                      .max = 4294967294u,
                      .help = "Twists; 2-D: t (dimension 2's wrap shifts dimension 1, t < k1); 3-D: t21,t31,t32 (t21, t31 < k1, "
                              "t32 < k2); e.g. 8,4 with 4 (RTT), 8,4,4 with 4,4,0 (TPU v4's 4x4x8)",
                      // the first twist's range (t, or t21): below k1, the size it shifts
                      .range_at = [](const parameter_values& v) {
                        const auto it = v.find("dims");
                        const auto* dims = it == v.end() ? nullptr : std::get_if<std::vector<std::uint64_t>>(&it->second);
                        if (!dims || dims->empty() || (*dims)[0] == 0) return parameter_range{0, 4294967294u, "", ""};
                        return parameter_range{0, (*dims)[0] - 1, "",
                                               std::string("(") + (dims->size() == 3 ? "t21" : "t") + " shifts dimension 1 of size " +
                                                   core::to_message((*dims)[0]) + ")"};
                      }}},
      .example = {{"dims", std::vector<std::uint64_t>{4, 2}}, {"twists", std::vector<std::uint64_t>{2}}},
      .make = [](const parameter_values& v) {
        return twisted_torus<std::uint32_t>(list_value(v, "dims"), list_value(v, "twists"));
      },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"dimension"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            // the class of u -> v is the dimension i with v = u ± e_i (modulo the lattice)
            const auto& dims = list_value(v, "dims");
            const auto& twists = list_value(v, "twists");
            const std::uint64_t n = twisted_torus_order<std::uint32_t>(dims, twists);
            std::vector<std::string> names;
            for (std::size_t i = 0; i < dims.size(); ++i) names.push_back("dimension " + core::to_message(i + 1));
            return detail::classes_by_ends(g, n, std::move(names), [&](std::uint32_t a, std::uint32_t b) {
              for (std::size_t i = 0; i < dims.size(); ++i)
                if (twisted_torus_neighbor(dims, twists, a, i, true) == b ||
                    twisted_torus_neighbor(dims, twists, a, i, false) == b)
                  return i;
              return dims.size();  // not a link of this instance: refused by classes_by_ends
            });
          },
      // no "dor": a twisted wraparound changes the earlier coordinates, so the routers are not a
      // product of rings (router_coordinates)
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .endpoints_rule = "1 (one accelerator a router, as the TPU v4 chips Jouppi et al. twist)",
      .endpoints = [](const parameter_values&, const core::graph<std::uint32_t>& g) {
        return core::uniform_endpoints(g.num_vertices(), 1);
      },
      .grouping = router_grouping{
          .text = [](const parameter_values& v) {
            return "slabs of " + core::to_message(slab_size(list_value(v, "dims"))) +
                   " routers (same last coordinate), in folded order";
          },
          .group_of = [](const parameter_values& v, std::size_t routers) {
            return folded_slab_groups(routers, list_value(v, "dims"));
          }},
  };
  return f;
}

}  // namespace shiftfly::topology
