#include "analysis/type_inference.hpp"

#include "analysis/preprocess.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "analysis/reduction_operations.hpp"
#include "ir/functions.hpp"
#include "loom/error.hpp"

namespace loom {

DType resolve_weak(const ExprType& type, double literal_value) {
  if (!type.weak || !is_floating(type.dtype)) return type.dtype;
  if (type.inexact) return DType::Float64;
  float narrowed = static_cast<float>(literal_value);
  return static_cast<double>(narrowed) == literal_value ? DType::Float32 : DType::Float64;
}

DType combine_concrete(DType a, DType b) {
  bool float32_int32 = (a == DType::Float32 && b == DType::Int32) || (a == DType::Int32 && b == DType::Float32);
  return float32_int32 ? DType::Float32 : promote_types(a, b);
}

ExprType combine_types(const ExprType& a, const ExprType& b) {
  if (a.weak && b.weak) {
    bool floating = is_floating(a.dtype) || is_floating(b.dtype);
    return {floating ? DType::Float64 : promote_types(a.dtype, b.dtype), true, a.inexact || b.inexact};
  }
  if (a.weak || b.weak) {
    const ExprType& weak = a.weak ? a : b;
    const ExprType& strong = a.weak ? b : a;
    // A float literal with an integer operand computes in floating point: float32 when the
    // literal is exact in float32 and the integer fits (`i * 0.5` is float32, `i * 0.1` float64).
    if (is_floating(weak.dtype) && !is_floating(strong.dtype)) {
      return {combine_concrete(resolve_weak(weak), strong.dtype), false};
    }
    return strong;
  }
  return {combine_concrete(a.dtype, b.dtype), false};
}

namespace {

std::optional<ExprType> combine_known(const std::optional<ExprType>& a, const std::optional<ExprType>& b) {
  if (!a) return b;
  if (!b) return a;
  return combine_types(*a, *b);
}

bool exact_in_float32(double value) { return static_cast<double>(static_cast<float>(value)) == value; }

}  // namespace

bool TypeContext::is_iname(const std::string& name) const {
  return kernel_.domain_of_iname(name) != nullptr;
}

DType TypeContext::variable_dtype(const std::string& name) const { return *known_dtype(name, false); }

std::optional<DType> TypeContext::known_dtype(const std::string& name, bool partial) const {
  if (is_iname(name)) return kernel_.options.index_dtype;
  if (const KernelArgument* arg = kernel_.find_arg(name)) {
    if (arg->dtype) return *arg->dtype;
    if (partial) return std::nullopt;
    throw Error("the type of argument '" + name + "' is unknown; give it a dtype");
  }
  if (const Temporary* temporary = kernel_.find_temporary(name)) {
    if (temporary->dtype) return *temporary->dtype;
    if (partial) return std::nullopt;
    throw Error("the type of temporary '" + name + "' cannot be inferred from its assignments");
  }
  throw Error("unknown variable '" + name + "'");
}

ExprType TypeContext::type_of(const Expr& expr) const { return *infer(expr, false); }

std::optional<ExprType> TypeContext::partial_type_of(const Expr& expr) const { return infer(expr, true); }

std::optional<ExprType> TypeContext::infer(const Expr& expr, bool partial) const {
  switch (expr.kind) {
    case ExprKind::IntLiteral: {
      bool fits32 = expr.int_value >= std::numeric_limits<int32_t>::min() &&
                    expr.int_value <= std::numeric_limits<int32_t>::max();
      return ExprType{fits32 ? DType::Int32 : DType::Int64, true};
    }
    case ExprKind::FloatLiteral:
      if (expr.literal_dtype) return ExprType{*expr.literal_dtype, false};
      return ExprType{DType::Float64, true, !exact_in_float32(expr.float_value)};
    case ExprKind::Variable:
      if (auto rule = kernel_.substitutions.find(expr.name);
          rule != kernel_.substitutions.end() && rule->second.parameters.empty() && !is_iname(expr.name))
        return rule_type(expr, partial);
      [[fallthrough]];
    case ExprKind::Subscript: {
      std::optional<DType> dtype = known_dtype(expr.name, partial);
      if (!dtype) return std::nullopt;
      return ExprType{*dtype, false};
    }
    case ExprKind::Unary:
      if (expr.unary_op == UnaryOp::LogicalNot) return ExprType{DType::Bool, false};
      return infer(*expr.operands[0], partial);
    case ExprKind::Binary:
      if (is_comparison(expr.binary_op) || is_logical(expr.binary_op)) return ExprType{DType::Bool, false};
      return combine_known(infer(*expr.operands[0], partial), infer(*expr.operands[1], partial));
    case ExprKind::IfThenElse:
      return combine_known(infer(*expr.operands[1], partial), infer(*expr.operands[2], partial));
    case ExprKind::Call: return call_type(expr, partial);
    case ExprKind::Reduction: return infer(*expr.operands.back(), partial);
  }
  return ExprType{DType::Int32, false};
}

// A rule invocation has the type of its expansion (a precomputed rule that invokes another rule,
// loopy's test_precompute_nested_subst; issue 23, class 8).
std::optional<ExprType> TypeContext::rule_type(const Expr& expr, bool partial) const {
  return infer(*expand_substitutions(std::make_shared<const Expr>(expr), kernel_), partial);
}

std::optional<ExprType> TypeContext::call_type(const Expr& expr, bool partial) const {
  if (kernel_.substitutions.count(expr.name) != 0) return rule_type(expr, partial);
  if (is_warp_reduction_function(expr.name)) return infer(*expr.operands.back(), partial);
  if (std::optional<DType> target = type_cast_target(expr)) return ExprType{*target, false};
  std::optional<ExprType> result;
  for (const ExprPtr& operand : expr.operands) result = combine_known(result, infer(*operand, partial));
  if (!result) return std::nullopt;
  const MathFunction* function = find_math_function(expr.name);
  bool integer_result = function != nullptr && function->integer_ok && !is_floating(result->dtype);
  if (!integer_result && !is_floating(result->dtype)) return ExprType{DType::Float64, result->weak};
  return result;
}

namespace {

// The combined type of the values assigned to argument `name`; nullopt while one is unknown.
std::optional<ExprType> assigned_type(const LoopKernel& kernel, const std::string& name);

// Two values assigned to one variable: literals standing alone take their own type first
// (`<> acc = 0` is int32), then the types combine as in an expression (loopy's _infer_var_type
// combines its writers' dtype sets), so `acc = 0; acc = acc + A[i]*x[i]` over uint8 is int32.
ExprType merge_writer_types(const ExprType& a, const ExprType& b) {
  if (a.weak && b.weak) return combine_types(a, b);
  return {combine_concrete(resolve_weak(a), resolve_weak(b)), false};
}

DType concrete_variable_type(const ExprType& type) {
  return type.weak && is_floating(type.dtype) && !type.inexact ? DType::Float32 : resolve_weak(type);
}

// The value assigned to `position` of `instruction`'s assignees: `v, i = argmax(k, value, index)`
// assigns the value's type and the index's type.
const Expr* assigned_value(const Instruction& instruction, std::size_t position) {
  const Expr* value = instruction.expression.get();
  if (instruction.assignees.size() > 1 && value->kind == ExprKind::Reduction && position < value->operands.size()) {
    value = value->operands[position].get();
  }
  return value;
}

// The combined type of the values assigned to temporary `name`. Strictly (`partial` false): nullopt
// while one of them is unknown. Partially: unknown variables contribute nothing (loopy's rule for
// a variable that reads itself, `acc = acc + ...`).
std::optional<ExprType> temporary_type(const LoopKernel& kernel, const std::string& name, bool partial) {
  std::optional<ExprType> combined;
  TypeContext types(kernel);
  for (const Instruction& instruction : kernel.instructions) {
    if (instruction.kind != InstructionKind::Assignment) continue;
    for (std::size_t position = 0; position < instruction.assignees.size(); ++position) {
      if (instruction.assignees[position]->name != name) continue;
      std::optional<ExprType> type;
      try {
        type = partial ? types.partial_type_of(*assigned_value(instruction, position))
                       : types.type_of(*assigned_value(instruction, position));
      } catch (const Error&) {
        return std::nullopt;
      }
      if (!type) continue;
      combined = combined ? merge_writer_types(*combined, *type) : *type;
    }
  }
  return combined;
}

// One pass: each untyped temporary or argument gets the combined type of the values assigned to
// it. A partial pass types only the first temporary it can, so that later ones use its type.
bool infer_one_round(LoopKernel& kernel, bool partial) {
  bool changed = false;
  if (!partial) {
    for (KernelArgument& arg : kernel.args) {
      if (arg.dtype) continue;
      if (auto type = assigned_type(kernel, arg.name)) {
        arg.dtype = type->weak && is_floating(type->dtype) ? DType::Float32 : resolve_weak(*type);
        changed = true;
      }
    }
  }
  for (Temporary& temporary : kernel.temporaries) {
    if (temporary.dtype) continue;
    if (auto type = temporary_type(kernel, temporary.name, partial)) {
      temporary.dtype = concrete_variable_type(*type);
      if (partial) return true;
      changed = true;
    }
  }
  if (partial) {
    // An argument that reads itself (`out[i] = 0` then `out[i] = out[i] + a[i, k]`) is typed as
    // such a temporary is, loopy's rule for both. Only where no temporary could be: until then
    // the strict rounds type every argument they can, as before.
    for (KernelArgument& arg : kernel.args) {
      if (arg.dtype) continue;
      if (auto type = temporary_type(kernel, arg.name, true)) {
        arg.dtype = type->weak && is_floating(type->dtype) ? DType::Float32 : resolve_weak(*type);
        return true;
      }
    }
  }
  return changed;
}

std::optional<ExprType> assigned_type(const LoopKernel& kernel, const std::string& name) {
  std::optional<ExprType> combined;
  for (const Instruction& instruction : kernel.instructions) {
    if (instruction.kind != InstructionKind::Assignment) continue;
    for (std::size_t position = 0; position < instruction.assignees.size(); ++position) {
      if (instruction.assignees[position]->name != name) continue;
      try {
        // `v, i = argmax(k, value, index)`: each output has the type of its operand.
        ExprType type = TypeContext(kernel).type_of(*assigned_value(instruction, position));
        combined = combined ? combine_types(*combined, type) : type;
      } catch (const Error&) {
        return std::nullopt;
      }
    }
  }
  return combined;
}

}  // namespace

namespace {

// The spelling of a bitwise operator node (`&`, `<<`, `~`, ...); nullopt for any other node.
std::optional<std::string> bitwise_spelling(const Expr& expr) {
  if (expr.kind == ExprKind::Unary && expr.unary_op == UnaryOp::BitwiseNot) return "~";
  if (expr.kind == ExprKind::Binary && is_bitwise(expr.binary_op)) return std::string(binary_op_spelling(expr.binary_op));
  return std::nullopt;
}

// Bitwise operators are defined on integers only (C refuses `x << 1` on a float, Python too):
// a floating-point operand is the user's mistake, named with its instruction and operator
// rather than left to the target compiler.
void check_bitwise_operands(const TypeContext& types, const Instruction& instruction, const Expr& root) {
  visit_expr(root, [&](const Expr& node) {
    std::optional<std::string> spelling = bitwise_spelling(node);
    if (!spelling) return;
    for (const ExprPtr& operand : node.operands) {
      ExprType type = types.type_of(*operand);
      if (!is_floating(type.dtype)) continue;
      std::string what = operand->kind == ExprKind::FloatLiteral && type.weak ? std::string("a floating-point literal")
                                                                              : std::string(dtype_name(type.dtype));
      throw Error("instruction '" + instruction.id + "': operator '" + *spelling + "' takes integers, but its operand '" +
                  to_string(operand) + "' is " + what +
                  " (bitwise operators are defined on integer types only; convert it first)");
    }
  });
}

void check_bitwise_operands(const LoopKernel& typed) {
  TypeContext types(typed);
  for (const Instruction& instruction : typed.instructions) {
    if (instruction.kind != InstructionKind::Assignment) continue;
    check_bitwise_operands(types, instruction, *instruction.expression);
    for (const ExprPtr& assignee : instruction.assignees) check_bitwise_operands(types, instruction, *assignee);
    for (const ExprPtr& predicate : instruction.predicates) check_bitwise_operands(types, instruction, *predicate);
  }
}

// The first instruction that mentions `name` (read or written), for messages; "" if none.
std::string first_user(const LoopKernel& kernel, const std::string& name) {
  for (const Instruction& instruction : kernel.instructions) {
    bool uses = false;
    auto look = [&](const Expr& node) {
      if ((node.kind == ExprKind::Variable || node.kind == ExprKind::Subscript) && node.name == name) uses = true;
    };
    if (instruction.expression) visit_expr(*instruction.expression, look);
    for (const ExprPtr& assignee : instruction.assignees) visit_expr(*assignee, look);
    for (const ExprPtr& predicate : instruction.predicates) visit_expr(*predicate, look);
    if (uses) return instruction.id;
  }
  return "";
}

// A value argument without a dtype is mostly an undeclared name that `...` made an argument: a
// misspelt iname (`a[j]` where the domain says i) or a scalar the user forgot to declare. The
// message says which, and where it is used, rather than only "declare a dtype".
std::string unknown_dtype_message(const LoopKernel& kernel, const KernelArgument& arg) {
  std::string user = first_user(kernel, arg.name);
  std::string where = user.empty() ? "" : "instruction '" + user + "' uses it; ";
  if (arg.kind == ArgKind::Value) {
    return "the dtype of value argument '" + arg.name + "' is unknown: '" + arg.name +
           "' is no iname of any domain, so it is read as a value argument (" + where +
           "if it is meant as an iname, give it a domain, e.g. {[" + arg.name + "]: 0<=" + arg.name +
           "<n}; if a scalar, declare its dtype, e.g. {\"name\": \"" + arg.name +
           "\", \"kind\": \"value\", \"dtype\": \"float32\"})";
  }
  return "the dtype of argument '" + arg.name + "' is unknown (nothing assigned to it determines it; " + where +
         "loopy takes it from the array passed at run time); declare it with a dtype, e.g. {\"name\": \"" +
         arg.name + "\", \"dtype\": \"float32\"} in args, or apply add_dtypes";
}

}  // namespace

LoopKernel infer_types(const LoopKernel& kernel) {
  LoopKernel result = kernel;
  while (infer_one_round(result, false) || infer_one_round(result, true)) {
  }
  for (const Temporary& temporary : result.temporaries) {
    if (!temporary.dtype) {
      throw Error("cannot infer the type of temporary '" + temporary.name +
                  "': declare it with a type, e.g. <float32> " + temporary.name + " = ...");
    }
  }
  for (const KernelArgument& arg : result.args) {
    if (!arg.dtype) throw Error(unknown_dtype_message(result, arg));
  }
  check_bitwise_operands(result);
  return result;
}

std::vector<std::string> float64_in_float32_kernel(const LoopKernel& typed) {
  const std::vector<std::string>& silenced = typed.options.silenced_warnings;
  if (std::find(silenced.begin(), silenced.end(), "float64_in_float32_kernel") != silenced.end()) return {};
  bool float32_arrays = false;
  for (const KernelArgument& arg : typed.args) {
    if (arg.kind == ArgKind::Value || !arg.dtype || !is_floating(*arg.dtype)) continue;
    if (*arg.dtype != DType::Float32) return {};
    float32_arrays = true;
  }
  if (!float32_arrays) return {};
  std::vector<std::string> warnings;
  const std::string advice = "; its computations run in float64 although every floating-point array is float32 "
                             "(declare it float32, or silence with options.silenced_warnings: "
                             "[\"float64_in_float32_kernel\"])";
  for (const KernelArgument& arg : typed.args) {
    if (arg.dtype == DType::Float64) warnings.push_back("kernel '" + typed.name + "': argument '" + arg.name + "' is float64" + advice);
  }
  for (const Temporary& temporary : typed.temporaries) {
    if (temporary.dtype == DType::Float64) {
      warnings.push_back("kernel '" + typed.name + "': temporary '" + temporary.name + "' is float64" + advice);
    }
  }
  return warnings;
}

}  // namespace loom
