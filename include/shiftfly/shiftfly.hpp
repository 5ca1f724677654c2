#pragma once
/// \file shiftfly.hpp
/// Includes every public header of the library (one line per header, grouped by module;
/// tests/odr checks that all of them coexist in two translation units).

// boost
#include "shiftfly/boost/graph_traits.hpp"

// collectives
#include "shiftfly/collectives/allreduce.hpp"
#include "shiftfly/collectives/cost.hpp"
#include "shiftfly/collectives/ring_allreduce.hpp"
#include "shiftfly/collectives/schedule.hpp"
#include "shiftfly/collectives/simulator.hpp"
#include "shiftfly/collectives/torus_allreduce.hpp"
#include "shiftfly/collectives/torus_chips.hpp"

// core
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/error.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/core/worker_pool.hpp"

// halley
#include "shiftfly/halley/beta_binomial.hpp"
#include "shiftfly/halley/ceiling.hpp"
#include "shiftfly/halley/composition.hpp"
#include "shiftfly/halley/cost.hpp"
#include "shiftfly/halley/demand_file.hpp"
#include "shiftfly/halley/fold_fit.hpp"
#include "shiftfly/halley/hierarchy.hpp"
#include "shiftfly/halley/latent_level.hpp"
#include "shiftfly/halley/light_reserve.hpp"
#include "shiftfly/halley/paper_inputs.hpp"
#include "shiftfly/halley/thermal.hpp"
#include "shiftfly/halley/triage.hpp"
#include "shiftfly/halley/window.hpp"
#include "shiftfly/halley/work_bound.hpp"

// io
#include "shiftfly/io/edge_list.hpp"
#include "shiftfly/io/export_memory.hpp"
#include "shiftfly/io/graphviz.hpp"
#include "shiftfly/io/json.hpp"

// metrics
#include "shiftfly/metrics/all_pairs.hpp"
#include "shiftfly/metrics/bfs.hpp"
#include "shiftfly/metrics/bisection.hpp"
#include "shiftfly/metrics/connectivity.hpp"
#include "shiftfly/metrics/diameter_bounds.hpp"
#include "shiftfly/metrics/distance_stats.hpp"
#include "shiftfly/metrics/distances.hpp"
#include "shiftfly/metrics/multicast.hpp"
#include "shiftfly/metrics/sampled_distances.hpp"
#include "shiftfly/metrics/spectral.hpp"

// operations
#include "shiftfly/operations/design.hpp"
#include "shiftfly/operations/growth.hpp"
#include "shiftfly/operations/link_failures.hpp"
#include "shiftfly/operations/slices.hpp"
#include "shiftfly/operations/swap_cost.hpp"
#include "shiftfly/operations/wiring_state.hpp"

// report
#include "shiftfly/report/check.hpp"
#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/progress.hpp"
#include "shiftfly/report/render.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/report/table_set.hpp"

// routing
#include "shiftfly/routing/imase_itoh.hpp"
#include "shiftfly/routing/label.hpp"
#include "shiftfly/routing/link_load.hpp"
#include "shiftfly/routing/route_query.hpp"
#include "shiftfly/routing/shift.hpp"
#include "shiftfly/routing/valiant.hpp"

// studies
#include "shiftfly/studies/link_failure_sweep.hpp"
#include "shiftfly/studies/nonminimal_routing.hpp"
#include "shiftfly/studies/sharing_study.hpp"

// tables
#include "shiftfly/tables/allreduce_table.hpp"
#include "shiftfly/tables/chip_validation.hpp"
#include "shiftfly/tables/differences.hpp"
#include "shiftfly/tables/equal_cost.hpp"
#include "shiftfly/tables/exact_ratio.hpp"
#include "shiftfly/tables/failures_table.hpp"
#include "shiftfly/tables/halley/ceiling_tables.hpp"
#include "shiftfly/tables/halley/composition_tables.hpp"
#include "shiftfly/tables/halley/controller_tables.hpp"
#include "shiftfly/tables/halley/cost_tables.hpp"
#include "shiftfly/tables/halley/fold_fit_tables.hpp"
#include "shiftfly/tables/halley/hierarchy_tables.hpp"
#include "shiftfly/tables/halley/light_reserve_tables.hpp"
#include "shiftfly/tables/halley/operating_point.hpp"
#include "shiftfly/tables/halley/paper_table.hpp"
#include "shiftfly/tables/halley/rate_tables.hpp"
#include "shiftfly/tables/halley/sections.hpp"
#include "shiftfly/tables/halley/spares_grid_table.hpp"
#include "shiftfly/tables/halley/variance_table.hpp"
#include "shiftfly/tables/moore_audit.hpp"
#include "shiftfly/tables/nonminimal_table.hpp"
#include "shiftfly/tables/operations_tables.hpp"
#include "shiftfly/tables/sharing_table.hpp"
#include "shiftfly/tables/shiftfly_tables.hpp"

// topology
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/de_bruijn.hpp"
#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/imase_itoh.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/moore.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "shiftfly/topology/torus.hpp"

// workload
#include "shiftfly/workload/sharing.hpp"
#include "shiftfly/workload/sharing_evaluation.hpp"
