# differential/fixtures_check: tests/fixtures/differential/make_differential.py --check builds
# every family from its definition and solves the throughput LPs with SciPy's HiGHS again, and
# compares the result with the committed fixtures that topology/differential_families_test and
# metrics/flow/differential_throughput_test read (families and demand files byte for byte, HiGHS
# values to 1e-9 relative). About 6 s of CPU time; it needs Debian's python3 with networkx,
# numpy and SciPy (scripts/setup.sh), like the Python tests.
find_program(SHIFTFLY_PYTHON3 NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(SHIFTFLY_PYTHON3)
  add_test(NAME differential/fixtures_check
    COMMAND ${SHIFTFLY_PYTHON3} ${PROJECT_SOURCE_DIR}/tests/fixtures/differential/make_differential.py --check)
  set_tests_properties(differential/fixtures_check PROPERTIES TIMEOUT 300)
endif()
