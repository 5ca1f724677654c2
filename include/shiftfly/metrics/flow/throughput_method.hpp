#pragma once
/// \file throughput_method.hpp
/// The vocabulary of measure_throughput (metrics/flow/throughput.hpp): how an answer stands (its
/// status), which method gave it, and the choice of method as one table, walked in order by
/// measure_throughput and printed in docs/metrics.md (a test checks that the two agree).
///
///   enum class throughput_status { exact, interval, upper_bound };   // name(): "exact", ...
///   enum class throughput_method { upper_bound_only, symmetric_lp, edge_lp, cluster_lift, balanced_exact,
///                                  arc_generation, column_generation, balanced_routing, interval };
///   struct throughput_method_rule { method, when, why };
///   inline constexpr std::array<throughput_method_rule, 9> throughput_method_table;
///   std::string throughput_method_table_markdown();   // the table as docs/metrics.md prints it
///
/// The first rule whose method applies answers (a method that applies may still hand on: an
/// exact LP that CLP does not certify, or the balanced routing short of (1+ε)); the last,
/// the (1+ε) interval, always answers.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace shiftfly::metrics {

/// How a throughput answer stands: θ itself, a certified interval, or an upper end alone.
enum class throughput_status { exact, interval, upper_bound };

/// The status as the results print it ("exact", "interval", "upper bound").
constexpr std::string_view name(throughput_status s) {
  switch (s) {
    case throughput_status::exact:
      return "exact";
    case throughput_status::interval:
      return "interval";
    case throughput_status::upper_bound:
      return "upper bound";
  }
  return "exact";
}

/// The methods measure_throughput chooses among, in the order it tries them.
enum class throughput_method {
  upper_bound_only,   ///< the worst pattern's TUB bound alone, [0, TUB]
  symmetric_lp,       ///< the edge LP reduced by the automorphisms (throughput_symmetric.hpp)
  edge_lp,            ///< the source-aggregated edge LP (throughput_lp.hpp)
  cluster_lift,       ///< the quotient by cliques, its exact LP lifted through them (throughput_cluster_lift.hpp)
  balanced_exact,     ///< exact asked: the balanced routing run until it meets the upper end (throughput_balanced.hpp)
  arc_generation,     ///< column generation on the edge LP (throughput_arc_generation.hpp)
  column_generation,  ///< column generation over source routings (throughput_column_generation.hpp)
  balanced_routing,   ///< the balanced shortest-path routing and the upper end (throughput_balanced.hpp)
  interval,           ///< the (1+ε) Garg–Könemann/Fleischer interval (throughput_mwu.hpp)
};

/// The method's name in the table.
constexpr std::string_view name(throughput_method m) {
  switch (m) {
    case throughput_method::upper_bound_only:
      return "upper bound alone";
    case throughput_method::symmetric_lp:
      return "reduced LP";
    case throughput_method::edge_lp:
      return "edge LP";
    case throughput_method::cluster_lift:
      return "quotient LP, lifted";
    case throughput_method::balanced_exact:
      return "balanced routing to the bound";
    case throughput_method::arc_generation:
      return "arc generation";
    case throughput_method::column_generation:
      return "column generation";
    case throughput_method::balanced_routing:
      return "balanced routing";
    case throughput_method::interval:
      return "(1+e) interval";
  }
  return "edge LP";
}

/// One row of the choice: the method, when it applies, and why it stands there.
struct throughput_method_rule {
  throughput_method method;
  std::string_view when;
  std::string_view why;
};

/// The choice of method, in the order measure_throughput tries it (sources: those with demand;
/// arcs: both directions of every link, or the arcs; the limits are the headers' constants).
inline constexpr std::array<throughput_method_rule, 9> throughput_method_table{{
    {throughput_method::upper_bound_only,
     "worst pattern, sources × arcs above throughput_lp_max_variables (40,000), max_seconds > 0, and the (1+ε) "
     "interval on the permutation estimated above max_seconds",
     "TUB alone answers, [0, TUB]: the field's worst-case figure at the largest scales"},
    {throughput_method::symmetric_lp,
     "uniform traffic (symmetry on), sources × arcs above throughput_lp_max_variables, at most "
     "throughput_symmetry_max_vertices (100,000) vertices, fewer source orbits than sources, the reduced LP within "
     "throughput_symmetric_max_variables (200,000) and its estimated time within max_seconds",
     "exact and certified like the edge LP, on one commodity a vertex orbit"},
    {throughput_method::edge_lp, "sources × arcs within throughput_lp_max_variables (40,000)",
     "exact, certified by CLP's flow and duals within 1e-7"},
    {throughput_method::cluster_lift,
     "uniform traffic on the undirected graph (contracted_bound on), above the edge LP's limit: the structural "
     "clusters are cliques, 2 to throughput_contracted_max_parts (2,000) of them with at least "
     "throughput_contracted_min_part (4) vertices on average, and the quotient's LP has at most "
     "throughput_cluster_lift_max_variables (40,000) flow variables",
     "exact where the links between the cliques alone decide θ: the quotient's θ is an upper end (its duals), and "
     "its routing carried through the cliques a feasible flow of congestion 1 (Boardfly of 1,000 groups, 28 pods: "
     "3 s); otherwise both ends are kept for the methods below"},
    {throughput_method::balanced_exact,
     "column_generation asked, uniform traffic (balanced on), above the edge LP's limit: the balanced routing run "
     "until its lower end meets the upper end (the distance bound, the METIS cut bound, or the quotient by the "
     "structural clusters) within 1e-7, or its gap has not halved in 4 rounds, or throughput_balanced_exact_rounds (200)",
     "exact where θ* is that bound and shortest paths reach it, certified by the routing's congestion and the bound "
     "(Jellyfish of 1,000 routers of degree 40: 26 rounds, 3 s, where arc generation's first LP has 7.5·10^6 "
     "variables); otherwise its lower end is kept for the methods below"},
    {throughput_method::arc_generation,
     "column_generation asked, (source orbits) × arcs within throughput_cg_max_variables (5·10^7), and the first "
     "LP (every source's shortest-path arcs) within throughput_arc_generation_max_variables (2·10^6)",
     "exact to 1e-7 above the edge LP's limit; stopped by its limits, its certified interval"},
    {throughput_method::column_generation,
     "column_generation asked and (source orbits) × arcs within throughput_cg_max_variables (5·10^7)",
     "exact to 1e-7 where arc generation's first LP does not fit; stopped, its certified interval"},
    {throughput_method::balanced_routing,
     "uniform traffic (balanced on): its lower end within (1+ε) of the upper end (the distance bound, the "
     "METIS cut bound, or the quotient by the structural clusters), or too little of max_seconds left for the "
     "interval's first rounds",
     "a feasible routing on shortest paths that closes the interval in a few rounds where θ* meets the "
     "distance bound"},
    {throughput_method::interval, "otherwise",
     "the (1+ε) Garg–Könemann/Fleischer interval, both ends certified, its lower end the better of its own and "
     "the balanced routing's"},
}};

/// The table as docs/metrics.md prints it, one Markdown row a rule.
inline std::string throughput_method_table_markdown() {
  std::string out = "| order | method | when it applies | why |\n|---|---|---|---|\n";
  std::size_t order = 0;
  for (const auto& rule : throughput_method_table) {
    out += "| " + std::to_string(++order) + " | " + std::string(name(rule.method)) + " | " + std::string(rule.when) +
           " | " + std::string(rule.why) + " |\n";
  }
  return out;
}

}  // namespace shiftfly::metrics
