#pragma once
/// \file graph.hpp
/// The graph component: the graph type and its core (validation, errors, the
/// number grammar, memory limits, the RNG, the worker pool), the graph writers and
/// the traffic-file reader (io), the families (topology), the metrics that need no
/// solver: distances, spectra, connectivity, the spectral and greedy bisection
/// bounds, path diversity, multicast, traffic matrices and the throughput bounds,
/// ECMP and MWU intervals (metrics/), table-free routing (routing) and the
/// Boost.Graph adaptor.
///
/// Its include closure needs Boost's and Eigen's headers and the standard library
/// only (and -pthread for the worker pool): no METIS, no COIN-OR CLP, no plotting,
/// no report or table headers, no Halley model and no JSON library (docs/design.md,
/// "Components"; the ctest entry headers/closure_graph proves it on
/// examples/graph_only.cpp). Target shiftfly::graph. The solver-backed metrics
/// (METIS bisection, the exact bisection and its interval, the CLP throughput LP and
/// what combines it) are the solvers component, shiftfly/solvers.hpp. The readers of
/// users' graph files are the files component, shiftfly/files.hpp.

// core
#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/endpoints.hpp"
#include "shiftfly/core/error.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/core/record.hpp"
#include "shiftfly/core/worker_pool.hpp"

// io
#include "shiftfly/io/edge_list.hpp"
#include "shiftfly/io/export_memory.hpp"
#include "shiftfly/io/graph_text.hpp"
#include "shiftfly/io/graphviz.hpp"
#include "shiftfly/io/json.hpp"
#include "shiftfly/io/sst_anytopo.hpp"
#include "shiftfly/io/traffic_file.hpp"

// topology
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/de_bruijn.hpp"
#include "shiftfly/topology/descriptor.hpp"
#include "shiftfly/topology/dragonfly.hpp"
#include "shiftfly/topology/families.hpp"
#include "shiftfly/topology/fat_tree.hpp"
#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/galois_field.hpp"
#include "shiftfly/topology/hyperx.hpp"
#include "shiftfly/topology/imase_itoh.hpp"
#include "shiftfly/topology/jellyfish.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/link_classes.hpp"
#include "shiftfly/topology/moore.hpp"
#include "shiftfly/topology/polarfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "shiftfly/topology/slimfly.hpp"
#include "shiftfly/topology/spectralfly.hpp"
#include "shiftfly/topology/string_labels.hpp"
#include "shiftfly/topology/torus.hpp"

// metrics, by room (the solver-backed ones are in shiftfly/solvers.hpp)
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/distances/diameter_bounds.hpp"
#include "shiftfly/metrics/distances/distance_stats.hpp"
#include "shiftfly/metrics/distances/distances.hpp"
#include "shiftfly/metrics/distances/sampled_distances.hpp"
#include "shiftfly/metrics/spectral/fiedler.hpp"
#include "shiftfly/metrics/spectral/laplacian_trace.hpp"
#include "shiftfly/metrics/spectral/spectral.hpp"
#include "shiftfly/metrics/cuts/bisection.hpp"
#include "shiftfly/metrics/cuts/bisection_partition.hpp"
#include "shiftfly/metrics/cuts/connectivity.hpp"
#include "shiftfly/metrics/cuts/structural_clusters.hpp"
#include "shiftfly/metrics/paths/multicast.hpp"
#include "shiftfly/metrics/paths/path_diversity.hpp"
#include "shiftfly/metrics/paths/shortest_path_load.hpp"
#include "shiftfly/metrics/flow/linear_assignment.hpp"
#include "shiftfly/metrics/flow/throughput_balanced.hpp"
#include "shiftfly/metrics/flow/throughput_contracted.hpp"
#include "shiftfly/metrics/flow/throughput_bound.hpp"
#include "shiftfly/metrics/flow/throughput_ecmp.hpp"
#include "shiftfly/metrics/flow/throughput_mwu.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"

// routing
#include "shiftfly/routing/channel_load.hpp"
#include "shiftfly/routing/channel_share.hpp"
#include "shiftfly/routing/describe_load.hpp"
#include "shiftfly/routing/describe_routes.hpp"
#include "shiftfly/routing/describe.hpp"
#include "shiftfly/routing/dimension_order.hpp"
#include "shiftfly/routing/family_load.hpp"
#include "shiftfly/routing/imase_itoh.hpp"
#include "shiftfly/routing/k_shortest_paths.hpp"
#include "shiftfly/routing/label.hpp"
#include "shiftfly/routing/link_load.hpp"
#include "shiftfly/routing/load_traffic.hpp"
#include "shiftfly/routing/next_hops.hpp"
#include "shiftfly/routing/route_query.hpp"
#include "shiftfly/routing/routed_path.hpp"
#include "shiftfly/routing/routing_spec.hpp"
#include "shiftfly/routing/shift.hpp"
#include "shiftfly/routing/shift_channel_routing.hpp"
#include "shiftfly/routing/shortest_path_routing.hpp"
#include "shiftfly/routing/valiant.hpp"
#include "shiftfly/routing/valiant_load.hpp"
#include "shiftfly/routing/worst_case_load.hpp"

// The physical layout, cables, cost and power (the model file reader is in files.hpp).
#include "shiftfly/physical/cost.hpp"
#include "shiftfly/physical/describe.hpp"
#include "shiftfly/physical/layout.hpp"
#include "shiftfly/physical/model.hpp"

// boost
#include "shiftfly/boost/edge_index.hpp"
#include "shiftfly/boost/graph_traits.hpp"
