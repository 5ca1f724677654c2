#pragma once
// The JSON envelope every `--format json` output has (tools/common/envelope.hpp,
// docs/cli.md): one object {tool, version, command, parameters, result}, in that
// order. json_result() checks the envelope and returns the result.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "shiftfly/core/version.hpp"

namespace shiftfly::test {

/// Checks `text` is one enveloped JSON object followed by a newline; returns it.
inline nlohmann::ordered_json json_envelope(const std::string& text) {
  INFO(text.substr(0, 300));
  REQUIRE(!text.empty());
  CHECK(text.back() == '\n');
  const auto j = nlohmann::ordered_json::parse(text);
  REQUIRE(j.is_object());
  std::vector<std::string> keys;
  for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
  CHECK(keys == std::vector<std::string>{"tool", "version", "command", "parameters", "result"});
  CHECK((j["tool"] == "shiftfly" || j["tool"] == "halley"));
  CHECK(j["version"] == std::string(core::version));
  CHECK(j["command"].get<std::string>().rfind(j["tool"].get<std::string>() + " ", 0) == 0);
  CHECK(j["parameters"].is_object());
  return j;
}

/// The result of an enveloped JSON output (checked by json_envelope).
inline nlohmann::json json_result(const std::string& text) {
  return nlohmann::json::parse(json_envelope(text)["result"].dump());
}

}  // namespace shiftfly::test
