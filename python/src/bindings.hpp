#pragma once
/// \file bindings.hpp
/// What the units of the `_shiftfly` extension share: the graph type they bind,
/// the cancellation of long computations (Ctrl-C) and each unit's entry point.
///
/// Cancellation. A long computation runs on a thread of its own while the calling
/// thread, the GIL released, waits for it and every 50 ms takes the GIL to run
/// PyErr_CheckSignals. On a pending signal (KeyboardInterrupt) it raises a stop flag
/// that the computation's progress hook polls (metrics::sweep_options::progress,
/// connectivity_options::progress, spectral_gap's progress): the hook throws
/// `cancelled`, the library's workers stop claiming work, the thread is joined and
/// the Python error is raised. The hooks only read a flag, so no result changes.

#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <initializer_list>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "shiftfly/core/error.hpp"
#include "shiftfly/core/graph.hpp"
#include "shiftfly/metrics/distances/bfs.hpp"
#include "shiftfly/topology/descriptor.hpp"

namespace shiftfly::python {

namespace py = pybind11;

/// A family's spec from its registry name and the values its Python generator took
/// (python/shiftfly/_graphs.py keeps them on the graph as `_family`); `where` names the caller.
topology::family_spec family_spec_of(const std::string& family, const py::dict& values, const char* where);

/// The graph of the bindings: 32-bit vertex ids, as the registry builds them.
using graph = core::graph<std::uint32_t>;

/// The traversal of a `directed` keyword: the arcs as they are, or the undirected graph.
inline metrics::traversal how_of(bool directed) {
  return directed ? metrics::traversal::arcs : metrics::traversal::undirected;
}

/// Thrown by a progress hook once the caller asked to stop.
struct cancelled {};

/// The stop flag a computation's progress hook polls.
class stop_flag {
 public:
  void raise() noexcept { set_.store(true, std::memory_order_relaxed); }
  /// Throws `cancelled` once raised.
  void check() const {
    if (set_.load(std::memory_order_relaxed)) throw cancelled{};
  }

 private:
  std::atomic<bool> set_{false};
};

/// Runs fn(stop) on a thread of its own without the GIL; the calling thread polls
/// Python's signal handlers every 50 ms and raises `stop` on a pending signal, then
/// re-raises the handler's exception (KeyboardInterrupt) once fn has stopped.
/// An exception of fn reaches the caller as such.
template <class Fn>
auto run_interruptible(Fn&& fn) -> decltype(fn(std::declval<const stop_flag&>())) {
  using result_type = decltype(fn(std::declval<const stop_flag&>()));
  stop_flag stop;
  std::optional<result_type> result;
  std::exception_ptr error;
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  PyObject *type = nullptr, *value = nullptr, *trace = nullptr;  // the signal handler's exception
  {
    py::gil_scoped_release release;
    std::thread worker([&] {
      try {
        result.emplace(fn(static_cast<const stop_flag&>(stop)));
      } catch (...) {
        error = std::current_exception();
      }
      std::lock_guard<std::mutex> lock(mutex);
      done = true;
      finished.notify_one();
    });
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mutex);
        if (finished.wait_for(lock, std::chrono::milliseconds(50), [&] { return done; })) break;
      }
      if (type == nullptr) {
        py::gil_scoped_acquire acquire;
        if (PyErr_CheckSignals() != 0) {
          PyErr_Fetch(&type, &value, &trace);
          if (type == nullptr) type = Py_NewRef(PyExc_KeyboardInterrupt);
          stop.raise();
        }
      }
    }
    worker.join();
  }
  if (type != nullptr) {
    PyErr_Restore(type, value, trace);
    throw py::error_already_set();
  }
  if (error) std::rethrow_exception(error);
  return std::move(*result);
}

void init_graphs(py::module_& m);
void init_metrics(py::module_& m);
void init_capacity(py::module_& m);
void init_throughput_profile(py::module_& m);
void init_routing(py::module_& m);
void init_halley(py::module_& m);
void init_tables(py::module_& m);
void init_physical(py::module_& m);
void init_results(py::module_& m);

}  // namespace shiftfly::python
