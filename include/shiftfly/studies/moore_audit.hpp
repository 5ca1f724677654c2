#pragma once
/// \file moore_audit.hpp
/// The Moore-bound audit of the Shiftfly paper (§3.1, Theorem 3.1, Table 1) and the
/// chip-level Boardfly pod (Lemma 2.3), measured.
///
/// The only typed-in inputs are the published facts about each TPU generation:
/// its name, its torus shape (or Boardfly), and where the shape comes from.
/// Chip counts, degrees and diameters are computed from the generated graphs
/// (Proposition 2.2 for the tori, all-pairs BFS for the Boardfly pod), and the
/// bounds from Theorem 3.1 in exact integer arithmetic.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/studies/exact_ratio.hpp"
#include "shiftfly/studies/study_options.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/moore.hpp"
#include "shiftfly/topology/torus.hpp"

namespace shiftfly::studies {

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
inline moore_audit_row measure_generation(const tpu_generation& gen, const study_options& so = {}) {
  moore_audit_row r;
  r.label = gen.label;
  r.diameter_source = gen.diameter_source;
  if (gen.torus_dims.empty()) {
    const auto pod = topology::boardfly_chip_level(topology::pod_groups);
    metrics::sweep_options o;
    o.threads = so.threads;
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

/// Every generation of Table 1, measured, in the table's order.
inline std::vector<moore_audit_row> moore_audit_rows(const study_options& so = {}) {
  std::vector<moore_audit_row> rows;
  for (const auto& gen : tpu_generations()) rows.push_back(measure_generation(gen, so));
  return rows;
}

/// The chip-level Boardfly pod (Lemma 2.3), measured exactly.
struct boardfly_pod_measure {
  std::uint64_t chips = 0, max_degree = 0;
  double mean_degree = 0;
  metrics::distance_stats distance;  ///< all pairs
};

/// Builds the chip-level pod (topology::pod_groups groups) and measures it by all-pairs BFS.
inline boardfly_pod_measure measure_boardfly_pod(const study_options& so = {}) {
  const auto pod = topology::boardfly_chip_level(topology::pod_groups);
  metrics::sweep_options o;
  o.threads = so.threads;
  boardfly_pod_measure m;
  m.chips = pod.num_vertices();
  m.max_degree = pod.max_degree();
  m.mean_degree = pod.mean_degree();
  m.distance = metrics::all_pairs_stats(pod, o);
  return m;
}

}  // namespace shiftfly::studies
