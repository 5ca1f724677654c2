# Packaging checks, run through `ctest --build-and-test`:
#  cmake/install        installs shiftfly (headers + CMake package only, no Python module) into a
#                       temporary prefix; fixture for the next test;
#  cmake/find_package   a consumer using find_package(shiftfly CONFIG REQUIRED);
#  cmake/add_subdirectory a consumer adding shiftfly as a subdirectory.
set(_shiftfly_pkg ${CMAKE_CURRENT_BINARY_DIR}/cmake-consumers)
set(_shiftfly_gen_args --build-generator ${CMAKE_GENERATOR})
add_test(NAME cmake/install
  COMMAND ${CMAKE_CTEST_COMMAND} --build-and-test ${PROJECT_SOURCE_DIR} ${_shiftfly_pkg}/shiftfly-build
    ${_shiftfly_gen_args} --build-noclean --build-target install
    --build-options -DSHIFTFLY_BUILD_TESTS=OFF -DSHIFTFLY_BUILD_TOOLS=OFF -DSHIFTFLY_BUILD_BENCH=OFF
      -DSHIFTFLY_BUILD_EXAMPLES=OFF -DSHIFTFLY_BUILD_PYTHON=OFF -DCMAKE_INSTALL_PREFIX=${_shiftfly_pkg}/prefix)
set_tests_properties(cmake/install PROPERTIES FIXTURES_SETUP shiftfly_installed)
add_test(NAME cmake/find_package
  COMMAND ${CMAKE_CTEST_COMMAND} --build-and-test ${CMAKE_CURRENT_SOURCE_DIR}/cmake/find_package
    ${_shiftfly_pkg}/find_package ${_shiftfly_gen_args}
    --build-options -DCMAKE_PREFIX_PATH=${_shiftfly_pkg}/prefix -DCMAKE_BUILD_TYPE=Release
    --test-command ${_shiftfly_pkg}/find_package/consumer)
set_tests_properties(cmake/find_package PROPERTIES FIXTURES_REQUIRED shiftfly_installed)
add_test(NAME cmake/add_subdirectory
  COMMAND ${CMAKE_CTEST_COMMAND} --build-and-test ${CMAKE_CURRENT_SOURCE_DIR}/cmake/add_subdirectory
    ${_shiftfly_pkg}/add_subdirectory ${_shiftfly_gen_args}
    --build-options -DSHIFTFLY_ROOT=${PROJECT_SOURCE_DIR} -DCMAKE_BUILD_TYPE=Release
    --test-command ${_shiftfly_pkg}/add_subdirectory/consumer)
