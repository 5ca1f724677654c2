// core/huge_pages.hpp: the allocator of large arrays. What it promises whatever the kernel
// does with the advice: large buffers aligned to 2 MiB (a huge page can back them), small ones
// std::allocator's, sizes that overflow refused, and vectors that behave as vectors. Whether
// the kernel gave huge pages is the machine's choice (docs/performance.md, "Huge pages").
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <new>
#include <numeric>
#include <utility>
#include <vector>

#include "shiftfly/core/graph.hpp"
#include "shiftfly/core/huge_pages.hpp"

namespace huge_pages_test {

namespace huge_pages_tests {

using shiftfly::core::huge_page_allocator;
using shiftfly::core::huge_page_bytes;
using shiftfly::core::huge_page_threshold;
using shiftfly::core::huge_vector;

bool aligned_to(const void* p, std::size_t a) { return reinterpret_cast<std::uintptr_t>(p) % a == 0; }

TEST_CASE("huge_page_allocator: large buffers on 2 MiB boundaries, small ones as std::allocator's", "[core][huge_pages]") {
  CHECK(huge_page_bytes == 2u * 1024 * 1024);
  CHECK(huge_page_threshold == huge_page_bytes / 2);
  huge_page_allocator<double> a;
  for (const std::size_t bytes : {huge_page_threshold, huge_page_bytes, 3 * huge_page_bytes + 8, 5 * huge_page_bytes}) {
    const std::size_t n = bytes / sizeof(double);
    double* p = a.allocate(n);
    CHECK(aligned_to(p, huge_page_bytes));
    // every byte is the caller's: written at both ends
    p[0] = 1.0;
    p[n - 1] = 2.0;
    CHECK(p[0] + p[n - 1] == 3.0);
    a.deallocate(p, n);
  }
  // below the threshold: std::allocator's alignment (16 bytes for doubles here, as Eigen needs)
  const std::size_t small = huge_page_threshold / sizeof(double) - 1;
  double* q = a.allocate(small);
  CHECK(aligned_to(q, alignof(std::max_align_t)));
  a.deallocate(q, small);
  // a count whose bytes overflow is refused, not wrapped
  CHECK_THROWS_AS(a.allocate(std::numeric_limits<std::size_t>::max() / 4), std::bad_array_new_length);
  huge_page_allocator<char> c;
  CHECK_THROWS_AS(c.allocate(std::numeric_limits<std::size_t>::max() - 16), std::bad_alloc);
  // stateless: any instance frees what another allocated, of any type
  CHECK(a == huge_page_allocator<int>());
}

TEST_CASE("huge_vector: a vector like any other across the threshold", "[core][huge_pages]") {
  huge_vector<std::uint32_t> v;
  std::vector<std::uint32_t> plain;
  // grows through the threshold (reallocations from std::allocator's buffers to huge ones)
  for (std::uint32_t i = 0; i < 700000; ++i) {
    v.push_back(i * 2654435761u);
    plain.push_back(i * 2654435761u);
  }
  CHECK(v.size() * sizeof(std::uint32_t) > huge_page_bytes);
  CHECK(aligned_to(v.data(), huge_page_bytes));
  CHECK(std::equal(v.begin(), v.end(), plain.begin(), plain.end()));
  huge_vector<std::uint32_t> moved = std::move(v);
  CHECK(moved.size() == plain.size());
  huge_vector<std::uint32_t> copy = moved;
  CHECK(copy == moved);
  copy.resize(10);
  copy.shrink_to_fit();
  CHECK(copy.size() == 10);
  CHECK(std::equal(copy.begin(), copy.end(), plain.begin()));
}

TEST_CASE("a graph built on huge pages: rows sorted in place, repeats and loops dropped", "[core][huge_pages][graph]") {
  // build_undirected's in-place pass: rows in order are kept, rows out of order sorted, repeats
  // removed and the rows after them moved up; large enough that the arrays pass the threshold
  const std::uint32_t n = 200000;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  for (std::uint32_t u = 0; u < n; ++u) {
    edges.emplace_back(u, (u + 1) % n);
    edges.emplace_back(u, (u + 7) % n);
  }
  for (std::uint32_t u = 0; u < n; u += 3) edges.emplace_back((u + 1) % n, u);  // a repeat, reversed
  edges.emplace_back(5, 5);                                                      // a loop
  const auto g = shiftfly::core::graph<std::uint32_t>::from_edges(n, edges);
  CHECK(g.num_edges() == 2 * static_cast<std::size_t>(n));
  CHECK(aligned_to(g.targets().data(), huge_page_bytes));
  for (std::uint32_t u = 0; u < n; ++u) {
    std::vector<std::uint32_t> want{(u + 1) % n, (u + 7) % n, (u + n - 1) % n, (u + n - 7) % n};
    std::sort(want.begin(), want.end());
    const auto got = g.neighbors(u);
    REQUIRE(std::vector<std::uint32_t>(got.begin(), got.end()) == want);
  }
}

}  // namespace huge_pages_tests

}  // namespace huge_pages_test
