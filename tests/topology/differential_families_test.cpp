// The differential test of the families: every family of the registry, built by the library
// through topology::make_graph, against tests/fixtures/differential/families.txt, which
// make_differential.py beside it writes from the families' definitions without the C++ code.
// Per case: the edge set under the documented numbering (SHA-256 of its "u v" lines), the
// arcs and labels of the digraphs, and invariants of the paper's construction (counts, degree
// sequence, diameter, girth, triangles, directed diameter, spectrum, and for small cases
// isomorphism with the paper construction's own edges).
#include <catch2/catch.hpp>

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "shiftfly/topology/family.hpp"
#include "family_fixtures.hpp"
#include "support.hpp"

namespace differential_families_test {

namespace {
namespace differential_families {

namespace topo = shiftfly::topology;
using graph = shiftfly::core::graph<std::uint32_t>;

/// One case of families.txt: the family, its parameters as the registry prints them, and
/// every other line by its first word.
struct family_case {
  std::string family;
  std::vector<std::pair<std::string, std::string>> params;
  std::map<std::string, std::string> lines;
  std::string title;
};

std::vector<family_case> load_cases() {
  const std::string path = std::string(SHIFTFLY_FIXTURES) + "/differential/families.txt";
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::vector<family_case> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream is(line);
    std::string word;
    is >> word;
    if (word == "case") {
      family_case c;
      c.title = line.substr(5);
      is >> c.family;
      std::string kv;
      while (is >> kv) {
        const auto eq = kv.find('=');
        if (eq == std::string::npos) throw std::runtime_error("families.txt: bad parameter in " + line);
        c.params.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
      }
      out.push_back(std::move(c));
    } else if (word == "end") {
      continue;
    } else {
      if (out.empty()) throw std::runtime_error("families.txt: line before any case: " + line);
      std::string rest;
      std::getline(is >> std::ws, rest);
      out.back().lines[word] = rest;
    }
  }
  return out;
}

std::uint64_t number(const std::string& s) { return std::stoull(s); }

std::vector<std::uint64_t> numbers(const std::string& s) {
  std::vector<std::uint64_t> out;
  std::stringstream is(s);
  std::string item;
  while (std::getline(is, item, ',')) out.push_back(number(item));
  return out;
}

/// The spec of a case, set from its parameters by id, each read as its descriptor's kind says.
topo::family_spec spec_of(const family_case& c) {
  auto spec = topo::default_spec(c.family);
  const auto& family = topo::family_named(c.family, "families.txt");
  for (const auto& [name, value] : c.params) {
    const auto* p = family.parameter(name);
    if (!p) throw std::runtime_error("families.txt: unknown parameter " + name + " of " + c.family);
    if (p->kind == topo::parameter_kind::unsigned_integer) spec.values[name] = number(value);
    else if (p->kind == topo::parameter_kind::unsigned_list) spec.values[name] = numbers(value);
    else spec.values[name] = value;
  }
  return spec;
}

constexpr std::int64_t no_value = -1;

std::int64_t diameter_of(const graph& g) {
  const auto d = shiftfly::test::diameter(g);
  return d == shiftfly::test::unreached ? no_value : static_cast<std::int64_t>(d);
}

std::int64_t directed_diameter_of(const graph& g) {
  const auto d = shiftfly::test::directed_diameter(g);
  return d == shiftfly::test::unreached ? no_value : static_cast<std::int64_t>(d);
}

/// Exact girth: BFS from every vertex, the shortest closed walk through a non-tree edge (0: a forest).
std::uint64_t girth_of(const graph& g) {
  const std::size_t n = g.num_vertices();
  std::uint64_t best = UINT64_MAX;
  std::vector<std::uint32_t> dist(n), parent(n), queue(n);
  for (std::size_t r = 0; r < n; ++r) {
    std::fill(dist.begin(), dist.end(), shiftfly::test::unreached);
    dist[r] = 0;
    parent[r] = static_cast<std::uint32_t>(r);
    queue[0] = static_cast<std::uint32_t>(r);
    std::size_t head = 0, tail = 1;
    while (head < tail) {
      const auto u = queue[head++];
      if (2 * static_cast<std::uint64_t>(dist[u]) >= best) break;
      for (auto w : g.neighbors(u)) {
        if (dist[w] == shiftfly::test::unreached) {
          dist[w] = dist[u] + 1;
          parent[w] = u;
          queue[tail++] = w;
        } else if (parent[u] != w) {
          best = std::min<std::uint64_t>(best, std::uint64_t{dist[u]} + dist[w] + 1);
        }
      }
    }
  }
  return best == UINT64_MAX ? 0 : best;
}

std::uint64_t triangles_of(const graph& g) {
  std::uint64_t t = 0;
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
    for (auto v : g.neighbors(u))
      if (u < v)
        for (auto w : g.neighbors(v))
          if (v < w && g.adjacent(u, w)) ++t;
  return t;
}

std::string degree_text(const graph& g) {
  std::map<std::size_t, std::size_t> count;
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u) ++count[g.degree(u)];
  std::string s;
  for (auto [d, c] : count) s += (s.empty() ? "" : " ") + std::to_string(d) + "x" + std::to_string(c);
  return s;
}

std::vector<double> spectrum_of(const graph& g) {
  const auto n = static_cast<Eigen::Index>(g.num_vertices());
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(n, n);
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
    for (auto v : g.neighbors(u)) a(u, v) = 1.0;
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(a, Eigen::EigenvaluesOnly);
  std::vector<double> out(es.eigenvalues().data(), es.eigenvalues().data() + n);
  std::sort(out.begin(), out.end());
  return out;
}

/// "<m> u v u v ..." as a fixture graph on n vertices.
shiftfly::test::fixture_graph paper_graph(std::uint64_t n, const std::string& text) {
  std::istringstream is(text);
  shiftfly::test::fixture_graph f;
  f.n = n;
  std::uint64_t m = 0;
  is >> m;
  for (std::uint64_t i = 0; i < m; ++i) {
    std::uint64_t u = 0, v = 0;
    is >> u >> v;
    f.edges.insert({std::min(u, v), std::max(u, v)});
  }
  f.m = m;
  return f;
}

const std::vector<family_case>& cases() {
  static const auto c = load_cases();
  return c;
}

}  // namespace differential_families
}  // namespace

TEST_CASE("differential: the fixture covers every family of the registry, several cases each", "[differential]") {
  using namespace differential_families;
  std::map<std::string, int> per_family;
  for (const auto& c : cases()) ++per_family[c.family];
  // Delorme's q is an odd power of 2: q = 2 and 8 are its instances within the script's all-pairs
  // distances (q = 32 has 33,825 routers and 557,600 links)
  const std::map<std::string, int> fewer{{"delorme", 2}};
  for (const auto& name : topo::family_names()) {
    INFO("family " << name << " needs 3 cases or more in tests/fixtures/differential/families.txt "
                            "(written by make_differential.py from the family's definition)");
    CHECK(per_family[name] >= (fewer.count(name) ? fewer.at(name) : 3));
  }
  CHECK(per_family.size() == topo::family_names().size());  // no name the registry does not know
}

TEST_CASE("differential: every family equals its independent construction, edge for edge", "[differential]") {
  using namespace differential_families;
  namespace st = shiftfly::test;
  for (const auto& c : cases()) {
    INFO("case " << c.title);
    const auto spec = spec_of(c);
    // the registry prints the parameters the fixture gave, in its order
    std::vector<std::pair<std::string, std::string>> printed;
    for (const auto& p : topo::parameters(spec)) printed.emplace_back(p.name, p.value);
    CHECK(printed == c.params);
    const graph g = topo::make_graph(spec);
    const auto& L = c.lines;
    REQUIRE(L.count("vertices"));
    REQUIRE(L.count("edges"));
    CHECK(g.num_vertices() == number(L.at("vertices")));
    {
      std::istringstream is(L.at("edges"));
      std::uint64_t m = 0;
      std::string digest;
      is >> m >> digest;
      CHECK(g.num_edges() == m);
      CHECK(st::sha256(st::edge_text(g)) == digest);
    }
    // arcs exactly for the digraph families, labels exactly for the string families
    CHECK(topo::is_digraph(spec) == (L.count("arcs") == 1));
    CHECK(g.has_arcs() == (L.count("arcs") == 1));
    if (L.count("arcs")) {
      std::istringstream is(L.at("arcs"));
      std::uint64_t count = 0;
      std::string digest;
      is >> count >> digest;
      CHECK(g.num_arcs() == count);
      CHECK(st::sha256(st::arc_text(g)) == digest);
    }
    CHECK(g.has_labels() == (L.count("labels") == 1));
    if (L.count("labels") && g.has_labels()) CHECK(st::sha256(st::label_text(g)) == L.at("labels"));
  }
}

TEST_CASE("differential: every family has the invariants of the paper's construction", "[differential][heavy]") {
  using namespace differential_families;
  std::uint64_t spectra = 0, isomorphisms = 0;
  for (const auto& c : cases()) {
    INFO("case " << c.title);
    const graph g = topo::make_graph(spec_of(c));
    const auto& L = c.lines;
    CHECK(g.num_vertices() == number(L.at("paper-vertices")));
    CHECK(g.num_edges() == number(L.at("paper-edges")));
    CHECK(degree_text(g) == L.at("degrees"));
    CHECK(diameter_of(g) == std::stoll(L.at("diameter")));
    CHECK(triangles_of(g) == number(L.at("triangles")));
    if (L.count("girth")) CHECK(girth_of(g) == number(L.at("girth")));
    if (L.count("directed-diameter")) CHECK(directed_diameter_of(g) == std::stoll(L.at("directed-diameter")));
    if (L.count("spectrum")) {
      std::istringstream is(L.at("spectrum"));
      std::size_t n = 0;
      is >> n;
      std::vector<double> want(n);
      for (auto& x : want) is >> x;
      const auto got = spectrum_of(g);
      REQUIRE(got.size() == want.size());
      for (std::size_t i = 0; i < n; ++i) {
        INFO("eigenvalue " << i << ": library " << got[i] << ", fixture " << want[i]);
        CHECK(std::abs(got[i] - want[i]) <= 1e-6 * std::max(1.0, std::abs(want[i])));
      }
      ++spectra;
    }
    if (L.count("paper")) {
      CHECK(shiftfly::test::isomorphic(g, paper_graph(g.num_vertices(), L.at("paper"))));
      ++isomorphisms;
    }
  }
  CHECK(spectra >= 100);
  CHECK(isomorphisms >= 90);
}

}  // namespace differential_families_test
