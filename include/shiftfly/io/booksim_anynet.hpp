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
/// 28f43299f1706a3160ffac721ca461d74eb6e618): a line is `router R` or `node N` followed by
/// what it is joined to, `router R2 [LAT]` or `node N [LAT]`; a link between routers is
/// bidirectional (the reverse channel gets latency 1 unless given), a node is one endpoint,
/// attached to one router; routers and nodes are numbered from 0 with no gap. The writer
/// writes one line a router, `router u node e ... router v ...`: its endpoints (numbered 0..N-1
/// router by router, in router order) then every neighbour in ascending order, each with the
/// channel latency `latency` in cycles when it is not 1 (BookSim2's default). A graph with
/// arcs is written as its physical graph (BookSim2's links are bidirectional).
/// write_booksim_config writes the configuration stub that runs it: `topology = anynet;`,
/// `network_file = ...;`, `routing_function = min;` and BookSim2's traffic defaults spelled out.
///
/// The reader takes what BookSim2 takes and refuses what BookSim2 would misread: words are
/// separated by spaces and tabs, blank lines skipped; a line whose first word starts with `//`
/// is a comment (not BookSim2's: the reader's, for annotated files; BookSim2 refuses it). Refused, naming the file and line: a line that does
/// not start with `router` or `node`, an id that is not a decimal integer below 2^31, a
/// latency that is not a decimal integer from 1 to 2^31 - 1, a node joined to a node, a node
/// on two routers, a line that ends after a type word; and, naming the file: router or node ids
/// with a gap (BookSim2 needs 0..R-1 and 0..N-1), no router. A router joined to itself is a
/// self-loop, dropped and counted as the other readers do. Latencies are read and checked,
/// not kept: the graph is the router graph, and `endpoints` counts each router's nodes.
/// Directed reading is refused (the links are bidirectional).
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
#include "shiftfly/io/file_graph.hpp"
#include "shiftfly/io/file_text.hpp"
#include "shiftfly/core/endpoints.hpp"

namespace shiftfly::io {

/// Largest id and latency of an anynet file (BookSim2 holds them in an int).
inline constexpr std::uint64_t booksim_max_id = 2147483647;
/// Bytes of memory the anynet reader takes at its peak a byte of text, an upper estimate: a
/// link (`router 12345`, 13 bytes) is 16 bytes in the pair list and again in the duplicate
/// count, a node (`node 12345`, 11 bytes) about 150 in its two maps (docs/hardening.md).
inline constexpr std::uint64_t booksim_bytes_per_text_byte = 32;

/// Writes `g` with `endpoints` (one count a router) as a BookSim2 anynet file.
template <core::digraph_like G>
void write_booksim_anynet(std::ostream& os, const G& g, const std::vector<std::uint32_t>& endpoints,
                          std::uint64_t latency = 1) {
  core::require_endpoints("write_booksim_anynet", endpoints, g.num_vertices());
  core::require_range("write_booksim_anynet", "latency", latency, 1, booksim_max_id);
  const std::string lat = latency == 1 ? std::string() : " " + std::to_string(latency);
  std::uint64_t node = 0;
  std::string line;
  for (std::size_t u = 0; u < g.num_vertices(); ++u) {
    line = "router " + std::to_string(u);
    for (std::uint32_t k = 0; k < endpoints[u]; ++k) line += " node " + std::to_string(node++) + lat;
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

/// True when the first word of the text's first line that has one is `router` or `node`.
inline bool looks_like_booksim(std::string_view text) {
  const std::size_t at = text.find_first_not_of(" \t\r\n");
  if (at == std::string_view::npos) return false;
  const std::string_view rest = text.substr(at);
  for (std::string_view w : {std::string_view("router"), std::string_view("node")})
    if (rest.substr(0, w.size()) == w && (rest.size() == w.size() || rest[w.size()] == ' ' || rest[w.size()] == '\t'))
      return true;
  return false;
}

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
  std::map<std::uint64_t, std::uint64_t> node_router;  // node -> router
  std::map<std::uint64_t, std::size_t> node_line;
  std::uint64_t max_router = 0;
  bool any_router = false;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> links;
  for_each_line_words(text, "", [&](std::size_t line_no, std::string_view, const std::vector<std::string_view>& words) {
    if (words.size() >= 1 && words[0].substr(0, 2) == "//") return;
    const auto bad = [&](const std::string& why) { fail_file(where, file, line_no, why); };
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
    if (head_router) max_router = any_router ? std::max(max_router, head) : head, any_router = true;
    const auto attach = [&](std::uint64_t node, std::uint64_t router) {
      const auto [it, fresh] = node_router.emplace(node, router);
      if (!fresh && it->second != router)
        bad("node " + std::to_string(node) + " is joined to router " + std::to_string(router) + " and to router " +
            std::to_string(it->second) + " (a node is one endpoint, on one router)");
      node_line.emplace(node, line_no);
    };
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
        ++i;
      }
      if (!head_router && !body_router) bad("node " + std::to_string(head) + " is joined to node " + std::to_string(body) + " (BookSim2 joins nodes to routers only)");
      if (head_router && body_router) {
        links.emplace_back(head, body);
        max_router = std::max(max_router, body);
      } else if (head_router) {
        attach(body, head);
      } else {
        attach(head, body);
        max_router = any_router ? std::max(max_router, body) : body, any_router = true;
      }
    }
  });
  if (!any_router) fail_file(where, file, 0, "names no router");
  // every router id 0..max must appear: a line head, a link end or a node's router
  require_file_vertices<V>(where, file, 0, max_router + 1, opt.max_vertices, "routers");
  std::vector<bool> seen(static_cast<std::size_t>(max_router) + 1, false);
  for (const auto& [a, b] : links) seen[a] = seen[b] = true;
  for (const auto& [node, router] : node_router) seen[router] = true;
  for_each_line_words(text, "", [&](std::size_t, std::string_view, const std::vector<std::string_view>& words) {
    std::uint64_t x = 0;
    if (words.size() >= 2 && words[0] == "router" && core::read_decimal(words[1], x) == core::decimal_error::none) seen[x] = true;
  });
  for (std::size_t r = 0; r < seen.size(); ++r)
    if (!seen[r])
      fail_file(where, file, 0, "names routers up to " + std::to_string(max_router) + " but not router " +
                                    std::to_string(r) + " (BookSim2 numbers routers from 0 with no gap)");
  std::uint64_t expected = 0;
  for (const auto& [node, router] : node_router) {
    if (node != expected)
      fail_file(where, file, node_line[node], "names node " + std::to_string(node) + " but not node " +
                                                   std::to_string(expected) + " (BookSim2 numbers nodes from 0 with no gap)");
    ++expected;
  }
  std::vector<std::uint32_t> endpoints(seen.size(), 0);
  for (const auto& [node, router] : node_router) {
    if (endpoints[router] == core::max_endpoints_per_router)
      fail_file(where, file, node_line[node], "router " + std::to_string(router) + " has more than " +
                                                  std::to_string(core::max_endpoints_per_router) + " nodes");
    ++endpoints[router];
  }
  std::vector<std::pair<V, V>> pairs;
  pairs.reserve(links.size());
  for (const auto& [a, b] : links) pairs.emplace_back(static_cast<V>(a), static_cast<V>(b));
  auto out = build_file_graph<V>(where, file, graph_file_format::booksim, seen.size(), {}, std::move(pairs), false,
                                 opt.max_vertices);
  // A link listed from both ends (as the writer writes it) is one link, not a duplicate.
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::uint64_t> listed;
  for (const auto& [a, b] : links)
    if (a != b) ++listed[{std::min(a, b), std::max(a, b)}];
  std::uint64_t extra = 0;
  for (const auto& [pair, k] : listed) extra += k > 2 ? k - 2 : 0;
  out.duplicate_edges_dropped = extra;
  out.endpoints = std::move(endpoints);
  return out;
}

}  // namespace shiftfly::io
