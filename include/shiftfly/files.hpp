#pragma once
/// \file files.hpp
/// The files component: the graph component, plus the readers of users' graph
/// files (io/graph_file.hpp: edge lists, GraphML, NetworkX node-link JSON, BookSim2 anynet,
/// ns-3/HPCC topology.txt, `-`
/// for standard input) and the `file` graph source beside the registry's
/// families (topology/file_source.hpp).
///
/// Apart from graph.hpp because of what the readers need: nlohmann-json for
/// node-link JSON, and Boost.Graph's compiled library (Boost::graph,
/// -lboost_graph) for GraphML. No report, table or Halley header.

#include "shiftfly/graph.hpp"

// io: the readers
#include "shiftfly/io/booksim_anynet.hpp"
#include "shiftfly/io/edge_list_file.hpp"
#include "shiftfly/io/file_graph.hpp"
#include "shiftfly/io/file_text.hpp"
#include "shiftfly/io/graph_file.hpp"
#include "shiftfly/io/graphml_file.hpp"
#include "shiftfly/io/node_link_file.hpp"
#include "shiftfly/io/ns3_topology.hpp"
#include "shiftfly/physical/model_file.hpp"

// topology: a user's file as a graph source
#include "shiftfly/topology/file_source.hpp"
