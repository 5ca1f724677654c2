#pragma once
/// \file sharing_evaluation.hpp
/// Evaluation of the §6.5 sharing workload (Shiftfly paper, Table 3 and
/// Remark 6.2) with the reference artefact's semantics (run_experiments.py
/// `_evaluate`, `experiment_sharing`).
///
/// For every query the home is the vertex of logical group item·2654435761 mod
/// n_logical; unicast and tree cost are Definition 6.1 over the BFS tree of the
/// home (metrics/paths/multicast.hpp); the merge depth is the merge step of the routes
/// of the first two requesters to the home: shift routes (Theorem 5.2) on a
/// shift graph, BFS-tree paths otherwise. Costs are per requester, efficiency is
/// total unicast over total tree cost. Table 3's four runs are the study
/// studies/sharing_study.hpp.

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/paths/multicast.hpp"
#include "shiftfly/routing/label.hpp"
#include "shiftfly/routing/shift.hpp"
#include "shiftfly/workload/sharing.hpp"

namespace shiftfly::workload {

/// The multiplier of the reference's home hash (Knuth's 2654435761).
inline constexpr std::uint64_t home_hash = 2654435761ULL;

/// Aggregate figures of one (graph, labelling) pair; all exact for the given draw.
struct sharing_result {
  std::string labelling;
  double unicast_per_requester = 0;  ///< U / #requesters
  double tree_per_requester = 0;     ///< T / #requesters (Table 3)
  double efficiency = 1;             ///< U / T (Remark 6.2)
  double merge_depth = 0;            ///< mean merge step of the first two requesters
  std::uint64_t requesters = 0, unicast = 0, tree = 0, merges = 0, merge_total = 0;
};

/// Evaluates `requests` on graph g under labelling `lab`. With `shift` set, merge
/// depth uses shift routes in that label space (whose ids must be g's vertex ids).
template <class G>
inline sharing_result evaluate_sharing(const G& g, const labelling& lab, const std::vector<request>& requests,
                                       std::uint64_t n_logical, std::optional<routing::label_space> shift = {}) {
  using V = typename G::vertex_type;
  constexpr std::string_view where = "evaluate_sharing";
  core::require_range(where, "n_logical", n_logical, 1, std::uint64_t{1} << 32);
  if (lab.to_vertex.empty()) core::fail(where, "labelling is empty");
  for (auto v : lab.to_vertex) core::require_range(where, "labelled vertex", v, 0, g.num_vertices() - 1);
  if (shift && (shift->size != g.num_vertices() || !g.has_labels() || g.label_length() != shift->D))
    core::fail(where, "the shift label space does not describe graph '" + g.name() + "'");
  sharing_result r;
  r.labelling = lab.name;
  std::map<V, metrics::bfs_result<V>> trees;
  std::vector<V> req;
  for (const auto& q : requests) {
    core::require_range(where, "item", q.item, 0, (std::uint64_t{1} << 63) / home_hash);
    const V home = static_cast<V>(lab(q.item * home_hash % n_logical));
    req.clear();
    for (auto x : q.logical) req.push_back(static_cast<V>(lab(x)));
    auto it = trees.find(home);
    if (it == trees.end()) it = trees.emplace(home, metrics::bfs(g, home)).first;
    const auto m = metrics::multicast(it->second, std::span<const V>(req));
    r.unicast += m.unicast_cost;
    r.tree += m.tree_cost;
    if (req.size() >= 2) {
      std::vector<V> pa, pb;
      if (shift) {
        for (auto x : routing::route_shift(*shift, g.label(req[0]), g.label(home)).path) pa.push_back(static_cast<V>(x));
        for (auto x : routing::route_shift(*shift, g.label(req[1]), g.label(home)).path) pb.push_back(static_cast<V>(x));
      } else {
        pa = metrics::tree_path(it->second, req[0]);
        pb = metrics::tree_path(it->second, req[1]);
      }
      const auto k = metrics::merge_step<V>(pa, pb);
      if (k >= 0) {
        r.merge_total += static_cast<std::uint64_t>(k);
        ++r.merges;
      }
    }
    r.requesters += q.logical.size();
  }
  const double nreq = static_cast<double>(r.requesters ? r.requesters : 1);
  r.unicast_per_requester = static_cast<double>(r.unicast) / nreq;
  r.tree_per_requester = static_cast<double>(r.tree) / nreq;
  r.efficiency = r.tree ? static_cast<double>(r.unicast) / static_cast<double>(r.tree) : 1.0;
  r.merge_depth = r.merges ? static_cast<double>(r.merge_total) / static_cast<double>(r.merges) : 0.0;
  return r;
}

}  // namespace shiftfly::workload
