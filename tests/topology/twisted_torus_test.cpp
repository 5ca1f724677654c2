// The twisted torus (Cámara et al., IEEE TPDS 2010) against a construction of this test's own:
// the quotient Z^n / L built from any integer basis B of the lattice L, without the generator's
// coordinate arithmetic. A point p lies in L iff p·adj(B) ≡ 0 (mod det B), so phi(p) = p·adj(B)
// mod |det B| labels the cosets, and the quotient's Cayley graph joins phi(p) to phi(p) ± row i
// of adj(B). The generator's router with coordinates c must map to phi(c) one to one, its links
// onto the Cayley graph's links; checked for every small instance, and for other bases of the
// same lattices (Cámara et al.'s diamond basis of the rectangular twisted torus, the body-centred
// basis (±a, ±a, ±a) of the doubly twisted 2a × 2a × a). Then Cámara et al.'s closed forms: the
// rectangular twisted torus RTT(a) (dims 2a,a twists a) has diameter a, 4d routers at distance
// d < a and 2a − 1 at distance a; zero twists give the torus.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/torus.hpp"
#include "shiftfly/topology/twisted_torus.hpp"
#include "support.hpp"

namespace twisted_torus_test {

namespace t = shiftfly::topology;
using graph = shiftfly::core::graph<std::uint32_t>;

namespace {
namespace twisted {

using vec = std::vector<std::int64_t>;
using matrix = std::vector<vec>;  // rows

std::int64_t det(const matrix& b) {
  if (b.size() == 2) return b[0][0] * b[1][1] - b[0][1] * b[1][0];
  return b[0][0] * (b[1][1] * b[2][2] - b[1][2] * b[2][1]) - b[0][1] * (b[1][0] * b[2][2] - b[1][2] * b[2][0]) +
         b[0][2] * (b[1][0] * b[2][1] - b[1][1] * b[2][0]);
}

/// adj(B), with B · adj(B) = det(B) · I.
matrix adjugate(const matrix& b) {
  const std::size_t n = b.size();
  matrix a(n, vec(n, 0));
  if (n == 2) {
    a = {{b[1][1], -b[0][1]}, {-b[1][0], b[0][0]}};
    return a;
  }
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = 0; j < 3; ++j) {
      // cofactor C_ji, transposed into a_ij
      const std::size_t r0 = (j + 1) % 3, r1 = (j + 2) % 3, c0 = (i + 1) % 3, c1 = (i + 2) % 3;
      a[i][j] = b[r0][c0] * b[r1][c1] - b[r0][c1] * b[r1][c0];
    }
  return a;
}

std::int64_t mod(std::int64_t x, std::int64_t m) { return ((x % m) + m) % m; }

/// The quotient Z^n / L of the lattice spanned by the rows of `basis`.
struct quotient {
  matrix adj;
  std::int64_t order = 0;
  explicit quotient(const matrix& basis) : adj(adjugate(basis)), order(std::abs(det(basis))) {
    for (std::size_t i = 0; i < basis.size(); ++i) {  // B · adj(B) = det(B) · I
      for (std::size_t j = 0; j < basis.size(); ++j) {
        std::int64_t s = 0;
        for (std::size_t k = 0; k < basis.size(); ++k) s += basis[i][k] * adj[k][j];
        REQUIRE(s == (i == j ? det(basis) : 0));
      }
    }
  }
  vec phi(const vec& p) const {
    vec out(p.size(), 0);
    for (std::size_t j = 0; j < p.size(); ++j) {
      std::int64_t s = 0;
      for (std::size_t k = 0; k < p.size(); ++k) s += p[k] * adj[k][j];
      out[j] = mod(s, order);
    }
    return out;
  }
  /// The label one step along ±e_i from `x`.
  vec step(const vec& x, std::size_t i, int sign) const {
    vec out = x;
    for (std::size_t j = 0; j < x.size(); ++j) out[j] = mod(out[j] + sign * adj[i][j], order);
    return out;
  }
};

/// The generator's basis: rows (k1, 0, 0), (−t21, k2, 0), (−t31, −t32, k3).
matrix generator_basis(const std::vector<std::uint64_t>& dims, const std::vector<std::uint64_t>& tw) {
  const auto k = [&](std::size_t i) { return static_cast<std::int64_t>(dims[i]); };
  const auto s = [&](std::size_t i) { return static_cast<std::int64_t>(tw[i]); };
  if (dims.size() == 2) return {{k(0), 0}, {-s(0), k(1)}};
  return {{k(0), 0, 0}, {-s(0), k(1), 0}, {-s(1), -s(2), k(2)}};
}

/// Checks that router u ↦ phi(coordinates of u) is a bijection onto the quotient taking the
/// generator's links exactly onto the quotient's links.
void check_against_quotient(const graph& g, const std::vector<std::uint64_t>& dims, const matrix& basis) {
  const quotient q(basis);
  REQUIRE(static_cast<std::int64_t>(g.num_vertices()) == q.order);
  std::map<vec, std::uint32_t> router_of;
  std::vector<vec> label(g.num_vertices());
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u) {
    vec c;
    for (std::uint64_t j = 0, x = u; j < dims.size(); ++j, x /= dims[j - 1]) c.push_back(static_cast<std::int64_t>(x % dims[j]));
    label[u] = q.phi(c);
    router_of[label[u]] = u;
  }
  REQUIRE(router_of.size() == g.num_vertices());  // one to one
  std::set<std::pair<std::uint32_t, std::uint32_t>> want, got;
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u) {
    for (std::size_t i = 0; i < dims.size(); ++i)
      for (int sign : {1, -1}) {
        const auto v = router_of.at(q.step(label[u], i, sign));
        if (v != u) want.insert({std::min(u, v), std::max(u, v)});
      }
    for (auto v : g.neighbors(u)) got.insert({std::min(u, v), std::max(u, v)});
  }
  CHECK(got == want);
}

std::map<std::uint32_t, std::uint64_t> distance_counts(const graph& g, std::size_t source) {
  std::map<std::uint32_t, std::uint64_t> out;
  for (auto d : shiftfly::test::bfs(g, source)) ++out[d];
  return out;
}

}  // namespace twisted
}  // namespace

TEST_CASE("twisted torus: every small instance is the lattice quotient of its basis", "[twisted_torus]") {
  using namespace twisted;
  std::size_t checked = 0;
  for (std::uint64_t a = 2; a <= 6; ++a)
    for (std::uint64_t b = 2; b <= 6; ++b)
      for (std::uint64_t s = 0; s < a; ++s) {
        const std::vector<std::uint64_t> dims{a, b}, tw{s};
        INFO("dims " << a << "," << b << " twist " << s);
        const auto g = t::twisted_torus(dims, tw);
        check_against_quotient(g, dims, generator_basis(dims, tw));
        for (std::uint32_t u = 0; u < g.num_vertices(); ++u) CHECK(g.degree(u) <= 4);
        ++checked;
      }
  for (std::uint64_t a = 2; a <= 4; ++a)
    for (std::uint64_t b = 2; b <= 3; ++b)
      for (std::uint64_t c = 2; c <= 3; ++c)
        for (std::uint64_t s21 = 0; s21 < a; ++s21)
          for (std::uint64_t s31 = 0; s31 < a; ++s31)
            for (std::uint64_t s32 = 0; s32 < b; ++s32) {
              const std::vector<std::uint64_t> dims{a, b, c}, tw{s21, s31, s32};
              INFO("dims " << a << "," << b << "," << c << " twists " << s21 << "," << s31 << "," << s32);
              check_against_quotient(t::twisted_torus(dims, tw), dims, generator_basis(dims, tw));
              ++checked;
            }
  CHECK(checked > 300);
}

TEST_CASE("twisted torus: other bases of the same lattices (diamond, body-centred) give the same graph", "[twisted_torus]") {
  using namespace twisted;
  for (std::int64_t a = 2; a <= 7; ++a) {
    INFO("a = " << a);
    const auto ua = static_cast<std::uint64_t>(a);
    // Cámara et al.'s rectangular twisted torus RTT(a): its routers tile the plane in diamonds,
    // the lattice spanned by (a, a) and (a, −a)
    const std::vector<std::uint64_t> rtt{2 * ua, ua};
    check_against_quotient(t::twisted_torus(rtt, std::vector<std::uint64_t>{ua}), rtt, {{a, a}, {a, -a}});
    // 2a × 2a × a with the third wraparound shifted by (a, a): the lattice spanned by (±a, ±a, ±a)
    const std::vector<std::uint64_t> bcc{2 * ua, 2 * ua, ua};
    check_against_quotient(t::twisted_torus(bcc, std::vector<std::uint64_t>{0, ua, ua}), bcc,
                           {{-a, a, a}, {a, -a, a}, {a, a, -a}});
  }
}

TEST_CASE("twisted torus: Cámara et al.'s closed forms of the rectangular twisted torus RTT(a)", "[twisted_torus]") {
  using namespace twisted;
  for (std::uint64_t a = 2; a <= 12; ++a) {
    INFO("RTT(" << a << ")");
    const auto g = t::twisted_torus({2 * a, a}, {a});
    CHECK(g.num_vertices() == 2 * a * a);
    CHECK(g.num_edges() == 4 * a * a);
    CHECK(shiftfly::test::diameter(g) == a);  // the torus 2a × a has diameter a + a/2
    CHECK(t::torus_diameter(std::vector<std::uint64_t>{2 * a, a}) == a + a / 2);
    // vertex-transitive (a Cayley graph): every router sees the same distribution
    for (std::size_t source : {std::size_t{0}, std::size_t{g.num_vertices() - 1}, std::size_t{a + 1}}) {
      const auto counts = distance_counts(g, source);
      CHECK(counts.size() == a + 1);
      CHECK(counts.at(0) == 1);
      for (std::uint32_t d = 1; d < a; ++d) CHECK(counts.at(d) == 4 * d);
      CHECK(counts.at(static_cast<std::uint32_t>(a)) == 2 * a - 1);
      // the mean distance to the other routers, a(4a^2 - 1) / (3(2a^2 - 1))
      std::uint64_t sum = 0;
      for (auto [d, c] : counts) sum += d * c;
      CHECK(3 * sum == a * (4 * a * a - 1));
    }
  }
}

TEST_CASE("twisted torus: zero twists give the torus; TPU v4's twisted 4x4x8 is shorter than the torus", "[twisted_torus]") {
  for (const auto& dims : std::vector<std::vector<std::uint64_t>>{{3, 3}, {4, 5}, {2, 2}, {4, 3, 2}, {3, 3, 3}, {2, 2, 2}}) {
    const std::vector<std::uint64_t> zero(dims.size() == 2 ? 1 : 3, 0);
    const auto g = t::twisted_torus(dims, zero);
    const auto torus = t::torus(dims);
    CHECK(shiftfly::test::edge_text(g) == shiftfly::test::edge_text(torus));
  }
  // Jouppi et al.'s k×k×2k twist: dims 2k,k,k twists k,k,0; at k = 4, 128 chips of degree 6
  const auto tpu = t::twisted_torus({8, 4, 4}, {4, 4, 0});
  CHECK(tpu.num_vertices() == 128);
  for (std::uint32_t u = 0; u < tpu.num_vertices(); ++u) CHECK(tpu.degree(u) == 6);
  const auto counts = twisted::distance_counts(tpu, 0);
  const std::map<std::uint32_t, std::uint64_t> want{{0, 1}, {1, 6}, {2, 18}, {3, 38}, {4, 43}, {5, 20}, {6, 2}};
  CHECK(counts == want);  // the lattice quotient's BFS (first test case) gives the same
  CHECK(shiftfly::test::diameter(tpu) == 6);
  CHECK(shiftfly::test::diameter(t::torus({8, 4, 4})) == 8);
}

TEST_CASE("twisted torus: link classes are the dimensions, through the twisted wraparounds too", "[twisted_torus]") {
  const auto spec = t::family_spec("twisted-torus", {{"dims", std::vector<std::uint64_t>{6, 3, 3}},
                                                     {"twists", std::vector<std::uint64_t>{3, 3, 1}}});
  const auto g = t::make_graph(spec);
  const auto classes = t::classify_channels(spec, g);
  CHECK(classes.names == std::vector<std::string>{"dimension 1", "dimension 2", "dimension 3"});
  std::vector<std::uint64_t> per_class(3, 0);
  for (auto c : classes.class_of) ++per_class[c];
  CHECK(per_class == std::vector<std::uint64_t>{108, 108, 108});  // 54 routers, 2 channels a dimension each
}

TEST_CASE("twisted torus: bad parameters are refused with the accepted range", "[twisted_torus][errors]") {
  using list = std::vector<std::uint64_t>;
  CHECK_THROWS_WITH(t::twisted_torus(list{}, list{}),
                    "twisted_torus: dims = (empty) is out of range (accepted: a list of 2 or 3 sizes, each at least 2)");
  CHECK_THROWS_WITH(t::twisted_torus(list{4}, list{}),
                    "twisted_torus: number of dims items = 1 is out of range (accepted: 2 to 3)");
  CHECK_THROWS_WITH(t::twisted_torus(list{4, 4, 4, 4}, list{0, 0, 0}),
                    "twisted_torus: number of dims items = 4 is out of range (accepted: 2 to 3)");
  CHECK_THROWS_WITH(t::twisted_torus({4, 1}, {0}), "twisted_torus: dims item = 1 is out of range (accepted: 2 to 4294967295)");
  CHECK_THROWS_WITH(t::twisted_torus({4, 4}, {0, 0, 0}),
                    "twisted_torus: number of twists items = 3 is out of range (accepted: 1 for 2 dims (t))");
  CHECK_THROWS_WITH(t::twisted_torus({4, 4, 4}, {0}),
                    "twisted_torus: number of twists items = 1 is out of range (accepted: 3 for 3 dims (t21,t31,t32))");
  CHECK_THROWS_WITH(t::twisted_torus({4, 4}, {4}),
                    "twisted_torus: twists item = 4 is out of range (accepted: 0 to 3 (t shifts dimension 1 of size 4))");
  CHECK_THROWS_WITH(t::twisted_torus({8, 4, 4}, {0, 0, 4}),
                    "twisted_torus: twists item = 4 is out of range (accepted: 0 to 3 (t32 shifts dimension 2 of size 4))");
  CHECK_THROWS_WITH(t::twisted_torus({8, 4, 4}, {0, 8, 0}),
                    "twisted_torus: twists item = 8 is out of range (accepted: 0 to 7 (t31 shifts dimension 1 of size 8))");
  CHECK_THROWS_WITH(t::twisted_torus({65536, 65536, 65536}, {0, 0, 0}),
                    "twisted_torus: dims = 65536,65536,65536 is out of range (accepted: product of the sizes at most "
                    "4294967295 for 32-bit vertex ids)");
  CHECK_THROWS_AS(t::twisted_torus<std::uint16_t>({256, 256}, {0}), std::invalid_argument);
  CHECK_THROWS_WITH(t::twisted_torus({65536, 65535}, {0}), Catch::Contains("memory"));
}

}  // namespace twisted_torus_test
