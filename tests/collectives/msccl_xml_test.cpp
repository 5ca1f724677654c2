// Tests for collectives/msccl_xml.hpp: the MSCCL algorithm files of the optimal tree packings are
// parsed back and run as MSCCL would run them: every send meets a receive of the same chunks on the
// same channel at the other end, and, sends firing only once their data is there, every chunk
// reaches every rank (allgather), or every rank's chunks end with the sum of every rank's exactly
// once (reduce_scatter).
#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "shiftfly/collectives/cut_bound.hpp"
#include "shiftfly/collectives/msccl_xml.hpp"
#include "shiftfly/collectives/network.hpp"
#include "shiftfly/collectives/tree_packing.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/topology/torus.hpp"

namespace sc = shiftfly::collectives;

namespace msccl_xml_test {
using graph = shiftfly::core::graph<std::uint32_t>;
using edges = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

// The attributes of every element named `tag`, in order.
std::vector<std::map<std::string, std::string>> elements(const std::string& xml, const std::string& tag,
                                                         std::vector<std::size_t>* at = nullptr) {
  std::vector<std::map<std::string, std::string>> out;
  for (std::size_t i = xml.find("<" + tag + " "); i != std::string::npos; i = xml.find("<" + tag + " ", i + 1)) {
    const std::size_t end = xml.find('>', i);
    std::map<std::string, std::string> attrs;
    std::size_t k = i + tag.size() + 1;
    while (true) {
      const std::size_t eq = xml.find("=\"", k);
      if (eq == std::string::npos || eq > end) break;
      std::size_t name = xml.rfind(' ', eq) + 1;
      const std::size_t close = xml.find('"', eq + 2);
      attrs[xml.substr(name, eq - name)] = xml.substr(eq + 2, close - eq - 2);
      k = close + 1;
    }
    out.push_back(attrs);
    if (at) at->push_back(i);
  }
  return out;
}

struct op {
  int rank, tb, peer_send, peer_recv, chan;
  std::string type;
  std::uint64_t off, cnt;
};

// Parses the file into its steps, each with its rank and thread block.
std::vector<op> steps_of(const std::string& xml) {
  std::vector<std::size_t> gpu_at, tb_at, step_at;
  const auto gpus = elements(xml, "gpu", &gpu_at);
  const auto tbs = elements(xml, "tb", &tb_at);
  const auto steps = elements(xml, "step", &step_at);
  std::vector<op> out;
  std::size_t g = 0, t = 0;
  for (std::size_t s = 0; s < steps.size(); ++s) {
    while (g + 1 < gpu_at.size() && gpu_at[g + 1] < step_at[s]) ++g;
    while (t + 1 < tb_at.size() && tb_at[t + 1] < step_at[s]) ++t;
    out.push_back({std::stoi(gpus[g].at("id")), std::stoi(tbs[t].at("id")), std::stoi(tbs[t].at("send")),
                   std::stoi(tbs[t].at("recv")), std::stoi(tbs[t].at("chan")), steps[s].at("type"),
                   std::stoull(steps[s].at("srcoff")), std::stoull(steps[s].at("cnt"))});
  }
  return out;
}

bool sends(const std::string& t) { return t == "s" || t == "rcs" || t == "rrs"; }
bool receives(const std::string& t) { return t == "r" || t == "rcs" || t == "rrc" || t == "rrs"; }

void check_file(const sc::collective_network& n, bool gather) {
  const auto cut = sc::optimal_allgather_cut(n, {}, !gather);
  const auto p = sc::pack_allgather_trees(n, cut, !gather);
  const auto xml = sc::msccl_xml(n, p, gather ? sc::msccl_collective::allgather : sc::msccl_collective::reduce_scatter);
  const auto algo = elements(xml, "algo").at(0);
  const int N = static_cast<int>(n.compute.size());
  const std::uint64_t chunks = N * p.per_root;
  CHECK(algo.at("coll") == (gather ? "allgather" : "reduce_scatter"));
  CHECK(std::stoi(algo.at("ngpus")) == N);
  CHECK(std::stoull(algo.at("nchunksperloop")) == chunks);
  const auto ops = steps_of(xml);
  // Every send meets one receive at its peer: same chunks, same channel.
  std::map<std::tuple<int, int, int, std::uint64_t, std::uint64_t>, int> pending;
  for (const auto& o : ops) {
    if (sends(o.type)) ++pending[{o.rank, o.peer_send, o.chan, o.off, o.cnt}];
    if (receives(o.type)) --pending[{o.peer_recv, o.rank, o.chan, o.off, o.cnt}];
  }
  for (const auto& [k, v] : pending) CHECK(v == 0);
  // Run it: a send fires once its rank holds the chunks (gather) or has reduced every partial
  // sum it receives for them (reduce-scatter).
  std::vector<std::vector<char>> have(N, std::vector<char>(chunks, 0));
  std::vector<std::vector<std::vector<int>>> sum(N, std::vector<std::vector<int>>(chunks, std::vector<int>(N, 0)));
  std::vector<std::vector<int>> expected_in(N, std::vector<int>(chunks, 0)), got_in(N, std::vector<int>(chunks, 0));
  for (int r = 0; r < N; ++r)
    for (std::uint64_t c = 0; c < chunks; ++c) {
      if (gather) have[r][c] = c / p.per_root == static_cast<std::uint64_t>(r);
      else sum[r][c][r] = 1;
    }
  for (const auto& o : ops)
    if (receives(o.type))
      for (std::uint64_t c = o.off; c < o.off + o.cnt; ++c) ++expected_in[o.rank][c];
  std::vector<char> fired(ops.size(), 0);
  for (bool progress = true; progress;) {
    progress = false;
    for (std::size_t i = 0; i < ops.size(); ++i) {
      const auto& o = ops[i];
      if (fired[i] || !sends(o.type)) continue;
      bool ready = true;
      for (std::uint64_t c = o.off; c < o.off + o.cnt; ++c)
        ready = ready && (gather ? have[o.rank][c] != 0 : got_in[o.rank][c] == expected_in[o.rank][c]);
      if (!ready) continue;
      for (std::uint64_t c = o.off; c < o.off + o.cnt; ++c) {
        if (gather) have[o.peer_send][c] = 1;
        else {
          for (int k = 0; k < N; ++k) sum[o.peer_send][c][k] += sum[o.rank][c][k];
          ++got_in[o.peer_send][c];
        }
      }
      fired[i] = 1;
      progress = true;
    }
  }
  for (std::size_t i = 0; i < ops.size(); ++i)
    if (sends(ops[i].type)) CHECK(fired[i]);
  for (int r = 0; r < N; ++r)
    for (std::uint64_t c = 0; c < chunks; ++c) {
      if (gather) CHECK(have[r][c] == 1);  // every chunk reaches every rank
      else if (c / p.per_root == static_cast<std::uint64_t>(r))
        for (int k = 0; k < N; ++k) CHECK(sum[r][c][k] == 1);  // every rank's part, exactly once
    }
}

TEST_CASE("MSCCL files of the tree packings run: every chunk reaches every rank", "[msccl_xml]") {
  std::vector<graph> fabrics;
  fabrics.push_back(shiftfly::topology::torus(std::vector<std::uint64_t>{3, 3}));
  fabrics.push_back(shiftfly::topology::torus(std::vector<std::uint64_t>{2, 2, 2}));
  fabrics.push_back(graph::from_edges(5, edges{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 2}}));
  for (const auto& g : fabrics) {
    const auto n = sc::make_collective_network(g, std::vector<std::uint32_t>(g.num_vertices(), 1));
    check_file(n, true);
    check_file(n, false);
  }
  // A fat tree: hosts off edge switches, every switch forwarding only (ranks are the hosts).
  const auto ft = graph::from_edges(4, edges{{0, 1}, {0, 2}, {0, 3}});
  const auto n = sc::make_collective_network(ft, {0, 2, 2, 2}, 2);
  check_file(n, true);
  check_file(n, false);
}

}  // namespace msccl_xml_test
