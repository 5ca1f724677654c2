// Tightness of the spectral uniform-throughput bound m / (n·Σ_(i>=2) 1/λ_i)
// (metrics/flow/throughput_bound.hpp, spectral_uniform_bound) against θ*: exact by the CLP LP on
// the small graphs, else the certified interval of metrics/flow/throughput_profile.hpp, beside the
// distance bound. Prints a Markdown table; docs/metrics.md records its output.
//   example_spectral_bound_tightness [--max-groups N]   (Boardfly and Shiftfly at 36, 144, 576,
//   2,304 groups up to N; default 576, as ctest runs it)
#include <cstdio>
#include <cstring>
#include <exception>
#include <shiftfly/core/parse.hpp>
#include <shiftfly/metrics/flow/throughput_bound.hpp>
#include <shiftfly/metrics/flow/throughput_lp.hpp>
#include <shiftfly/metrics/flow/throughput_profile.hpp>
#include <shiftfly/metrics/flow/traffic.hpp>
#include <shiftfly/topology/boardfly.hpp>
#include <shiftfly/topology/shiftfly.hpp>
#include <shiftfly/topology/torus.hpp>
#include <stdexcept>
using namespace shiftfly;
using G = core::graph<std::uint32_t>;
static G cyc(std::uint32_t n) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t i = 0; i < n; ++i) e.emplace_back(i, (i + 1) % n);
  return G::from_edges(n, e, "c");
}
static G cube(std::uint32_t d) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t v = 0; v < (1u << d); ++v)
    for (std::uint32_t b = 0; b < d; ++b)
      if (v < (v ^ (1u << b))) e.emplace_back(v, v ^ (1u << b));
  return G::from_edges(1u << d, e, "q");
}
static G kn(std::uint32_t n) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> e;
  for (std::uint32_t i = 0; i < n; ++i)
    for (std::uint32_t j = i + 1; j < n; ++j) e.emplace_back(i, j);
  return G::from_edges(n, e, "k");
}
static void row(const char* name, const G& g, bool lp) {
  const auto T = metrics::uniform_traffic(g.num_vertices());
  const double s = metrics::spectral_uniform_bound(g).value;
  const double d = metrics::throughput_distance_bound(g, T).value;
  double lo, hi;
  const char* how;
  if (lp) {
    lo = hi = metrics::throughput_lp(g, T).value;
    how = "exact LP";
  } else {
    metrics::throughput_profile_options o;
    o.threads = 2;
    const auto p = metrics::measure_throughput_profile(g, o);
    lo = p.uniform.lower;
    hi = p.uniform.upper;
    how = lo == hi ? "exact (profile)" : "interval";
  }
  const double sc = g.num_vertices() - 1.0;
  std::printf("| %s | %zu | %s | %.4f | [%.4f, %.4f] | %.4f | %.3f | %.3f |\n", name, g.num_vertices(), how, s * sc,
              lo * sc, hi * sc, d * sc, s / hi, lo > 0 ? s / lo : 0.0);
}
int main(int argc, char** argv) {
  std::uint64_t max_groups = 576;
  try {
    if (argc == 3 && std::strcmp(argv[1], "--max-groups") == 0)
      max_groups = core::parse_unsigned(argv[2], "--max-groups", "spectral_bound_tightness");
    else if (argc != 1)
      core::fail("spectral_bound_tightness", "usage: [--max-groups N]");
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  std::printf(
      "| graph | n | theta* by | spectral (n-1)theta | theta* (n-1)theta | distance bound | spectral/theta* upper | "
      "spectral/theta* lower |\n|---|---|---|---|---|---|---|---|\n");
  row("K_16", kn(16), true);
  row("hypercube Q_4", cube(4), true);
  row("cycle C_16", cyc(16), true);
  row("hypercube Q_8", cube(8), false);
  row("cycle C_256", cyc(256), false);
  row("torus 16x16", topology::torus({16, 16}), false);
  for (std::uint64_t g : {36ull, 144ull, 576ull, 2304ull}) {
    if (g > max_groups) break;
    char b[64];
    std::snprintf(b, 64, "Boardfly %llu groups", (unsigned long long)g);
    row(b, topology::boardfly_group_level(g), false);
    std::snprintf(b, 64, "Shiftfly %llu groups", (unsigned long long)g);
    row(b, topology::shiftfly_group_level(g), false);
  }
}
