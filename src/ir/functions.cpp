#include "ir/functions.hpp"

#include <array>

namespace loom {

namespace {
constexpr std::array<MathFunction, 37> kFunctions = {{
    {"sqrt", 1, false},  {"rsqrt", 1, false}, {"cbrt", 1, false},  {"exp", 1, false},
    {"exp2", 1, false},  {"expm1", 1, false}, {"log", 1, false},   {"log2", 1, false},
    {"log10", 1, false}, {"log1p", 1, false}, {"sin", 1, false},   {"cos", 1, false},
    {"tan", 1, false},   {"asin", 1, false},  {"acos", 1, false},  {"atan", 1, false},
    {"sinh", 1, false},  {"cosh", 1, false},  {"tanh", 1, false},  {"erf", 1, false},
    {"erfc", 1, false},  {"floor", 1, false}, {"ceil", 1, false},  {"round", 1, false},
    {"trunc", 1, false}, {"fabs", 1, false},  {"abs", 1, true},    {"atan2", 2, false},
    {"pow", 2, false},   {"fmod", 2, false},  {"hypot", 2, false}, {"fmin", 2, false},
    {"fmax", 2, false},  {"min", 2, true},    {"max", 2, true},
    // loopy's fma(a, b, c) = a*b + c rounded once, and OpenCL's clamp(x, lo, hi).
    {"fma", 3, false},   {"clamp", 3, true},
}};
}  // namespace

const MathFunction* find_math_function(const std::string& name) {
  for (const MathFunction& function : kFunctions) {
    if (name == function.name) return &function;
  }
  return nullptr;
}

bool is_type_cast(const Expr& expr) { return expr.kind == ExprKind::Call && expr.name == "cast"; }

std::optional<DType> type_cast_target(const Expr& expr) {
  if (!is_type_cast(expr) || expr.operands.size() != 2 || expr.operands[0]->kind != ExprKind::Variable) return std::nullopt;
  return parse_dtype(expr.operands[0]->name);
}

std::string math_function_names() {
  std::string names;
  for (const MathFunction& function : kFunctions) {
    names += (names.empty() ? "" : ", ") + std::string(function.name);
  }
  return names;
}

}  // namespace loom
