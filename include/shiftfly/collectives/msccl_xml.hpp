#pragma once
/// \file msccl_xml.hpp
/// A tree packing (collectives/tree_packing.hpp) written as an MSCCL algorithm file, the XML that
/// MSCCL and RCCL's MSCCL executor load (the elements and attributes of ForestColl's to_xml.py,
/// arXiv 2402.06787: <algo> with <gpu> ranks, each with thread blocks <tb send recv chan> of
/// <step s type srcbuf srcoff dstbuf dstoff cnt depid deps hasdep>; written here from that format,
/// not from its code):
///
///   std::string msccl_xml(const collective_network& n, const tree_packing& p, msccl_collective c);
///   std::string msccl_allreduce_xml(const collective_network& n, const tree_packing& reduce_scatter,
///                                   const tree_packing& all_gather);
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
/// - allreduce (ForestColl's construct_algo_allreduce writes the same two phases in one <algo>,
///   in place: every step on buffer "o", i_chunks 0): the reduce-scatter above on the in-trees,
///   then the all-gather above on the out-trees. The two packings may differ (other trees, other
///   per_root): chunks are counted in L = lcm of the two per_root a rank, a tree taken m times
///   moving m·L/per_root chunks. Every all-gather step that first touches a shard's chunks at a
///   rank depends on the reduce-scatter step that completes them there (the root's last "rrc",
///   whose sum it sends; elsewhere the rank's "rrs"/"s", whose source the received sum overwrites).
///   A step has one dependency (depid, deps); further ones go in "nop" steps before it in its
///   thread block, as MSCCL's own compiler (msccl-tools) writes them.
/// A connection's channel is the same at both ends; a chain of first children shares one, and
/// each chain takes the least channel no other chain uses on any of its links (in all-reduce,
/// over both phases: a link's channel carries one chain of one phase).

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/collectives/network.hpp"
#include "shiftfly/collectives/tree_packing.hpp"
#include "shiftfly/core/checked.hpp"

namespace shiftfly::collectives {

/// allreduce: written by msccl_allreduce_xml, from both packings.
enum class msccl_collective { allgather, reduce_scatter, allreduce };

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
struct xml_ref {
  std::int64_t tb = -1, step = -1;
};

/// The thread blocks of one file, built phase by phase.
class msccl_builder {
 public:
  msccl_builder(const collective_network& n, std::uint64_t chunks_per_root)
      : N_(n.compute.size()), per_root_(chunks_per_root), rank_(n.vertices, -1), tbs_(N_) {
    for (std::size_t i = 0; i < N_; ++i) rank_[n.compute[i]] = static_cast<std::int64_t>(i);
  }

  /// The trees of `p` (out-trees: gather; in-trees: reduce), a tree taken m times moving
  /// m·scale chunks. After a reduce phase, a gather phase's steps depend on its completions.
  void add_phase(const tree_packing& p, bool gather, std::uint64_t scale) {
    constexpr const char* where = "msccl_xml";
    std::vector<std::uint64_t> filled(N_, 0);
    for (std::size_t t = 0; t < p.trees.size(); ++t) {
      const auto& tree = p.trees[t];
      const std::int64_t root = rank_.at(tree.root);
      const std::uint64_t count = core::checked_mul(tree.multiplicity, scale, where, "chunks of a tree");
      const std::uint64_t offset = core::checked_add(
          core::checked_mul(static_cast<std::uint64_t>(root), per_root_, where, "chunk offset"), filled[root], where,
          "chunk offset");
      filled[root] += count;
      // children in the order of the edges; parent of each rank
      std::map<std::int64_t, std::vector<std::int64_t>> children;
      std::map<std::int64_t, std::int64_t> parent;
      for (const auto& e : tree.edges) {
        children[rank_.at(e.from)].push_back(rank_.at(e.to));
        parent[rank_.at(e.to)] = rank_.at(e.from);
      }
      // Chains: a chain starts at the root's first child edge or at any further child edge, and
      // follows first children; its links carry data in the collective's direction.
      std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> chan;  // tree edge (from, to) -> channel
      const auto link = [&](std::int64_t a, std::int64_t b) { return gather ? std::pair{a, b} : std::pair{b, a}; };
      for (const auto& e : tree.edges) {
        const std::int64_t a = rank_.at(e.from), b = rank_.at(e.to);
        const auto& siblings = children[a];
        const bool starts = a == root || siblings.front() != b;
        if (!starts) continue;
        std::vector<std::pair<std::int64_t, std::int64_t>> chain{{a, b}};
        for (std::int64_t x = b; children.count(x) && !children[x].empty(); x = children[x].front())
          chain.emplace_back(x, children[x].front());
        std::int64_t ch = 0;
        for (bool clash = true; clash;) {
          clash = false;
          for (auto [x, y] : chain)
            if (used_[link(x, y)].count(ch)) {
              clash = true;
              ++ch;
              break;
            }
        }
        for (auto [x, y] : chain) {
          used_[link(x, y)].insert(ch);
          chan[{x, y}] = ch;
        }
      }
      const std::string note = std::string(gather ? "AG" : "RS") + " tree " + core::to_message(t) + ", root " +
                               core::to_message(root) + ", chunks " + core::to_message(count);
      reduction done_here{root, offset, offset + count, {}};
      std::vector<std::int64_t> ranks{root};
      for (const auto& e : tree.edges) ranks.push_back(rank_.at(e.to));
      for (auto v : ranks) {
        const auto& kids = children[v];
        const bool is_root = v == root;
        const std::int64_t first = kids.empty() ? -1 : kids.front();
        // One thread block of one step; its dependencies beyond the first in nop steps before it.
        const auto add = [&](std::int64_t send, std::int64_t recv, std::int64_t ch, xml_step s,
                             std::vector<xml_ref> more = {}) {
          auto& mine = tbs_[v];
          xml_tb b;
          b.send = send;
          b.recv = recv;
          b.chan = ch;
          b.comment = note;
          std::vector<xml_ref> deps;
          if (s.depid >= 0) deps.push_back({s.depid, s.deps});
          deps.insert(deps.end(), more.begin(), more.end());
          for (std::size_t i = 0; i + 1 < deps.size(); ++i) b.steps.push_back({"nop", 0, 0, deps[i].tb, deps[i].step, false});
          if (!deps.empty()) {
            s.depid = deps.back().tb;
            s.deps = deps.back().step;
          }
          s.offset = offset;
          s.count = count;
          b.steps.push_back(s);
          for (const auto& d : deps) mine.at(static_cast<std::size_t>(d.tb)).steps.at(static_cast<std::size_t>(d.step)).hasdep = true;
          mine.push_back(std::move(b));
          return xml_ref{static_cast<std::int64_t>(mine.size() - 1), static_cast<std::int64_t>(mine.back().steps.size() - 1)};
        };
        if (gather) {
          const auto reduced = reduced_at(root, offset, offset + count, v);
          xml_ref recv{};
          if (is_root) {
            if (first >= 0) add(first, -1, chan.at({v, first}), {"s"}, reduced);
          } else {
            const std::int64_t up = parent.at(v);
            recv = add(first, up, chan.at({up, v}), {first >= 0 ? "rcs" : "r", 0, 0, -1, -1, kids.size() > 1}, reduced);
          }
          for (std::size_t i = 1; i < kids.size(); ++i)
            add(kids[i], -1, chan.at({v, kids[i]}), {"s", 0, 0, recv.tb, recv.step, false}, is_root ? reduced : std::vector<xml_ref>{});
        } else {
          // In-trees: partial sums flow child -> parent. Further children are reduced first, each in
          // its own thread block; the first child's block then reduces and sends up (or keeps it).
          std::int64_t last = -1;
          for (std::size_t i = 1; i < kids.size(); ++i)
            last = add(-1, kids[i], chan.at({v, kids[i]}), {"rrc", 0, 0, last, last >= 0 ? 0 : -1, true}).tb;
          xml_ref done{};
          if (is_root) {
            if (first >= 0) done = add(-1, first, chan.at({v, first}), {"rrc", 0, 0, last, last >= 0 ? 0 : -1, false});
          } else {
            const std::int64_t up = parent.at(v);
            if (first >= 0) done = add(up, first, chan.at({up, v}), {"rrs", 0, 0, last, last >= 0 ? 0 : -1, false});
            else done = add(up, -1, chan.at({up, v}), {"s", 0, 0, last, last >= 0 ? 0 : -1, false});
          }
          if (done.tb >= 0) done_here.done[v] = done;
        }
      }
      if (!gather) reductions_.push_back(std::move(done_here));
    }
  }

  std::int64_t channels() const {
    std::int64_t c = 1;
    for (const auto& [k, s] : used_)
      if (!s.empty()) c = std::max(c, *s.rbegin() + 1);
    return c;
  }

  /// The file: `buffer` of every step, i_chunks as given, o_chunks every chunk.
  std::string write(const std::string& name, const std::string& coll, std::uint64_t i_chunks,
                    const std::string& buffer) const {
    const std::uint64_t chunks = N_ * per_root_;
    std::string x;
    x += "<algo name=\"" + name + "\" proto=\"Simple\" nchannels=\"" + core::to_message(channels()) +
         "\" nchunksperloop=\"" + core::to_message(chunks) + "\" ngpus=\"" + core::to_message(N_) + "\" coll=\"" + coll +
         "\" inplace=\"1\" outofplace=\"0\" minBytes=\"0\" maxBytes=\"1099511627776\">\n";
    for (std::uint64_t g = 0; g < N_; ++g) {
      x += "  <gpu id=\"" + core::to_message(g) + "\" i_chunks=\"" + core::to_message(i_chunks) + "\" o_chunks=\"" +
           core::to_message(chunks) + "\" s_chunks=\"0\">\n";
      for (std::size_t b = 0; b < tbs_[g].size(); ++b) {
        const auto& tb = tbs_[g][b];
        x += "    <tb id=\"" + core::to_message(b) + "\" send=\"" + core::to_message(tb.send) + "\" recv=\"" +
             core::to_message(tb.recv) + "\" chan=\"" + core::to_message(tb.chan) + "\">\n";
        x += "      <!-- " + tb.comment + " -->\n";
        for (std::size_t s = 0; s < tb.steps.size(); ++s) {
          const auto& st = tb.steps[s];
          const bool nop = st.type == "nop";  // no data: offsets -1, count 0 (msccl-tools)
          const std::string off = nop ? "-1" : core::to_message(st.offset);
          x += "      <step s=\"" + core::to_message(s) + "\" type=\"" + st.type + "\" srcbuf=\"" + buffer +
               "\" srcoff=\"" + off + "\" dstbuf=\"" + buffer + "\" dstoff=\"" + off + "\" cnt=\"" +
               core::to_message(nop ? 0 : st.count) + "\" depid=\"" + core::to_message(st.depid) + "\" deps=\"" +
               core::to_message(st.deps) + "\" hasdep=\"" + (st.hasdep ? "1" : "0") + "\"/>\n";
        }
        x += "    </tb>\n";
      }
      x += "  </gpu>\n";
    }
    x += "</algo>\n";
    return x;
  }

 private:
  struct reduction {
    std::int64_t root = 0;
    std::uint64_t begin = 0, end = 0;
    std::map<std::int64_t, xml_ref> done;  // rank -> the step completing the chunks there
  };
  /// The reduce steps at rank v completing any of root's chunks [begin, end).
  std::vector<xml_ref> reduced_at(std::int64_t root, std::uint64_t begin, std::uint64_t end, std::int64_t v) const {
    std::vector<xml_ref> out;
    for (const auto& r : reductions_)
      if (r.root == root && r.begin < end && begin < r.end)
        if (const auto it = r.done.find(v); it != r.done.end()) out.push_back(it->second);
    return out;
  }

  std::uint64_t N_, per_root_;
  std::vector<std::int64_t> rank_;
  std::vector<std::vector<xml_tb>> tbs_;
  std::map<std::pair<std::int64_t, std::int64_t>, std::set<std::int64_t>> used_;  // channels on a directed rank pair
  std::vector<reduction> reductions_;
};

}  // namespace detail

inline std::string msccl_xml(const collective_network& n, const tree_packing& p, msccl_collective c) {
  constexpr const char* where = "msccl_xml";
  if (c == msccl_collective::allreduce)
    core::fail(where, "allreduce needs both packings: msccl_allreduce_xml(network, reduce_scatter, all_gather)");
  const bool gather = c == msccl_collective::allgather;
  if (p.reversed == gather)
    core::fail(where, std::string("the packing is of ") + (p.reversed ? "in" : "out") + "-trees, the collective needs " +
                          (gather ? "out" : "in") + "-trees");
  detail::msccl_builder b(n, p.per_root);
  b.add_phase(p, gather, 1);
  return b.write("shiftfly tree packing (" + core::to_message(p.trees.size()) + " trees, " +
                     core::to_message(p.per_root) + " chunks a rank)",
                 gather ? "allgather" : "reduce_scatter",
                 gather ? 0 : core::checked_mul(n.compute.size(), p.per_root, where, "chunks"), gather ? "o" : "i");
}

/// All-reduce: reduce-scatter on `reduce_scatter`'s in-trees, then all-gather on `all_gather`'s
/// out-trees, in one in-place file (coll="allreduce").
inline std::string msccl_allreduce_xml(const collective_network& n, const tree_packing& reduce_scatter,
                                       const tree_packing& all_gather) {
  constexpr const char* where = "msccl_allreduce_xml";
  if (!reduce_scatter.reversed) core::fail(where, "the reduce_scatter packing is of out-trees, it needs in-trees");
  if (all_gather.reversed) core::fail(where, "the all_gather packing is of in-trees, it needs out-trees");
  if (reduce_scatter.per_root == 0 || all_gather.per_root == 0) core::fail(where, "a packing has no trees");
  const std::uint64_t g = std::gcd(reduce_scatter.per_root, all_gather.per_root);
  const std::uint64_t L = core::checked_mul(reduce_scatter.per_root / g, all_gather.per_root, where, "chunks a rank");
  core::checked_mul(L, n.compute.size(), where, "chunks");
  detail::msccl_builder b(n, L);
  b.add_phase(reduce_scatter, false, L / reduce_scatter.per_root);
  b.add_phase(all_gather, true, L / all_gather.per_root);
  return b.write("shiftfly tree packing, reduce-scatter then all-gather (" + core::to_message(reduce_scatter.trees.size()) +
                     " + " + core::to_message(all_gather.trees.size()) + " trees, " + core::to_message(L) +
                     " chunks a rank)",
                 "allreduce", 0, "o");
}

}  // namespace shiftfly::collectives
