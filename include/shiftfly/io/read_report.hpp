#pragma once
/// \file read_report.hpp
/// What a graph file's reader said (io/file_graph.hpp, graph_file), described once
/// (core/record.hpp): the file as messages name it, the format read, whether the pairs were
/// read as arcs, the graph built and the repeated edges and loops left out of it. The tools
/// print this record (the `file` object of a result's graph in JSON, a line in text, the
/// note on stderr); Python's Graph.read_report is its ReadReport.
///
///   struct read_report { file, format, directed, vertices, edges, arcs,
///                        duplicate_edges_dropped, self_loops_dropped };
///   read_report report_of(const graph_file<V>&);
///   std::string read_text(const read_report&);   // "G.txt (edgelist, undirected): 2 duplicate edges and ..."
///   core::record describe(const read_report&);
#include <cstdint>
#include <string>

#include "shiftfly/core/record.hpp"
#include "shiftfly/io/file_graph.hpp"

namespace shiftfly::io {

/// The reader's report on one file.
struct read_report {
  std::string file;    ///< as messages name it ("<stdin>" for "-")
  std::string format;  ///< format_name of the format read
  bool directed = false;
  std::uint64_t vertices = 0, edges = 0, arcs = 0;  ///< of the graph built
  std::uint64_t duplicate_edges_dropped = 0;        ///< directed: repeated arcs, kept in the arcs
  std::uint64_t self_loops_dropped = 0;             ///< directed: kept in the arcs
};

/// The report of a file read.
template <class V>
read_report report_of(const graph_file<V>& f) {
  return {f.file,           std::string(format_name(f.format)), f.directed, f.graph.num_vertices(), f.graph.num_edges(),
          f.graph.num_arcs(), f.duplicate_edges_dropped,           f.self_loops_dropped};
}

/// The report in words: "G.txt (edgelist, undirected): 2 duplicate edges and 1 self-loop dropped".
inline std::string read_text(const read_report& r) {
  const auto count = [](std::uint64_t k, const char* one, const char* many) {
    return std::to_string(k) + " " + (k == 1 ? one : many);
  };
  return r.file + " (" + r.format + (r.directed ? ", directed" : ", undirected") + "): " +
         count(r.duplicate_edges_dropped, r.directed ? "repeated arc" : "duplicate edge",
               r.directed ? "repeated arcs" : "duplicate edges") +
         " and " + count(r.self_loops_dropped, "self-loop", "self-loops") +
         (r.directed ? " left out of the physical graph (kept in the arcs)" : " dropped");
}

/// The report as a record: the tools name the file `path` and leave out the graph's sizes
/// (the result states them), Python names it `file` and keeps them.
inline core::record describe(const read_report& r) {
  const auto tools = core::shown_in::tools, python = core::shown_in::python;
  core::record out("read_report");
  out.add_for(tools, "path", r.file, "", "the file as messages name it")
      .add("format", r.format, "", "the format read")
      .add("directed", r.directed, "", "the pairs were read as arcs")
      .add("duplicate_edges_dropped", r.duplicate_edges_dropped, "pairs", "repeated edges (directed: repeated arcs) left out of the physical graph")
      .add("self_loops_dropped", r.self_loops_dropped, "pairs", "loops left out of the physical graph (directed: kept in the arcs)")
      .add_for(python, "file", r.file, "", "the file as messages name it")
      .add_for(python, "vertices", r.vertices, "vertices")
      .add_for(python, "edges", r.edges, "links", "of the physical graph")
      .add_for(python, "arcs", r.arcs, "arcs");
  out.line("file " + read_text(r));
  return out;
}

}  // namespace shiftfly::io
