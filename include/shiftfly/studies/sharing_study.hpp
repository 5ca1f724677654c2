#pragma once
/// \file sharing_study.hpp
/// The §6.5 sharing study (Shiftfly paper, Table 3 and Remark 6.2; the reference
/// artefact's run_experiments.py `experiment_sharing`): one request draw (seed 23)
/// evaluated on Boardfly and on Shiftfly K(20,3) under a random and a locality-aware
/// labelling each (workload/sharing_evaluation.hpp).

#include <cstdint>

#include "shiftfly/routing/label.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/workload/sharing.hpp"
#include "shiftfly/workload/sharing_evaluation.hpp"

namespace shiftfly::studies {

/// Table 3's four runs on `n_logical` = 8,400 groups: Boardfly-of-pods (seed 7)
/// with random and cluster-placement labellings, Shiftfly K(20,3) with random and
/// suffix-locality labellings; `trials` queries (250 in the paper) drawn with seed 23.
struct sharing_study {
  workload::sharing_model model;
  std::uint64_t n_logical = 0, trials = 0;
  workload::sharing_result boardfly_random, boardfly_locality, shiftfly_random, shiftfly_locality;
};

inline sharing_study run_sharing_study(std::uint64_t trials = 250, const workload::sharing_model& model = {}) {
  constexpr std::uint64_t d = 20, D = 3;
  sharing_study s;
  s.model = model;
  s.n_logical = (d + 1) * d * d;  // K(20,3) holds exactly 8,400 groups
  s.trials = trials;
  const auto reqs = workload::draw_requests(model, s.n_logical, trials);
  const auto bf = topology::boardfly_group_level(s.n_logical);
  const auto sf = topology::kautz(d, D);
  const auto space = routing::kautz_space(d, D);
  using workload::evaluate_sharing;
  s.boardfly_random =
      evaluate_sharing(bf, workload::random_labelling(bf.num_vertices(), s.n_logical), reqs, s.n_logical);
  s.boardfly_locality = evaluate_sharing(bf, workload::cluster_placement_labelling(bf, s.n_logical, model.clusters),
                                         reqs, s.n_logical);
  s.shiftfly_random =
      evaluate_sharing(sf, workload::random_labelling(sf.num_vertices(), s.n_logical), reqs, s.n_logical, space);
  s.shiftfly_locality =
      evaluate_sharing(sf, workload::locality_labelling(sf, s.n_logical, model.clusters), reqs, s.n_logical, space);
  return s;
}

}  // namespace shiftfly::studies
