// Every family's channel classifier (family_descriptor::classify, topology/link_classes.hpp):
// the class of every channel checked against the family's definition, recomputed here from
// the numbering, and the count of every class against its closed form; the registry's
// classifiers and routing lists.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "shiftfly/core/error.hpp"
#include "shiftfly/topology/family.hpp"

namespace link_classes_test {

namespace t = shiftfly::topology;

namespace {

/// Channels per class name, and the class of every channel u -> v as its name.
struct classified {
  std::map<std::string, std::uint64_t> count;
  std::vector<std::pair<std::pair<std::uint32_t, std::uint32_t>, std::string>> channels;
};

classified classify(const t::family_spec& spec) {
  const auto g = t::make_graph(spec);
  const auto c = t::classify_channels(spec, g);
  REQUIRE(c.class_of.size() == g.targets().size());
  classified out;
  for (const auto& name : c.names) out.count[name] = 0;
  CHECK(out.count.size() == c.names.size());  // distinct names
  for (std::uint32_t u = 0; u < g.num_vertices(); ++u)
    for (auto k = g.offsets()[u]; k < g.offsets()[u + 1]; ++k) {
      REQUIRE(c.class_of[k] < c.names.size());
      const auto& name = c.names[c.class_of[k]];
      ++out.count[name];
      out.channels.push_back({{u, g.targets()[k]}, name});
    }
  for (const auto& [name, n] : out.count) CHECK(n > 0);  // no empty class is listed
  return out;
}

std::map<std::string, std::uint64_t> counts(std::initializer_list<std::pair<const std::string, std::uint64_t>> l) {
  return std::map<std::string, std::uint64_t>(l);
}

}  // namespace

TEST_CASE("link classes: torus and HyperX by dimension", "[link_classes]") {
  // torus: a dimension of size k > 2 has 2n channels (+ and -), one of size 2 has n (one link a pair)
  const auto torus = classify(t::torus_spec{{3, 4, 2}});
  CHECK(torus.count == counts({{"dimension 1", 48}, {"dimension 2", 48}, {"dimension 3", 24}}));
  const std::vector<std::uint64_t> dims{3, 4, 2};
  for (const auto& [uv, name] : torus.channels) {
    std::uint64_t a = uv.first, b = uv.second, differing = 0, which = 0;
    for (std::size_t i = 0; i < dims.size(); ++i) {
      if (a % dims[i] != b % dims[i]) ++differing, which = i + 1;
      a /= dims[i];
      b /= dims[i];
    }
    CHECK(differing == 1);
    CHECK(name == "dimension " + std::to_string(which));
  }
  // HyperX: n (S_i - 1) channels in dimension i
  const auto hx = classify(t::hyperx_spec{{3, 2, 4}});
  CHECK(hx.count == counts({{"dimension 1", 48}, {"dimension 2", 24}, {"dimension 3", 72}}));
  CHECK(classify(t::hyperx_spec{{5}}).count == counts({{"dimension 1", 20}}));
}

TEST_CASE("link classes: Dragonfly local and global", "[link_classes]") {
  // local: g a (a - 1) channels; global: 2 m g (g - 1)/2 with m = floor(a h / (g - 1))
  for (const auto& [a, h, g] : std::vector<std::array<std::uint64_t, 3>>{{4, 2, 9}, {4, 2, 5}, {2, 2, 4}, {3, 4, 7}}) {
    CAPTURE(a, h, g);
    const std::uint64_t m = a * h / (g - 1);
    const auto c = classify(t::dragonfly_spec{a, h, g});
    CHECK(c.count == counts({{"local", g * a * (a - 1)}, {"global", m * g * (g - 1)}}));
    for (const auto& [uv, name] : c.channels) CHECK(name == (uv.first / a == uv.second / a ? "local" : "global"));
  }
  // a = 1: every link is global, and the class list says so
  CHECK(classify(t::dragonfly_spec{1, 3, 4}).count == counts({{"global", 12}}));
}

TEST_CASE("link classes: Slim Fly intra- and inter-subgraph", "[link_classes]") {
  // every router has (q - delta)/2 neighbours in its own subgraph and q in the other
  for (const auto& [q, delta] : std::vector<std::pair<std::uint64_t, int>>{{3, -1}, {4, 0}, {5, 1}, {7, -1}}) {
    CAPTURE(q);
    const std::uint64_t n = 2 * q * q;
    const auto c = classify(t::slimfly_spec{q});
    CHECK(c.count == counts({{"intra-subgraph", n * static_cast<std::uint64_t>(static_cast<int>(q) - delta) / 2},
                             {"inter-subgraph", n * q}}));
    for (const auto& [uv, name] : c.channels)
      CHECK(name == ((uv.first < q * q) == (uv.second < q * q) ? "intra-subgraph" : "inter-subgraph"));
  }
}

TEST_CASE("link classes: Boardfly board, intra-pod and inter-pod", "[link_classes]") {
  // one pod at chip level: each group 8 blocks of K4 (6 links) and 28 copper links, 152
  // channels; the 36 groups pairwise joined once, 36 * 35 channels; no inter-pod class
  CHECK(classify(t::boardfly_spec{.groups = 36, .level = t::level::chip}).count ==
        counts({{"board", 36 * 152}, {"intra-pod", 36 * 35}}));
  CHECK(classify(t::boardfly_spec{.groups = 5}).count == counts({{"intra-pod", 20}}));
  // two pods: the inter-pod links are the reference's distinct group pairs
  const auto inter = t::boardfly_inter_pod_links(72, 7);
  std::set<std::pair<std::uint64_t, std::uint64_t>> pairs;
  for (auto [a, b] : inter) pairs.insert({std::min(a, b), std::max(a, b)});
  CHECK(classify(t::boardfly_spec{.groups = 72}).count ==
        counts({{"intra-pod", 2 * 36 * 35}, {"inter-pod", 2 * pairs.size()}}));
  const auto chips = classify(t::boardfly_spec{.groups = 72, .level = t::level::chip});
  CHECK(chips.count.at("board") == 72 * 152);
  CHECK(chips.count.at("intra-pod") == 2 * 36 * 35);
  CHECK(chips.count.at("inter-pod") == 2 * inter.size());  // repeated group pairs use other slots, other chips
  for (const auto& [uv, name] : chips.channels) {
    const auto ga = uv.first / 32, gb = uv.second / 32;
    CHECK(name == (ga == gb ? "board" : ga / 36 == gb / 36 ? "intra-pod" : "inter-pod"));
  }
}

TEST_CASE("link classes: Shiftfly board and global", "[link_classes]") {
  // group level: every channel is global
  const t::shiftfly_spec group{.groups = 10, .ports = 6};
  const auto top = t::make_graph(group);
  std::uint64_t physical = 0;  // channels of the group-level physical graph, loops aside
  for (std::uint32_t u = 0; u < top.num_vertices(); ++u)
    for (auto v : top.neighbors(u)) physical += v != u;
  const auto gc = classify(group);
  CHECK(gc.count.size() == 1);
  CHECK(gc.count.at("global") == top.targets().size());
  // chip level: 152 board channels a group, and one global link for each group-level link
  auto chip = group;
  chip.level = t::level::chip;
  const auto cc = classify(chip);
  CHECK(cc.count == counts({{"board", 10 * 152}, {"global", physical}}));
  for (const auto& [uv, name] : cc.channels) CHECK(name == (uv.first / 32 == uv.second / 32 ? "board" : "global"));
  // the Kautz construction has K(3, 2)'s 12 groups for 10 asked: the classifier counts them too
  const t::shiftfly_spec kautz{.groups = 10, .ports = 6, .construction = t::shiftfly_construction::kautz,
                               .level = t::level::chip};
  const auto kc = classify(kautz);
  CHECK(kc.count.at("board") == 12 * 152);
  CHECK(kc.count.at("board") + kc.count.at("global") == t::make_graph(kautz).targets().size());
}

TEST_CASE("link classes: fat tree and XGFT up and down by level", "[link_classes]") {
  // k-ary fat tree: k pods of (k/2)^2 edge-aggregation links, (k/2)^2 cores of k links each
  for (std::uint64_t k : {2u, 4u, 6u}) {
    CAPTURE(k);
    const std::uint64_t links = k * k * k / 4;
    const auto c = classify(t::fat_tree_spec{k});
    CHECK(c.count == counts({{"edge-aggregation up", links},
                             {"edge-aggregation down", links},
                             {"aggregation-core up", links},
                             {"aggregation-core down", links}}));
    for (const auto& [uv, name] : c.channels) {
      const auto tier = [&](std::uint64_t x) { return static_cast<int>(t::fat_tree_tier_of(k, x)); };
      const int a = tier(uv.first), b = tier(uv.second);
      CHECK(std::abs(a - b) == 1);
      CHECK(name == std::string(std::min(a, b) == 0 ? "edge-aggregation" : "aggregation-core") + (a < b ? " up" : " down"));
    }
  }
  // XGFT(3; 2,3,2; 1,2,3): levels of 6, 4 and 6 switches; level l has (size l) w_{l+1} links up
  const std::vector<std::uint64_t> m{2, 3, 2}, w{1, 2, 3};
  const auto x = classify(t::xgft_spec{m, w});
  CHECK(x.count == counts({{"up 1", 12}, {"up 2", 12}, {"down 1", 12}, {"down 2", 12}}));
  for (const auto& [uv, name] : x.channels) {
    const auto la = t::xgft_level_of(m, w, uv.first), lb = t::xgft_level_of(m, w, uv.second);
    CHECK((la + 1 == lb || lb + 1 == la));
    CHECK(name == (la < lb ? "up " : "down ") + std::to_string(std::min(la, lb)));
  }
  // the fat tree is the XGFT(3; k/2, k/2, k; 1, k/2, k/2), class for class
  CHECK(classify(t::xgft_spec{{2, 2, 4}, {1, 2, 2}}).count ==
        counts({{"up 1", 16}, {"up 2", 16}, {"down 1", 16}, {"down 2", 16}}));
  // one level: no switch links, no class
  CHECK(classify(t::xgft_spec{{4}, {1}}).count.empty());
}

TEST_CASE("link classes: the one-class families", "[link_classes]") {
  const std::vector<std::pair<t::family_spec, std::string>> cases{
      {t::kautz_spec{3, 3}, "arc"},           {t::de_bruijn_spec{2, 4}, "arc"},
      {t::generalized_de_bruijn_spec{30, 3}, "arc"}, {t::imase_itoh_spec{30, 3}, "arc"},
      {t::polarfly_spec{5}, "polarity"},      {t::family_spec{"jellyfish", {{"routers", std::uint64_t{20}}, {"degree", std::uint64_t{4}}}}, "random"},
      {t::family_spec{"spectralfly", t::find_family("spectralfly")->example}, "cayley"}};
  for (const auto& [spec, name] : cases) {
    CAPTURE(spec.family);
    const auto g = t::make_graph(spec);
    CHECK(classify(spec).count == counts({{name, g.targets().size()}}));
  }
}

TEST_CASE("link classes: every family classifies its channels and lists the routings it runs", "[link_classes][descriptor]") {
  const std::vector<std::string> everywhere{"minimal", "ecmp", "spread", "valiant", "ksp"};
  const std::set<std::string> dor{"torus", "hyperx", "tofu"}, shift{"kautz", "de-bruijn", "imase-itoh", "shiftfly"};
  for (const auto* f : t::families()) {
    CAPTURE(f->name);
    REQUIRE(f->classify);
    const t::family_spec example{f->name, f->example};
    const auto g = t::make_graph(example);
    const auto c = t::classify_channels(example, g);
    CHECK(c.class_of.size() == g.targets().size());
    // every instance class is a static class, or a static class and its parameter ("dimension 2")
    for (const auto& name : c.names) {
      CAPTURE(name);
      CHECK(std::any_of(f->link_classes.begin(), f->link_classes.end(), [&](const std::string& s) {
        return name == s || name.rfind(s + " ", 0) == 0;
      }));
    }
    const auto has = [&](const std::string& r) { return std::find(f->routings.begin(), f->routings.end(), r) != f->routings.end(); };
    for (const auto& r : everywhere) CHECK(has(r));
    CHECK(has("dor") == dor.contains(f->name));
    CHECK(has("shift") == shift.contains(f->name));
    CHECK(f->routings.size() == everywhere.size() + has("dor") + has("shift"));
  }
  // a graph that is not the spec's is refused, not misread
  CHECK_THROWS_AS(t::classify_channels(t::torus_spec{{3, 3}}, t::make_graph(t::torus_spec{{4, 4}})),
                  shiftfly::core::invalid_parameter);
}

}  // namespace link_classes_test
