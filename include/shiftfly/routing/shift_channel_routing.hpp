#pragma once
/// \file shift_channel_routing.hpp
/// Shift routing as channel shares: the table-free shift route of every pair (one path,
/// fraction 1) on the channels of the physical graph (core/channel.hpp: the arc
/// u -> v runs over the channel u -> v).
///
/// - Kautz K(d, D) and de Bruijn B(d, D): the route of the Shiftfly paper's Theorem 5.2
///   (routing/shift.hpp), walked over the labels as routing/link_load.hpp walks it
///   (walk_shift_arcs); its length is the directed distance D - l.
/// - Imase–Itoh II(n, d): the arithmetic route of Theorem 5.5 (routing/imase_itoh.hpp),
///   a shortest directed walk.
/// - Shiftfly, group level: the global tier is II(G, d) (construction imase-itoh) or
///   K(d, D) (construction kautz), d = ports/2 (topology/shiftfly.hpp); routed as above.
/// - Shiftfly, chip level: the group-level shift route U = g0 -> g1 -> ... -> gk = W
///   between the source's and the destination's groups, each group arc over the one
///   optical link between the two groups (its chips are those of topology/shiftfly.hpp's
///   port placement rule: the arc's out-slot and in-slot, or, for a repeated arc or the
///   second arc of a bidirectional pair, the slots of the arc that was cabled), and
///   minimal routing inside each group (over the group's own copper and block links,
///   next hop the lowest-id neighbour one step closer): from the source chip to the chip
///   holding the first arc's port, from each arc's head chip to the next arc's tail chip,
///   and from the last arc's head chip to the destination. A pair inside one group is
///   routed minimally inside it.
///
/// API:
///   class shift_channel_routing {
///     void shares(s, t, std::vector<channel_share>& out) const;  // appends; s != t
///     void paths(s, t, std::vector<routed_path>& out) const;     // appends the one path
///     std::vector<std::uint32_t> path(s, t) const;
///     std::vector<std::uint32_t> group_route(U, W) const;         // the shift route on the (group) digraph
///     bool chip_level() const;  std::uint64_t group_count() const;
///   };
///   shift_channel_routing make_shift_channel_routing(const topology::resolved_family&, const core::graph<>& g);  // or a spec
///       // from the family descriptor's `shift` numbering
///   std::string shift_families();   // "kautz, de-bruijn, imase-itoh or shiftfly", from the registry
/// The factory refuses a family without shift routing in one line naming kautz,
/// de-bruijn, imase-itoh and shiftfly, and a graph that is not the spec's. The routing
/// refers to the graph, which must outlive it; its calls are independent (thread-safe: the
/// buffers a call reuses are per thread).

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/metrics/distances/destination_pass.hpp"
#include "shiftfly/routing/channel_share.hpp"
#include "shiftfly/routing/imase_itoh.hpp"
#include "shiftfly/routing/label.hpp"
#include "shiftfly/routing/link_load.hpp"
#include "shiftfly/routing/routed_path.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/de_bruijn.hpp"
#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/imase_itoh.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/shiftfly.hpp"

namespace shiftfly::routing {

class shift_channel_routing;
inline shift_channel_routing make_shift_channel_routing(const topology::resolved_family& family, const core::graph<>& g);

/// Shift routing on a shift digraph or on Shiftfly (see the file comment); made by
/// make_shift_channel_routing.
class shift_channel_routing {
 public:
  [[nodiscard]] bool chip_level() const noexcept { return chip_; }
  /// Vertices of the digraph the shift route runs on: the graph's, or Shiftfly's groups.
  [[nodiscard]] std::uint64_t group_count() const noexcept { return groups_; }

  /// The shift route from U to W (U != W) on the digraph (the groups, at chip level): its vertices.
  [[nodiscard]] std::vector<std::uint32_t> group_route(std::uint32_t U, std::uint32_t W) const {
    core::require_range("shift_channel_routing::group_route", "source", U, 0, groups_ - 1);
    core::require_range("shift_channel_routing::group_route", "dest", W, 0, groups_ - 1);
    std::vector<std::uint32_t> out;
    append_group_route(U, W, out);
    return out;
  }

  /// The route from s to t (s != t): its vertices, source first.
  [[nodiscard]] std::vector<std::uint32_t> path(std::uint32_t s, std::uint32_t t) const {
    validate_pair("shift_channel_routing::path", s, t);
    std::vector<std::uint32_t> out;
    append_path(s, t, out);
    return out;
  }

  /// Appends the route with fraction 1.
  void paths(std::uint32_t s, std::uint32_t t, std::vector<routed_path>& out) const {
    validate_pair("shift_channel_routing::paths", s, t);
    routed_path p;
    p.fraction = 1.0;
    append_path(s, t, p.vertices);
    out.push_back(std::move(p));
  }

  /// Appends the channels of the (s, t) traffic, fraction 1 each, in route order.
  void shares(std::uint32_t s, std::uint32_t t, std::vector<channel_share>& out) const {
    validate_pair("shift_channel_routing::shares", s, t);
    thread_local std::vector<std::uint32_t> walk;  // reused: no allocation per pair
    walk.clear();
    append_path(s, t, walk);
    append_path_shares(*g_, std::span<const std::uint32_t>(walk), 1.0, out);
  }

 private:
  friend shift_channel_routing make_shift_channel_routing(const topology::resolved_family&, const core::graph<>&);

  enum class router { labels, arithmetic, single };

  /// One optical link leaving a group: the head group, the chip in this group, the chip in the head group.
  struct optical_link {
    std::uint32_t head_group, tail_chip, head_chip;
  };

  static constexpr std::uint32_t chips = static_cast<std::uint32_t>(topology::group_chips);

  explicit shift_channel_routing(const core::graph<>& g) : g_(&g) {}

  void validate_pair(const char* where, std::uint32_t s, std::uint32_t t) const {
    const std::uint64_t n = g_->num_vertices();
    core::require_range(where, "source", s, 0, n - 1);
    core::require_range(where, "dest", t, 0, n - 1);
    if (s == t) core::fail_parameter(where, "dest", core::to_message(t), "equals the source", "a vertex other than the source");
  }

  void append_group_route(std::uint32_t U, std::uint32_t W, std::vector<std::uint32_t>& out) const {
    if (U == W) {
      out.push_back(U);
      return;
    }
    if (router_ == router::arithmetic) {
      thread_local imase_itoh_route r;  // reused: no allocation per pair
      route_imase_itoh_into(plan_, U, W, r);
      for (auto x : r.path) out.push_back(static_cast<std::uint32_t>(x));
      return;
    }
    std::array<core::symbol, 64> u{}, v{};
    const std::span<core::symbol> su(u.data(), space_.D), sv(v.data(), space_.D);
    unrank_label_into(space_, U, su);
    unrank_label_into(space_, W, sv);
    walk_shift_arcs(space_, std::span<const core::symbol>(su), std::span<const core::symbol>(sv), U,
                    [&](std::uint64_t from, unsigned) { out.push_back(static_cast<std::uint32_t>(from)); });
    out.push_back(W);
  }

  /// Appends the minimal walk inside one group from chip a to chip b (a itself excluded).
  void append_inside(std::uint32_t a, std::uint32_t b, std::vector<std::uint32_t>& out) const {
    const std::uint32_t base = a - a % chips;
    std::uint32_t x = a % chips;
    const std::uint32_t y = b % chips;
    while (x != y) {
      x = local_next_[x * chips + y];
      out.push_back(base + x);
    }
  }

  const optical_link& link(std::uint32_t u, std::uint32_t v) const {
    const auto first = links_.begin() + static_cast<std::ptrdiff_t>(link_offsets_[u]);
    const auto last = links_.begin() + static_cast<std::ptrdiff_t>(link_offsets_[u + 1]);
    const auto it = std::lower_bound(first, last, v, [](const optical_link& l, std::uint32_t h) { return l.head_group < h; });
    if (it == last || it->head_group != v)
      throw std::logic_error("shift_channel_routing: a group arc has no optical link (checked when the routing was made)");
    return *it;
  }

  void append_path(std::uint32_t s, std::uint32_t t, std::vector<std::uint32_t>& out) const {
    if (!chip_) {
      append_group_route(s, t, out);
      return;
    }
    out.push_back(s);
    const std::uint32_t U = s / chips, W = t / chips;
    if (U == W) {
      append_inside(s, t, out);
      return;
    }
    thread_local std::vector<std::uint32_t> groups;  // reused: no allocation per pair
    groups.clear();
    append_group_route(U, W, groups);
    std::uint32_t cur = s;
    for (std::size_t i = 0; i + 1 < groups.size(); ++i) {
      const auto& l = link(groups[i], groups[i + 1]);
      append_inside(cur, l.tail_chip, out);
      out.push_back(l.head_chip);
      cur = l.head_chip;
    }
    append_inside(cur, t, out);
  }

  const core::graph<>* g_;
  bool chip_ = false;
  std::uint64_t groups_ = 0;
  router router_ = router::single;
  label_space space_{};
  imase_itoh_plan plan_{};
  std::vector<std::uint32_t> local_next_;  ///< chips x chips: next hop inside a group toward a chip
  std::vector<std::uint64_t> link_offsets_;
  std::vector<optical_link> links_;
};

namespace detail {

/// The links inside a group (local ids, ascending lists) as a view of the shortest-path pass
/// (metrics/distances/destination_pass.hpp).
struct group_view {
  const std::vector<std::vector<std::uint32_t>>* local;
  [[nodiscard]] std::size_t vertices() const noexcept { return local->size(); }
  template <class F>
  void away(std::uint32_t u, F&& f) const {
    for (auto v : (*local)[u]) f(v);
  }
  template <class F>
  void toward(std::uint32_t u, F&& f) const {
    for (std::size_t j = 0; j < (*local)[u].size(); ++j) f(j, (*local)[u][j]);
  }
};

/// Checks that g is chip-level Shiftfly over the group digraph `top`: every group's
/// internal links those of group 0, at most one link between two groups, and exactly one
/// for every arc between distinct groups. Fills the routing's link table and the minimal
/// next hops inside a group.
inline void shiftfly_chip_tables(const core::graph<>& g, const core::graph<>& top, std::vector<std::uint32_t>& next,
                                 std::vector<std::uint64_t>& offsets,
                                 std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>>& links) {
  constexpr std::string_view where = "make_shift_channel_routing";
  constexpr std::uint32_t C = static_cast<std::uint32_t>(topology::group_chips);
  const std::uint64_t G = top.num_vertices();
  const auto not_this = [&] { core::fail(where, "the graph is not the chip-level Shiftfly of the spec (its links differ)"); };
  // internal links of group 0, as local ids
  std::vector<std::vector<std::uint32_t>> local(C);
  for (std::uint32_t a = 0; a < C; ++a)
    for (auto b : g.neighbors(a))
      if (b < C) local[a].push_back(b);
  std::vector<std::uint64_t> per_group(G + 1, 0);
  std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t>> all;  // (u, v, chip in u, chip in v)
  for (std::uint64_t u = 0; u < G; ++u)
    for (std::uint32_t a = 0; a < C; ++a) {
      const auto c = static_cast<std::uint32_t>(u * C + a);
      std::size_t inside = 0;
      for (auto b : g.neighbors(c)) {
        if (b / C == u) {
          if (inside >= local[a].size() || local[a][inside] != b % C) not_this();
          ++inside;
        } else {
          all.emplace_back(static_cast<std::uint32_t>(u), b / C, c, b);
        }
      }
      if (inside != local[a].size()) not_this();
    }
  std::sort(all.begin(), all.end());
  for (std::size_t i = 1; i < all.size(); ++i)
    if (std::get<0>(all[i]) == std::get<0>(all[i - 1]) && std::get<1>(all[i]) == std::get<1>(all[i - 1]))
      core::fail(where, "the graph has two optical links between groups " + core::to_message(std::get<0>(all[i])) +
                            " and " + core::to_message(std::get<1>(all[i])) + " (chip-level Shiftfly has at most one)");
  if (all.size() != 2 * top.num_edges()) not_this();
  offsets.assign(G + 1, 0);
  links.clear();
  for (const auto& [u, v, a, b] : all) {
    ++offsets[u + 1];
    links.emplace_back(v, a, b);
  }
  for (std::uint64_t u = 0; u < G; ++u) offsets[u + 1] += offsets[u];
  for (std::uint64_t u = 0; u < G; ++u)  // every arc between distinct groups has its link
    for (auto v : top.out_arcs(static_cast<std::uint32_t>(u))) {
      if (v == u) continue;
      const auto first = links.begin() + static_cast<std::ptrdiff_t>(offsets[u]);
      const auto last = links.begin() + static_cast<std::ptrdiff_t>(offsets[u + 1]);
      if (std::find_if(first, last, [&](const auto& l) { return std::get<0>(l) == v; }) == last) not_this();
    }
  // minimal routing inside a group: the DAG toward every chip, next hop the lowest-id neighbour one step closer
  const group_view view{&local};
  metrics::shortest_path_dag dag;
  next.assign(C * C, 0);
  for (std::uint32_t t = 0; t < C; ++t) {
    dag.search(view, t);
    if (dag.reached != C) core::fail(where, "a group of the graph is not connected by its own links");
    for (std::uint32_t a = 0; a < C; ++a) {
      if (a == t) continue;
      bool found = false;
      dag.next_hops(view, a, [&](std::size_t, std::uint32_t x) {  // ascending: the first is the lowest
        if (!found) next[a * C + t] = x, found = true;
      });
    }
  }
}

/// Checks that g is the digraph `expected` (the spec's graph): same order and the same arcs.
inline void require_digraph_of(const core::graph<>& g, const core::graph<>& expected, const std::string& what) {
  bool same = g.num_vertices() == expected.num_vertices() && g.has_arcs() && g.num_arcs() == expected.num_arcs();
  for (std::uint32_t u = 0; same && u < g.num_vertices(); ++u) {
    const auto a = g.out_arcs(u), b = expected.out_arcs(u);
    same = std::equal(a.begin(), a.end(), b.begin(), b.end());
  }
  if (!same)
    core::fail("make_shift_channel_routing", "the graph (" + core::to_message(g.num_vertices()) + " vertices, " +
                                                 core::to_message(g.num_arcs()) + " arcs) is not the digraph of " + what +
                                                 " (" + core::to_message(expected.num_vertices()) + " vertices, " +
                                                 core::to_message(expected.num_arcs()) + " arcs)");
}

}  // namespace detail

/// The families that run shift routing (their descriptor has `shift`), as a message lists them:
/// "kautz, de-bruijn, imase-itoh or shiftfly".
inline std::string shift_families() {
  return topology::families_with([](const topology::family_descriptor& f) { return f.shift.has_value(); });
}

/// Shift routing for a spec of a shift digraph family (its descriptor's `shift`: Kautz, de
/// Bruijn, Imase–Itoh, Shiftfly) over its graph g (built from the spec: topology::make_graph).
/// Any other family is refused in one line naming those that fit.
inline shift_channel_routing make_shift_channel_routing(const topology::resolved_family& full, const core::graph<>& g) {
  constexpr std::string_view where = "make_shift_channel_routing";
  const std::string& f = full.name();
  const auto labels = full.descriptor().shift;
  if (!labels)
    core::fail_parameter(where, "family", f, "does not run shift routing", shift_families());
  const auto& v = full.values();
  shift_channel_routing r(g);
  if (*labels == topology::shift_labels::kautz || *labels == topology::shift_labels::de_bruijn) {
    const bool kautz = *labels == topology::shift_labels::kautz;
    const auto d = topology::unsigned_value(v, "d"), D = topology::unsigned_value(v, "D");
    const auto expected = kautz ? topology::kautz<std::uint32_t>(d, D) : topology::de_bruijn<std::uint32_t>(d, D);
    const std::uint64_t n = expected.num_vertices();
    detail::require_digraph_of(g, expected, f + " " + core::to_message(d) + "," + core::to_message(D));
    r.space_ = kautz ? kautz_space(d, D) : de_bruijn_space(d, D);
    r.router_ = shift_channel_routing::router::labels;
    r.groups_ = n;
    return r;
  }
  if (*labels == topology::shift_labels::imase_itoh) {
    const auto n = topology::unsigned_value(v, "n"), d = topology::unsigned_value(v, "d");
    detail::require_digraph_of(g, topology::imase_itoh<std::uint32_t>(n, d),
                               f + " " + core::to_message(n) + "," + core::to_message(d));
    r.plan_ = make_imase_itoh_plan(n, d);
    r.router_ = shift_channel_routing::router::arithmetic;
    r.groups_ = n;
    return r;
  }
  // shift_labels::shiftfly_groups
  const auto groups = topology::unsigned_value(v, "groups"), ports = topology::unsigned_value(v, "ports");
  const auto construction = topology::parse_shiftfly_construction(topology::choice_value(v, "construction"));
  const bool chip = topology::choice_value(v, "level") == "chip";
  const auto top = topology::shiftfly_group_level<std::uint32_t>(groups, ports, construction);  // validates
  const std::uint64_t d = topology::shiftfly_out_degree(ports), G = top.num_vertices();  // validated by the generator
  if (construction == topology::shiftfly_construction::kautz) {
    r.space_ = kautz_space(d, topology::smallest_kautz_diameter(groups, d));
    r.router_ = shift_channel_routing::router::labels;
  } else if (G >= 2) {
    r.plan_ = make_imase_itoh_plan(G, d);
    r.router_ = shift_channel_routing::router::arithmetic;
  }
  r.groups_ = G;
  r.chip_ = chip;
  if (!chip) {
    detail::require_digraph_of(g, top, f + " at " + core::to_message(groups) + " groups");
    return r;
  }
  if (g.num_vertices() != G * topology::group_chips)
    core::fail(where, "the graph has " + core::to_message(g.num_vertices()) + " vertices, not the " +
                          core::to_message(G * topology::group_chips) + " chips of " + f + " at " + core::to_message(groups) + " groups");
  std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>> links;
  detail::shiftfly_chip_tables(g, top, r.local_next_, r.link_offsets_, links);
  r.links_.reserve(links.size());
  for (const auto& [h, a, b] : links) r.links_.push_back({h, a, b});
  return r;
}

/// The same for a spec, resolved first (topology::resolve).
inline shift_channel_routing make_shift_channel_routing(const topology::family_spec& spec, const core::graph<>& g) {
  return make_shift_channel_routing(topology::resolve(spec), g);
}

}  // namespace shiftfly::routing
