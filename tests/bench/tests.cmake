# bench/ratios_tiny: the ratio line's comparisons (bench/ratios.py driving bench_ratios, the
# Python references in Debian's python3 with python3-igraph and SciPy, scripts/setup.sh) on graphs
# of tens of vertices, so that the suite runs their agreement checks: distance sums equal to the
# plain bit-parallel BFS's, channel loads to plain Brandes' and igraph's within 1e-9, lambda2 to
# eigsh's within 1e-8, the certified interval holding HiGHS's optimum. No time is checked. Under
# a second. bench_ratios exists when the benchmarks are configured (SHIFTFLY_BUILD_BENCH; the
# Clang and sanitizer builds leave them out).
find_program(SHIFTFLY_PYTHON3 NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(SHIFTFLY_BUILD_BENCH AND SHIFTFLY_PYTHON3)
  add_test(NAME bench/ratios_tiny
    COMMAND ${SHIFTFLY_PYTHON3} ${PROJECT_SOURCE_DIR}/bench/ratios.py ${CMAKE_BINARY_DIR}/bench/bench_ratios --tiny --reps 1)
endif()
