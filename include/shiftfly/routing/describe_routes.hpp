#pragma once
/// \file describe_routes.hpp
/// The routes and the merge statistics of the shift family and Imase-Itoh described once
/// (core/record.hpp): the Python bindings return these records' dicts, and
/// python/tests/test_results.py holds their dataclasses (ShiftRoute, MergeCriterion,
/// ImaseItohRoute, ExpectedLcs) to the fields below.
///
///   core::record describe(const shift_route&, const label_space&);
///   core::record describe(const merge_criterion_result&);
///   core::record describe(const imase_itoh_route&);
///   core::record describe(const expected_lcs_result&);
#include <string>
#include <vector>

#include "shiftfly/core/record.hpp"
#include "shiftfly/routing/imase_itoh.hpp"
#include "shiftfly/routing/label.hpp"
#include "shiftfly/routing/shift.hpp"

namespace shiftfly::routing {

/// A shift route (Theorem 5.2) on the label space `s` it was routed in (for its labels).
inline core::record describe(const shift_route& r, const label_space& s) {
  std::vector<std::string> labels;
  labels.reserve(r.path.size());
  for (auto id : r.path) labels.push_back(format_label(unrank_label(s, id)));
  core::record out("shift_route");
  out.add("path", r.path, "vertices", "source first, destination last")
      .add("labels", labels, "", "the label of each vertex")
      .add("overlap", r.overlap, "symbols", "l of Theorem 5.2")
      .add("hops", r.hops, "hops", "k = D - l, the directed distance");
  return out;
}

/// The merge criterion of two labels (Theorem 5.3).
inline core::record describe(const merge_criterion_result& m) {
  core::record out("merge_criterion_result");
  out.add("merge_step", m.merge_step, "steps", "j* = D - lcs(u, u'), where the shift routes to a common destination meet")
      .add("lcs", m.lcs, "symbols", "the longest common suffix of u and u'");
  return out;
}

/// A route on II(n, d) (Theorem 5.5).
inline core::record describe(const imase_itoh_route& r) {
  core::record out("imase_itoh_route");
  out.add("path", r.path, "vertices", "source first").add("digits", r.digits, "", "r_1..r_k").add("hops", r.hops, "hops");
  return out;
}

/// Proposition 5.4 at finite D, exactly, and its limits.
inline core::record describe(const expected_lcs_result& r) {
  core::record out("expected_lcs_result");
  out.add("numerator", r.numerator, "", "E[lcs(u, u')] as a reduced fraction")
      .add("denominator", r.denominator)
      .add("value", r.value, "symbols", "numerator / denominator")
      .add("limit_large_D", r.limit_large_D, "symbols", "the D -> infinity limit at this d")
      .add("paper_limit", r.paper_limit, "symbols", "1/(d-1), Proposition 5.4's leading term")
      .add("expected_merge_step", r.expected_merge_step, "steps", "E[j*] = D - E[lcs]")
      .add("distinct_numerator", r.distinct_numerator, "", "the same over distinct pairs u != u'")
      .add("distinct_denominator", r.distinct_denominator)
      .add("distinct_value", r.distinct_value, "symbols");
  return out;
}

}  // namespace shiftfly::routing
