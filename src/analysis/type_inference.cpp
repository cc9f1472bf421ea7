#include "analysis/type_inference.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ir/functions.hpp"
#include "loom/error.hpp"

namespace loom {

DType resolve_weak(const ExprType& type, double literal_value) {
  if (!type.weak || !is_floating(type.dtype)) return type.dtype;
  float narrowed = static_cast<float>(literal_value);
  return static_cast<double>(narrowed) == literal_value ? DType::Float32 : DType::Float64;
}

ExprType combine_types(const ExprType& a, const ExprType& b) {
  if (a.weak && b.weak) {
    return {is_floating(a.dtype) || is_floating(b.dtype) ? DType::Float64 : promote_types(a.dtype, b.dtype),
            true};
  }
  if (a.weak || b.weak) {
    const ExprType& weak = a.weak ? a : b;
    const ExprType& strong = a.weak ? b : a;
    // A float literal with an integer operand computes in floating point (numpy's rule).
    if (is_floating(weak.dtype) && !is_floating(strong.dtype)) return {DType::Float64, false};
    return strong;
  }
  return {promote_types(a.dtype, b.dtype), false};
}

bool TypeContext::is_iname(const std::string& name) const {
  return kernel_.domain_of_iname(name) != nullptr;
}

DType TypeContext::variable_dtype(const std::string& name) const {
  if (is_iname(name)) return kernel_.options.index_dtype;
  if (const KernelArgument* arg = kernel_.find_arg(name)) {
    if (arg->dtype) return *arg->dtype;
    throw Error("the type of argument '" + name + "' is unknown; give it a dtype");
  }
  if (const Temporary* temporary = kernel_.find_temporary(name)) {
    if (temporary->dtype) return *temporary->dtype;
    throw Error("the type of temporary '" + name + "' cannot be inferred from its assignments");
  }
  throw Error("unknown variable '" + name + "'");
}

ExprType TypeContext::type_of(const Expr& expr) const {
  switch (expr.kind) {
    case ExprKind::IntLiteral: {
      bool fits32 = expr.int_value >= std::numeric_limits<int32_t>::min() &&
                    expr.int_value <= std::numeric_limits<int32_t>::max();
      return {fits32 ? DType::Int32 : DType::Int64, true};
    }
    case ExprKind::FloatLiteral:
      if (expr.literal_dtype) return {*expr.literal_dtype, false};
      return {DType::Float64, true};
    case ExprKind::Variable:
    case ExprKind::Subscript: return {variable_dtype(expr.name), false};
    case ExprKind::Unary:
      if (expr.unary_op == UnaryOp::LogicalNot) return {DType::Bool, false};
      return type_of(*expr.operands[0]);
    case ExprKind::Binary:
      if (is_comparison(expr.binary_op) || is_logical(expr.binary_op)) return {DType::Bool, false};
      return combine_types(type_of(*expr.operands[0]), type_of(*expr.operands[1]));
    case ExprKind::IfThenElse:
      return combine_types(type_of(*expr.operands[1]), type_of(*expr.operands[2]));
    case ExprKind::Call: return call_type(expr);
    case ExprKind::Reduction: return type_of(*expr.operands.back());
  }
  return {DType::Int32, false};
}

ExprType TypeContext::call_type(const Expr& expr) const {
  if (auto rule = kernel_.substitutions.find(expr.name); rule != kernel_.substitutions.end()) {
    throw Error("substitution rule '" + expr.name + "' must be expanded before type inference");
  }
  ExprType result = type_of(*expr.operands[0]);
  for (std::size_t i = 1; i < expr.operands.size(); ++i) result = combine_types(result, type_of(*expr.operands[i]));
  const MathFunction* function = find_math_function(expr.name);
  bool integer_result = function != nullptr && function->integer_ok && !is_floating(result.dtype);
  if (!integer_result && !is_floating(result.dtype)) return {DType::Float64, result.weak};
  return result;
}

namespace {

// The combined type of the values assigned to `name`; nullopt while one of them is unknown.
std::optional<ExprType> assigned_type(const LoopKernel& kernel, const std::string& name);

// One pass: each untyped temporary or argument gets the combined type of the values assigned to it.
bool infer_one_round(LoopKernel& kernel) {
  bool changed = false;
  for (KernelArgument& arg : kernel.args) {
    if (arg.dtype) continue;
    if (auto type = assigned_type(kernel, arg.name)) {
      arg.dtype = type->weak && is_floating(type->dtype) ? DType::Float32 : resolve_weak(*type);
      changed = true;
    }
  }
  for (Temporary& temporary : kernel.temporaries) {
    if (temporary.dtype) continue;
    std::optional<ExprType> combined;
    bool all_known = true;
    for (const Instruction& instruction : kernel.instructions) {
      if (instruction.kind != InstructionKind::Assignment) continue;
      for (std::size_t position = 0; position < instruction.assignees.size(); ++position) {
        if (instruction.assignees[position]->name != temporary.name) continue;
        // `v, i = argmax(k, value, index)` assigns the value's type and the index's type.
        const Expr* value = instruction.expression.get();
        if (instruction.assignees.size() > 1 && value->kind == ExprKind::Reduction &&
            position < value->operands.size()) {
          value = value->operands[position].get();
        }
        try {
          ExprType type = TypeContext(kernel).type_of(*value);
          combined = combined ? combine_types(*combined, type) : type;
        } catch (const Error&) {
          all_known = false;
        }
      }
    }
    if (combined && all_known) {
      temporary.dtype = resolve_weak(*combined, 0.5);
      if (combined->weak && is_floating(combined->dtype)) temporary.dtype = DType::Float32;
      changed = true;
    }
  }
  return changed;
}

std::optional<ExprType> assigned_type(const LoopKernel& kernel, const std::string& name) {
  std::optional<ExprType> combined;
  for (const Instruction& instruction : kernel.instructions) {
    if (instruction.kind != InstructionKind::Assignment) continue;
    for (const ExprPtr& assignee : instruction.assignees) {
      if (assignee->name != name || instruction.assignees.size() != 1) continue;
      try {
        ExprType type = TypeContext(kernel).type_of(*instruction.expression);
        combined = combined ? combine_types(*combined, type) : type;
      } catch (const Error&) {
        return std::nullopt;
      }
    }
  }
  return combined;
}

}  // namespace

LoopKernel infer_types(const LoopKernel& kernel) {
  LoopKernel result = kernel;
  while (infer_one_round(result)) {
  }
  for (const Temporary& temporary : result.temporaries) {
    if (!temporary.dtype) {
      throw Error("cannot infer the type of temporary '" + temporary.name +
                  "': declare it with a type, e.g. <float32> " + temporary.name + " = ...");
    }
  }
  for (const KernelArgument& arg : result.args) {
    if (!arg.dtype) {
      throw Error("the dtype of argument '" + arg.name + "' is unknown (nothing assigned to it determines it); "
                  "declare it with a dtype");
    }
  }
  return result;
}

}  // namespace loom
