#pragma once
/// \file study_options.hpp
/// How a study runs, for the study entry points that have no options of their own: the
/// library's one calling convention for a thread count is an options struct that holds it
/// (docs/design.md, "Parallelism"). Every figure of a study is the same for any thread count.

namespace shiftfly::studies {

/// How a study runs; nothing here changes a figure.
struct study_options {
  unsigned threads = 0;  ///< worker threads (0 = all cores)
};

}  // namespace shiftfly::studies
