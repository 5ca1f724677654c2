#pragma once
/// \file studies.hpp
/// The experiments component: the graph and solvers components, plus the models
/// built on them (workload, operations, collectives) and the experiment drivers
/// that combine them (studies), which measure bisection intervals and throughput
/// profiles (METIS, CLP). No report or table headers.

#include "shiftfly/graph.hpp"
#include "shiftfly/solvers.hpp"

// workload
#include "shiftfly/workload/sharing.hpp"
#include "shiftfly/workload/sharing_evaluation.hpp"

// operations
#include "shiftfly/operations/design.hpp"
#include "shiftfly/operations/growth.hpp"
#include "shiftfly/operations/link_failures.hpp"
#include "shiftfly/operations/slices.hpp"
#include "shiftfly/operations/swap_cost.hpp"
#include "shiftfly/operations/wiring_state.hpp"

// collectives
#include "shiftfly/collectives/allreduce.hpp"
#include "shiftfly/collectives/cost.hpp"
#include "shiftfly/collectives/describe.hpp"
#include "shiftfly/collectives/ring_allreduce.hpp"
#include "shiftfly/collectives/schedule.hpp"
#include "shiftfly/collectives/simulator.hpp"
#include "shiftfly/collectives/torus_allreduce.hpp"
#include "shiftfly/collectives/torus_chips.hpp"

// studies
#include "shiftfly/studies/allreduce_comparison.hpp"
#include "shiftfly/studies/chip_validation.hpp"
#include "shiftfly/studies/equal_cost.hpp"
#include "shiftfly/studies/exact_ratio.hpp"
#include "shiftfly/studies/graph_measurement.hpp"
#include "shiftfly/studies/failure_throughput.hpp"
#include "shiftfly/studies/link_failure_sweep.hpp"
#include "shiftfly/studies/moore_efficiency.hpp"
#include "shiftfly/studies/field_equal_radix.hpp"
#include "shiftfly/studies/field_instances.hpp"
#include "shiftfly/studies/moore_audit.hpp"
#include "shiftfly/studies/nonminimal_routing.hpp"
#include "shiftfly/studies/operations_study.hpp"
#include "shiftfly/studies/physical_comparison.hpp"
#include "shiftfly/studies/sharing_study.hpp"
#include "shiftfly/studies/study_options.hpp"
#include "shiftfly/studies/table2_groups.hpp"
#include "shiftfly/studies/routing_load.hpp"
#include "shiftfly/studies/throughput_comparison.hpp"
#include "shiftfly/studies/throughput_profiles.hpp"
