#pragma once
/// \file solvers.hpp
/// The solvers component: the graph component, plus the metrics backed by an
/// outside solver:
/// - METIS (metis.h; shiftfly::METIS, -lmetis): the multilevel bisection
///   (metrics/cuts/bisection_metis.hpp), the exact bisection it seeds
///   (metrics/cuts/bisection_exact.hpp) and the certified bisection interval
///   (metrics/cuts/bisection_interval.hpp), and the metis rack layout
///   (physical/metis_layout.hpp);
/// - COIN-OR CLP (ClpSimplex.hpp; pkg-config clp): the exact throughput LP
///   (metrics/flow/throughput_lp.hpp), the quotient by cliques solved by it and
///   lifted through them (metrics/flow/throughput_cluster_lift.hpp), the throughput front end that chooses
///   between it and the MWU interval (metrics/flow/throughput.hpp), and the
///   throughput profile, which uses the bisection interval
///   (metrics/flow/throughput_profile.hpp).
/// - bliss (bliss/graph.hh; pkg-config libbliss-cxx): automorphism groups
///   (metrics/symmetry/automorphisms.hpp) and the throughput LP reduced by them
///   (metrics/flow/throughput_symmetric.hpp).
/// Target shiftfly::solvers (docs/design.md, "Components"). No report, table,
/// Halley or JSON header.

#include "shiftfly/graph.hpp"

// metrics: cuts by METIS
#include "shiftfly/metrics/cuts/bisection_exact.hpp"
#include "shiftfly/metrics/cuts/bisection_interval.hpp"
#include "shiftfly/metrics/cuts/bisection_metis.hpp"

// metrics: flow by CLP
#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/metrics/flow/throughput_cluster_lift.hpp"
#include "shiftfly/metrics/flow/throughput_lp.hpp"
#include "shiftfly/metrics/flow/throughput_profile.hpp"
#include "shiftfly/metrics/flow/throughput_symmetric.hpp"

// metrics: automorphisms by bliss, and the uniform channel load from them
#include "shiftfly/metrics/paths/symmetric_load.hpp"
#include "shiftfly/metrics/symmetry/automorphisms.hpp"
#include "shiftfly/routing/channel_load_optimal.hpp"

// Routers into racks by a METIS partition (the physical layout for a graph without a grouping).
#include "shiftfly/physical/metis_layout.hpp"

// the metrics' results described (they include the solver-backed ones)
#include "shiftfly/metrics/describe/results.hpp"
