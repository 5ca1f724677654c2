#pragma once
/// \file describe_load.hpp
/// A channel-load answer (routing/channel_load.hpp) described once (core/record.hpp): the
/// JSON fields of `shiftfly load` and of the Python object, and the text lines, the first of
/// which says the answer in one sentence.
///
///   core::record describe(const channel_load_result& r);
///
/// The per-channel loads are a Python-only field (`loads`, one per channel in the order of
/// core/channel.hpp); the tools print the summary.

#include <cstdio>
#include <string>

#include "shiftfly/core/record.hpp"
#include "shiftfly/routing/channel_load.hpp"

namespace shiftfly::routing {

namespace detail {
inline std::string g6(double x) {
  char text[64];
  std::snprintf(text, sizeof text, "%.6g", x);
  return text;
}
}  // namespace detail

inline core::record describe(const channel_load_result& r) {
  using detail::g6;
  core::record pct("percentiles");
  pct.add("p50", r.p50).add("p90", r.p90).add("p99", r.p99).add("rule", "nearest rank over all channels");
  core::record_value::list hot;
  for (const auto& h : r.hottest) {
    core::record c("hot_channel");
    c.add("channel", h.channel).add("tail", h.tail).add("head", h.head).add("load", h.load);
    c.add("class", h.link_class.empty() ? core::record_value(nullptr) : core::record_value(h.link_class));
    hot.emplace_back(std::move(c));
  }
  core::record_value by_class = nullptr;
  if (!r.by_class.empty()) {
    core::record_value::list classes;
    for (const auto& b : r.by_class) {
      core::record c("class_load");
      c.add("class", b.name).add("channels", b.channels).add("max_load", b.max_load).add("mean_load", b.mean_load);
      classes.emplace_back(std::move(c));
    }
    by_class = classes;
  }
  core::record_value optimal = nullptr;
  if (r.optimal) {
    core::record o("optimal_comparison");
    o.add("lower", r.optimal->lower, "per pair", "the optimal throughput theta*, lower end")
        .add("upper", r.optimal->upper, "per pair", "the optimal throughput theta*, upper end")
        .add("method", r.optimal->method)
        .add("algorithm", r.optimal->algorithm)
        .add("efficiency_lower", r.optimal->efficiency_lower, "", "theta_R / theta*, lower end")
        .add("efficiency_upper", r.optimal->efficiency_upper, "", "theta_R / theta*, upper end");
    optimal = o;
  }
  core::record_value worst = nullptr;
  if (r.worst) {
    core::record w("worst_case");
    w.add("method", worst_case_method_name(r.worst->method), "", "exact, or bound: a certified upper bound on the worst load")
        .add("algorithm", r.worst->algorithm)
        .add("load", r.worst->load, "per flit/cycle per endpoint", "the hottest channel under the permutation found")
        .add("upper", r.worst->upper, "per flit/cycle per endpoint", "certified upper bound on the worst-case load")
        .add("saturation_lower", r.worst->saturation_lower(), "flits/cycle per endpoint",
             "certified lower bound on the worst-case saturation, 1 / upper")
        .add("channels_solved", r.worst->channels_solved, "channels")
        .add("permutation", r.worst->permutation, "", "router s sends to permutation[s]");
    worst = w;
  }
  // no channel loaded: the network sets no bound (+infinity), printed as null
  const auto bound = [&](double x) { return r.channels_loaded ? core::record_value(x) : core::record_value(nullptr); };
  core::record out("channel_load");
  out.add("routing", r.routing)
      .add("tie", r.tie.empty() ? core::record_value(nullptr) : core::record_value(r.tie))
      .add("traffic", r.traffic)
      .add("traffic_unit", r.traffic_unit, "", "what one unit of the demands between routers is")
      .add("endpoints", r.endpoints, "endpoints", "in all")
      .add("endpoints_per_router",
           r.endpoints_min == r.endpoints_max ? core::record_value(r.endpoints_min) : core::record_value(nullptr),
           "endpoints per router", "the count of every router, null when they differ")
      .add("endpoints_per_router_min", r.endpoints_min, "endpoints per router")
      .add("endpoints_per_router_max", r.endpoints_max, "endpoints per router")
      .add("endpoints_rule", r.endpoints_rule, "", "where the endpoints come from")
      .add("uniform_self", r.self, "", "uniform traffic: the source among its own destinations (include) or not")
      .add("method", r.method, "", "exact, or expected (Valiant: the mean over its random intermediate)")
      .add("algorithm", r.algorithm)
      .add("vertices", r.vertices, "routers")
      .add("channels", r.channels, "channels", "two per physical link, capacity 1 each")
      .add("destinations", r.destinations, "routers", "destinations with demand")
      .add("max_channel_load", r.max_load, "per pair", "the hottest channel's load under the demands")
      .add("mean_channel_load", r.mean_load, "per pair")
      .add("percentiles", pct)
      .add("endpoint_rate", r.endpoint_rate, "flits/cycle per endpoint", "the endpoint injection one unit of demand stands for")
      .add("max_channel_load_per_endpoint_injection", r.max_load_per_endpoint_injection, "per flit/cycle per endpoint")
      .add("channels_loaded", r.channels_loaded, "", "false: no network channel carries anything (one router)")
      .add("saturation_per_pair", bound(r.saturation_per_pair), "per pair",
           "theta_R = 1 / max_channel_load (the unit of --throughput); null when no channel is loaded")
      .add("saturation_per_endpoint", bound(r.saturation_per_endpoint), "flits/cycle per endpoint",
           "the injection per endpoint at which the hottest channel carries 1; null when no channel is loaded")
      .add("saturation_per_endpoint_capped", r.saturation_per_endpoint_capped, "flits/cycle per endpoint",
           "min(1, saturation_per_endpoint): an endpoint's injection channel carries 1 flit a cycle")
      .add("hottest", hot)
      .add("by_class", by_class)
      .add("optimal", optimal)
      .add("worst", worst)
      .add_for(core::shown_in::python, "loads", r.loads, "per pair", "the load of every channel, by channel index");
  const std::string routing = r.routing + (r.tie.empty() ? "" : " (tie " + r.tie + ")");
  if (r.channels_loaded)
    out.line("Under " + routing + " routing and " + r.traffic + " traffic (" + r.method + "), the hottest channel carries " +
             g6(r.max_load_per_endpoint_injection) + " per unit of endpoint injection: saturation at " +
             g6(r.saturation_per_endpoint) + " flits/cycle per endpoint" +
             (r.saturation_per_endpoint > 1.0 ? " (the injection channel caps it at 1)" : "") + ", " +
             g6(r.saturation_per_pair) + " per pair.");
  else
    out.line("Under " + routing + " routing and " + r.traffic + " traffic, no network channel is loaded (" +
             (r.vertices == 1 ? "one router" : "every pair lies inside one router") +
             "): the network sets no bound, and the injection channel caps an endpoint at 1 flit/cycle.");
  const std::string per_router = r.endpoints_min == r.endpoints_max
                                     ? std::to_string(r.endpoints_min)
                                     : std::to_string(r.endpoints_min) + " to " + std::to_string(r.endpoints_max);
  out.line("endpoints: " + per_router + " per router, " + std::to_string(r.endpoints) + " in all (" + r.endpoints_rule +
           "), uniform self " + r.self + "; demand unit: " + r.traffic_unit);
  out.line("channel load (per pair): max " + g6(r.max_load) + ", mean " + g6(r.mean_load) + ", p50 " + g6(r.p50) +
           ", p90 " + g6(r.p90) + ", p99 " + g6(r.p99) + " (nearest rank, " + std::to_string(r.channels) + " channels)");
  for (const auto& h : r.hottest)
    out.line("  hot: " + std::to_string(h.tail) + " -> " + std::to_string(h.head) + " load " + g6(h.load) +
             (h.link_class.empty() ? "" : " (" + h.link_class + ")"));
  for (const auto& b : r.by_class)
    out.line("  class " + b.name + ": " + std::to_string(b.channels) + " channels, max " + g6(b.max_load) + ", mean " +
             g6(b.mean_load));
  if (r.optimal)
    out.line("optimal theta* " +
             (r.optimal->method == "exact" ? g6(r.optimal->lower)
                                           : "in [" + g6(r.optimal->lower) + ", " + g6(r.optimal->upper) + "]") +
             " per pair (" + r.optimal->method + "); efficiency theta_R/theta* " +
             (r.optimal->method == "exact" ? g6(r.optimal->efficiency_lower)
                                           : "in [" + g6(r.optimal->efficiency_lower) + ", " +
                                                 g6(r.optimal->efficiency_upper) + "]"));
  if (r.worst)
    out.line("worst case: " + std::string(worst_case_method_name(r.worst->method)) + ", load " + g6(r.worst->load) + ", certified at most " +
             g6(r.worst->upper) + " per unit of endpoint injection (" + r.worst->algorithm + ")");
  out.line("method: " + r.method + " (" + r.algorithm + ")");
  return out;
}

}  // namespace shiftfly::routing
