// The math functions of loom's kernel language and their arities.
#pragma once

#include <optional>
#include <string>

#include "loom/expr.hpp"

namespace loom {

struct MathFunction {
  const char* name;
  int arity;
  bool integer_ok;  // defined on integers too (abs, min, max)
};

// Null when `name` is not a known function.
const MathFunction* find_math_function(const std::string& name);
// All names, comma separated, for "unknown function" messages.
std::string math_function_names();

// loopy's TypeCast, written `cast(int64, x)`: a call named "cast" whose first operand names the
// type (a variable that is a dtype name, not a value) and whose second is the value.
bool is_type_cast(const Expr& expr);
// The type of a well-formed cast(T, x); nullopt when T is not a type name.
std::optional<DType> type_cast_target(const Expr& expr);

}  // namespace loom
