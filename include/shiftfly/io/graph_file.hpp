#pragma once
/// \file graph_file.hpp
/// A graph read from a user's file in any format the library reads: the format
/// chosen, the file read from a path or standard input.
///
/// API:
///   std::optional<graph_file_format> format_of_extension(std::string_view path);
///   graph_file_format sniff_format(std::string_view text);
///   graph_file_format parse_graph_file_format(std::string_view);   // "edgelist", "graphml", "json", "booksim", "sst", "ns3"
///   template <V = uint32_t> graph_file<V> read_graph_text(std::string_view text, std::string_view file,
///                                                         const graph_file_options& = {});
///   template <V = uint32_t> graph_file<V> read_graph_file(std::string_view path, const graph_file_options& = {});
///
/// The format is, in order: `options.format` when given; else the file's extension
/// (`.txt`, `.edges`, `.el`, `.edgelist` → edge list, io/edge_list_file.hpp;
/// `.graphml`, `.xml` → GraphML, io/graphml_file.hpp, which reads SST/Merlin's anytopo files
/// with their endpoints; `.json` → node-link JSON, io/node_link_file.hpp; `.anynet` →
/// BookSim2's anynet, io/booksim_anynet.hpp); else (standard input, another extension) the
/// content: text whose first non-blank character is `<` is GraphML, `{` node-link JSON, a
/// first word `router` or `node` BookSim2's anynet, a first line of three integers with a
/// rate on the third line the ns-3 / HPCC topology.txt (io/ns3_topology.hpp), anything else
/// an edge list. An edge-list extension (`.txt` ...) gives way to the content when the content
/// is anynet or topology.txt (HPCC names its files topology.txt). `-` reads standard input,
/// shown as `<stdin>`.
/// Every refusal is one line naming the file (io/file_text.hpp).

#include <algorithm>
#include <cctype>
#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/io/booksim_anynet.hpp"
#include "shiftfly/io/edge_list_file.hpp"
#include "shiftfly/io/file_graph.hpp"
#include "shiftfly/io/file_text.hpp"
#include "shiftfly/io/graphml_file.hpp"
#include "shiftfly/io/node_link_file.hpp"
#include "shiftfly/io/ns3_topology.hpp"

namespace shiftfly::io {

/// The format of a path's extension (case-insensitive), or none.
inline std::optional<graph_file_format> format_of_extension(std::string_view path) {
  const std::size_t slash = path.find_last_of('/');
  const std::size_t dot = path.find_last_of('.');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) return std::nullopt;
  std::string ext(path.substr(dot + 1));
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (ext == "txt" || ext == "edges" || ext == "el" || ext == "edgelist") return graph_file_format::edge_list;
  if (ext == "graphml" || ext == "xml") return graph_file_format::graphml;
  if (ext == "json") return graph_file_format::node_link;
  if (ext == "anynet") return graph_file_format::booksim;
  return std::nullopt;
}

/// The format the content looks like: `<` GraphML, `{` node-link JSON, `router`/`node`
/// anynet, three integers and a rate ns-3's topology.txt, else an edge list.
inline graph_file_format sniff_format(std::string_view text) {
  const std::size_t at = text.find_first_not_of(" \t\r\n");
  if (at != std::string_view::npos && text[at] == '<') return graph_file_format::graphml;
  if (at != std::string_view::npos && text[at] == '{') return graph_file_format::node_link;
  if (looks_like_booksim(text)) return graph_file_format::booksim;
  if (looks_like_ns3(text)) return graph_file_format::ns3;
  return graph_file_format::edge_list;
}

/// "edgelist", "graphml", "json", "booksim", "sst" (SST/Merlin's anytopo: GraphML) or "ns3";
/// anything else throws invalid_parameter naming `format`.
inline graph_file_format parse_graph_file_format(std::string_view text) {
  if (text == "edgelist") return graph_file_format::edge_list;
  if (text == "graphml" || text == "sst") return graph_file_format::graphml;
  if (text == "json") return graph_file_format::node_link;
  if (text == "booksim") return graph_file_format::booksim;
  if (text == "ns3") return graph_file_format::ns3;
  core::throw_out_of_range("parse_graph_file_format", "format", std::string(text),
                           "edgelist, graphml, json, booksim, sst or ns3");
}

/// Reads `text` (of the file shown as `file`) in its format: the options', else the
/// extension of `file`, else the content's.
template <std::unsigned_integral V = std::uint32_t>
graph_file<V> read_graph_text(std::string_view text, std::string_view file, const graph_file_options& opt = {}) {
  graph_file_format f = graph_file_format::edge_list;
  if (opt.format) f = *opt.format;
  else if (auto e = format_of_extension(file)) {
    f = *e;
    if (f == graph_file_format::edge_list) {  // HPCC's topology.txt, an anynet named .txt: the content says
      const auto sniffed = sniff_format(text);
      if (sniffed == graph_file_format::booksim || sniffed == graph_file_format::ns3) f = sniffed;
    }
  } else f = sniff_format(text);
  switch (f) {
    case graph_file_format::booksim: return read_booksim_anynet<V>(text, file, opt);
    case graph_file_format::ns3: return read_ns3_topology<V>(text, file, opt);
    case graph_file_format::graphml: return read_graphml_file<V>(text, file, opt);
    case graph_file_format::node_link: return read_node_link_file<V>(text, file, opt);
    default: return read_edge_list_file<V>(text, file, opt);
  }
}

/// Reads the graph file at `path` ("-": standard input); see the file comment.
template <std::unsigned_integral V = std::uint32_t>
graph_file<V> read_graph_file(std::string_view path, const graph_file_options& opt = {}) {
  const std::string text = read_file_text("read_graph_file", path);
  return read_graph_text<V>(text, display_name(path), opt);
}

}  // namespace shiftfly::io
