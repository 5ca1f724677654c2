#pragma once
// A cost model of round numbers for the physical tests, so that every figure can be worked by
// hand: a rack of `slots` units (one unit a router and one an endpoint), the last field of the
// rack as given.
#include <cstdint>
#include <string>

#include "shiftfly/physical/model.hpp"

namespace shiftfly::test {

inline physical::cost_model round_model(std::string name, std::uint64_t slots, std::uint64_t rack_last) {
  physical::cost_model m;
  m.name = std::move(name);
  m.source = "this test";
  m.link_speed_gbps = 10;
  m.electric_max_m = 3;
  m.electric = {1, 2, false};
  m.optical = {10, 100, false};
  m.router_per_port = 10;
  m.router_fixed = 5;
  m.watts_per_port = 1;
  m.rack = {slots, 1, 1, 1.0, 2.0, 0.5, 1.0, rack_last};
  return m;
}

}  // namespace shiftfly::test
