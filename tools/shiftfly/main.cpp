// shiftfly: graphs of accelerator interconnects, their metrics, routes and tables.
#include "common/cli_main.hpp"

int main(int argc, char** argv) {
  return shiftfly::tools::run_cli("shiftfly", "shiftfly: graphs, metrics, routes and tables of accelerator interconnects",
                                  argc, argv);
}
