#pragma once
// Test helpers for the topology tests: SHA-256 (FIPS 180-4), the digest of an
// edge or arc list in the reference fixture's text form, the reference digest
// fixture, and plain BFS (undirected and directed) used as independent checks.
// The metrics module has the fast BFS; these are deliberately simple.

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "shiftfly/core/graph.hpp"

namespace shiftfly::test {

/// SHA-256 of a byte string, as 64 lowercase hex digits.
inline std::string sha256(std::string_view msg) {
  static constexpr std::array<std::uint32_t, 64> k{
      0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
      0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
      0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
      0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
      0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
      0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
      0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
      0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
  std::array<std::uint32_t, 8> h{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::string data(msg);
  const std::uint64_t bits = static_cast<std::uint64_t>(msg.size()) * 8;
  data.push_back(static_cast<char>(0x80));
  while (data.size() % 64 != 56) data.push_back('\0');
  for (int i = 7; i >= 0; --i) data.push_back(static_cast<char>((bits >> (8 * i)) & 0xff));
  auto rotr = [](std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); };
  for (std::size_t off = 0; off < data.size(); off += 64) {
    std::array<std::uint32_t, 64> w{};
    for (int i = 0; i < 16; ++i)
      w[i] = (static_cast<std::uint32_t>(static_cast<unsigned char>(data[off + 4 * i])) << 24) |
             (static_cast<std::uint32_t>(static_cast<unsigned char>(data[off + 4 * i + 1])) << 16) |
             (static_cast<std::uint32_t>(static_cast<unsigned char>(data[off + 4 * i + 2])) << 8) |
             static_cast<std::uint32_t>(static_cast<unsigned char>(data[off + 4 * i + 3]));
    for (int i = 16; i < 64; ++i) {
      const std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      const std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    auto [a, b, c, d, e, f, g, hh] = h;
    for (int i = 0; i < 64; ++i) {
      const std::uint32_t S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const std::uint32_t ch = (e & f) ^ (~e & g);
      const std::uint32_t t1 = hh + S1 + ch + k[i] + w[i];
      const std::uint32_t S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const std::uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
      const std::uint32_t t2 = S0 + maj;
      hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
  }
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  for (auto x : h)
    for (int i = 28; i >= 0; i -= 4) out.push_back(hex[(x >> i) & 0xf]);
  return out;
}

/// "u v\n" for every undirected edge, u < v, ascending.
template <class G>
std::string edge_text(const G& g) {
  std::string s;
  for (std::size_t u = 0; u < g.num_vertices(); ++u)
    for (auto v : g.neighbors(static_cast<typename G::vertex_type>(u)))
      if (u < v) s += std::to_string(u) + ' ' + std::to_string(v) + '\n';
  return s;
}

/// "u v\n" for every arc, vertex by vertex, in generation order.
template <class G>
std::string arc_text(const G& g) {
  std::string s;
  for (std::size_t u = 0; u < g.num_vertices(); ++u)
    for (auto v : g.out_arcs(static_cast<typename G::vertex_type>(u))) s += std::to_string(u) + ' ' + std::to_string(v) + '\n';
  return s;
}

/// One label per line, symbols joined by '.'.
template <class G>
std::string label_text(const G& g) {
  std::string s;
  for (std::size_t u = 0; u < g.num_vertices(); ++u) {
    bool first = true;
    for (auto x : g.label(static_cast<typename G::vertex_type>(u))) {
      if (!first) s += '.';
      s += std::to_string(x);
      first = false;
    }
    s += '\n';
  }
  return s;
}

/// One fixture line: count and digest.
struct reference_digest {
  std::uint64_t count = 0;
  std::string sha256;
};

/// Reads tests/fixtures/boardfly/reference_digests.txt: key "<graph> <params> <what>".
inline std::map<std::string, reference_digest> reference_digests() {
  std::ifstream in(std::string(SHIFTFLY_FIXTURES) + "/boardfly/reference_digests.txt");
  if (!in) throw std::runtime_error("cannot open reference_digests.txt");
  std::map<std::string, reference_digest> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream is(line);
    std::string graph, params, what;
    reference_digest d;
    is >> graph >> params >> what >> d.count >> d.sha256;
    out[graph + " " + params + " " + what] = d;
  }
  return out;
}

inline constexpr std::uint32_t unreached = std::numeric_limits<std::uint32_t>::max();

/// BFS distances from s in the physical graph.
template <class G>
std::vector<std::uint32_t> bfs(const G& g, std::size_t s) {
  std::vector<std::uint32_t> dist(g.num_vertices(), unreached);
  std::vector<std::size_t> q{s};
  dist[s] = 0;
  for (std::size_t i = 0; i < q.size(); ++i) {
    const auto u = q[i];
    for (auto v : g.neighbors(static_cast<typename G::vertex_type>(u)))
      if (dist[v] == unreached) {
        dist[v] = dist[u] + 1;
        q.push_back(v);
      }
  }
  return dist;
}

/// BFS distances from s along the directed arcs.
template <class G>
std::vector<std::uint32_t> directed_bfs(const G& g, std::size_t s) {
  std::vector<std::uint32_t> dist(g.num_vertices(), unreached);
  std::vector<std::size_t> q{s};
  dist[s] = 0;
  for (std::size_t i = 0; i < q.size(); ++i) {
    const auto u = q[i];
    for (auto v : g.out_arcs(static_cast<typename G::vertex_type>(u)))
      if (dist[v] == unreached) {
        dist[v] = dist[u] + 1;
        q.push_back(v);
      }
  }
  return dist;
}

/// Exact diameter by BFS from every vertex (unreached if disconnected).
template <class G>
std::uint32_t diameter(const G& g) {
  std::uint32_t best = 0;
  for (std::size_t s = 0; s < g.num_vertices(); ++s)
    for (auto x : bfs(g, s)) best = std::max(best, x);
  return best;
}

/// Exact directed diameter by BFS from every vertex (unreached if not strongly connected).
/// Buffers are reused across sources: the Theorem 5.5 sweep runs it on 2,495 graphs.
template <class G>
std::uint32_t directed_diameter(const G& g) {
  const std::size_t n = g.num_vertices();
  std::vector<std::uint32_t> dist(n), queue(n);
  std::uint32_t best = 0;
  for (std::size_t s = 0; s < n; ++s) {
    std::fill(dist.begin(), dist.end(), unreached);
    dist[s] = 0;
    queue[0] = static_cast<std::uint32_t>(s);
    std::size_t head = 0, tail = 1;
    while (head < tail) {
      const std::uint32_t u = queue[head++];
      for (auto v : g.out_arcs(static_cast<typename G::vertex_type>(u)))
        if (dist[v] == unreached) {
          dist[v] = dist[u] + 1;
          queue[tail++] = static_cast<std::uint32_t>(v);
        }
    }
    if (tail != n) return unreached;
    best = std::max(best, dist[queue[n - 1]]);
  }
  return best;
}

}  // namespace shiftfly::test
