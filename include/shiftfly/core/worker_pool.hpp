#pragma once
/// \file worker_pool.hpp
/// Independent tasks over a number of threads: the one thread pool of the library
/// (the all-pairs BFS sweeps, the spectral operator, the link-load counts).
///
/// - run_workers(workers, body): body(w) once for every w in 0..workers-1, worker 0 on
///   the calling thread and the others on threads of their own, joined before it returns.
/// - for_each_part(parts, threads, fn): fn(p) once for every part p, the parts split into
///   contiguous groups, one group per worker, so which thread runs a part is a function of
///   (parts, threads) alone.
/// - parallel_for(n, parts, threads, fn): [0, n) cut into `parts` contiguous blocks,
///   fn(p, begin, end) once per block (block_range).
/// - thread_team team(threads); team.run_chunks(chunks, fn): fn(c) once for every chunk c,
///   on threads started once and kept parked between calls, the calling thread working too,
///   for a step that is repeated thousands of times and lasts about a millisecond (the
///   spectral operator's product).
///
/// Determinism is the caller's side of the contract: a task writes only what its own
/// index owns (a row, a per-part accumulator) and the caller combines parts in index
/// order, so that results do not depend on the thread count. An exception thrown by a
/// task is rethrown to the caller once every worker has stopped; when several workers
/// throw, the one of the lowest worker index wins (the others are dropped). A worker
/// that throws runs no further task of its own group; the other workers finish theirs.
/// Threads are started per call: the callers' tasks run for milliseconds or more, against
/// some tens of microseconds to start and join a thread.

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <cstdint>
#include <system_error>
#include <type_traits>
#include <thread>
#include <vector>

namespace shiftfly::core {

/// A thread count: 0 means every hardware thread (at least 1).
inline unsigned resolve_threads(unsigned threads) noexcept {
  return threads != 0 ? threads : std::max(1U, std::thread::hardware_concurrency());
}

/// A half-open index range [begin, end).
struct index_range {
  std::size_t begin = 0, end = 0;
  [[nodiscard]] std::size_t size() const noexcept { return end - begin; }
};

/// Block `part` of [0, n) cut into `parts` (>= 1) contiguous blocks:
/// [n·part/parts, n·(part+1)/parts). The blocks cover [0, n) in order, without overlap,
/// and their sizes differ by at most one.
inline index_range block_range(std::size_t n, std::size_t part, std::size_t parts) noexcept {
  // floor(n·p/parts) without the product n·p, which may overflow: n = q·parts + r
  const auto at = [&](std::size_t p) { return n / parts * p + n % parts * p / parts; };
  return {at(part), at(part + 1)};
}

/// Runs body(w) for w = 0 .. workers-1, w = 0 on the calling thread, and returns when all
/// have finished; 0 workers runs nothing. If a thread cannot be started, its worker and
/// the ones after it run on the calling thread after worker 0, so every worker runs once.
/// The first exception by worker index is rethrown.
template <class Body>
inline void run_workers(unsigned workers, Body&& body) {
  if (workers == 0) return;
  if (workers == 1) {
    body(0U);
    return;
  }
  std::vector<std::exception_ptr> errors(workers);
  auto guarded = [&](unsigned w) {
    try {
      body(w);
    } catch (...) {
      errors[w] = std::current_exception();
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(workers - 1);
  unsigned started = 1;
  try {
    for (; started < workers; ++started) threads.emplace_back(guarded, started);
  } catch (const std::system_error&) {
    // out of threads: the remaining workers run below, on this thread
  }
  guarded(0);
  for (unsigned w = started; w < workers; ++w) guarded(w);
  for (auto& t : threads) t.join();
  for (const auto& e : errors)
    if (e) std::rethrow_exception(e);
}

/// Runs fn(p) for every part p in 0 .. parts-1 on min(resolve_threads(threads), parts)
/// workers; worker w takes the parts block_range(parts, w, workers), in increasing order.
template <class Fn>
inline void for_each_part(std::size_t parts, unsigned threads, Fn&& fn) {
  const auto workers = static_cast<unsigned>(std::min<std::size_t>(resolve_threads(threads), parts));
  run_workers(workers, [&](unsigned w) {
    const auto r = block_range(parts, w, workers);
    for (std::size_t p = r.begin; p < r.end; ++p) fn(p);
  });
}

/// Runs fn(p, begin, end) for every block p of [0, n) cut into `parts` blocks
/// (block_range), on min(resolve_threads(threads), parts) workers; parts = 0 runs nothing.
template <class Fn>
inline void parallel_for(std::size_t n, std::size_t parts, unsigned threads, Fn&& fn) {
  for_each_part(parts, threads, [&](std::size_t p) {
    const auto r = block_range(n, p, parts);
    fn(p, r.begin, r.end);
  });
}

/// Workers kept between calls, sharing chunks of work: run_chunks(chunks, fn) calls fn(c)
/// exactly once for every chunk c in 0 .. chunks-1 (chunks < 2^20) and returns when all have
/// finished. The calling thread takes chunks at once; a parked worker joins in when it wakes
/// and takes chunks still unclaimed, so a worker that the scheduler starts late (a loaded
/// machine) costs nothing but its help. Which thread runs a chunk therefore varies from call
/// to call: fn(c) must write only what chunk c owns, in an order of its own, for the result to
/// be the same for any thread count. The exception of the lowest chunk is rethrown (the
/// other chunks still run). size() is resolve_threads(threads), less any thread that could
/// not be started. One call at a time, from the thread that owns the team.
class thread_team {
 public:
  explicit thread_team(unsigned threads) {
    const unsigned want = resolve_threads(threads);
    workers_.reserve(want - 1);
    try {
      for (unsigned w = 1; w < want; ++w) workers_.emplace_back([this] { loop(); });
    } catch (const std::system_error&) {
      // out of threads: the team is smaller
    }
  }
  thread_team(const thread_team&) = delete;
  thread_team& operator=(const thread_team&) = delete;
  ~thread_team() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    for (auto& t : workers_) t.join();
  }
  [[nodiscard]] unsigned size() const noexcept { return static_cast<unsigned>(workers_.size() + 1); }

  template <class Fn>
  void run_chunks(std::size_t chunks, Fn&& fn) {
    if (chunks == 0) return;
    if (chunks >= field) throw std::length_error("core::thread_team: 2^20 chunks or more");
    call_ = [](void* f, std::size_t c) { (*static_cast<std::remove_reference_t<Fn>*>(f))(c); };
    fn_ = static_cast<void*>(&fn);
    done_.store(0, std::memory_order_relaxed);
    generation_ = (generation_ + 1) % (std::uint64_t{1} << 24);
    state_.store(generation_ << 40 | static_cast<std::uint64_t>(chunks) << 20, std::memory_order_release);
    if (!workers_.empty()) {
      {
        std::lock_guard<std::mutex> lock(mutex_);
        published_ = generation_;
      }
      wake_.notify_all();
    }
    work(generation_);
    while (done_.load(std::memory_order_acquire) < chunks) std::this_thread::yield();
    if (error_) {
      auto e = error_;
      error_ = nullptr;
      std::rethrow_exception(e);
    }
  }

 private:
  static constexpr std::uint64_t field = std::uint64_t{1} << 20;
  // Claims and runs chunks of generation `gen` until none is left.
  void work(std::uint64_t gen) {
    for (;;) {
      std::uint64_t s = state_.load(std::memory_order_acquire);
      const std::uint64_t next = s % field, total = (s >> 20) % field;
      if (s >> 40 != gen || next >= total) return;
      if (!state_.compare_exchange_weak(s, s + 1, std::memory_order_acq_rel)) continue;
      // Chunk `next` of this generation is ours: the caller waits for it, so call_ and fn_
      // are still this generation's.
      try {
        call_(fn_, static_cast<std::size_t>(next));
      } catch (...) {
        std::lock_guard<std::mutex> lock(error_mutex_);
        if (!error_ || next < error_chunk_) error_ = std::current_exception(), error_chunk_ = next;
      }
      done_.fetch_add(1, std::memory_order_acq_rel);
    }
  }
  void loop() {
    std::uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return stop_ || published_ != seen; });
        if (stop_) return;
        seen = published_;
      }
      work(seen);
    }
  }

  std::vector<std::thread> workers_;
  std::atomic<std::uint64_t> state_{0};  // generation (24 bits) | chunks (20) | next chunk (20)
  std::atomic<std::size_t> done_{0};
  void (*call_)(void*, std::size_t) = nullptr;
  void* fn_ = nullptr;
  std::uint64_t generation_ = 0;  // the caller's
  std::mutex mutex_;
  std::condition_variable wake_;
  std::uint64_t published_ = 0;  // under mutex_
  bool stop_ = false;
  std::mutex error_mutex_;
  std::exception_ptr error_;
  std::uint64_t error_chunk_ = 0;
};

}  // namespace shiftfly::core
