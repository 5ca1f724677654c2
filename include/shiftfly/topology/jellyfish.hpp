#pragma once
/// \file jellyfish.hpp
/// Jellyfish (Singla, Hong, Popa and Godfrey, NSDI 2012): a random r-regular graph on N
/// routers (r network ports each), built by the paper's incremental procedure: join random
/// non-adjacent pairs of routers with free ports while such a pair exists; then, while a
/// router has two or more free ports, break a random link (x, y) and join the router to x
/// and to y. Draws come only from core::python_random (CPython's random.Random), in the
/// order documented below, so that a Python script following this text builds the same
/// graph edge for edge (tests/fixtures/families/make_family_fixtures.py does).
///
/// API: jellyfish<V>(N, r, seed = 1), jellyfish_validate<V>(N, r) (returns ⌊N·r/2⌋),
/// jellyfish_patience, jellyfish_max_routers.
///
/// Parameters: r ≥ 1 and r + 1 ≤ N ≤ min(2³², what V holds); ⌊N·r/2⌋ links (memory checked).
/// Routers are 0 … N − 1 (no structure: the numbering is the construction's).
///
/// Result: every router has degree r, except that when N·r is odd one router has r − 1
/// (one port must stay free). The procedure can stop with more free ports only if its
/// last repair step finds no link to break; that cannot happen while a router has two
/// free ports (its non-neighbours are then all full and each has two neighbours among
/// them), and tests/topology/jellyfish_test.cpp finds it never happens for any N ≤ 30,
/// 1 ≤ r < N, with seeds 1 and 2, nor at the sizes the tables use.
///
/// The procedure, exactly (rng = python_random(seed); P = jellyfish_patience = 64):
///
/// State: deg[u] (0 for all), the link list `links` (empty; a link is stored as the
/// ordered pair (u, v) it was made with), and the list `free` of routers with deg < r,
/// initially [0, 1, …, N − 1]. link(u, v) appends (u, v) to `links`, then for u and then
/// v raises deg and, when it reaches r, removes that router from `free` by moving the
/// last entry of `free` into its place and popping the last entry. unlink(e) replaces
/// links[e] = (x, y) by the last link and pops the last, then for x and then y: if deg
/// was r, appends the router to `free`; lowers deg.
///
/// Repeat { phase 1; if phase 2 returns false, stop }.
///
/// Phase 1. fails = 0. While len(free) ≥ 2: u = free[rng.randrange(len(free))], then
/// v = free[rng.randrange(len(free))]; if u ≠ v and u, v are not adjacent: link(u, v),
/// fails = 0. Otherwise fails += 1, and when fails reaches P, list mode ends phase 1:
/// cands = the pairs (free[i], free[j]), i < j in ascending (i, j) order, that are not
/// adjacent; while cands is not empty: k = rng.randrange(len(cands)), (a, b) = cands[k],
/// move the last entry of cands into place k and pop the last; if a and b both still
/// have free ports and are not adjacent, link(a, b). (Stale entries are dropped as they
/// are drawn, so each link is uniform over the pairs still eligible.)
///
/// Phase 2 (one repair). If the free ports Σ_{u in free} (r − deg[u]) number fewer than 2,
/// or `links` is empty, return false. If some router of `free` has two free ports, p = the
/// first such in `free` order, and a link e = (x, y) is eligible when p ∉ {x, y} and p
/// is adjacent to neither x nor y; the plan is link(p, x), link(p, y). Otherwise
/// u = free[0], v = free[1], and e = (x, y) is eligible when x, y ∉ {u, v} and either
/// (u ≁ x and v ≁ y: plan link(u, x), link(v, y)) or, failing that, (u ≁ y and v ≁ x:
/// plan link(u, y), link(v, x)). Draw e = rng.randrange(len(links)) up to P times, taking
/// the first eligible one; if none was eligible, list the eligible indices in ascending
/// order and take the one at rng.randrange(count) (return false if there is none). Then
/// unlink(e), carry out the plan and return true.
///
/// Every step removes two free ports, so the procedure ends. A draw costs O(1) (a hash
/// map of the links); list mode costs O(len(free)²) once; an exhaustive list of phase 2
/// costs O(min(N·r, N + s²)), s the number of non-neighbours, and is reached only near the end.

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/link_classes.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/python_random.hpp"

namespace shiftfly::topology {

/// Largest N accepted (a link's key u·N + v must fit 64 bits).
inline constexpr std::uint64_t jellyfish_max_routers = std::uint64_t{1} << 32;

/// Consecutive failed random draws after which the procedure lists the candidates.
inline constexpr std::uint64_t jellyfish_patience = 64;

/// The exact range of N at r for vertex ids of type V: r + 1 to what V holds (at an r out of
/// range, 2 to what V holds).
template <std::unsigned_integral V = std::uint32_t>
parameter_range jellyfish_routers_range(std::uint64_t r) {
  const std::uint64_t top = std::min(core::max_vertices<V>(), jellyfish_max_routers);
  if (r < 1 || r > core::max_vertices<V>() - 1) return {2, top, {}, {}};
  return {r + 1, top, {}, "at degree = " + core::to_message(r)};
}

/// Validates N and r: r >= 1, r + 1 <= N <= what V holds; returns the link count ⌊N·r/2⌋.
template <std::unsigned_integral V = std::uint32_t>
std::uint64_t jellyfish_validate(std::uint64_t n, std::uint64_t r) {
  core::require_range("jellyfish", "degree", r, 1, core::max_vertices<V>() - 1);
  const auto range = jellyfish_routers_range<V>(r);
  if (n < range.min || n > range.max) core::throw_out_of_range("jellyfish", "routers", n, range_text(range));
  return core::checked_mul(n, r, "jellyfish", "port count N x r") / 2;
}

namespace detail {

/// The links of a Jellyfish graph under construction: each router's degree, the routers with a
/// free port (in an order the draws index, with each one's position), the links in order and
/// a hash from a link to its index in that order.
template <std::unsigned_integral V>
class jellyfish_links {
 public:
  jellyfish_links(std::uint64_t n, std::uint64_t r, std::uint64_t target) : n_(n), r_(r), deg_(n, 0), pos_(n), free_(n) {
    for (std::uint64_t u = 0; u < n; ++u) free_[u] = static_cast<V>(u), pos_[u] = u;
    links_.reserve(static_cast<std::size_t>(target));
    index_.reserve(static_cast<std::size_t>(target));
  }
  [[nodiscard]] const std::vector<std::uint64_t>& deg() const noexcept { return deg_; }
  [[nodiscard]] const std::vector<V>& free() const noexcept { return free_; }  ///< the routers with a free port
  [[nodiscard]] const std::vector<std::pair<V, V>>& links() const noexcept { return links_; }
  /// link key -> its index in links()
  [[nodiscard]] const std::unordered_map<std::uint64_t, std::uint64_t>& index() const noexcept { return index_; }
  [[nodiscard]] std::uint64_t key(std::uint64_t u, std::uint64_t v) const { return u < v ? u * n_ + v : v * n_ + u; }
  [[nodiscard]] bool adjacent(std::uint64_t u, std::uint64_t v) const { return index_.count(key(u, v)) != 0; }
  void link(V u, V v) {
    index_.emplace(key(u, v), links_.size());
    links_.emplace_back(u, v);
    for (V x : {u, v})
      if (++deg_[x] == r_) drop_free(x);
  }
  /// Removes link `e`; the last link takes its index.
  void unlink(std::uint64_t e) {
    const auto [x, y] = links_[e];
    index_.erase(key(x, y));
    links_[e] = links_.back();
    links_.pop_back();
    if (e < links_.size()) index_[key(links_[e].first, links_[e].second)] = e;
    for (V z : {x, y}) {
      if (deg_[z] == r_) {
        pos_[z] = free_.size();
        free_.push_back(z);
      }
      --deg_[z];
    }
  }

 private:
  void drop_free(V u) {
    const std::uint64_t i = pos_[u];
    const V last = free_.back();
    free_[i] = last;
    pos_[last] = i;
    free_.pop_back();
  }
  std::uint64_t n_, r_;
  std::vector<std::uint64_t> deg_, pos_;
  std::vector<V> free_;
  std::vector<std::pair<V, V>> links_;
  std::unordered_map<std::uint64_t, std::uint64_t> index_;
};

}  // namespace detail

/// The Jellyfish random regular graph on N routers of r network ports, seeded by `seed`
/// (the procedure and its draws are in the file comment).
template <std::unsigned_integral V = std::uint32_t>
core::graph<V> jellyfish(std::uint64_t n, std::uint64_t r, std::uint64_t seed = 1) {
  const std::uint64_t target = jellyfish_validate<V>(n, r);
  core::require_graph_memory("jellyfish", sizeof(V), n, target);
  // the construction's own state: the link hash set (about 48 bytes a link), the link list, deg/free/pos
  core::require_memory("jellyfish", "the construction's link set (" + core::to_message(target) + " links)",
                       core::checked_add(core::checked_mul(target, 48 + 2 * sizeof(V), "jellyfish", "memory"),
                                         core::checked_mul(n, 8 + 2 * sizeof(V), "jellyfish", "memory"), "jellyfish",
                                         "memory"));
  core::python_random rng(seed);
  detail::jellyfish_links<V> state(n, r, target);
  const auto& deg = state.deg();
  const auto& free = state.free();
  const auto& links = state.links();
  const auto& index = state.index();
  const auto key = [&state](std::uint64_t u, std::uint64_t v) { return state.key(u, v); };
  const auto adjacent = [&state](std::uint64_t u, std::uint64_t v) { return state.adjacent(u, v); };
  const auto link = [&state](V u, V v) { state.link(u, v); };
  const auto unlink = [&state](std::uint64_t e) { state.unlink(e); };

  auto phase1 = [&] {
    std::uint64_t fails = 0;
    while (free.size() >= 2) {
      const V u = free[rng.randrange(free.size())];
      const V v = free[rng.randrange(free.size())];
      if (u != v && !adjacent(u, v)) {
        link(u, v);
        fails = 0;
        continue;
      }
      if (++fails < jellyfish_patience) continue;
      // list mode for the rest of phase 1: the pairs are counted, and their memory checked, first
      std::uint64_t count = 0;
      for (std::size_t i = 0; i < free.size(); ++i)
        for (std::size_t j = i + 1; j < free.size(); ++j) count += !adjacent(free[i], free[j]);
      core::require_memory("jellyfish", "the candidate pairs (" + core::to_message(count) + ")",
                           core::checked_mul(count, 2 * sizeof(V), "jellyfish", "memory"));
      std::vector<std::pair<V, V>> cands;
      cands.reserve(static_cast<std::size_t>(count));
      for (std::size_t i = 0; i < free.size(); ++i)
        for (std::size_t j = i + 1; j < free.size(); ++j)
          if (!adjacent(free[i], free[j])) cands.emplace_back(free[i], free[j]);
      while (!cands.empty()) {
        const std::uint64_t k = rng.randrange(cands.size());
        const auto [a, b] = cands[k];
        cands[k] = cands.back();
        cands.pop_back();
        if (deg[a] < r && deg[b] < r && !adjacent(a, b)) link(a, b);
      }
      return;
    }
  };

  // One repair: a plan is (a1, b1, a2, b2), carried out as link(a1, b1), link(a2, b2).
  struct plan {
    bool ok = false;
    V a1{}, b1{}, a2{}, b2{};
  };
  auto phase2 = [&]() -> bool {
    std::uint64_t spare = 0;
    for (V u : free) spare += r - deg[u];
    if (spare < 2 || links.empty()) return false;
    bool single = true;
    V p{}, u{}, v{};
    for (V x : free)
      if (r - deg[x] >= 2) {
        p = x;
        single = false;
        break;
      }
    if (single) u = free[0], v = free[1];
    auto choose = [&](std::uint64_t e) -> plan {
      const auto [x, y] = links[e];
      if (!single) {
        if (x == p || y == p || adjacent(p, x) || adjacent(p, y)) return {};
        return {true, p, x, p, y};
      }
      if (x == u || x == v || y == u || y == v) return {};
      if (!adjacent(u, x) && !adjacent(v, y)) return {true, u, x, v, y};
      if (!adjacent(u, y) && !adjacent(v, x)) return {true, u, y, v, x};
      return {};
    };
    plan chosen;
    std::uint64_t e = 0;
    for (std::uint64_t attempt = 0; attempt < jellyfish_patience && !chosen.ok; ++attempt) {
      e = rng.randrange(links.size());
      chosen = choose(e);
    }
    if (!chosen.ok) {
      // The eligible links in ascending index order: by a scan of all links, or, when
      // that is cheaper, from the links among the non-neighbours (the same list).
      std::vector<std::uint64_t> eligible;
      std::vector<V> su, sv;  // non-neighbours of p (or of u and of v), other than themselves
      const V a = single ? u : p, b = single ? v : p;
      for (std::uint64_t x = 0; x < n; ++x) {
        if (x != a && !adjacent(a, x)) su.push_back(static_cast<V>(x));
        if (single && x != b && !adjacent(b, x)) sv.push_back(static_cast<V>(x));
      }
      const auto& other = single ? sv : su;
      if (static_cast<double>(su.size()) * static_cast<double>(other.size()) < static_cast<double>(links.size())) {
        for (V x : su)
          for (V y : other)
            if (x != y) {
              const auto it = index.find(key(x, y));
              if (it != index.end() && choose(it->second).ok) eligible.push_back(it->second);
            }
        std::sort(eligible.begin(), eligible.end());
        eligible.erase(std::unique(eligible.begin(), eligible.end()), eligible.end());
      } else {
        for (std::uint64_t i = 0; i < links.size(); ++i)
          if (choose(i).ok) eligible.push_back(i);
      }
      if (eligible.empty()) return false;
      e = eligible[rng.randrange(eligible.size())];
      chosen = choose(e);
    }
    unlink(e);
    link(chosen.a1, chosen.b1);
    link(chosen.a2, chosen.b2);
    return true;
  };

  do phase1();
  while (phase2());

  return core::graph<V>::from_edges(n, links,
                                    "Jellyfish(N=" + core::to_message(n) + ",r=" + core::to_message(r) +
                                        ",seed=" + core::to_message(seed) + ")");
}

/// The Jellyfish family's descriptor (topology/descriptor.hpp); in the field tables, any N at
/// the degree r of the radix (seed 1).
inline const family_descriptor& jellyfish_family() {
  static const family_descriptor f{
      .name = "jellyfish",
      .summary = "Jellyfish: random regular router graph (Singla et al. 2012)",
      .source = "Singla et al., NSDI '12",
      .parameters = {{.id = "routers",
                      .symbol = "N",
                      .min = 2,
                      .max = 4294967295u,
                      .help = "Number of routers",
                      .range_at = [](const parameter_values& v) { return jellyfish_routers_range(unsigned_value(v, "degree")); }},
                     {.id = "degree", .symbol = "r", .min = 1, .max = 4294967294u, .help = "Links per router to other routers"},
                     {.id = "seed", .symbol = "seed", .default_value = std::uint64_t{1}, .help = "Seed of the random wiring"}},
      .example = {{"routers", std::uint64_t{8}}, {"degree", std::uint64_t{3}}, {"seed", std::uint64_t{5}}},
      .make =
          [](const parameter_values& v) {
            return jellyfish<std::uint32_t>(unsigned_value(v, "routers"), unsigned_value(v, "degree"), unsigned_value(v, "seed"));
          },
      .is_digraph = [](const parameter_values&) { return false; },
      .link_classes = {"random"},
      .classify = [](const parameter_values&, const core::graph<std::uint32_t>& g) { return detail::single_class(g, "random"); },
      .routings = {"minimal", "ecmp", "spread", "valiant", "ksp"},
      .field = field_entry{.display_name = "Jellyfish",
                           .rule = "degree = the radix, seed 1, at the size itself",
                           .size_is_free = true,
                           .candidates =
                               [](std::uint64_t max_radix, std::uint64_t max_routers) {
                                 std::vector<field_candidate> out;
                                 if (max_radix < max_routers)
                                   out.push_back({{{"routers", max_routers}, {"degree", max_radix}, {"seed", std::uint64_t{1}}},
                                                  max_routers,
                                                  max_radix,
                                                  "N = " + core::to_message(max_routers) + ", r = " + core::to_message(max_radix) +
                                                      ", seed 1"});
                                 return out;
                               }},
      .endpoints_rule = "1: the paper's k - r servers a switch need the switch radix k, which this family does not take (Singla et al.); give --endpoints",
      .endpoints = [](const parameter_values&, const core::graph<std::uint32_t>& g) { return core::uniform_endpoints(g.num_vertices(), 1); },
  };
  return f;
}

}  // namespace shiftfly::topology
