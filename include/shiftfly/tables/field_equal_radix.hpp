#pragma once
/// \file field_equal_radix.hpp
/// Shiftfly and Boardfly against the field's flat fabrics at equal radix (at most 40
/// ports to other routers) and about equal size (1,000 and 10,000 routers): routers,
/// links, exact diameter, exact mean distance and the converged spectral gap, beside the
/// Alon–Boppana bound at the instance's radix in the gap's units (alon_boppana_gap). The
/// instances follow the rule of tables/field_instances.hpp. This is what distances and
/// gaps can say about the Shiftfly paper's §8 caveat that Shiftfly would lose against
/// "a flat high-radix fabric"; bisection and throughput are separate measurements.

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/report/figure.hpp"
#include "shiftfly/report/format.hpp"
#include "shiftfly/report/table.hpp"
#include "shiftfly/tables/field_instances.hpp"

namespace shiftfly::tables {

/// The radix limit and the router targets of the table.
inline constexpr std::uint64_t field_equal_radix_limit = 40;
inline std::vector<std::uint64_t> field_equal_radix_targets() { return {1000, 10000}; }

/// The Alon–Boppana bound in the units of the gap column, 1 - 2 sqrt(d - 1) / d for degree d >= 1:
/// every infinite family of d-regular graphs has second adjacency eigenvalue at least
/// 2 sqrt(d - 1) - o(1) (Alon 1986; Nilli 1991), so the gap 1 - lambda2 of D^-1 A = A / d exceeds
/// this figure in finitely many of them only. A single finite graph may exceed it (a small
/// diameter-2 graph does); a d-regular Ramanujan graph (topology/spectralfly.hpp) has a gap of at
/// least this figure.
inline double alon_boppana_gap(std::uint64_t d) {
  core::require_range("alon_boppana_gap", "d", d, 1, std::uint64_t{1} << 52);
  return 1.0 - 2.0 * std::sqrt(static_cast<double>(d - 1)) / static_cast<double>(d);
}

/// One row: the target size and the measured instance.
struct field_equal_radix_row {
  std::uint64_t target = 0;
  measured_instance measured;
};

/// Measures every family at every target (distances and gap exact).
inline std::vector<field_equal_radix_row> field_equal_radix_rows(unsigned threads) {
  std::vector<field_equal_radix_row> rows;
  for (auto n : field_equal_radix_targets())
    for (auto f : field_families())
      if (const auto inst = choose_instance(f, field_equal_radix_limit, n))
        rows.push_back({n, measure_instance(*inst, true, threads)});
  return rows;
}

/// The table.
inline report::table field_equal_radix_table(const std::vector<field_equal_radix_row>& rows) {
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
    t.add_row({report::thousands(r.target), std::string(field_family_name(m.instance.family)), m.instance.parameters,
               report::thousands(m.routers), report::thousands(m.links), std::to_string(m.radix),
               std::to_string(m.distance.diameter), report::fixed(m.distance.mean, 4), report::fixed(m.gap->gap, 4),
               report::fixed(alon_boppana_gap(m.radix), 4)});
  }
  t.notes.push_back("Instances: for each target, the family's instance with the most routers within the target and "
                    "a radix of at most 40 (ties to the higher radix), among PolarFly (every prime power q), Slim Fly "
                    "(q = 4w + delta), the balanced maximal Dragonfly (a = 2h, g = ah + 1, consecutive global links), "
                    "the regular HyperX S^L (L <= 4) and the k-ary fat tree (a switch graph); Shiftfly (Imase-Itoh, 40 ports), "
                    "Boardfly (seed 7) and Jellyfish (degree 40, seed 1) at the target itself. Shiftfly and Boardfly "
                    "routers are 32-chip groups. Radix is the largest degree of the built graph.");
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
inline report::figure field_equal_radix_figure(const std::vector<field_equal_radix_row>& rows) {
  report::figure f{"field_mean_distance", "Mean distance at radix 40", "routers", "mean router hops", true, false, {}};
  for (auto fam : field_families()) {
    report::series s{std::string(field_family_name(fam)), {}, {}};
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
