#pragma once
// The set-up the reader tests share: one of the io readers (edge list, GraphML,
// node-link JSON; they share a signature) read on a text as if from a file of a
// given name, and its refusal as the tools print it.
#include <cstdint>
#include <string>
#include <string_view>

#include "shiftfly/core/error.hpp"
#include "shiftfly/io/file_graph.hpp"

namespace shiftfly::test {

using read_result = io::graph_file<std::uint32_t>;

struct file_reader {
  read_result (*reader)(std::string_view, std::string_view, const io::graph_file_options&);
  const char* file;

  [[nodiscard]] read_result read(const std::string& text, bool directed = false) const {
    io::graph_file_options o;
    o.directed = directed;
    return reader(text, file, o);
  }

  /// The refusal's message without the function, or "" if the text is read.
  [[nodiscard]] std::string refusal(const std::string& text, bool directed = false) const {
    try {
      static_cast<void>(read(text, directed));
    } catch (const core::invalid_parameter& e) {
      return e.message_without_function();
    }
    return "";
  }
};

}  // namespace shiftfly::test
