// Check of include/shiftfly/mpi/distances.hpp, run under `mpirun -n K` (tests/mpi/tests.cmake):
// every distributed statistic equals the single-process one field for field (the
// histogram, and every figure derived from it, bit for bit), for batch widths 64 and
// 512 and 1 or 2 threads per rank, on random graphs and digraphs (connected or not), on
// graphs with fewer batches than ranks, and for the sampled sources; the batch shares
// tile the batches; a failure on one rank, or ranks holding different graphs, raise
// the same exception on every rank instead of hanging.
// Not a Catch2 program: every rank runs it; exit status 0 = all checks passed.
#include <mpi.h>

#include <cstdint>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include "shiftfly/core/python_random.hpp"
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/sampled_distances.hpp"
#include "shiftfly/mpi/distances.hpp"
#include "shiftfly/topology/imase_itoh.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/torus.hpp"
#include "test_graphs.hpp"

namespace {

namespace m = shiftfly::metrics;
namespace sm = shiftfly::mpi;
using graph = shiftfly::core::graph<std::uint32_t>;

int rank = 0, ranks = 1, failures = 0, checks = 0;

void expect(bool ok, const std::string& what) {
  ++checks;
  if (!ok) {
    ++failures;
    std::fprintf(stderr, "rank %d: FAILED: %s\n", rank, what.c_str());
  }
}

void expect_same(const m::distance_stats& a, const m::distance_stats& b, const std::string& what) {
  expect(a.n == b.n && a.directed == b.directed && a.exact == b.exact && a.sources == b.sources &&
             a.diameter == b.diameter && a.mean == b.mean && a.disconnected == b.disconnected &&
             a.total_distance == b.total_distance && a.pairs == b.pairs &&
             a.unreachable_pairs == b.unreachable_pairs && a.histogram == b.histogram,
         what);
}

// Two random graphs side by side (a disconnected one).
graph two_components(std::uint32_t a, std::uint32_t b, std::uint64_t seed) {
  const auto g1 = shiftfly::testing::gnp(a, 0.05, seed), g2 = shiftfly::testing::gnp(b, 0.08, seed + 1);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  for (std::uint32_t u = 0; u < a; ++u)
    for (auto v : g1.neighbors(u))
      if (u < v) edges.emplace_back(u, v);
  for (std::uint32_t u = 0; u < b; ++u)
    for (auto v : g2.neighbors(u))
      if (u < v) edges.emplace_back(a + u, a + v);
  return graph::from_edges(a + b, edges, "two components");
}

void check_graph(const graph& g, const std::string& name) {
  for (unsigned bits : {64U, 512U})
    for (unsigned threads : {1U, 2U}) {
      m::sweep_options o;
      o.batch_bits = bits;
      o.threads = threads;
      const std::string tag = name + " (batch_bits " + std::to_string(bits) + ", threads " + std::to_string(threads) + ")";
      expect_same(sm::all_pairs_stats(MPI_COMM_WORLD, g, o), m::all_pairs_stats(g, o), tag + ": undirected");
      if (g.has_arcs()) {
        expect_same(sm::all_pairs_stats_arcs(MPI_COMM_WORLD, g, o), m::all_pairs_stats_arcs(g, o), tag + ": arcs");
        expect_same(sm::all_pairs_stats(MPI_COMM_WORLD, g, m::traversal::arcs, o),
                    m::all_pairs_stats(g, m::traversal::arcs, o), tag + ": traversal::arcs");
      }
    }
  // The single-process result is itself checked against BFS from every vertex.
  expect_same(sm::all_pairs_stats(MPI_COMM_WORLD, g), m::all_pairs_stats_serial(g), name + ": serial verifier");
  // Sampled sources (repetitions kept), shared by batches too.
  for (std::size_t samples : {1UL, 100UL, 700UL}) {
    m::sweep_options o;
    o.batch_bits = 64;
    const auto how = g.has_arcs() ? m::traversal::arcs : m::traversal::undirected;
    expect_same(sm::sampled_stats(MPI_COMM_WORLD, g, samples, 5, how, o), m::sampled_stats(g, samples, 5, how, o),
                name + ": sampled " + std::to_string(samples));
  }
}

// Runs `f` on every rank and returns the message of the std::invalid_argument it throws
// ("" when it throws none; "other: ..." for another exception type).
template <class F>
std::string invalid_message(F&& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  } catch (const std::exception& e) {
    return std::string("other: ") + e.what();
  }
  return "";
}

void check_shares() {
  for (std::size_t sources : {0UL, 1UL, 63UL, 64UL, 65UL, 1000UL, 100000UL})
    for (unsigned bits : {64U, 512U})
      for (int p = 1; p <= 9; ++p) {
        std::size_t next_batch = 0, next_source = 0;
        bool ok = true;
        for (int r = 0; r < p; ++r) {
          const auto s = sm::share_of(sources, bits, r, p);
          ok = ok && s.batches == (sources + bits - 1) / bits && s.first_batch == next_batch &&
               s.first_source == next_source && s.last_batch >= s.first_batch &&
               s.last_batch - s.first_batch <= s.batches / static_cast<std::size_t>(p) + 1 &&
               s.first_source == std::min(sources, s.first_batch * bits);
          next_batch = s.last_batch;
          next_source = s.last_source;
        }
        expect(ok && next_batch == (sources + bits - 1) / bits && next_source == sources,
               "share_of tiles " + std::to_string(sources) + " sources over " + std::to_string(p) + " ranks");
      }
  expect(!invalid_message([] { (void)sm::share_of(10, 100, 0, 1); }).empty(), "share_of refuses batch_bits 100");
  expect(!invalid_message([] { (void)sm::share_of(10, 64, 2, 2); }).empty(), "share_of refuses rank 2 of 2");
}

void check_failures() {
  // No failure anywhere: returns.
  expect(invalid_message([] { sm::rethrow_first_failure(MPI_COMM_WORLD, nullptr); }).empty(), "no failure, no throw");
  // The last rank fails: every rank throws its exception type and message.
  const std::string msg = invalid_message([] {
    std::exception_ptr local;
    if (rank == ranks - 1) local = std::make_exception_ptr(std::invalid_argument("check: rank failed"));
    sm::rethrow_first_failure(MPI_COMM_WORLD, local);
  });
  expect(msg == "check: rank failed", "a failure on the last rank is raised on every rank (got '" + msg + "')");
  // Other exception types become std::runtime_error everywhere.
  bool runtime = false;
  try {
    std::exception_ptr local;
    if (rank == 0) local = std::make_exception_ptr(std::logic_error("check: logic"));
    sm::rethrow_first_failure(MPI_COMM_WORLD, local);
  } catch (const std::runtime_error& e) {
    runtime = std::string(e.what()) == "check: logic";
  } catch (...) {
  }
  expect(runtime, "a non-argument failure is a runtime_error on every rank");
  // Invalid input on every rank (an empty graph): the same one-line error everywhere.
  const std::string empty = invalid_message([] { (void)sm::all_pairs_stats(MPI_COMM_WORLD, graph{}); });
  expect(empty.rfind("mpi::all_pairs_stats:", 0) == 0, "empty graph refused (got '" + empty + "')");
  // Invalid options on one rank only: the others do not wait forever.
  const std::string opt = invalid_message([] {
    m::sweep_options o;
    if (rank == ranks - 1) o.batch_bits = 100;
    (void)sm::all_pairs_stats(MPI_COMM_WORLD, shiftfly::testing::cycle(10), o);
  });
  expect(opt.find("batch_bits") != std::string::npos, "bad options on one rank refused everywhere (got '" + opt + "')");
  // Different graphs on different ranks: refused everywhere.
  if (ranks > 1) {
    const std::string diff = invalid_message([] {
      (void)sm::all_pairs_stats(MPI_COMM_WORLD, shiftfly::testing::cycle(rank == 0 ? 10 : 11));
    });
    expect(diff.find("different graphs") != std::string::npos, "different graphs refused (got '" + diff + "')");
    const std::string same_n = invalid_message([] {
      (void)sm::all_pairs_stats(MPI_COMM_WORLD, rank == 0 ? shiftfly::testing::cycle(12) : shiftfly::testing::path(12));
    });
    expect(same_n.find("different graphs") != std::string::npos, "same n, different edges refused");
  }
  // A directed statistic of a graph without arcs.
  const std::string arcs = invalid_message([] { (void)sm::all_pairs_stats_arcs(MPI_COMM_WORLD, shiftfly::testing::cycle(10)); });
  expect(!arcs.empty() && arcs.rfind("other:", 0) != 0, "arcs of an undirected graph refused (got '" + arcs + "')");
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  try {
    check_shares();
    check_failures();
    check_graph(shiftfly::testing::path(1), "one vertex");
    check_graph(shiftfly::testing::petersen(), "Petersen");
    check_graph(shiftfly::topology::torus({6, 5, 4}), "torus 6x5x4");
    check_graph(two_components(300, 250, 3), "two random components");
    check_graph(shiftfly::topology::kautz(3, 4), "Kautz K(3,4)");
    check_graph(shiftfly::topology::imase_itoh(700, 3), "Imase-Itoh II(700,3)");
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      shiftfly::core::python_random rng(seed);
      const auto n = static_cast<std::uint32_t>(50 + rng.randrange(600));
      check_graph(shiftfly::testing::gnp(n, 3.0 / n, seed), "G(n,p) seed " + std::to_string(seed));
      check_graph(shiftfly::testing::random_digraph(n, 2, seed), "random digraph seed " + std::to_string(seed));
    }
  } catch (const std::exception& e) {
    ++failures;
    std::fprintf(stderr, "rank %d: FAILED with exception: %s\n", rank, e.what());
  }
  int all = failures;
  MPI_Allreduce(MPI_IN_PLACE, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) std::printf("mpi_distances_check: %d ranks, %d checks per rank, %d failures\n", ranks, checks, all);
  MPI_Finalize();
  return all == 0 ? 0 : 1;
}
