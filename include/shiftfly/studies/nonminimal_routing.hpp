#pragma once
/// \file nonminimal_routing.hpp
/// Non-minimal (Valiant) routing against the merge property: the question §8 of
/// the Shiftfly paper calls "the most important piece of missing work".
///
/// On K(d,D) (K(20,3): 8,400 groups) with the §6.5 sharing workload (the
/// reference's request draw, seed 23), every requester routes to the item's home;
/// a fraction p of the requests goes through a uniformly random intermediate
/// (shift-route to it, then shift-route to the home; routing/valiant.hpp, draws
/// seeded by `valiant_seed`, coupled across p). Per labelling (random seed 29,
/// suffix-locality seed 31) and p we report, exactly for that draw:
/// - mean path length (hops per requester; requesters at the home cost 0 and are never diverted);
/// - tree cost per requester: distinct physical links in the union of the routes of one query;
/// - merge depth: merge step of the routes of the first two requesters (metrics::merge_step,
///   the reference's rule), whose p = 0 values are Table 3's shift-routed merge depths;
/// - merged before the home: the share of those pairs whose routes share a vertex other than the home.
/// And the maximum link (arc) load (routing/link_load.hpp) under three traffic patterns,
/// at p = 0 and p = 1:
/// - uniform all-to-all: exact at p = 0; at p = 1 the expected load of every arc is exactly
///   (1 + p(1 - 2/N)) times its p = 0 load (each leg is a uniform pair), so the max over arcs
///   of the expected load is exact, and one seeded realisation is reported beside it;
/// - a random permutation (seed `permutation_seed`);
/// - an adversarial permutation for shift routing: (x, a_1..a_{D-1}) -> (rev(a)+1, y), the
///   d sources of a suffix class matched in order with the d members of a prefix class, so
///   that at D = 3 every route of a class crosses one arc (load d under minimal routing).

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/metrics/paths/multicast.hpp"
#include "shiftfly/routing/label.hpp"
#include "shiftfly/routing/link_load.hpp"
#include "shiftfly/routing/shift.hpp"
#include "shiftfly/routing/valiant.hpp"
#include "shiftfly/workload/sharing.hpp"
#include "shiftfly/workload/sharing_evaluation.hpp"

namespace shiftfly::studies {

/// Parameters of the study (defaults: the paper's §6.5 setting and this library's seeds).
struct nonminimal_params {
  std::uint64_t d = 20, D = 3;
  std::uint64_t trials = 250;  ///< queries, drawn with seed 23 as in §6.5
  std::vector<double> fractions{0.0, 0.1, 0.25, 0.5, 1.0};
  std::uint64_t valiant_seed = 53;      ///< intermediates of the sharing runs
  std::uint64_t load_seed = 59;         ///< intermediates of the all-to-all realisation
  std::uint64_t permutation_seed = 61;  ///< the random permutation
  std::uint64_t permutation_valiant_seed = 67;  ///< intermediates of the permutation runs
  bool link_load = true;                ///< compute the link-load part
  unsigned threads = 0;                 ///< threads for the all-to-all load (0 = every hardware thread); results do not depend on it
  bool all_to_all_realisation = false;  ///< also route every ordered pair via a drawn intermediate at p = 1 (N^2 draws)
};

/// One (labelling, p) row of the sharing part.
struct nonminimal_sharing_row {
  std::string labelling;
  double p = 0;
  double mean_hops = 0;           ///< hops per requester
  double tree_per_requester = 0;  ///< distinct links per requester
  double merge_depth = 0;         ///< mean merge step of the first two requesters
  double merged_early = 0;        ///< share of those pairs whose routes share a vertex other than the home
  std::uint64_t requesters = 0, diverted = 0, hops = 0, links = 0, merges = 0, merge_total = 0, early = 0;
};

/// One (traffic, p) row of the link-load part.
struct nonminimal_load_row {
  std::string traffic;
  double p = 0;
  double max_load = 0;   ///< routes crossing the busiest arc
  double mean_load = 0;  ///< total hops / number of arcs
  std::string method;    ///< exact, exact expectation, or one seeded realisation
};

struct nonminimal_study {
  nonminimal_params params;
  std::uint64_t n = 0;
  std::vector<nonminimal_sharing_row> sharing;
  std::vector<nonminimal_load_row> load;
};

/// The adversarial permutation described in the file comment (Kautz, D >= 2).
inline std::vector<std::uint64_t> adversarial_permutation(const routing::label_space& s) {
  const unsigned a = routing::alphabet_size(s);
  std::vector<std::uint64_t> perm(s.size);
  std::vector<core::symbol> u(s.D), v(s.D);
  for (std::uint64_t id = 0; id < s.size; ++id) {
    routing::unrank_label_into(s, id, u);
    // position of u_1 among the admissible first symbols (those != u_2), ascending
    const unsigned pos = u[0] - (u[0] > u[1] ? 1u : 0u);
    for (std::size_t i = 0; i + 1 < s.D; ++i) v[i] = static_cast<core::symbol>((u[s.D - 1 - i] + 1) % a);
    // the pos-th admissible last symbol (those != v_{D-1})
    const core::symbol last = v[s.D - 2];
    v[s.D - 1] = static_cast<core::symbol>(pos + (pos >= last ? 1u : 0u));
    perm[id] = routing::rank_label(s, v);
  }
  return perm;
}

/// Runs the study (deterministic: every random choice is a stated seed).
inline nonminimal_study run_nonminimal_study(const nonminimal_params& prm = {}) {
  constexpr std::string_view where = "run_nonminimal_study";
  core::require_range(where, "d", prm.d, 2, 255);
  core::require_range(where, "D", prm.D, 2, 8);
  for (double p : prm.fractions) core::require_range(where, "p", p, 0.0, 1.0);
  const routing::label_space s = routing::kautz_space(prm.d, prm.D);
  core::require_range(where, "n", s.size, 2, std::uint64_t{1} << 24);
  nonminimal_study out;
  out.params = prm;
  out.n = s.size;
  const std::uint64_t n = s.size;
  const std::vector<core::symbol> labels = routing::label_table(s);
  auto label = [&](std::uint64_t v) { return std::span<const core::symbol>(labels.data() + v * s.D, s.D); };
  auto shift_path = [&](std::uint64_t a, std::uint64_t b) {
    return routing::route_shift(s, label(a), label(b)).path;
  };

  // --- sharing under Valiant diversion
  const workload::sharing_model model;
  const auto reqs = workload::draw_requests(model, n, prm.trials);
  struct named {
    std::string name;
    workload::labelling lab;
  };
  std::vector<named> labs;
  labs.push_back({"random", workload::random_labelling(n, n)});
  {
    // suffix classes straight from the labels (the graph is not needed for them)
    core::graph<std::uint32_t> g = core::graph<std::uint32_t>::from_edges(n, {}, "labels");
    g.set_labels(s.D, labels);
    labs.push_back({"suffix-locality", workload::locality_labelling(g, n, model.clusters)});
  }
  std::vector<std::uint64_t> keys;
  for (const auto& [name, lab] : labs)
    for (double p : prm.fractions) {
      nonminimal_sharing_row row;
      row.labelling = name;
      row.p = p;
      core::python_random rng(prm.valiant_seed);
      for (const auto& q : reqs) {
        const std::uint64_t home = lab(q.item * workload::home_hash % n);
        keys.clear();
        std::vector<std::vector<std::uint64_t>> first_two;
        for (std::size_t t = 0; t < q.logical.size(); ++t) {
          const std::uint64_t src = lab(q.logical[t]);
          const routing::valiant_draw dr = routing::draw_valiant(rng, n);
          const routing::valiant_route r = src == home ? routing::valiant_route{{home}, false, 0}
                                                       : routing::route_valiant(src, home, p, dr, shift_path);
          row.hops += r.hops();
          row.diverted += r.diverted ? 1 : 0;
          for (std::size_t i = 0; i + 1 < r.path.size(); ++i) {
            const auto x = std::min(r.path[i], r.path[i + 1]), y = std::max(r.path[i], r.path[i + 1]);
            keys.push_back(x * n + y);
          }
          if (t < 2) first_two.push_back(r.path);
        }
        std::sort(keys.begin(), keys.end());
        row.links += static_cast<std::uint64_t>(std::unique(keys.begin(), keys.end()) - keys.begin());
        row.requesters += q.logical.size();
        if (first_two.size() == 2) {
          const auto k = metrics::merge_step<std::uint64_t>(first_two[0], first_two[1]);
          if (k >= 0) {
            row.merge_total += static_cast<std::uint64_t>(k);
            ++row.merges;
            bool shared = false;
            for (auto x : first_two[0])
              if (x != home && std::find(first_two[1].begin(), first_two[1].end(), x) != first_two[1].end()) shared = true;
            row.early += shared ? 1 : 0;
          }
        }
      }
      const double nr = static_cast<double>(row.requesters ? row.requesters : 1);
      row.mean_hops = static_cast<double>(row.hops) / nr;
      row.tree_per_requester = static_cast<double>(row.links) / nr;
      row.merge_depth = row.merges ? static_cast<double>(row.merge_total) / static_cast<double>(row.merges) : 0.0;
      row.merged_early = row.merges ? static_cast<double>(row.early) / static_cast<double>(row.merges) : 0.0;
      out.sharing.push_back(row);
    }

  // --- link load
  if (!prm.link_load) return out;
  {
    const auto c0 = routing::all_pairs_link_load(s, labels, {prm.threads});
    out.load.push_back({"uniform all-to-all", 0.0, c0.max(), c0.mean(), "exact"});
    const double scale = 2.0 - 2.0 / static_cast<double>(n);
    out.load.push_back({"uniform all-to-all", 1.0, c0.max() * scale, c0.mean() * scale,
                        "exact expectation (max over arcs of the expected load)"});
    if (prm.all_to_all_realisation) {
      routing::link_load c1(s, labels);
      core::python_random rng(prm.load_seed);
      for (std::uint64_t a = 0; a < n; ++a)
        for (std::uint64_t b = 0; b < n; ++b)
          if (a != b) {
            const std::uint64_t m = rng.randrange(n);
            c1.add_route(a, m);
            c1.add_route(m, b);
          }
      out.load.push_back({"uniform all-to-all", 1.0, c1.max(), c1.mean(),
                          "one realisation (intermediates seed " + std::to_string(prm.load_seed) + ")"});
    }
  }
  std::vector<std::uint64_t> random_perm(n);
  for (std::uint64_t i = 0; i < n; ++i) random_perm[i] = i;
  {
    core::python_random rng(prm.permutation_seed);
    rng.shuffle(random_perm);
  }
  const auto adversarial = adversarial_permutation(s);
  const std::vector<std::pair<std::string, const std::vector<std::uint64_t>*>> perms{
      {"random permutation (seed " + std::to_string(prm.permutation_seed) + ")", &random_perm},
      {"adversarial permutation", &adversarial}};
  for (const auto& [name, perm] : perms)
    for (double p : {0.0, 1.0}) {
      routing::link_load c(s, labels);
      core::python_random rng(prm.permutation_valiant_seed);
      for (std::uint64_t a = 0; a < n; ++a) {
        const std::uint64_t b = (*perm)[a];
        const routing::valiant_draw dr = routing::draw_valiant(rng, n);
        if (a == b) continue;
        if (dr.x < p) {
          c.add_route(a, dr.m);
          c.add_route(dr.m, b);
        } else {
          c.add_route(a, b);
        }
      }
      out.load.push_back({name, p, c.max(), c.mean(),
                          p == 0.0 ? std::string("exact")
                                   : "one realisation (intermediates seed " +
                                         std::to_string(prm.permutation_valiant_seed) + ")"});
    }
  return out;
}

}  // namespace shiftfly::studies
