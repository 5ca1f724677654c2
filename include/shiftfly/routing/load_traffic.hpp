#pragma once
/// \file load_traffic.hpp
/// The traffic of a channel-load request: a pattern over the endpoints (counts[r] on router r,
/// core/endpoints.hpp; topology::choose_endpoints gives the commands' ones) named as text, made
/// into demands between routers, with the injection per endpoint that those demands stand for.
///
///   traffic_spec, parse_traffic                     // metrics/flow/traffic_spec.hpp: the names, parsed once
///   enum class uniform_self { include, exclude };
///   struct load_traffic { ... fill(t, d), out_of(a), in_of(b), destinations(), endpoint_rate ... };
///   load_traffic make_load_traffic(n, traffic_spec, const std::vector<std::uint32_t>& counts,
///                                  uniform_self, std::optional<seed>);
///
/// Endpoints: router r holds the counts[r] endpoints numbered after those of routers 0 .. r-1
/// (rP .. rP+P-1 when every router has P), N in all; a router may have none (a fat tree's
/// aggregation and core switches). A pattern is defined over the endpoints; the demand between
/// routers a != b is the sum over their endpoint pairs, and a pair inside one router uses no
/// channel (it is kept as the router's `self` demand, which Valiant routing sends through its
/// intermediate: routing/valiant_load.hpp). The router demands are stated in a unit of their
/// own (below, "per pair"), and `endpoint_rate` is the injection of every endpoint, in flits
/// per cycle, that one unit of them stands for; so a channel load L under these demands is
/// L / endpoint_rate per unit of endpoint injection.
///
/// With equal counts P the unit below is one per ordered router pair (θ*'s unit); with unequal
/// counts `uniform` is one unit per ordered endpoint pair (P_a·P_b from router a to router b,
/// endpoint_rate N or N - 1), and `groups` the same times R/M'_g (M'_g the destinations of an
/// endpoint of group g, R the largest), so that every endpoint injects R units alike.
///
/// The names (metrics::parse_traffic; a new pattern is one more case there and in make_load_traffic;
/// `worst` is routing/family_load.hpp's):
/// - `uniform`: every endpoint sends to every endpoint alike. With uniform_self::include
///   (the default: BookSim2's `uniform` draws the destination among all N endpoints, the
///   source included) an endpoint's traffic is split over N destinations, else over the N - 1
///   others. Per pair: one unit for every ordered router pair a != b (the unit of the
///   throughput metrics, metrics/flow/throughput.hpp); endpoint_rate = N/P² (include) or
///   (N - 1)/P² (exclude); self = 1 (include) or (P - 1)/P (exclude) per router.
/// - `permutation` or `permutation:SEED`: endpoint i sends one unit to p[i], p drawn as
///   metrics::random_permutation(N, SEED) (Python's random.Random(SEED).shuffle; SEED from
///   the name, else the request's seed, else 1); a fixed point sends nothing, as in the
///   throughput metrics. endpoint_rate = 1.
/// - `groups:SIZE`: uniform within consecutive groups of SIZE routers (SIZE a divisor of n,
///   at least 2): the chips of one Boardfly or Shiftfly group talk among themselves. Per
///   pair: one unit for every ordered router pair a != b in one group; endpoint_rate =
///   SIZE·P/P² (include) or (SIZE·P - 1)/P² (exclude).
/// - `moe:K`: a mixture-of-experts dispatch over the endpoints (metrics::moe_dispatch_traffic(N,
///   K, seed)): every endpoint sends one unit to each of K distinct other endpoints.
///   endpoint_rate = K.
/// - `tornado`, `bit-complement`, `transpose`, `shift:K`: the simulators' adversarial
///   permutations of the N endpoints (metrics/flow/traffic.hpp: Dally and Towles Table 3.2,
///   BookSim2's traffic.cpp): tornado on the k-ary n-cube's coordinates when the caller sets
///   `dims` (a torus, one endpoint a router), else on the endpoints as one ring; bit complement
///   needs N = 2^b, transpose N = 2^(2b), shift s -> s + K mod N. endpoint_rate = 1.
/// - `file:PATH`: demands between routers from a traffic file, read by the caller
///   (metrics::read_traffic_matrix) into the spec's `matrix`; endpoint_rate = the largest router
///   injection over its endpoints (the busiest endpoints inject 1 at saturation 1); a demand
///   from or to a router without endpoints is refused. Where the total demand passes the
///   largest double / 4 (no channel load can then be kept finite as read), the demands are
///   scaled by 2^-e, e the largest demand's exponent (exactly: a power of two, as the
///   throughput metrics scale theirs, metrics/flow/traffic.hpp); scale_exponent and the unit say so.

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/endpoints.hpp"
#include "shiftfly/core/memory.hpp"
#include "shiftfly/core/parse.hpp"
#include "shiftfly/metrics/flow/traffic.hpp"
#include "shiftfly/metrics/flow/traffic_spec.hpp"

namespace shiftfly::routing {

// The traffic's names and their one parser (metrics/flow/traffic_spec.hpp), spoken here too.
using metrics::parse_traffic;
using metrics::traffic_kind;
using metrics::traffic_names_accepted;
using metrics::traffic_spec;

enum class uniform_self { include, exclude };

inline const char* uniform_self_name(uniform_self u) noexcept { return u == uniform_self::include ? "include" : "exclude"; }

/// Demands between routers (see the file comment).
struct load_traffic {
  enum class shape { uniform, groups, matrix };
  shape form = shape::uniform;
  std::uint64_t n = 0;
  std::uint64_t group_size = 0;  ///< groups (uniform: n, one group)
  metrics::traffic_matrix matrix;  ///< matrix: by source
  std::vector<std::uint64_t> in_offsets;  ///< matrix: by target (CSR)
  std::vector<std::uint32_t> in_sources;
  std::vector<double> in_demands;
  std::vector<double> self;   ///< the demand inside each router (no channel; Valiant routes it)
  /// uniform and groups with unequal endpoint counts: T(a, b) = weight[a] · target_weight[b]
  /// (a != b in one group); empty: 1 for every pair (equal counts)
  std::vector<double> weight, target_weight;
  double endpoint_rate = 1.0;  ///< flits per cycle per endpoint that one unit of these demands stands for
  std::vector<std::uint32_t> endpoints;  ///< endpoints of every router
  int scale_exponent = 0;     ///< file: the demands were scaled by 2^-scale_exponent (0: as read)
  std::string name;           ///< "uniform", "permutation (seed 1)", ...
  std::string unit;           ///< what one unit of the demands is, in words

  /// d[s] = the demand from s to t, every s (d[t] = 0); d has n entries.
  void fill(std::uint32_t t, std::vector<double>& d) const {
    d.assign(n, 0.0);
    switch (form) {
      case shape::uniform:
      case shape::groups: {
        const std::uint64_t G = form == shape::uniform ? n : group_size, g0 = t / G * G;
        const auto first = d.begin() + static_cast<std::ptrdiff_t>(g0), last = first + static_cast<std::ptrdiff_t>(G);
        if (weight.empty()) std::fill(first, last, 1.0);
        else
          for (std::uint64_t s = g0; s < g0 + G; ++s) d[s] = weight[s] * target_weight[t];
        break;
      }
      case shape::matrix:
        for (auto i = in_offsets[t]; i < in_offsets[t + 1]; ++i) d[in_sources[i]] = in_demands[i];
        break;
    }
    d[t] = 0.0;
  }
  /// Whether some router sends to t.
  [[nodiscard]] bool receives(std::uint32_t t) const {
    if (form == shape::matrix) return in_offsets[t + 1] > in_offsets[t];
    if (weight.empty()) return n >= 2;
    if (!(target_weight[t] > 0.0)) return false;
    const std::uint64_t G = form == shape::uniform ? n : group_size, g0 = t / G * G;
    for (std::uint64_t s = g0; s < g0 + G; ++s)
      if (s != t && weight[s] > 0.0) return true;
    return false;
  }
  /// Σ_b T(a, b) + self(a): all that router a's endpoints send.
  [[nodiscard]] double out_of(std::uint32_t a) const {
    switch (form) {
      case shape::uniform:
      case shape::groups: {
        const std::uint64_t G = form == shape::uniform ? n : group_size;
        if (weight.empty()) return static_cast<double>(G - 1) + self[a];
        const std::uint64_t g0 = a / G * G;
        double sum = 0.0;
        for (std::uint64_t b = g0; b < g0 + G; ++b)
          if (b != a) sum += target_weight[b];
        return weight[a] * sum + self[a];
      }
      case shape::matrix: {
        double s = 0.0;
        if (matrix.n() == 0) return self[a];  // one router: no matrix between routers
        for (const double x : matrix.demands_of(a)) s += x;
        return s + self[a];
      }
    }
    return 0.0;
  }
  /// Σ_a T(a, b) + self(b): all that router b's endpoints receive.
  [[nodiscard]] double in_of(std::uint32_t b) const {
    if (form != shape::matrix) {
      if (weight.empty()) return out_of(b);  // symmetric patterns
      const std::uint64_t G = form == shape::uniform ? n : group_size, g0 = b / G * G;
      double sum = 0.0;
      for (std::uint64_t a = g0; a < g0 + G; ++a)
        if (a != b) sum += weight[a];
      return target_weight[b] * sum + self[b];
    }
    double s = 0.0;
    for (auto i = in_offsets[b]; i < in_offsets[b + 1]; ++i) s += in_demands[i];
    return s + self[b];
  }
  /// The demands between distinct routers as a matrix (for the optimal throughput).
  [[nodiscard]] metrics::traffic_matrix as_matrix() const {
    switch (form) {
      case shape::uniform:
      case shape::groups: {
        if (weight.empty())
          return form == shape::uniform ? metrics::uniform_traffic(n) : metrics::within_groups_traffic(n, group_size);
        std::vector<metrics::traffic_entry> e;
        std::vector<double> d;
        for (std::uint32_t t = 0; t < n; ++t) {
          fill(t, d);
          for (std::uint64_t s = 0; s < n; ++s)
            if (d[s] > 0.0) e.push_back({s, t, d[s]});
        }
        return metrics::traffic_matrix::from_entries(n, std::move(e), name);
      }
      case shape::matrix: return matrix;
    }
    return {};
  }
};

namespace detail {
/// Sums endpoint demands into routers (`router_of` every endpoint's router): pairs inside one
/// router go to self.
inline load_traffic aggregate(std::uint64_t n, const std::vector<std::uint32_t>& router_of,
                              const metrics::traffic_matrix& endpoint_traffic, std::string_view where) {
  load_traffic r;
  r.form = load_traffic::shape::matrix;
  r.n = n;
  r.self.assign(n, 0.0);
  std::vector<metrics::traffic_entry> e;
  e.reserve(endpoint_traffic.size());
  for (const auto& x : endpoint_traffic.entries()) {
    const std::uint64_t a = router_of[x.source], b = router_of[x.target];
    if (a == b) r.self[a] += x.demand;
    else e.push_back({a, b, x.demand});
  }
  std::sort(e.begin(), e.end(), [](const auto& x, const auto& y) {
    return x.source != y.source ? x.source < y.source : x.target < y.target;
  });
  std::vector<metrics::traffic_entry> merged;
  for (const auto& x : e) {
    if (!merged.empty() && merged.back().source == x.source && merged.back().target == x.target) merged.back().demand += x.demand;
    else merged.push_back(x);
  }
  // every pair inside one router (a one-router graph): no demand between routers, no channel loaded
  if (n >= 2) r.matrix = metrics::traffic_matrix::from_entries(n, std::move(merged), endpoint_traffic.name(), where);
  return r;
}

/// The router of every endpoint: router r holds the counts[r] endpoints after those of 0 .. r-1.
inline std::vector<std::uint32_t> routers_of_endpoints(const std::vector<std::uint32_t>& counts, std::uint64_t N) {
  std::vector<std::uint32_t> out;
  out.reserve(N);
  for (std::uint32_t r = 0; r < counts.size(); ++r) out.insert(out.end(), counts[r], r);
  return out;
}

inline void index_by_target(load_traffic& r) {
  const auto& T = r.matrix;
  r.in_offsets.assign(r.n + 1, 0);
  for (const auto s : T.sources_with_demand())
    for (const auto t : T.targets_of(s)) ++r.in_offsets[t + 1];
  for (std::uint64_t i = 0; i < r.n; ++i) r.in_offsets[i + 1] += r.in_offsets[i];
  r.in_sources.resize(T.size());
  r.in_demands.resize(T.size());
  std::vector<std::uint64_t> at(r.in_offsets.begin(), r.in_offsets.end() - 1);
  for (const auto s : T.sources_with_demand()) {  // sources ascending: each target's list is ascending
    const auto ts = T.targets_of(s);
    const auto ds = T.demands_of(s);
    for (std::size_t i = 0; i < ts.size(); ++i) {
      r.in_sources[at[ts[i]]] = s;
      r.in_demands[at[ts[i]]++] = ds[i];
    }
  }
}
}  // namespace detail

/// Largest endpoint count per router (core/endpoints.hpp's).
inline constexpr std::uint64_t max_endpoints_per_router = core::max_endpoints_per_router;

namespace detail {

/// The endpoints of a request: N in all, whether every router has the same count P.
struct endpoint_census {
  std::uint64_t N = 0;
  bool equal = true;
  std::uint64_t P = 0;  ///< the count of every router when `equal`
};

inline endpoint_census count_endpoints(const std::vector<std::uint32_t>& counts) {
  endpoint_census c;
  for (const auto x : counts) c.N += x, c.equal = c.equal && x == counts[0];
  c.P = counts[0];
  return c;
}

/// Uniform or within groups of G with unequal counts: router a sends P_a·P_b·f_g units to b (one
/// per endpoint pair, times f_g = R/M'_g: M'_g the destinations of an endpoint of group g, M_g or
/// M_g - 1 without the source, R the largest M'_g), so that every endpoint injects R units alike.
inline void weigh_by_endpoints(load_traffic& r, std::uint64_t n, std::uint64_t G, const std::vector<std::uint32_t>& counts,
                               bool incl) {
  r.weight.assign(n, 0.0);
  r.target_weight.assign(n, 0.0);
  r.self.assign(n, 0.0);
  std::vector<double> destinations(n / G);
  double most = 0.0;
  for (std::uint64_t g = 0; g < n / G; ++g) {
    std::uint64_t M = 0;
    for (std::uint64_t a = g * G; a < (g + 1) * G; ++a) M += counts[a];
    destinations[g] = static_cast<double>(incl ? M : (M == 0 ? 0 : M - 1));
    most = std::max(most, destinations[g]);
  }
  for (std::uint64_t a = 0; a < n; ++a) {
    const double f = destinations[a / G] > 0.0 ? most / destinations[a / G] : 0.0, Pa = counts[a];
    r.weight[a] = Pa;
    r.target_weight[a] = Pa * f;
    r.self[a] = (incl ? Pa * Pa : Pa * (Pa > 0 ? Pa - 1 : 0.0)) * f;
  }
  r.endpoint_rate = most;
}

/// `uniform` (G = n, one group) and `groups:G`.
inline void uniform_traffic_of(load_traffic& r, std::uint64_t n, std::uint64_t G, const std::vector<std::uint32_t>& counts,
                               const endpoint_census& c, bool incl) {
  const bool whole = G == n && r.form == load_traffic::shape::uniform;
  r.group_size = G;
  if (c.equal) {
    const double Pd = static_cast<double>(c.P), P2 = Pd * Pd;
    const std::uint64_t M = whole ? c.N : G * c.P;
    r.self.assign(n, incl ? 1.0 : (Pd - 1) / Pd);
    r.endpoint_rate = (incl ? static_cast<double>(M) : static_cast<double>(M - 1)) / P2;
    r.unit = whole ? "one unit for every ordered pair of distinct routers"
                   : "one unit for every ordered pair of distinct routers in one group";
  } else {
    weigh_by_endpoints(r, n, G, counts, incl);
    r.unit = whole ? "one unit for every ordered pair of endpoints on distinct routers (P_a x P_b from router a to b)"
                   : "one unit for every ordered pair of endpoints on distinct routers of one group, times R/M (M the "
                     "destinations of an endpoint of the group, R the most of any group): every endpoint injects alike";
  }
}

/// A permutation p of the N endpoints (fixed points send nothing), summed into routers.
inline load_traffic permuted(std::uint64_t n, const std::vector<std::uint32_t>& counts, std::uint64_t N,
                             const std::vector<std::uint64_t>& p, std::string_view where) {
  std::vector<metrics::traffic_entry> e;
  for (std::uint64_t i = 0; i < N; ++i)
    if (p[i] != i) e.push_back({i, p[i], 1.0});
  auto r = aggregate(n, routers_of_endpoints(counts, N), metrics::traffic_matrix::from_entries(N, std::move(e), "", where), where);
  r.endpoint_rate = 1.0;
  r.unit = "one unit from every endpoint to its image";
  return r;
}

/// `permutation[:SEED]`: a random permutation of the endpoints (seed s).
inline load_traffic random_permutation_of(std::uint64_t n, const std::vector<std::uint32_t>& counts, std::uint64_t N,
                                          std::uint64_t s, std::string_view where) {
  core::require_range(where, "endpoint count", N, 2, metrics::traffic_max_vertices);
  const auto p = metrics::random_permutation(N, s);
  bool moves = false;
  for (std::uint64_t i = 0; i < N && !moves; ++i) moves = p[i] != i;
  if (!moves)
    core::fail_parameter(where, "traffic_seed", core::to_message(s), "draws the identity permutation, which sends nothing",
                         "a seed whose permutation moves some endpoint");
  auto r = permuted(n, counts, N, p, where);
  r.name = "permutation (seed " + core::to_message(s) + ")";
  return r;
}

/// `tornado`, `bit-complement`, `transpose`, `shift:K`: the simulators' adversarial permutations
/// of the N endpoints (metrics/flow/traffic.hpp), their sizes refused here naming the traffic
/// (metrics/flow/traffic.hpp checks them again).
inline load_traffic adversarial_of(std::uint64_t n, const traffic_spec& spec, const std::vector<std::uint32_t>& counts,
                                   const endpoint_census& c, std::string_view where) {
  const std::uint64_t N = c.N;
  const auto refuse_size = [&](const std::string& text, const std::string& needs) {
    core::fail_parameter(where, "traffic", text, "does not fit " + core::to_message(N) + " endpoints", needs);
  };
  const bool power_of_two = (N & (N - 1)) == 0;
  if (spec.kind == traffic_kind::bit_complement && !power_of_two) refuse_size("bit-complement", "a power-of-two endpoint count, 2^b");
  if (spec.kind == traffic_kind::transpose && (!power_of_two || std::countr_zero(N) % 2 != 0 || N < 4))
    refuse_size("transpose", "an endpoint count 2^(2b), b >= 1");
  if (spec.kind == traffic_kind::shift && spec.k >= N)
    refuse_size("shift:" + core::to_message(spec.k), "K from 1 to " + core::to_message(N - 1));
  const bool one_each = c.equal && c.P == 1;  // tornado on the k-ary n-cube's coordinates: one endpoint a router
  if (spec.kind == traffic_kind::tornado && (spec.dims.empty() || !one_each) && N < 3) refuse_size("tornado", "at least 3 endpoints");
  std::vector<std::uint64_t> p;
  std::string name;
  if (spec.kind == traffic_kind::tornado) {
    const bool cube = !spec.dims.empty() && one_each;
    const std::vector<std::uint64_t> ring{N};
    p = metrics::tornado_permutation(cube ? std::span<const std::uint64_t>(spec.dims) : std::span<const std::uint64_t>(ring));
    name = cube ? "tornado (k-ary n-cube)" : "tornado (the endpoints as one ring)";
  } else if (spec.kind == traffic_kind::bit_complement) {
    p = metrics::bit_complement_permutation(N);
    name = "bit complement";
  } else if (spec.kind == traffic_kind::transpose) {
    p = metrics::transpose_permutation(N);
    name = "transpose";
  } else {
    p = metrics::shift_permutation(N, spec.k);
    name = "shift by " + core::to_message(spec.k);
  }
  auto r = permuted(n, counts, N, p, where);
  r.name = std::move(name);
  return r;
}

/// `moe:K`: every endpoint to K distinct random others (seed s).
inline load_traffic moe_of(std::uint64_t n, const traffic_spec& spec, const std::vector<std::uint32_t>& counts, std::uint64_t N,
                           std::uint64_t s, std::string_view where) {
  core::require_range(where, "endpoint count", N, 2, metrics::traffic_max_vertices);
  if (spec.k > N - 1)
    core::fail_parameter(where, "traffic", "moe:" + core::to_message(spec.k), "has more experts than other endpoints",
                         "K from 1 to " + core::to_message(N - 1));
  auto r = aggregate(n, routers_of_endpoints(counts, N), metrics::moe_dispatch_traffic(N, spec.k, s), where);
  r.endpoint_rate = static_cast<double>(spec.k);
  r.name = "MoE dispatch (k " + core::to_message(spec.k) + ", seed " + core::to_message(s) + ")";
  r.unit = "one unit from every endpoint to each of its experts";
  return r;
}

/// `file:PATH`: the spec's matrix between routers, scaled when its total passes the doubles.
inline load_traffic file_traffic_of(std::uint64_t n, const traffic_spec& spec, const std::vector<std::uint32_t>& counts,
                                    std::string_view where) {
  if (spec.matrix.n() != n)
    core::fail_parameter(where, "matrix", "of " + core::to_message(spec.matrix.n()) + " vertices", "is not for this graph",
                         "a matrix of " + core::to_message(n) + " routers");
  if (spec.matrix.empty()) core::fail(where, "the traffic file has no demand (accepted: at least one pair)");
  load_traffic r;
  r.form = load_traffic::shape::matrix;
  r.self.assign(n, 0.0);
  // demands stand for their routers' endpoints: a router without endpoints has none to send or receive
  for (const auto a : spec.matrix.sources_with_demand())
    for (const auto b : spec.matrix.targets_of(a))
      if (counts[a] == 0 || counts[b] == 0)
        core::fail_parameter(where, "traffic", "file " + spec.path,
                             "has a demand from router " + core::to_message(a) + " to router " + core::to_message(b) +
                                 ", but router " + core::to_message(counts[a] == 0 ? a : b) + " has no endpoints",
                             "demands between routers with endpoints (or endpoints on every router)");
  // Scale (metrics/flow/traffic.hpp): a channel carries at most the total demand (Valiant
  // twice it); where that total passes the largest double, the demands are scaled by 2^-e (e the
  // largest demand's exponent; a power of two, so exactly), and the unit says so.
  r.matrix = spec.matrix;
  if (!std::isfinite(spec.matrix.total_demand() * 4.0)) {
    const int e = spec.matrix.demand_exponent();
    if (!(std::ldexp(spec.matrix.min_demand(), -e) >= std::numeric_limits<double>::min()))
      core::fail_parameter(where, "traffic", "file " + spec.path,
                           "sums its demands past the largest double, and scaled to keep the loads finite its "
                           "smallest demand would fall below the normal doubles",
                           "demands whose total is below 4.4e307, or whose largest is at most 2^1022 times the smallest");
    r.matrix = spec.matrix.scaled(e);
    r.scale_exponent = e;
  }
  double busiest = 0.0;  // the largest injection of one endpoint: a router's demands over its endpoints
  for (const auto a : r.matrix.sources_with_demand()) {
    double sum = 0.0;
    for (const double x : r.matrix.demands_of(a)) sum += x;
    busiest = std::max(busiest, sum / static_cast<double>(counts[a]));
  }
  r.endpoint_rate = busiest;
  r.name = "file " + spec.path;
  r.unit = r.scale_exponent == 0 ? "the file's demands"
                                 : "the file's demands x 2^-" + core::to_message(static_cast<std::uint64_t>(r.scale_exponent)) +
                                       " (scaled exactly, by a power of two, so that the loads stay finite)";
  return r;
}

}  // namespace detail

/// The demands between the n routers of a graph for a traffic over `counts[r]` endpoints on
/// router r (see the file comment); `seed` is the request's seed (permutation, moe; 1 when absent).
/// `worst` is not a fixed traffic: routing/family_load.hpp finds it for a routing.
inline load_traffic make_load_traffic(std::uint64_t n, const traffic_spec& spec, const std::vector<std::uint32_t>& counts,
                                      uniform_self self, std::optional<std::uint64_t> seed = std::nullopt) {
  constexpr std::string_view where = "make_load_traffic";
  core::require_range(where, "n", n, 1, metrics::traffic_max_vertices);
  core::require_endpoints(where, counts, n);
  const auto c = detail::count_endpoints(counts);
  if (c.N == 0)
    core::fail_parameter(where, "endpoints", "0 in all", "leaves no endpoint to send or receive",
                         "at least one endpoint on some router");
  const bool incl = self == uniform_self::include;
  if (spec.seed && seed && *spec.seed != *seed)
    core::fail_parameter(where, "traffic_seed", core::to_message(*seed),
                         "differs from the seed in the traffic's name (" + core::to_message(*spec.seed) + ")",
                         "one seed, given once");
  const std::uint64_t s = spec.seed ? *spec.seed : seed.value_or(1);
  load_traffic r;
  r.n = n;
  switch (spec.kind) {
    case traffic_kind::uniform:
      r.form = load_traffic::shape::uniform;
      r.name = "uniform";
      detail::uniform_traffic_of(r, n, n, counts, c, incl);
      break;
    case traffic_kind::groups: {
      const std::uint64_t G = spec.group_size;
      if (G < 2 || G > n || n % G != 0)
        core::fail_parameter(where, "traffic", "groups:" + core::to_message(G), "has a group size that does not fit",
                             "a group size that divides n = " + core::to_message(n) + ", at least 2");
      r.form = load_traffic::shape::groups;
      r.name = "within groups of " + core::to_message(G) + " routers";
      detail::uniform_traffic_of(r, n, G, counts, c, incl);
      break;
    }
    case traffic_kind::permutation: r = detail::random_permutation_of(n, counts, c.N, s, where); break;
    case traffic_kind::tornado:
    case traffic_kind::bit_complement:
    case traffic_kind::transpose:
    case traffic_kind::shift: r = detail::adversarial_of(n, spec, counts, c, where); break;
    case traffic_kind::moe: r = detail::moe_of(n, spec, counts, c.N, s, where); break;
    case traffic_kind::file: r = detail::file_traffic_of(n, spec, counts, where); break;
    case traffic_kind::worst:
      core::fail_parameter(where, "traffic", "worst", "is found for a routing, not fixed in advance",
                           "routing::measure_family_load for worst, or a fixed traffic");
  }
  r.n = n;
  r.endpoints = counts;
  if (r.form == load_traffic::shape::matrix) detail::index_by_target(r);
  return r;
}

}  // namespace shiftfly::routing
