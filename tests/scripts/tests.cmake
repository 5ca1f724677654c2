# scripts/runnable_elsewhere: the count of CPU-bound processes outside a process tree, by which
# scripts/test_busy.sh spins only what the machine does not already run, read from a made-up /proc
# (tests/scripts/runnable_elsewhere_check.sh), and its refusals of bad arguments.
add_test(NAME scripts/runnable_elsewhere
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/scripts/runnable_elsewhere_check.sh ${PROJECT_SOURCE_DIR}
    ${CMAKE_CURRENT_BINARY_DIR}/runnable-elsewhere)
