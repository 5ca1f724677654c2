# BookSim2's measured saturation (tests/fixtures/booksim/summary.tsv, made outside CI by
# scripts/simulator_check.sh) at or below the exact channel-load bound of the same routing:
# minimal with BookSim2's tie rule under its uniform traffic (tests/tools/booksim_bound.sh).
add_test(NAME tools/booksim_bound
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/tools/booksim_bound.sh ${CMAKE_BINARY_DIR}/bin/shiftfly
          ${PROJECT_SOURCE_DIR}/tests/fixtures/booksim)
