// The math functions of loom's kernel language and their arities.
#pragma once

#include <optional>
#include <string>

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

}  // namespace loom
