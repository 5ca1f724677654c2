#pragma once
/// \file record.hpp
/// A result described once: its fields (name, value, unit, what it is) and how it
/// reads as text. Every writer is generic over a record: the tools' JSON
/// (report/record_json.hpp), their text lines (write_text below), and the Python
/// objects of the bindings (python/src/record.hpp). A result type X gets a
/// `describe(const X&)` returning its record, next to X or in its layer's
/// describing header (metrics/describe/results.hpp, routing/describe.hpp,
/// physical/describe.hpp, collectives/describe.hpp, halley/describe.hpp,
/// studies/graph_measurement.hpp), so a field is named and explained in one place.
/// tests/design/described_results_test.cpp keeps the tools and the bindings from
/// writing a result by hand; python/tests/test_results.py holds the Python classes to
/// their descriptions' fields.
///
///   core::record r("spectral_gap");
///   r.add("value", 0.5, "", "1 - lambda2 of D^-1 A");
///   r.line("spectral gap (exact, Lanczos): 0.5");
///
/// A value is null, a bool, a signed or unsigned 64-bit integer, a double, a string,
/// a list of values or a nested record. No JSON library is needed here (the graph
/// component stays free of one).
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace shiftfly::core {

struct record;
struct record_field;

/// One value of a record. A list or a nested record is held through a shared pointer to
/// a constant (the types are still incomplete here); a value is never changed in place.
class record_value {
 public:
  using list = std::vector<record_value>;
  using data = std::variant<std::nullptr_t, bool, std::int64_t, std::uint64_t, double, std::string,
                            std::shared_ptr<const list>, std::shared_ptr<const record>>;

  record_value() : v_(nullptr) {}
  record_value(std::nullptr_t) : v_(nullptr) {}
  record_value(bool b) : v_(b) {}
  template <class I, std::enable_if_t<std::is_integral_v<I> && !std::is_same_v<I, bool>, int> = 0>
  record_value(I i) {
    if constexpr (std::is_signed_v<I>) v_ = static_cast<std::int64_t>(i);
    else v_ = static_cast<std::uint64_t>(i);
  }
  record_value(double d) : v_(d) {}
  record_value(std::string s) : v_(std::move(s)) {}
  record_value(const char* s) : v_(std::string(s)) {}
  record_value(list l) : v_(std::make_shared<const list>(std::move(l))) {}
  template <class T>
  record_value(const std::vector<T>& items) : record_value(list(items.begin(), items.end())) {}
  record_value(record r);

  [[nodiscard]] const data& get() const noexcept { return v_; }
  [[nodiscard]] bool is_null() const noexcept { return std::holds_alternative<std::nullptr_t>(v_); }
  [[nodiscard]] const record& as_record() const { return *std::get<std::shared_ptr<const record>>(v_); }

 private:
  data v_;
};

/// Which writers show a field: every one, only the tools (JSON), or only the Python
/// objects (the fields of the C++ struct that the tools' output leaves out or names
/// otherwise, e.g. `diameter_kind`, which the tools call `diameter_is`).
enum class shown_in { all, tools, python };

/// A named value, its unit ("" when it has none) and what it is ("" when the name says it).
struct record_field {
  std::string name;
  record_value value;
  std::string unit;
  std::string about;
  shown_in shown = shown_in::all;
};

/// A described result: its type's name, its fields in order, and its text lines.
struct record {
  std::string type;
  std::vector<record_field> fields;
  std::vector<std::string> text;

  record() = default;
  explicit record(std::string type_name) : type(std::move(type_name)) {}

  /// Appends a field shown by every writer.
  record& add(std::string name, record_value value, std::string unit = {}, std::string about = {}) {
    fields.push_back({std::move(name), std::move(value), std::move(unit), std::move(about), shown_in::all});
    return *this;
  }
  /// Appends a field shown only by `where` (shown_in::tools or shown_in::python). A name
  /// may appear once for the tools and once for Python, with different values.
  record& add_for(shown_in where, std::string name, record_value value, std::string unit = {}, std::string about = {}) {
    fields.push_back({std::move(name), std::move(value), std::move(unit), std::move(about), where});
    return *this;
  }
  /// Appends a text line (without its newline).
  record& line(std::string l) {
    text.push_back(std::move(l));
    return *this;
  }
  /// The field called `name`, or nullptr.
  [[nodiscard]] const record_field* find(const std::string& name) const {
    for (const auto& f : fields)
      if (f.name == name) return &f;
    return nullptr;
  }
  [[nodiscard]] record_field* find(const std::string& name) {
    for (auto& f : fields)
      if (f.name == name) return &f;
    return nullptr;
  }
};

inline record_value::record_value(record r) : v_(std::make_shared<const record>(std::move(r))) {}

/// The text of a record: its lines, each ending in a newline.
inline void write_text(std::ostream& out, const record& r) {
  for (const auto& l : r.text) out << l << '\n';
}

}  // namespace shiftfly::core
