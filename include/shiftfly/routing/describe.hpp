#pragma once
/// \file describe.hpp
/// A route query's answer described once (core/record.hpp): the path, its hops and
/// the algorithm, beside the shortest path when it was computed; and the lines it
/// reads as in text.
///
///   core::record describe(const route_answer& a);
#include <string>

#include "shiftfly/core/record.hpp"
#include "shiftfly/routing/route_query.hpp"

namespace shiftfly::routing {

inline core::record describe(const route_answer& a) {
  const bool numbers = a.numbered;
  const std::string algorithm =
      numbers ? "arithmetic shift routing (Imase-Itoh), no table" : "shift routing by Theorem 5.2, no table";
  core::record shortest("shortest_path");
  if (a.shortest)
    shortest.add("value", *a.shortest, "hops").add("method", "exact").add("algorithm", "directed BFS");
  else
    shortest.add("value", nullptr).add("method", "not computed").add("why", "the graph has more than 2^24 vertices");
  core::record r("route_answer");
  r.add("family", a.family);
  if (numbers) r.add("path", a.ids, "", "the vertices, as numbers");
  else r.add("path", a.path, "", "the vertices, as labels");
  r.add("ids", a.ids, "", "the vertices' ids in the generated graph")
      .add("hops", a.hops, "hops")
      .add("algorithm", algorithm)
      .add("shortest", shortest);
  std::string lead = "The route takes " + std::to_string(a.hops) + " hop" + (a.hops == 1 ? "" : "s");
  if (a.shortest) lead += "; the shortest path takes " + std::to_string(*a.shortest) + " (directed BFS, exact)";
  std::string path = "path:";
  for (std::size_t i = 0; i < a.path.size(); ++i) path += (i ? " -> " : " ") + a.path[i];
  r.line(lead + ".")
      .line(path)
      .line("hops: " + std::to_string(a.hops) + " (" + algorithm + ")")
      .line(a.shortest ? "shortest: " + std::to_string(*a.shortest) + " (directed BFS, exact)"
                       : "shortest: not computed (graph above 2^24 vertices)");
  return r;
}

}  // namespace shiftfly::routing
