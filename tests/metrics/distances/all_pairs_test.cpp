// Tests of metrics/distances/all_pairs.hpp: the bit-parallel sweeps equal BFS from every vertex.
#include <catch2/catch.hpp>

#include <span>
#include <stdexcept>
#include <vector>

#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/topology/families.hpp"
#include "shiftfly/topology/family.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "test_graphs.hpp"

namespace all_pairs_test {

using namespace shiftfly;

namespace {
void check_same(const metrics::distance_stats& a, const metrics::distance_stats& b) {
  CHECK(a.histogram == b.histogram);
  CHECK(a.diameter == b.diameter);
  CHECK(a.mean == b.mean);
  CHECK(a.disconnected == b.disconnected);
  CHECK(a.pairs == b.pairs);
  CHECK(a.unreachable_pairs == b.unreachable_pairs);
  CHECK(a.exact);
  CHECK(b.exact);
}
}  // namespace

TEST_CASE("all_pairs: closed forms") {
  const auto c = metrics::all_pairs_stats(testing::cycle(11));
  CHECK(c.diameter == 5);
  CHECK(c.mean == Approx(30.0 / 10.0));
  const auto k = metrics::all_pairs_stats(testing::complete(9));
  CHECK(k.diameter == 1);
  CHECK(k.mean == 1.0);
  const auto p = metrics::all_pairs_stats(testing::petersen());
  CHECK(p.diameter == 2);
  CHECK(p.mean == 15.0 / 9.0);
  CHECK(p.histogram == std::vector<std::uint64_t>{10, 30, 60});
  const auto one = metrics::all_pairs_stats(testing::path(1));
  CHECK(one.diameter == 0);
  CHECK(one.mean == 0.0);
  CHECK_FALSE(one.disconnected);
}

TEST_CASE("all_pairs: equals BFS from every vertex on random graphs, any threads and width") {
  int graphs = 0;
  for (std::uint64_t seed = 1; seed <= 160; ++seed) {
    core::python_random rng(seed * 7919);
    const auto n = static_cast<std::uint32_t>(1 + rng.randrange(150));
    const double p = 0.5 * rng.random() * rng.random();
    const auto g = testing::gnp(n, p, seed);
    const auto serial = metrics::all_pairs_stats_serial(g);
    for (unsigned threads : {1u, 2u})
      for (unsigned bits : {64u, 512u}) {
        metrics::sweep_options o;
        o.threads = threads;
        o.batch_bits = bits;
        check_same(metrics::all_pairs_stats(g, o), serial);
      }
    ++graphs;
  }
  for (std::uint64_t seed = 1; seed <= 160; ++seed) {
    core::python_random rng(seed * 104729);
    const auto n = static_cast<std::uint32_t>(1 + rng.randrange(150));
    const auto out = static_cast<std::uint32_t>(1 + rng.randrange(4));
    const auto g = testing::random_digraph(n, out, seed);
    const auto serial = metrics::all_pairs_stats_serial(g, metrics::traversal::arcs);
    CHECK(serial.directed);
    for (unsigned threads : {1u, 2u})
      for (unsigned bits : {64u, 128u, 256u}) {
        metrics::sweep_options o;
        o.threads = threads;
        o.batch_bits = bits;
        const auto s = metrics::all_pairs_stats(g, metrics::traversal::arcs, o);
        CHECK(s.directed);
        check_same(s, serial);
      }
    check_same(metrics::all_pairs_stats(g), metrics::all_pairs_stats_serial(g));
    ++graphs;
  }
  CHECK(graphs == 320);
}

namespace {
// One batch of `sources` through the generic kernel and through the AVX2 one (when the
// processor has it): the histograms must be equal.
template <int W>
void check_kernels_agree(const metrics::detail::sweep_graph& sg, std::span<const std::uint32_t> sources) {
  metrics::detail::workspace<W> ws(sg.pull.n);
  const metrics::detail::shared_rows plain_rows;
  metrics::detail::sweep_counts generic;
  metrics::detail::sweep_batch_generic<W>(sg, plain_rows, sources, ws, generic);
  // Every kernel, with the plain rows and with the rows factored through shared sets
  // (detail/shared_rows.hpp), gives the generic kernel's levels on the plain rows.
  const auto factored = metrics::detail::factor_pull_rows(sg);
  for (const auto* rows : {&plain_rows, &factored}) {
    std::vector<metrics::detail::batch_kernel<W>> kernels{&metrics::detail::sweep_batch_generic<W>};
#ifdef SHIFTFLY_METRICS_DISPATCH
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) kernels.push_back(&metrics::detail::sweep_batch_avx2<W>);
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl")) {
      kernels.push_back(&metrics::detail::sweep_batch_avx512<W>);
      if (__builtin_cpu_supports("avx512vpopcntdq")) kernels.push_back(&metrics::detail::sweep_batch_avx512_popcount<W>);
    }
#endif
    for (const auto kernel : kernels) {
      metrics::detail::sweep_counts counts;
      kernel(sg, *rows, sources, ws, counts);
      CHECK(counts.histogram == generic.histogram);
    }
  }
  std::uint64_t pairs = 0;
  for (auto c : generic.histogram) pairs += c;
  CHECK(pairs <= sources.size() * sg.pull.n);
}

template <int W>
void check_kernels_agree_on(const metrics::detail::sweep_graph& sg, core::python_random& rng) {
  const std::size_t n = sg.pull.n;
  // Batches of every fill: one source, a partial last word, a full block (repeats allowed).
  for (std::size_t size : {std::size_t{1}, std::size_t{63}, std::size_t{65}, std::size_t{64 * W - 1}, std::size_t{64 * W}}) {
    std::vector<std::uint32_t> sources(size);
    for (auto& s : sources) s = static_cast<std::uint32_t>(rng.randrange(n));
    check_kernels_agree<W>(sg, sources);
  }
}
}  // namespace

TEST_CASE("all_pairs: the AVX2 and AVX-512 sweeps equal the generic one, batch by batch, with and without shared rows") {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    core::python_random rng(seed * 31337);
    const auto n = static_cast<std::uint32_t>(2 + rng.randrange(300));
    const double p = 0.2 * rng.random() * rng.random();
    const auto u = metrics::detail::undirected_sweep_graph(testing::gnp(n, p, seed));
    const auto a = metrics::detail::arc_sweep_graph(testing::random_digraph(n, 1 + seed % 3, seed), true);
    CHECK_FALSE(a.symmetric);
    check_kernels_agree_on<4>(u, rng);
    check_kernels_agree_on<8>(u, rng);
    check_kernels_agree_on<4>(a, rng);
    check_kernels_agree_on<8>(a, rng);
  }
  // Long rows: the pull scan's early stop (a group of neighbours at a time) is taken.
  const auto k = metrics::detail::undirected_sweep_graph(testing::complete(200));
  core::python_random rng(5);
  check_kernels_agree_on<8>(k, rng);
  check_kernels_agree_on<4>(k, rng);
  // Graphs whose rows factor through shared sets (detail/shared_rows.hpp): Boardfly's groups,
  // Imase-Itoh's blocks, undirected and along the arcs.
  for (const auto& sg : {metrics::detail::undirected_sweep_graph(topology::boardfly_group_level(720)),
                         metrics::detail::undirected_sweep_graph(topology::shiftfly_group_level(1000)),
                         metrics::detail::arc_sweep_graph(topology::shiftfly_group_level(1000), true)}) {
    check_kernels_agree_on<8>(sg, rng);
    check_kernels_agree_on<4>(sg, rng);
  }
  CHECK(metrics::detail::factor_pull_rows(metrics::detail::undirected_sweep_graph(topology::boardfly_group_level(720))).used);
  CHECK(metrics::detail::factor_pull_rows(metrics::detail::undirected_sweep_graph(topology::shiftfly_group_level(1000))).used);
}

TEST_CASE("all_pairs: equals the reference's exact distance_stats (fixture)") {
  int seen = 0;
  for (const auto& r : testing::reference_lines()) {
    if (r.key != "exact") continue;
    const auto s = metrics::all_pairs_stats(testing::gnp(r.n, r.p, r.seed));
    CHECK(s.diameter == std::stoul(r.values[0]));
    CHECK(s.mean == std::stod(r.values[1]));
    CHECK(s.disconnected == (r.values[2] == "1"));
    ++seen;
  }
  CHECK(seen == 4);
}

TEST_CASE("all_pairs: every topology family at small sizes") {
  // every family of the registry at its example, and a few more sizes and levels
  std::vector<topology::family_spec> fams;
  for (const auto* f : topology::families()) fams.push_back({f->name, f->example});
  REQUIRE(fams.size() == topology::families().size());
  fams.insert(fams.end(), {
      topology::torus_spec{{3, 4, 5}},
      topology::kautz_spec{3, 3},
      topology::de_bruijn_spec{2, 6},
      topology::generalized_de_bruijn_spec{50, 3},
      topology::imase_itoh_spec{47, 3},
      topology::boardfly_spec{.groups = 36},
      topology::boardfly_spec{.groups = 144},
      topology::boardfly_spec{.groups = 2, .level = topology::level::chip},
      topology::shiftfly_spec{.groups = 144},
  });
  for (const auto& f : fams) {
    const auto g = topology::make_graph(f);
    INFO(g.name());
    metrics::sweep_options two;
    two.threads = 2;
    check_same(metrics::all_pairs_stats(g, two), metrics::all_pairs_stats_serial(g));
    if (g.has_arcs())
      check_same(metrics::all_pairs_stats(g, metrics::traversal::arcs, two),
                 metrics::all_pairs_stats_serial(g, metrics::traversal::arcs));
  }
}

TEST_CASE("all_pairs: an exception in a worker reaches the caller, any threads") {
  // K(3,4): 108 vertices, two batches of 64 sources
  const auto g = topology::make_graph(topology::kautz_spec{3, 4});
  for (unsigned threads : {0u, 1u, 2u, 3u}) {
    metrics::sweep_options o;
    o.threads = threads;
    o.batch_bits = 64;
    o.progress = [](std::size_t done, std::size_t) {
      if (done == 1) throw std::runtime_error("stop after one batch");
    };
    CHECK_THROWS_WITH(metrics::all_pairs_stats(g, o), "stop after one batch");
  }
}

TEST_CASE("all_pairs: bad input") {
  metrics::sweep_options o;
  o.batch_bits = 100;
  CHECK_THROWS_AS(metrics::all_pairs_stats(testing::cycle(5), o), std::invalid_argument);
  o.batch_bits = 64;
  o.threads = 5000;
  CHECK_THROWS_AS(metrics::all_pairs_stats(testing::cycle(5), o), std::invalid_argument);
  CHECK_THROWS_AS(metrics::all_pairs_stats(testing::graph{}), std::invalid_argument);
  CHECK_THROWS_AS(metrics::all_pairs_stats_arcs(testing::cycle(5)), std::invalid_argument);
}

}  // namespace all_pairs_test
