// Tests for collectives/msccl_xml.hpp: the MSCCL algorithm files of the optimal tree packings are
// parsed back and run as MSCCL would run them: every send meets a receive of the same chunks on the
// same channel at the other end, and, sends firing only once their data is there, every chunk
// reaches every rank (allgather), or every rank's chunks end with the sum of every rank's exactly
// once (reduce_scatter). The all-reduce file (both phases in one) is run by an executor that
// follows only what the file writes: thread blocks run their steps in order, a step waits for its
// dependency (depid, deps) and, when it receives, for a message on its connection; every rank
// must end with the exact elementwise sum, and the file with a dependency between the phases
// taken out must not.
#include <catch2/catch.hpp>

#include <cstdint>
#include <deque>
#include <map>
#include <set>
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

namespace msccl_xml_test {

namespace sc = shiftfly::collectives;

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

// ---- all-reduce: the file run on integers, following its written dependencies only ----

struct xstep {
  std::string type;
  std::int64_t off = 0, cnt = 0, depid = -1, deps = -1;
  bool hasdep = false;
};
struct xtb {
  int send = -1, recv = -1, chan = 0;
  std::string comment;
  std::vector<xstep> steps;
};
using program = std::vector<std::vector<xtb>>;  // rank -> thread blocks

program program_of(const std::string& xml) {
  std::vector<std::size_t> gpu_at, tb_at, step_at;
  const auto gpus = elements(xml, "gpu", &gpu_at);
  const auto tbs = elements(xml, "tb", &tb_at);
  const auto steps = elements(xml, "step", &step_at);
  program out(gpus.size());
  for (std::size_t g = 0; g < gpus.size(); ++g) REQUIRE(std::stoul(gpus[g].at("id")) == g);
  std::size_t g = 0;
  for (std::size_t t = 0; t < tbs.size(); ++t) {
    while (g + 1 < gpu_at.size() && gpu_at[g + 1] < tb_at[t]) ++g;
    REQUIRE(std::stoul(tbs[t].at("id")) == out[g].size());
    const std::size_t c = xml.find("<!-- ", tb_at[t]);
    out[g].push_back({std::stoi(tbs[t].at("send")), std::stoi(tbs[t].at("recv")), std::stoi(tbs[t].at("chan")),
                      xml.substr(c + 5, xml.find(" -->", c) - c - 5), {}});
  }
  std::size_t gg = 0, t = 0;
  for (std::size_t s = 0; s < steps.size(); ++s) {
    while (gg + 1 < gpu_at.size() && gpu_at[gg + 1] < step_at[s]) ++gg;
    while (t + 1 < tb_at.size() && tb_at[t + 1] < step_at[s]) ++t;
    const auto& a = steps[s];
    auto& tb = out[gg][std::stoul(tbs[t].at("id"))];
    REQUIRE(std::stoul(a.at("s")) == tb.steps.size());
    CHECK(a.at("srcbuf") == "o");  // in place
    CHECK(a.at("dstbuf") == "o");
    CHECK(a.at("srcoff") == a.at("dstoff"));
    tb.steps.push_back({a.at("type"), std::stoll(a.at("srcoff")), std::stoll(a.at("cnt")), std::stoll(a.at("depid")),
                        std::stoll(a.at("deps")), a.at("hasdep") == "1"});
  }
  return out;
}

bool step_sends(const std::string& t) { return t == "s" || t == "rcs" || t == "rrs" || t == "rrcs"; }
bool step_receives(const std::string& t) { return t == "r" || t == "rcs" || t == "rrc" || t == "rrs" || t == "rrcs"; }

// Runs the program on buffers `buf` (rank -> chunk values). Rounds: in each, every thread block
// whose next step is ready runs it; a step is ready when its dependency is done and, if it
// receives, a message waits on its connection (sender, receiver, channel). `lockstep`: a
// dependency done or a message sent in a round counts only from the next round (each send and
// each wait as late as the file allows); else at once. True when every step ran and every
// message was received.
bool run_program(const program& p, std::vector<std::vector<std::int64_t>>& buf, bool lockstep) {
  const std::size_t N = p.size();
  struct message {
    std::int64_t off, cnt;
    std::vector<std::int64_t> data;
    std::size_t round;
  };
  std::map<std::tuple<int, int, int>, std::deque<message>> wire;
  std::vector<std::vector<std::size_t>> next(N), done_round(N);
  std::vector<std::vector<std::vector<std::size_t>>> done(N);  // round + 1 a step ran in, 0 not yet
  for (std::size_t r = 0; r < N; ++r) {
    next[r].assign(p[r].size(), 0);
    done[r].resize(p[r].size());
    for (std::size_t b = 0; b < p[r].size(); ++b) done[r][b].assign(p[r][b].steps.size(), 0);
  }
  for (std::size_t round = 1;; ++round) {
    bool progress = false;
    for (std::size_t r = 0; r < N; ++r)
      for (std::size_t b = 0; b < p[r].size(); ++b) {
        const auto& tb = p[r][b];
        if (next[r][b] == tb.steps.size()) continue;
        const auto& s = tb.steps[next[r][b]];
        if (s.depid >= 0) {
          const std::size_t when = done[r].at(s.depid).at(s.deps);
          if (when == 0 || (lockstep && when >= round)) continue;
        }
        message in{};
        if (step_receives(s.type)) {
          auto& q = wire[{tb.recv, static_cast<int>(r), tb.chan}];
          if (q.empty() || (lockstep && q.front().round >= round)) continue;
          in = q.front();
          q.pop_front();
          REQUIRE(in.off == s.off);  // the send and the receive agree on the chunks
          REQUIRE(in.cnt == s.cnt);
        }
        std::vector<std::int64_t> out;
        for (std::int64_t c = s.off; c < s.off + s.cnt && s.type != "nop"; ++c) {
          auto& x = buf[r].at(c);
          const std::int64_t v = in.data.empty() ? 0 : in.data[c - s.off];
          if (s.type == "r" || s.type == "rcs") x = v;
          else if (s.type == "rrc" || s.type == "rrcs") x += v;
          else REQUIRE((s.type == "s" || s.type == "rrs"));
          out.push_back(s.type == "rrs" ? x + v : x);  // rrs sends the sum, keeps its own
        }
        if (step_sends(s.type)) wire[{static_cast<int>(r), tb.send, tb.chan}].push_back({s.off, s.cnt, out, round});
        done[r][b][next[r][b]++] = round;
        progress = true;
      }
    if (!progress) break;
  }
  for (std::size_t r = 0; r < N; ++r)
    for (std::size_t b = 0; b < p[r].size(); ++b)
      if (next[r][b] != p[r][b].steps.size()) return false;
  for (const auto& [k, q] : wire)
    if (!q.empty()) return false;
  return true;
}

// Each rank's own values (a fixed linear congruential sequence), and their elementwise sum.
std::vector<std::vector<std::int64_t>> start_values(std::size_t N, std::size_t chunks) {
  std::vector<std::vector<std::int64_t>> v(N, std::vector<std::int64_t>(chunks));
  std::uint64_t x = 12345;
  for (auto& row : v)
    for (auto& e : row) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      e = static_cast<std::int64_t>(x >> 34);
    }
  return v;
}

// True when the program ends with every rank holding the exact elementwise sum.
bool sums_everywhere(const program& p, std::size_t chunks, bool lockstep) {
  auto buf = start_values(p.size(), chunks);
  std::vector<std::int64_t> sum(chunks, 0);
  for (const auto& row : buf)
    for (std::size_t c = 0; c < chunks; ++c) sum[c] += row[c];
  if (!run_program(p, buf, lockstep)) return false;
  for (const auto& row : buf)
    if (row != sum) return false;
  return true;
}

// The file's shape as MSCCL loads it: channels below nchannels, one thread block a connection end,
// every dependency on an earlier-written step of the same rank marked hasdep.
void check_shape(const program& p, int nchannels) {
  for (const auto& tbs : p) {
    std::set<std::pair<int, int>> sends, recvs;
    for (std::size_t b = 0; b < tbs.size(); ++b) {
      const auto& tb = tbs[b];
      CHECK(tb.chan >= 0);
      CHECK(tb.chan < nchannels);
      if (tb.send >= 0) CHECK(sends.insert({tb.send, tb.chan}).second);
      if (tb.recv >= 0) CHECK(recvs.insert({tb.recv, tb.chan}).second);
      for (const auto& s : tb.steps) {
        CHECK((step_sends(s.type) == (tb.send >= 0) || s.type == "nop"));
        if (step_receives(s.type)) CHECK(tb.recv >= 0);
        if (s.depid < 0) continue;
        REQUIRE(static_cast<std::size_t>(s.depid) < tbs.size());
        REQUIRE(static_cast<std::size_t>(s.deps) < tbs[s.depid].steps.size());
        CHECK(tbs[s.depid].steps[s.deps].hasdep);
      }
    }
  }
}

// The root of the shard a thread block's comment names ("AG tree 3, root 2, chunks 1").
int root_of(const std::string& comment) {
  const auto at = comment.find("root ");
  return std::stoi(comment.substr(at + 5));
}

void check_allreduce(const sc::collective_network& n, const sc::tree_packing& rs, const sc::tree_packing& ag) {
  const auto xml = sc::msccl_allreduce_xml(n, rs, ag);
  const auto algo = elements(xml, "algo").at(0);
  const std::size_t N = n.compute.size();
  CHECK(algo.at("coll") == "allreduce");
  CHECK(algo.at("inplace") == "1");
  CHECK(std::stoul(algo.at("ngpus")) == N);
  const std::size_t chunks = std::stoul(algo.at("nchunksperloop"));
  CHECK(chunks % N == 0);
  for (const auto& g : elements(xml, "gpu")) {
    CHECK(g.at("i_chunks") == "0");
    CHECK(std::stoul(g.at("o_chunks")) == chunks);
  }
  const auto p = program_of(xml);
  REQUIRE(p.size() == N);
  check_shape(p, std::stoi(algo.at("nchannels")));
  CHECK(sums_everywhere(p, chunks, false));  // every rank ends with the exact sum
  CHECK(sums_everywhere(p, chunks, true));
  // Taken out, each root's dependency of an all-gather send on its reduction gives a wrong sum:
  // the root sends its shard before every partial sum has come in.
  int cut = 0;
  for (std::size_t r = 0; r < N; ++r)
    for (std::size_t b = 0; b < p[r].size(); ++b) {
      const auto& tb = p[r][b];
      if (tb.comment.rfind("AG", 0) != 0 || root_of(tb.comment) != static_cast<int>(r)) continue;
      auto q = p;
      bool crossed = false;
      for (auto& s : q[r][b].steps)
        if (s.depid >= 0 && p[r][s.depid].comment.rfind("RS", 0) == 0) {
          s.depid = s.deps = -1;
          crossed = true;
        }
      CHECK(crossed);  // every root's all-gather send waits for its reduction
      CHECK_FALSE(sums_everywhere(q, chunks, true));
      ++cut;
    }
  CHECK(cut > 0);
}

// Returns whether the straddling file needed nop steps.
bool check_allreduce(const sc::collective_network& n) {
  const auto rs = sc::pack_allgather_trees(n, sc::optimal_allgather_cut(n, {}, true), true);
  const auto ag = sc::pack_allgather_trees(n, sc::optimal_allgather_cut(n, {}, false), false);
  check_allreduce(n, rs, ag);
  // Packings of other chunkings: the all-gather's counted in thirds, each root's trees taking
  // 3m chunks shifted by one (its first tree once more with 1 chunk in front, its last with
  // 3m - 1), so that its pieces straddle the reduce-scatter's (dependencies in nop steps).
  sc::tree_packing thirds = ag;
  thirds.per_root = 3 * ag.per_root;
  thirds.trees.clear();
  std::map<std::uint32_t, std::size_t> first, last;
  for (std::size_t i = 0; i < ag.trees.size(); ++i) {
    first.emplace(ag.trees[i].root, i);
    last[ag.trees[i].root] = i;
  }
  for (std::size_t i = 0; i < ag.trees.size(); ++i) {
    auto t = ag.trees[i];
    const std::uint64_t m = t.multiplicity;
    if (first.at(t.root) == i) {
      t.multiplicity = 1;
      thirds.trees.push_back(t);
    }
    t.multiplicity = 3 * m - (last.at(t.root) == i ? 1 : 0);
    thirds.trees.push_back(t);
  }
  check_allreduce(n, rs, thirds);
  const auto xml = sc::msccl_allreduce_xml(n, rs, thirds);
  const bool nop = xml.find("type=\"nop\"") != std::string::npos;
  if (rs.trees.size() > n.compute.size()) CHECK(nop);  // a root with two in-trees: a piece straddles them
  return nop;
}

TEST_CASE("The all-reduce MSCCL file runs: every rank ends with the exact sum", "[msccl_xml]") {
  std::vector<graph> fabrics;
  fabrics.push_back(graph::from_edges(4, edges{{0, 1}, {1, 2}, {2, 3}, {3, 0}}));  // a ring
  fabrics.push_back(shiftfly::topology::torus(std::vector<std::uint64_t>{3, 3}));
  fabrics.push_back(shiftfly::topology::torus(std::vector<std::uint64_t>{4, 4}));
  fabrics.push_back(graph::from_edges(5, edges{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 2}}));
  int nops = 0;
  for (const auto& g : fabrics) {
    const auto n = sc::make_collective_network(g, std::vector<std::uint32_t>(g.num_vertices(), 1));
    nops += check_allreduce(n);
  }
  // Split endpoints: hosts off edge switches, the switches forwarding only.
  const auto ft = graph::from_edges(4, edges{{0, 1}, {0, 2}, {0, 3}});
  nops += check_allreduce(sc::make_collective_network(ft, {0, 2, 2, 2}, 2));
  // Routers with two endpoints each on a ring.
  const auto ring = graph::from_edges(3, edges{{0, 1}, {1, 2}, {2, 0}});
  nops += check_allreduce(sc::make_collective_network(ring, {2, 2, 2}, 1));
  CHECK(nops > 0);  // the dependencies in nop steps were run too
}

TEST_CASE("The all-reduce MSCCL file: the packings' kinds are checked", "[msccl_xml]") {
  const auto g = graph::from_edges(4, edges{{0, 1}, {1, 2}, {2, 3}, {3, 0}});
  const auto n = sc::make_collective_network(g, std::vector<std::uint32_t>(4, 1));
  const auto rs = sc::pack_allgather_trees(n, sc::optimal_allgather_cut(n, {}, true), true);
  const auto ag = sc::pack_allgather_trees(n, sc::optimal_allgather_cut(n, {}, false), false);
  CHECK_THROWS_WITH(sc::msccl_allreduce_xml(n, ag, ag), Catch::Contains("needs in-trees"));
  CHECK_THROWS_WITH(sc::msccl_allreduce_xml(n, rs, rs), Catch::Contains("needs out-trees"));
  CHECK_THROWS_WITH(sc::msccl_xml(n, rs, sc::msccl_collective::allreduce), Catch::Contains("both packings"));
}

}  // namespace msccl_xml_test
