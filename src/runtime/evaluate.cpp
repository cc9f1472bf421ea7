// Integer evaluation of shape and bound expressions, and parameter checks against assumptions.
#include <cmath>
#include <string>

#include <isl/set.h>

#include <mutex>

#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "loom/error.hpp"
#include "loom/runtime.hpp"
#include "runtime/launch_only_kernel.hpp"
#include "runtime/launcher.hpp"

namespace loom {

namespace {

int64_t floor_divide(int64_t a, int64_t b) {
  if (b == 0) throw Error("division by zero in an integer expression");
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

// a << b and a >> b (arithmetic) in 64 bits; a shift by a negative amount or by 64 or more has
// no value in C, so it is refused rather than computed.
int64_t shift(BinaryOp op, int64_t a, int64_t b) {
  if (b < 0 || b >= 64) throw Error("shift by " + std::to_string(b) + " in an integer expression (0 to 63 allowed)");
  if (op == BinaryOp::RightShift) return a >> b;
  return static_cast<int64_t>(static_cast<uint64_t>(a) << b);
}

int64_t evaluate_binary(BinaryOp op, int64_t a, int64_t b) {
  switch (op) {
    case BinaryOp::Add: return a + b;
    case BinaryOp::Subtract: return a - b;
    case BinaryOp::Multiply: return a * b;
    case BinaryOp::Divide:
    case BinaryOp::FloorDivide: return floor_divide(a, b);
    case BinaryOp::Modulo: return a - b * floor_divide(a, b);
    case BinaryOp::Power: {
      int64_t result = 1;
      for (int64_t i = 0; i < b; ++i) result *= a;
      return result;
    }
    case BinaryOp::Less: return a < b;
    case BinaryOp::LessEqual: return a <= b;
    case BinaryOp::Greater: return a > b;
    case BinaryOp::GreaterEqual: return a >= b;
    case BinaryOp::Equal: return a == b;
    case BinaryOp::NotEqual: return a != b;
    case BinaryOp::LogicalAnd: return a && b;
    case BinaryOp::LogicalOr: return a || b;
    case BinaryOp::BitwiseAnd: return a & b;
    case BinaryOp::BitwiseOr: return a | b;
    case BinaryOp::BitwiseXor: return a ^ b;
    case BinaryOp::LeftShift:
    case BinaryOp::RightShift: return shift(op, a, b);
  }
  return 0;
}

}  // namespace

int64_t evaluate_integer(const Expr& expr, const ParameterMap& parameters) {
  auto operand = [&](std::size_t i) { return evaluate_integer(*expr.operands[i], parameters); };
  switch (expr.kind) {
    case ExprKind::IntLiteral: return expr.int_value;
    case ExprKind::Variable: {
      auto found = parameters.find(expr.name);
      if (found == parameters.end()) throw Error("parameter '" + expr.name + "' has no value");
      return found->second;
    }
    case ExprKind::Unary:
      switch (expr.unary_op) {
        case UnaryOp::Negate: return -operand(0);
        case UnaryOp::LogicalNot: return !operand(0);
        case UnaryOp::BitwiseNot: return ~operand(0);
      }
      break;
    case ExprKind::Binary: return evaluate_binary(expr.binary_op, operand(0), operand(1));
    case ExprKind::IfThenElse: return operand(0) ? operand(1) : operand(2);
    case ExprKind::Call:
      if (expr.name == "min" && expr.operands.size() == 2) return std::min(operand(0), operand(1));
      if (expr.name == "max" && expr.operands.size() == 2) return std::max(operand(0), operand(1));
      break;
    default: break;
  }
  throw Error("'" + to_string(expr) + "' is not an integer expression of the parameters");
}

// A value argument's value must fit its integer type: n = 2^31 for an int32 n would wrap in the
// kernel (an int32 loop bound), after host arrays sized by the unwrapped value were filled.
void check_values_fit_their_types(const LoopKernel& kernel, const ParameterMap& parameters) {
  for (const KernelArgument& arg : kernel.args) {
    if (arg.kind != ArgKind::Value || !arg.dtype || !is_integral(*arg.dtype) || *arg.dtype == DType::Bool) continue;
    auto found = parameters.find(arg.name);
    if (found == parameters.end()) continue;
    int bits = static_cast<int>(dtype_size(*arg.dtype)) * 8;
    if (bits >= 64) continue;  // every ParameterMap value fits int64; uint64 takes the non-negative ones
    long double low = is_signed(*arg.dtype) ? -std::ldexp(1.0L, bits - 1) : 0.0L;
    long double high = (is_signed(*arg.dtype) ? std::ldexp(1.0L, bits - 1) : std::ldexp(1.0L, bits)) - 1;
    if (found->second < low || found->second > high) {
      throw Error("parameter '" + arg.name + "' = " + std::to_string(found->second) + " does not fit its type " +
                  std::string(dtype_name(*arg.dtype)) + " (" + std::to_string(static_cast<long long>(low)) + " to " +
                  std::to_string(static_cast<long long>(high)) + ")");
    }
  }
}

void check_parameters(const LoopKernel& kernel, const ParameterMap& parameters) {
  // A lineage is transformed and compiled on one thread at a time, but one compiled kernel may be
  // launched from several threads at once, and they meet here with its isl assumptions: isl's
  // reference counts and sets are not thread-safe (four threads launching one OpenCL kernel
  // corrupted a set's count, a SIGSEGV in about 1 run in 40). One lock for all launches' isl work:
  // it takes microseconds, and a CUDA launch with the previous launch's values skips it.
  static std::mutex launch_isl_mutex;
  std::unique_lock<std::mutex> isl_lock;
  if (!kernel.assumptions.empty_handle()) isl_lock = std::unique_lock(launch_isl_mutex);
  check_values_fit_their_types(kernel, parameters);
  std::string missing;
  for (const std::string& name : kernel.parameters()) {
    if (parameters.count(name) == 0) missing += (missing.empty() ? "" : ", ") + name;
  }
  if (!missing.empty()) throw Error("no value for parameter(s) " + missing + " of kernel '" + kernel.name + "'");
  if (detail::is_launch_only(kernel)) {  // a spec cache hit: no isl, the assumptions are an expression
    if (detail::launch_only_assumptions_hold(kernel, parameters)) return;
    std::set<std::string> mentioned = detail::launch_only_assumption_parameters(kernel);
    std::string values;
    for (const auto& [name, value] : parameters) {
      if (mentioned.count(name) != 0) values += (values.empty() ? "" : ", ") + name + "=" + std::to_string(value);
    }
    throw Error("parameter values " + values + " violate the assumptions of kernel '" + kernel.name + "': " + kernel.assumptions_text);
  }
  isl::set assumptions = isl_set_of(kernel.assumptions);
  std::string values;
  for (const auto& [name, value] : parameters) {
    int position = isl_extra::find_dim(assumptions, isl_dim_param, name);
    if (position < 0) continue;
    isl_val* fixed = isl_val_int_from_si(assumptions.ctx().get(), static_cast<long>(value));
    assumptions = isl::manage(isl_set_fix_val(assumptions.release(), isl_dim_param,
                                              static_cast<unsigned>(position), fixed));
    values += (values.empty() ? "" : ", ") + name + "=" + std::to_string(value);
  }
  if (assumptions.is_empty()) {
    throw Error("parameter values " + values + " violate the assumptions of kernel '" + kernel.name +
                "': " + kernel.assumptions_text);
  }
}

namespace detail {

ParameterMap integer_argument_values(const LoopKernel& kernel, const ArgumentMap& arguments) {
  ParameterMap parameters;
  for (const KernelArgument& arg : kernel.args) {
    if (arg.kind != ArgKind::Value || !arg.dtype || !is_integral(*arg.dtype)) continue;
    auto found = arguments.find(arg.name);
    if (found == arguments.end()) continue;
    const auto* scalar = std::get_if<Scalar>(&found->second);
    if (scalar == nullptr) throw Error("argument '" + arg.name + "' is a value; pass a scalar, not an array");
    if (const auto* integer = std::get_if<int64_t>(scalar)) parameters[arg.name] = *integer;
    else throw Error("argument '" + arg.name + "' is an integer; pass an integer value");
  }
  return parameters;
}

}  // namespace detail

ParameterMap parameter_values(const LoopKernel& kernel, const ArgumentMap& arguments) {
  ParameterMap parameters = detail::integer_argument_values(kernel, arguments);
  check_parameters(kernel, parameters);
  return parameters;
}

}  // namespace loom
