# docs/api_snippets: every snippet of docs/api.md compiled (C++20, the source
# tree's include directory, Eigen for the spectral metrics, Boost from
# the system, with Boost.Graph's library), run, and its output compared with the output the page shows
# (tests/docs/run_api_snippets.sh). Scripts that rebuild the suite with another
# compiler or instrumentation skip it (-E "^docs/"), as they skip headers/.
# Boost.Graph's compiled library for read_graphml (io/graphml_file.hpp, reached through the
# file family of topology/family.hpp); --no-as-needed, as the flags come before the source.
# Without optimisation, as the consumer tests (tests/cmake/): the snippets run in a hundredth of
# a second either way, and GCC 12 compiled the nine in 57.7 s of CPU at -O0 against 67.4 s at
# -O1 (docs/hardening.md, "CI time"); the output must be what the page shows at any level.
set(_shiftfly_snippet_flags -std=c++20 -O0 -pthread -Wl,--no-as-needed -lboost_graph)
foreach(dir ${PROJECT_SOURCE_DIR}/include ${EIGEN3_INCLUDE_DIR})
  # the system directory is searched anyway, and naming it with -I reorders it before the C++ headers
  if(NOT dir STREQUAL "/usr/include")
    list(APPEND _shiftfly_snippet_flags -I${dir})
  endif()
endforeach()
add_test(NAME docs/api_snippets
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/docs/run_api_snippets.sh ${PROJECT_SOURCE_DIR}/docs/api.md
    ${CMAKE_CURRENT_BINARY_DIR}/api-snippets ${CMAKE_CXX_COMPILER} ${_shiftfly_snippet_flags})
# about a minute of compiling: started among the first under ctest -j (see headers/)
set_tests_properties(docs/api_snippets PROPERTIES COST 60)

# docs/cli_reference: docs/cli.md regenerated from the built tools (every command's
# --help and example, scripts/cli_reference.sh) must equal the committed page;
# on a difference the test prints the command that regenerates it. The tools'
# directory comes from their targets, so the test names the tools it runs.
add_test(NAME docs/cli_reference
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/docs/check_cli_reference.sh ${PROJECT_SOURCE_DIR}
    $<TARGET_FILE_DIR:shiftfly_tool> ${CMAKE_CURRENT_BINARY_DIR}/cli-reference)

# docs/simulators_examples: docs/simulators.md's shell examples run with this build's tools first
# on PATH and their output compared with the page's (tests/readme/run_examples.sh; the BookSim2
# output on the page is recorded, not run: BookSim2 is not a Debian package).
add_test(NAME docs/simulators_examples
  COMMAND bash ${PROJECT_SOURCE_DIR}/tests/readme/run_examples.sh ${PROJECT_SOURCE_DIR}/docs/simulators.md
    $<TARGET_FILE_DIR:shiftfly_tool> ${CMAKE_BINARY_DIR} ${Python3_EXECUTABLE} ${CMAKE_CURRENT_BINARY_DIR}/simulators-examples)

# docs/collectives_examples: docs/collectives.md's recipes of `shiftfly collective` run with this
# build's tools and their output compared with the page's (tests/readme/run_examples.sh).
add_test(NAME docs/collectives_examples
  COMMAND bash ${PROJECT_SOURCE_DIR}/tests/readme/run_examples.sh ${PROJECT_SOURCE_DIR}/docs/collectives.md
    $<TARGET_FILE_DIR:shiftfly_tool> ${CMAKE_BINARY_DIR} ${Python3_EXECUTABLE} ${CMAKE_CURRENT_BINARY_DIR}/collectives-examples)
