# cmake -P script run by the mpi/metrics_* ctest entries (tests/mpi/tests.cmake):
#   cmake -DSHIFTFLY=<bin>/shiftfly -DMPIEXEC=<mpirun> "-DMPIEXEC_FLAGS=<flags>"
#         "-DRANKS=1 2 3" "-DARGS=<metrics arguments>" ["-DTHREADS=1 2"] -P compare_metrics.cmake
# Runs `shiftfly metrics ARGS --format json` on one process, then
# `MPIEXEC -n K MPIEXEC_FLAGS shiftfly metrics ARGS --format json --mpi [--threads T]`
# for every K in RANKS (and every T in THREADS), and fails unless each output equals
# the single-process output byte for byte and exits 0.
set(SCRIPT_NAME compare_metrics)
set(SCRIPT_REQUIRED SHIFTFLY MPIEXEC RANKS ARGS)
include(${CMAKE_CURRENT_LIST_DIR}/script_args.cmake)
if(NOT DEFINED THREADS)
  set(THREADS "")
endif()

execute_process(COMMAND ${SHIFTFLY} metrics ${ARGS} --format json
  RESULT_VARIABLE rc OUTPUT_VARIABLE single ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR single STREQUAL "")
  message(FATAL_ERROR "single process: shiftfly metrics ${ARGS} exited ${rc}: ${err}")
endif()
string(STRIP "${single}" shown)
message(STATUS "single process: ${shown}")

foreach(k ${RANKS})
  if(THREADS STREQUAL "")
    set(thread_runs "default")
  else()
    set(thread_runs ${THREADS})
  endif()
  foreach(t ${thread_runs})
    set(extra "")
    if(NOT t STREQUAL "default")
      set(extra --threads ${t})
    endif()
    execute_process(COMMAND ${MPIEXEC} -n ${k} ${MPIEXEC_FLAGS} ${SHIFTFLY} metrics ${ARGS} --format json --mpi ${extra}
      RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "mpirun -n ${k} (threads ${t}): exited ${rc}: ${err}")
    endif()
    if(NOT out STREQUAL single)
      message(FATAL_ERROR "mpirun -n ${k} (threads ${t}) differs from the single process:\n${out}\nexpected:\n${single}")
    endif()
    message(STATUS "mpirun -n ${k} --mpi (threads ${t}): identical")
  endforeach()
endforeach()
