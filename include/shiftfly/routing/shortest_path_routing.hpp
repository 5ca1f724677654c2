#pragma once
/// \file shortest_path_routing.hpp
/// The shortest-path routings as channel loads: minimal (one path per pair, by a tie rule),
/// ECMP (an even split at every router) and spread (an even split over all shortest paths),
/// on the physical graph (channels: core/channel.hpp), for any traffic.
///
///   class load_router { virtual void route_to(t, demand, workspace&, load) const; ... };
///   struct routing_build_options { unsigned threads = 0; };   // builds BookSim's table
///   class booksim_next_hops { booksim_next_hops(g, routing_build_options = {}); std::uint32_t next(u, t) const; };
///   class shortest_path_router : public load_router {
///     shortest_path_router(const G& g, routing_kind kind, tie_rule tie = lowest, const routing_build_options& = {});
///     void shares(s, t, std::vector<channel_share>& out) const;   // one pair, appends
///     void shares_to_target(t, emit) const;    // emit(s, shares) for every s != t: one search from t
///     void route_to(t, demand, workspace&, load) const;            // all sources to t at once
///   };
///   class pair_share_router : public load_router { pair_share_router(g, shares_function); };
///
/// Per-destination accumulation. The routings are destination-based: at router u the share
/// of the flow toward t that leaves on each channel depends on u and t only. So all the
/// traffic toward one destination t is routed at once: a BFS from t gives d(·, t); the
/// vertices are taken farthest first, and the flow at u (its own demand to t plus what
/// reached it) is pushed over u's next hops toward t, the channels u -> v with
/// d(v, t) = d(u, t) - 1:
/// - minimal, tie `lowest`: all of it to the lowest-id such v;
/// - minimal, tie `booksim`: all of it to BookSim2's next hop (below);
/// - ecmp: an equal part to every such v (D. Thaler and C. Hopps, RFC 2991);
/// - spread: to v in proportion to σ(v, t), the number of shortest v–t paths, so that every
///   shortest s–t path carries the same share (σ(u, t) = Σ σ(v, t) over the next hops).
/// O(n + m) per destination with demand, whatever the number of sources.
///
/// The BookSim2 tie rule (anynet topology, routing_function = min; src/networks/anynet.cpp,
/// AnyNet::route, commit 28f43299f1706a3160ffac721ca461d74eb6e618): every router r builds its
/// table by Dijkstra from itself over unit weights, settling the least distance first and,
/// among equals, the lowest id, and relaxing with a strict <, so the predecessor of v is the
/// lowest-id neighbour of v at distance d(r, v) - 1 from r; r's entry for t is the first hop
/// of the predecessor path r -> ... -> t, and a packet at u takes u's own entry. Here: one
/// BFS per router with those predecessors gives its row of first hops, an n x n table of
/// 32-bit ids (4n² bytes, refused up front when it would not fit: core/memory.hpp).
///
/// A graph whose source cannot reach its destination is refused (every routing here needs a
/// connected graph). Loads are doubles; the order of every sum is fixed, so a result does not
/// depend on the thread count (routing/channel_load.hpp).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/worker_pool.hpp"
#include "shiftfly/metrics/distances/destination_pass.hpp"
#include "shiftfly/routing/channel_share.hpp"
#include "shiftfly/routing/routing_spec.hpp"

namespace shiftfly::routing {

inline constexpr std::uint32_t unreached = metrics::dag_unreached;

/// Scratch space of one destination pass (one per thread).
struct route_workspace {
  metrics::shortest_path_dag dag;
  std::vector<double> sigma;
  std::vector<channel_share> shares;
};

/// A routing that can route all the traffic toward one destination at once.
class load_router {
 public:
  virtual ~load_router() = default;
  /// Adds to load (one entry per channel) the routes of demand[s] from every s to t
  /// (demand has one entry per vertex; demand[t] is ignored).
  virtual void route_to(std::uint32_t t, std::span<const double> demand, route_workspace& w,
                        std::span<double> load) const = 0;
  /// Elementary steps of one route_to call, for the up-front estimate.
  [[nodiscard]] virtual std::uint64_t steps_per_destination() const = 0;
};

namespace detail {
/// BFS from t over the physical graph: w.dag's dist and order (the reached vertices by distance).
template <class G>
void bfs_from(const G& g, std::uint32_t t, route_workspace& w) {
  w.dag.search(metrics::csr_view_of(g), t);
}

[[noreturn]] inline void fail_unreached(std::uint32_t s, std::uint32_t t) {
  core::fail("shortest_path_router", "vertex " + core::to_message(s) + " cannot reach vertex " + core::to_message(t) +
                                         " (accepted: a connected graph)");
}
}  // namespace detail

/// How a routing's tables are built; nothing here changes a share.
struct routing_build_options {
  /// Worker threads for BookSim's next-hop table, one BFS a router (0 = all cores, at most 1024).
  unsigned threads = 0;
};

/// BookSim2's anynet min-routing tables: next(u, t), the neighbour of u that u's table
/// names for destination t (see the file comment).
class booksim_next_hops {
 public:
  booksim_next_hops() = default;
  template <class G>
  explicit booksim_next_hops(const G& g, const routing_build_options& o = {}) : n_(g.num_vertices()) {
    const unsigned threads = o.threads;
    constexpr std::string_view where = "booksim_next_hops";
    core::require_memory(where, "the BookSim next-hop table (n x n ids)", core::estimate_add_mul(0, n_ * n_, 4));
    table_.assign(n_ * n_, unreached);
    const std::size_t parts = std::max<std::size_t>(1, std::min<std::size_t>(n_, 64));
    core::parallel_for(n_, parts, threads, [&](std::size_t, std::size_t begin, std::size_t end) {
      route_workspace w;
      std::vector<std::uint32_t> first(n_);
      for (std::size_t r = begin; r < end; ++r) {
        detail::bfs_from(g, static_cast<std::uint32_t>(r), w);
        if (w.dag.reached != n_) {
          for (std::uint32_t v = 0; v < n_; ++v)
            if (w.dag.dist[v] == unreached) detail::fail_unreached(static_cast<std::uint32_t>(r), v);
        }
        auto* row = table_.data() + r * n_;
        for (std::size_t i = 1; i < w.dag.reached; ++i) {
          const auto v = w.dag.order[i];
          const std::uint32_t parent = w.dag.first_next_hop(g, v).first;  // the lowest-id neighbour one step closer to r
          first[v] = parent == r ? v : first[parent];
          row[v] = first[v];
        }
      }
    });
  }
  /// The next hop at u toward t (u != t).
  [[nodiscard]] std::uint32_t next(std::uint32_t u, std::uint32_t t) const noexcept { return table_[u * n_ + t]; }

 private:
  std::size_t n_ = 0;
  std::vector<std::uint32_t> table_;
};

/// Minimal, ecmp or spread routing on the physical graph of g (see the file comment).
/// g must outlive the router.
template <class G>
class shortest_path_router : public load_router {
 public:
  shortest_path_router(const G& g, routing_kind kind, tie_rule tie = tie_rule::lowest,
                       const routing_build_options& o = {})
      : g_(&g), kind_(kind), tie_(tie) {
    constexpr std::string_view where = "shortest_path_router";
    if (kind != routing_kind::minimal && kind != routing_kind::ecmp && kind != routing_kind::spread)
      core::fail_parameter(where, "routing", routing_kind_name(kind), "is not a shortest-path routing",
                           "minimal, ecmp or spread");
    if (tie == tie_rule::booksim && kind != routing_kind::minimal)
      core::fail_parameter(where, "tie", "booksim", "applies to minimal routing only", "lowest");
    core::require_range(where, "n", g.num_vertices(), 2, std::uint64_t{unreached} - 1);
    core::require_range(where, "threads", o.threads, 0, 1024);
    if (kind == routing_kind::minimal && tie == tie_rule::booksim) next_ = booksim_next_hops(g, o);
  }

  [[nodiscard]] routing_kind kind() const noexcept { return kind_; }
  [[nodiscard]] tie_rule tie() const noexcept { return tie_; }

  [[nodiscard]] std::uint64_t steps_per_destination() const override {
    return core::estimate_add_mul(g_->num_vertices(), 2, channel_count(*g_));
  }

  void route_to(std::uint32_t t, std::span<const double> demand, route_workspace& w,
                std::span<double> load) const override {
    double* out = load.data();
    push(t, demand, w, [out](std::uint64_t c, double f) { out[c] += f; });
  }

  /// Appends the channel shares of the pair (s, t), s != t, in the order the flow meets them.
  void shares(std::uint32_t s, std::uint32_t t, std::vector<channel_share>& out) const {
    const auto& g = *g_;
    const std::size_t n = g.num_vertices();
    if (s >= n || t >= n || s == t)
      core::fail_parameter("shortest_path_router", "pair", "(" + core::to_message(s) + ", " + core::to_message(t) + ")",
                           "is not a pair of distinct vertices", "0 to " + core::to_message(n - 1) + ", s != t");
    route_workspace w;
    std::vector<double> demand(n, 0.0);
    demand[s] = 1.0;
    push(t, demand, w, [&](std::uint64_t c, double f) { out.push_back({c, f}); });
  }

  /// The shares of every pair (s, t) toward one t, s = 0, 1, ... (s != t): emit(s, shares), the
  /// shares exactly as shares(s, t) appends them. The search from t (and spread's path counts)
  /// is done once for all sources instead of once a pair, and each source's pass starts at its
  /// own place in the DAG's order: the vertices after it have no flow, which the pass of
  /// shares(s, t) skips, so every sum is formed in the same order and the shares are the same
  /// doubles. O(n + m) for the search, then O(position + pushes) a source.
  template <class Emit>
  void shares_to_target(std::uint32_t t, Emit&& emit) const {
    const auto& g = *g_;
    const std::size_t n = g.num_vertices();
    if (t >= n)
      core::fail_parameter("shortest_path_router", "target", core::to_message(t), "is not a vertex",
                           "0 to " + core::to_message(n - 1));
    route_workspace w;
    const std::vector<double> none(n, 0.0);
    pass_policy policy{{}, *this, none, w, t};
    const auto view = metrics::csr_view_of(g);
    auto& dag = w.dag;
    policy.begin(t);
    dag.search(view, t, policy);
    policy.prepare(dag);  // every flow 0: each source's unit is set below
    std::vector<std::uint32_t> position(n, 0);
    for (std::size_t i = 0; i < dag.reached; ++i) position[dag.order[i]] = static_cast<std::uint32_t>(i);
    double* flow = dag.flow.data();
    std::vector<channel_share> out;
    for (std::uint32_t s = 0; s < n; ++s) {
      if (s == t) continue;
      if (dag.dist[s] == unreached) detail::fail_unreached(s, t);
      out.clear();
      flow[s] = 1.0;
      const auto send = [&](auto k, std::uint32_t v, double x) {
        out.push_back({k, x});
        flow[v] += x;
      };
      for (std::size_t i = position[s]; i >= 1; --i) {
        const std::uint32_t u = dag.order[i];
        const double f = policy.flow_at(u, flow[u]);
        if (f == 0.0) continue;
        policy.split(view, dag, u, f, send);
      }
      for (std::size_t i = 0; i <= position[s]; ++i) flow[dag.order[i]] = 0.0;
      emit(s, static_cast<const std::vector<channel_share>&>(out));
    }
  }

 private:
  /// The split of each routing on the pass of metrics/distances/destination_pass.hpp: the
  /// demands enter as the initial flow; minimal sends all of a vertex's flow to one next hop
  /// (the lowest-id or BookSim2's), ecmp an equal part to each, spread parts in proportion to
  /// sigma(v, t), counted after the search over each vertex's sorted neighbours.
  struct pass_policy : metrics::split_policy_base {
    const shortest_path_router& router;
    std::span<const double> demand;
    route_workspace& w;
    std::uint32_t t;
    bool prepare(metrics::shortest_path_dag& dag) {
      const auto& g = *router.g_;
      const std::size_t n = g.num_vertices();
      dag.flow.assign(demand.begin(), demand.end());
      dag.flow[t] = 0.0;
      if (dag.reached != n)
        for (std::uint32_t s = 0; s < n; ++s)
          if (dag.flow[s] != 0.0 && dag.dist[s] == unreached) detail::fail_unreached(s, t);
      if (router.kind_ == routing_kind::spread) path_counts(dag);
      return true;
    }
    void path_counts(const metrics::shortest_path_dag& dag) {
      const auto& g = *router.g_;
      const auto view = metrics::csr_view_of(g);
      w.sigma.assign(g.num_vertices(), 0.0);
      w.sigma[t] = 1.0;
      for (std::size_t i = 1; i < dag.reached; ++i) {
        const auto u = dag.order[i];
        double s = 0.0;
        dag.next_hops(view, u, [&](std::uint64_t, std::uint32_t v) { s += w.sigma[v]; });
        if (!std::isfinite(s))
          core::fail("shortest_path_router", "the shortest paths to vertex " + core::to_message(t) +
                                                 " are too many to count in a double (accepted: at most about 1e308)");
        w.sigma[u] = s;
      }
    }
    static double flow_at(std::uint32_t, double f) { return f; }
    template <class View, class Send>
    void split(const View& view, const metrics::shortest_path_dag& dag, std::uint32_t u, double f, Send&& send) const {
      const auto& g = *router.g_;
      if (router.kind_ == routing_kind::minimal) {
        if (router.tie_ == tie_rule::booksim) {
          const std::uint32_t v = router.next_.next(u, t);
          const auto nb = g.neighbors(static_cast<typename G::vertex_type>(u));
          const auto pos = static_cast<std::uint64_t>(std::lower_bound(nb.begin(), nb.end(), v) - nb.begin());
          send(channel_at(g, static_cast<typename G::vertex_type>(u), pos), v, f);
        } else {
          const auto [v, pos] = dag.first_next_hop(g, u);
          send(channel_at(g, static_cast<typename G::vertex_type>(u), pos), v, f);
        }
        return;
      }
      if (router.kind_ == routing_kind::ecmp) {
        const double part = f / dag.count_next_hops(view, u);
        dag.next_hops(view, u, [&](std::uint64_t c, std::uint32_t v) { send(c, v, part); });
        return;
      }
      const double scale = f / w.sigma[u];  // spread
      dag.next_hops(view, u, [&](std::uint64_t c, std::uint32_t v) { send(c, v, scale * w.sigma[v]); });
    }
  };

  /// Routes `demand` (one entry per vertex; demand[t] ignored) toward t; emit(channel, flow).
  template <class Emit>
  void push(std::uint32_t t, std::span<const double> demand, route_workspace& w, Emit&& emit) const {
    pass_policy policy{{}, *this, demand, w, t};
    metrics::destination_pass(metrics::csr_view_of(*g_), t, w.dag, policy, emit);
  }

  const G* g_;
  routing_kind kind_;
  tie_rule tie_;
  booksim_next_hops next_;
};

/// The shares of one pair (s, t), appended to out: the interface of the per-pair routings
/// (dimension order, k shortest paths, shift routing).
using pair_shares_function = std::function<void(std::uint32_t s, std::uint32_t t, std::vector<channel_share>& out)>;

/// Any per-pair routing as a load_router: route_to asks for the shares of every source
/// with demand. `steps_per_pair` estimates the work of one pair (e.g. the diameter, or n + m).
class pair_share_router : public load_router {
 public:
  pair_share_router(std::uint64_t vertices, pair_shares_function shares, std::uint64_t steps_per_pair)
      : n_(vertices), shares_(std::move(shares)), steps_(steps_per_pair) {}
  [[nodiscard]] std::uint64_t steps_per_destination() const override { return core::estimate_add_mul(0, n_, steps_); }
  void route_to(std::uint32_t t, std::span<const double> demand, route_workspace& w,
                std::span<double> load) const override {
    for (std::uint32_t s = 0; s < n_; ++s) {
      if (s == t || demand[s] == 0.0) continue;
      w.shares.clear();
      shares_(s, t, w.shares);
      for (const auto& c : w.shares) load[c.channel] += demand[s] * c.fraction;
    }
  }

 private:
  std::uint64_t n_;
  pair_shares_function shares_;
  std::uint64_t steps_;
};

}  // namespace shiftfly::routing
