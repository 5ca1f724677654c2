# readme/recipes: docs/api.md's consumer blocks, run verbatim (tests/readme/run_recipes.sh consumer):
# a find_package consumer and a pkg-config consumer, on the install that ctest cmake/install made by
# the page's install block in a copy of the tree (fixture shiftfly_installed, tests/cmake/tests.cmake).
if(NOT SHIFTFLY_INSTALL_WORK)
  set(SHIFTFLY_INSTALL_WORK ${CMAKE_CURRENT_BINARY_DIR}/cmake-consumers/recipes)
endif()
add_test(NAME readme/recipes
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/readme/run_recipes.sh consumer ${PROJECT_SOURCE_DIR}
    ${SHIFTFLY_INSTALL_WORK})
set_tests_properties(readme/recipes PROPERTIES FIXTURES_REQUIRED shiftfly_installed COST 40)

# readme/examples: the README's five examples run (the tools of this build first on
# PATH; the Python one with this build's package), their output compared with the
# README's (tests/readme/run_examples.sh). Needs the Python bindings.
if(SHIFTFLY_BUILD_PYTHON)
  add_test(NAME readme/examples
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/readme/run_examples.sh ${PROJECT_SOURCE_DIR}/README.md
      $<TARGET_FILE_DIR:shiftfly_tool> ${CMAKE_BINARY_DIR}/python ${Python3_EXECUTABLE}
      ${CMAKE_CURRENT_BINARY_DIR}/readme-examples)
endif()

# readme/ci_stages: the README's list of CI stages is what scripts/ci_stages.sh
# prints from .ci/run (tests/readme/check_ci_stages.sh).
add_test(NAME readme/ci_stages
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/readme/check_ci_stages.sh ${PROJECT_SOURCE_DIR})
