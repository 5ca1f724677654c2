#pragma once
/// \file model_file.hpp
/// A cost model read from a JSON file (the shipped ones: data/cost_models/*.json). In the
/// files component (nlohmann-json): <shiftfly/graph.hpp> does not include it.
///
/// API:
///   cost_model parse_cost_model(std::string_view text, std::string_view file);
///   cost_model read_cost_model_file(std::string_view path);   // io::read_file_text, then parse
///   const std::vector<std::string>& shipped_cost_models();     // "slimfly-sc14", "mudigonda-atc11"
///   std::string shipped_cost_models_dir();                     // where the shipped models are read from
///   std::string installed_cost_models_dir(const std::filesystem::path& program, std::string_view relative);
///       // an installed program's models: program's dir / relative, if the models are there, else ""
///   std::string cost_model_path(std::string_view model, std::string_view shipped_dir);
///       // a shipped model's name -> shipped_dir/<name>.json; a path (with '/' or ending .json) as is
///
/// The file is one object:
///   { "name": "...", "source": "...", "notes": "...",
///     "link_speed_gbps": 40, "markup": 1,
///     "electric": {"max_length_m": 5, "per_metre": 0.4079, "fixed": 0.5771, "per_gbps": true},
///     "optical":  {"per_metre": 0.0919, "fixed": 7.2745, "per_gbps": true},
///     "router":   {"per_port": 350.4, "fixed": -892.3},
///     "power":    {"watts_per_port": 2.8},
///     "rack":     {"slots": 42, "router_slots": 1, "endpoint_slots": 1, "width_m": 0.6, "depth_m": 2.1,
///                  "intra_rack_m": 2, "inter_rack_m": 4, "racks_per_row": 0},
///     "provenance": {"electric.per_metre": "where it was confirmed, or unconfirmed: why", ...} }
/// Every constant is required, and so is its provenance: a constant without a line in
/// "provenance" is refused, so that no number enters a model without saying where it is from.
/// A refusal is one line naming the file and the field (`m.json: electric.per_metre is
/// missing`, `m.json: cost_model: electric.per_metre = -1 is out of range (accepted: ...)`);
/// an unknown key is refused too (a misspelt constant would otherwise be silently missing).
#include <cstdint>
#include <filesystem>
#include <set>
#include <system_error>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "shiftfly/io/file_text.hpp"
#include "shiftfly/physical/model.hpp"

namespace shiftfly::physical {

inline cost_model parse_cost_model(std::string_view text, std::string_view file) {
  constexpr std::string_view where = "read_cost_model";
  using json = nlohmann::json;
  io::require_text(where, file, text);
  json doc;
  try {
    doc = json::parse(text.begin(), text.end());
  } catch (const json::exception& e) {
    std::string what = e.what();
    const std::size_t colon = what.find("] ");
    if (colon != std::string::npos) what = what.substr(colon + 2);
    io::fail_file(where, file, 0, "bad JSON: " + core::printable(what, 160));
  }
  const auto bad = [&](const std::string& why) { io::fail_file(where, file, 0, why); };
  if (!doc.is_object()) bad("expected a cost model object, found " + std::string(doc.type_name()));
  std::set<std::string> constants;  // the fields read, each of which needs a provenance line
  const auto known = [&](const json& obj, const std::string& prefix, std::set<std::string> keys) {
    for (const auto& [k, v] : obj.items())
      if (!keys.count(k)) bad("unknown key " + prefix + core::printable(k, 60));
  };
  const auto object = [&](const char* key) -> const json& {
    if (!doc.contains(key)) bad(std::string(key) + " is missing");
    if (!doc[key].is_object()) bad(std::string(key) + " is not an object");
    return doc[key];
  };
  const auto number = [&](const json& obj, const std::string& prefix, const char* key) {
    const std::string name = prefix + key;
    if (!obj.contains(key)) bad(name + " is missing");
    if (!obj[key].is_number()) bad(name + " is not a number");
    constants.insert(name);
    return obj[key].get<double>();
  };
  const auto count = [&](const json& obj, const std::string& prefix, const char* key) {
    const std::string name = prefix + key;
    if (!obj.contains(key)) bad(name + " is missing");
    if (!obj[key].is_number_unsigned()) bad(name + " is not a whole number >= 0");
    constants.insert(name);
    return obj[key].get<std::uint64_t>();
  };
  const auto flag = [&](const json& obj, const std::string& prefix, const char* key) {
    const std::string name = prefix + key;
    if (!obj.contains(key)) bad(name + " is missing");
    if (!obj[key].is_boolean()) bad(name + " is not true or false");
    return obj[key].get<bool>();
  };
  const auto word = [&](const char* key) {
    if (!doc.contains(key)) bad(std::string(key) + " is missing");
    if (!doc[key].is_string()) bad(std::string(key) + " is not a string");
    return doc[key].get<std::string>();
  };
  known(doc, "", {"name", "source", "notes", "link_speed_gbps", "markup", "electric", "optical", "router", "power", "rack",
                  "provenance"});
  cost_model m;
  m.name = word("name");
  m.source = word("source");
  if (doc.contains("notes")) m.notes = word("notes");
  m.link_speed_gbps = number(doc, "", "link_speed_gbps");
  m.markup = number(doc, "", "markup");
  const json& e = object("electric");
  known(e, "electric.", {"max_length_m", "per_metre", "fixed", "per_gbps"});
  m.electric_max_m = number(e, "electric.", "max_length_m");
  m.electric = {number(e, "electric.", "per_metre"), number(e, "electric.", "fixed"), flag(e, "electric.", "per_gbps")};
  const json& o = object("optical");
  known(o, "optical.", {"per_metre", "fixed", "per_gbps"});
  m.optical = {number(o, "optical.", "per_metre"), number(o, "optical.", "fixed"), flag(o, "optical.", "per_gbps")};
  const json& r = object("router");
  known(r, "router.", {"per_port", "fixed"});
  m.router_per_port = number(r, "router.", "per_port");
  m.router_fixed = number(r, "router.", "fixed");
  const json& p = object("power");
  known(p, "power.", {"watts_per_port"});
  m.watts_per_port = number(p, "power.", "watts_per_port");
  const json& k = object("rack");
  known(k, "rack.", {"slots", "router_slots", "endpoint_slots", "width_m", "depth_m", "intra_rack_m", "inter_rack_m",
                     "racks_per_row"});
  m.rack.slots = count(k, "rack.", "slots");
  m.rack.router_slots = count(k, "rack.", "router_slots");
  m.rack.endpoint_slots = count(k, "rack.", "endpoint_slots");
  m.rack.width_m = number(k, "rack.", "width_m");
  m.rack.depth_m = number(k, "rack.", "depth_m");
  m.rack.intra_rack_m = number(k, "rack.", "intra_rack_m");
  m.rack.inter_rack_m = number(k, "rack.", "inter_rack_m");
  m.rack.racks_per_row = count(k, "rack.", "racks_per_row");
  const json& prov = object("provenance");
  for (const auto& [key, v] : prov.items()) {
    if (!constants.count(key)) bad("provenance names " + core::printable(key, 60) + ", which is not a constant of the model");
    if (!v.is_string() || v.get<std::string>().empty()) bad("provenance of " + key + " is not a non-empty string");
  }
  for (const auto& c : constants)
    if (!prov.contains(c)) bad(c + " has no provenance line (say where it comes from, or that it is unconfirmed)");
  try {
    validate(m);
  } catch (const core::invalid_parameter& e) {  // "cost_model: rack.slots = 0 is out of range ..." -> "m.json: rack.slots = 0 ..."
    io::fail_file(where, file, 0, e.message_without_function());
  }
  return m;
}

/// The model in the file at `path` ("-": standard input).
inline cost_model read_cost_model_file(std::string_view path) {
  const std::string text = io::read_file_text("read_cost_model", path, std::uint64_t{1} << 20);
  return parse_cost_model(text, io::display_name(path));
}

/// The models shipped in data/cost_models/, by name (the file is <name>.json).
inline const std::vector<std::string>& shipped_cost_models() {
  static const std::vector<std::string> names{"slimfly-sc14", "mudigonda-atc11"};
  return names;
}

/// The directory of the shipped models of a program installed at `program` (its own path) whose
/// models were installed at `relative` from its directory (the `shiftfly` tool: bin/shiftfly
/// and share/shiftfly/cost_models, so "../share/shiftfly/cost_models"): that directory when it
/// holds the first shipped model's file, else "" (the program runs from a build tree).
inline std::string installed_cost_models_dir(const std::filesystem::path& program, std::string_view relative) {
  std::error_code ec;
  const std::filesystem::path dir = (program.parent_path() / std::filesystem::path(relative)).lexically_normal();
  if (!std::filesystem::is_regular_file(dir / (shipped_cost_models().front() + ".json"), ec) || ec) return {};
  return dir.string();
}

/// The directory of the shipped models. A program that defines SHIFTFLY_COST_MODELS_FROM_BIN (the
/// `shiftfly` tool does, from the CMake install layout) first looks beside itself:
/// installed_cost_models_dir of its own path (/proc/self/exe) and that relative directory, where
/// `cmake --install` puts data/cost_models. Else SHIFTFLY_COST_MODELS_DIR when the program
/// defines it (the tool does: the source tree's data/cost_models, for a tool run from its build
/// tree), else SHIFTFLY_SOURCE_DIR/data/cost_models (the tests), else data/cost_models relative to
/// the working directory.
inline std::string shipped_cost_models_dir() {
#if defined(SHIFTFLY_COST_MODELS_FROM_BIN)
  {
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
      std::string dir = installed_cost_models_dir(self, SHIFTFLY_COST_MODELS_FROM_BIN);
      if (!dir.empty()) return dir;
    }
  }
#endif
#if defined(SHIFTFLY_COST_MODELS_DIR)
  return SHIFTFLY_COST_MODELS_DIR;
#elif defined(SHIFTFLY_SOURCE_DIR)
  return std::string(SHIFTFLY_SOURCE_DIR) + "/data/cost_models";
#else
  return "data/cost_models";
#endif
}

/// The file of `model`: a shipped model's name is looked up in `shipped_dir`; a path (it has a '/'
/// or ends in .json, or is "-") is taken as it is; another word is refused, naming `model`.
inline std::string cost_model_path(std::string_view model, std::string_view shipped_dir) {
  for (const auto& name : shipped_cost_models())
    if (model == name) return std::string(shipped_dir) + "/" + name + ".json";
  const bool json_name = model.size() > 5 && model.substr(model.size() - 5) == ".json";
  if (model == "-" || json_name || model.find('/') != std::string_view::npos) return std::string(model);
  std::string names;
  for (const auto& name : shipped_cost_models()) names += (names.empty() ? "" : ", ") + name;
  core::fail_parameter("cost_model_path", "model", "'" + core::printable(model, 60) + "'",
                       "is neither a shipped model nor a .json file", names + ", or a path to a .json model file");
}

}  // namespace shiftfly::physical
