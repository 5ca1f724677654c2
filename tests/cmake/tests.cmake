# Packaging checks. One install serves the three consumer tests (ctest fixture shiftfly_installed):
#  cmake/install          docs/api.md's install recipe, verbatim, on a copy of the tree: headers and
#                         CMake package (no tools, tests or Python module) into a prefix under the test's work directory
#                         (tests/readme/run_recipes.sh install);
#  cmake/find_package     a consumer using find_package(shiftfly CONFIG REQUIRED) on that install;
#  readme/recipes         docs/api.md's consumer recipes on that install (tests/readme/tests.cmake);
#  cmake/add_subdirectory a consumer adding shiftfly as a subdirectory (no install).
# The consumers build without optimisation (no CMAKE_BUILD_TYPE): they check that the package
# configures, compiles, links and runs, which -O0 shows as well as -O3, and sooner.
set(_shiftfly_pkg ${CMAKE_CURRENT_BINARY_DIR}/cmake-consumers)
set(SHIFTFLY_INSTALL_WORK ${CMAKE_CURRENT_BINARY_DIR}/cmake-consumers/recipes)
set(_shiftfly_gen_args --build-generator ${CMAKE_GENERATOR})
add_test(NAME cmake/install
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/readme/run_recipes.sh install ${PROJECT_SOURCE_DIR} ${SHIFTFLY_INSTALL_WORK})
set_tests_properties(cmake/install PROPERTIES FIXTURES_SETUP shiftfly_installed)
add_test(NAME cmake/find_package
  COMMAND ${CMAKE_CTEST_COMMAND} --build-and-test ${CMAKE_CURRENT_SOURCE_DIR}/cmake/find_package
    ${_shiftfly_pkg}/find_package ${_shiftfly_gen_args}
    --build-options -DCMAKE_PREFIX_PATH=${SHIFTFLY_INSTALL_WORK}/user/.local
    --test-command ${_shiftfly_pkg}/find_package/consumer)
set_tests_properties(cmake/find_package PROPERTIES FIXTURES_REQUIRED shiftfly_installed)
add_test(NAME cmake/add_subdirectory
  COMMAND ${CMAKE_CTEST_COMMAND} --build-and-test ${CMAKE_CURRENT_SOURCE_DIR}/cmake/add_subdirectory
    ${_shiftfly_pkg}/add_subdirectory ${_shiftfly_gen_args}
    --build-options -DSHIFTFLY_ROOT=${PROJECT_SOURCE_DIR}
    --test-command ${_shiftfly_pkg}/add_subdirectory/consumer)
# minutes of compiling each: started among the first under ctest -j
set_tests_properties(cmake/find_package cmake/add_subdirectory PROPERTIES COST 40)
