# Header self-containment: every public header under include/shiftfly compiles on
# its own (it includes what it uses) and twice in a row (#pragma once), with the
# include paths of the build (tests/headers/self_contained.py). A few hub headers, chosen
# from the include graph, are compiled on their own into precompiled headers first
# (headers/hubs, the ctest fixture shiftfly_header_hubs); every other header is then compiled
# with the PCH of the largest hub its own includes reach loaded first, which holds only what
# the header would parse anyway, so the checks share the parsing and the template
# instantiations of the hubs' closures (about 430 s of CPU against 776 s compiled one by one,
# docs/hardening.md, "CI time"). Headers that reach the same two or more hubs may share a group
# PCH of what all of them reach (the eleven Halley tables headers: 37 s of checks to 6 s, for a 7 s
# PCH). A header that fails with a PCH is compiled again alone, and the
# message is that compile's. One ctest entry per directory (headers/<dir>), so ctest -j runs
# them side by side. Scripts that rebuild the suite with another compiler or instrumentation skip
# them (-E "^headers/"): one compiler suffices.
file(GLOB_RECURSE _shiftfly_headers CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/include/shiftfly/*.hpp)
list(SORT _shiftfly_headers)
if(NOT TARGET shiftfly::mpi)
  list(FILTER _shiftfly_headers EXCLUDE REGEX "/include/shiftfly/mpi/")
endif()
set(_shiftfly_header_dirs)
foreach(h ${_shiftfly_headers})
  file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR}/include/shiftfly ${h})
  # one entry per directory (tables/halley/ apart from tables/)
  get_filename_component(dir "${rel}" DIRECTORY)
  if(dir STREQUAL "")
    set(dir "components")
  else()
    string(REPLACE "/" "_" dir "${dir}")
  endif()
  list(APPEND _shiftfly_header_dirs ${dir})
  list(APPEND _shiftfly_headers_${dir} "shiftfly/${rel}")
endforeach()
list(REMOVE_DUPLICATES _shiftfly_header_dirs)
set(_shiftfly_header_includes ${PROJECT_SOURCE_DIR}/include ${EIGEN3_INCLUDE_DIR} ${METIS_INCLUDE_DIR} ${CLP_INCLUDE_DIRS} ${BLISS_INCLUDE_DIRS})
if(TARGET shiftfly::mpi)
  list(APPEND _shiftfly_header_includes ${MPI_CXX_INCLUDE_DIRS})
endif()
# The syntax checks run under clang++ when it is installed (scripts/setup.sh
# installs it): its -fsyntax-only takes about 40% less time than g++'s on these
# headers, one compiler suffices to show a header includes what it uses, and the PCHs
# are clang's. Without clang++ every header is compiled alone by the build's compiler
# (SHIFTFLY_HEADER_PCH=OFF). The component headers (shiftfly/*.hpp) are left out: they only
# include headers that are checked here one by one, and tests/odr compiles all of them together.
find_program(SHIFTFLY_SYNTAX_CXX NAMES clang++ clang++-14)
set(_shiftfly_header_pch ON)
if(NOT SHIFTFLY_SYNTAX_CXX)
  set(SHIFTFLY_SYNTAX_CXX ${CMAKE_CXX_COMPILER})
  set(_shiftfly_header_pch OFF)
endif()
list(REMOVE_ITEM _shiftfly_header_dirs components)
string(REPLACE ";" "," _inc "${_shiftfly_header_includes}")
if(NOT _shiftfly_header_pch OR NOT Python3_EXECUTABLE)
  foreach(dir ${_shiftfly_header_dirs})
    string(REPLACE ";" "," _list "${_shiftfly_headers_${dir}}")
    add_test(NAME headers/${dir}
      COMMAND ${CMAKE_COMMAND} -DCXX=${SHIFTFLY_SYNTAX_CXX} -DHEADERS=${_list} -DINCLUDES=${_inc}
        -DWORK=${CMAKE_CURRENT_BINARY_DIR}/headers/${dir} -P ${CMAKE_CURRENT_SOURCE_DIR}/headers/compile_each.cmake)
  endforeach()
else()
  set(_shiftfly_header_check ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/headers/self_contained.py
    --cxx ${SHIFTFLY_SYNTAX_CXX} --include ${_inc} --root ${PROJECT_SOURCE_DIR}/include
    --work ${CMAKE_CURRENT_BINARY_DIR}/headers/units)
  if(NOT TARGET shiftfly::mpi)
    list(APPEND _shiftfly_header_check --leave-out shiftfly/mpi/)
  endif()
  # The hubs first (two compilers at once: they are on the path of every other check).
  add_test(NAME headers/hubs COMMAND ${CMAKE_COMMAND} -E env SHIFTFLY_HEADER_JOBS=2 ${_shiftfly_header_check} hubs)
  set_tests_properties(headers/hubs PROPERTIES FIXTURES_SETUP shiftfly_header_hubs PROCESSORS 2 COST 1000)
  foreach(dir ${_shiftfly_header_dirs})
    add_test(NAME headers/${dir} COMMAND ${CMAKE_COMMAND} -E env SHIFTFLY_HEADER_JOBS=1
      ${_shiftfly_header_check} check ${_shiftfly_headers_${dir}})
    # ctest -j starts the costliest tests first: these take about a second a header, so that the
    # longest of them does not start last and run alone (a clean clone has no cost data)
    list(LENGTH _shiftfly_headers_${dir} _count)
    math(EXPR _cost "${_count} * 2")
    set_tests_properties(headers/${dir} PROPERTIES FIXTURES_REQUIRED shiftfly_header_hubs COST ${_cost})
  endforeach()
  # The check itself: on a small tree of its own, a header that leans on what only a hub outside
  # its closure includes must fail, and a hub that does must fail its own compile.
  add_test(NAME headers/self_contained_fails COMMAND ${Python3_EXECUTABLE}
    ${CMAKE_CURRENT_SOURCE_DIR}/headers/self_contained_fails.py ${SHIFTFLY_SYNTAX_CXX} ${CMAKE_CURRENT_BINARY_DIR}/headers/fails)
endif()

# What each component leaves out (docs/design.md, "Components"), checked on its
# include closure as the compiler lists it (-M).
string(REPLACE ";" "," _inc "${_shiftfly_header_includes}")
foreach(_case
    "graph|metis|/coin/|Clp|Coin|bliss|gmp|nlohmann|shiftfly/(report|tables|halley|studies|workload|operations|collectives)/|(edge_list|graphml|node_link|graph)_file[.]hpp|file_source"
    "solvers|nlohmann|shiftfly/(report|tables|halley|studies|workload|operations|collectives)/|(edge_list|graphml|node_link|graph)_file[.]hpp|file_source"
    "files|shiftfly/(report|tables|halley|studies|workload|operations|collectives)/"
    "halley|nlohmann|shiftfly/(report|tables|topology|metrics|routing|io|studies)/"
    "studies|shiftfly/(report|tables|halley)/"
    "tables|shiftfly/report/gnuplot[.]hpp")
  string(REPLACE "|" ";" _parts "${_case}")
  list(GET _parts 0 _component)
  list(SUBLIST _parts 1 -1 _forbidden)
  list(JOIN _forbidden "|" _forbidden)
  add_test(NAME headers/closure_${_component}
    COMMAND ${CMAKE_COMMAND} -DCXX=${CMAKE_CXX_COMPILER} -DINCLUDES=${_inc} -DHEADER=shiftfly/${_component}.hpp
      "-DFORBIDDEN=${_forbidden}" -DWORK=${CMAKE_CURRENT_BINARY_DIR}/headers/closure
      -P ${CMAKE_CURRENT_SOURCE_DIR}/headers/closure.cmake)
endforeach()

# The graph component alone (docs/design.md, "Components"): examples/graph_only.cpp, which
# includes <shiftfly/graph.hpp>, builds a torus and measures its diameter, is compiled, linked
# and run with only shiftfly's, Eigen's and Boost's include directories and -pthread: no METIS
# or CLP directory, and metis.h, the CLP headers and nlohmann/json.hpp shadowed by headers
# that stop the compiler. Its include closure must hold no METIS, CLP or JSON file and no
# shiftfly header that runs a program (popen) or names gnuplot.
# With the examples built, the program is the build's example_graph_only (compiled through
# shiftfly::graph, examples/CMakeLists.txt), run rather than compiled again (component_alone.cmake).
set(_shiftfly_graph_only_program)
if(SHIFTFLY_BUILD_EXAMPLES)
  set(_shiftfly_graph_only_program -DPROGRAM=$<TARGET_FILE:example_graph_only>)
endif()
set(_shiftfly_graph_only_includes ${PROJECT_SOURCE_DIR}/include ${EIGEN3_INCLUDE_DIR} ${Boost_INCLUDE_DIRS})
list(REMOVE_DUPLICATES _shiftfly_graph_only_includes)
string(REPLACE ";" "," _inc "${_shiftfly_graph_only_includes}")
add_test(NAME headers/graph_only
  COMMAND ${CMAKE_COMMAND} -DCXX=${CMAKE_CXX_COMPILER} -DSOURCE=${PROJECT_SOURCE_DIR}/examples/graph_only.cpp
    -DINCLUDES=${_inc} -DOWN=${PROJECT_SOURCE_DIR}/include/shiftfly
    "-DPOISON=metis.h,ClpSimplex.hpp,coin/ClpSimplex.hpp,CoinHelperFunctions.hpp,coin/CoinHelperFunctions.hpp,nlohmann/json.hpp"
    "-DFORBIDDEN=metis|/coin/|Clp|Coin|nlohmann|shiftfly/(report|tables|halley|studies)/"
    "-DFORBIDDEN_TEXT=popen|gnuplot" -DLINK=-pthread "-DEXPECT=8x8 torus: 64 vertices, diameter 8"
    -DWORK=${CMAKE_CURRENT_BINARY_DIR}/headers/graph_only ${_shiftfly_graph_only_program}
    -P ${CMAKE_CURRENT_SOURCE_DIR}/headers/component_alone.cmake)
