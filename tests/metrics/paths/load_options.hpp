#pragma once
// Options of the uniform load for the tests of tests/metrics/paths/: a split and a thread count.
#include "shiftfly/metrics/paths/shortest_path_load.hpp"

namespace shiftfly::testing {

inline metrics::uniform_load_options load_options(metrics::shortest_path_split s, unsigned threads = 1) {
  metrics::uniform_load_options o;
  o.split = s;
  o.threads = threads;
  return o;
}

}  // namespace shiftfly::testing
