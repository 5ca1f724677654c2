# MPI scale-out tests (include/shiftfly/mpi/), registered only when
# shiftfly::mpi exists (SHIFTFLY_WITH_MPI, ON when MPI is found). Each runs
# mpirun on localhost with 1, 2 or 3 ranks (Open MPI: --oversubscribe for more
# ranks than cores, --allow-run-as-root for CI containers). About 30 s in all.
#   mpi/distances_np{1,2,3}   the header against the single-process functions (mpi_distances_check)
#   mpi/metrics_<graph>       shiftfly metrics ... --mpi under -n 1, 2 and/or 3 == the single-process JSON, byte for byte
#   mpi/metrics_threads       the same with 1 and 2 threads per rank
#   mpi/bad_input_*           bad input: one line from rank 0, non-zero exit, no hang
if(NOT TARGET shiftfly::mpi)
  return()
endif()
if(NOT MPIEXEC_EXECUTABLE)
  message(STATUS "shiftfly: MPI found but no mpiexec/mpirun; the mpi/* tests are not registered")
  return()
endif()

set(_mpi_flags ${MPIEXEC_PREFLAGS})
execute_process(COMMAND ${MPIEXEC_EXECUTABLE} --version OUTPUT_VARIABLE _mpi_version ERROR_VARIABLE _mpi_version)
if(_mpi_version MATCHES "Open MPI|OpenRTE")
  list(APPEND _mpi_flags --oversubscribe --allow-run-as-root)
endif()

add_executable(test_mpi_distances_check ${CMAKE_CURRENT_SOURCE_DIR}/mpi/mpi_distances_check.cpp)
target_include_directories(test_mpi_distances_check PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/metrics)
# test_graphs.hpp (random graphs) also reads fixtures, unused here.
target_compile_definitions(test_mpi_distances_check PRIVATE SHIFTFLY_FIXTURES="${CMAKE_CURRENT_SOURCE_DIR}/fixtures")
target_link_libraries(test_mpi_distances_check PRIVATE shiftfly::mpi)
foreach(np 1 2 3)
  add_test(NAME mpi/distances_np${np}
    COMMAND ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${np} ${_mpi_flags} $<TARGET_FILE:test_mpi_distances_check>)
  set_tests_properties(mpi/distances_np${np} PROPERTIES TIMEOUT 120 PROCESSORS 2)
endforeach()

# Lists travel to the scripts as space-separated strings (see compare_metrics.cmake).
list(JOIN _mpi_flags " " _mpi_flags_text)
set(_mpi_cmp -DSHIFTFLY=${CMAKE_BINARY_DIR}/bin/shiftfly -DMPIEXEC=${MPIEXEC_EXECUTABLE} "-DMPIEXEC_FLAGS=${_mpi_flags_text}")
# name | ranks | metrics arguments: several families, undirected and along the arcs,
# exact and sampled; each has more than one 512-source batch (so the ranks share them).
# Every graph runs under -n 3 (uneven shares), some under -n 1 and -n 2 too (each
# mpirun costs about a second to start).
set(_mpi_graphs
  "torus|1 2 3|torus --dims 16,12,8"
  "kautz|3|kautz --d 4 --D 5"
  "kautz_directed|2 3|kautz --d 4 --D 5 --directed"
  "imase_itoh|3|imase-itoh --n 3000 --d 3"
  "imase_itoh_directed|2 3|imase-itoh --n 3000 --d 3 --directed"
  "boardfly_pod_chips|3|boardfly --groups 36 --level chip"
  "boardfly_groups|2 3|boardfly --groups 1080"
  "shiftfly_groups|1 2 3|shiftfly --groups 2000"
  "shiftfly_groups_12500|3|shiftfly --groups 12500"
  "shiftfly_groups_directed|3|shiftfly --groups 2000 --directed"
  "shiftfly_chips|2 3|shiftfly --groups 60 --level chip"
  "shiftfly_sampled|3|shiftfly --groups 2000 --samples 1500")
foreach(entry ${_mpi_graphs})
  string(REPLACE "|" ";" entry "${entry}")
  list(GET entry 0 name)
  list(GET entry 1 ranks)
  list(GET entry 2 args)
  add_test(NAME mpi/metrics_${name}
    COMMAND ${CMAKE_COMMAND} ${_mpi_cmp} "-DRANKS=${ranks}" "-DARGS=${args}" -P ${CMAKE_CURRENT_SOURCE_DIR}/mpi/compare_metrics.cmake)
  set_tests_properties(mpi/metrics_${name} PROPERTIES TIMEOUT 300 PROCESSORS 2)
endforeach()
add_test(NAME mpi/metrics_threads
  COMMAND ${CMAKE_COMMAND} ${_mpi_cmp} "-DRANKS=1 2" "-DTHREADS=1 2" "-DARGS=shiftfly --groups 60 --level chip"
          -P ${CMAKE_CURRENT_SOURCE_DIR}/mpi/compare_metrics.cmake)
set_tests_properties(mpi/metrics_threads PROPERTIES TIMEOUT 300 PROCESSORS 2)

# Bad input under mpirun -n 3, found after MPI_Init (the family's parameters, --directed
# without arcs) and while parsing (a malformed number, before MPI starts).
# name | metrics arguments | text the one error line contains
set(_mpi_bad
  "family_range|torus --dims 1,4|dims item = 1"
  "directed_no_arcs|torus --dims 4,4 --directed|has no arcs"
  "parse|torus --dims 4,x|non-integer item")
foreach(entry ${_mpi_bad})
  string(REPLACE "|" ";" entry "${entry}")
  list(GET entry 0 name)
  list(GET entry 1 args)
  list(GET entry 2 expect)
  add_test(NAME mpi/bad_input_${name}
    COMMAND ${CMAKE_COMMAND} ${_mpi_cmp} -DRANKS=3 "-DARGS=${args}" "-DEXPECT=${expect}"
            -P ${CMAKE_CURRENT_SOURCE_DIR}/mpi/bad_input.cmake)
  set_tests_properties(mpi/bad_input_${name} PROPERTIES TIMEOUT 90 PROCESSORS 2)
endforeach()
