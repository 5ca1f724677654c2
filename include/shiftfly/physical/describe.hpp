#pragma once
/// \file describe.hpp
/// A fabric's cost and power described once (core/record.hpp): the model and its source, the
/// layout, the cables by class with their length histograms, the totals and the figures per
/// endpoint; and the sentence it reads as in text.
///
///   core::record describe(const cost_result& r);
#include <cstdio>
#include <string>

#include "shiftfly/core/record.hpp"
#include "shiftfly/physical/cost.hpp"

namespace shiftfly::physical {

namespace detail {
/// A figure with `digits` decimals, as the text prints it.
inline std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

inline core::record describe_cables(const cable_summary& s, const char* type) {
  core::record c(type);
  core::record_value::list histogram;
  for (const auto& [metres, count] : s.histogram) {
    core::record bin("length_bin");
    bin.add("metres", metres, "m", "cables of this length or less, rounded up to whole metres")
        .add("cables", count);
    histogram.emplace_back(std::move(bin));
  }
  c.add("count", s.count, "cables")
      .add("total_length_m", s.total_length_m, "m")
      .add("longest_m", s.longest_m, "m")
      .add("cost", s.cost, "dollars")
      .add("histogram", histogram, "", "cables by length, rounded up to whole metres");
  return c;
}
}  // namespace detail

inline core::record describe(const cost_result& r) {
  core::record model("cost_model");
  model.add("name", r.model).add("source", r.source).add("link_speed_gbps", r.link_speed_gbps, "Gb/s")
      .add("electric_max_m", r.electric_max_m, "m", "a longer cable is optical");
  if (!r.notes.empty()) model.add("notes", r.notes);
  core::record layout("layout");
  layout.add("rule", std::string(layout_name(r.layout)))
      .add("grouping", r.grouping.empty() ? core::record_value(nullptr) : core::record_value(r.grouping))
      .add("racks", r.racks)
      .add("routers_per_rack", r.routers_per_rack)
      .add("racks_per_row", r.racks_per_row);
  core::record res("network_cost");
  res.add("method", "exact", "", "the model's arithmetic on the layout's lengths")
      .add("algorithm", "rack layout (" + std::string(layout_name(r.layout)) +
                            "), Manhattan cable lengths, linear cable and router prices")
      .add("model", model)
      .add("layout", layout)
      .add("routers", r.routers)
      .add("endpoints", r.endpoints)
      .add("endpoints_rule", r.endpoints_rule, "", "where the endpoint counts come from")
      .add("links", r.links, "cables")
      .add("max_ports", r.max_ports, "ports", "the largest router's ports (links and endpoints)")
      .add("electric", detail::describe_cables(r.electric, "cables"))
      .add("optical", detail::describe_cables(r.optical, "cables"))
      .add("optical_share", r.optical_share, "", "optical cables / all cables")
      .add("router_cost", r.router_cost, "dollars")
      .add("cable_cost", r.cable_cost, "dollars")
      .add("total_cost", r.total_cost, "dollars")
      .add("cost_per_endpoint", r.cost_per_endpoint, "dollars")
      .add("power_w", r.power_w, "W")
      .add("power_per_endpoint", r.power_per_endpoint, "W");
  res.line("The fabric of " + std::to_string(r.routers) + " routers and " + std::to_string(r.endpoints) +
           " endpoints costs $" + detail::fixed(r.total_cost, 0) + " ($" + detail::fixed(r.cost_per_endpoint, 2) +
           " per endpoint) and draws " + detail::fixed(r.power_w, 1) + " W (" + detail::fixed(r.power_per_endpoint, 2) +
           " W per endpoint) under model " + r.model + "; " + std::to_string(r.optical.count) + " of its " +
           std::to_string(r.links) + " cables are optical (" + detail::fixed(100 * r.optical_share, 1) + "%).")
      .line("endpoints: " + r.endpoints_rule)
      .line("layout: " + std::string(layout_name(r.layout)) + (r.grouping.empty() ? "" : " by " + r.grouping) + ", " +
            std::to_string(r.racks) + " racks of up to " + std::to_string(r.routers_per_rack) + " routers, " +
            std::to_string(r.racks_per_row) + " per row")
      .line("electric: " + std::to_string(r.electric.count) + " cables, " + detail::fixed(r.electric.total_length_m, 1) +
            " m, $" + detail::fixed(r.electric.cost, 2))
      .line("optical: " + std::to_string(r.optical.count) + " cables, " + detail::fixed(r.optical.total_length_m, 1) +
            " m, $" + detail::fixed(r.optical.cost, 2))
      .line("routers: $" + detail::fixed(r.router_cost, 2) + " (largest " + std::to_string(r.max_ports) + " ports)")
      .line("model: " + r.model + " (" + r.source + ")");
  return res;
}

}  // namespace shiftfly::physical
