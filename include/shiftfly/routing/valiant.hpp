#pragma once
/// \file valiant.hpp
/// Non-minimal routing through a random intermediate (Valiant, "A scheme for
/// fast parallel communication", SIAM J. Comput. 11(2), 1982): route from the
/// source to a uniformly random vertex m, then from m to the destination, each
/// leg by the graph's own minimal router (Theorem 5.2 on the shift families).
///
/// Randomness is drawn per request as a pair (x, m) = (random(), randrange(n))
/// from core::python_random, whether or not the request is diverted; the request
/// goes via m when x < p. Drawing both numbers always couples the runs at
/// different p (common random numbers): the requests diverted at p are a subset
/// of those diverted at any p' > p, with the same intermediates.

#include <cstdint>
#include <span>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/routing/label.hpp"
#include "shiftfly/routing/shift.hpp"

namespace shiftfly::routing {

/// A possibly non-minimal route: the vertices (source first), and the intermediate if one was used.
struct valiant_route {
  std::vector<std::uint64_t> path;
  bool diverted = false;
  std::uint64_t intermediate = 0;
  [[nodiscard]] std::size_t hops() const { return path.empty() ? 0 : path.size() - 1; }
};

/// The random choice of one request: divert when x < p, through m.
struct valiant_draw {
  double x = 1.0;
  std::uint64_t m = 0;
};

/// Draws (random(), randrange(n)) for one request.
inline valiant_draw draw_valiant(core::python_random& rng, std::uint64_t n) {
  core::require_at_least("draw_valiant", "n", n, 1);
  valiant_draw v;
  v.x = rng.random();
  v.m = rng.randrange(n);
  return v;
}

/// Joins two legs a (ending at m) and b (starting at m) into one walk.
inline std::vector<std::uint64_t> join_legs(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) {
  if (a.empty() || b.empty() || a.back() != b.front()) core::fail("join_legs", "the legs do not meet");
  std::vector<std::uint64_t> out(a);
  out.insert(out.end(), b.begin() + 1, b.end());
  return out;
}

/// Valiant routing with a given minimal router `route(s, t) -> vertex sequence` (s first):
/// minimal when draw.x >= p, otherwise route(s, m) then route(m, t).
template <class Route>
inline valiant_route route_valiant(std::uint64_t source, std::uint64_t dest, double p, const valiant_draw& draw,
                                   Route&& route) {
  core::require_range("route_valiant", "p", p, 0.0, 1.0);
  valiant_route r;
  if (draw.x < p) {
    r.diverted = true;
    r.intermediate = draw.m;
    r.path = join_legs(route(source, draw.m), route(draw.m, dest));
  } else {
    r.path = route(source, dest);
  }
  return r;
}

/// Valiant routing on K(d,D) or B(d,D) with shift-routed legs (Theorem 5.2).
inline valiant_route route_valiant_shift(const label_space& s, std::uint64_t source, std::uint64_t dest, double p,
                                         const valiant_draw& draw) {
  core::require_range("route_valiant_shift", "intermediate", draw.m, 0, s.size - 1);
  return route_valiant(source, dest, p, draw,
                       [&](std::uint64_t a, std::uint64_t b) { return route_shift(s, a, b).path; });
}

}  // namespace shiftfly::routing
