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
///   inline constexpr std::uint64_t graph_file_bytes_per_text_byte;   // 4: a stream's bound, read_file_text
///
/// The format is, in order: `options.format` when given; else the file's extension
/// (`.txt`, `.edges`, `.el`, `.edgelist` → edge list, io/edge_list_file.hpp;
/// `.graphml`, `.xml` → GraphML, io/graphml_file.hpp, which reads SST/Merlin's anytopo files
/// with their endpoints; `.json` → node-link JSON, io/node_link_file.hpp; `.anynet` →
/// BookSim2's anynet, io/booksim_anynet.hpp); else (standard input, another extension) the
/// content: text whose first non-blank character is `<` is GraphML, `{` node-link JSON, a
/// first word `router` or `node` (after any `//` comment lines) BookSim2's anynet, a
/// topology.txt by io/ns3_topology.hpp's rule (ns3_sniff: a first line of exactly three
/// decimal integers, then the switch ids and a first link with a rate and a delay, or, with no
/// link, exactly node_num switch ids) the ns-3 / HPCC topology.txt, anything else an edge list.
/// Content that ns3_sniff finds ambiguous (an `n s 0` header with fewer switches than nodes,
/// which is also a weighted edge list) is refused until the format is given. An edge-list extension (`.txt` ...) gives way to the content when the content
/// is anynet or topology.txt (HPCC names its files topology.txt). `-` reads standard input,
/// shown as `<stdin>`, and refused as soon as 4 times its bytes pass the memory limit.
/// Every refusal is one line naming the file (io/file_text.hpp), running out of memory too.

#include <algorithm>
#include <cctype>
#include <new>
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
  bool by_content = false;  // the format comes from the content (or the content overrides .txt)
  if (opt.format) f = *opt.format;
  else if (auto e = format_of_extension(file)) {
    f = *e;
    if (f == graph_file_format::edge_list) {  // HPCC's topology.txt, an anynet named .txt: the content says
      by_content = true;
      const auto sniffed = sniff_format(text);
      if (sniffed == graph_file_format::booksim || sniffed == graph_file_format::ns3) f = sniffed;
    }
  } else {
    by_content = true;
    f = sniff_format(text);
  }
  if (by_content && f == graph_file_format::edge_list && ns3_sniff(text) == ns3_likeness::ambiguous)
    fail_file("read_graph_text", file, 0,
              "is ambiguous: an ns-3 topology.txt header 'node_num switch_num 0' with fewer switches than nodes "
              "(hosts without a link) or a weighted edge list; give the format (--file-format ns3 or edgelist)");
  switch (f) {
    case graph_file_format::booksim: return read_booksim_anynet<V>(text, file, opt);
    case graph_file_format::ns3: return read_ns3_topology<V>(text, file, opt);
    case graph_file_format::graphml: return read_graphml_file<V>(text, file, opt);
    case graph_file_format::node_link: return read_node_link_file<V>(text, file, opt);
    default: return read_edge_list_file<V>(text, file, opt);
  }
}

/// The least memory any of the readers needs a byte of text (the edge list's and ns-3's 4):
/// standard input is refused as soon as this many times its bytes pass the memory limit.
inline constexpr std::uint64_t graph_file_bytes_per_text_byte =
    std::min({edge_list_bytes_per_text_byte, booksim_bytes_per_text_byte, graphml_bytes_per_text_byte,
              node_link_bytes_per_text_byte, std::uint64_t{4}});

/// Reads the graph file at `path` ("-": standard input); see the file comment. Running out of
/// memory anywhere in reading or parsing (std::bad_alloc: a limit the estimates did not see,
/// such as `ulimit -v`) is a one-line refusal naming the file, not an internal error.
template <std::unsigned_integral V = std::uint32_t>
graph_file<V> read_graph_file(std::string_view path, const graph_file_options& opt = {}) {
  const std::string file = display_name(path);
  try {
    const std::string text = read_file_text("read_graph_file", path, max_file_bytes, graph_file_bytes_per_text_byte);
    return read_graph_text<V>(text, file, opt);
  } catch (const std::bad_alloc&) {
    fail_file("read_graph_file", file, 0,
              "ran out of memory reading it (an allocation failed; about " +
                  core::format_bytes(core::available_memory()) +
                  " available): refused (a smaller file, or more memory: ulimit -v, SHIFTFLY_MEMORY_LIMIT)");
  }
}

}  // namespace shiftfly::io
