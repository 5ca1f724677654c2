#pragma once
/// \file msccl_xml.hpp
/// A tree packing (collectives/tree_packing.hpp) written as an MSCCL algorithm file, the XML that
/// MSCCL and RCCL's MSCCL executor load (the elements and attributes of ForestColl's to_xml.py,
/// arXiv 2402.06787: <algo> with <gpu> ranks, each with thread blocks <tb send recv chan> of
/// <step s type srcbuf srcoff dstbuf dstoff cnt depid deps hasdep>; written here from that format,
/// not from its code):
///
///   std::string msccl_xml(const collective_network& n, const tree_packing& p, msccl_collective c);
///
/// Ranks are the compute vertices in ascending order (rank i = n.compute[i]); a tree edge is one
/// rank-to-rank connection, its route through forwarding vertices left to the fabric, as in
/// ForestColl's files. Every rank's buffer has nchunksperloop = N·per_root chunks, rank r's shard
/// being chunks [r·per_root, (r+1)·per_root); a tree taken m times moves m chunks (cnt = m).
/// - allgather (out-trees): the root sends ("s") its chunks to its first child; every other rank
///   receives them from its parent ("r", or "rcs" receive-copy-send to its first child) and a
///   thread block per further child sends them on ("s", depending on the receive);
/// - reduce_scatter (in-trees): a leaf sends ("s") its chunks to its parent; an inner rank
///   receives its first child's partial sum and reduces it ("rrc"), each further child in a thread
///   block of its own, then the last one sends the sum on ("rrs", receive-reduce-send), the root
///   keeping it ("rrc").
/// A connection's channel is the same at both ends; a chain of first children shares one, and
/// each chain takes the least channel no other chain uses on any of its links.

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/collectives/network.hpp"
#include "shiftfly/collectives/tree_packing.hpp"
#include "shiftfly/core/checked.hpp"

namespace shiftfly::collectives {

enum class msccl_collective { allgather, reduce_scatter };

namespace detail {

struct xml_step {
  std::string type;
  std::uint64_t offset = 0, count = 0;
  std::int64_t depid = -1, deps = -1;
  bool hasdep = false;
};
struct xml_tb {
  std::int64_t send = -1, recv = -1, chan = 0;
  std::string comment;
  std::vector<xml_step> steps;
};

}  // namespace detail

inline std::string msccl_xml(const collective_network& n, const tree_packing& p, msccl_collective c) {
  constexpr const char* where = "msccl_xml";
  const bool gather = c == msccl_collective::allgather;
  if (p.reversed == gather)
    core::fail(where, std::string("the packing is of ") + (p.reversed ? "in" : "out") + "-trees, the collective needs " +
                          (gather ? "out" : "in") + "-trees");
  const std::uint64_t N = n.compute.size();
  std::vector<std::int64_t> rank(n.vertices, -1);
  for (std::size_t i = 0; i < N; ++i) rank[n.compute[i]] = static_cast<std::int64_t>(i);
  std::vector<std::vector<detail::xml_tb>> tbs(N);
  std::map<std::pair<std::int64_t, std::int64_t>, std::set<std::int64_t>> used;  // channels on a directed rank pair
  std::vector<std::uint64_t> filled(N, 0);
  for (std::size_t t = 0; t < p.trees.size(); ++t) {
    const auto& tree = p.trees[t];
    const std::int64_t root = rank.at(tree.root);
    const std::uint64_t offset = static_cast<std::uint64_t>(root) * p.per_root + filled[root];
    filled[root] += tree.multiplicity;
    // children in the order of the edges; parent of each rank
    std::map<std::int64_t, std::vector<std::int64_t>> children;
    std::map<std::int64_t, std::int64_t> parent;
    for (const auto& e : tree.edges) {
      children[rank.at(e.from)].push_back(rank.at(e.to));
      parent[rank.at(e.to)] = rank.at(e.from);
    }
    // Chains: a chain starts at the root's first child edge or at any further child edge, and
    // follows first children; its links carry data in the collective's direction.
    std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> chan;  // tree edge (from, to) -> channel
    const auto link = [&](std::int64_t a, std::int64_t b) { return gather ? std::pair{a, b} : std::pair{b, a}; };
    for (const auto& e : tree.edges) {
      const std::int64_t a = rank.at(e.from), b = rank.at(e.to);
      const auto& siblings = children[a];
      const bool starts = a == root || siblings.front() != b;
      if (!starts) continue;
      std::vector<std::pair<std::int64_t, std::int64_t>> chain{{a, b}};
      for (std::int64_t x = b; children.count(x) && !children[x].empty(); x = children[x].front())
        chain.emplace_back(x, children[x].front());
      std::int64_t ch = 0;
      for (bool clash = true; clash; ) {
        clash = false;
        for (auto [x, y] : chain)
          if (used[link(x, y)].count(ch)) {
            clash = true;
            ++ch;
            break;
          }
      }
      for (auto [x, y] : chain) {
        used[link(x, y)].insert(ch);
        chan[{x, y}] = ch;
      }
    }
    const std::string note = std::string(gather ? "AG" : "RS") + " tree " + core::to_message(t) + ", root " +
                             core::to_message(root) + ", chunks " + core::to_message(tree.multiplicity);
    std::vector<std::int64_t> ranks{root};
    for (const auto& e : tree.edges) ranks.push_back(rank.at(e.to));
    for (auto v : ranks) {
      const auto& kids = children[v];
      const bool is_root = v == root;
      const std::int64_t first = kids.empty() ? -1 : kids.front();
      auto& mine = tbs[v];
      const auto add = [&](std::int64_t send, std::int64_t recv, std::int64_t ch, detail::xml_step s) {
        detail::xml_tb b;
        b.send = send;
        b.recv = recv;
        b.chan = ch;
        b.comment = note;
        s.offset = offset;
        s.count = tree.multiplicity;
        b.steps.push_back(s);
        mine.push_back(std::move(b));
        return static_cast<std::int64_t>(mine.size() - 1);
      };
      if (gather) {
        std::int64_t recv_tb = -1;
        if (is_root) {
          if (first >= 0) add(first, -1, chan.at({v, first}), {"s"});
        } else {
          const std::int64_t up = parent.at(v);
          recv_tb = add(first, up, chan.at({up, v}), {first >= 0 ? "rcs" : "r", 0, 0, -1, -1, kids.size() > 1});
        }
        for (std::size_t i = 1; i < kids.size(); ++i)
          add(kids[i], -1, chan.at({v, kids[i]}), {"s", 0, 0, is_root ? -1 : recv_tb, is_root ? -1 : 0, false});
      } else {
        // In-trees: partial sums flow child -> parent. Further children are reduced first, each in
        // its own thread block; the first child's block then reduces and sends up (or keeps it).
        std::int64_t last = -1;
        for (std::size_t i = 1; i < kids.size(); ++i)
          last = add(-1, kids[i], chan.at({v, kids[i]}), {"rrc", 0, 0, last, last >= 0 ? 0 : -1, true});
        if (is_root) {
          if (first >= 0) add(-1, first, chan.at({v, first}), {"rrc", 0, 0, last, last >= 0 ? 0 : -1, false});
        } else {
          const std::int64_t up = parent.at(v);
          if (first >= 0) add(up, first, chan.at({up, v}), {"rrs", 0, 0, last, last >= 0 ? 0 : -1, false});
          else add(up, -1, chan.at({up, v}), {"s", 0, 0, last, last >= 0 ? 0 : -1, false});
        }
      }
    }
  }
  std::int64_t channels = 1;
  for (const auto& [k, s] : used)
    if (!s.empty()) channels = std::max(channels, *s.rbegin() + 1);
  const std::uint64_t chunks = N * p.per_root;
  std::string x;
  x += "<algo name=\"shiftfly tree packing (" + core::to_message(p.trees.size()) + " trees, " +
       core::to_message(p.per_root) + " chunks a rank)\" proto=\"Simple\" nchannels=\"" + core::to_message(channels) +
       "\" nchunksperloop=\"" + core::to_message(chunks) + "\" ngpus=\"" + core::to_message(N) + "\" coll=\"" +
       (gather ? "allgather" : "reduce_scatter") + "\" inplace=\"1\" outofplace=\"0\" minBytes=\"0\" maxBytes=\"1099511627776\">\n";
  for (std::uint64_t g = 0; g < N; ++g) {
    x += "  <gpu id=\"" + core::to_message(g) + "\" i_chunks=\"" + (gather ? std::string("0") : core::to_message(chunks)) +
         "\" o_chunks=\"" + core::to_message(chunks) + "\" s_chunks=\"0\">\n";
    for (std::size_t b = 0; b < tbs[g].size(); ++b) {
      const auto& tb = tbs[g][b];
      x += "    <tb id=\"" + core::to_message(b) + "\" send=\"" + core::to_message(tb.send) + "\" recv=\"" +
           core::to_message(tb.recv) + "\" chan=\"" + core::to_message(tb.chan) + "\">\n";
      x += "      <!-- " + tb.comment + " -->\n";
      for (std::size_t s = 0; s < tb.steps.size(); ++s) {
        const auto& st = tb.steps[s];
        const std::string buf = gather ? "o" : "i";
        x += "      <step s=\"" + core::to_message(s) + "\" type=\"" + st.type + "\" srcbuf=\"" + buf + "\" srcoff=\"" +
             core::to_message(st.offset) + "\" dstbuf=\"" + buf + "\" dstoff=\"" + core::to_message(st.offset) +
             "\" cnt=\"" + core::to_message(st.count) + "\" depid=\"" + core::to_message(st.depid) + "\" deps=\"" +
             core::to_message(st.deps) + "\" hasdep=\"" + (st.hasdep ? "1" : "0") + "\"/>\n";
      }
      x += "    </tb>\n";
    }
    x += "  </gpu>\n";
  }
  x += "</algo>\n";
  return x;
}

}  // namespace shiftfly::collectives
