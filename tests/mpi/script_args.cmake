# Included by the cmake -P scripts of tests/mpi/: requires the -D variables
# listed in SCRIPT_REQUIRED (named SCRIPT_NAME in the error) and turns the
# space-separated ones into lists (a ';' does not survive add_test).
foreach(v ${SCRIPT_REQUIRED})
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "${SCRIPT_NAME}: -D${v}=... is required")
  endif()
endforeach()
foreach(v MPIEXEC_FLAGS RANKS ARGS THREADS)
  if(DEFINED ${v})
    separate_arguments(${v} UNIX_COMMAND "${${v}}")
  endif()
endforeach()
