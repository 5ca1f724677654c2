# cmake -P script run by the mpi/bad_input_* ctest entries (tests/mpi/tests.cmake):
#   cmake -DSHIFTFLY=<bin>/shiftfly -DMPIEXEC=<mpirun> "-DMPIEXEC_FLAGS=<flags>" -DRANKS=3
#         "-DARGS=<metrics arguments>" -DEXPECT=<text of the error line> -P bad_input.cmake
# Runs `MPIEXEC -n RANKS MPIEXEC_FLAGS shiftfly metrics ARGS --mpi` on bad input and
# checks that the job ends (the ctest timeout catches a hang) with exit status 2,
# prints nothing on stdout, and that exactly one line of the tool (rank 0's) is on
# stderr: "shiftfly: error: ..." containing EXPECT. (mpirun adds its own banner about
# the non-zero exit status; those lines are not the tool's.)
set(SCRIPT_NAME bad_input)
set(SCRIPT_REQUIRED SHIFTFLY MPIEXEC RANKS ARGS EXPECT)
include(${CMAKE_CURRENT_LIST_DIR}/script_args.cmake)
execute_process(COMMAND ${MPIEXEC} -n ${RANKS} ${MPIEXEC_FLAGS} ${SHIFTFLY} metrics ${ARGS} --mpi
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
message(STATUS "exit status ${rc}; stderr:\n${err}")
if(NOT rc STREQUAL "2")
  message(FATAL_ERROR "expected exit status 2 (every rank exits 2), got '${rc}'")
endif()
if(NOT out STREQUAL "")
  message(FATAL_ERROR "expected nothing on stdout, got: ${out}")
endif()
string(REPLACE ";" "," err_text "${err}")  # a ';' would split the matches below
string(REGEX MATCHALL "shiftfly: [^\n]*" lines "${err_text}")
list(LENGTH lines count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected exactly one line from the tool on stderr, got ${count}")
endif()
string(FIND "${lines}" "shiftfly: error: " at_error)
string(FIND "${lines}" "${EXPECT}" at_expect)
if(NOT at_error EQUAL 0 OR at_expect EQUAL -1)
  message(FATAL_ERROR "the line '${lines}' is not 'shiftfly: error: ...${EXPECT}...'")
endif()
