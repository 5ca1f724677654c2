#pragma once
/// \file throughput_traffic.hpp
/// A parsed traffic (metrics/flow/traffic_spec.hpp) as the throughput metrics take it.
///
///   throughput_request throughput_request_of(const traffic_spec&, std::string_view where);
///
/// The throughput takes uniform, permutation (its seed given in the request, not the name),
/// worst and file (the spec's matrix, read by read_traffic_matrix); another traffic is refused
/// naming `traffic` and throughput_traffic_accepted.

#include <string>
#include <string_view>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/metrics/flow/throughput.hpp"
#include "shiftfly/metrics/flow/traffic_spec.hpp"

namespace shiftfly::metrics {

/// A throughput request for the traffic `t` (its other fields at their defaults).
inline throughput_request throughput_request_of(const traffic_spec& t, std::string_view where) {
  if (!throughput_takes(t))
    core::fail_parameter(where, "traffic", t.text(), "is not a traffic of the throughput metrics",
                         std::string(throughput_traffic_accepted));
  throughput_request r;
  switch (t.kind) {
    case traffic_kind::permutation: r.pattern = traffic_pattern::permutation; break;
    case traffic_kind::worst: r.pattern = traffic_pattern::worst; break;
    case traffic_kind::file:
      r.pattern = traffic_pattern::file;
      r.matrix = t.matrix;
      break;
    default: r.pattern = traffic_pattern::uniform; break;
  }
  return r;
}

}  // namespace shiftfly::metrics
