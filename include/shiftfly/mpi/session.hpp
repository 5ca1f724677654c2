#pragma once
/// \file mpi/session.hpp
/// One MPI run of a program: MPI_Init on construction, MPI_Finalize on
/// destruction (also when an exception unwinds), and a collective end that lets
/// rank 0 alone report. Optional like mpi/distances.hpp: it needs <mpi.h>.
///
/// Threading: MPI_THREAD_FUNNELED. Only the thread that made the session calls
/// MPI; the distance sweeps' worker threads never do.

#include <mpi.h>

#include <iostream>
#include <string>

namespace shiftfly::mpi {

/// MPI_Init_thread (funneled) on construction, MPI_Finalize on destruction.
class session {
 public:
  session() {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  }
  session(const session&) = delete;
  session& operator=(const session&) = delete;
  ~session() { MPI_Finalize(); }

  /// This process's rank in MPI_COMM_WORLD.
  [[nodiscard]] int rank() const noexcept { return rank_; }

  /// Collective end of a run: rank 0 prints `line` (if not empty) on `err`, then every
  /// rank takes the largest `status` of all ranks. No rank returns before rank 0 has
  /// written, so mpirun cannot abort the job over a non-zero status before the line is out.
  [[nodiscard]] int finish(int status, const std::string& line, std::ostream& err = std::cerr) const {
    if (rank_ == 0 && !line.empty()) err << line + "\n" << std::flush;
    MPI_Allreduce(MPI_IN_PLACE, &status, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return status;
  }

 private:
  int rank_ = 0;
};

}  // namespace shiftfly::mpi
