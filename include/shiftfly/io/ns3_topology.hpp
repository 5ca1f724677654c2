#pragma once
/// \file ns3_topology.hpp
/// The ns-3 / HPCC `topology.txt`: hosts and switches, and their links with rate and delay.
///
/// API:
///   struct ns3_link_options { std::string rate = "100Gbps", delay = "0.001ms"; };
///   void write_ns3_topology(std::ostream&, const G& g, const std::vector<std::uint32_t>& endpoints,
///                           const ns3_link_options& = {});
///   bool looks_like_ns3(std::string_view text);
///   template <V = uint32_t> graph_file<V> read_ns3_topology(std::string_view text, std::string_view file,
///                                                           const graph_file_options& = {});
///
/// The format, as HPCC's simulator reads it (alibaba-edu/High-Precision-Congestion-Control,
/// simulation/scratch/third.cc, at commit 9f4be2a): `node_num switch_num link_num`, then the
/// switch_num switch ids, then link_num lines `src dst rate delay error_rate` (rate and delay
/// as ns-3 writes them: `100Gbps`, `0.001ms`; the error rate a real). A node not listed as a
/// switch is a host. The writer numbers the hosts first, as HPCC's own files do: the endpoints
/// 0..N-1, router by router, then router u as switch N + u; the host links first (host e to its
/// router), then the router links (u < v ascending), every one with `rate`, `delay` and error
/// rate 0. `rate` is a decimal number above 0 and a unit (bps, Kbps, Mbps, Gbps), `delay` a decimal
/// number and a unit (s, ms, us, ns), both checked (ns-3's DataRate and Time read these).
///
/// The reader: the switches are the routers (numbered in increasing id order), every host must
/// have one link, to a switch (a host is one endpoint), and `endpoints` counts each switch's
/// hosts. Refused, naming the file and the line: a header that is not three decimal integers,
/// a switch id out of range or repeated, a link line that is not five words with decimal ends
/// below node_num and a rate, delay and error rate of the grammar above, a host linked to a host
/// or to two switches; naming the file: fewer or more lines than the header says, no switch, a
/// host with no link. A link of a switch to itself is dropped and counted; a link listed twice
/// is one (counted as a duplicate). Directed reading is refused (links are bidirectional).
///
/// Reference: Li et al., "HPCC: High Precision Congestion Control", SIGCOMM 2019, and its
/// simulator (docs/references.md, [HPCC]).

#include <algorithm>
#include <concepts>
#include <initializer_list>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/endpoints.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/io/file_graph.hpp"
#include "shiftfly/io/file_text.hpp"

namespace shiftfly::io {

/// The rate and delay of every link the writer writes.
struct ns3_link_options {
  std::string rate = "100Gbps";  ///< a decimal and bps, Kbps, Mbps or Gbps
  std::string delay = "0.001ms";  ///< a decimal and s, ms, us or ns
};

namespace detail {
/// True when `text` is a non-negative decimal (the library's real grammar, no sign, no exponent)
/// followed by one of `units`.
inline bool is_quantity(std::string_view text, std::initializer_list<std::string_view> units) {
  for (auto unit : units) {
    if (text.size() <= unit.size() || text.substr(text.size() - unit.size()) != unit) continue;
    const std::string_view number = text.substr(0, text.size() - unit.size());
    if (number.find_first_of("eE-") != std::string_view::npos) continue;
    double x = 0;
    if (core::read_real(number, x) == core::real_error::none && x >= 0) return true;
  }
  return false;
}
inline bool is_rate(std::string_view t) { return is_quantity(t, {"Gbps", "Mbps", "Kbps", "bps"}); }
inline bool is_delay(std::string_view t) { return is_quantity(t, {"ms", "us", "ns", "s"}); }
}  // namespace detail

/// Writes `g` with `endpoints` (one count a router) as an ns-3 / HPCC topology.txt.
template <core::digraph_like G>
void write_ns3_topology(std::ostream& os, const G& g, const std::vector<std::uint32_t>& endpoints,
                        const ns3_link_options& o = {}) {
  core::require_endpoints("write_ns3_topology", endpoints, g.num_vertices());
  if (!detail::is_rate(o.rate))
    core::fail_parameter("write_ns3_topology", "rate", core::printable(o.rate), "is not a data rate",
                         "a decimal and bps, Kbps, Mbps or Gbps: 100Gbps");
  {  // a link of rate 0 carries nothing (ns-3's DataRate of 0 never sends): refused, not written
    const std::string_view digits(o.rate.data(), o.rate.find_first_not_of("0123456789."));
    if (digits.find_first_not_of("0.") == std::string_view::npos)
      core::fail_parameter("write_ns3_topology", "rate", core::printable(o.rate), "is not positive",
                           "a decimal above 0 and bps, Kbps, Mbps or Gbps: 100Gbps");
  }
  if (!detail::is_delay(o.delay))
    core::fail_parameter("write_ns3_topology", "delay", core::printable(o.delay), "is not a delay",
                         "a decimal and s, ms, us or ns: 0.001ms");
  std::uint64_t hosts = 0;
  for (auto e : endpoints) hosts += e;
  const std::uint64_t n = g.num_vertices();
  std::vector<std::pair<std::uint64_t, std::uint64_t>> links;
  for (std::uint64_t u = 0; u < n; ++u) {
    std::vector<std::uint64_t> nbrs;
    for (auto v : g.neighbors(static_cast<typename G::vertex_type>(u)))
      if (v > u) nbrs.push_back(v);
    std::sort(nbrs.begin(), nbrs.end());
    nbrs.erase(std::unique(nbrs.begin(), nbrs.end()), nbrs.end());
    for (auto v : nbrs) links.emplace_back(u, v);
  }
  os << hosts + n << ' ' << n << ' ' << hosts + links.size() << '\n';
  for (std::uint64_t u = 0; u < n; ++u) os << (u ? " " : "") << hosts + u;
  os << '\n';
  const std::string tail = " " + o.rate + " " + o.delay + " 0\n";
  std::uint64_t host = 0;
  for (std::uint64_t u = 0; u < n; ++u)
    for (std::uint32_t k = 0; k < endpoints[u]; ++k) os << host++ << ' ' << hosts + u << tail;
  for (const auto& [u, v] : links) os << hosts + u << ' ' << hosts + v << tail;
}

/// True when the first line with words is three decimal integers and the third such line has
/// five words whose third is a data rate (an edge list with weights has neither).
inline bool looks_like_ns3(std::string_view text) {
  std::vector<std::vector<std::string_view>> first;  // the first three lines with words
  for (std::size_t start = 0; start < text.size() && first.size() < 3;) {
    std::size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(start, end - start);
    start = end + 1;
    std::vector<std::string_view> words;
    for (std::size_t i = 0; i < line.size();) {
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
      std::size_t k = i;
      while (k < line.size() && line[k] != ' ' && line[k] != '\t') ++k;
      if (k > i) words.push_back(line.substr(i, k - i));
      i = k;
    }
    if (!words.empty()) first.push_back(std::move(words));
  }
  if (first.size() < 3 || first[0].size() != 3 || first[2].size() != 5 || !detail::is_rate(first[2][2])) return false;
  std::uint64_t x = 0;
  for (auto word : first[0])
    if (core::read_decimal(word, x) != core::decimal_error::none) return false;
  return true;
}

/// Reads an ns-3 / HPCC topology.txt (see the file comment); `file` names it in refusals.
template <std::unsigned_integral V = std::uint32_t>
graph_file<V> read_ns3_topology(std::string_view text, std::string_view file, const graph_file_options& opt = {}) {
  constexpr std::string_view where = "read_ns3_topology";
  require_text(where, file, text);
  if (opt.directed) fail_file(where, file, 0, "ns-3 links are bidirectional: the file cannot be read as a directed graph");
  std::uint64_t nodes = 0, switches = 0, link_count = 0, links_read = 0;
  std::size_t line = 0, last_line = 0;
  std::vector<std::int64_t> switch_of;   // node -> router index, or -1 for a host
  std::vector<std::int64_t> host_router;  // host node -> its router, -1 none yet
  std::vector<std::pair<std::uint64_t, std::uint64_t>> router_links;
  bool switches_read = false;
  for_each_line_words(text, "", [&](std::size_t line_no, std::string_view, const std::vector<std::string_view>& w) {
    const auto bad = [&](const std::string& why) { fail_file(where, file, line_no, why); };
    const auto decimal = [&](std::string_view word, std::uint64_t below, const char* what) {
      std::uint64_t x = 0;
      if (core::read_decimal(word, x) != core::decimal_error::none || x >= below)
        bad(std::string("expected ") + what + " (a decimal integer below " + std::to_string(below) + "), found '" +
            core::printable(word) + "'");
      return x;
    };
    ++line;
    last_line = line_no;
    if (line == 1) {
      if (w.size() != 3) bad("expected the header 'node_num switch_num link_num', found " + std::to_string(w.size()) + " words");
      nodes = decimal(w[0], std::uint64_t{1} << 32, "node_num");
      switches = decimal(w[1], nodes + 1, "switch_num, at most node_num");
      link_count = decimal(w[2], std::uint64_t{1} << 40, "link_num");
      if (switches == 0) bad("switch_num is 0: the file has no switch (router)");
      require_file_vertices<V>(where, file, line_no, switches, opt.max_vertices, "switches");
      with_file(where, file, line_no, [&] {
        core::require_memory(where, "reading it (" + std::to_string(nodes) + " nodes, " + std::to_string(text.size()) + " bytes)",
                             core::estimate_add_mul(core::estimate_add_mul(0, nodes, 16), text.size(), 4));
      });
      switch_of.assign(nodes, -1);
      host_router.assign(nodes, -1);
      return;
    }
    if (!switches_read) {
      if (w.size() != switches)
        bad("expected the " + std::to_string(switches) + " switch ids, found " + std::to_string(w.size()) + " words");
      std::vector<std::uint64_t> ids;
      for (auto word : w) ids.push_back(decimal(word, nodes, "a switch id"));
      std::vector<std::uint64_t> sorted = ids;
      std::sort(sorted.begin(), sorted.end());
      for (std::size_t i = 1; i < sorted.size(); ++i)
        if (sorted[i] == sorted[i - 1]) bad("switch " + std::to_string(sorted[i]) + " is listed twice");
      for (std::size_t i = 0; i < sorted.size(); ++i) switch_of[sorted[i]] = static_cast<std::int64_t>(i);
      switches_read = true;
      return;
    }
    if (links_read == link_count) bad("a line after the " + std::to_string(link_count) + " links the header announces");
    ++links_read;
    if (w.size() != 5) bad("expected a link 'src dst rate delay error_rate', found " + std::to_string(w.size()) + " words");
    const std::uint64_t a = decimal(w[0], nodes, "a node id"), b = decimal(w[1], nodes, "a node id");
    if (!detail::is_rate(w[2])) bad("expected a data rate (a decimal and bps, Kbps, Mbps or Gbps), found '" + core::printable(w[2]) + "'");
    if (!detail::is_delay(w[3])) bad("expected a delay (a decimal and s, ms, us or ns), found '" + core::printable(w[3]) + "'");
    double err = 0;
    if (core::read_real(w[4], err) != core::real_error::none || err < 0 || err > 1)
      bad("expected an error rate (a real from 0 to 1), found '" + core::printable(w[4]) + "'");
    const bool sa = switch_of[a] >= 0, sb = switch_of[b] >= 0;
    if (sa && sb) {
      router_links.emplace_back(switch_of[a], switch_of[b]);
      return;
    }
    if (!sa && !sb) bad("host " + std::to_string(a) + " is linked to host " + std::to_string(b) + " (a host is an endpoint on one switch)");
    const std::uint64_t host = sa ? b : a, router = static_cast<std::uint64_t>(sa ? switch_of[a] : switch_of[b]);
    if (host_router[host] >= 0)
      bad("host " + std::to_string(host) + " has a second link (a host is an endpoint on one switch)");
    host_router[host] = static_cast<std::int64_t>(router);
  });
  if (line == 0) fail_file(where, file, 0, "holds no header");
  if (!switches_read) fail_file(where, file, last_line, "ends before the switch ids");
  if (links_read < link_count)
    fail_file(where, file, last_line, "ends after " + std::to_string(links_read) + " of the " + std::to_string(link_count) +
                                          " links the header announces");
  std::vector<std::uint32_t> endpoints(switches, 0);
  for (std::uint64_t v = 0; v < nodes; ++v) {
    if (switch_of[v] >= 0) continue;
    if (host_router[v] < 0) fail_file(where, file, 0, "host " + std::to_string(v) + " has no link (a host is an endpoint on one switch)");
    auto& c = endpoints[static_cast<std::size_t>(host_router[v])];
    if (c == core::max_endpoints_per_router)
      fail_file(where, file, 0, "a switch has more than " + std::to_string(core::max_endpoints_per_router) + " hosts");
    ++c;
  }
  std::vector<std::pair<V, V>> pairs;
  for (const auto& [a, b] : router_links) pairs.emplace_back(static_cast<V>(a), static_cast<V>(b));
  auto out = build_file_graph<V>(where, file, graph_file_format::ns3, switches, {}, std::move(pairs), false, opt.max_vertices);
  out.endpoints = std::move(endpoints);
  return out;
}

}  // namespace shiftfly::io
