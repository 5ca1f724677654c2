#pragma once
/// \file ns3_topology.hpp
/// The ns-3 / HPCC `topology.txt`: hosts and switches, and their links with rate and delay.
///
/// API:
///   struct ns3_link_options { std::string rate = "100Gbps", delay = "0.001ms"; };
///   void write_ns3_topology(std::ostream&, const G& g, const std::vector<std::uint32_t>& endpoints,
///                           const ns3_link_options& = {});
///   enum class ns3_likeness { no, yes, ambiguous };
///   ns3_likeness ns3_sniff(std::string_view text);   // the content rule, below
///   bool looks_like_ns3(std::string_view text);      // ns3_sniff(text) == yes
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
/// The reader reads the file field by field, as HPCC's `topof >> ...` does: the header's three
/// numbers, the switch ids and each link's five fields may be spread over lines in any way (a
/// refusal names the line of the field at fault). The switches are the routers (numbered in
/// increasing id order), every host must have one link, to a switch (a host is one endpoint),
/// and `endpoints` counts each switch's hosts. Refused, naming the file and the line: a header
/// field that is not a decimal integer, a switch id out of range or repeated, a link whose ends
/// are not decimal ids below node_num or whose rate, delay and error rate are not of the grammar
/// above, a host linked to a host or to two switches, a text that ends before the switch ids or
/// links the header announces, a field after them (HPCC would ignore it; it means a wrong
/// link_num); naming the file: no switch, a host with no link. A link of a switch to itself is
/// dropped and counted; a link listed twice is one (counted as a duplicate). Directed reading is
/// refused (links are bidirectional). By content (io/graph_file.hpp), a text is recognised as a
/// topology.txt by ns3_sniff's rule: a first line of exactly three decimal integers, then the
/// switch ids and a first link with a rate and a delay, or (no link) exactly node_num switch ids;
/// a header with hosts and no link is ambiguous with a weighted edge list and refused until the
/// format is given.
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
#include "shiftfly/io/connected_export.hpp"
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
  require_connected_export("write_ns3_topology", g, "HPCC's ns-3 routing has no route between them");
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

namespace detail {
/// The fields of a topology.txt as HPCC's `topof >> ...` reads them: words between white space
/// (spaces, tabs, line ends, vertical tabs, form feeds), whatever the lines; line() is the line
/// (ends as io/file_text.hpp counts them) of the last field returned.
class ns3_fields {
 public:
  explicit ns3_fields(std::string_view text) : text_(text) {}
  /// The next field, or an empty view at the end of the text.
  std::string_view next() {
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c == '\r' || (c == '\n' && !(at_ > 0 && text_[at_ - 1] == '\r'))) ++line_;
      if (c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\v' && c != '\f') break;
      ++at_;
    }
    const std::size_t from = at_;
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f') break;
      ++at_;
    }
    if (at_ > from) field_line_ = line_;
    return text_.substr(from, at_ - from);
  }
  /// The line of the last field returned (1 before any).
  [[nodiscard]] std::size_t line() const { return field_line_; }

 private:
  std::string_view text_;
  std::size_t at_ = 0, line_ = 1, field_line_ = 1;
};
}  // namespace detail

/// What the content says of ns-3's topology.txt (see ns3_sniff).
enum class ns3_likeness { no, yes, ambiguous };

/// Whether `text` is an ns-3 / HPCC topology.txt by its content. The rule: the first line with
/// words is the header, exactly three decimal integers `node_num switch_num link_num` with
/// 1 <= switch_num <= node_num, and then, field by field as HPCC reads them:
/// - link_num >= 1: the switch ids are followed by a link whose first four fields are two
///   decimal node ids, a data rate and a delay (`0 2 100Gbps 0.001ms`): yes (an edge list has no
///   rate or delay where HPCC reads them; the reader checks the rest);
/// - link_num == 0: exactly switch_num decimal ids below node_num follow and nothing else. With
///   switch_num == node_num (every node a switch, as a file without links must be): yes; the
///   edge-list reading of such a text would start with a zero-weight self-loop `n n 0` on a
///   vertex no other line names. With fewer switches than nodes the hosts have no link (not a
///   topology.txt HPCC can run) while the text is a plausible weighted edge list: ambiguous,
///   and the file is refused until its format is given;
/// - anything else: no.
inline ns3_likeness ns3_sniff(std::string_view text) {
  // the header: the first line with words, exactly three words
  std::size_t start = 0;
  std::string_view line;
  for (;;) {
    if (start >= text.size()) return ns3_likeness::no;
    std::size_t end = text.find_first_of("\r\n", start);
    if (end == std::string_view::npos) end = text.size();
    line = text.substr(start, end - start);
    if (line.find_first_not_of(" \t\v\f") != std::string_view::npos) break;
    start = end + 1;
  }
  detail::ns3_fields head(line);
  std::uint64_t h[3] = {0, 0, 0};
  for (auto& x : h)
    if (core::read_decimal(head.next(), x) != core::decimal_error::none) return ns3_likeness::no;
  if (!head.next().empty()) return ns3_likeness::no;
  const std::uint64_t nodes = h[0], switches = h[1], links = h[2];
  if (switches == 0 || switches > nodes) return ns3_likeness::no;
  detail::ns3_fields f(text.substr(start + line.size()));
  std::uint64_t x = 0;
  for (std::uint64_t i = 0; i < switches; ++i)
    if (core::read_decimal(f.next(), x) != core::decimal_error::none || x >= nodes) return ns3_likeness::no;
  if (links == 0) {
    if (!f.next().empty()) return ns3_likeness::no;
    return switches == nodes ? ns3_likeness::yes : ns3_likeness::ambiguous;
  }
  if (core::read_decimal(f.next(), x) != core::decimal_error::none) return ns3_likeness::no;
  if (core::read_decimal(f.next(), x) != core::decimal_error::none) return ns3_likeness::no;
  if (!detail::is_rate(f.next()) || !detail::is_delay(f.next())) return ns3_likeness::no;
  return ns3_likeness::yes;
}

/// True when the content is an ns-3 / HPCC topology.txt by ns3_sniff's rule.
inline bool looks_like_ns3(std::string_view text) { return ns3_sniff(text) == ns3_likeness::yes; }

/// Reads an ns-3 / HPCC topology.txt (see the file comment); `file` names it in refusals.
template <std::unsigned_integral V = std::uint32_t>
graph_file<V> read_ns3_topology(std::string_view text, std::string_view file, const graph_file_options& opt = {}) {
  constexpr std::string_view where = "read_ns3_topology";
  require_text(where, file, text);
  if (opt.directed) fail_file(where, file, 0, "ns-3 links are bidirectional: the file cannot be read as a directed graph");
  detail::ns3_fields fields(text);
  std::string_view w;
  const auto bad = [&](const std::string& why) { fail_file(where, file, fields.line(), why); };
  // the next field, or a refusal naming what the file ends before
  const auto need = [&](const std::string& ends_before) {
    w = fields.next();
    if (w.empty()) bad(ends_before);
    return w;
  };
  const auto decimal = [&](std::string_view word, std::uint64_t below, const char* what) {
    std::uint64_t x = 0;
    if (core::read_decimal(word, x) != core::decimal_error::none || x >= below)
      bad(std::string("expected ") + what + " (a decimal integer below " + std::to_string(below) + "), found '" +
          core::printable(word) + "'");
    return x;
  };
  // the header, field by field as HPCC reads it (`topof >> node_num >> switch_num >> link_num`)
  if (fields.next().empty()) fail_file(where, file, 0, "holds no header");
  fields = detail::ns3_fields(text);
  const std::uint64_t nodes = decimal(need("ends in the header 'node_num switch_num link_num'"), std::uint64_t{1} << 32, "node_num");
  const std::uint64_t switches = decimal(need("ends in the header 'node_num switch_num link_num'"), nodes + 1, "switch_num, at most node_num");
  const std::uint64_t link_count = decimal(need("ends in the header 'node_num switch_num link_num'"), std::uint64_t{1} << 40, "link_num");
  if (switches == 0) bad("switch_num is 0: the file has no switch (router)");
  require_file_vertices<V>(where, file, fields.line(), switches, opt.max_vertices, "switches");
  with_file(where, file, fields.line(), [&] {
    core::require_memory(where, "reading it (" + std::to_string(nodes) + " nodes, " + std::to_string(text.size()) + " bytes)",
                         core::estimate_add_mul(core::estimate_add_mul(0, nodes, 16), text.size(), 4));
  });
  std::vector<std::int64_t> switch_of(nodes, -1);   // node -> router index, or -1 for a host
  std::vector<std::int64_t> host_router(nodes, -1);  // host node -> its router, -1 none yet
  // the switch ids, field by field whatever the lines (HPCC: `topof >> sid`, switch_num times)
  for (std::uint64_t i = 0; i < switches; ++i) {
    const std::uint64_t id =
        decimal(need("ends after " + std::to_string(i) + " of the " + std::to_string(switches) + " switch ids"), nodes,
                "a switch id");
    if (switch_of[id] >= 0) bad("switch " + std::to_string(id) + " is listed twice");
    switch_of[id] = 0;
  }
  std::int64_t next_router = 0;  // routers numbered in increasing id order
  for (auto& s : switch_of)
    if (s >= 0) s = next_router++;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> router_links;
  for (std::uint64_t k = 0; k < link_count; ++k) {
    const std::string ends = "ends after " + std::to_string(k) + " of the " + std::to_string(link_count) +
                             " links the header announces (a link is 'src dst rate delay error_rate')";
    const std::uint64_t a = decimal(need(ends), nodes, "a node id");
    const std::uint64_t b = decimal(need(ends), nodes, "a node id");
    if (!detail::is_rate(need(ends))) bad("expected a data rate (a decimal and bps, Kbps, Mbps or Gbps), found '" + core::printable(w) + "'");
    if (!detail::is_delay(need(ends))) bad("expected a delay (a decimal and s, ms, us or ns), found '" + core::printable(w) + "'");
    double err = 0;
    if (core::read_real(need(ends), err) != core::real_error::none || err < 0 || err > 1)
      bad("expected an error rate (a real from 0 to 1), found '" + core::printable(w) + "'");
    const bool sa = switch_of[a] >= 0, sb = switch_of[b] >= 0;
    if (sa && sb) {
      router_links.emplace_back(switch_of[a], switch_of[b]);
      continue;
    }
    if (!sa && !sb) bad("host " + std::to_string(a) + " is linked to host " + std::to_string(b) + " (a host is an endpoint on one switch)");
    const std::uint64_t host = sa ? b : a, router = static_cast<std::uint64_t>(sa ? switch_of[a] : switch_of[b]);
    if (host_router[host] >= 0)
      bad("host " + std::to_string(host) + " has a second link (a host is an endpoint on one switch)");
    host_router[host] = static_cast<std::int64_t>(router);
  }
  if (!fields.next().empty())
    bad("a field after the " + std::to_string(link_count) + " links the header announces (HPCC would ignore it: a wrong link_num?)");
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
