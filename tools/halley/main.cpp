// halley: the Halley paper's closed-form reliability results for optical spare pools.
#include "common/cli_main.hpp"

int main(int argc, char** argv) {
  return shiftfly::tools::run_cli("halley", "halley: spare-laser pools, correlation ceilings and FoldFit", argc, argv);
}
