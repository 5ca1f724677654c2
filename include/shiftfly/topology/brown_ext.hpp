#pragma once
/// \file brown_ext.hpp
/// The extended Brown graph (EvalNet's `brown_ext`, github.com/spcl/EvalNet topogen/BrownExt*:
/// "incremental expansions of a Brown topology", after Lakhotia et al., "Polarity graphs
/// revisited"): PolarFly's ER_q (topology/polarfly.hpp, the Erdős–Rényi/Brown polarity graph,
/// q^2 + q + 1 routers) grown by copying vertex sets of its structure, one of two ways:
///
/// - r0 > 0 (replicate C0): at odd q, each of the q + 1 absolute points (the conic, an independent
///   set of degree q) gets r0 twins: the point and its twins form a clique K_(r0+1), every twin joined
///   to the point's q neighbours (degree q + r0; the non-absolute points next to the conic, two each,
///   reach q + 1 + 2 r0). At even q the absolute points lie on one line, the polar of the nucleus
///   (1, 1, 1), and C0 is the nucleus: r0 = 1 adds one false twin of it (joined to the q + 1
///   absolute points, degree q each until then), q^2 + q + 2 routers of degree q + 1.
/// - r1 > 0 (replicate quadric clusters; r0 must then be 0): for r = 0, ..., r1 − 1 the closed
///   neighbourhood S_r = {a_r} ∪ N(a_r) of the r-th absolute point a_r (a star K_(1,q)) is copied:
///   router v of S_r gets a copy v^r. Every router then has versions: itself and its copies. For
///   every link {v, w} of ER_q, a version of v and a version of w are joined unless one of them is
///   an original and the other a copy v^r (w^r) whose round's S_r holds that original (the copy
///   takes that link over); and every v is joined to its own copies v^r. So a copy has v's links,
///   with those inside S_r to the copies, and copies of different rounds follow the links of their
///   originals. Each round adds q + 1 routers and (q + 1)^2 + r (q + 1) links (the r earlier rounds
///   each share q + 1 links with it); the largest degree is q + 1 + r1.
///
/// This is the graph EvalNet's generator builds round by round (the closed form above was checked
/// against it: tests/fixtures/evalnet/brown-ext.txt). The absolute points a_0, a_1, ... are taken
/// in EvalNet's order, by their right-normalised coordinates: (x, y, 1) as x q + y, then (x, 1, 0)
/// as q^2 + x, then (1, 0, 0); at prime q it is EvalNet's choice, at a prime power q it may differ
/// by the field's representation, which changes the graph only for 4 <= r1 <= q − 3 (the conic's
/// group is 3-transitive on it).
///
///     brown_ext<V>(q, r0, r1) -> core::graph<V>, named "BrownExt(q=3,r0=0,r1=2)"; registry name brown-ext
///     brown_ext_order<V>(q, r0, r1), brown_ext_edge_count(q, r0, r1), brown_ext_base_order(q)
///     brown_ext_centres(field): the absolute points in the order above
///
/// Numbering: ER_q's q^2 + q + 1 routers as PolarFly numbers them, then the copies round by round:
/// r1 > 0: round r's a_r^r first, then the copies of N(a_r) in ascending order; r0 > 0 at odd q:
/// round k's twins of the absolute points in ascending order; r0 = 1 at even q: the nucleus's twin.

#include <algorithm>
#include <array>
#include <concepts>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/galois_field.hpp"
#include "shiftfly/topology/link_classes.hpp"
#include "shiftfly/topology/polarfly.hpp"
#include "shiftfly/topology/router_groups.hpp"

namespace shiftfly::topology {

/// ER_q's router count q^2 + q + 1, q validated as PolarFly's.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t brown_ext_base_order(std::uint64_t q) {
  const parameter_range r{2, polarfly_max_q<V>(), polarfly_q_rule, {}};
  if (q < r.min || q > r.max || !is_prime_power(q)) core::throw_out_of_range("brown_ext", "q", q, range_text(r));
  return q * q + q + 1;
}

namespace detail {
template <std::unsigned_integral V>
bool brown_ext_q_ok(std::uint64_t q) {
  return q >= 2 && q <= polarfly_max_q<V>() && is_prime_power(q);
}
}  // namespace detail

/// r1's exact range at q: 0 to q, fewer where the copies would not fit V's ids.
template <std::unsigned_integral V = std::uint32_t>
parameter_range brown_ext_r1_range(std::uint64_t q) {
  if (!detail::brown_ext_q_ok<V>(q)) return {0, polarfly_max_q<V>(), {}, {}};
  const std::uint64_t n0 = q * q + q + 1;
  return {0, std::min(q, (core::max_vertices<V>() - n0) / (q + 1)), {}, "at q = " + core::to_message(q)};
}

/// r0's exact range at q and r1: 0 when r1 > 0 (one extension at a time); at even q 0 to 1 (the
/// nucleus's one twin); at odd q 0 to q (fewer where the copies would not fit V's ids).
template <std::unsigned_integral V = std::uint32_t>
parameter_range brown_ext_r0_range(std::uint64_t q, std::uint64_t r1) {
  if (!detail::brown_ext_q_ok<V>(q)) return {0, polarfly_max_q<V>(), {}, {}};
  if (r1 > 0) return {0, 0, {}, "when r1 > 0 (one extension at a time)"};
  if (q % 2 == 0) return {0, 1, {}, "at even q = " + core::to_message(q) + " (the nucleus's one twin)"};
  const std::uint64_t n0 = q * q + q + 1;
  return {0, std::min(q, (core::max_vertices<V>() - n0) / (q + 1)), {}, "at odd q = " + core::to_message(q)};
}

/// Validates q, r1 and r0 (in that order) and returns the router count.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t brown_ext_order(std::uint64_t q, std::uint64_t r0, std::uint64_t r1) {
  const std::uint64_t n0 = brown_ext_base_order<V>(q);
  const auto a = brown_ext_r1_range<V>(q);
  if (r1 > a.max) core::throw_out_of_range("brown_ext", "r1", r1, range_text(a));
  const auto b = brown_ext_r0_range<V>(q, r1);
  if (r0 > b.max) core::throw_out_of_range("brown_ext", "r0", r0, range_text(b));
  if (r1 > 0) return n0 + r1 * (q + 1);
  return n0 + (q % 2 == 0 ? r0 : r0 * (q + 1));
}

/// The link count: q (q + 1)^2 / 2, plus (q + 1)^2 + r (q + 1) for round r of r1, or
/// (q + 1)(q + k) for round k of r0 at odd q, or q + 1 for the nucleus's twin.
inline std::uint64_t brown_ext_edge_count(std::uint64_t q, std::uint64_t r0, std::uint64_t r1) {
  brown_ext_order<std::uint64_t>(q, r0, r1);
  const std::uint64_t m0 = q * (q + 1) * (q + 1) / 2;
  if (r1 > 0) return m0 + r1 * (q + 1) * (q + 1) + (q + 1) * (r1 * (r1 - 1) / 2);
  if (q % 2 == 0) return m0 + r0 * (q + 1);
  return m0 + (q + 1) * (r0 * q + r0 * (r0 + 1) / 2);
}

/// The q + 1 absolute points of ER_q (PolarFly's ids) in EvalNet's order: by right-normalised
/// coordinates, (x, y, 1) as x q + y, (x, 1, 0) as q^2 + x, (1, 0, 0) last.
inline std::vector<std::uint64_t> brown_ext_centres(const galois_field& f) {
  const std::uint64_t q = f.order(), n0 = q * q + q + 1;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> keyed;
  for (std::uint64_t v = 0; v < n0; ++v) {
    if (!polarfly_is_absolute(f, v)) continue;
    const auto x = polarfly_point(f, v);
    std::uint64_t key = q * q + q;
    if (x[2] != 0) {
      const auto s = f.inv(x[2]);
      key = f.mul(x[0], s) * q + f.mul(x[1], s);
    } else if (x[1] != 0) {
      key = q * q + f.mul(x[0], f.inv(x[1]));
    }
    keyed.emplace_back(key, v);
  }
  std::sort(keyed.begin(), keyed.end());
  std::vector<std::uint64_t> out;
  for (const auto& [key, v] : keyed) out.push_back(v);
  return out;
}

/// The extended Brown graph (see the file comment).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> brown_ext(std::uint64_t q, std::uint64_t r0 = 0, std::uint64_t r1 = 0) {
  const std::uint64_t n = brown_ext_order<V>(q, r0, r1);
  const std::uint64_t m = brown_ext_edge_count(q, r0, r1);
  core::require_graph_memory("brown_ext", sizeof(V), n, m);
  const auto base = polarfly<V>(q);
  const std::uint64_t n0 = base.num_vertices();
  const galois_field f(q);
  std::vector<std::pair<V, V>> edges;
  edges.reserve(static_cast<std::size_t>(m));
  auto link = [&](std::uint64_t a, std::uint64_t b) { edges.emplace_back(static_cast<V>(a), static_cast<V>(b)); };
  for (std::uint64_t u = 0; u < n0; ++u)
    for (auto v : base.neighbors(static_cast<V>(u)))
      if (u < v) link(u, v);
  std::uint64_t next = n0;
  if (r1 > 0) {
    // versions[v]: (round, id) of v's copies; v is in S_r iff it has a copy of round r
    std::vector<std::vector<std::pair<std::uint64_t, std::uint64_t>>> versions(n0);
    const auto centres = brown_ext_centres(f);
    for (std::uint64_t r = 0; r < r1; ++r) {
      const auto a = centres[r];
      versions[a].emplace_back(r, next++);
      for (auto v : base.neighbors(static_cast<V>(a))) versions[v].emplace_back(r, next++);
    }
    auto in_round = [&](std::uint64_t v, std::uint64_t r) {
      for (const auto& [round, id] : versions[v])
        if (round == r) return true;
      return false;
    };
    for (std::uint64_t v = 0; v < n0; ++v)
      for (const auto& [r, id] : versions[v]) link(v, id);
    for (std::uint64_t v = 0; v < n0; ++v)
      for (auto w : base.neighbors(static_cast<V>(v))) {
        if (w < v) continue;
        for (const auto& [r, id] : versions[v])
          if (!in_round(w, r)) link(id, w);
        for (const auto& [r, id] : versions[w])
          if (!in_round(v, r)) link(v, id);
        for (const auto& [r, a] : versions[v])
          for (const auto& [s, b] : versions[w]) link(a, b);
      }
  } else if (r0 > 0 && q % 2 == 0) {
    const auto nucleus = polarfly_vertex(f, {1, 1, 1});
    for (auto w : base.neighbors(static_cast<V>(nucleus))) link(next, w);
    ++next;
  } else if (r0 > 0) {
    std::vector<std::uint64_t> absolute;
    for (std::uint64_t v = 0; v < n0; ++v)
      if (polarfly_is_absolute(f, v)) absolute.push_back(v);
    std::vector<std::vector<std::uint64_t>> twins(n0);
    for (std::uint64_t k = 0; k < r0; ++k)
      for (auto v : absolute) {
        const std::uint64_t t = next++;
        link(v, t);
        for (auto w : twins[v]) link(w, t);
        for (auto w : base.neighbors(static_cast<V>(v))) link(t, w);
        twins[v].push_back(t);
      }
  }
  return core::graph<V>::from_edges(n, edges,
                                    "BrownExt(q=" + core::to_message(q) + ",r0=" + core::to_message(r0) +
                                        ",r1=" + core::to_message(r1) + ")");
}

/// The extended Brown graph's descriptor (topology/descriptor.hpp).
inline const family_descriptor& brown_ext_family() {
  static const family_descriptor f{
      .name = "brown-ext",
      .summary = "Extended Brown graph: PolarFly's ER_q grown by copies of its absolute points or their stars (EvalNet)",
      .source = "EvalNet (spcl/EvalNet) topogen/BrownExt; Lakhotia et al., SC '22",
      .parameters =
          {{.id = "q", .symbol = "q", .min = 2, .max = polarfly_max_q(), .help = "Prime power: ER_q, q^2+q+1 routers",
            .rule = polarfly_q_rule},
           {.id = "r0",
            .symbol = "r0",
            .min = 0,
            .max = polarfly_max_q(),
            .default_value = std::uint64_t{0},
            .help = "Twins of C0: r0 per absolute point at odd q (at most q), the nucleus's one at even q; 0 when r1 > 0",
            .range_at = [](const parameter_values& v) {
              return brown_ext_r0_range(unsigned_value(v, "q"), unsigned_value(v, "r1"));
            }},
           {.id = "r1",
            .symbol = "r1",
            .min = 0,
            .max = polarfly_max_q(),
            .default_value = std::uint64_t{0},
            .help = "Absolute points whose stars (q+1 routers each) are copied, 0 to q",
            .range_at = [](const parameter_values& v) { return brown_ext_r1_range(unsigned_value(v, "q")); }}},
      .example = {{"q", std::uint64_t{3}}, {"r1", std::uint64_t{2}}},
      .make = [](const parameter_values& v) {
        return brown_ext<std::uint32_t>(unsigned_value(v, "q"), unsigned_value(v, "r0"), unsigned_value(v, "r1"));
      },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"polarity", "extension"},
      .classify =
          [](const parameter_values& v, const core::graph<std::uint32_t>& g) {
            const auto q = unsigned_value(v, "q");
            const auto n0 = brown_ext_base_order(q);
            return detail::classes_by_ends(g, brown_ext_order(q, unsigned_value(v, "r0"), unsigned_value(v, "r1")),
                                           {"polarity", "extension"},
                                           [n0](std::uint32_t a, std::uint32_t b) { return std::max(a, b) < n0 ? 0 : 1; });
          },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .endpoints_rule = "ceil(d/2) on every router, d the largest network radix (q+1+2r0+r1 at odd q, q+1+r1 at even q), "
                        "as PolarFly's ceil((q+1)/2)",
      .endpoints = [](const parameter_values&, const core::graph<std::uint32_t>& g) {
        std::uint64_t d = 0;
        for (std::uint32_t u = 0; u < g.num_vertices(); ++u) d = std::max<std::uint64_t>(d, g.degree(u));
        return core::uniform_endpoints(g.num_vertices(), (d + 1) / 2);
      },
      .grouping = router_grouping{
          .text = [](const parameter_values& v) {
            const auto q = unsigned_value(v, "q");
            return "ER_q's q^2 + q + 1 = " + core::to_message(brown_ext_base_order(q)) +
                   " routers, then each round's copies in a group of their own";
          },
          .group_of = [](const parameter_values& v, std::size_t routers) {
            const auto q = unsigned_value(v, "q");
            const auto n0 = brown_ext_base_order(q);
            const auto round = unsigned_value(v, "r1") > 0 || q % 2 == 1 ? q + 1 : 1;
            std::vector<std::uint64_t> groups(routers);
            for (std::size_t u = 0; u < routers; ++u) groups[u] = u < n0 ? 0 : 1 + (u - n0) / round;
            return groups;
          }},
  };
  return f;
}

}  // namespace shiftfly::topology
