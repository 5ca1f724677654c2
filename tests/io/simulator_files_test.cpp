// io/booksim_anynet.hpp, io/sst_anytopo.hpp, io/ns3_topology.hpp: every registered family at its
// descriptor's example round-trips through the three simulators' formats (same router graph, same
// endpoints per router), the writer's BookSim2 files for the runs of
// scripts/simulator_check.sh match the committed fixtures byte for byte (tests/fixtures/booksim/,
// which BookSim2 ran), and malformed files are refused with the file and line.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "shiftfly/files.hpp"
#include "shiftfly/io/sst_anytopo.hpp"
#include "shiftfly/routing/next_hops.hpp"

namespace simulator_files_test {

namespace io = shiftfly::io;
namespace topology = shiftfly::topology;
using graph = shiftfly::core::graph<std::uint32_t>;

std::vector<std::vector<std::uint32_t>> adjacency(const graph& g) {
  std::vector<std::vector<std::uint32_t>> a(g.num_vertices());
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u) {
    a[u].assign(g.neighbors(u).begin(), g.neighbors(u).end());
    std::sort(a[u].begin(), a[u].end());
  }
  return a;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST_CASE("every family round-trips through the BookSim2, SST and ns-3 formats with its endpoints", "[io][simulators]") {
  for (const auto* f : topology::families()) {
    INFO(f->name);
    const topology::family_spec spec{f->name, f->example};
    const auto g = topology::make_graph(spec);
    const auto e = topology::endpoints_of(spec, g);
    REQUIRE(e.size() == g.num_vertices());
    REQUIRE_FALSE(f->endpoints_rule.empty());
    std::ostringstream b, s, n;
    io::write_booksim_anynet(b, g, e);
    io::write_sst_anytopo(s, g, e);
    io::write_ns3_topology(n, g, e);
    // by content (no extension), as `file --path -` reads them
    for (const auto& text : {b.str(), s.str(), n.str()}) {
      const auto r = io::read_graph_text(text, "<stdin>");
      CHECK(adjacency(r.graph) == adjacency(g));
      CHECK(r.endpoints == e);
      CHECK(r.duplicate_edges_dropped == 0);
    }
    CHECK(io::read_graph_text(b.str(), "<stdin>").format == io::graph_file_format::booksim);
    CHECK(io::read_graph_text(n.str(), "topology.txt").format == io::graph_file_format::ns3);
  }
}

TEST_CASE("the families' customary endpoints follow their papers", "[io][simulators]") {
  const auto ports = [](const topology::family_spec& s) {
    const auto g = topology::make_graph(s);
    return shiftfly::core::count_router_ports(g, topology::endpoints_of(s, g));
  };
  const auto ft = ports({"fat-tree", {{"k", std::uint64_t{8}}}});  // k^3/4 hosts, radix k everywhere
  CHECK(ft.endpoints == 128);
  CHECK(ft.min_radix == 8);
  CHECK(ft.max_radix == 8);
  CHECK(ports({"dragonfly", {{"a", std::uint64_t{4}}, {"h", std::uint64_t{2}}}}).max_endpoints == 2);  // a = 2p = 2h
  CHECK(ports({"slimfly", {{"q", std::uint64_t{5}}}}).max_endpoints == 4);  // k' = 7, p = ceil(7/2)
  CHECK(ports({"polarfly", {{"q", std::uint64_t{7}}}}).endpoints == 57 * 4);
  CHECK(ports({"torus", {{"dims", std::vector<std::uint64_t>{4, 4}}}}).endpoints == 16);
  CHECK(ports({"boardfly", {{"groups", std::uint64_t{3}}}}).endpoints == 96);  // 32 chips a group
  const auto g = topology::make_graph(topology::family_spec{"torus", {{"dims", std::vector<std::uint64_t>{3}}}});
  CHECK_THROWS_WITH(topology::endpoints_of(topology::family_spec{"torus", {{"dims", std::vector<std::uint64_t>{3}}}}, g, 65536),
                    Catch::Contains("endpoints = 65536 is out of range"));
}

TEST_CASE("the BookSim2 files of scripts/simulator_check.sh match the committed fixtures byte for byte", "[io][simulators]") {
  const std::string dir = std::string(SHIFTFLY_FIXTURES) + "/booksim/";
  const auto anynet = [](const graph& g, const std::vector<std::uint32_t>& e) {
    std::ostringstream s;
    io::write_booksim_anynet(s, g, e);
    return s.str();
  };
  const auto family = [&](const topology::family_spec& s) {
    const auto g = topology::make_graph(s);
    return anynet(g, topology::endpoints_of(s, g));
  };
  CHECK(family({"torus", {{"dims", std::vector<std::uint64_t>{4, 4}}}}) == slurp(dir + "torus_4x4.anynet"));
  CHECK(family({"torus", {{"dims", std::vector<std::uint64_t>{2, 2, 2, 2}}}}) == slurp(dir + "hypercube_4.anynet"));
  CHECK(family({"hyperx", {{"dims", std::vector<std::uint64_t>{4, 4}}}}) == slurp(dir + "hyperx_4x4.anynet"));
  CHECK(family({"dragonfly", {{"a", std::uint64_t{4}}, {"h", std::uint64_t{2}}}}) == slurp(dir + "dragonfly_a4_h2.anynet"));
  CHECK(family({"polarfly", {{"q", std::uint64_t{5}}}}) == slurp(dir + "polarfly_q5.anynet"));
  CHECK(family({"slimfly", {{"q", std::uint64_t{5}}}}) == slurp(dir + "slimfly_q5.anynet"));
  // the fat tree: endpoints on the edge switches only, per-router counts in the file
  CHECK(family({"fat-tree", {{"k", std::uint64_t{4}}}}) == slurp(dir + "fat_tree_k4.anynet"));
  CHECK(family({"fat-tree", {{"k", std::uint64_t{4}}}}) == slurp(dir + "fat_tree_k4_bitcomp.anynet"));
  CHECK(family({"torus", {{"dims", std::vector<std::uint64_t>{2, 2, 2, 2}}}}) == slurp(dir + "hypercube_4_bitcomp.anynet"));
  {  // --latency 2: the weight on router links only
    const topology::family_spec s{"hyperx", {{"dims", std::vector<std::uint64_t>{4, 4}}}};
    const auto g = topology::make_graph(s);
    std::ostringstream o;
    io::write_booksim_anynet(o, g, topology::endpoints_of(s, g), 2);
    CHECK(o.str() == slurp(dir + "hyperx_4x4_latency2.anynet"));
  }
  const auto petersen = io::read_graph_file(dir + "petersen.txt");
  CHECK(anynet(petersen.graph, topology::endpoints_of(petersen.endpoints, petersen.graph)) == slurp(dir + "petersen.anynet"));
  // one router, 32 endpoints (`file --path one_router.anynet --endpoints 32`)
  const auto one = io::read_graph_file(dir + "one_router.anynet");
  CHECK(anynet(one.graph, std::vector<std::uint32_t>(1, 32)) == slurp(dir + "router_32.anynet"));
  std::ostringstream cfg;
  io::write_booksim_config(cfg, "torus_4x4.anynet");
  CHECK(cfg.str() == slurp(dir + "torus_4x4.cfg"));
}

TEST_CASE("malformed simulator files are refused naming the file and line", "[io][simulators]") {
  const auto refused = [](const std::string& text, const std::string& name, const std::string& what) {
    CHECK_THROWS_WITH(io::read_graph_text(text, name), Catch::Contains(what));
  };
  refused("router 0 router x\n", "a.anynet", "a.anynet:1: expected a router id");
  refused("router 0 node 0\nrouter 1 node 0\n", "a.anynet", "a.anynet:2: node 0 is joined to router 1 and to router 0");
  refused("router 0 router 2\n", "a.anynet", "names routers up to 2 but not router 1");
  refused("router 0 node 1\n", "a.anynet", "a.anynet:1: names node 1 but not node 0");
  refused("router 0 switch 1\n", "a.anynet", "a.anynet:1: expected 'router' or 'node'");
  refused("router 0 router 1 0\n", "a.anynet", "expected a latency");
  refused("node 0 node 1\n", "a.anynet", "is joined to node 1");
  refused("3 1 2\n2\n0 2 100Gbps 1us 0\n1 2 10Gbps 1us 0\n0 1 1Gbps 1us 0\n", "t.txt", "t.txt:5: a field after the 2 links");
  refused("3 1 2\n2\n0 2 100Gbps 1us 0\n0 2 100Gbps 1us 0\n", "t.txt", "t.txt:4: host 0 has a second link");
  refused("3 1 2\n2\n0 2 100Gbps 1us 0\n1 2 100Gbps fast 0\n", "t.txt", "t.txt:4: expected a delay");
  refused("3 1 2\n2\n0 2 100Gbps 1us 0\n", "t.txt", "t.txt:3: ends after 1 of the 2 links");
  refused("<graphml><key id=\"e\" for=\"node\" attr.name=\"endpoints\" attr.type=\"int\"/><graph edgedefault=\"undirected\">"
          "<node id=\"0\"><data key=\"e\">2</data></node><node id=\"1\"/></graph></graphml>",
          "s.graphml", "<node> '1' has no endpoints data");
}

// BookSim2's AnyNet::route (src/networks/anynet.cpp at 28f43299), ported as written: Dijkstra
// over a std::set of candidates, the first minimum in id order, strict relaxation; the port is
// the first hop of the path back through prev.
std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> booksim_routes(const graph& g) {
  const int n = static_cast<int>(g.num_vertices());
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> out;
  for (int start = 0; start < n; ++start) {
    std::vector<int> dist(n, std::numeric_limits<int>::max()), prev(n, -1);
    std::set<int> rlist;
    for (int i = 0; i < n; ++i) rlist.insert(i);
    dist[start] = 0;
    while (!rlist.empty()) {
      int min_dist = std::numeric_limits<int>::max(), min_cand = -1;
      for (int i : rlist)
        if (dist[i] < min_dist) min_dist = dist[i], min_cand = i;
      if (min_cand < 0) break;  // the rest unreachable (BookSim2 would erase -1 and go on)
      rlist.erase(min_cand);
      for (auto v : g.neighbors(static_cast<std::uint32_t>(min_cand)))
        if (dist[min_cand] + 1 < dist[v]) dist[v] = dist[min_cand] + 1, prev[v] = min_cand;
    }
    for (int i = 0; i < n; ++i) {
      if (i == start || prev[i] < 0) continue;
      int neighbor = i;
      while (prev[neighbor] != start) neighbor = prev[neighbor];
      out[{static_cast<std::uint32_t>(start), static_cast<std::uint32_t>(i)}] = static_cast<std::uint32_t>(neighbor);
    }
  }
  return out;
}

TEST_CASE("minimal next hops are BookSim2's min routes on anynet; ecmp lists every closer neighbour", "[io][simulators]") {
  for (const auto* f : topology::families()) {
    INFO(f->name);
    const auto g = topology::make_graph(topology::family_spec{f->name, f->example});
    if (g.num_vertices() > 400) continue;  // SpectralFly's example: 336 routers, kept; larger ones skipped
    std::ostringstream minimal, ecmp;
    shiftfly::routing::write_next_hops(minimal, g, shiftfly::routing::next_hop_rule::minimal);
    shiftfly::routing::write_next_hops(ecmp, g, shiftfly::routing::next_hop_rule::ecmp);
    const auto expected = booksim_routes(g);
    const auto adj = adjacency(g);
    std::istringstream in(minimal.str());
    std::string header;
    std::getline(in, header);
    CHECK(header.rfind("# next hops (minimal", 0) == 0);
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> got;
    std::uint32_t s = 0, t = 0, h = 0;
    while (in >> s >> t >> h) got[{s, t}] = h;
    CHECK(got == expected);
    // ecmp: the minimal hop is among them, and each listed hop is a neighbour
    std::istringstream e(ecmp.str());
    std::getline(e, header);
    std::string line;
    std::size_t lines = 0;
    while (std::getline(e, line)) {
      std::istringstream words(line);
      words >> s >> t;
      std::vector<std::uint32_t> hops;
      while (words >> h) hops.push_back(h);
      CHECK(std::find(hops.begin(), hops.end(), expected.at({s, t})) != hops.end());
      for (auto x : hops) CHECK(std::binary_search(adj[s].begin(), adj[s].end(), x));
      ++lines;
    }
    CHECK(lines == expected.size());
  }
  CHECK_THROWS_WITH(shiftfly::routing::parse_next_hop_rule("valiant"), Catch::Contains("routing = valiant is out of range"));
}

TEST_CASE("ns-3 topology.txt: recognised by its header rule and read field by field, as HPCC reads it", "[io][simulators]") {
  using F = io::graph_file_format;
  // no link, every node a switch: ns-3 (as an edge list it would start with the self-loop `2 2` of weight 0)
  for (const std::string name : {"topology.txt", "<stdin>", "t.edges"}) {
    INFO(name);
    const auto r = io::read_graph_text("2 2 0\n0 1\n", name);
    CHECK(r.format == F::ns3);
    CHECK(r.graph.num_vertices() == 2);
    CHECK(r.graph.num_edges() == 0);
    CHECK(r.endpoints == std::vector<std::uint32_t>{0, 0});
  }
  CHECK(io::ns3_sniff("2 2 0\n0 1\n") == io::ns3_likeness::yes);
  // HPCC reads `topof >> sid` switch_num times: the ids may be spread over lines, the links too
  const std::string spread = "4 2 3\n2\n3\n0 2 100Gbps\n0.001ms 0\n1 3 100Gbps 0.001ms 0 2 3 100Gbps 0.001ms 0\n";
  CHECK(io::ns3_sniff(spread) == io::ns3_likeness::yes);
  const auto r = io::read_graph_text(spread, "topology.txt");
  CHECK(r.format == F::ns3);
  CHECK(r.graph.num_vertices() == 2);
  CHECK(r.graph.num_edges() == 1);
  CHECK(r.endpoints == std::vector<std::uint32_t>{1, 1});
  // a weighted edge list stays an edge list; a header with hosts and no link is ambiguous
  CHECK(io::sniff_format("1 2 3\n2 3 4\n") == F::edge_list);
  CHECK(io::sniff_format("5 3 1\n0 1\n1 2\n") == F::edge_list);
  CHECK(io::ns3_sniff("3 2 0\n0 1\n") == io::ns3_likeness::ambiguous);
  CHECK_THROWS_WITH(io::read_graph_text("3 2 0\n0 1\n", "<stdin>"),
                    Catch::Contains("<stdin>: is ambiguous") && Catch::Contains("--file-format ns3 or edgelist"));
  io::graph_file_options as_list;
  as_list.format = F::edge_list;
  CHECK(io::read_graph_text("3 2 0\n0 1\n", "<stdin>", as_list).graph.num_edges() == 2);
  // the line of a refusal is the field's
  io::graph_file_options as_ns3;
  as_ns3.format = F::ns3;
  CHECK_THROWS_WITH(io::read_graph_text("3 1 1\n2\n0 2 1Gbps\nsoon 0\n", "t.txt", as_ns3),
                    Catch::Contains("t.txt:4: expected a delay"));
  CHECK_THROWS_WITH(io::read_graph_text("3 2 1\n0\n", "t.txt", as_ns3), Catch::Contains("t.txt:2: ends after 1 of the 2 switch ids"));
}

TEST_CASE("anynet: what BookSim2 would misread is refused, what it reads is read its way", "[io][simulators]") {
  const auto refused = [](const std::string& text, const std::string& what) {
    INFO(text);
    CHECK_THROWS_WITH(io::read_graph_text(text, "a.anynet"), Catch::Contains(what));
  };
  // BookSim2 makes a router of every line's first id: `node 2` makes a third, isolated router
  refused("router 0 router 1\nnode 0 router 0\nnode 1 router 0\nnode 2 router 1\n",
          "a.anynet:4: the line starts with 'node 2', and BookSim2 makes a router of every line's first id");
  // ... which is harmless when router 2's id is a router anyway
  CHECK(io::read_graph_text("router 0 router 1\nrouter 1 router 2\nnode 0 router 0\nnode 1 router 0\nnode 2 router 1\n",
                            "a.anynet").endpoints == std::vector<std::uint32_t>{2, 1, 0});
  // CR-only line ends: one line in BookSim2 (links 0-1 and 0-2), refused here
  refused("router 0 router 1\rrouter 1 router 2\r", "a.anynet:1: a carriage return inside a line");
  refused("router 0 router 1 \r\n", "a.anynet:1: a carriage return after a space");
  refused("router 0 router 1\r\n\r\n", "a.anynet:2: a carriage return after a space or on a blank line");
  CHECK(io::read_graph_text("router 0 router 1\r\nrouter 1 node 0\r\n", "a.anynet").graph.num_edges() == 1);
  refused("router 0\trouter 1\n", "a.anynet:1: a tab");
  // a latency after a node, or on a node's line, is a phantom link or node in BookSim2
  refused("router 0 node 0 2 router 1\n", "a.anynet:1: a latency after 'node 0'");
  refused("router 0 router 1\nnode 0 router 0 3\n", "a.anynet:2: a latency in a line that starts with 'node'");
  CHECK(io::read_graph_text("router 0 node 0 router 1 2\n", "a.anynet").graph.num_edges() == 1);
  // duplicates: once from each end is one link; every further listing from the same end is a duplicate
  CHECK(io::read_graph_text("router 0 router 1\nrouter 0 router 1\n", "a.anynet").duplicate_edges_dropped == 1);
  CHECK(io::read_graph_text("router 0 router 1\nrouter 1 router 0\n", "a.anynet").duplicate_edges_dropped == 0);
  CHECK(io::read_graph_text("router 0 router 1\nrouter 1 router 0\nrouter 1 router 0\n", "a.anynet").duplicate_edges_dropped == 1);
  std::string million;
  for (int i = 0; i < 1000000; ++i) million += "router 0 router 1\n";
  CHECK(io::read_graph_text(million, "a.anynet").duplicate_edges_dropped == 999999);
  // a file that starts with a comment is anynet by its content
  CHECK(io::looks_like_booksim("// made by hand\n\nrouter 0 router 1\n"));
  CHECK(io::read_graph_text("// made by hand\nrouter 0 router 1\n", "<stdin>").format == io::graph_file_format::booksim);
  CHECK_FALSE(io::looks_like_booksim("// c\n0 1\n"));
}

TEST_CASE("simulator exports: latency on router links only, and no disconnected network", "[io][simulators]") {
  const auto g = topology::make_graph(topology::family_spec{"polarfly", {{"q", std::uint64_t{2}}}});
  const auto e = std::vector<std::uint32_t>(g.num_vertices(), 2);
  std::ostringstream s;
  io::write_booksim_anynet(s, g, e, 2);
  const std::string text = s.str();
  CHECK(text.find("router 0 node 0 node 1 router ") == 0);  // no latency after a node
  CHECK(text.find("node 0 2") == std::string::npos);
  CHECK(text.find(" 2\n") != std::string::npos);  // router links carry it
  const auto r = io::read_graph_text(text, "p.anynet");  // and it reads back the same, as BookSim2 would
  CHECK(adjacency(r.graph) == adjacency(g));
  CHECK(r.endpoints == e);
  // two components: refused for each simulator, with the count
  const auto two = graph::from_edges(4, std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {2, 3}});
  const std::vector<std::uint32_t> one(4, 1);
  std::ostringstream sink;
  CHECK_THROWS_WITH(io::write_booksim_anynet(sink, two, one), Catch::Contains("disconnected (2 components of 4 routers)") &&
                                                                  Catch::Contains("BookSim2"));
  CHECK_THROWS_WITH(io::write_sst_anytopo(sink, two, one), Catch::Contains("disconnected (2 components"));
  CHECK_THROWS_WITH(io::write_ns3_topology(sink, two, one), Catch::Contains("disconnected (2 components"));
  CHECK(sink.str().empty());
}

}  // namespace simulator_files_test
