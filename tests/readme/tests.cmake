# readme/recipes: the README's install and consumer blocks, run verbatim on a copy
# of the tree (tests/readme/run_recipes.sh): the install into a fresh $HOME/.local,
# a find_package consumer and a pkg-config consumer.
add_test(NAME readme/recipes
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/readme/run_recipes.sh ${PROJECT_SOURCE_DIR}
    ${CMAKE_CURRENT_BINARY_DIR}/readme-recipes)
