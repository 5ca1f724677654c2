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
/// - thread_team team(threads); team.run(body): body(w) for every w in 0..size()-1, like
///   run_workers, on threads started once and kept parked between calls, for a step that
///   is repeated thousands of times and lasts about a millisecond (the spectral operator).
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
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
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

/// Workers kept between calls: run(body) calls body(w) once for every w in 0 .. size()-1,
/// w = 0 on the calling thread, and returns when all have finished; the first exception by
/// worker index is rethrown. size() is resolve_threads(threads), less any thread that could
/// not be started. Not reentrant: one run at a time, from the thread that owns the team.
class thread_team {
 public:
  explicit thread_team(unsigned threads) {
    const unsigned want = resolve_threads(threads);
    errors_.resize(want);
    workers_.reserve(want - 1);
    try {
      for (unsigned w = 1; w < want; ++w) workers_.emplace_back([this, w] { loop(w); });
    } catch (const std::system_error&) {
      // out of threads: the team is smaller
    }
    errors_.resize(workers_.size() + 1);
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

  template <class Body>
  void run(Body&& body) {
    if (workers_.empty()) {
      body(0U);
      return;
    }
    task_ = [](void* b, unsigned w) { (*static_cast<std::remove_reference_t<Body>*>(b))(w); };
    body_ = static_cast<void*>(&body);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      pending_ = static_cast<unsigned>(workers_.size());
      ++generation_;
    }
    wake_.notify_all();
    guarded(0);
    {
      std::unique_lock<std::mutex> lock(mutex_);
      done_.wait(lock, [this] { return pending_ == 0; });
    }
    for (auto& e : errors_)
      if (e) {
        const auto first = e;
        for (auto& x : errors_) x = nullptr;
        std::rethrow_exception(first);
      }
  }

 private:
  void guarded(unsigned w) {
    try {
      task_(body_, w);
    } catch (...) {
      errors_[w] = std::current_exception();
    }
  }
  void loop(unsigned w) {
    std::uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
        if (stop_) return;
        seen = generation_;
      }
      guarded(w);
      bool last = false;
      {
        std::lock_guard<std::mutex> lock(mutex_);
        last = --pending_ == 0;
      }
      if (last) done_.notify_one();
    }
  }

  std::vector<std::thread> workers_;
  std::vector<std::exception_ptr> errors_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  std::uint64_t generation_ = 0;
  unsigned pending_ = 0;
  bool stop_ = false;
  void (*task_)(void*, unsigned) = nullptr;
  void* body_ = nullptr;
};

}  // namespace shiftfly::core
