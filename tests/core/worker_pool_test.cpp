// The worker pool: every index and part runs exactly once, exceptions reach the
// caller, and a per-part computation combined in part order does not depend on the
// thread count (0 = every hardware thread, 1, or more threads than parts).
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "shiftfly/core/worker_pool.hpp"

namespace worker_pool_test {

namespace core = shiftfly::core;

namespace {
// Thread counts worth trying: every hardware thread, one, a few, and more than the parts.
const std::vector<unsigned> pool_thread_counts{0, 1, 2, 3, 7, 64};
}  // namespace

TEST_CASE("worker pool: 0 threads means every hardware thread", "[core][worker_pool]") {
  CHECK(core::resolve_threads(0) == std::max(1U, std::thread::hardware_concurrency()));
  CHECK(core::resolve_threads(1) == 1);
  CHECK(core::resolve_threads(5) == 5);
}

TEST_CASE("worker pool: blocks cover the range in order without overlap", "[core][worker_pool]") {
  for (std::size_t n : {0U, 1U, 2U, 7U, 64U, 1000U})
    for (std::size_t parts : {1U, 2U, 3U, 8U, 100U, 2000U}) {
      std::size_t at = 0, smallest = n, largest = 0;
      for (std::size_t p = 0; p < parts; ++p) {
        const auto r = core::block_range(n, p, parts);
        CHECK(r.begin == at);
        at = r.end;
        smallest = std::min(smallest, r.size());
        largest = std::max(largest, r.size());
      }
      CHECK(at == n);
      CHECK(largest - smallest <= 1);
    }
  // no overflow of n·part near the top of size_t
  const std::size_t big = ~std::size_t{0};
  CHECK(core::block_range(big, 2, 3).end == big);
  CHECK(core::block_range(big, 0, 3).end == big / 3);
}

TEST_CASE("worker pool: every worker, part and index runs exactly once", "[core][worker_pool]") {
  for (unsigned workers : {0U, 1U, 2U, 5U}) {
    std::vector<std::atomic<int>> seen(workers);
    core::run_workers(workers, [&](unsigned w) { ++seen[w]; });
    for (const auto& s : seen) CHECK(s.load() == 1);
  }
  for (unsigned threads : pool_thread_counts)
    for (std::size_t parts : {0U, 1U, 3U, 50U}) {
      std::vector<std::atomic<int>> seen(parts);
      core::for_each_part(parts, threads, [&](std::size_t p) { ++seen[p]; });
      for (const auto& s : seen) CHECK(s.load() == 1);
    }
  for (unsigned threads : pool_thread_counts)
    for (std::size_t parts : {1U, 4U, 33U}) {
      const std::size_t n = 1001;
      std::vector<std::atomic<int>> seen(n);
      std::vector<std::atomic<int>> part_seen(parts);
      std::vector<core::index_range> given(parts);  // Catch's assertions stay on this thread
      core::parallel_for(n, parts, threads, [&](std::size_t p, std::size_t lo, std::size_t hi) {
        ++part_seen[p];
        given[p] = {lo, hi};
        for (std::size_t i = lo; i < hi; ++i) ++seen[i];
      });
      for (const auto& s : seen) CHECK(s.load() == 1);
      for (const auto& s : part_seen) CHECK(s.load() == 1);
      for (std::size_t p = 0; p < parts; ++p) {
        CHECK(given[p].begin == core::block_range(n, p, parts).begin);
        CHECK(given[p].end == core::block_range(n, p, parts).end);
      }
    }
}

TEST_CASE("worker pool: exceptions of the workers reach the caller", "[core][worker_pool]") {
  for (unsigned threads : pool_thread_counts) {
    std::atomic<int> ran{0};
    CHECK_THROWS_WITH(core::parallel_for(100, 10, threads,
                                         [&](std::size_t p, std::size_t, std::size_t) {
                                           ++ran;
                                           if (p == 7) throw std::runtime_error("part 7");
                                         }),
                      "part 7");
    CHECK(ran.load() >= 1);
  }
  // several workers throw: the lowest worker index wins, and every worker was joined
  std::atomic<int> finished{0};
  CHECK_THROWS_WITH(core::run_workers(4,
                                      [&](unsigned w) {
                                        ++finished;
                                        if (w >= 1) throw std::invalid_argument("worker " + std::to_string(w));
                                      }),
                    "worker 1");
  CHECK(finished.load() == 4);
  CHECK_THROWS_AS(core::run_workers(1, [](unsigned) { throw std::out_of_range("alone"); }), std::out_of_range);
}

TEST_CASE("worker pool: per-part results combined in order do not depend on the thread count",
          "[core][worker_pool]") {
  // A floating-point sum per block, the blocks combined in block order: the same bits
  // whatever the number of threads, as long as the number of parts is fixed.
  const std::size_t n = 100000, parts = 16;
  std::vector<double> x(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = 1.0 / static_cast<double>(i + 1);
  auto sum = [&](unsigned threads) {
    std::vector<double> partial(parts, 0.0);
    core::parallel_for(n, parts, threads, [&](std::size_t p, std::size_t lo, std::size_t hi) {
      for (std::size_t i = lo; i < hi; ++i) partial[p] += x[i];
    });
    return std::accumulate(partial.begin(), partial.end(), 0.0);
  };
  const double one = sum(1);
  for (unsigned threads : pool_thread_counts) CHECK(sum(threads) == one);
  // per-index writes (a row each): identical output for any thread count
  auto rows = [&](unsigned threads) {
    std::vector<std::uint64_t> y(n);
    core::parallel_for(n, core::resolve_threads(threads), threads, [&](std::size_t, std::size_t lo, std::size_t hi) {
      for (std::size_t i = lo; i < hi; ++i) y[i] = i * i + 3;
    });
    return y;
  };
  const auto ref = rows(1);
  for (unsigned threads : pool_thread_counts) CHECK(rows(threads) == ref);
}

TEST_CASE("worker pool: a thread team runs every chunk once per call, many calls, and rethrows",
          "[core][worker_pool]") {
  for (unsigned threads : {1u, 2u, 3u, 5u}) {
    core::thread_team team(threads);
    REQUIRE(team.size() >= 1);
    REQUIRE(team.size() <= threads);
    const std::size_t chunks = 37;
    std::vector<std::atomic<std::uint64_t>> count(chunks);
    for (int call = 0; call < 500; ++call) team.run_chunks(chunks, [&](std::size_t c) { ++count[c]; });
    for (auto& c : count) CHECK(c.load() == 500);
    team.run_chunks(0, [&](std::size_t) { FAIL("no chunk to run"); });
    // The lowest chunk that throws wins, every other chunk still runs, and the team stays usable.
    CHECK_THROWS_WITH(team.run_chunks(chunks,
                                      [&](std::size_t c) {
                                        ++count[c];
                                        if (c % 5 == 3) throw std::out_of_range("chunk " + std::to_string(c));
                                      }),
                      "chunk 3");
    for (auto& c : count) CHECK(c.load() == 501);
    // Rows written by whichever thread claims their chunk: the same bits for any team size.
    std::vector<double> y(10000);
    team.run_chunks(100, [&](std::size_t c) {
      for (std::size_t i = c * 100; i < c * 100 + 100; ++i) y[i] = 1.0 / static_cast<double>(i + 1);
    });
    for (std::size_t i = 0; i < y.size(); ++i) REQUIRE(y[i] == 1.0 / static_cast<double>(i + 1));
  }
}

}  // namespace worker_pool_test
