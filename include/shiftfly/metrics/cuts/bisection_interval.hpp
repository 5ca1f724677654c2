#pragma once
/// \file bisection_interval.hpp
/// The bisection width as a certified interval [lower, upper], each end labelled with the
/// method that gives it:
///
///     bisection_interval bisection_width_interval(g, options);
///
/// - lower: the largest of
///   - "lower bound (lambda2(L) * floor(n/2) * ceil(n/2) / n, Fiedler)": ⌈λ2(L)·⌊n/2⌋·⌈n/2⌉/n − margin⌉ (M. Fiedler 1973;
///     B. Mohar 1989), λ2 by Lanczos (spectral_bisection_bound, metrics/cuts/bisection.hpp).
///     λ2 is numerical: its Ritz value is accepted with a residual of at most
///     1e-9·max(1, λ2) <= 1e-7·c (c = 2·max degree, L's scale), which bounds its distance
///     to the exact eigenvalue, so the bound is rounded up only after subtracting
///     margin = (n/4)·1e-7·c + 1e-6; a disconnected graph has λ2 = 0 exactly (found by BFS);
///   - "exact (branch and bound)" when the exact search ran and finished;
///   - "trivial lower bound (0)" when nothing else ran (or the eigensolver failed: `notes`
///     then says so).
/// - upper: the smallest of
///   - "exact (branch and bound)" (metrics/cuts/bisection_exact.hpp), run when enabled and
///     n <= exact_max_vertices, within exact_max_nodes search nodes (else left out, and
///     `notes` says so);
///   - "upper bound (METIS, best of k seeded runs)" (metrics/cuts/bisection_metis.hpp);
///   - "upper bound (greedy local search)" (metrics/cuts/bisection.hpp, the reference's);
///   - "trivial upper bound (m, all edges)" when nothing else ran.
///   Ties go to the method listed first (exact, then METIS: those carry a partition).
/// `certificate` is a bisection cutting exactly `upper` edges when the upper end is exact
/// or METIS (bisection_cut recounts it); the greedy bound carries none (empty).
/// lower == upper means the width is known exactly (`exact()`).
/// The graph is the undirected physical graph (bisection_partition.hpp).

#include <cmath>
#include <cstddef>
#include <exception>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/metrics/cuts/bisection.hpp"
#include "shiftfly/metrics/cuts/bisection_exact.hpp"
#include "shiftfly/metrics/cuts/bisection_metis.hpp"
#include "shiftfly/metrics/cuts/bisection_partition.hpp"

namespace shiftfly::metrics {

/// Which methods bisection_width_interval runs.
struct bisection_interval_options {
  /// The spectral lower bound (Lanczos on the Laplacian), and the threads of its operator
  /// (0 = every hardware thread; the bound does not depend on it).
  bool spectral = true;
  unsigned threads = 1;
  /// The reference's greedy local search (its rounds and seed).
  bool greedy = true;
  std::size_t greedy_rounds = 6;
  std::uint64_t greedy_seed = 5;
  /// Seeded METIS runs (0 = METIS off, else 1 to 10,000) and the seed of the first.
  std::size_t metis_runs = 8;
  std::uint64_t metis_seed = 1;
  /// The exact branch and bound, when n <= exact_max_vertices (0 to exact_bisection_max_vertices)
  /// and it finishes within exact_max_nodes search nodes.
  bool exact = true;
  std::size_t exact_max_vertices = exact_bisection_max_vertices;
  std::uint64_t exact_max_nodes = std::uint64_t{1} << 27;
};

/// One bound that was computed.
struct bisection_bound_entry {
  std::uint64_t value = 0;
  bool upper = false;
  std::string method;
};

/// [lower, upper] on the bisection width, each end with its method.
struct bisection_interval {
  std::uint64_t lower = 0, upper = 0;
  std::string lower_method, upper_method;
  /// A bisection cutting `upper` edges (exact or METIS), empty when the upper end is greedy or trivial.
  std::vector<std::uint8_t> certificate;
  /// Every bound computed, in the order: spectral, exact, METIS, greedy.
  std::vector<bisection_bound_entry> bounds;
  /// What was skipped and why (e.g. the exact search over its node budget); may be empty.
  std::vector<std::string> notes;
  /// λ2(L) as computed (0 when the spectral bound did not run).
  double laplacian_lambda2 = 0.0;
  /// Search nodes of the exact run (0 when it did not run).
  std::uint64_t exact_nodes = 0;
  [[nodiscard]] bool exact() const noexcept { return lower == upper; }
};

/// The spectral lower bound made an integer safely: ⌈value − margin⌉, margin as in the file comment.
inline std::uint64_t safe_spectral_floor(double value, std::size_t n, std::size_t max_degree) {
  const double c = 2.0 * static_cast<double>(std::max<std::size_t>(max_degree, 1));
  const double margin = static_cast<double>(n) / 4.0 * 1e-7 * c + 1e-6;
  const double v = std::ceil(value - margin);
  return v > 0 ? static_cast<std::uint64_t>(v) : 0;
}

/// The bisection width of g (n >= 2) as an interval [lower, upper] with the method of each end.
template <core::graph_like G>
inline bisection_interval bisection_width_interval(const G& g, const bisection_interval_options& o = {}) {
  constexpr const char* where = "metrics::bisection_width_interval";
  const std::size_t n = g.num_vertices();
  core::require_range(where, "n", n, 2, std::uint64_t{1} << 31);
  core::require_range(where, "greedy_rounds", o.greedy_rounds, 0, 1000000);
  core::require_range(where, "metis_runs", o.metis_runs, 0, 10000);
  if (o.metis_runs > 0)
    core::require_range(where, "metis_seed", o.metis_seed, 0, metis_max_index - (o.metis_runs - 1));
  core::require_range(where, "exact_max_vertices", o.exact_max_vertices, 0, exact_bisection_max_vertices);
  core::require_range(where, "exact_max_nodes", o.exact_max_nodes, 1, std::uint64_t{1} << 40);
  core::require_range(where, "threads", o.threads, 0, 1024);

  bisection_interval r;
  r.lower = 0, r.lower_method = "trivial lower bound (0)";
  r.upper = g.num_edges(), r.upper_method = "trivial upper bound (m, all edges)";
  bool upper_set = false;
  auto offer_lower = [&](std::uint64_t v, const std::string& method) {
    r.bounds.push_back({v, false, method});
    if (v > r.lower || r.lower_method.rfind("trivial", 0) == 0) r.lower = std::max(r.lower, v), r.lower_method = method;
  };
  auto offer_upper = [&](std::uint64_t v, const std::string& method, const std::vector<std::uint8_t>* side) {
    r.bounds.push_back({v, true, method});
    if (!upper_set || v < r.upper) {
      r.upper = v, r.upper_method = method, upper_set = true;
      r.certificate = side ? *side : std::vector<std::uint8_t>{};
    }
  };

  if (o.spectral) {
    // Should the eigensolver fail (it throws std::runtime_error when Lanczos does not converge),
    // the bound is left out, noted.
    try {
      const auto s = spectral_bisection_bound(g, {o.threads});
      r.laplacian_lambda2 = s.laplacian_lambda2;
      offer_lower(safe_spectral_floor(s.value, n, g.max_degree()), "lower bound (lambda2(L) * floor(n/2) * ceil(n/2) / n, Fiedler)");
    } catch (const core::invalid_parameter&) {
      throw;
    } catch (const std::exception& e) {
      r.notes.push_back(std::string("lower bound (lambda2(L) * floor(n/2) * ceil(n/2) / n, Fiedler) not computed: ") + e.what());
    }
  }
  if (o.exact && n <= o.exact_max_vertices) {
    const auto e = try_exact_bisection(
        g, {.max_nodes = o.exact_max_nodes, .metis_runs = std::min<std::size_t>(o.metis_runs, 4), .metis_seed = o.metis_seed});
    if (e) {
      r.exact_nodes = e->nodes;
      // Exact beats every other lower bound: it is the width.
      r.bounds.push_back({e->cut, false, e->method});
      r.lower = e->cut, r.lower_method = e->method;
      offer_upper(e->cut, e->method, &e->side);
    } else {
      r.exact_nodes = o.exact_max_nodes;
      r.notes.push_back("exact (branch and bound) stopped after " + core::to_message(o.exact_max_nodes) +
                        " search nodes without a proof");
    }
  } else if (o.exact) {
    r.notes.push_back("exact (branch and bound) not run: n = " + core::to_message(n) + " > " +
                      core::to_message(o.exact_max_vertices));
  }
  if (o.metis_runs > 0) {
    const auto m = metis_bisection(g, {.runs = o.metis_runs, .seed = o.metis_seed});
    offer_upper(m.cut, m.method, &m.side);
  }
  if (o.greedy) {
    const auto gr = greedy_bisection(g, o.greedy_rounds, o.greedy_seed);
    offer_upper(static_cast<std::uint64_t>(gr.value), gr.kind, nullptr);
  }
  // Every bound is valid, so this cannot happen unless a numerical bound failed: say so.
  if (r.lower > r.upper)
    throw std::runtime_error(std::string(where) + ": the " + r.lower_method + " " + core::to_message(r.lower) +
                             " exceeds the " + r.upper_method + " " + core::to_message(r.upper));
  return r;
}

}  // namespace shiftfly::metrics
