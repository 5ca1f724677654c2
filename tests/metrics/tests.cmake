# metrics/betweenness_fixtures_check: tests/fixtures/betweenness/make_betweenness.py --check
# computes networkx's and igraph's edge betweenness of the fixture graphs again and compares them
# with the committed betweenness.txt that metrics/paths/shortest_path_load_test reads (graphs byte for
# byte, values to 1e-9 relative). About 1 s of CPU time; it needs Debian's python3 with networkx
# and python3-igraph (scripts/setup.sh).
find_program(SHIFTFLY_PYTHON3 NAMES python3 PATHS /usr/bin NO_DEFAULT_PATH)
if(SHIFTFLY_PYTHON3)
  add_test(NAME metrics/betweenness_fixtures_check
    COMMAND ${SHIFTFLY_PYTHON3} ${PROJECT_SOURCE_DIR}/tests/fixtures/betweenness/make_betweenness.py --check)
  set_tests_properties(metrics/betweenness_fixtures_check PROPERTIES TIMEOUT 300)
endif()

# metrics/tub_fixtures_check: tests/fixtures/tub/make_tub.py --check computes TUB's formula again
# (networkx distances, scipy's linear_sum_assignment) on the fixture graphs and compares it with
# the committed tub.txt that metrics/flow/worst_permutation_test reads. About 2 s of CPU time; it needs
# Debian's python3 with networkx and scipy (scripts/setup.sh).
if(SHIFTFLY_PYTHON3)
  add_test(NAME metrics/tub_fixtures_check
    COMMAND ${SHIFTFLY_PYTHON3} ${PROJECT_SOURCE_DIR}/tests/fixtures/tub/make_tub.py --check)
  set_tests_properties(metrics/tub_fixtures_check PROPERTIES TIMEOUT 300)
endif()
