#pragma once
/// \file mpi/distances.hpp
/// Exact all-pairs distance statistics (and the reference-sampled ones) computed
/// across the ranks of an MPI communicator. Optional: it needs <mpi.h>, so it is
/// not included by shiftfly.hpp; link the CMake target shiftfly::mpi.
///
/// Scheme (the single-process sweep of metrics/distances/all_pairs.hpp, split by source batches):
///  1. every rank builds the same graph, deterministically, and calls the same
///     function with the same arguments (a collective call on `comm`);
///  2. the sources (0..n-1, or the sampled list) are cut into batches of
///     `batch_bits` sources, exactly as the single-process sweep cuts them, and
///     rank r of p takes the contiguous batches [B·r/p, B·(r+1)/p) (see batch_share);
///  3. each rank runs the threaded bit-parallel multi-source BFS (Then et al.,
///     PVLDB 8(4), 2014) on its share, which yields an integer histogram
///     hist[d] = (source, vertex) pairs at distance d;
///  4. the histograms are summed with MPI_Allreduce (MPI_UINT64_T, MPI_SUM; the
///     length first, with MPI_MAX), and every derived figure (diameter = largest
///     non-empty level, total distance, pairs, unreachable pairs, disconnected
///     flag, mean) is finished from the summed integers by metrics::detail::finish_stats.
/// The histogram is a sum of integers, and the sum does not depend on how the
/// batches are spread over ranks and threads, so the result is bit-identical to
/// metrics::all_pairs_stats for any rank count, thread count and batch width.
///
/// Failures: before any reduction the ranks agree on success. A rank whose input
/// is invalid (or whose sweep throws) does not leave the others waiting: every
/// rank throws the exception of the lowest failing rank (std::invalid_argument
/// becomes core::invalid_parameter, anything else becomes std::runtime_error) with
/// its one-line message. The ranks also compare a fingerprint of their graph and
/// sources and refuse to combine different graphs.
///
/// Threading: the sweeps use std::threads that never call MPI; call these
/// functions from the thread that initialised MPI (MPI_THREAD_FUNNELED suffices).

#include <mpi.h>

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <numeric>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "shiftfly/core/checked.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/metrics/distances/all_pairs.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/metrics/distances/distance_stats.hpp"
#include "shiftfly/metrics/distances/sampled_distances.hpp"

namespace shiftfly::mpi {

/// The contiguous share of the source batches that one rank sweeps.
struct batch_share {
  /// Batches of the whole sweep: ceil(sources / batch_bits).
  std::size_t batches = 0;
  /// This rank's batches: [first_batch, last_batch).
  std::size_t first_batch = 0, last_batch = 0;
  /// This rank's positions in the source list: [first_source, last_source).
  std::size_t first_source = 0, last_source = 0;
};

/// Share of rank `rank` of `ranks` in a sweep of `sources` sources cut into batches of
/// `batch_bits` (64, 128, 256 or 512): batches [B·rank/ranks, B·(rank+1)/ranks), B = ceil(sources/batch_bits).
/// Shares differ by at most one batch; ranks beyond the batch count get none.
inline batch_share share_of(std::size_t sources, unsigned batch_bits, int rank, int ranks) {
  core::require_range("mpi::share_of", "ranks", ranks, 1, INT_MAX);
  core::require_range("mpi::share_of", "rank", rank, 0, ranks - 1);
  if (batch_bits != 64 && batch_bits != 128 && batch_bits != 256 && batch_bits != 512)
    core::throw_out_of_range("mpi::share_of", "batch_bits", batch_bits, "64, 128, 256 or 512");
  core::require_range("mpi::share_of", "sources", sources, 0, std::uint64_t{1} << 40);
  batch_share s;
  s.batches = (sources + batch_bits - 1) / batch_bits;
  const auto r = static_cast<std::size_t>(rank), p = static_cast<std::size_t>(ranks);
  s.first_batch = s.batches * r / p;
  s.last_batch = s.batches * (r + 1) / p;
  s.first_source = std::min(sources, s.first_batch * batch_bits);
  s.last_source = std::min(sources, s.last_batch * batch_bits);
  return s;
}

/// Collective on `comm`: every rank passes its own failure (null when it succeeded).
/// Returns normally when no rank failed; otherwise every rank throws the failure of
/// the lowest failing rank, with its message (std::invalid_argument when that one was
/// std::invalid_argument, std::runtime_error otherwise). Lets a program validate or
/// build per rank and then fail identically everywhere instead of leaving ranks
/// waiting in a later collective call.
inline void rethrow_first_failure(MPI_Comm comm, const std::exception_ptr& local) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);
  int first = local ? rank : ranks;
  MPI_Allreduce(MPI_IN_PLACE, &first, 1, MPI_INT, MPI_MIN, comm);
  if (first == ranks) return;
  int kind = 2;  // 1 = invalid_argument, 2 = anything else
  std::string message;
  if (rank == first) {
    try {
      std::rethrow_exception(local);
    } catch (const std::invalid_argument& e) {
      kind = 1;
      message = e.what();
    } catch (const std::exception& e) {
      message = e.what();
    } catch (...) {
      message = "mpi: unknown exception";
    }
  }
  MPI_Bcast(&kind, 1, MPI_INT, first, comm);
  std::uint64_t length = message.size();
  MPI_Bcast(&length, 1, MPI_UINT64_T, first, comm);
  message.resize(static_cast<std::size_t>(length));
  if (length != 0) MPI_Bcast(message.data(), static_cast<int>(length), MPI_CHAR, first, comm);
  if (kind == 1) throw core::invalid_parameter::rule({}, message);
  throw std::runtime_error(message);
}

namespace detail {

inline void require_mpi(const char* where, MPI_Comm comm) {
  int initialised = 0, finalised = 0;
  MPI_Initialized(&initialised);
  MPI_Finalized(&finalised);
  if (!initialised || finalised) core::fail(where, "MPI is not initialised (call MPI_Init first) or already finalised");
  if (comm == MPI_COMM_NULL) core::fail(where, "the communicator is MPI_COMM_NULL");
}

/// FNV-1a over 64-bit words.
inline void fnv(std::uint64_t& h, std::uint64_t x) noexcept {
  for (int i = 0; i < 8; ++i) {
    h ^= (x >> (8 * i)) & 0xffU;
    h *= 0x100000001b3ULL;
  }
}

/// What every rank must hold identically: graph, sources, direction, batch width.
/// The sources are given by what determines them (`source_key`: all vertices, or the
/// sample count and seed), not as a list: a sampled sweep never holds its sources.
inline std::vector<std::uint64_t> fingerprint(const metrics::detail::sweep_graph& sg, std::size_t sources,
                                              std::span<const std::uint64_t> source_key, bool directed,
                                              unsigned batch_bits) {
  std::uint64_t hg = 0xcbf29ce484222325ULL, hs = 0xcbf29ce484222325ULL;
  for (auto o : sg.pull.offsets) fnv(hg, o);
  for (auto t : sg.pull.targets) fnv(hg, t);
  for (auto k : source_key) fnv(hs, k);
  return {sg.pull.n, sg.pull.targets.size(), hg, sources, hs, directed ? 1U : 0U, batch_bits};
}

/// Collective: throws std::invalid_argument on every rank when the fingerprints differ.
inline void require_same_everywhere(const char* where, MPI_Comm comm, const std::vector<std::uint64_t>& fp) {
  // max(x) and max(~x) = ~min(x) in one reduction.
  std::vector<std::uint64_t> both(2 * fp.size());
  for (std::size_t i = 0; i < fp.size(); ++i) {
    both[i] = fp[i];
    both[fp.size() + i] = ~fp[i];
  }
  MPI_Allreduce(MPI_IN_PLACE, both.data(), static_cast<int>(both.size()), MPI_UINT64_T, MPI_MAX, comm);
  for (std::size_t i = 0; i < fp.size(); ++i)
    if (both[i] != ~both[fp.size() + i])
      core::fail(where, "the ranks hold different graphs, sources or options (every rank must build the same graph "
                        "and pass the same arguments)");
}

/// The sources of a distributed sweep: `count` of them, `key` what determines them (see
/// fingerprint), and `from(first)` a source_fill that produces them in order from
/// position `first` on (each rank starts at its share).
struct source_plan {
  std::size_t count = 0;
  std::vector<std::uint64_t> key;
  std::function<metrics::detail::source_fill(std::size_t)> from;
};

/// The sources 0 .. n-1 (all pairs).
inline source_plan all_vertices(std::size_t n) {
  source_plan p;
  p.count = n;
  p.key = {0, n};
  p.from = [](std::size_t first) -> metrics::detail::source_fill {
    return [next = static_cast<std::uint32_t>(first)](std::span<std::uint32_t> out) mutable {
      for (auto& s : out) s = next++;
    };
  };
  return p;
}

/// The distributed sweep over `sg`; `prepare(sg, plan)` builds the sweep graph and the
/// source plan (it may throw; failures are agreed on before any reduction).
template <class Prepare>
inline metrics::distance_stats distributed_stats(const char* where, MPI_Comm comm, Prepare&& prepare, bool directed,
                                                 bool exact, const metrics::sweep_options& options) {
  require_mpi(where, comm);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks);

  metrics::detail::sweep_graph sg;
  source_plan sources;
  std::exception_ptr failure;
  try {
    metrics::detail::check_options(where, options);
    prepare(sg, sources);
  } catch (...) {
    failure = std::current_exception();
  }
  rethrow_first_failure(comm, failure);
  require_same_everywhere(where, comm, fingerprint(sg, sources.count, sources.key, directed, options.batch_bits));

  const batch_share share = share_of(sources.count, options.batch_bits, rank, ranks);
  metrics::detail::sweep_counts local;
  try {
    if (share.last_source > share.first_source)
      local = metrics::detail::sweep(sg, share.last_source - share.first_source, sources.from(share.first_source),
                                     metrics::detail::resolve_threads(where, options.threads), options.batch_bits,
                                     options.progress);
  } catch (...) {
    failure = std::current_exception();
  }
  rethrow_first_failure(comm, failure);

  std::uint64_t length = local.histogram.size();
  MPI_Allreduce(MPI_IN_PLACE, &length, 1, MPI_UINT64_T, MPI_MAX, comm);
  if (length > static_cast<std::uint64_t>(INT_MAX)) core::fail(where, "histogram longer than INT_MAX levels");
  std::vector<std::uint64_t> histogram = std::move(local.histogram);
  histogram.resize(static_cast<std::size_t>(length), 0);
  MPI_Allreduce(MPI_IN_PLACE, histogram.data(), static_cast<int>(length), MPI_UINT64_T, MPI_SUM, comm);
  return metrics::detail::finish_stats(sg.pull.n, directed, exact, sources.count, std::move(histogram));
}

}  // namespace detail

/// Exact all-pairs statistics of the undirected physical graph, swept across the ranks
/// of `comm` (collective: every rank passes the same graph and batch width; thread
/// counts may differ). Equal, field for field, to metrics::all_pairs_stats(g).
template <core::graph_like G>
inline metrics::distance_stats all_pairs_stats(MPI_Comm comm, const G& g, const metrics::sweep_options& options = {}) {
  constexpr const char* where = "mpi::all_pairs_stats";
  return detail::distributed_stats(
      where, comm,
      [&](metrics::detail::sweep_graph& sg, detail::source_plan& sources) {
        metrics::detail::require_sweepable(where, g);
        sg = metrics::detail::undirected_sweep_graph(g);
        sources = detail::all_vertices(sg.pull.n);
      },
      false, true, options);
}

/// Exact all-pairs statistics along the arcs (ordered pairs), across the ranks of `comm`.
/// Equal to metrics::all_pairs_stats_arcs(g).
template <core::digraph_like G>
inline metrics::distance_stats all_pairs_stats_arcs(MPI_Comm comm, const G& g,
                                                    const metrics::sweep_options& options = {}) {
  constexpr const char* where = "mpi::all_pairs_stats_arcs";
  return detail::distributed_stats(
      where, comm,
      [&](metrics::detail::sweep_graph& sg, detail::source_plan& sources) {
        metrics::detail::require_sweepable(where, g);
        metrics::detail::require_arcs(where, g);
        sg = metrics::detail::arc_sweep_graph(g, false);
        sources = detail::all_vertices(sg.pull.n);
      },
      true, true, options);
}

/// Exact all-pairs statistics following `how`, across the ranks of `comm`.
template <core::digraph_like G>
inline metrics::distance_stats all_pairs_stats(MPI_Comm comm, const G& g, metrics::traversal how,
                                               const metrics::sweep_options& options = {}) {
  return how == metrics::traversal::arcs ? all_pairs_stats_arcs(comm, g, options) : all_pairs_stats(comm, g, options);
}

/// The reference-sampled statistics (metrics::sampled_stats: `samples` draws of
/// randrange(n) from random.Random(seed), repetitions kept; labelled sampled), with the
/// sampled sources' batches shared across the ranks of `comm`. Equal to metrics::sampled_stats.
template <core::digraph_like G>
inline metrics::distance_stats sampled_stats(MPI_Comm comm, const G& g, std::size_t samples, std::uint64_t seed = 11,
                                             metrics::traversal how = metrics::traversal::undirected,
                                             const metrics::sweep_options& options = {}) {
  constexpr const char* where = "mpi::sampled_stats";
  const bool arcs = how == metrics::traversal::arcs;
  return detail::distributed_stats(
      where, comm,
      [&](metrics::detail::sweep_graph& sg, detail::source_plan& sources) {
        core::require_range(where, "samples", samples, 1, std::uint64_t{1} << 32);
        metrics::detail::require_sweepable(where, g);
        if (arcs) metrics::detail::require_arcs(where, g);
        sg = arcs ? metrics::detail::arc_sweep_graph(g, true) : metrics::detail::undirected_sweep_graph(g);
        // Every rank draws the same sequence and skips the draws before its share.
        const std::size_t n = g.num_vertices();
        sources.count = samples;
        sources.key = {1, samples, seed};
        sources.from = [n, seed](std::size_t first) -> metrics::detail::source_fill {
          auto stream = std::make_shared<metrics::reference_source_stream>(n, seed);
          for (std::size_t i = 0; i < first; ++i) (void)stream->next();
          return [stream](std::span<std::uint32_t> out) { stream->fill(out); };
        };
      },
      arcs, false, options);
}

}  // namespace shiftfly::mpi
