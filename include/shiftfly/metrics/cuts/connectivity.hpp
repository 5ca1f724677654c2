#pragma once
/// \file connectivity.hpp
/// Vertex and edge connectivity, of the undirected physical graph and of the
/// digraph of arcs (Shiftfly Prop. 5.6: the Kautz digraph K(d, D) has vertex
/// connectivity d), by maximum flows (Menger's theorem) with unit capacities.
///
/// Vertex connectivity: every vertex x is split into x_in → x_out and every arc
/// x → y becomes x_out → y_in, all of capacity 1 (an integral flow never puts
/// more than one unit on x_out → y_in when s, t are not adjacent), so the
/// maximum s_out → t_in flow is κ(s, t), the most internally vertex-disjoint
/// s–t paths. κ(G) is the minimum over non-adjacent ordered pairs (n − 1 when
/// there are none). Sources follow S. Even (SIAM J. Comput. 4, 1975) with the
/// reduction of A. H. Esfahanian and S. L. Hakimi (Networks 14, 1984): for a
/// vertex v of fewest flows, a minimum separator S either misses v, and then
/// separates v from a non-neighbour t (flows v → t, and t → v along arcs), or
/// holds v, and then G − (S − v) is (strongly) connected, so some path through
/// v from an in-neighbour x to an out-neighbour y has no x → y arc and S
/// separates x from y (flows x → y). That is at most n − δ − 1 + δ(δ − 1)/2
/// flows undirected, 2(n − 1) − d⁻ − d⁺ + d⁻·d⁺ along arcs (d⁻, d⁺ the degrees of v).
/// Edge connectivity: unit arc capacities. Whitney's κ ≤ λ ≤ δ (also for
/// digraphs) settles λ = δ without a flow when κ = δ. Otherwise flows from v to
/// every other vertex (undirected: the source side of a minimum cut holds v or
/// the sink side does), or, along arcs, from every vertex to the next in the
/// cyclic order 0, 1, ..., n − 1, 0 (C. P. Schnorr, SIAM J. Comput. 8, 1979: a
/// minimum cut's source side holds some i whose successor it misses); they stop
/// once λ reaches κ.
/// Each flow is grown one augmenting path at a time (bidirectional breadth-first
/// search of the residual network) and stops as soon as it reaches the smallest
/// cut found so far (min degree at first): a flow of that value proves nothing
/// smaller there. The flows are independent
/// and run on `threads` workers; the minimum does not depend on their order,
/// and the early stops are decided after fixed rounds of flows, so `flows` is
/// the same for every thread count.
/// Cost: at most (flows × bound) searches over the network's arcs, far fewer on
/// expanders; estimate_connectivity_cost extrapolates it from a few flows before the run.

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/worker_pool.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/distances/detail/ms_bfs.hpp"

namespace shiftfly::metrics {

/// Connectivity of one graph view.
struct connectivity_result {
  /// Vertex connectivity κ.
  std::size_t vertex = 0;
  /// Edge (arc) connectivity λ.
  std::size_t edge = 0;
  /// True along the arcs, false for the undirected graph.
  bool directed = false;
  /// Maximum flows computed (each stopped at the bound of its time).
  std::size_t flows = 0;
};

/// How connectivity runs.
struct connectivity_options {
  /// Worker threads, 0 = all cores.
  unsigned threads = 1;
  /// Called with (flows done, flows at most) at every 5 % and at the end; may be empty.
  std::function<void(std::size_t, std::size_t)> progress;
};

/// What a connectivity run costs at most, known before it starts.
struct connectivity_cost {
  /// Maximum flows at most (the edge flows are skipped when κ = δ).
  std::size_t flows = 0;
  /// Arc scans, estimated: the scans of 16 evenly spaced flows of each phase (run to the
  /// min degree, as the first flows are), times the flows of the phase over 16.
  std::uint64_t work = 0;
  /// Estimated seconds on one core: work / connectivity_scans_per_second.
  double seconds = 0;
};

/// Arc scans per second of one core, calibrated on the 2-core development machine
/// (docs/performance.md, "Connectivity": Kautz, Boardfly and torus runs of 10,000 to
/// 96,000 vertices ran at 2.4·10^8 to 6.5·10^8), rounded down so that the estimate errs long.
inline constexpr double connectivity_scans_per_second = 2.0e8;

/// The largest graph connectivity takes (node ids of the split network stay 32-bit);
/// the time a run takes is bounded by require_connectivity_within instead.
inline constexpr std::uint64_t connectivity_max_vertices = std::uint64_t{1} << 24;

namespace detail {

/// The loop-free, duplicate-free out-rows of the chosen view.
template <core::digraph_like G>
inline csr connectivity_rows(const G& g, bool directed) {
  using V = typename G::vertex_type;
  if (directed) return make_csr(g.num_vertices(), [&](std::size_t v) { return g.out_arcs(static_cast<V>(v)); });
  return make_csr(g.num_vertices(), [&](std::size_t v) { return g.neighbors(static_cast<V>(v)); });
}

inline bool has_arc(const csr& a, std::uint32_t u, std::uint32_t v) {
  return std::binary_search(a.targets.begin() + static_cast<std::ptrdiff_t>(a.offsets[u]),
                            a.targets.begin() + static_cast<std::ptrdiff_t>(a.offsets[u + 1]), v);
}

/// True if every vertex reaches vertex 0 and is reached from it (strongly connected).
inline bool strongly_connected(const csr& a, const csr& at) {
  for (const csr* c : {&a, &at}) {
    std::vector<char> seen(a.n, 0);
    std::vector<std::uint32_t> queue{0};
    seen[0] = 1;
    for (std::size_t h = 0; h < queue.size(); ++h)
      for (auto i = c->offsets[queue[h]]; i < c->offsets[queue[h] + 1]; ++i)
        if (!seen[c->targets[i]]) seen[c->targets[i]] = 1, queue.push_back(c->targets[i]);
    if (queue.size() != a.n) return false;
  }
  return true;
}

/// A network of unit-capacity arcs, each paired with its reverse (capacity 0), in CSR form.
struct unit_network {
  std::size_t nodes = 0;
  std::vector<std::uint64_t> first;    // arcs of node u: [first[u], first[u + 1])
  std::vector<std::uint32_t> head;     // the arc's head
  std::vector<std::uint64_t> mate;     // the reverse arc
  std::vector<std::int8_t> capacity;   // 1 forward, 0 reverse

  /// Builds it from (tail, head) arcs.
  unit_network(std::size_t n, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& arcs) : nodes(n) {
    first.assign(n + 1, 0);
    for (const auto& [u, w] : arcs) ++first[u + 1], ++first[w + 1];
    for (std::size_t u = 0; u < n; ++u) first[u + 1] += first[u];
    std::vector<std::uint64_t> next(first.begin(), first.end() - 1);
    head.resize(2 * arcs.size());
    mate.resize(2 * arcs.size());
    capacity.resize(2 * arcs.size());
    for (const auto& [u, w] : arcs) {
      const auto e = next[u]++, r = next[w]++;
      head[e] = w, head[r] = u, mate[e] = r, mate[r] = e, capacity[e] = 1, capacity[r] = 0;
    }
  }
  [[nodiscard]] std::size_t arcs() const { return head.size(); }
};

/// One worker's residual capacities and search arrays.
class unit_flow {
 public:
  explicit unit_flow(const unit_network& g)
      : g_(g), residual_(g.capacity), seen_(g.nodes, 0), via_(g.nodes, 0), back_(g.nodes, 0) {}

  /// Arcs examined by the searches so far.
  [[nodiscard]] std::uint64_t scans() const { return scans_; }

  /// The maximum s → t flow, or `bound` if it reaches that; the network is left as found.
  std::size_t flow(std::uint32_t s, std::uint32_t t, std::size_t bound) {
    std::size_t f = 0;
    while (f < bound && augment(s, t)) ++f;
    for (auto e : touched_) residual_[e] = g_.capacity[e];
    touched_.clear();
    return f;
  }

 private:
  void push(std::uint64_t a) {
    const auto r = g_.mate[a];
    --residual_[a], ++residual_[r];
    touched_.push_back(a), touched_.push_back(r);
  }

  /// One augmenting path by a bidirectional breadth-first search of the residual network
  /// (the smaller frontier grows by a level at a time; forward and backward marks differ,
  /// so the two halves of the path share no node).
  bool augment(std::uint32_t s, std::uint32_t t) {
    if (stamp_ >= UINT32_MAX - 2) {
      std::fill(seen_.begin(), seen_.end(), 0);
      stamp_ = 0;
    }
    stamp_ += 2;
    const std::uint32_t fwd = stamp_, bwd = stamp_ + 1;
    seen_[s] = fwd, seen_[t] = bwd;
    front_.assign(1, s), rear_.assign(1, t);
    while (!front_.empty() && !rear_.empty()) {
      next_.clear();
      if (front_.size() <= rear_.size()) {
        for (const auto u : front_) {
          scans_ += g_.first[u + 1] - g_.first[u];
          for (auto e = g_.first[u]; e < g_.first[u + 1]; ++e) {
            if (residual_[e] == 0) continue;
            const auto w = g_.head[e];
            if (seen_[w] == bwd) return join(s, t, u, e, w);
            if (seen_[w] == fwd) continue;
            seen_[w] = fwd, via_[w] = e;
            next_.push_back(w);
          }
        }
        front_.swap(next_);
      } else {
        for (const auto w : rear_) {
          scans_ += g_.first[w + 1] - g_.first[w];
          for (auto e = g_.first[w]; e < g_.first[w + 1]; ++e) {
            const auto r = g_.mate[e];  // the arc u → w
            if (residual_[r] == 0) continue;
            const auto u = g_.head[e];
            if (seen_[u] == fwd) return join(s, t, u, r, w);
            if (seen_[u] == bwd) continue;
            seen_[u] = bwd, back_[u] = r;
            next_.push_back(u);
          }
        }
        rear_.swap(next_);
      }
    }
    return false;
  }

  /// Augments along s ~> u (forward marks), the arc e = u → w, and w ~> t (backward marks).
  bool join(std::uint32_t s, std::uint32_t t, std::uint32_t u, std::uint64_t e, std::uint32_t w) {
    for (auto x = u; x != s; x = g_.head[g_.mate[via_[x]]]) push(via_[x]);
    push(e);
    for (auto x = w; x != t; x = g_.head[back_[x]]) push(back_[x]);
    return true;
  }

  const unit_network& g_;
  std::vector<std::int8_t> residual_;
  std::vector<std::uint32_t> seen_;
  std::vector<std::uint64_t> via_, back_;  // the arc that reached a node forward, or left it backward
  std::vector<std::uint32_t> front_, rear_, next_;
  std::vector<std::uint64_t> touched_;
  std::uint32_t stamp_ = 0;
  std::uint64_t scans_ = 0;
};

/// The pairs of one connectivity run (original vertex ids), its bound and network sizes.
struct connectivity_plan {
  std::size_t min_degree = 0;  // δ: min(out, in) degree over the vertices
  std::uint32_t source = 0;    // v
  std::vector<std::pair<std::uint32_t, std::uint32_t>> vertex_pairs;  // s_out → t_in flows
  std::size_t edge_flows = 0;  // n − 1 undirected, n along arcs
  std::uint64_t split_arcs = 0, unit_arcs = 0;  // arcs of the two networks, reverses included
};

/// The vertex of fewest Esfahanian–Hakimi flows (the lowest index among ties) and its flows.
inline connectivity_plan plan_connectivity(const csr& a, const csr& at, bool directed) {
  const std::size_t n = a.n;
  connectivity_plan p;
  p.min_degree = n - 1;
  for (std::size_t v = 0; v < n; ++v) p.min_degree = std::min({p.min_degree, a.degree(v), at.degree(v)});
  std::size_t v = 0;
  std::uint64_t fewest = UINT64_MAX;
  for (std::size_t u = 0; u < n; ++u) {
    const std::uint64_t out = a.degree(u), in = at.degree(u);
    const std::uint64_t count = directed ? 2 * (n - 1) - out - in + out * in : n - 1 - out + out * (out - 1) / 2;
    if (count < fewest) fewest = count, v = u;
  }
  const auto vv = static_cast<std::uint32_t>(v);
  p.source = vv;
  for (std::uint32_t t = 0; t < n; ++t)
    if (t != vv && !has_arc(a, vv, t)) p.vertex_pairs.push_back({vv, t});
  if (directed)
    for (std::uint32_t t = 0; t < n; ++t)
      if (t != vv && !has_arc(at, vv, t)) p.vertex_pairs.push_back({t, vv});
  const csr& ins = directed ? at : a;
  for (auto i = ins.offsets[v]; i < ins.offsets[v + 1]; ++i)
    for (auto j = a.offsets[v]; j < a.offsets[v + 1]; ++j) {
      const auto x = ins.targets[i], y = a.targets[j];
      if (x == y || (!directed && y < x)) continue;
      if (!has_arc(a, x, y)) p.vertex_pairs.push_back({x, y});
    }
  p.edge_flows = directed ? n : n - 1;
  p.split_arcs = 2 * (n + a.targets.size());
  p.unit_arcs = 2 * a.targets.size();
  return p;
}

/// The split network of vertex connectivity: x_in = 2x, x_out = 2x + 1.
inline unit_network split_network(const csr& a) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs;
  arcs.reserve(a.n + a.targets.size());
  for (std::uint32_t x = 0; x < a.n; ++x) {
    arcs.push_back({2 * x, 2 * x + 1});
    for (auto i = a.offsets[x]; i < a.offsets[x + 1]; ++i) arcs.push_back({2 * x + 1, 2 * a.targets[i]});
  }
  return unit_network(2 * a.n, arcs);
}

/// The network of edge connectivity: the arcs themselves.
inline unit_network arc_network(const csr& a) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> arcs;
  arcs.reserve(a.targets.size());
  for (std::uint32_t x = 0; x < a.n; ++x)
    for (auto i = a.offsets[x]; i < a.offsets[x + 1]; ++i) arcs.push_back({x, a.targets[i]});
  return unit_network(a.n, arcs);
}

/// Source and sink (network nodes) of vertex flow i.
inline std::pair<std::uint32_t, std::uint32_t> vertex_flow(const connectivity_plan& p, std::size_t i) {
  return {2 * p.vertex_pairs[i].first + 1, 2 * p.vertex_pairs[i].second};
}

/// Source and sink of edge flow i: v → every other vertex, or along arcs i → i + 1 (mod n).
inline std::pair<std::uint32_t, std::uint32_t> edge_flow(const connectivity_plan& p, std::size_t n, bool directed,
                                                         std::size_t i) {
  const auto u = static_cast<std::uint32_t>(i);
  if (directed) return {u, static_cast<std::uint32_t>((i + 1) % n)};
  return {p.source, u < p.source ? u : u + 1};
}

/// The memory of the two networks and, per worker, of their residual capacities and search arrays.
inline void require_connectivity_memory(const csr& a, const connectivity_plan& p, unsigned threads) {
  core::require_memory(
      "metrics::connectivity",
      "the flow networks (" + core::to_message(a.n) + " vertices, " + core::to_message(a.targets.size()) + " arcs)",
      core::estimate_add_mul(core::estimate_add_mul(0, p.split_arcs + p.unit_arcs, 21 + threads),
                             3 * a.n, 8 + 32 * static_cast<std::uint64_t>(threads)));
}

/// Flows are run in rounds of this many, so that early stops do not depend on the threads.
inline constexpr std::size_t connectivity_round = 256;

/// min(bound, min over `pairs` of flow(pair)), stopping after the round in which it
/// reaches `floor`; `done` counts the flows for progress, `flows` those computed.
template <class Pair>
inline std::size_t min_flow(const unit_network& net, std::size_t count, Pair&& pair, std::size_t bound,
                            std::size_t floor, unsigned threads, std::size_t& flows,
                            const std::function<void(std::size_t)>& tick) {
  std::vector<unit_flow> workers;
  const auto w = static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(count, 1)));
  workers.reserve(w);
  for (unsigned i = 0; i < w; ++i) workers.emplace_back(net);
  std::atomic<std::size_t> best{bound};
  for (std::size_t begin = 0; begin < count && best.load() > floor; begin += connectivity_round) {
    const std::size_t end = std::min(count, begin + connectivity_round);
    std::atomic<std::size_t> next{begin};
    core::run_workers(w, [&](unsigned id) {
      for (std::size_t i; (i = next.fetch_add(1)) < end;) {
        const auto [s, t] = pair(i);
        const std::size_t f = workers[id].flow(s, t, best.load());
        for (auto b = best.load(); f < b && !best.compare_exchange_weak(b, f);) {
        }
        tick(1);
      }
    });
    flows += end - begin;
  }
  return best.load();
}

inline connectivity_result connectivity_of(const csr& a, bool directed, const connectivity_options& o) {
  const std::size_t n = a.n;
  connectivity_result r;
  r.directed = directed;
  if (n <= 1) return r;
  const csr at = transpose(a);
  if (!strongly_connected(a, at)) return r;  // κ = λ = 0
  const connectivity_plan p = plan_connectivity(a, at, directed);
  const unsigned threads = core::resolve_threads(o.threads);
  require_connectivity_memory(a, p, threads);
  const std::size_t total = p.vertex_pairs.size() + p.edge_flows;
  std::size_t done = 0, shown = 0;
  std::mutex progress_mutex;
  const std::function<void(std::size_t)> tick = [&](std::size_t k) {
    if (!o.progress) return;
    std::lock_guard<std::mutex> lock(progress_mutex);
    done += k;
    if (done * 20 / total > shown * 20 / total || done == total) o.progress(shown = done, total);
  };
  // Vertex connectivity on the split network.
  r.vertex = min_flow(
      split_network(a), p.vertex_pairs.size(), [&](std::size_t i) { return vertex_flow(p, i); }, p.min_degree, 1,
      threads, r.flows, tick);
  // Edge connectivity: λ = δ when κ = δ (Whitney); else flows down to λ = κ.
  r.edge = p.min_degree;
  if (r.vertex < p.min_degree)
    r.edge = min_flow(
        arc_network(a), p.edge_flows, [&](std::size_t i) { return edge_flow(p, n, directed, i); }, p.min_degree,
        r.vertex, threads, r.flows, tick);
  if (o.progress && done < total) o.progress(total, total);
  return r;
}

/// Flows sampled by the estimate, evenly spaced, in each of the two phases.
inline constexpr std::size_t connectivity_pilot_flows = 16;

/// Arc scans of `count` flows, extrapolated from connectivity_pilot_flows of them, evenly
/// spaced, each run to the bound `bound` (no smaller cut known yet, as in the first round).
template <class Pair>
inline std::uint64_t pilot_scans(const unit_network& net, std::size_t count, Pair&& pair, std::size_t bound) {
  if (count == 0) return 0;
  const std::size_t k = std::min(count, connectivity_pilot_flows);
  unit_flow f(net);
  for (std::size_t j = 0; j < k; ++j) {
    const auto [s, t] = pair(j * count / k);
    f.flow(s, t, bound);
  }
  const double mean = static_cast<double>(f.scans()) / static_cast<double>(k);
  return static_cast<std::uint64_t>(std::ceil(mean * static_cast<double>(count)));
}

inline connectivity_cost connectivity_cost_of(const csr& a, bool directed) {
  connectivity_cost c;
  if (a.n <= 1) return c;
  const csr at = transpose(a);
  if (!strongly_connected(a, at)) return c;  // κ = λ = 0 without a flow
  const connectivity_plan p = plan_connectivity(a, at, directed);
  require_connectivity_memory(a, p, 1);
  c.flows = p.vertex_pairs.size() + p.edge_flows;
  c.work = pilot_scans(split_network(a), p.vertex_pairs.size(), [&](std::size_t i) { return vertex_flow(p, i); },
                       p.min_degree) +
           pilot_scans(arc_network(a), p.edge_flows, [&](std::size_t i) { return edge_flow(p, a.n, directed, i); },
                       p.min_degree);
  c.seconds = static_cast<double>(c.work) / connectivity_scans_per_second;
  return c;
}

inline void check_connectivity_options(const char* where, const connectivity_options& o) {
  core::require_range(where, "threads", o.threads, 0, 1024);
}

}  // namespace detail

/// Vertex and edge connectivity of the undirected physical graph.
template <core::digraph_like G>
inline connectivity_result connectivity(const G& g, const connectivity_options& options = {}) {
  core::require_range("metrics::connectivity", "n", g.num_vertices(), 1, connectivity_max_vertices);
  detail::check_connectivity_options("metrics::connectivity", options);
  return detail::connectivity_of(detail::connectivity_rows(g, false), false, options);
}

/// Vertex and edge connectivity of the digraph of arcs (loops and repeated arcs ignored).
template <core::digraph_like G>
inline connectivity_result connectivity_arcs(const G& g, const connectivity_options& options = {}) {
  core::require_range("metrics::connectivity_arcs", "n", g.num_vertices(), 1, connectivity_max_vertices);
  detail::require_arcs("metrics::connectivity_arcs", g);
  detail::check_connectivity_options("metrics::connectivity_arcs", options);
  return detail::connectivity_of(detail::connectivity_rows(g, true), true, options);
}

/// Connectivity following `how`.
template <core::digraph_like G>
inline connectivity_result connectivity(const G& g, traversal how, const connectivity_options& options = {}) {
  return how == traversal::arcs ? connectivity_arcs(g, options) : connectivity(g, options);
}

/// What a connectivity run following `how` will cost (flows at most, arc scans and seconds
/// on one core of the development machine, extrapolated from 32 of its flows).
template <core::digraph_like G>
inline connectivity_cost estimate_connectivity_cost(const G& g, traversal how) {
  core::require_range("metrics::estimate_connectivity_cost", "n", g.num_vertices(), 1, connectivity_max_vertices);
  if (how == traversal::arcs) detail::require_arcs("metrics::estimate_connectivity_cost", g);
  return detail::connectivity_cost_of(detail::connectivity_rows(g, how == traversal::arcs), how == traversal::arcs);
}

/// The largest `max_seconds` require_connectivity_within accepts (a week).
inline constexpr double connectivity_max_seconds_limit = 604800;

/// Refuses, before it starts, a connectivity run estimated (estimate_connectivity_cost) to
/// take more than `max_seconds` (1 to a week) on one core; returns the estimate.
template <core::digraph_like G>
inline connectivity_cost require_connectivity_within(const G& g, traversal how, double max_seconds) {
  core::require_range("metrics::connectivity", "max_seconds", max_seconds, 1.0, connectivity_max_seconds_limit);
  const auto c = estimate_connectivity_cost(g, how);
  if (c.seconds > max_seconds) {
    char estimate[64];
    std::snprintf(estimate, sizeof estimate, "%.0f", std::ceil(c.seconds));
    core::fail_parameter("metrics::connectivity", "max_seconds", core::to_message(max_seconds),
                         "is below the estimated " + std::string(estimate) + " s of the connectivity of " +
                             core::to_message(g.num_vertices()) + " vertices (up to " + core::to_message(c.flows) +
                             " maximum flows, about " + core::to_message(c.work) + " arc scans)",
                         "1 to 604800 seconds");
  }
  return c;
}

}  // namespace shiftfly::metrics
