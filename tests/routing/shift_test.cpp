// Theorem 5.2 (shift routing), Theorem 5.3 (merge criterion) and Proposition 5.4
// on every ordered pair of small Kautz and de Bruijn digraphs, checked against a
// digraph built here by string manipulation and a directed BFS over it.
#include <catch2/catch.hpp>

#include <map>
#include <stdexcept>
#include <vector>

#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/python_random.hpp"
#include "shiftfly/metrics/paths/multicast.hpp"
#include "shiftfly/routing/label.hpp"
#include "shiftfly/routing/shift.hpp"

namespace shift_test {

using shiftfly::core::symbol;
namespace routing = shiftfly::routing;

namespace {

struct string_digraph {
  std::vector<std::vector<symbol>> labels;
  std::vector<std::vector<std::uint32_t>> arcs;
};

// The reference's generation order: extend every string by every admissible symbol in ascending order.
string_digraph build(bool kautz, unsigned d, unsigned D) {
  const unsigned a = kautz ? d + 1 : d;
  std::vector<std::vector<symbol>> out;
  for (unsigned s = 0; s < a; ++s) out.push_back({static_cast<symbol>(s)});
  for (unsigned len = 1; len < D; ++len) {
    std::vector<std::vector<symbol>> next;
    for (const auto& w : out)
      for (unsigned s = 0; s < a; ++s)
        if (!kautz || s != w.back()) {
          auto x = w;
          x.push_back(static_cast<symbol>(s));
          next.push_back(x);
        }
    out = next;
  }
  std::map<std::vector<symbol>, std::uint32_t> index;
  for (std::uint32_t i = 0; i < out.size(); ++i) index[out[i]] = i;
  string_digraph g;
  g.labels = out;
  for (const auto& w : out) {
    std::vector<std::uint32_t> succ;
    for (unsigned s = 0; s < a; ++s) {
      if (kautz && s == w.back()) continue;
      std::vector<symbol> x(w.begin() + 1, w.end());
      x.push_back(static_cast<symbol>(s));
      succ.push_back(index.at(x));
    }
    g.arcs.push_back(succ);
  }
  return g;
}

std::vector<int> bfs(const string_digraph& g, std::uint32_t s) {
  std::vector<int> dist(g.labels.size(), -1);
  std::vector<std::uint32_t> q{s};
  dist[s] = 0;
  for (std::size_t h = 0; h < q.size(); ++h)
    for (auto v : g.arcs[q[h]])
      if (dist[v] < 0) {
        dist[v] = dist[q[h]] + 1;
        q.push_back(v);
      }
  return dist;
}

bool is_arc(const string_digraph& g, std::uint64_t a, std::uint64_t b) {
  for (auto v : g.arcs[a])
    if (v == b) return true;
  return false;
}

const std::vector<std::pair<unsigned, unsigned>> sizes{{2, 2}, {2, 3}, {2, 4}, {2, 5}, {3, 2},
                                                        {3, 3}, {3, 4}, {4, 2}, {4, 3}};

}  // namespace

TEST_CASE("rank and unrank follow the generation order", "[routing][label]") {
  for (bool kautz : {true, false})
    for (auto [d, D] : sizes) {
      const auto g = build(kautz, d, D);
      const auto s = kautz ? routing::kautz_space(d, D) : routing::de_bruijn_space(d, D);
      REQUIRE(s.size == g.labels.size());
      for (std::uint64_t i = 0; i < s.size; ++i) {
        REQUIRE(routing::rank_label(s, g.labels[i]) == i);
        REQUIRE(routing::unrank_label(s, i) == g.labels[i]);
      }
    }
}

TEST_CASE("Theorem 5.2: the shift route is a shortest walk for every ordered pair", "[routing][shift]") {
  for (bool kautz : {true, false})
    for (auto [d, D] : sizes) {
      const auto g = build(kautz, d, D);
      const auto s = kautz ? routing::kautz_space(d, D) : routing::de_bruijn_space(d, D);
      for (std::uint32_t u = 0; u < g.labels.size(); ++u) {
        const auto dist = bfs(g, u);
        for (std::uint32_t v = 0; v < g.labels.size(); ++v) {
          const auto r = routing::route_shift(s, u, v);
          REQUIRE(r.path.front() == u);
          REQUIRE(r.path.back() == v);
          REQUIRE(r.hops + 1 == r.path.size());
          for (std::size_t t = 0; t + 1 < r.path.size(); ++t) REQUIRE(is_arc(g, r.path[t], r.path[t + 1]));
          REQUIRE(static_cast<int>(r.hops) == dist[v]);
          REQUIRE(routing::shift_distance(s, g.labels[u], g.labels[v]) == r.hops);
        }
      }
    }
}

TEST_CASE("Theorem 5.3: equal-overlap walks meet at step j iff the last D-j symbols agree", "[routing][merge]") {
  for (auto [d, D] : sizes) {
    const auto g = build(true, d, D);
    const auto s = routing::kautz_space(d, D);
    const std::size_t n = g.labels.size();
    std::size_t checked = 0;
    for (std::uint32_t v = 0; v < n; ++v) {
      std::vector<std::vector<std::vector<symbol>>> walks(n);
      for (std::uint32_t u = 0; u < n; ++u) walks[u] = routing::shift_walk_labels(s, g.labels[u], g.labels[v]);
      for (std::uint32_t u = 0; u < n; ++u)
        for (std::uint32_t w = u + 1; w < n; ++w) {
          if (walks[u].size() != walks[w].size()) continue;  // equal overlap <=> equal length
          const std::size_t lcs = routing::longest_common_suffix(g.labels[u], g.labels[w]);
          const std::size_t k = walks[u].size() - 1;
          std::size_t first = k + 1;
          for (std::size_t j = 0; j <= k; ++j) {
            const bool same = walks[u][j] == walks[w][j];
            REQUIRE(same == (lcs >= D - j));
            if (same && first > k) first = j;
          }
          REQUIRE(first == routing::shift_merge_step(s, g.labels[u], g.labels[w]));
          // the same step as metrics::merge_step measures on the two routes' vertex ids
          std::vector<std::uint64_t> pu, pw;
          for (const auto& x : walks[u]) pu.push_back(routing::rank_label(s, x));
          for (const auto& x : walks[w]) pw.push_back(routing::rank_label(s, x));
          REQUIRE(shiftfly::metrics::merge_step<std::uint64_t>(pu, pw) == static_cast<std::int64_t>(first));
          ++checked;
        }
    }
    REQUIRE(checked > 0);
  }
}

TEST_CASE("Proposition 5.4: exact E[lcs] under uniform labels", "[routing][lcs]") {
  for (bool kautz : {true, false})
    for (auto [d, D] : sizes) {
      const auto g = build(kautz, d, D);
      const auto s = kautz ? routing::kautz_space(d, D) : routing::de_bruijn_space(d, D);
      std::uint64_t total = 0;
      for (const auto& a : g.labels)
        for (const auto& b : g.labels) total += routing::longest_common_suffix(a, b);
      const auto e = routing::expected_lcs(s);
      const std::uint64_t pairs = s.size * s.size;
      // total / pairs == numerator / denominator, exactly
      REQUIRE(total * e.denominator == e.numerator * pairs);
      // distinct pairs: the diagonal (lcs = D each) left out
      const std::uint64_t distinct_total = total - s.size * D, distinct_pairs = s.size * (s.size - 1);
      REQUIRE(distinct_total * e.distinct_denominator == e.distinct_numerator * distinct_pairs);
    }
  const auto k20 = routing::expected_lcs(routing::kautz_space(20, 3));
  CHECK(k20.limit_large_D == Approx(20.0 / 399.0));
  CHECK(k20.paper_limit == Approx(1.0 / 19.0));
  CHECK(k20.value < k20.limit_large_D);
  CHECK((k20.numerator == 421 && k20.denominator == 8400));
  CHECK((k20.distinct_numerator == 418 && k20.distinct_denominator == 8399));  // 0.0498
  const auto b = routing::expected_lcs(routing::de_bruijn_space(20, 12));
  CHECK(b.value == Approx(1.0 / 19.0).epsilon(1e-12));
}

TEST_CASE("bad labels are refused with one line", "[routing][label]") {
  const auto s = routing::kautz_space(3, 3);
  auto refuses = [&](const char* text, const char* fragment) {
    try {
      routing::parse_label(text, s, "from");
      FAIL("accepted " << text);
    } catch (const std::invalid_argument& e) {
      const std::string m = e.what();
      CHECK(m.find('\n') == std::string::npos);
      CHECK(m.find(fragment) != std::string::npos);
      CHECK(m.find("from") != std::string::npos);
    }
  };
  refuses("0.0.1", "equal neighbours");
  refuses("0.4.1", "symbol 4");
  refuses("0.1", "2 symbols");
  refuses("0.1.2.3", "more than D");
  refuses("0..1", "empty symbol");
  refuses("0.x.1", "non-integer");
  refuses("", "empty");
  refuses("0.1.99999999999999999999999", "symbol");
  refuses("0.01.2", "non-integer symbol '01'");  // the library's one integer grammar: no leading zero
  CHECK(routing::parse_label("3.0.3", s, "to") == std::vector<symbol>{3, 0, 3});
  const auto b = routing::de_bruijn_space(2, 3);
  CHECK(routing::parse_label("0.0.1", b, "from") == std::vector<symbol>{0, 0, 1});
  CHECK_THROWS_AS(routing::parse_label("0.2.1", b, "from"), std::invalid_argument);
  CHECK_THROWS_AS(routing::route_shift(s, 0, s.size), std::invalid_argument);
  CHECK_THROWS_AS(routing::kautz_space(1, 3), std::invalid_argument);
  CHECK_THROWS_AS(routing::kautz_space(20, 64), std::invalid_argument);
  CHECK_THROWS_AS(routing::kautz_space(65535, 2), std::invalid_argument);
}

TEST_CASE("label parsing survives random text: a valid label or one line, never anything else", "[routing][label]") {
  shiftfly::core::python_random rng(2024);
  const std::string alphabet = "0123456789..x-";
  std::size_t accepted = 0;
  for (unsigned d : {2u, 3u, 9u})
    for (unsigned D : {1u, 2u, 3u, 5u}) {
      const auto s = routing::kautz_space(d, D);
      for (int t = 0; t < 3000; ++t) {
        std::string text;
        const auto len = rng.randrange(12);
        for (std::uint64_t i = 0; i < len; ++i) text += alphabet[rng.randrange(alphabet.size())];
        try {
          const auto lab = routing::parse_label(text, s, "from");
          REQUIRE(lab.size() == D);
          REQUIRE(routing::unrank_label(s, routing::rank_label(s, lab)) == lab);
          ++accepted;
        } catch (const std::invalid_argument& e) {
          REQUIRE(std::string(e.what()).find('\n') == std::string::npos);
        }
      }
    }
  CHECK(accepted > 0);
}

TEST_CASE("regression (label_fuzz): a control character in a label gives a one-line message", "[routing][label]") {
  // fuzz/label_fuzz.cpp found the label text echoed verbatim in the message
  const auto s = routing::kautz_space(12, 3);
  for (const std::string text : {std::string("\x1a"), std::string("0.1\n.2"), std::string("0.\r1.2"), std::string("1.2.\n")}) {
    try {
      (void)routing::parse_label(text, s, "from");
      FAIL("accepted " << text);
    } catch (const std::invalid_argument& e) {
      const std::string msg = e.what();
      INFO(msg);
      CHECK(msg.rfind("parse_label: from = '", 0) == 0);
      for (char c : msg) CHECK(static_cast<unsigned char>(c) >= 0x20);
    }
  }
}

}  // namespace shift_test
