# BookSim2's measured saturation (tests/fixtures/booksim/summary.tsv, made outside CI by
# scripts/simulator_check.sh) at or below the exact channel-load bound of the same routing:
# minimal with BookSim2's tie rule under the run's traffic (uniform, or the bitcomp permutation,
# node by node too) with the file's endpoint counts (tests/tools/booksim_bound.sh).
add_test(NAME tools/booksim_bound
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/tools/booksim_bound.sh ${CMAKE_BINARY_DIR}/bin/shiftfly
          ${PROJECT_SOURCE_DIR}/tests/fixtures/booksim ${Python3_EXECUTABLE})

# tools/cost_installed: `cmake --install` of the tool and the cost models (components shiftfly_tool
# and cost_models) into a fresh prefix, and the installed `shiftfly cost --model slimfly-sc14`
# reading the installed model file, not the source tree's (tests/tools/cost_installed.sh).
add_test(NAME tools/cost_installed
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/tools/cost_installed.sh ${CMAKE_BINARY_DIR}
    ${CMAKE_CURRENT_BINARY_DIR}/cost-installed)
