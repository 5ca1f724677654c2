#pragma once
/// \file record_json.hpp
/// A described result (core/record.hpp) as JSON: one writer for every result the
/// tools print with --format json. A record is an object of its fields; a list an
/// array; a double that is not finite is null (as nlohmann-json writes it). Fields
/// shown only in Python (core::shown_in::python) are left out.
///
///   nlohmann::json j = report::to_json(describe(result));           // keys sorted
///   auto o = report::to_json<nlohmann::ordered_json>(describe(result));  // keys in the record's order
#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "shiftfly/core/record.hpp"

namespace shiftfly::report {

template <class Json = nlohmann::json>
Json to_json(const core::record& r);

/// One value as JSON.
template <class Json = nlohmann::json>
Json to_json(const core::record_value& v) {
  return std::visit(
      [](const auto& x) -> Json {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, std::shared_ptr<const core::record_value::list>>) {
          Json a = Json::array();
          for (const auto& item : *x) a.push_back(to_json<Json>(item));
          return a;
        } else if constexpr (std::is_same_v<T, std::shared_ptr<const core::record>>) {
          return to_json<Json>(*x);
        } else {
          return Json(x);
        }
      },
      v.get());
}

/// A record as a JSON object of its fields.
template <class Json>
Json to_json(const core::record& r) {
  Json j = Json::object();
  for (const auto& f : r.fields)
    if (f.shown != core::shown_in::python) j[f.name] = to_json<Json>(f.value);
  return j;
}

}  // namespace shiftfly::report
