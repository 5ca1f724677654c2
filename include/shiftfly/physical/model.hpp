#pragma once
/// \file model.hpp
/// A cost and power model as data: the prices of routers and cables, the power of a port,
/// the link speed, the electric/optical threshold and the racks, each a named constant that a
/// model file (data/cost_models/*.json, read by physical/model_file.hpp) supplies. Nothing
/// here is a price of its own: the shipped files say where each constant comes from.
///
/// API:
///   struct cable_price { per_metre, fixed, per_gbps };     // (per_metre·L + fixed) · (per_gbps ? speed : 1)
///   struct rack_geometry { slots, router_slots, endpoint_slots, width_m, depth_m,
///                          intra_rack_m, inter_rack_m, racks_per_row };
///   struct cost_model { name, source, link_speed_gbps, electric_max_m, markup, electric, optical,
///                       router_per_port, router_fixed, watts_per_port, rack, notes };
///   void validate(const cost_model&);                    // every constant in range, or invalid_parameter
///   double cable_cost(const cost_model&, bool optical, double length_m);
///   double router_cost(const cost_model&, std::uint64_t ports);   // refuses a negative price
///   std::uint64_t router_min_ports(const cost_model&);            // the least ports priced >= 0
///
/// Cable cost (Besta and Hoefler, SC 2014, their cost model: a cable's price is linear in its
/// length, per Gb/s of the link, one line for electric and one for optical cables): a cable of
/// length L metres costs (per_metre·L + fixed), times the link speed in Gb/s when the class is
/// priced per Gb/s, times the model's markup (Mudigonda et al., ATC 2011, add 25% for making
/// custom cables). A cable up to electric_max_m metres is electric, a longer one optical.
/// Router cost: router_per_port · ports + router_fixed (the Slim Fly model's intercept is
/// negative; a router whose price comes out negative is refused, never clamped, naming its port
/// count and the least count the model prices: 3 ports under slimfly-sc14).
/// Power: watts_per_port for every port, router and endpoint ports alike.
/// Errors name the model's field as the model file writes it ("electric.per_metre").
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include "shiftfly/core/checked.hpp"

namespace shiftfly::physical {

/// The price of one cable of a class.
struct cable_price {
  double per_metre = 0;  ///< dollars per metre (per Gb/s when per_gbps)
  double fixed = 0;      ///< dollars per cable (per Gb/s when per_gbps), connectors and transceivers included
  bool per_gbps = false; ///< the two prices are per Gb/s of link speed
};

/// Racks on the floor: a rack has `slots` units; a router takes router_slots and each of its
/// endpoints endpoint_slots. Racks stand in rows of racks_per_row (0: as many rows as racks per
/// row, a square floor), width_m apart along a row and depth_m (aisle included) between rows.
struct rack_geometry {
  std::uint64_t slots = 0, router_slots = 0, endpoint_slots = 0;
  double width_m = 0, depth_m = 0;
  double intra_rack_m = 0;  ///< the length of a cable between two routers of one rack
  double inter_rack_m = 0;  ///< added to the Manhattan distance between two racks (vertical runs, slack)
  std::uint64_t racks_per_row = 0;
};

/// A cost and power model.
struct cost_model {
  std::string name, source;
  double link_speed_gbps = 0;
  double electric_max_m = 0;  ///< a cable up to this length is electric, a longer one optical
  double markup = 1;          ///< every cable's price is multiplied by it
  cable_price electric, optical;
  double router_per_port = 0, router_fixed = 0;
  double watts_per_port = 0;
  rack_geometry rack;
  std::string notes;  ///< what is unconfirmed, in the model's own words
};

namespace detail {
/// The shortest text that reads back as `v` (-0.0919, not -0.091899999999999996).
inline std::string shortest(double v) {
  char buf[32];
  const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
  return std::string(buf, end);
}
inline void require_finite(std::string_view param, double v, bool may_be_negative = false) {
  if (!std::isfinite(v) || (!may_be_negative && v < 0))
    core::fail_parameter("cost_model", param, shortest(v), "is out of range",
                         may_be_negative ? "a finite number" : "a finite number >= 0");
}
}  // namespace detail

/// Every constant of the model in range: prices, lengths and power finite and not negative (the
/// router's intercept may be negative), a positive link speed, a rack of at least one slot that
/// holds a router.
inline void validate(const cost_model& m) {
  if (m.name.empty()) core::fail_parameter("cost_model", "name", "\"\"", "is empty", "a non-empty name");
  if (m.source.empty()) core::fail_parameter("cost_model", "source", "\"\"", "is empty", "a non-empty source");
  detail::require_finite("link_speed_gbps", m.link_speed_gbps);
  if (!(m.link_speed_gbps > 0)) core::fail_parameter("cost_model", "link_speed_gbps", "0", "is out of range", "above 0");
  detail::require_finite("electric_max_m", m.electric_max_m);
  detail::require_finite("markup", m.markup);
  if (!(m.markup > 0)) core::fail_parameter("cost_model", "markup", "0", "is out of range", "above 0");
  detail::require_finite("electric.per_metre", m.electric.per_metre);
  detail::require_finite("electric.fixed", m.electric.fixed);
  detail::require_finite("optical.per_metre", m.optical.per_metre);
  detail::require_finite("optical.fixed", m.optical.fixed);
  detail::require_finite("router.per_port", m.router_per_port);
  detail::require_finite("router.fixed", m.router_fixed, true);
  detail::require_finite("power.watts_per_port", m.watts_per_port);
  const auto& r = m.rack;
  core::require_range("cost_model", "rack.slots", r.slots, 1, 1'000'000);
  core::require_range("cost_model", "rack.router_slots", r.router_slots, 0, r.slots);
  core::require_range("cost_model", "rack.endpoint_slots", r.endpoint_slots, 0, r.slots);
  if (r.router_slots == 0 && r.endpoint_slots == 0)
    core::fail("cost_model", "rack.router_slots and rack.endpoint_slots are both 0 (a router and its endpoints take no room)");
  for (auto [param, v] : {std::pair{"rack.width_m", r.width_m}, std::pair{"rack.depth_m", r.depth_m},
                          std::pair{"rack.intra_rack_m", r.intra_rack_m}, std::pair{"rack.inter_rack_m", r.inter_rack_m}}) {
    detail::require_finite(param, v);
    if (v > 1e6) core::fail_parameter("cost_model", param, detail::shortest(v), "is out of range", "0 to 1000000 metres");
  }
  core::require_range("cost_model", "rack.racks_per_row", r.racks_per_row, 0, 1'000'000);
}

/// The price of one cable of length `length_m` metres.
inline double cable_cost(const cost_model& m, bool optical, double length_m) {
  const cable_price& p = optical ? m.optical : m.electric;
  const double one = (p.per_metre * length_m + p.fixed) * (p.per_gbps ? m.link_speed_gbps : 1.0);
  return one * m.markup;
}

/// The least port count at which the model's router price is not negative (0 when every count is
/// priced at 0 or more; the largest uint64 when none is).
inline std::uint64_t router_min_ports(const cost_model& m) {
  if (m.router_fixed >= 0) return 0;
  if (!(m.router_per_port > 0)) return UINT64_MAX;
  const double k = std::ceil(-m.router_fixed / m.router_per_port);
  std::uint64_t least = k >= 1.8e19 ? UINT64_MAX : static_cast<std::uint64_t>(k);
  // the double ceil may be one off on the boundary: step to the exact least count
  while (least > 0 && m.router_per_port * static_cast<double>(least - 1) + m.router_fixed >= 0) --least;
  while (least < UINT64_MAX && !(m.router_per_port * static_cast<double>(least) + m.router_fixed >= 0)) ++least;
  return least;
}

/// The price of a router with `ports` ports; a negative price is refused, never clamped: a linear
/// fit with a negative intercept (the Slim Fly model's 350.4·k − 892.3, docs/references.md) says
/// nothing of routers below the radix where it crosses 0 (3 ports there), so a router of fewer
/// ports is refused with the least count the model prices. The constants are printed as the model
/// file writes them (shortest round trip: 350.4, not 350.39999999999998).
inline double router_cost(const cost_model& m, std::uint64_t ports) {
  const double c = m.router_per_port * static_cast<double>(ports) + m.router_fixed;
  if (!(c >= 0) || !std::isfinite(c)) {
    const std::uint64_t least = router_min_ports(m);
    core::fail_parameter("router_cost", "router ports", core::to_message(ports),
                         "gives a negative router price under model " + m.name + " (" + detail::shortest(m.router_per_port) +
                             " per port + " + detail::shortest(m.router_fixed) + " = " + detail::shortest(c) + ")",
                         least == UINT64_MAX ? std::string("none: the model prices every router below 0")
                                             : "at least " + core::to_message(least) + " ports (a router's links and endpoints) under this model");
  }
  return c;
}

}  // namespace shiftfly::physical
