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
#include "shiftfly/topology/imase_itoh.hpp"
#include "shiftfly/topology/kautz.hpp"

namespace shiftfly::routing {

/// Largest graph the route query builds to compute the BFS check.
inline constexpr std::uint64_t route_check_limit = std::uint64_t{1} << 24;

/// The answer to one route query.
struct route_answer {
  std::string family;                  ///< "kautz", "de-bruijn" or "imase-itoh"
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
  a.family = kautz ? "kautz" : "de-bruijn";
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
  a.family = "imase-itoh";
  a.ids = r.path;
  a.hops = r.hops;
  for (auto x : r.path) a.path.push_back(std::to_string(x));
  if (n <= route_check_limit) a.shortest = detail::arc_distance(topology::imase_itoh(n, d), i, j);
  return a;
}

}  // namespace shiftfly::routing
