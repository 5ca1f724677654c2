#pragma once
/// \file graph.hpp
/// The graph component: the graph type and its core (validation, errors, the
/// number grammar, memory limits, the RNG, the worker pool), the graph writers and
/// the traffic-file reader (io), the families (topology), distances, spectra,
/// connectivity, bisection bounds, path diversity and throughput (metrics),
/// table-free routing (routing) and the Boost.Graph adaptor.
///
/// Its include closure holds no plotting, no report or table headers, no Halley
/// model and no JSON library (docs/design.md, "Components"). It needs METIS
/// (shiftfly::METIS, -lmetis) for metrics/bisection_metis.hpp and COIN-OR CLP
/// (pkg-config clp) for metrics/throughput_lp.hpp. The readers of users' graph
/// files are the files component, shiftfly/files.hpp: they bring nlohmann-json
/// and Boost.Graph's compiled GraphML reader.

// core
#include "shiftfly/core/checked.hpp"
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
#include "shiftfly/io/traffic_file.hpp"

// topology
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/de_bruijn.hpp"
#include "shiftfly/topology/dragonfly.hpp"
#include "shiftfly/topology/fat_tree.hpp"
#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/galois_field.hpp"
#include "shiftfly/topology/hyperx.hpp"
#include "shiftfly/topology/imase_itoh.hpp"
#include "shiftfly/topology/jellyfish.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/moore.hpp"
#include "shiftfly/topology/polarfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "shiftfly/topology/slimfly.hpp"
#include "shiftfly/topology/string_labels.hpp"
#include "shiftfly/topology/torus.hpp"

// metrics
#include "shiftfly/metrics/all_pairs.hpp"
#include "shiftfly/metrics/bfs.hpp"
#include "shiftfly/metrics/bisection.hpp"
#include "shiftfly/metrics/bisection_exact.hpp"
#include "shiftfly/metrics/bisection_interval.hpp"
#include "shiftfly/metrics/bisection_metis.hpp"
#include "shiftfly/metrics/bisection_partition.hpp"
#include "shiftfly/metrics/connectivity.hpp"
#include "shiftfly/metrics/describe.hpp"
#include "shiftfly/metrics/diameter_bounds.hpp"
#include "shiftfly/metrics/distance_stats.hpp"
#include "shiftfly/metrics/distances.hpp"
#include "shiftfly/metrics/fiedler.hpp"
#include "shiftfly/metrics/multicast.hpp"
#include "shiftfly/metrics/path_diversity.hpp"
#include "shiftfly/metrics/sampled_distances.hpp"
#include "shiftfly/metrics/spectral.hpp"
#include "shiftfly/metrics/linear_assignment.hpp"
#include "shiftfly/metrics/throughput_bound.hpp"
#include "shiftfly/metrics/throughput_lp.hpp"
#include "shiftfly/metrics/throughput_mwu.hpp"
#include "shiftfly/metrics/traffic.hpp"

// routing
#include "shiftfly/routing/describe.hpp"
#include "shiftfly/routing/imase_itoh.hpp"
#include "shiftfly/routing/label.hpp"
#include "shiftfly/routing/link_load.hpp"
#include "shiftfly/routing/route_query.hpp"
#include "shiftfly/routing/shift.hpp"
#include "shiftfly/routing/valiant.hpp"

// boost
#include "shiftfly/boost/edge_index.hpp"
#include "shiftfly/boost/graph_traits.hpp"
