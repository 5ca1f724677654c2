// SpectralFly X^{p,q} (spectralfly.hpp): for every allowed (p, q) with p <= 41 and at most
// 30,000 vertices, the order, the (p + 1)-regularity and the edge count against the closed
// forms, connectedness, bipartite iff (p/q) = -1, and LPS's girth and diameter bounds (by BFS
// from vertex 0, exact because the graph is vertex-transitive); the Cayley structure (vertex v
// adjacent to g_v s for every generator s, left multiplication an automorphism, the documented
// breadth-first numbering); the p + 1 quaternions against Jacobi's count; the Ramanujan bound
// |λ| <= 2 sqrt(p) on every nontrivial adjacency eigenvalue by a dense eigensolver, and the
// same checker flagging graphs that are not Ramanujan; every bad-input class.
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <tuple>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/topology/spectralfly.hpp"
#include "support.hpp"

namespace spectralfly_test {

namespace t = shiftfly::topology;

namespace {

bool sf_is_prime(std::uint64_t n) {
  if (n < 2) return false;
  for (std::uint64_t d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}

/// Every (p, q) the generator accepts with p <= max_p, q < 60 and order <= max_order (brute force
/// over the conditions of the file comment of spectralfly.hpp, not through the library's checks).
std::vector<std::pair<std::uint64_t, std::uint64_t>> sf_instances(std::uint64_t max_p, std::uint64_t max_order) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
  for (std::uint64_t p = 5; p <= max_p; p += 4) {
    if (!sf_is_prime(p)) continue;
    for (std::uint64_t q = 3; q < 60; q += 2) {
      if (!sf_is_prime(q) || q == p || q * q <= 4 * p) continue;
      std::uint64_t r = 1;  // p^((q-1)/2) mod q, Euler's criterion
      for (std::uint64_t i = 0; i < (q - 1) / 2; ++i) r = r * p % q;
      const std::uint64_t n = r == 1 ? q * (q * q - 1) / 2 : q * (q * q - 1);
      if (n <= max_order) out.emplace_back(p, q);
    }
  }
  return out;
}

/// Girth of a vertex-transitive graph: the shortest closed walk through vertex 0 closed by a non-tree
/// edge (every vertex lies on a shortest cycle).
template <class G>
std::uint32_t sf_girth(const G& g) {
  const auto dist = shiftfly::test::bfs(g, 0);
  std::vector<std::uint32_t> parent(g.num_vertices(), shiftfly::test::unreached);
  for (std::uint32_t v = 1; v < g.num_vertices(); ++v)
    for (auto u : g.neighbors(v))
      if (dist[u] + 1 == dist[v]) {
        parent[v] = u;
        break;
      }
  std::uint32_t best = shiftfly::test::unreached;
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
    for (auto w : g.neighbors(u))
      if (u < w && parent[u] != w && parent[w] != u) best = std::min(best, dist[u] + dist[w] + 1);
  return best;
}

/// The checker of the Ramanujan test: the adjacency spectrum by a dense eigensolver, less one
/// eigenvalue d (the trivial one) and, when present, one eigenvalue -d (bipartite); returns the
/// largest |λ| left and the multiplicities of d and -d.
struct sf_spectrum {
  double largest_nontrivial = 0;
  int top = 0, bottom = 0;
};

template <class G>
sf_spectrum sf_check_spectrum(const G& g, double d) {
  const auto n = static_cast<Eigen::Index>(g.num_vertices());
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(n, n);
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
    for (auto v : g.neighbors(u)) a(u, v) = 1;
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(a, Eigen::EigenvaluesOnly);
  const Eigen::VectorXd ev = es.eigenvalues();  // ascending
  sf_spectrum s;
  bool top_removed = false, bottom_removed = false;
  for (Eigen::Index i = 0; i < ev.size(); ++i) {
    const double x = ev[i];
    if (std::abs(x - d) < 1e-8) {
      ++s.top;
      if (!top_removed) {
        top_removed = true;
        continue;
      }
    }
    if (std::abs(x + d) < 1e-8) {
      ++s.bottom;
      if (!bottom_removed) {
        bottom_removed = true;
        continue;
      }
    }
    s.largest_nontrivial = std::max(s.largest_nontrivial, std::abs(x));
  }
  return s;
}

}  // namespace

TEST_CASE("spectralfly: order, regularity, edges, connectedness, bipartiteness, girth and diameter bounds",
          "[spectralfly]") {
  const auto instances = sf_instances(41, 30000);
  REQUIRE(instances.size() == 39);  // (5, 7) ... (41, 37)
  // The library accepts exactly the brute-force list (every p <= 41, q < 60, at most 30,000 vertices).
  const auto all = sf_instances(41, ~0ULL);
  for (std::uint64_t p = 0; p <= 41; ++p)
    for (std::uint64_t q = 0; q < 60; ++q) {
      bool accepted = true;
      try {
        (void)t::spectralfly_order(p, q);
      } catch (const shiftfly::core::invalid_parameter&) {
        accepted = false;
      }
      INFO("p = " << p << ", q = " << q);
      CHECK(accepted == (std::find(all.begin(), all.end(), std::pair{p, q}) != all.end()));
    }
  for (auto [p, q] : instances) {
    INFO("p = " << p << ", q = " << q);
    const bool bipartite = t::legendre_symbol(p, q) == -1;
    const std::uint64_t n = bipartite ? q * (q * q - 1) : q * (q * q - 1) / 2;
    CHECK(t::spectralfly_order(p, q) == n);
    CHECK(t::spectralfly_radix(p) == p + 1);
    CHECK(t::spectralfly_edge_count(p, q) == n * (p + 1) / 2);
    CHECK(t::spectralfly_is_bipartite(p, q) == bipartite);
    const auto g = t::spectralfly(p, q);
    REQUIRE(g.num_vertices() == n);
    CHECK(g.num_edges() == n * (p + 1) / 2);
    CHECK(g.name() == "SpectralFly(p=" + std::to_string(p) + ",q=" + std::to_string(q) + ")");
    bool regular = true;
    for (std::uint32_t v = 0; v < n; ++v) regular &= g.degree(v) == p + 1;
    CHECK(regular);
    const auto dist = shiftfly::test::bfs(g, 0);
    const auto ecc = *std::max_element(dist.begin(), dist.end());
    REQUIRE(ecc != shiftfly::test::unreached);  // connected
    bool two_coloured = true;                    // bipartite iff no edge joins two vertices of equal parity
    for (std::uint32_t u = 0; u < n; ++u)
      for (auto w : g.neighbors(u)) two_coloured &= (dist[u] + dist[w]) % 2 == 1;
    CHECK(two_coloured == bipartite);
    // LPS 1988's girth bounds and the Ramanujan diameter bound; vertex-transitive, so vertex 0 suffices.
    const double lp = std::log(static_cast<double>(p));
    const double girth_bound = bipartite ? 4 * std::log(double(q)) / lp - std::log(4.0) / lp : 2 * std::log(double(q)) / lp;
    const std::uint32_t girth = sf_girth(g);
    CHECK(girth >= girth_bound);
    CHECK(girth >= 3);
    CHECK(ecc <= 2 * std::log(double(n)) / lp + 2 * std::log(2.0) / lp + 1);
  }
}

TEST_CASE("spectralfly: the Cayley structure, left multiplication as automorphisms, the breadth-first numbering",
          "[spectralfly]") {
  for (auto [p, q] : std::vector<std::pair<std::uint64_t, std::uint64_t>>{{5, 7}, {5, 11}, {13, 11}, {17, 13}}) {
    INFO("p = " << p << ", q = " << q);
    const auto g = t::spectralfly(p, q);
    const auto elements = t::spectralfly_elements(p, q);
    const auto gens = t::spectralfly_generators(p, q);
    const std::uint64_t n = g.num_vertices();
    REQUIRE(elements.size() == n);
    REQUIRE(gens.size() == p + 1);
    CHECK(elements[0] == t::spectralfly_matrix{1, 0, 0, 1});
    std::map<t::spectralfly_matrix, std::uint32_t> vertex;
    bool normalised = true, square_det = true;
    const bool psl = t::legendre_symbol(p, q) == 1;
    for (std::uint32_t v = 0; v < n; ++v) {
      const auto& m = elements[v];
      normalised &= m == t::spectralfly_normalize(q, m);
      vertex.emplace(m, v);
      const std::uint64_t det = (m[0] * m[3] + q * q - m[1] * m[2] % q) % q;
      square_det &= det != 0;
      // In PSL(2, q) every element has a square determinant; in PGL(2, q) half of them do.
      if (psl) square_det &= t::legendre_symbol(det, q) == 1;
    }
    CHECK(normalised);
    CHECK(square_det);
    REQUIRE(vertex.size() == n);  // distinct elements
    // The generators: determinant p up to a square, the first p + 1 vertices after the identity.
    for (std::size_t i = 0; i < gens.size(); ++i) {
      const auto& s = gens[i];
      const std::uint64_t det = (s[0] * s[3] + q * q - s[1] * s[2] % q) % q;
      CHECK(t::legendre_symbol(det, q) == t::legendre_symbol(p, q));
      CHECK(elements[1 + i] == s);
    }
    // Vertex v is adjacent exactly to the vertices of g_v s.
    bool cayley = true;
    for (std::uint32_t v = 0; v < n; ++v) {
      std::vector<std::uint32_t> expect;
      for (const auto& s : gens) expect.push_back(vertex.at(t::spectralfly_multiply(q, elements[v], s)));
      std::sort(expect.begin(), expect.end());
      const auto nb = g.neighbors(v);
      cayley &= std::vector<std::uint32_t>(nb.begin(), nb.end()) == expect;
    }
    CHECK(cayley);
    // Breadth-first numbering: distance from vertex 0 never decreases with the vertex number.
    const auto dist = shiftfly::test::bfs(g, 0);
    CHECK(std::is_sorted(dist.begin(), dist.end()));
    // Left multiplication by every group element is an automorphism (so the graph is vertex-transitive).
    if (n <= 700) {
      bool automorphisms = true;
      for (std::uint32_t h = 0; h < n && automorphisms; ++h) {
        std::vector<std::uint32_t> image(n);
        for (std::uint32_t v = 0; v < n; ++v) image[v] = vertex.at(t::spectralfly_multiply(q, elements[h], elements[v]));
        for (std::uint32_t u = 0; u < n; ++u)
          for (auto w : g.neighbors(u)) automorphisms &= g.adjacent(image[u], image[w]);
      }
      CHECK(automorphisms);
    }
  }
  // id types agree
  CHECK(shiftfly::test::edge_text(t::spectralfly(5, 11)) == shiftfly::test::edge_text(t::spectralfly<std::uint16_t>(5, 11)));
  CHECK(shiftfly::test::edge_text(t::spectralfly(5, 11)) == shiftfly::test::edge_text(t::spectralfly<std::uint64_t>(5, 11)));
}

TEST_CASE("spectralfly: the p + 1 quaternions of norm p, against Jacobi's four-square count", "[spectralfly]") {
  CHECK(t::spectralfly_quaternions(5) == std::vector<t::spectralfly_quaternion>{
                                            {1, -2, 0, 0}, {1, 0, -2, 0}, {1, 0, 0, -2}, {1, 0, 0, 2}, {1, 0, 2, 0}, {1, 2, 0, 0}});
  for (std::uint64_t p = 5; p < 2000; p += 4) {
    if (!sf_is_prime(p)) continue;
    INFO("p = " << p);
    const auto qs = t::spectralfly_quaternions(p);
    REQUIRE(qs.size() == p + 1);
    bool ok = std::is_sorted(qs.begin(), qs.end(), [](const auto& a, const auto& b) {
      return std::tie(a.a0, a.a1, a.a2, a.a3) < std::tie(b.a0, b.a1, b.a2, b.a3);
    });
    for (const auto& h : qs) {
      ok &= h.a0 > 0 && h.a0 % 2 == 1 && h.a1 % 2 == 0 && h.a2 % 2 == 0 && h.a3 % 2 == 0;
      ok &= static_cast<std::uint64_t>(h.a0 * h.a0 + h.a1 * h.a1 + h.a2 * h.a2 + h.a3 * h.a3) == p;
      ok &= std::find(qs.begin(), qs.end(), t::spectralfly_quaternion{h.a0, -h.a1, -h.a2, -h.a3}) != qs.end();
    }
    CHECK(ok);
    if (p < 200) {  // all integer solutions: 8 (p + 1) (Jacobi, p odd prime)
      const auto r = static_cast<std::int64_t>(std::sqrt(double(p)));
      std::uint64_t all = 0;
      for (std::int64_t a = -r; a <= r; ++a)
        for (std::int64_t b = -r; b <= r; ++b)
          for (std::int64_t c = -r; c <= r; ++c)
            for (std::int64_t d = -r; d <= r; ++d) all += static_cast<std::uint64_t>(a * a + b * b + c * c + d * d) == p;
      CHECK(all == 8 * (p + 1));
    }
  }
}

TEST_CASE("spectralfly: Ramanujan, every nontrivial adjacency eigenvalue within 2 sqrt(p) (dense eigensolver)",
          "[spectralfly][heavy]") {
  // Both congruences of q (q = 1 mod 4 is LPS's own construction), both groups (PSL and PGL).
  // Largest nontrivial |lambda| measured (GCC, Eigen 3.4): (5,7) 4.0000, (5,11) 4.3723, (5,13) 4.2497,
  // (13,11) 6.2361, (17,11) 7.5767, (17,13) 7.8509, (29,11) 8.6180, (29,13) 9.9323.
  for (auto [p, q] : std::vector<std::pair<std::uint64_t, std::uint64_t>>{
           {5, 7}, {5, 11}, {5, 13}, {13, 11}, {17, 11}, {17, 13}, {29, 11}, {29, 13}}) {
    INFO("p = " << p << ", q = " << q);
    const auto g = t::spectralfly(p, q);
    const auto s = sf_check_spectrum(g, double(p + 1));
    CHECK(s.top == 1);                                              // connected
    CHECK(s.bottom == (t::spectralfly_is_bipartite(p, q) ? 1 : 0));  // bipartite iff (p/q) = -1
    CHECK(s.largest_nontrivial <= 2 * std::sqrt(double(p)) + 1e-9);
    CHECK(s.largest_nontrivial > 0);
  }
}

TEST_CASE("spectralfly: the Ramanujan checker flags graphs that are not Ramanujan", "[spectralfly]") {
  const double bound = 2 * std::sqrt(5.0);
  // Two copies of X^{5,11} joined by one 2-switch: still 6-regular and connected, but a bottleneck
  // puts lambda_2 near 6.
  const auto x = t::spectralfly(5, 11);
  const std::uint32_t n = static_cast<std::uint32_t>(x.num_vertices());
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  for (std::uint32_t u = 0; u < n; ++u)
    for (auto w : x.neighbors(u))
      if (u < w) {
        edges.emplace_back(u, w);
        edges.emplace_back(n + u, n + w);
      }
  const std::uint32_t a = 0, b = x.neighbors(0)[0];
  edges.erase(std::find(edges.begin(), edges.end(), std::pair{a, b}));
  edges.erase(std::find(edges.begin(), edges.end(), std::pair{n + a, n + b}));
  edges.emplace_back(a, n + a);
  edges.emplace_back(b, n + b);
  const auto joined = shiftfly::core::graph<std::uint32_t>::from_edges(2 * n, edges);
  bool regular = true;
  for (std::uint32_t v = 0; v < 2 * n; ++v) regular &= joined.degree(v) == 6;
  REQUIRE(regular);
  const auto s = sf_check_spectrum(joined, 6.0);
  CHECK(s.top == 1);
  CHECK(s.largest_nontrivial > bound);
  // The circulant C_336(1, 2, 3), 6-regular: lambda_2 = 2 (cos 2pi/336 + cos 4pi/336 + cos 6pi/336).
  edges.clear();
  for (std::uint32_t u = 0; u < 336; ++u)
    for (std::uint32_t k = 1; k <= 3; ++k) edges.emplace_back(u, (u + k) % 336);
  const auto ring = shiftfly::core::graph<std::uint32_t>::from_edges(336, edges);
  const auto r = sf_check_spectrum(ring, 6.0);
  const double pi = std::acos(-1.0);
  CHECK(r.largest_nontrivial == Approx(2 * (std::cos(2 * pi / 336) + std::cos(4 * pi / 336) + std::cos(6 * pi / 336))));
  CHECK(r.largest_nontrivial > bound);
  // Two disjoint copies: the eigenvalue 6 twice.
  edges.clear();
  for (std::uint32_t u = 0; u < n; ++u)
    for (auto w : x.neighbors(u)) edges.emplace_back(u + n, w + n), edges.emplace_back(u, w);
  const auto twice = sf_check_spectrum(shiftfly::core::graph<std::uint32_t>::from_edges(2 * n, edges), 6.0);
  CHECK(twice.top == 2);
  CHECK(twice.largest_nontrivial > bound);
}

TEST_CASE("spectralfly: refusals name p or q and the accepted range", "[spectralfly]") {
  using shiftfly::core::invalid_parameter;
  CHECK(t::spectralfly_max_p<std::uint32_t>() == 1039321);
  CHECK(t::spectralfly_max_p<std::uint16_t>() == 541);
  CHECK(t::spectralfly_max_p<std::uint64_t>() == 2097133);
  CHECK(t::spectralfly_max_q(5) == 2039);
  CHECK(t::spectralfly_max_q(13) == 2029);  // (13/2039) = -1: PGL(2, 2039) would exceed 32-bit ids
  CHECK(t::spectralfly_max_q<std::uint16_t>(5) == 41);
  CHECK(t::spectralfly_max_q<std::uint64_t>(5) == 65521);
  CHECK(t::spectralfly_min_q(5) == 7);
  CHECK(t::spectralfly_min_q(13) == 11);
  CHECK(t::spectralfly_min_q(29) == 11);
  const std::string p_range = " is out of range (accepted: a prime congruent to 1 mod 4 from 5 to 1039321)";
  // p not prime, p = 3 mod 4, p = 2, too small, too large
  for (std::uint64_t p : {0ULL, 1ULL, 2ULL, 3ULL, 7ULL, 9ULL, 11ULL, 21ULL, 25ULL, 1039333ULL, 18446744073709551615ULL}) {
    INFO("p = " << p);
    CHECK_THROWS_AS(t::spectralfly(p, 13), invalid_parameter);
    CHECK_THROWS_WITH(t::spectralfly(p, 13), "spectralfly: p = " + std::to_string(p) + p_range);
    CHECK_THROWS_WITH(t::spectralfly_order(p, 13), "spectralfly: p = " + std::to_string(p) + p_range);
    CHECK_THROWS_AS(t::spectralfly_radix(p), invalid_parameter);
  }
  // q not prime, even, equal to p, not above 2 sqrt(p), too large for the id type
  for (std::uint64_t q : {0ULL, 1ULL, 2ULL, 3ULL, 5ULL, 9ULL, 15ULL, 2041ULL, 2053ULL, 65521ULL, 18446744073709551615ULL}) {
    INFO("q = " << q);
    CHECK_THROWS_AS(t::spectralfly(5, q), invalid_parameter);
    CHECK_THROWS_WITH(t::spectralfly(5, q),
                      "spectralfly: q = " + std::to_string(q) +
                          " is out of range (accepted: a prime other than p, above 2 sqrt(p) from 7 to 2039 at p = 5)");
  }
  CHECK_THROWS_WITH(t::spectralfly(13, 13), "spectralfly: q = 13 is out of range (accepted: a prime other than p, "
                                            "above 2 sqrt(p) from 11 to 2029 at p = 13)");
  CHECK_THROWS_WITH(t::spectralfly(13, 7), "spectralfly: q = 7 is out of range (accepted: a prime other than p, "
                                           "above 2 sqrt(p) from 11 to 2029 at p = 13)");
  CHECK_THROWS_WITH(t::spectralfly<std::uint16_t>(5, 43), "spectralfly: q = 43 is out of range (accepted: a prime "
                                                          "other than p, above 2 sqrt(p) from 7 to 41 at p = 5)");
  CHECK_THROWS_WITH(t::spectralfly<std::uint16_t>(557, 53),
                    "spectralfly: p = 557 is out of range (accepted: a prime congruent to 1 mod 4 from 5 to 541)");
  CHECK_THROWS_AS(t::spectralfly_generators(5, 5), invalid_parameter);
  CHECK_THROWS_AS(t::spectralfly_elements(7, 11), invalid_parameter);
  CHECK_THROWS_AS(t::spectralfly_quaternions(7), invalid_parameter);
  CHECK_THROWS_AS(t::spectralfly_min_q(7), invalid_parameter);
  CHECK_THROWS_AS(t::spectralfly_max_q(3), invalid_parameter);
  CHECK_THROWS_WITH(t::legendre_symbol(5, 9), "legendre_symbol: q = 9 is out of range (accepted: an odd prime)");
  CHECK_THROWS_AS(t::spectralfly_normalize(7, {0, 0, 0, 0}), invalid_parameter);
  CHECK_THROWS_WITH(t::spectralfly_normalize(7, {7, 0, 0, 1}),
                    "spectralfly_normalize: matrix entry = 7 is out of range (accepted: 0 to 6)");
  CHECK_THROWS_AS(t::spectralfly_multiply(8, {1, 0, 0, 1}, {1, 0, 0, 1}), invalid_parameter);
  // Valid p and q, but the graph (about 4.2e9 vertices of degree 6) does not fit in memory:
  // refused before allocating, naming its size.
  CHECK_THROWS_AS(t::spectralfly(5, 2039), invalid_parameter);
  CHECK_THROWS_WITH(t::spectralfly(5, 2039), Catch::Contains("spectralfly: the graph (4238591640 vertices") &&
                                                 Catch::Contains("of memory, more than the"));
}

}  // namespace spectralfly_test
