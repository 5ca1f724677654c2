#pragma once
/// \file route_query.hpp
/// A route query: a table-free route between two vertices given as text,
/// checked against the directed BFS distance of the generated graph.
///
/// - Kautz K(d,D) and de Bruijn B(d,D): labels `0.1.2`, route by Theorem 5.2.
/// - Imase–Itoh II(n,d): vertex numbers, route by the arithmetic of Theorem 5.5
///   (routing/imase_itoh.hpp).
/// `shortest` is the directed BFS distance over the arcs of the graph built by
/// topology/ (an independent check), computed when the graph has at most
/// `route_check_limit` vertices; above that it is absent and marked so.
/// Errors name the parameters d, D, n, from and to (core/error.hpp).
/// route_query(spec, from, to) takes the family's spec and chooses by its descriptor's `shift`
/// numbering (labels or arithmetic); has_route_query(descriptor) tells the families it runs on.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/routing/imase_itoh.hpp"
#include "shiftfly/routing/label.hpp"
#include "shiftfly/routing/shift.hpp"
#include "shiftfly/topology/de_bruijn.hpp"
#include "shiftfly/topology/families.hpp"
#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/imase_itoh.hpp"
#include "shiftfly/topology/kautz.hpp"

namespace shiftfly::routing {

/// Largest graph the route query builds to compute the BFS check.
inline constexpr std::uint64_t route_check_limit = std::uint64_t{1} << 24;

/// The answer to one route query.
struct route_answer {
  std::string family;                  ///< the family's registry name: kautz, de-bruijn or imase-itoh
  bool numbered = false;               ///< vertices are numbers (Imase–Itoh), else labels
  std::vector<std::string> path;       ///< vertices as written on input (labels or numbers)
  std::vector<std::uint64_t> ids;      ///< vertex ids in the generated graph
  std::size_t hops = 0;                ///< route length
  std::optional<std::size_t> shortest; ///< directed BFS distance, when the graph was small enough to build
};

namespace detail {

template <class G>
inline std::size_t arc_distance(const G& g, std::uint64_t from, std::uint64_t to) {
  const auto r = metrics::bfs_arcs(g, static_cast<typename G::vertex_type>(from));
  if (r.distance[to] < 0) throw std::logic_error("route: destination unreachable along the arcs");
  return static_cast<std::size_t>(r.distance[to]);
}

}  // namespace detail

/// Route between two labels (`0.1.2`) of K(d,D) or B(d,D), as text.
inline route_answer route_labels(label_family family, std::uint64_t d, std::uint64_t D, std::string_view from,
                                 std::string_view to) {
  const bool kautz = family == label_family::kautz;
  const label_space s = make_label_space(family, d, D);
  const auto u = parse_label(from, s, "from");
  const auto v = parse_label(to, s, "to");
  const auto r = route_shift(s, u, v);
  route_answer a;
  a.family = kautz ? topology::kautz_family().name : topology::de_bruijn_family().name;
  a.ids = r.path;
  a.hops = r.hops;
  for (const auto& w : shift_walk_labels(s, u, v)) a.path.push_back(format_label(w));
  if (s.size <= route_check_limit) {
    const auto g = kautz ? topology::kautz(d, D) : topology::de_bruijn(d, D);
    a.shortest = detail::arc_distance(g, a.ids.front(), a.ids.back());
  }
  return a;
}

/// Route from i to j on II(n,d), vertex numbers as text.
inline route_answer route_numbers(std::uint64_t n, std::uint64_t d, std::string_view from, std::string_view to) {
  const std::uint64_t i = core::parse_unsigned(from, "from"), j = core::parse_unsigned(to, "to");
  core::require_range("route", "n", n, 2, imase_itoh_max_order);
  core::require_range("route", "d", d, 2, 65535);
  core::require_range("route", "from", i, 0, n - 1);
  core::require_range("route", "to", j, 0, n - 1);
  const auto r = route_imase_itoh(n, d, i, j);
  route_answer a;
  a.family = topology::imase_itoh_family().name;
  a.numbered = true;
  a.ids = r.path;
  a.hops = r.hops;
  for (auto x : r.path) a.path.push_back(std::to_string(x));
  if (n <= route_check_limit) a.shortest = detail::arc_distance(topology::imase_itoh(n, d), i, j);
  return a;
}

/// True when a family has a table-free route query: its routers are named by labels or by the
/// Imase–Itoh arithmetic (its descriptor's `shift`, but not Shiftfly's groups).
inline bool has_route_query(const topology::family_descriptor& f) noexcept {
  return f.shift && *f.shift != topology::shift_labels::shiftfly_groups;
}

/// The route query on a family spec (its descriptor's `shift` chooses route_labels or
/// route_numbers and names their parameters: d, D or n, d). A family with no route query
/// is refused in one line naming those that have one.
inline route_answer route_query(const topology::family_spec& spec, std::string_view from, std::string_view to) {
  const auto full = topology::resolve(spec);
  const auto& v = full.values();
  if (!has_route_query(full.descriptor()))
    core::fail_parameter("route", "family", full.name(), "has no table-free route query",
                         topology::families_with(has_route_query));
  switch (*full.descriptor().shift) {
    case topology::shift_labels::imase_itoh:
      return route_numbers(topology::unsigned_value(v, "n"), topology::unsigned_value(v, "d"), from, to);
    case topology::shift_labels::kautz:
      return route_labels(label_family::kautz, topology::unsigned_value(v, "d"), topology::unsigned_value(v, "D"), from, to);
    default:
      return route_labels(label_family::de_bruijn, topology::unsigned_value(v, "d"), topology::unsigned_value(v, "D"), from,
                          to);
  }
}

}  // namespace shiftfly::routing
