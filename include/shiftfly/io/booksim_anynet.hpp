#pragma once
/// \file booksim_anynet.hpp
/// BookSim2's `anynet` network file: a router graph with its endpoints, written for BookSim2's
/// `topology = anynet` and read back.
///
/// API:
///   void write_booksim_anynet(std::ostream&, const G& g, const std::vector<std::uint32_t>& endpoints,
///                             std::uint64_t latency = 1);
///   void write_booksim_config(std::ostream&, std::string_view network_file);
///   bool looks_like_booksim(std::string_view text);
///   template <V = uint32_t> graph_file<V> read_booksim_anynet(std::string_view text, std::string_view file,
///                                                             const graph_file_options& = {});
///
/// The format, as BookSim2 reads it (src/networks/anynet.cpp, AnyNet::readFile, at commit
/// 28f43299f1706a3160ffac721ca461d74eb6e618): a line (getline: ended by a line feed only) is
/// words separated by spaces only, `router R` or `node N` followed by what it is joined to,
/// `router R2 [LAT]` or `node N [LAT]`; a link between routers is bidirectional (the reverse
/// channel gets latency 1 unless given), a node is one endpoint, attached to one router; routers
/// and nodes are numbered from 0 with no gap. BookSim2 makes a router of every line's first id,
/// a `node N` line's too, and sets a latency on the channel from the line's head, of the head's
/// kind, to the id before it: a latency after `node N`, or anywhere on a `node` line, is not an
/// endpoint's latency but a link to router N or a phantom node. The writer writes one line a
/// router, `router u node e ... router v ...`: its endpoints (numbered 0..N-1 router by router,
/// in router order) then every neighbour in ascending order, each router link with the channel
/// latency `latency` in cycles when it is not 1 (BookSim2's default); the endpoints' channels
/// keep latency 1 (a latency after a node would be read as a link). A graph with arcs is
/// written as its physical graph (BookSim2's links are bidirectional).
/// write_booksim_config writes the configuration stub that runs it: `topology = anynet;`,
/// `network_file = ...;`, `routing_function = min;` and BookSim2's traffic defaults spelled out.
///
/// The reader takes what BookSim2 takes and refuses what BookSim2 would misread. Blank lines
/// are skipped; a line whose first word starts with `//` is a comment (not BookSim2's: the
/// reader's, for annotated files; BookSim2 refuses it). Refused, naming the file and line: a
/// tab (BookSim2 would read it inside a word), a carriage return other than one right after the
/// line's last word (CRLF line ends read as BookSim2's atoi reads `1\r`; CR-only line ends make
/// one line of the file in BookSim2), a line that does not start with `router` or `node`, an id
/// that is not a decimal integer below 2^31, a latency that is not a decimal integer from 1 to
/// 2^31 - 1 or that is not right after a router link of a `router` line, a node joined to a
/// node, a node on two routers, a line that ends after a type word, a line that starts with
/// `node N` when no line names router N (BookSim2 would make an extra, isolated router N); and,
/// naming the file: router or node ids with a gap (BookSim2 needs 0..R-1 and 0..N-1), no
/// router. A router joined to itself is a self-loop, dropped and counted as the other readers
/// do. A link listed once from each end is one link; each further listing from the same end is
/// a duplicate (BookSim2 keeps one channel). Latencies are read and checked, not kept: the
/// graph is the router graph, and `endpoints` counts each router's nodes. Directed reading is
/// refused (the links are bidirectional).
///
/// Reference: Jiang et al., "A detailed and flexible cycle-accurate network-on-chip simulator",
/// ISPASS 2013 (BookSim2; docs/references.md, [BookSim2]).

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/io/connected_export.hpp"
#include "shiftfly/io/file_graph.hpp"
#include "shiftfly/io/file_text.hpp"
#include "shiftfly/core/endpoints.hpp"

namespace shiftfly::io {

/// Largest id and latency of an anynet file (BookSim2 holds them in an int).
inline constexpr std::uint64_t booksim_max_id = 2147483647;
/// Bytes of memory the anynet reader takes at its peak a byte of text, an upper estimate (the
/// text included). Measured: peak resident memory of a program that only reads the file
/// (`/usr/bin/time -v`, GCC 12 -O2): 3.8 bytes a byte on Jellyfish (50,000 routers, degree 16,
/// 8 endpoints a router, 15,550,020 bytes: 57,072 KiB; 7.2 before), 4.2 on the writer's layout (200,000 routers
/// of 10 links and 1 node, 31,866,680 bytes: 129,864 KiB), 3.1 with 32 nodes a router (50,000
/// routers, 21,605,560 bytes: 65,496 KiB), 3.3 on 3,000,000 copies of `router 0 router 1`
/// (54,000,000 bytes: 173,508 KiB), and 8.6 on one line of 6,000,000 links (54,000,010 bytes:
/// 454,624 KiB: a line's words are held at once), the most a text can take. The estimate was
/// 32, 4 to 6 times the peak, when the reader kept its nodes in maps.
inline constexpr std::uint64_t booksim_bytes_per_text_byte = 10;

/// Writes `g` with `endpoints` (one count a router) as a BookSim2 anynet file.
template <core::digraph_like G>
void write_booksim_anynet(std::ostream& os, const G& g, const std::vector<std::uint32_t>& endpoints,
                          std::uint64_t latency = 1) {
  core::require_endpoints("write_booksim_anynet", endpoints, g.num_vertices());
  core::require_range("write_booksim_anynet", "latency", latency, 1, booksim_max_id);
  require_connected_export("write_booksim_anynet", g, "BookSim2's anynet routing (a Dijkstra from every router) never finishes on it");
  const std::string lat = latency == 1 ? std::string() : " " + std::to_string(latency);
  std::uint64_t node = 0;
  std::string line;
  for (std::size_t u = 0; u < g.num_vertices(); ++u) {
    line = "router " + std::to_string(u);
    // no latency after a node: BookSim2 would take it as a link to the router of that number
    for (std::uint32_t k = 0; k < endpoints[u]; ++k) line += " node " + std::to_string(node++);
    std::vector<std::uint64_t> nbrs;
    for (auto v : g.neighbors(static_cast<typename G::vertex_type>(u))) nbrs.push_back(v);
    std::sort(nbrs.begin(), nbrs.end());
    nbrs.erase(std::unique(nbrs.begin(), nbrs.end()), nbrs.end());
    for (auto v : nbrs) line += " router " + std::to_string(v) + lat;
    line += '\n';
    os << line;
  }
}

/// The configuration stub that runs `network_file` in BookSim2: anynet, minimal routing
/// (BookSim2's min_anynet: a shortest-path table), uniform traffic.
/// Not deadlock-free where the channel-dependency graph has cycles: min_anynet lets a packet
/// take any virtual channel, and BookSim2 (src/networks/anynet.cpp, commit 28f43299) registers
/// no other routing function for anynet, so there is none to write (docs/simulators.md).
inline void write_booksim_config(std::ostream& os, std::string_view network_file) {
  if (network_file.empty() || network_file.find_first_of(" \t\r\n;") != std::string_view::npos)
    core::fail_parameter("write_booksim_config", "network_file", core::printable(network_file),
                         "is not a path BookSim2's configuration can hold", "a path without blanks or ';'");
  os << "// BookSim2 configuration for an anynet network file (shiftfly graph ... --format booksim)\n"
        "topology = anynet;\n"
        "network_file = " << network_file << ";\n"
        "routing_function = min;\n"
        "router = iq;\n"
        "num_vcs = 8;\n"
        "vc_buf_size = 8;\n"
        "wait_for_tail_credit = 0;\n"
        "vc_allocator = separable_input_first;\n"
        "sw_allocator = separable_input_first;\n"
        "alloc_iters = 1;\n"
        "credit_delay = 2;\n"
        "routing_delay = 0;\n"
        "vc_alloc_delay = 1;\n"
        "sw_alloc_delay = 1;\n"
        "st_final_delay = 1;\n"
        "input_speedup = 1;\n"
        "output_speedup = 1;\n"
        "internal_speedup = 1.0;\n"
        "traffic = uniform;\n"
        "packet_size = 1;\n"
        "sim_type = latency;\n"
        "injection_rate = 0.1;\n"
        "seed = 1;\n";
}

/// True when the first word of the text's first line that has one, after any comment lines
/// (a first word starting with `//`), is `router` or `node`.
inline bool looks_like_booksim(std::string_view text) {
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    const std::size_t at = line.find_first_not_of(" \t");
    if (at == std::string_view::npos) continue;
    const std::string_view rest = line.substr(at);
    if (rest.substr(0, 2) == "//") continue;
    for (std::string_view w : {std::string_view("router"), std::string_view("node")})
      if (rest.substr(0, w.size()) == w && (rest.size() == w.size() || rest[w.size()] == ' ' || rest[w.size()] == '\t'))
        return true;
    return false;
  }
  return false;
}

namespace detail {

/// A `node N` joined to `router R` on line `line`.
struct booksim_attachment {
  std::uint32_t node, router;
  std::size_t line;
};

/// What the lines of an anynet file name, in file order.
struct booksim_lines {
  std::vector<booksim_attachment> nodes;                          // every `node N` joined to `router R`
  std::vector<std::pair<std::uint64_t, std::size_t>> node_heads;  // `node N` at a line's head: BookSim2's router N
  std::vector<std::uint32_t> named;                               // every id named as a router
  std::vector<std::pair<std::uint64_t, std::uint64_t>> links;     // router links as listed, from the line's head
};

/// Reads line `line_no` (its line feed removed) into `into`; `words` is scratch space.
inline void read_booksim_line(std::string_view where, std::string_view file, std::size_t line_no, std::string_view line,
                              std::vector<std::string_view>& words, booksim_lines& into) {
  const auto bad = [&](const std::string& why) { fail_file(where, file, line_no, why); };
  // a CR ends a word at the end of the line (CRLF: BookSim2's atoi reads `1\r` as 1); anywhere
  // else BookSim2 would misread it
  const std::size_t cr = line.find('\r');
  if (cr != std::string_view::npos) {
    if (cr + 1 < line.size())
      bad("a carriage return inside a line: BookSim2 ends lines at line feeds only and would read what follows "
          "as the same line (give the file line-feed line ends)");
    if (cr == 0 || line[cr - 1] == ' ')
      bad("a carriage return after a space or on a blank line: BookSim2 would read it as a word (a latency of 0 or "
          "an unknown type)");
    line = line.substr(0, cr);
  }
  if (line.find('\t') != std::string_view::npos)
    bad("a tab: BookSim2 separates words by spaces only and would read the tab as part of a word");
  words.clear();
  for (std::size_t i = 0; i < line.size();) {
    while (i < line.size() && line[i] == ' ') ++i;
    std::size_t k = i;
    while (k < line.size() && line[k] != ' ') ++k;
    if (k > i) words.push_back(line.substr(i, k - i));
    i = k;
  }
  if (words.empty() || words[0].substr(0, 2) == "//") return;
  const auto id_of = [&](std::string_view w, const char* what) {
    std::uint64_t x = 0;
    if (core::read_decimal(w, x) != core::decimal_error::none || x > booksim_max_id)
      bad(std::string("expected a ") + what + " id (a decimal integer from 0 to 2147483647), found '" +
          core::printable(w) + "'");
    return x;
  };
  const auto type_of = [&](std::string_view w, const char* place) {
    if (w != "router" && w != "node")
      bad(std::string("expected 'router' or 'node' ") + place + ", found '" + core::printable(w) + "'");
    return w == "router";
  };
  const bool head_router = type_of(words[0], "at the start of the line");
  if (words.size() < 2) bad("the line ends after '" + std::string(words[0]) + "' (expected its id)");
  const std::uint64_t head = id_of(words[1], head_router ? "router" : "node");
  if (head_router) into.named.push_back(static_cast<std::uint32_t>(head));
  else into.node_heads.emplace_back(head, line_no);
  for (std::size_t i = 2; i < words.size();) {
    const bool body_router = type_of(words[i], "after an id or a latency");
    if (i + 1 >= words.size()) bad("the line ends after '" + std::string(words[i]) + "' (expected its id)");
    const std::uint64_t body = id_of(words[i + 1], body_router ? "router" : "node");
    i += 2;
    if (i < words.size() && words[i] != "router" && words[i] != "node") {
      std::uint64_t lat = 0;
      if (core::read_decimal(words[i], lat) != core::decimal_error::none || lat < 1 || lat > booksim_max_id)
        bad("expected a latency (a decimal integer from 1 to 2147483647 cycles), 'router' or 'node', found '" +
            core::printable(words[i]) + "'");
      // BookSim2 sets the latency of the channel from the line's head, of the head's kind, to the
      // id before it: right after a router on a router's line only
      if (!head_router)
        bad("a latency in a line that starts with 'node': BookSim2 would attach a node " + std::to_string(body) +
            " to router " + std::to_string(head) + " with it (latencies go after a router's router links only)");
      if (!body_router)
        bad("a latency after 'node " + std::to_string(body) + "': BookSim2 would take it as a link from router " +
            std::to_string(head) + " to router " + std::to_string(body) + " (latencies go after router links only)");
      ++i;
    }
    if (!head_router && !body_router) bad("node " + std::to_string(head) + " is joined to node " + std::to_string(body) + " (BookSim2 joins nodes to routers only)");
    if (head_router && body_router) {
      into.links.emplace_back(head, body);
      into.named.push_back(static_cast<std::uint32_t>(body));
    } else if (head_router) {
      into.nodes.push_back({static_cast<std::uint32_t>(body), static_cast<std::uint32_t>(head), line_no});
    } else {
      into.nodes.push_back({static_cast<std::uint32_t>(head), static_cast<std::uint32_t>(body), line_no});
      into.named.push_back(static_cast<std::uint32_t>(body));
    }
  }
}

/// The nodes of each of `routers` routers, from the attachments (sorted here by node): every node
/// 0..max on one router, no gap; refused, naming the line, otherwise.
inline std::vector<std::uint32_t> booksim_endpoints(std::string_view where, std::string_view file,
                                                    std::vector<booksim_attachment>& nodes, std::size_t routers) {
  std::stable_sort(nodes.begin(), nodes.end(),
                   [](const booksim_attachment& a, const booksim_attachment& b) { return a.node < b.node; });
  std::vector<std::uint32_t> endpoints(routers, 0);
  std::uint64_t expected = 0;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const auto& a = nodes[i];
    if (i > 0 && nodes[i - 1].node == a.node) {
      if (nodes[i - 1].router != a.router)
        fail_file(where, file, a.line, "node " + std::to_string(a.node) + " is joined to router " + std::to_string(a.router) +
                                           " and to router " + std::to_string(nodes[i - 1].router) +
                                           " (a node is one endpoint, on one router)");
      continue;
    }
    if (a.node != expected)
      fail_file(where, file, a.line, "names node " + std::to_string(a.node) + " but not node " +
                                         std::to_string(expected) + " (BookSim2 numbers nodes from 0 with no gap)");
    ++expected;
    if (endpoints[a.router] == core::max_endpoints_per_router)
      fail_file(where, file, a.line, "router " + std::to_string(a.router) + " has more than " +
                                         std::to_string(core::max_endpoints_per_router) + " nodes");
    ++endpoints[a.router];
  }
  return endpoints;
}

}  // namespace detail

/// Reads a BookSim2 anynet file's text (see the file comment); `file` names it in refusals.
template <std::unsigned_integral V = std::uint32_t>
graph_file<V> read_booksim_anynet(std::string_view text, std::string_view file, const graph_file_options& opt = {}) {
  constexpr std::string_view where = "read_booksim_anynet";
  require_text(where, file, text);
  if (opt.directed)
    fail_file(where, file, 0, "BookSim2's anynet links are bidirectional: the file cannot be read as a directed graph");
  with_file(where, file, 0, [&] {
    core::require_memory(where, "reading it (" + std::to_string(text.size()) + " bytes)",
                         core::estimate_add_mul(0, text.size(), booksim_bytes_per_text_byte));
  });
  detail::booksim_lines parsed;
  std::vector<std::string_view> words;
  std::size_t line_no = 0;
  for (std::size_t start = 0; start < text.size();) {
    // BookSim2 reads lines with getline: only a line feed ends one
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    detail::read_booksim_line(where, file, ++line_no, line, words, parsed);
  }
  auto& [nodes, node_heads, named, links] = parsed;
  if (named.empty()) fail_file(where, file, 0, "names no router");
  std::sort(named.begin(), named.end());
  named.erase(std::unique(named.begin(), named.end()), named.end());
  // BookSim2 makes a router of every line's head id, a `node` line's too (AnyNet::readFile)
  for (const auto& [id, line] : node_heads)
    if (!std::binary_search(named.begin(), named.end(), static_cast<std::uint32_t>(id)))
      fail_file(where, file, line,
                "the line starts with 'node " + std::to_string(id) + "', and BookSim2 makes a router of every line's "
                "first id: router " + std::to_string(id) + ", named nowhere else, would be an extra isolated router "
                "(start the line with its router: 'router R node " + std::to_string(id) + "')");
  // every router id 0..max must be named
  const std::uint64_t max_router = named.back();
  require_file_vertices<V>(where, file, 0, max_router + 1, opt.max_vertices, "routers");
  for (std::size_t r = 0; r < named.size(); ++r)
    if (named[r] != r)
      fail_file(where, file, 0, "names routers up to " + std::to_string(max_router) + " but not router " +
                                    std::to_string(r) + " (BookSim2 numbers routers from 0 with no gap)");
  std::vector<std::uint32_t> endpoints = detail::booksim_endpoints(where, file, nodes, named.size());
  std::vector<detail::booksim_attachment>().swap(nodes);
  std::vector<std::pair<V, V>> pairs;
  pairs.reserve(links.size());
  for (const auto& [a, b] : links) pairs.emplace_back(static_cast<V>(a), static_cast<V>(b));
  auto out = build_file_graph<V>(where, file, graph_file_format::booksim, named.size(), {}, std::move(pairs), false,
                                 opt.max_vertices);
  // A link listed once from each end (as the writer writes it) is one link, not a duplicate; every
  // further listing from the same end is one (a million copies of `router 0 router 1`: 999,999).
  std::sort(links.begin(), links.end());
  std::uint64_t extra = 0;
  for (std::size_t i = 1; i < links.size(); ++i)
    if (links[i] == links[i - 1] && links[i].first != links[i].second) ++extra;
  out.duplicate_edges_dropped = extra;
  out.endpoints = std::move(endpoints);
  return out;
}

}  // namespace shiftfly::io
