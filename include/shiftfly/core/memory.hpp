#pragma once
/// \file memory.hpp
/// Resource bounds: requests that cannot fit in memory are refused up front.
///
/// A builder or a sweep that knows its sizes before it allocates asks
/// require_memory() with an estimate of its peak. When the estimate exceeds the
/// memory this process may use, it throws std::invalid_argument (one line, the
/// estimate and the limit) instead of allocating and being killed half-way, or
/// swapping the machine to a halt. The limit is, in order:
///  - the environment variable SHIFTFLY_MEMORY_LIMIT, bytes with an optional
///    K, M, G or T suffix (powers of 1024), e.g. `SHIFTFLY_MEMORY_LIMIT=4G`;
///  - else the smaller of the memory Linux reports available (MemAvailable in
///    /proc/meminfo) and the address-space limit (`ulimit -v`);
///  - else the physical memory (sysconf), or no limit when none is known.
/// Estimates count the large arrays only; they are approximate by design (the
/// refusal quotes "about"), and a request within the limit is never refused.

#include <sys/resource.h>
#include <unistd.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <string>
#include <string_view>

#include "shiftfly/core/checked.hpp"

namespace shiftfly::core {

/// Parses a byte count with an optional K, M, G or T suffix (binary units).
inline std::uint64_t parse_bytes(std::string_view text, std::string_view param) {
  const auto bad = [&] {
    throw_out_of_range("parse_bytes", param, "'" + printable(text) + "'",
                       "a positive whole number of bytes, optionally followed by K, M, G or T");
  };
  if (text.empty()) bad();
  std::uint64_t scale = 1;
  switch (text.back()) {
    case 'K': case 'k': scale = 1ULL << 10; break;
    case 'M': case 'm': scale = 1ULL << 20; break;
    case 'G': case 'g': scale = 1ULL << 30; break;
    case 'T': case 't': scale = 1ULL << 40; break;
    default: break;
  }
  const std::string_view digits = scale == 1 ? text : text.substr(0, text.size() - 1);
  std::uint64_t v = 0;
  const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (digits.empty() || ec != std::errc{} || ptr != digits.data() + digits.size() || v == 0) bad();
  std::uint64_t bytes = 0;
  if (__builtin_mul_overflow(v, scale, &bytes)) bad();
  return bytes;
}

/// The memory this process may use, in bytes (see the file comment for the
/// order of sources); std::numeric_limits<std::uint64_t>::max() when unknown.
inline std::uint64_t available_memory() {
  if (const char* env = std::getenv("SHIFTFLY_MEMORY_LIMIT"); env && *env)
    return parse_bytes(env, "SHIFTFLY_MEMORY_LIMIT");
  std::uint64_t limit = std::numeric_limits<std::uint64_t>::max();
  {
    std::ifstream in("/proc/meminfo");
    std::string key;
    std::uint64_t kib = 0;
    std::string unit;
    while (in >> key >> kib) {
      std::getline(in, unit);
      if (key == "MemAvailable:") {
        limit = kib * 1024;
        break;
      }
    }
  }
  if (limit == std::numeric_limits<std::uint64_t>::max()) {
    const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
    if (pages > 0 && page > 0) limit = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
  }
  rlimit as{};
  if (::getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY && as.rlim_cur < limit)
    limit = static_cast<std::uint64_t>(as.rlim_cur);
  return limit;
}

/// "1.5 GiB"-style text for a byte count (one decimal, binary units).
inline std::string format_bytes(std::uint64_t bytes) {
  static constexpr const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1024 && u < 6) {
    v /= 1024;
    ++u;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", v, units[u]);
  return buf;
}

/// Saturating a·b + c for estimates (an estimate past 2^64 bytes is "too much" anyway).
inline std::uint64_t estimate_add_mul(std::uint64_t c, std::uint64_t a, std::uint64_t b) {
  std::uint64_t p = 0, s = 0;
  if (__builtin_mul_overflow(a, b, &p) || __builtin_add_overflow(c, p, &s)) return std::numeric_limits<std::uint64_t>::max();
  return s;
}

/// Refuses a request whose estimated peak `bytes` exceeds available_memory():
/// "<where>: <what> would need about X of memory, more than the Y available (...)".
inline void require_memory(std::string_view where, std::string_view what, std::uint64_t bytes) {
  const std::uint64_t limit = available_memory();
  if (bytes <= limit) return;
  fail(where, std::string(what) + " would need about " + format_bytes(bytes) + " of memory, more than the " +
                  format_bytes(limit) +
                  " available; refused before allocating (set SHIFTFLY_MEMORY_LIMIT to change the limit)");
}

/// Peak bytes of building a graph over ids of `id_bytes` bytes with n vertices
/// from a list of `listed` pairs (edges or arcs) that becomes `adjacency`
/// CSR entries: the list, the offsets (8 bytes each) and the targets, plus
/// `arcs` directed arcs kept beside the physical graph (offsets and targets).
inline std::uint64_t graph_build_bytes(std::uint64_t id_bytes, std::uint64_t n, std::uint64_t listed,
                                       std::uint64_t adjacency, std::uint64_t arcs = 0) {
  std::uint64_t b = estimate_add_mul(0, listed, 2 * id_bytes);
  b = estimate_add_mul(b, n + 1, 8);
  b = estimate_add_mul(b, adjacency, id_bytes);
  if (arcs) {
    b = estimate_add_mul(b, n + 1, 8);
    b = estimate_add_mul(b, arcs, id_bytes);
  }
  return b;
}

/// require_memory for a graph of n vertices and m undirected edges given as a list
/// (the torus, Boardfly and Shiftfly builders), or, with arcs > 0, of a digraph whose
/// arcs are kept and symmetrised (Kautz, de Bruijn, Imase–Itoh).
inline void require_graph_memory(std::string_view where, std::uint64_t id_bytes, std::uint64_t n, std::uint64_t edges,
                                 std::uint64_t arcs = 0) {
  const std::uint64_t bytes = arcs ? graph_build_bytes(id_bytes, n, arcs, 2 * arcs, arcs)
                                   : graph_build_bytes(id_bytes, n, edges, 2 * edges);
  require_memory(where,
                 "the graph (" + to_message(n) + " vertices, " + to_message(arcs ? arcs : edges) +
                     (arcs ? " arcs)" : " edges)"),
                 bytes);
}

}  // namespace shiftfly::core
