// Resource bounds: requests that cannot fit in memory are
// refused before anything large is allocated, with the estimate in the message.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "shiftfly/core/memory.hpp"
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/topology/boardfly.hpp"
#include "shiftfly/topology/de_bruijn.hpp"
#include "shiftfly/topology/imase_itoh.hpp"
#include "shiftfly/topology/kautz.hpp"
#include "shiftfly/topology/shiftfly.hpp"
#include "shiftfly/topology/torus.hpp"

namespace memory_test {

namespace core = shiftfly::core;
namespace topo = shiftfly::topology;

namespace {
// Sets SHIFTFLY_MEMORY_LIMIT for the scope of one check.
struct memory_limit {
  explicit memory_limit(const char* value) { ::setenv("SHIFTFLY_MEMORY_LIMIT", value, 1); }
  ~memory_limit() { ::unsetenv("SHIFTFLY_MEMORY_LIMIT"); }
};

// The refusal is one line quoting the estimate and the limit.
std::string refusal(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return {};
}
}  // namespace

TEST_CASE("byte counts parse with binary suffixes and refuse anything else", "[core][memory]") {
  CHECK(core::parse_bytes("4096", "limit") == 4096);
  CHECK(core::parse_bytes("2K", "limit") == 2048);
  CHECK(core::parse_bytes("3M", "limit") == 3ULL << 20);
  CHECK(core::parse_bytes("24G", "limit") == 24ULL << 30);
  CHECK(core::parse_bytes("1t", "limit") == 1ULL << 40);
  for (const char* bad : {"", "0", "G", "-1G", "1.5G", "1GB", "12x", "99999999999999999999", "16777216T", " 1G"}) {
    INFO(bad);
    CHECK_THROWS_WITH(core::parse_bytes(bad, "limit"), Catch::Contains("limit = '") && Catch::Contains("accepted"));
  }
  CHECK(core::format_bytes(512) == "512 B");
  CHECK(core::format_bytes(1536) == "1.5 KiB");
  CHECK(core::format_bytes(3ULL << 30) == "3.0 GiB");
}

TEST_CASE("the limit comes from the environment, else from the machine", "[core][memory]") {
  ::unsetenv("SHIFTFLY_MEMORY_LIMIT");
  const auto machine = core::available_memory();
  CHECK(machine > (64ULL << 20));  // any machine that runs the suite has this much
  {
    memory_limit limit("1M");
    CHECK(core::available_memory() == (1ULL << 20));
    CHECK_NOTHROW(core::require_memory("f", "a request", 1ULL << 20));
    const auto msg = refusal([] { core::require_memory("f", "a request", (1ULL << 20) + 1); });
    CHECK(msg == "f: a request would need about 1.0 MiB of memory, more than the 1.0 MiB available; refused before "
                 "allocating (set SHIFTFLY_MEMORY_LIMIT to change the limit)");
  }
  {
    memory_limit limit("lots");
    CHECK_THROWS_WITH(core::available_memory(), Catch::Contains("SHIFTFLY_MEMORY_LIMIT = 'lots'"));
  }
  CHECK(core::estimate_add_mul(1, ~0ULL, 2) == ~0ULL);  // saturates instead of wrapping
}

TEST_CASE("graph builders refuse up front what does not fit", "[core][memory]") {
  // A 10^9-vertex torus needs tens of GiB before the all-pairs sweep even starts:
  // refused on any machine below that, without allocating.
  const auto big = refusal([] { (void)topo::torus({1000, 1000, 1000}); });
  if (core::available_memory() < (40ULL << 30)) {
    CHECK_THAT(big, Catch::StartsWith("torus: the graph (1000000000 vertices, 3000000000 edges) would need about"));
  }
  memory_limit limit("1M");
  // Each family: a graph just under the limit builds, one over it is refused naming the builder.
  CHECK_NOTHROW(topo::torus({16, 16}));
  CHECK_THAT(refusal([] { (void)topo::torus({256, 256}); }), Catch::StartsWith("torus: the graph (65536 vertices"));
  CHECK_NOTHROW(topo::kautz(2, 6));
  CHECK_THAT(refusal([] { (void)topo::kautz(4, 9); }), Catch::StartsWith("kautz: the graph ("));
  CHECK_NOTHROW(topo::de_bruijn(2, 8));
  CHECK_THAT(refusal([] { (void)topo::de_bruijn(2, 18); }), Catch::StartsWith("de_bruijn: the graph ("));
  CHECK_THAT(refusal([] { (void)topo::generalized_de_bruijn(100000, 4); }),
             Catch::StartsWith("generalized_de_bruijn: the graph ("));
  CHECK_NOTHROW(topo::imase_itoh(1000, 4));
  CHECK_THAT(refusal([] { (void)topo::imase_itoh(100000, 4); }), Catch::StartsWith("imase_itoh: the graph ("));
  CHECK_NOTHROW(topo::boardfly_chip_level(36));
  CHECK_THAT(refusal([] { (void)topo::boardfly_chip_level(1000); }), Catch::StartsWith("boardfly: the graph ("));
  CHECK_THAT(refusal([] { (void)topo::shiftfly_chip_level(2000); }), Catch::StartsWith("shiftfly: the graph ("));
}

TEST_CASE("the all-pairs sweep refuses workspaces that do not fit", "[core][memory][metrics]") {
  const auto g = topo::torus({64, 64});  // 4,096 vertices: a graph of ~160 KiB
  shiftfly::metrics::sweep_options o;
  o.threads = 2;
  o.batch_bits = 512;  // 2 threads x 3 x 4096 x 64 bytes = 1.5 MiB of workspaces
  const auto exact = shiftfly::metrics::all_pairs_stats(g, o);
  memory_limit limit("1M");
  CHECK_THAT(refusal([&] { (void)shiftfly::metrics::all_pairs_stats(g, o); }),
             Catch::StartsWith("metrics::sweep: the BFS workspaces (2 threads x 3 x 4096 vertices x 64 bytes) would need "
                               "about 1.5 MiB of memory"));
  o.threads = 1;
  o.batch_bits = 64;  // 1 x 3 x 4096 x 8 = 96 KiB: fits, and gives the same figures
  const auto small = shiftfly::metrics::all_pairs_stats(g, o);
  CHECK(small.diameter == exact.diameter);
  CHECK(small.histogram == exact.histogram);
}

TEST_CASE("the all-pairs sweep is not refused when only the shared rows would not fit", "[core][memory][metrics]") {
  // Boardfly at 3,600 groups factors (metrics/distances/detail/shared_rows.hpp); one thread's
  // workspaces are 3 x 3,600 x 64 bytes = 675 KiB, the shared rows' bound about 7.5 MiB: the
  // sweep then reads the plain rows, with the same result.
  const auto g = topo::boardfly_group_level(3600);
  shiftfly::metrics::sweep_options o;
  o.threads = 1;
  const auto exact = shiftfly::metrics::all_pairs_stats(g, o);
  memory_limit limit("2M");
  const auto plain = shiftfly::metrics::all_pairs_stats(g, o);
  CHECK(plain.histogram == exact.histogram);
  CHECK(plain.diameter == exact.diameter);
}

}  // namespace memory_test
