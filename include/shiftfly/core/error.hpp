#pragma once
/// \file error.hpp
/// The library's one exception type for bad input (the error contract of
/// docs/design.md).
///
/// Every public function validates its parameters before it allocates. A bad
/// value raises core::invalid_parameter, a std::invalid_argument whose what()
/// is one line:
///
///     kautz: D = 9 is out of range (accepted: 1 to 2 at d = 65534)
///     <function>: <parameter> = <value> <problem> (accepted: <accepted>)
///
/// The parts are kept as fields, so a caller can name the parameter its own
/// way: the command-line tools show `--D` where the library writes `D`, and the
/// Python bindings may show a keyword argument. Parameter names are written as
/// the papers write them (`d`, `D`, `groups`, `lambda`). An error about no single
/// parameter (a limit on a product of several, a malformed line of a file) has an
/// empty parameter() and reads `<function>: <problem>`.

#include <stdexcept>
#include <string>
#include <utility>

namespace shiftfly::core {

/// Bad input to a library function: which function, which parameter, the value
/// given, what is wrong with it and what is accepted.
class invalid_parameter : public std::invalid_argument {
 public:
  /// An error about one parameter. `value` is the value as text (core::to_message);
  /// it may be empty when there is nothing to show (`from is empty`).
  invalid_parameter(std::string function, std::string parameter, std::string value, std::string problem,
                    std::string accepted = {})
      : std::invalid_argument(compose(function, parameter, value, problem, accepted)),
        function_(std::move(function)),
        parameter_(std::move(parameter)),
        value_(std::move(value)),
        problem_(std::move(problem)),
        accepted_(std::move(accepted)) {}

  /// An error about no single parameter: "<function>: <problem>".
  static invalid_parameter rule(std::string function, std::string problem) {
    return invalid_parameter(std::move(function), {}, {}, std::move(problem));
  }

  [[nodiscard]] const std::string& function() const noexcept { return function_; }
  /// The parameter's name as the library writes it; empty for a rule across parameters.
  [[nodiscard]] const std::string& parameter() const noexcept { return parameter_; }
  [[nodiscard]] const std::string& value() const noexcept { return value_; }
  [[nodiscard]] const std::string& problem() const noexcept { return problem_; }
  /// The accepted range or form; empty when the problem says it.
  [[nodiscard]] const std::string& accepted() const noexcept { return accepted_; }

  /// The one line with the parameter called `name` and its value shown as `value`.
  [[nodiscard]] std::string message_naming(const std::string& name, const std::string& value) const {
    return compose(function_, name, value, problem_, accepted_);
  }

  /// The one line without the function's name, for a user who never called it (the tools).
  [[nodiscard]] std::string message_without_function() const {
    return compose({}, parameter_, value_, problem_, accepted_);
  }

  /// "<function>: <parameter> = <value> <problem> (accepted: <accepted>)", leaving out what is empty.
  static std::string compose(const std::string& function, const std::string& parameter, const std::string& value,
                             const std::string& problem, const std::string& accepted) {
    std::string out = function.empty() ? std::string() : function + ": ";
    if (!parameter.empty()) out += parameter + (value.empty() ? " " : " = " + value + " ");
    out += problem;
    if (!accepted.empty()) out += " (accepted: " + accepted + ")";
    return out;
  }

 private:
  std::string function_, parameter_, value_, problem_, accepted_;
};

}  // namespace shiftfly::core
