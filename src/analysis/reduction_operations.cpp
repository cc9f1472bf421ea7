#include "analysis/reduction_operations.hpp"

#include <cmath>
#include <cstdint>
#include <set>

#include "loom/error.hpp"

namespace loom {

ReductionOperation parse_reduction_operation(const Expr& reduction, const Instruction& instruction) {
  std::string name = reduction.name;
  if (name.rfind("simul_", 0) == 0) name = name.substr(6);
  static const std::set<std::string> plain = {"sum", "product", "max", "min", "any", "all"};
  if (plain.count(name) != 0) return {name, false};
  if (name == "argmax" || name == "argmin") return {name, true};
  throw Error("instruction '" + instruction.id + "': unknown reduction operation '" + reduction.name +
              "' (known: sum, product, max, min, any, all, argmax, argmin)");
}

ExprPtr reduction_neutral_element(const std::string& operation, DType dtype) {
  if (operation == "sum") return is_floating(dtype) ? float_literal(0.0) : int_literal(0);
  if (operation == "product" || operation == "all") return is_floating(dtype) ? float_literal(1.0) : int_literal(1);
  if (operation == "any") return is_floating(dtype) ? float_literal(0.0) : int_literal(0);
  bool is_max = operation == "max" || operation == "argmax";
  if (is_floating(dtype)) return float_literal(is_max ? -INFINITY : INFINITY);
  int64_t extreme = 0;
  switch (dtype) {
    case DType::Int8: extreme = is_max ? INT8_MIN : INT8_MAX; break;
    case DType::Int16: extreme = is_max ? INT16_MIN : INT16_MAX; break;
    case DType::Int32: extreme = is_max ? INT32_MIN : INT32_MAX; break;
    case DType::Int64: extreme = is_max ? INT64_MIN : INT64_MAX; break;
    case DType::UInt8: extreme = is_max ? 0 : UINT8_MAX; break;
    case DType::UInt16: extreme = is_max ? 0 : UINT16_MAX; break;
    case DType::UInt32: extreme = is_max ? 0 : UINT32_MAX; break;
    default: extreme = is_max ? 0 : INT64_MAX; break;
  }
  return int_literal(extreme);
}

ExprPtr combine_reduction_values(const std::string& operation, ExprPtr accumulator, ExprPtr value) {
  if (operation == "sum") return binary(BinaryOp::Add, accumulator, value);
  if (operation == "product") return binary(BinaryOp::Multiply, accumulator, value);
  if (operation == "any") return binary(BinaryOp::LogicalOr, accumulator, value);
  if (operation == "all") return binary(BinaryOp::LogicalAnd, accumulator, value);
  return call(operation, {accumulator, value});
}

std::string warp_reduction_function(const std::string& operation) { return "loom_warp_" + operation; }

bool has_warp_reduction(const std::string& operation) { return operation != "any" && operation != "all"; }

bool is_warp_reduction_function(const std::string& name) { return name.rfind("loom_warp_", 0) == 0; }

std::string unique_name(std::set<std::string>& used, const std::string& base) {
  std::string name = base;
  for (int suffix = 0; used.count(name) != 0; ++suffix) name = base + "_" + std::to_string(suffix);
  used.insert(name);
  return name;
}

Instruction derived_instruction(const Instruction& origin, std::string id, std::set<std::string> within) {
  Instruction instruction;
  instruction.id = std::move(id);
  instruction.within_inames = std::move(within);
  instruction.predicates = origin.predicates;
  instruction.tags = origin.tags;
  instruction.priority = origin.priority;
  instruction.source = origin.source;
  return instruction;
}

}  // namespace loom
