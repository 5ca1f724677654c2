#pragma once
/// \file distances.hpp
/// Every distance computation of the metrics module: exact all-pairs statistics
/// (bit-parallel multi-source BFS, Then et al. 2014) and their serial verifier,
/// bound-based exact diameters (iFUB / DiFUB, Crescenzi et al. 2013), and the
/// reference-compatible sampled statistics.

#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/distances/diameter_bounds.hpp"
#include "shiftfly/metrics/distances/distance_stats.hpp"
#include "shiftfly/metrics/distances/sampled_distances.hpp"
