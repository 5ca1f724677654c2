#pragma once
/// \file moore_audit.hpp
/// §1 of the Shiftfly tables: the Moore-bound audit (paper §3.1, Theorem 3.1,
/// Table 1) and the chip-level check of the Boardfly pod (Lemma 2.3).
///
/// The only typed-in inputs are the published facts about each TPU generation:
/// its name, its torus shape (or Boardfly), and where the shape comes from.
/// Chip counts, degrees and diameters are computed from the generated graphs
/// (Proposition 2.2 for the tori, all-pairs BFS for the Boardfly pod), and the
/// bounds from Theorem 3.1 in exact integer arithmetic.

#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table_set.hpp"
#include "shiftfly/tables/exact_ratio.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/moore.hpp"
#include "shiftfly/topology/torus.hpp"

namespace shiftfly::tables {

/// A TPU generation as published: its name, its torus shape (empty for the Boardfly pod), and the
/// provenance of the shape and diameter as the paper states it.
struct tpu_generation {
  std::string label;
  std::vector<std::uint64_t> torus_dims;  ///< empty: the chip-level Boardfly pod
  std::string diameter_source;
};

/// The generations of Table 1 (published facts; v5p, v7 and v8t shapes are inferred from chip counts:
/// 16x20x28 = 8,960, 16x24x24 = 9,216 and 16x20x30 = 9,600 chips, giving diameters 32, 32 and 33).
inline std::vector<tpu_generation> tpu_generations() {
  return {
      {"v2 (2D torus 16x16)", {16, 16}, "analytic"},
      {"v3 (2D torus 32x32)", {32, 32}, "analytic"},
      {"v4 (3D torus 16^3)", {16, 16, 16}, "analytic"},
      {"v5e (2D torus 16x16)", {16, 16}, "analytic"},
      {"v5p (3D torus 16x20x28)", {16, 20, 28}, "analytic, shape inferred"},
      {"v6e (2D torus 16x16)", {16, 16}, "analytic"},
      {"v7 Ironwood (3D torus)", {16, 24, 24}, "analytic, shape inferred"},
      {"v8t (3D torus)", {16, 20, 30}, "analytic, shape inferred"},
      {"v8i Boardfly", {}, "published; reproduced here"},
  };
}

/// One measured row of the audit.
struct moore_audit_row {
  std::string label;
  std::uint64_t chips = 0, degree = 0, diameter = 0, min_diameter = 0;
  topology::big_int bound;
  double ratio = 0;  ///< bound / chips, correctly rounded (Python's int / int)
  std::string diameter_source;
};

/// Measures one generation: the torus by BFS from chip 0 (a torus is vertex-transitive, so one
/// eccentricity is the diameter; checked against Proposition 2.2's Σ⌊k/2⌋), the pod by all pairs.
inline moore_audit_row measure_generation(const tpu_generation& gen, unsigned threads) {
  moore_audit_row r;
  r.label = gen.label;
  r.diameter_source = gen.diameter_source;
  if (gen.torus_dims.empty()) {
    const auto pod = topology::boardfly_chip_level(topology::pod_groups);
    metrics::sweep_options o;
    o.threads = threads;
    const auto s = metrics::all_pairs_stats(pod, o);
    r.chips = pod.num_vertices();
    r.degree = pod.max_degree();
    r.diameter = s.diameter;
  } else {
    const auto g = topology::torus(gen.torus_dims);
    const auto b = metrics::bfs(g, 0u);
    std::uint64_t analytic = 0;
    for (auto k : gen.torus_dims) analytic += k / 2;
    if (static_cast<std::uint64_t>(b.eccentricity) != analytic)
      throw std::logic_error("moore_audit: BFS diameter of " + gen.label + " disagrees with Proposition 2.2");
    r.chips = g.num_vertices();
    r.degree = g.max_degree();
    r.diameter = analytic;
  }
  r.bound = topology::moore_bound(r.degree, r.diameter);
  r.ratio = exact_ratio(r.bound, r.chips);
  r.min_diameter = topology::min_diameter_for(r.degree, r.chips);
  return r;
}

/// Table 1 (the Moore-bound audit), in the reference artefact's layout.
inline report::table moore_audit_table(unsigned threads = 0) {
  report::table t;
  t.id = "moore_audit";
  t.title = "1. Moore-bound audit";
  t.source = "Shiftfly paper, Table 1 and Section 3.1 (Theorem 3.1); reference artefact results section 1";
  t.method = "exact: chips and degree from the generated graphs, torus diameters by BFS (equal to Proposition "
             "2.2), the Boardfly pod diameter by all-pairs BFS, bounds in exact integer arithmetic";
  t.columns = {"Generation", "Chips", "Degree", "Diameter", "Moore bound", "Bound / actual", "Min feasible D",
               "Diameter source"};
  for (const auto& gen : tpu_generations()) {
    const auto r = measure_generation(gen, threads);
    t.add_row({r.label, report::thousands(r.chips), std::to_string(r.degree), std::to_string(r.diameter),
               report::group_thousands(r.bound.str()), report::fixed_thousands(r.ratio, 0) + "x",
               std::to_string(r.min_diameter), r.diameter_source});
  }
  return t;
}

/// The chip-level Boardfly pod (Lemma 2.3): order, degrees, exact diameter and mean distance.
inline report::table boardfly_pod_table(unsigned threads = 0) {
  const auto pod = topology::boardfly_chip_level(topology::pod_groups);
  metrics::sweep_options o;
  o.threads = threads;
  const auto s = metrics::all_pairs_stats(pod, o);
  report::table t;
  t.id = "boardfly_pod";
  t.title = "1b. Chip-level Boardfly pod (Lemma 2.3)";
  t.source = "Shiftfly paper, Lemma 2.3 and Section 6.2; reference artefact results section 1 (prose)";
  t.method = "exact: all-pairs BFS over the chip-level pod";
  t.columns = {"Chips", "Max degree", "Mean degree", "Diameter", "Published diameter", "Mean distance"};
  t.add_row({report::thousands(pod.num_vertices()), std::to_string(pod.max_degree()), report::fixed(pod.mean_degree(), 2),
             std::to_string(s.diameter), "7", report::fixed(s.mean, 3)});
  return t;
}

}  // namespace shiftfly::tables
