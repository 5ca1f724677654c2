#pragma once
/// \file file_source.hpp
/// A graph read from a user's file, as a source beside the registry's families
/// (topology/family.hpp): an edge list, GraphML or NetworkX node-link JSON
/// (io/graph_file.hpp; `-` is standard input).
///
/// API:
///   struct file_spec { std::string path; bool directed = false; std::string format; };
///   io::graph_file<std::uint32_t> read_file_spec(const file_spec&);  // graph + what was dropped
///   core::graph<std::uint32_t> make_graph(const file_spec&);
///   std::vector<family_parameter> parameters(const file_spec&);      // path, directed[, format]
///   bool is_digraph(const file_spec&);                               // its `directed`
///   inline constexpr std::string_view file_source_name = "file";     // its name on the command line
///   std::vector<std::uint32_t> endpoints_of(const std::vector<std::uint32_t>& file_counts,
///                                           const core::graph<std::uint32_t>&, std::optional<std::uint64_t> per_router = {});
///       // `per_router` on every router, else the file's own counts (a simulator's format), else 1
///
/// `directed` reads the file's lines or links as arcs, as given; `format` ("edgelist",
/// "graphml", "json") empty picks it from the extension, else from the content. Every
/// refusal names the file and, where it applies, the line (io/file_text.hpp). The readers
/// are kept out of family.hpp: they cost several seconds of compilation to every unit
/// that includes them, which code building the generated families need not pay.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/graph.hpp"
#include "shiftfly/io/graph_file.hpp"
#include "shiftfly/topology/family.hpp"

namespace shiftfly::topology {

/// A graph read from a user's file; `format` "edgelist", "graphml", "json", or empty for the
/// extension's (else the content's).
struct file_spec {
  std::string path;
  bool directed = false;
  std::string format;
};

/// The name of the file source where families are named (the command line's `file`).
inline constexpr std::string_view file_source_name = "file";

/// Reads the file of a file_spec: the graph with the reader's counts (io/graph_file.hpp).
inline io::graph_file<std::uint32_t> read_file_spec(const file_spec& s) {
  io::graph_file_options o;
  o.directed = s.directed;
  if (!s.format.empty()) o.format = io::parse_graph_file_format(s.format);
  return io::read_graph_file<std::uint32_t>(s.path, o);
}

/// Endpoints per router of a file's graph `g`: `per_router` on every router when given (named
/// `endpoints` in errors), else `file_counts`, the counts the file gives (graph_file::endpoints:
/// BookSim2's anynet, SST's anytopo GraphML, ns-3's topology.txt), else 1 a router.
inline std::vector<std::uint32_t> endpoints_of(const std::vector<std::uint32_t>& file_counts,
                                               const core::graph<std::uint32_t>& g,
                                               std::optional<std::uint64_t> per_router = {}) {
  return choose_endpoints(nullptr, g, file_counts, per_router).counts;  // topology/family.hpp: the one rule
}

/// The file's graph (32-bit vertex ids).
inline core::graph<std::uint32_t> make_graph(const file_spec& s) { return read_file_spec(s).graph; }

/// True when the file is read as a digraph.
inline bool is_digraph(const file_spec& s) noexcept { return s.directed; }

/// The spec's parameters as text: path, directed and, when set, format.
inline std::vector<family_parameter> parameters(const file_spec& s) {
  std::vector<family_parameter> p{{"path", s.path}, {"directed", s.directed ? "true" : "false"}};
  if (!s.format.empty()) p.push_back({"format", s.format});
  return p;
}

}  // namespace shiftfly::topology
