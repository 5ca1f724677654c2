#pragma once
/// \file channel_load.hpp
/// The load of every channel of a graph under a routing and a traffic, and its summary:
/// the hottest channels, the load by link class, and the saturation throughput.
///
///   struct channel_load_request { routing (routing_spec), traffic (traffic_spec), traffic_seed,
///                                 endpoints (one count a router),
///                                 endpoints_rule, self, top,
///                                 channel_class, class_names, threads, max_seconds, compare_optimal };
///   struct channel_load_result { loads, max_load, mean_load, p50, p90, p99, hottest, by_class,
///                                saturation_per_pair, saturation_per_endpoint, method, ... };
///   channel_load_result measure_channel_load(const G& g, const channel_load_request& r,
///                                            const topology::family_descriptor* family = nullptr);
///   std::vector<double> accumulate_load(g, router, demands, accumulate_options{threads});   // the engine
///   channel_load_result summarize_load(g, loads, ...);
///
/// Model (core/channel.hpp): 2m channels, one per direction of every physical link,
/// each of capacity 1. The traffic (routing/load_traffic.hpp) gives demands between routers in
/// a unit of its own, "per pair" (for uniform: one unit for every ordered pair of distinct
/// routers, the unit of the throughput metrics), and the endpoint injection that unit stands
/// for. A channel's load is the sum over pairs of demand × the routing's share of the pair on
/// it. Then:
/// - saturation_per_pair θ_R = 1 / max load: the largest multiple of the demands the routing
///   carries within capacity (compare the optimal θ*, metrics/flow/throughput.hpp);
/// - saturation_per_endpoint = endpoint_rate / max load: the injection per endpoint, in flits
///   per cycle, at which the hottest channel carries 1 (the simulators' unit); its inverse is
///   the largest channel load per unit of endpoint injection (Dally and Towles, ch. 3).
/// - percentiles by nearest rank over the 2m loads: the p-th is the ⌈p/100 · 2m⌉-th smallest;
///   the hottest channels are the `top` largest loads, ties by channel index; loads tie when
///   their ratios to the largest agree to 12 decimal places (loads equal in exact arithmetic but
///   summed in other orders differ in their last bits, which must not choose among them).
/// - method: "exact" (the loads are the routing's loads, in double precision), or "expected"
///   for Valiant (the exact mean over its uniformly random intermediate: routing/valiant_load.hpp).
/// - saturation_per_endpoint_capped = min(1, saturation_per_endpoint): an endpoint's injection
///   channel carries 1 flit a cycle too. Endpoints: one count a router (request.endpoints);
///   a graph of one router, or demands all inside routers, load no channel: answered with
///   channels_loaded = false and the saturations +infinity (no network bound), not refused.
///
/// Routings here: minimal (tie lowest or booksim), ecmp, spread, valiant (legs ecmp or
/// minimal). dor, ksp:K and shift are routed per pair (pair_share_router) once their
/// headers provide the shares; until then they are refused as not available. With a
/// family descriptor, a routing the family does not run is refused first (routing_spec.hpp).
///
/// Work and determinism: O(n + m) per destination with demand (the per-destination pass of
/// routing/shortest_path_routing.hpp), estimated up front and refused when its time exceeds
/// max_seconds; destinations are cut into load_destination_chunks fixed chunks, each summed
/// in destination order into its own vector, and the chunks added in chunk order, whatever
/// the thread count: the loads are bit-identical for any `threads`. Memory: (threads + 1)
/// vectors of 2m doubles and O(n) per thread.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/worker_pool.hpp"
#include "shiftfly/metrics/paths/shortest_path_load.hpp"
#include "shiftfly/routing/channel_share.hpp"
#include "shiftfly/routing/load_traffic.hpp"
#include "shiftfly/routing/routing_spec.hpp"
#include "shiftfly/routing/shortest_path_routing.hpp"
#include "shiftfly/routing/valiant_load.hpp"
#include "shiftfly/routing/worst_case_load.hpp"
#include "shiftfly/topology/descriptor.hpp"

namespace shiftfly::routing {

/// What to compute.
struct channel_load_request {
  routing_spec routing;  ///< parse_routing(name, tie) (routing_spec.hpp); default ecmp
  /// metrics::parse_traffic(name) (metrics/flow/traffic_spec.hpp); default uniform. file:PATH:
  /// the demands in its `matrix`, read by the caller (metrics::read_traffic_matrix)
  traffic_spec traffic;
  std::optional<std::uint64_t> traffic_seed;  ///< permutation and moe (1 when absent)
  /// Endpoints of every router (core/endpoints.hpp; topology::choose_endpoints gives the
  /// commands' ones). Empty: measure_family_load takes the family's customary counts
  /// (routing/family_load.hpp), measure_channel_load 1 a router.
  std::vector<std::uint32_t> endpoints;
  std::string endpoints_rule;                 ///< where the endpoints come from, in words (printed)
  uniform_self self = uniform_self::include;  ///< uniform traffic: the source among its destinations
  std::uint64_t top = 10;                     ///< hottest channels listed
  std::vector<std::uint64_t> tornado_dims;    ///< tornado on a torus: its radices (routing/family_load.hpp sets them)
  /// Optional class of every channel (one entry per channel, index into class_names).
  std::vector<std::uint8_t> channel_class;
  std::vector<std::string> class_names;
  unsigned threads = 0;           ///< 0 = all cores; results do not depend on it
  double max_seconds = 600;       ///< refuse a computation estimated above this
  bool compare_optimal = false;   ///< θ* and θ_R/θ* (routing/channel_load_optimal.hpp)
  /// Uniform traffic under ecmp or spread: the loads from this engine when it is set (it
  /// returns them and says how in its second argument), every destination's pass otherwise.
  /// measure_routing_load (routing/channel_load_optimal.hpp, solvers component) sets it to the
  /// automorphisms' computation, metrics::uniform_shortest_path_load_fewest_passes.
  std::function<std::vector<double>(const metrics::uniform_load_options&, std::string&)> uniform_load_engine;
  /// measure_routing_load: set uniform_load_engine to the automorphisms' computation (false:
  /// every destination's pass, as measure_channel_load alone).
  bool automorphisms = true;
};

/// One of the hottest channels.
struct hot_channel {
  std::uint64_t channel = 0, tail = 0, head = 0;
  double load = 0.0;
  std::string link_class;  ///< "" where no class is known
};

/// The loads of one link class.
struct class_load {
  std::string name;
  std::uint64_t channels = 0;
  double max_load = 0.0, mean_load = 0.0;
};

/// The optimal throughput of the same demands (compare_optimal).
struct optimal_comparison {
  double lower = 0.0, upper = 0.0;  ///< θ* in [lower, upper] (equal when exact)
  std::string method, algorithm;
  double efficiency_lower = 0.0, efficiency_upper = 0.0;  ///< θ_R / θ*
};

/// How the worst-case permutation of a routing was found (traffic `worst`: routing/family_load.hpp).
struct worst_case_summary {
  worst_case_method method = worst_case_method::exact;  ///< printed as "exact" or "bound"
  std::string algorithm;  ///< how: Towles and Dally's assignments, or Valiant's derangement argument
  double load = 0.0;      ///< the load of the hottest channel under the permutation found, per endpoint injection
  double upper = 0.0;     ///< certified upper bound on the worst-case load (equal to `load` when exact)
  std::uint64_t channels_solved = 0, channels_with_load = 0;
  std::vector<std::uint64_t> permutation;  ///< of the routers: router s sends to permutation[s]
  /// Certified lower bound on the worst-case saturation per endpoint: 1 / upper.
  [[nodiscard]] double saturation_lower() const { return upper > 0 ? 1.0 / upper : 0.0; }
};

/// The answer.
struct channel_load_result {
  std::string routing, tie, traffic, traffic_unit, self, method, algorithm;
  std::uint64_t vertices = 0, channels = 0, destinations = 0;
  /// the endpoints: in all, the fewest and most on one router, and where they come from
  std::uint64_t endpoints = 0, endpoints_min = 0, endpoints_max = 0;
  std::string endpoints_rule;
  std::vector<double> loads;  ///< one per channel (core/channel.hpp), per-pair unit
  double max_load = 0.0, mean_load = 0.0, p50 = 0.0, p90 = 0.0, p99 = 0.0;
  double endpoint_rate = 1.0;                    ///< endpoint injection that one unit of demand stands for
  double max_load_per_endpoint_injection = 0.0;  ///< max_load / endpoint_rate
  double saturation_per_pair = 0.0, saturation_per_endpoint = 0.0;
  /// min(1, saturation_per_endpoint): an endpoint's own injection and ejection channels carry
  /// 1 flit a cycle too, so no simulator sustains more
  double saturation_per_endpoint_capped = 0.0;
  /// false when the demands load no network channel (a one-router graph, or every pair inside
  /// one router): then the loads are 0, the network sets no bound (the saturation fields are
  /// +infinity, printed as null) and only the injection channel's 1 flit a cycle holds
  bool channels_loaded = true;
  std::vector<hot_channel> hottest;
  std::vector<class_load> by_class;  ///< empty when no class is known
  std::optional<optimal_comparison> optimal;
  std::optional<worst_case_summary> worst;  ///< traffic `worst` only
};

/// Fixed number of destination chunks (independent of the thread count).
inline constexpr std::size_t load_destination_chunks = 64;

/// Elementary steps per second a thread assumed by the estimate (a step: one vertex or one
/// channel of one destination's pass). Measured on the 2-core test machine: minimal routing,
/// uniform traffic, Shiftfly at 2,304 groups (91,740 channels, 2.2e8 steps) in 0.26 s of CPU,
/// about 8.5e8 steps/s; taken at 3e8 so that ecmp, spread and a busy machine stay within it.
inline constexpr double load_steps_per_second = 3e8;

/// How accumulate_load runs; the loads do not depend on it (the destination chunks are fixed).
struct accumulate_options {
  unsigned threads = 0;  ///< worker threads over the destination chunks (0 = all cores)
};

/// The loads of all the demands given by `demands` (fill(t, d), receives(t)) routed by `router`.
template <class G, class Demands>
std::vector<double> accumulate_load(const G& g, const load_router& router, const Demands& demands,
                                    const accumulate_options& o = {}) {
  const unsigned threads = o.threads;
  const std::size_t n = g.num_vertices(), C = channel_count(g);
  std::vector<std::uint32_t> dest;
  for (std::uint32_t t = 0; t < n; ++t)
    if (demands.receives(t)) dest.push_back(t);
  const std::size_t chunks = std::max<std::size_t>(1, std::min(load_destination_chunks, dest.size()));
  const std::size_t wave = std::min<std::size_t>(core::resolve_threads(threads), chunks);
  std::vector<double> total(C, 0.0);
  std::vector<std::vector<double>> part(wave);
  std::vector<route_workspace> work(wave);
  for (std::size_t first = 0; first < chunks; first += wave) {
    const std::size_t here = std::min(wave, chunks - first);
    core::for_each_part(here, threads, [&](std::size_t p) {
      auto& load = part[p];
      load.assign(C, 0.0);
      std::vector<double> d;
      const auto r = core::block_range(dest.size(), first + p, chunks);
      for (std::size_t i = r.begin; i < r.end; ++i) {
        demands.fill(dest[i], d);
        router.route_to(dest[i], d, work[p], load);
      }
    });
    for (std::size_t p = 0; p < here; ++p)
      for (std::size_t c = 0; c < C; ++c) total[c] += part[p][c];
  }
  return total;
}

namespace detail {
inline std::string seconds_text(double s) {
  char text[64];
  std::snprintf(text, sizeof text, "%.3g", s);
  return text;
}
}  // namespace detail

/// Loads tied to rounding, the one rule for the hottest channels (summarize_load: ties listed by
/// channel index) and the hottest link classes (studies/routing_load.hpp): a load's tie key is its
/// ratio to the largest load rounded to 1/load_tie_scale, and loads with one key are equal. Loads
/// equal in exact arithmetic (a fat tree's up and down channels) come out of sums taken in
/// different orders and differ in their last bits, which must not rank them.
inline constexpr double load_tie_scale = 1e12;

/// The tie key of `load` against the largest load `largest` (see load_tie_scale): 0 when `largest`
/// is 0; load_tie_key(largest, largest) is the hottest key. Throws core::invalid_parameter
/// unless largest is finite and >= 0 and 0 <= load <= largest (to 1e-9 relative: rounding).
inline std::int64_t load_tie_key(double load, double largest) {
  core::require_at_least("load_tie_key", "largest", largest, 0.0);
  core::require_range("load_tie_key", "load", load, 0.0, largest * (1.0 + 1e-9));
  return largest > 0.0 ? std::llround(load / largest * load_tie_scale) : 0;
}

/// The summary of a load vector (see the file comment): fills every field of `out` but the
/// names, the method and the optimum.
template <class G>
void summarize_load(const G& g, std::vector<double> loads, const channel_load_request& r, channel_load_result& out) {
  const std::size_t C = loads.size();
  out.channels = C;
  out.vertices = g.num_vertices();
  double sum = 0.0, mx = 0.0;
  for (const double x : loads) {
    sum += x;
    mx = std::max(mx, x);
  }
  out.max_load = mx;
  out.mean_load = C ? sum / static_cast<double>(C) : 0.0;
  // The k-th smallest by selection, highest rank first, each within the part below the last
  // (a sort of the 1.44 M loads of Shiftfly at 36,000 groups took 0.1 s, serial).
  std::vector<double> part = loads;
  std::size_t below = C;  // part[0 .. below) holds the loads not above the last rank's
  const auto rank = [&](double p) {
    if (C == 0) return 0.0;  // no channel (one router): 0
    const auto nearest = static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(C)));
    const std::size_t k = std::max<std::size_t>(nearest, 1) - 1;
    std::nth_element(part.begin(), part.begin() + static_cast<std::ptrdiff_t>(k),
                     part.begin() + static_cast<std::ptrdiff_t>(below));
    below = k + 1;
    return part[k];
  };
  out.p99 = rank(99);
  out.p90 = rank(90);
  out.p50 = rank(50);
  std::vector<std::uint64_t> idx(C);
  for (std::uint64_t c = 0; c < C; ++c) idx[c] = c;
  const std::size_t K = std::min<std::size_t>(r.top, C);
  // ties to rounding (load_tie_key): equal keys go by channel index
  if (K > 0) {  // (partial_sort compares every element even when it keeps none)
    std::vector<std::int64_t> key(C);
    for (std::size_t c = 0; c < C; ++c) key[c] = load_tie_key(loads[c], mx);
    std::partial_sort(idx.begin(), idx.begin() + static_cast<std::ptrdiff_t>(K), idx.end(),
                      [&](std::uint64_t a, std::uint64_t b) { return key[a] != key[b] ? key[a] > key[b] : a < b; });
  }
  const bool classes = !r.channel_class.empty();
  for (std::size_t i = 0; i < K; ++i) {
    const auto [tail, head] = channel_ends(g, idx[i]);
    out.hottest.push_back({idx[i], tail, head, loads[idx[i]], classes ? r.class_names[r.channel_class[idx[i]]] : ""});
  }
  if (classes) {
    out.by_class.resize(r.class_names.size());
    std::vector<double> sums(r.class_names.size(), 0.0);
    for (std::size_t k = 0; k < r.class_names.size(); ++k) out.by_class[k].name = r.class_names[k];
    for (std::size_t c = 0; c < C; ++c) {
      auto& b = out.by_class[r.channel_class[c]];
      ++b.channels;
      b.max_load = std::max(b.max_load, loads[c]);
      sums[r.channel_class[c]] += loads[c];
    }
    for (std::size_t k = 0; k < sums.size(); ++k)
      out.by_class[k].mean_load = out.by_class[k].channels ? sums[k] / static_cast<double>(out.by_class[k].channels) : 0.0;
  }
  out.max_load_per_endpoint_injection = out.endpoint_rate > 0.0 ? mx / out.endpoint_rate : 0.0;
  out.channels_loaded = mx > 0.0;
  const double unbounded = std::numeric_limits<double>::infinity();
  out.saturation_per_pair = out.channels_loaded ? 1.0 / mx : unbounded;
  out.saturation_per_endpoint = out.channels_loaded ? out.endpoint_rate / mx : unbounded;
  out.saturation_per_endpoint_capped = std::min(1.0, out.saturation_per_endpoint);
  out.loads = std::move(loads);
}

/// The channel loads and their summary (see the file comment). `family` (optional) is the
/// graph's family: a routing it does not run is refused.
template <class G>
channel_load_result measure_channel_load(const G& g, const channel_load_request& r,
                                         const topology::family_descriptor* family = nullptr,
                                         const load_router* pair_router = nullptr) {
  constexpr std::string_view where = "measure_channel_load";
  const routing_spec& spec = r.routing;
  if (r.traffic.kind == traffic_kind::worst)
    core::fail_parameter(where, "traffic", "worst", "is found for a routing of a family: call routing::measure_family_load",
                         std::string(traffic_names_accepted));
  core::require_range(where, "top", r.top, 0, std::uint64_t{1} << 20);
  core::require_range(where, "threads", r.threads, 0, 1024);
  if (!(r.max_seconds > 0.0) || !std::isfinite(r.max_seconds))
    core::throw_out_of_range(where, "max_seconds", r.max_seconds, "above 0, finite");
  if (r.compare_optimal)
    core::fail_parameter(where, "compare_optimal", "true", "needs the optimal throughput (the solvers component)",
                         "measure_routing_load of routing/channel_load_optimal.hpp");
  if (family) require_family_runs(spec, *family);
  const std::uint64_t n = g.num_vertices(), C = channel_count(g);
  core::require_range(where, "n", n, 1, metrics::traffic_max_vertices);
  const std::vector<std::uint32_t> counts = r.endpoints.empty() ? core::uniform_endpoints(n, 1) : r.endpoints;
  core::require_endpoints(where, counts, n);
  if (!r.channel_class.empty()) {
    if (r.channel_class.size() != C)
      core::fail_parameter(where, "channel_class", core::to_message(r.channel_class.size()) + " entries",
                           "does not have one class per channel", core::to_message(C) + " entries");
    for (const auto k : r.channel_class)
      if (k >= r.class_names.size())
        core::fail_parameter(where, "channel_class", core::to_message(unsigned{k}), "names no class",
                             "0 to " + core::to_message(r.class_names.size()) + " - 1");
  }
  const bool per_pair = spec.kind == routing_kind::dor || spec.kind == routing_kind::ksp || spec.kind == routing_kind::shift;
  if (per_pair && !pair_router)
    core::fail_parameter(where, "routing", spec.name(), "is routed per pair: call routing::measure_family_load",
                         "minimal, ecmp, spread, valiant, valiant:ecmp, valiant:minimal");
  const routing_kind leg = spec.kind == routing_kind::valiant ? spec.legs : spec.kind;
  // the work, estimated before anything is built: destinations x (n + 2m), plus the BookSim table
  const std::uint64_t per_destination = per_pair ? pair_router->steps_per_destination() : core::estimate_add_mul(n, 2, C);
  std::uint64_t steps = core::estimate_add_mul(0, n, per_destination);
  if (leg == routing_kind::minimal && spec.tie == tie_rule::booksim) steps = core::estimate_add_mul(steps, n, per_destination);
  const double seconds = static_cast<double>(steps) / load_steps_per_second / core::resolve_threads(r.threads);
  if (seconds > r.max_seconds)
    core::fail_parameter(where, "max_seconds", detail::seconds_text(r.max_seconds),
                         "is below the estimated " + detail::seconds_text(seconds) + " s (" + core::to_message(n) +
                             " destinations x " + core::to_message(per_destination) + " steps at " +
                             detail::seconds_text(load_steps_per_second) + " steps/s a thread)",
                         "a smaller graph, or a larger max_seconds");
  const std::uint64_t wave = std::min<std::uint64_t>(core::resolve_threads(r.threads), load_destination_chunks);
  core::require_memory(where, "the channel loads", core::estimate_add_mul(0, wave + 2, core::estimate_add_mul(0, C, 8)));
  traffic_spec traffic = r.traffic;
  traffic.dims = r.tornado_dims;
  const load_traffic T = make_load_traffic(n, traffic, counts, r.self, r.traffic_seed);

  channel_load_result out;
  out.routing = spec.name();
  out.tie = spec.uses_tie() ? tie_rule_name(spec.tie) : "";
  out.traffic = T.name;
  out.traffic_unit = T.unit;
  out.self = uniform_self_name(r.self);
  out.endpoints_min = out.endpoints_max = counts[0];
  for (const auto c : counts) {
    out.endpoints += c;
    out.endpoints_min = std::min<std::uint64_t>(out.endpoints_min, c);
    out.endpoints_max = std::max<std::uint64_t>(out.endpoints_max, c);
  }
  out.endpoints_rule = !r.endpoints_rule.empty() ? r.endpoints_rule
                       : r.endpoints.empty()     ? "1 a router (none given)"
                                                 : "given, one count a router";
  out.endpoint_rate = T.endpoint_rate;
  if (n == 1) {  // one router: every pair stays inside it, no network channel exists to load
    out.method = "exact";
    out.algorithm = "one router: no network channel";
    summarize_load(g, std::vector<double>(C, 0.0), r, out);
    return out;
  }
  const std::optional<shortest_path_router<G>> own =
      per_pair ? std::nullopt
               : std::optional<shortest_path_router<G>>(std::in_place, g, leg, spec.tie, routing_build_options{r.threads});
  const load_router& router = per_pair ? *pair_router : *own;
  std::vector<double> loads;
  if (spec.kind == routing_kind::valiant) {
    const valiant_demands V(T);
    loads = accumulate_load(g, router, V, {r.threads});
    out.method = "expected";
    out.algorithm = "Valiant's expected load over a uniform intermediate: the leg routing (" +
                    std::string(routing_kind_name(leg)) + ") under T'(a,b) = out(a)/n + in(b)/n, per-destination accumulation";
  } else if (!per_pair && T.form == load_traffic::shape::uniform && T.weight.empty() &&
             (spec.kind == routing_kind::ecmp || spec.kind == routing_kind::spread)) {
    // uniform traffic under ecmp or spread is edge betweenness: the batched O(n·m) kernel
    // (metrics/paths/shortest_path_load.hpp), one unit for every ordered pair as here
    metrics::uniform_load_options u;
    u.threads = r.threads;
    u.split = spec.kind == routing_kind::ecmp ? metrics::shortest_path_split::ecmp : metrics::shortest_path_split::spread;
    out.method = "exact";
    out.algorithm = std::string("uniform ") + routing_kind_name(spec.kind) +
                    " load as edge betweenness: batched accumulation over the shortest-path DAGs of ";
    std::string how = "all destinations";
    if (r.uniform_load_engine) loads = r.uniform_load_engine(u, how);
    else loads = metrics::uniform_shortest_path_load(g, u);
    out.algorithm += how;
  } else {
    loads = accumulate_load(g, router, T, {r.threads});
    out.method = "exact";
    out.algorithm = per_pair ? "the routing's shares of every pair with demand, summed by destination"
                             : "per-destination accumulation over the shortest-path DAG (BFS from every destination)";
  }
  if (spec.kind == routing_kind::valiant) {
    const valiant_demands V(T);
    for (std::uint32_t t = 0; t < n; ++t) out.destinations += V.receives(t) ? 1 : 0;
  } else {
    for (std::uint32_t t = 0; t < n; ++t) out.destinations += T.receives(t) ? 1 : 0;
  }
  for (const double x : loads)
    if (!std::isfinite(x)) core::fail(where, "a channel load passes the largest double (accepted: smaller demands)");
  summarize_load(g, std::move(loads), r, out);
  return out;
}

}  // namespace shiftfly::routing
