#pragma once
/// \file field_equal_radix.hpp
/// The field at equal radix: the table and figure of studies/field_equal_radix.hpp's
/// measurements (Shiftfly and Boardfly against the field's flat fabrics at radix 40 and
/// 1,000 and 10,000 routers; the Shiftfly paper's §8 caveat).
/// Beside the gap, the Alon–Boppana bound at the instance's radix in the gap's units
/// (studies::alon_boppana_gap).

#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/studies/field_equal_radix.hpp"

namespace shiftfly::tables {

/// The table.
inline report::table field_equal_radix_table(const std::vector<studies::field_equal_radix_row>& rows) {
  report::table t;
  t.id = "field_equal_radix";
  t.title = "The field at equal radix";
  t.source = "beyond the paper: the Shiftfly paper's Section 8 (bisection) caveat, distances and gaps";
  t.method = "exact: all-pairs distances on the physical router graph; spectral gap 1 - lambda2 of D^-1 A by Lanczos "
             "(thick-restart, residuals <= 1e-9); Alon-Boppana: closed form 1 - 2 sqrt(d - 1) / d at d = Radix, the "
             "same units as Gap";
  t.columns = {"Target", "Family", "Parameters", "Routers", "Links", "Radix", "Diameter", "Mean distance", "Gap",
               "Alon-Boppana"};
  for (const auto& r : rows) {
    const auto& m = r.measured;
    t.add_row({report::thousands(r.target), std::string(studies::field_family_name(m.instance.family)), m.instance.parameters,
               report::thousands(m.routers), report::thousands(m.links), std::to_string(m.radix),
               std::to_string(m.distance.diameter), report::fixed(m.distance.mean, 4), report::fixed(m.gap->gap, 4),
               report::fixed(studies::alon_boppana_gap(m.radix), 4)});
  }
  t.notes.push_back("Instances: for each target, the family's instance with the most routers within the target and "
                    "a radix of at most 40 (ties to the higher radix; the size itself is the target), among " +
                    studies::field_rules_text() +
                    ". Shiftfly and Boardfly routers are 32-chip groups. Radix is the largest degree of the built graph.");
  t.notes.push_back("Alon-Boppana is the largest gap an infinite family of d-regular graphs can keep, d the Radix "
                    "column: their second adjacency eigenvalue is at least 2 sqrt(d - 1) - o(1) (Alon 1986, Nilli "
                    "1991), and the gap here is 1 - lambda2 / d. A single finite graph can exceed it, as the small "
                    "diameter-2 graphs do; for the graphs that are not regular it is a reference at their largest "
                    "degree.");
  t.notes.push_back("PolarFly and Slim Fly are diameter-2 graphs, so their size is capped by the radix (Moore bound "
                    "1 + 40^2 = 1,601 at radix 40); the fat tree's is k^2 * 5/4 = 2,000 switches at k = 40.");
  return t;
}

/// Mean distance against routers, one line per family.
inline report::figure field_equal_radix_figure(const std::vector<studies::field_equal_radix_row>& rows) {
  report::figure f{"field_mean_distance", "Mean distance at radix 40", "routers", "mean router hops", true, false, {}};
  for (auto fam : studies::field_families()) {
    report::series s{std::string(studies::field_family_name(fam)), {}, {}};
    for (const auto& r : rows)
      if (r.measured.instance.family == fam) {
        s.x.push_back(static_cast<double>(r.measured.routers));
        s.y.push_back(r.measured.distance.mean);
      }
    if (!s.x.empty()) f.lines.push_back(std::move(s));
  }
  return f;
}

}  // namespace shiftfly::tables
