#pragma once
/// \file tree_packing.hpp
/// The schedules that reach the all-gather / reduce-scatter optimum and the broadcast / reduce
/// bound on any fabric (docs/collectives.md, "The tree packings"): packings of weighted spanning
/// arborescences, built in integer arithmetic and checked by maximum flows (collectives/max_flow.hpp).
///
///   tree_packing pack_allgather_trees(const collective_network& n, const cut_ratio& optimum, bool reversed = false,
///                                     packing_limits limits = {});
///   tree_packing pack_root_trees(const collective_network& n, std::uint32_t root, std::uint64_t lambda,
///                                bool reversed = false, packing_limits limits = {});
///   packing_load packing_time(const collective_network& n, const tree_packing& p);
///
/// The construction (our own, from the theorems; no code of ForestColl's):
/// 1. All-gather with optimum x* = p/q (collectives/cut_bound.hpp): every capacity is multiplied by
///    q and a source s gets an arc of capacity p to every compute node. ForestColl's test says every
///    compute node is then reached from s by a flow of k = N·p. Broadcast from r with λ: s = r, k = λ.
/// 2. Every forwarding vertex z (not a compute node) is split off (W. Mader, "Konstruktion aller
///    n-fach kantenzusammenhängenden Digraphen", 1982; for rooted connectivity J. Bang-Jensen,
///    A. Frank and B. Jackson, "Preserving and increasing local edge-connectivity in mixed graphs",
///    SIAM J. Discrete Math. 8, 1995): an arc u->z and an arc z->t are replaced by an arc u->t that
///    remembers its route u->z->t, as many units at once as keep every compute node k-reachable from
///    s (the largest such amount, by bisection, each trial checked by maximum flows); when z has as
///    much bandwidth in as out such a pair exists for every arc out of z, so z ends isolated.
/// 3. On the remaining digraph, where every vertex but s is a compute node, k arc-disjoint spanning
///    arborescences from s exist (J. Edmonds, "Edge-disjoint branchings", 1973), and Lovász's proof
///    (L. Lovász, "On two minimax theorems in graph", J. Combin. Theory B 21, 1976) builds them: grow
///    one arborescence T from s, adding an arc u->v leaving T as long as the rest, minus T, still
///    reaches every vertex with k − 1 units. With capacities, T is taken μ times at once, μ the
///    largest that keeps c − μ·T (k − μ)-reachable; the only cuts an added arc u->v changes are those
///    holding v and neither s nor u, so one maximum flow from {s, u} to v decides it.
/// 4. Every arborescence uses exactly one arc out of s (they are k = Σ of those arcs' capacities),
///    so, s removed, it is a tree from one compute node; its arcs are routes through forwarding
///    vertices. A tree taken m times carries m/q units of b: each root's trees add to x* = p/q.
/// Every result is checked again from the trees alone (packing_time, and the simulation in
/// collectives/tree_simulator.hpp); a step that the theorems say cannot fail throws.
/// `reversed`: the packing of the reversed arcs, whose out-trees are the in-trees of reduce-scatter
/// (reduce): the same arc indices, data flowing from the leaves to the root.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/collectives/cut_bound.hpp"
#include "shiftfly/collectives/max_flow.hpp"
#include "shiftfly/collectives/network.hpp"
#include "shiftfly/core/checked.hpp"

namespace shiftfly::collectives {

/// One edge of a tree: from `from` to `to` (compute vertices) along `route`, network arc indices
/// in the packing's orientation (reversed packings: the arcs read head to tail).
struct packed_edge {
  std::uint32_t from = 0, to = 0;
  std::vector<std::uint32_t> route;
};

/// A tree from `root` taken `multiplicity` times; its edges, every parent before its children.
struct packed_tree {
  std::uint32_t root = 0;
  std::uint64_t multiplicity = 0;
  std::vector<packed_edge> edges;
};

struct tree_packing {
  std::uint64_t per_root = 0;     ///< each root's multiplicities add to this (all-gather: p; broadcast: λ)
  std::uint64_t denominator = 1;  ///< a tree taken m times carries m / denominator units of b
  bool reversed = false;          ///< in-trees (reduce-scatter, reduce)
  std::vector<packed_tree> trees;
  std::uint64_t max_flows = 0;    ///< maximum flows the construction ran
  std::uint64_t split_off = 0;    ///< forwarding vertices split off
};

/// Work limits of one construction, counted deterministically (arcs scanned by the maximum
/// flows), not timed: over them the construction stops and says so.
struct packing_limits {
  double max_work = 4e9;  ///< Σ over maximum flows of the arcs of their network
  bool shallow = false;   ///< grow breadth first: fewer steps, about ten times the work (tori)
};

/// Raised when the construction exceeds its limits (the caller keeps the bound, unbuilt).
struct packing_over_limit : std::runtime_error {
  using std::runtime_error::runtime_error;
};

namespace detail {

struct work_arc {
  std::uint32_t tail = 0, head = 0;
  std::uint64_t cap = 0;
  std::vector<std::uint32_t> route;
};

class arborescence_packer {
 public:
  arborescence_packer(std::uint32_t vertices, std::uint32_t source, std::vector<char> terminal, std::uint64_t k,
                      std::vector<work_arc> arcs, packing_limits limits)
      : n_(vertices), s_(source), terminal_(std::move(terminal)), k_(k), arcs_(std::move(arcs)), limits_(limits) {}

  std::uint64_t flows = 0, split = 0;

  /// Splits off every vertex that is neither a terminal nor the source.
  void split_forwarders() {
    for (std::uint32_t z = 0; z < n_; ++z) {
      if (terminal_[z] || z == s_) continue;
      for (std::size_t o = 0; o < arcs_.size(); ++o) {
        if (arcs_[o].tail != z || arcs_[o].head == z) continue;
        while (arcs_[o].cap > 0) {
          bool progress = false;
          // Loops (u == t) last: a loop only deletes capacity.
          for (int pass = 0; pass < 2 && !progress; ++pass)
            for (std::size_t i = 0; i < arcs_.size() && arcs_[o].cap > 0; ++i) {
              if (arcs_[i].head != z || arcs_[i].cap == 0 || arcs_[i].tail == z) continue;
              if ((arcs_[i].tail == arcs_[o].head) != (pass == 1)) continue;
              const std::uint64_t mu = largest(std::min(arcs_[i].cap, arcs_[o].cap),
                                               [&](std::uint64_t m) { return split_ok(i, o, m); });
              if (mu == 0) continue;
              apply_split(i, o, mu);
              progress = true;
            }
          if (!progress)
            core::fail("pack_trees", "internal: no arc into forwarding vertex " + core::to_message(z) +
                                         " can be paired with its arc to " + core::to_message(arcs_[o].head) +
                                         " (is its bandwidth in at least its bandwidth out?)");
        }
      }
      for (auto& a : arcs_)
        if (a.head == z || a.tail == z) a.cap = 0;  // what is left into z (in > out) is not needed
      ++split;
      compact();
    }
  }

  struct grown {
    std::uint64_t multiplicity = 0;
    std::vector<work_arc> arcs;  // in the order added: every parent before its children
  };

  /// Lovász's construction with multiplicities; every non-isolated vertex must be a terminal.
  std::vector<grown> pack() {
    std::vector<grown> out;
    std::uint64_t k = k_;
    std::vector<char> in_tree(n_);
    std::vector<char> used(arcs_.size());
    std::uint32_t wanted = 0;
    for (std::uint32_t v = 0; v < n_; ++v) wanted += (terminal_[v] && v != s_) ? 1 : 0;
    while (k > 0) {
      std::fill(in_tree.begin(), in_tree.end(), 0);
      used.assign(arcs_.size(), 0);
      in_tree[s_] = 1;
      std::uint64_t mu = k;
      std::vector<std::size_t> tree;
      // Arcs by tail; candidates scanned from the vertex reached last (depth first: far fewer failed
      // trials than breadth first, measured on tori, at the price of deeper trees), or, shallow,
      // from the vertex reached first (breadth first: fewer steps for a latency term).
      std::vector<std::vector<std::size_t>> out_arcs(n_);
      for (std::size_t a = 0; a < arcs_.size(); ++a) out_arcs[arcs_[a].tail].push_back(a);
      std::vector<std::uint32_t> order{s_};
      for (std::uint32_t reached = 0; reached < wanted;) {
        std::size_t best = arcs_.size();
        std::uint64_t best_mu = 0;
        // First an arc that keeps μ (one maximum flow each), else the arc that keeps the most.
        for (int pass = 0; pass < 2 && best_mu < mu; ++pass)
          for (std::size_t i = 0; i < order.size() && best_mu < mu; ++i)
            for (std::size_t a : out_arcs[order[limits_.shallow ? i : order.size() - 1 - i]]) {
              if (best_mu >= mu) break;
              const auto& e = arcs_[a];
              if (in_tree[e.head]) continue;
              const std::uint64_t hi = std::min(mu, e.cap);
              if (hi <= best_mu || (pass == 0 && hi < mu)) continue;
              used[a] = 1;
              const std::uint64_t m =
                  pass == 0 ? (grow_ok(used, a, hi, k) ? hi : 0)
                            : largest(hi, [&](std::uint64_t x) { return grow_ok(used, a, x, k); }, best_mu);
              used[a] = 0;
              if (m > best_mu) {
                best_mu = m;
                best = a;
              }
            }
        if (best == arcs_.size())
          core::fail("pack_trees", "internal: no arc can extend the arborescence (Lovász's lemma says one can)");
        used[best] = 1;
        in_tree[arcs_[best].head] = 1;
        order.push_back(arcs_[best].head);
        tree.push_back(best);
        mu = best_mu;
        ++reached;
      }
      grown g;
      g.multiplicity = mu;
      for (auto a : tree) {
        g.arcs.push_back(arcs_[a]);
        arcs_[a].cap -= mu;
      }
      out.push_back(std::move(g));
      k -= mu;
      compact();
    }
    return out;
  }

 private:
  // The largest m in (floor, hi] with ok(m), ok downward closed; floor when none.
  template <class Ok>
  static std::uint64_t largest(std::uint64_t hi, Ok ok, std::uint64_t floor = 0) {
    if (hi <= floor) return floor;
    if (ok(hi)) return hi;
    std::uint64_t lo = floor;  // ok(lo) or lo == floor; !ok(hi)
    while (hi - lo > 1) {
      const std::uint64_t mid = lo + (hi - lo) / 2;
      if (ok(mid)) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  void charge(std::size_t arcs) {
    ++flows;
    work_ += static_cast<double>(arcs) + n_;
    if (work_ > limits_.max_work)
      throw packing_over_limit("the tree packing ran over its work limit of " + core::to_message(limits_.max_work) +
                               " arc scans after " + core::to_message(flows) + " maximum flows");
  }

  // Every terminal still k-reachable from s after splitting m units of (i, o).
  bool split_ok(std::size_t i, std::size_t o, std::uint64_t m) {
    flow_network net(n_);
    for (std::size_t a = 0; a < arcs_.size(); ++a) {
      std::uint64_t c = arcs_[a].cap;
      if (a == i || a == o) c -= m;
      if (c > 0 && arcs_[a].tail != arcs_[a].head) net.add_arc(arcs_[a].tail, arcs_[a].head, c);
    }
    if (arcs_[i].tail != arcs_[o].head) net.add_arc(arcs_[i].tail, arcs_[o].head, m);
    // The terminal that failed last goes first: it often fails again.
    std::vector<std::uint32_t> order;
    if (last_failed_ < n_) order.push_back(last_failed_);
    for (std::uint32_t w = 0; w < n_; ++w)
      if (terminal_[w] && w != s_ && w != last_failed_) order.push_back(w);
    for (auto w : order) {
      charge(arcs_.size());
      if (net.max_flow(s_, w, k_) < k_) {
        last_failed_ = w;
        return false;
      }
    }
    return true;
  }

  void apply_split(std::size_t i, std::size_t o, std::uint64_t m) {
    arcs_[i].cap -= m;
    arcs_[o].cap -= m;
    if (arcs_[i].tail == arcs_[o].head) return;
    work_arc a;
    a.tail = arcs_[i].tail;
    a.head = arcs_[o].head;
    a.cap = m;
    a.route = arcs_[i].route;
    a.route.insert(a.route.end(), arcs_[o].route.begin(), arcs_[o].route.end());
    arcs_.push_back(std::move(a));
  }

  // c − m·(T + a) keeps (k − m) units from {s, u} to v, u -> v = arcs_[a]: the only cuts a changes.
  bool grow_ok(const std::vector<char>& used, std::size_t a, std::uint64_t m, std::uint64_t k) {
    flow_network net(n_);
    for (std::size_t j = 0; j < arcs_.size(); ++j) {
      const std::uint64_t c = arcs_[j].cap - (used[j] ? m : 0);
      if (c > 0) net.add_arc(arcs_[j].tail, arcs_[j].head, c);
    }
    if (arcs_[a].tail != s_) net.add_arc(s_, arcs_[a].tail, k);
    charge(arcs_.size());
    return net.max_flow(s_, arcs_[a].head, k - m) >= k - m;
  }

  void compact() {
    std::erase_if(arcs_, [](const work_arc& a) { return a.cap == 0 || a.tail == a.head; });
  }

  std::uint32_t n_, s_;
  std::vector<char> terminal_;
  std::uint64_t k_;
  std::vector<work_arc> arcs_;
  packing_limits limits_;
  double work_ = 0;
  std::uint32_t last_failed_ = std::numeric_limits<std::uint32_t>::max();
};

inline std::vector<work_arc> scaled_arcs(const collective_network& n, std::uint64_t scale, bool reversed) {
  std::vector<work_arc> arcs;
  arcs.reserve(n.tail.size());
  for (std::size_t i = 0; i < n.tail.size(); ++i)
    arcs.push_back({reversed ? n.head[i] : n.tail[i], reversed ? n.tail[i] : n.head[i],
                    core::checked_mul(n.units[i], scale, "pack_trees", "capacity x denominator"),
                    {static_cast<std::uint32_t>(i)}});
  return arcs;
}

inline packed_tree to_tree(std::uint32_t root, std::uint64_t multiplicity, const std::vector<work_arc>& arcs,
                           std::uint32_t skip_source) {
  packed_tree t;
  t.root = root;
  t.multiplicity = multiplicity;
  for (const auto& a : arcs)
    if (a.tail != skip_source) t.edges.push_back({a.tail, a.head, a.route});
  return t;
}

}  // namespace detail

inline tree_packing pack_allgather_trees(const collective_network& n, const cut_ratio& optimum, bool reversed = false,
                                         packing_limits limits = {}) {
  constexpr const char* where = "pack_allgather_trees";
  detail::require_compute(n, where);
  if (optimum.units == 0 || optimum.compute_inside == 0)
    core::fail_parameter(where, "optimum", "0", "is not a finite optimum", "a cut with bandwidth and compute nodes");
  const std::uint64_t g = std::gcd(optimum.units, optimum.compute_inside);
  const std::uint64_t p = optimum.units / g, q = optimum.compute_inside / g;
  const std::uint64_t N = n.compute.size();
  const std::uint32_t s = n.vertices;
  auto arcs = detail::scaled_arcs(n, q, reversed);
  for (auto c : n.compute) arcs.push_back({s, c, p, {}});
  std::vector<char> terminal(n.vertices + 1, 0);
  for (auto c : n.compute) terminal[c] = 1;
  detail::arborescence_packer packer(n.vertices + 1, s, terminal,
                                     core::checked_mul(N, p, where, "compute nodes x numerator"), std::move(arcs), limits);
  packer.split_forwarders();
  const auto grown = packer.pack();
  tree_packing out;
  out.per_root = p;
  out.denominator = q;
  out.reversed = reversed;
  for (const auto& t : grown) {
    std::uint32_t root = s, from_s = 0;
    for (const auto& a : t.arcs)
      if (a.tail == s) {
        root = a.head;
        ++from_s;
      }
    if (from_s != 1) core::fail(where, "internal: an arborescence left the source by " + core::to_message(from_s) + " arcs");
    out.trees.push_back(detail::to_tree(root, t.multiplicity, t.arcs, s));
  }
  out.max_flows = packer.flows;
  out.split_off = packer.split;
  return out;
}

inline tree_packing pack_root_trees(const collective_network& n, std::uint32_t root, std::uint64_t lambda,
                                    bool reversed = false, packing_limits limits = {}) {
  constexpr const char* where = "pack_root_trees";
  detail::require_compute(n, where);
  if (std::find(n.compute.begin(), n.compute.end(), root) == n.compute.end())
    core::fail_parameter(where, "root", core::to_message(root), "is not a compute vertex");
  if (lambda == 0) core::fail_parameter(where, "lambda", "0", "is out of range", "at least 1");
  std::vector<char> terminal(n.vertices, 0);
  for (auto c : n.compute) terminal[c] = 1;
  detail::arborescence_packer packer(n.vertices, root, terminal, lambda, detail::scaled_arcs(n, 1, reversed), limits);
  packer.split_forwarders();
  const auto grown = packer.pack();
  tree_packing out;
  out.per_root = lambda;
  out.denominator = 1;
  out.reversed = reversed;
  for (const auto& t : grown) out.trees.push_back(detail::to_tree(root, t.multiplicity, t.arcs, n.vertices));
  out.max_flows = packer.flows;
  out.split_off = packer.split;
  return out;
}

/// The time of a packing recomputed from its trees alone: every root's data split over its trees
/// in proportion to their multiplicities, each arc carrying the sum over the trees that route
/// through it. For all-gather / reduce-scatter (M the whole buffer, M/N a root) the time is
/// numerator/denominator · M/b; for broadcast / reduce (per_root = λ, one root) likewise with N = 1.
struct packing_load {
  std::vector<std::uint64_t> load;       ///< Σ multiplicity x uses, per network arc
  std::uint64_t numerator = 0, denominator = 1;  ///< the time, an exact fraction of M/b (reduced)
  std::uint32_t critical_arc = 0;        ///< an arc that attains it
  std::uint64_t steps = 0;               ///< most hops from a root to a vertex of one of its trees
  std::uint64_t trees = 0;
};

inline packing_load packing_time(const collective_network& n, const tree_packing& p, std::uint64_t roots) {
  constexpr const char* where = "packing_time";
  packing_load r;
  r.load.assign(n.tail.size(), 0);
  r.trees = p.trees.size();
  for (const auto& t : p.trees) {
    std::vector<std::pair<std::uint32_t, std::uint64_t>> depth{{t.root, 0}};
    const auto depth_of = [&](std::uint32_t v) -> std::uint64_t {
      for (const auto& [u, d] : depth)
        if (u == v) return d;
      core::fail(where, "a tree edge leaves vertex " + core::to_message(v) + " before the tree reaches it");
    };
    for (const auto& e : t.edges) {
      for (auto a : e.route) {
        if (a >= n.tail.size()) core::fail(where, "a route names arc " + core::to_message(a) + ", not an arc of the network");
        r.load[a] = core::checked_add(r.load[a], t.multiplicity, where, "arc load", std::numeric_limits<std::uint64_t>::max() / 2);
      }
      const std::uint64_t d = depth_of(e.from) + e.route.size();
      depth.emplace_back(e.to, d);
      r.steps = std::max(r.steps, d);
    }
  }
  // max over arcs of load / units, then / (roots x per_root); all exact.
  std::uint64_t best_load = 0, best_units = 1;
  for (std::size_t a = 0; a < r.load.size(); ++a)
    if (static_cast<unsigned __int128>(r.load[a]) * best_units > static_cast<unsigned __int128>(best_load) * n.units[a]) {
      best_load = r.load[a];
      best_units = n.units[a];
      r.critical_arc = static_cast<std::uint32_t>(a);
    }
  const std::uint64_t den = core::checked_mul(core::checked_mul(best_units, roots, where, "units x roots"), p.per_root,
                                              where, "units x roots x per root");
  const std::uint64_t g = std::gcd(best_load, den);
  r.numerator = best_load / (g ? g : 1);
  r.denominator = den / (g ? g : 1);
  return r;
}

}  // namespace shiftfly::collectives
