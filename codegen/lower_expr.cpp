#include "codegen/lower_expr.hpp"

#include <cmath>

#include "analysis/reduction_operations.hpp"
#include "codegen/barriers.hpp"
#include "codegen/fold.hpp"
#include "codegen/print_c_family.hpp"
#include "ir/functions.hpp"
#include "ir/layout.hpp"
#include "loom/error.hpp"
#include "transforms/tail_support.hpp"

namespace loom::codegen {

namespace {

bool is_narrow_signed(DType dtype) {
  return dtype == DType::Int8 || dtype == DType::Int16 || dtype == DType::Int32 || dtype == DType::Bool;
}

// C's and CUDA's math library names: sqrtf for float, sqrt for double. OpenCL's are overloaded
// (sqrt for both).
std::string float_suffix(DType dtype, Target target) {
  return dtype == DType::Float32 && target != Target::OpenCL ? "f" : "";
}

// The math function's name on `target`; a few differ from loom's (abs → fabs).
std::string math_name(const std::string& function, DType dtype, Target target) {
  if (function == "abs") return "fabs" + float_suffix(dtype, target);
  if (function == "min") return "fmin" + float_suffix(dtype, target);
  if (function == "max") return "fmax" + float_suffix(dtype, target);
  if (function == "rsqrt") {
    if (target != Target::C) return "rsqrt" + float_suffix(dtype, target);
    return dtype == DType::Float32 ? "loom_rsqrt_float" : "loom_rsqrt_double";
  }
  return function + float_suffix(dtype, target);
}

// float16 and bfloat16 values are computed in float32 (decisions.md, Issue 29).
DType computed(DType dtype) { return is_half_precision(dtype) ? DType::Float32 : dtype; }

// A 16-bit value read from storage, as the float32 it is computed with.
cast::ExprPtr widened(cast::ExprPtr stored) {
  if (!is_half_precision(stored->dtype)) return stored;
  std::string name = "loom_" + std::string(dtype_name(stored->dtype)) + "_to_float";
  return cast::call(std::move(name), {std::move(stored)}, DType::Float32);
}

// Whether a lowered value is +0 (all bits zero in every float format).
bool is_positive_zero(const cast::ExprPtr& value) {
  if (value->kind == cast::ExprKind::IntConst) return value->int_value == 0;
  if (value->kind == cast::ExprKind::FloatConst) return value->float_value == 0 && !std::signbit(value->float_value);
  if (value->kind == cast::ExprKind::Cast) return is_positive_zero(value->args[0]);
  return false;
}

// The bits of `value` in the 16-bit type `dtype` without a conversion, where it is a 16-bit value
// of that type read from storage, +0, or a select between two such (a filled fetch's
// `if(in range, a[..], 0)`); else null.
cast::ExprPtr bits_without_conversion(const cast::ExprPtr& value, DType dtype) {
  std::string widening = "loom_" + std::string(dtype_name(dtype)) + "_to_float";
  if (value->kind == cast::ExprKind::Call && value->name == widening && value->args[0]->dtype == dtype) {
    return value->args[0];
  }
  if (is_positive_zero(value)) return cast::int_const(0, DType::Int32);
  if (value->kind != cast::ExprKind::Ternary) return nullptr;
  cast::ExprPtr then_bits = bits_without_conversion(value->args[1], dtype);
  cast::ExprPtr else_bits = then_bits ? bits_without_conversion(value->args[2], dtype) : nullptr;
  if (!else_bits || (then_bits->kind == cast::ExprKind::IntConst && else_bits->kind == cast::ExprKind::IntConst)) {
    return nullptr;
  }
  return cast::ternary(value->args[0], then_bits, else_bits, dtype);
}

// A float32 value rounded to the 16-bit storage type `dtype` (to nearest, ties to even).
cast::ExprPtr narrowed(cast::ExprPtr value, DType dtype) {
  if (!is_half_precision(dtype)) return value;
  // A 16-bit value copied into its own type (a fetch into a local tile, also one that writes +0
  // outside the footprint) keeps its bits: widening is exact and rounding back gives them again,
  // so the conversions would be wasted work.
  cast::ExprPtr bits = bits_without_conversion(value, dtype);
  if (bits && bits->kind != cast::ExprKind::IntConst) return bits;
  return cast::call("loom_float_to_" + std::string(dtype_name(dtype)), {std::move(value)}, dtype);
}

cast::ExprPtr cast_if_needed(cast::ExprPtr value, DType dtype) {
  if (value->dtype == dtype) return value;
  return cast::cast_to(dtype, std::move(value));
}

}  // namespace

std::string integer_helper(const std::string& base, DType dtype) {
  return base + (is_narrow_signed(dtype) ? "_int32_t" : "_int64_t");
}

ExpressionLowering::ExpressionLowering(const LoopKernel& kernel, Target target)
    : kernel_(kernel), target_(target), types_(kernel) {}

DType ExpressionLowering::concrete(const ExprType& type, std::optional<DType> context) const {
  if (!type.weak) return computed(type.dtype);
  if (context && (is_floating(*context) || !is_floating(type.dtype))) return computed(*context);
  return computed(resolve_weak(type));
}

cast::ExprPtr ExpressionLowering::lower_literal(const Expr& expr, std::optional<DType> context) const {
  ExprType type = types_.type_of(expr);
  DType dtype = type.weak ? concrete(type, context) : computed(type.dtype);
  if (expr.kind == ExprKind::FloatLiteral) {
    if (!type.weak) return cast::float_const(expr.float_value, dtype);
    if (!is_floating(dtype)) dtype = resolve_weak(type, expr.float_value);
    return cast::float_const(expr.float_value, dtype);
  }
  if (is_floating(dtype)) return cast::float_const(static_cast<double>(expr.int_value), dtype);
  if (dtype == DType::Bool) dtype = DType::Int32;
  return cast::int_const(expr.int_value, dtype);
}

std::vector<ExprPtr> ExpressionLowering::shape_of(const std::string& array) const {
  if (const KernelArgument* arg = kernel_.find_arg(array)) return arg->shape;
  if (const Temporary* temporary = kernel_.find_temporary(array)) return temporary->shape;
  throw Error("unknown array '" + array + "'");
}

cast::ExprPtr ExpressionLowering::flat_index(const std::string& array, const std::vector<ExprPtr>& indices,
                                             const InameValues& inames) const {
  std::vector<ExprPtr> shape = shape_of(array);
  if (shape.size() != indices.size()) {
    throw Error("array '" + array + "' has " + std::to_string(shape.size()) + " axes but is indexed with " +
                std::to_string(indices.size()));
  }
  DType index = index_dtype();
  // loopy refuses a non-integral index (test_non_integral_array_idx_raises); converting it to an
  // integer silently would pick an element the user did not write.
  for (const ExprPtr& axis_index : indices) {
    ExprType type = types_.type_of(*axis_index);
    if (is_floating(type.dtype)) {
      throw Error("array '" + array + "' is indexed with " + to_string(axis_index) + ", which is " +
                  std::string(dtype_name(type.dtype)) + "; array indices must be integers");
    }
  }
  const KernelArgument* arg = kernel_.find_arg(array);
  if (arg != nullptr && (!arg->dim_tags.empty() || arg->offset)) {
    return strided_index(array_strides(*arg), arg->offset, indices, inames);
  }
  const Temporary* temporary = kernel_.find_temporary(array);
  if (temporary != nullptr && is_swizzled(temporary->dim_tags)) {
    SwizzleParts parts = swizzle_parts(array, indices, inames);
    return fold(cast::binary("+", parts.whole, swizzled(parts.within, types_.variable_dtype(array)), index_dtype()));
  }
  if (temporary != nullptr && !temporary->dim_tags.empty()) {
    return strided_index(array_strides(*temporary), nullptr, indices, inames);
  }
  bool fortran = arg != nullptr && arg->order == ArrayOrder::F;
  // Horner's scheme over the axes from slowest to fastest: ((i0 * s1 + i1) * s2 + i2).
  cast::ExprPtr flat;
  for (std::size_t step = 0; step < indices.size(); ++step) {
    std::size_t axis = fortran ? indices.size() - 1 - step : step;
    cast::ExprPtr value = cast_if_needed(lower(*indices[axis], index, inames), index);
    if (!flat) {
      flat = value;
      continue;
    }
    cast::ExprPtr extent = lower(*shape[axis], index, inames);
    flat = cast::binary("+", cast::binary("*", flat, extent, index), value, index);
  }
  return flat ? flat : cast::int_const(0, index);
}

// The stored position of the element at unswizzled flat index `flat` of a swizzled tile
// (src/ir/layout.hpp): flat ^ (flat / row % 8) * chunk, in elements.
cast::ExprPtr ExpressionLowering::swizzled(const cast::ExprPtr& flat, DType element) const {
  DType index = index_dtype();
  auto constant = [&](int64_t value) { return cast::int_const(value, index); };
  cast::ExprPtr row = cast::binary("/", flat, constant(swizzle_row_elements(element)), index);
  cast::ExprPtr chunk_shift = cast::binary("*", cast::binary("%", row, constant(8), index),
                                           constant(swizzle_chunk_elements(element)), index);
  return cast::binary("^", flat, chunk_shift, index);
}

// The unswizzled flat index of a swizzled tile's element as a sum of two parts: `whole`, the terms
// that are multiples of the pattern's 1024-byte period (axes whose stride is, such as a ring's
// slot axis, and the column blocks of swizzle128:N), and `within`, the rest. The permutation
// changes address bits 4-6 by bits 7-9 only, so it applies to `within` alone: stored at whole +
// swizzle(within), which keeps a ring slot's or k step's offset out of the XOR (it is then the
// same for every slot, and the compiler hoists it out of the k loop).
ExpressionLowering::SwizzleParts ExpressionLowering::swizzle_parts(const std::string& array,
                                                                   const std::vector<ExprPtr>& indices,
                                                                   const InameValues& inames) const {
  const Temporary* temporary = kernel_.find_temporary(array);
  LOOM_ASSERT(temporary != nullptr && is_swizzled(temporary->dim_tags), "'" + array + "' is not a swizzled tile");
  std::size_t axis = *swizzle_axis(temporary->dim_tags);
  std::optional<int64_t> atom = swizzle_atom_stride("temporary '" + array + "'", temporary->dim_tags);
  DType element = types_.variable_dtype(array);
  int64_t period = kSwizzleBlockBytes / static_cast<int64_t>(dtype_size(element));
  std::vector<ExprPtr> strides = array_strides(*temporary);
  std::vector<ExprPtr> whole_indices = indices, within_indices = indices;
  for (std::size_t d = 0; d < indices.size(); ++d) {
    bool whole = d != axis && strides[d]->kind == ExprKind::IntLiteral && strides[d]->int_value % period == 0;
    (whole ? within_indices : whole_indices)[d] = int_literal(0);
  }
  DType index = index_dtype();
  auto constant = [&](int64_t value) { return cast::int_const(value, index); };
  SwizzleParts parts;
  parts.whole = fold(strided_index(strides, nullptr, whole_indices, inames));
  parts.within = fold(strided_index(strides, nullptr, within_indices, inames));
  if (!atom) return parts;
  // Column blocks: the swizzled axis' index c contributes (c / row) * atom (whole when atom is a
  // multiple of the period) + c % row (within), not c.
  within_indices[axis] = int_literal(0);
  parts.within = fold(strided_index(strides, nullptr, within_indices, inames));
  cast::ExprPtr column = cast_if_needed(lower(*indices[axis], index, inames), index);
  int64_t row = swizzle_row_elements(element);
  cast::ExprPtr block = cast::binary("*", cast::binary("/", column, constant(row), index), constant(*atom), index);
  cast::ExprPtr in_row = cast::binary("%", column, constant(row), index);
  bool whole_blocks = *atom % period == 0;
  parts.whole = whole_blocks ? fold(cast::binary("+", parts.whole, block, index)) : parts.whole;
  parts.within = fold(cast::binary("+", parts.within, whole_blocks ? in_row : cast::binary("+", block, in_row, index), index));
  return parts;
}

cast::ExprPtr ExpressionLowering::unswizzled_index(const std::string& array, const std::vector<ExprPtr>& indices,
                                                   const InameValues& inames) const {
  SwizzleParts parts = swizzle_parts(array, indices, inames);
  return fold(cast::binary("+", parts.whole, parts.within, index_dtype()));
}

// offset + Σ index_d * stride_d, for arrays with dim_tags or an offset.
cast::ExprPtr ExpressionLowering::strided_index(const std::vector<ExprPtr>& strides, const ExprPtr& offset,
                                                const std::vector<ExprPtr>& indices,
                                                const InameValues& inames) const {
  DType index = index_dtype();
  cast::ExprPtr flat = offset ? cast_if_needed(lower(*offset, index, inames), index) : nullptr;
  for (std::size_t axis = 0; axis < indices.size(); ++axis) {
    cast::ExprPtr value = cast_if_needed(lower(*indices[axis], index, inames), index);
    bool unit = strides[axis]->kind == ExprKind::IntLiteral && strides[axis]->int_value == 1;
    cast::ExprPtr term = unit ? value : cast::binary("*", value, lower(*strides[axis], index, inames), index);
    flat = flat ? cast::binary("+", flat, term, index) : term;
  }
  return flat ? flat : cast::int_const(0, index);
}

cast::ExprPtr ExpressionLowering::lower(const Expr& expr, std::optional<DType> context,
                                        const InameValues& inames) const {
  if (lane_values_ != nullptr) {
    if (auto found = lane_values_->find(&expr); found != lane_values_->end()) return found->second;
  }
  switch (expr.kind) {
    case ExprKind::IntLiteral:
    case ExprKind::FloatLiteral: return lower_literal(expr, context);
    case ExprKind::Variable: {
      if (auto found = inames.find(expr.name); found != inames.end()) return found->second;
      if (types_.is_iname(expr.name)) {
        throw InternalError("iname '" + expr.name + "' has no value in this statement");
      }
      // A global temporary of shape () is passed like any global array: one element behind a
      // pointer (loopy's test_scalar_temporary; save_and_reload_temporaries makes them).
      // So is a scalar that alias_temporaries put into a shared storage area (declared as a pointer
      // into it; transform fuzzer, seed 73000602).
      if (const Temporary* temporary = kernel_.find_temporary(expr.name);
          temporary != nullptr && temporary->shape.empty() &&
          ((temporary->address_space == AddressSpace::Global && temporary->initializer.empty()) ||
           !temporary->base_storage.empty())) {
        return widened(cast::load(expr.name, cast::int_const(0, index_dtype()), types_.variable_dtype(expr.name)));
      }
      return widened(cast::var(expr.name, types_.variable_dtype(expr.name)));
    }
    case ExprKind::Subscript:
      return widened(cast::load(expr.name, flat_index(expr.name, expr.operands, inames),
                                types_.variable_dtype(expr.name)));
    case ExprKind::Unary: {
      if (expr.unary_op == UnaryOp::LogicalNot) {
        return cast::unary("!", lower(*expr.operands[0], DType::Bool, inames), DType::Bool);
      }
      DType type = concrete(types_.type_of(expr), context);
      return cast::unary(expr.unary_op == UnaryOp::BitwiseNot ? "~" : "-", lower(*expr.operands[0], type, inames), type);
    }
    case ExprKind::Binary: return lower_binary(expr, context, inames);
    case ExprKind::IfThenElse: {
      DType type = concrete(types_.type_of(expr), context);
      // A floating-point condition is compared with zero: OpenCL C refuses one in `?:`
      // (loopy's test_emits_ternary_operators_correctly, `1729 if tmp1 else 1.414`).
      const Expr& condition = *expr.operands[0];
      DType condition_type = concrete(types_.type_of(condition), std::nullopt);
      cast::ExprPtr test = is_floating(condition_type)
                               ? cast::binary("!=", lower(condition, condition_type, inames),
                                              cast::float_const(0, condition_type), DType::Bool)
                               : lower(condition, DType::Bool, inames);
      return cast::ternary(test, lower(*expr.operands[1], type, inames), lower(*expr.operands[2], type, inames), type);
    }
    case ExprKind::Call: return lower_call(expr, context, inames);
    case ExprKind::Reduction:
      throw Error("reduction '" + to_string(expr) + "' must be realized before code generation");
  }
  return nullptr;
}

cast::ExprPtr ExpressionLowering::lower_binary(const Expr& expr, std::optional<DType> context,
                                               const InameValues& inames) const {
  static const std::map<BinaryOp, std::string> c_operators = {
      {BinaryOp::Less, "<"},         {BinaryOp::LessEqual, "<="}, {BinaryOp::Greater, ">"},
      {BinaryOp::GreaterEqual, ">="}, {BinaryOp::Equal, "=="},     {BinaryOp::NotEqual, "!="},
      {BinaryOp::LogicalAnd, "&&"},  {BinaryOp::LogicalOr, "||"}};
  const Expr& lhs = *expr.operands[0];
  const Expr& rhs = *expr.operands[1];
  if (is_logical(expr.binary_op)) {
    return cast::binary(c_operators.at(expr.binary_op), lower(lhs, DType::Bool, inames),
                        lower(rhs, DType::Bool, inames), DType::Bool);
  }
  if (is_comparison(expr.binary_op)) {
    ExprType operand_type = combine_types(types_.type_of(lhs), types_.type_of(rhs));
    DType type = concrete(operand_type, std::nullopt);
    return cast::binary(c_operators.at(expr.binary_op), lower(lhs, type, inames), lower(rhs, type, inames),
                        DType::Bool);
  }
  DType type = concrete(types_.type_of(expr), context);
  if (is_bitwise(expr.binary_op)) {
    // The operands' common type, as loopy infers it. C would give a shift the type of its
    // (promoted) left operand alone, so that operand is converted to the common type first.
    bool shift = expr.binary_op == BinaryOp::LeftShift || expr.binary_op == BinaryOp::RightShift;
    cast::ExprPtr left = lower(lhs, type, inames);
    return cast::binary(std::string(binary_op_spelling(expr.binary_op)), shift ? cast_if_needed(left, type) : left,
                        lower(rhs, type, inames), type);
  }
  if (expr.binary_op == BinaryOp::Power) {
    if (cast::ExprPtr expanded = lower_constant_power(lhs, rhs, type, inames)) return expanded;
    // pow is a function: OpenCL's overloads refuse mixed operands (pow(float, double), pow(long,
    // ulong)) where C's operators would promote them, so both operands are converted explicitly.
    return lower_arithmetic(expr.binary_op, cast_if_needed(lower(lhs, type, inames), type),
                            cast_if_needed(lower(rhs, type, inames), type), type);
  }
  return lower_arithmetic(expr.binary_op, lower(lhs, type, inames), lower(rhs, type, inames), type);
}

namespace {

// The value of a constant exponent (`2`, `2.0`, `-1`, `0.5`); nullopt for anything else.
std::optional<double> constant_exponent(const Expr& exponent) {
  if (exponent.kind == ExprKind::IntLiteral) return static_cast<double>(exponent.int_value);
  if (exponent.kind == ExprKind::FloatLiteral) return exponent.float_value;
  if (exponent.kind == ExprKind::Unary && exponent.unary_op == UnaryOp::Negate) {
    if (auto value = constant_exponent(*exponent.operands[0])) return -*value;
  }
  return std::nullopt;
}

}  // namespace

// `x**2`, `x**3`, `x**-1` as products and a reciprocal, `x**0.5` as sqrt (DESIGN: loopy emits
// `x*x` for `x**2`; a call to pow costs ~20 instructions on a GPU and keeps a float32 kernel from
// vectorizing on the C target). Exponents beyond ±4 and other fractions stay calls to pow.
// sqrt(x) equals pow(x, 0.5) except at -0 (sqrt gives -0) and -inf (sqrt gives NaN), as with
// loopy and C compilers under -ffast-math; decisions.md "Issue 27" says why that is acceptable.
cast::ExprPtr ExpressionLowering::lower_constant_power(const Expr& base, const Expr& exponent, DType type,
                                                       const InameValues& inames) const {
  std::optional<double> value = constant_exponent(exponent);
  if (!value) return nullptr;
  bool floating = is_floating(type);
  if (*value == 0.5 && floating) {
    return cast::call(math_name("sqrt", type, target_), {lower(base, type, inames)}, type);
  }
  double magnitude = std::fabs(*value);
  if (magnitude != std::floor(magnitude) || magnitude > 4) return nullptr;
  if (*value < 0 && !floating) return nullptr;
  if (magnitude == 0) {
    return floating ? cast::float_const(1.0, type) : cast::int_const(1, type);
  }
  cast::ExprPtr lowered = lower(base, type, inames);
  cast::ExprPtr product = lowered;
  for (int factor = 1; factor < static_cast<int>(magnitude); ++factor) {
    product = cast::binary("*", product, lowered, type);
  }
  if (*value > 0) return product;
  return cast::binary("/", cast::float_const(1.0, type), product, type);
}

cast::ExprPtr ExpressionLowering::lower_arithmetic(BinaryOp op, cast::ExprPtr lhs, cast::ExprPtr rhs,
                                                   DType type) const {
  bool floating = is_floating(type);
  switch (op) {
    case BinaryOp::Add: return cast::binary("+", lhs, rhs, type);
    case BinaryOp::Subtract: return cast::binary("-", lhs, rhs, type);
    case BinaryOp::Multiply: return cast::binary("*", lhs, rhs, type);
    case BinaryOp::Divide: return cast::binary("/", lhs, rhs, type);
    case BinaryOp::FloorDivide:
      if (floating) return cast::call("floor" + float_suffix(type, target_), {cast::binary("/", lhs, rhs, type)}, type);
      if (!is_signed(type)) return cast::binary("/", lhs, rhs, type);
      return cast::call(integer_helper("loom_floor_div", type), {lhs, rhs}, type);
    case BinaryOp::Modulo:
      if (floating) return cast::call(type == DType::Float32 ? "loom_mod_float" : "loom_mod_double", {lhs, rhs}, type);
      if (!is_signed(type)) return cast::binary("%", lhs, rhs, type);
      return cast::call(integer_helper("loom_mod", type), {lhs, rhs}, type);
    case BinaryOp::Power:
      if (floating) return cast::call("pow" + float_suffix(type, target_), {lhs, rhs}, type);
      return cast::call(integer_helper("loom_pow", type), {lhs, rhs}, type);
    default: break;
  }
  LOOM_ASSERT(false, "not an arithmetic operator");
}

cast::ExprPtr ExpressionLowering::lower_call(const Expr& expr, std::optional<DType> context,
                                             const InameValues& inames) const {
  if (is_warp_reduction_function(expr.name)) return lower_warp_reduction(expr, inames);
  if (std::optional<DType> target = type_cast_target(expr)) {
    const Expr& value = *expr.operands[1];
    DType from = concrete(types_.type_of(value), target);
    return cast::cast_to(*target, lower(value, from, inames));
  }
  const MathFunction* function = find_math_function(expr.name);
  if (function == nullptr) {
    throw Error("unknown function '" + expr.name + "' (substitution rules are expanded before this point)");
  }
  DType type = concrete(types_.type_of(expr), context);
  std::vector<cast::ExprPtr> args;
  // Overloaded math functions (OpenCL's fmin(float, double)) need operands of one type.
  for (const ExprPtr& operand : expr.operands) args.push_back(cast_if_needed(lower(*operand, type, inames), type));
  if (expr.name == "clamp") {
    // clamp(x, lo, hi) = min(max(x, lo), hi) (OpenCL's definition); C and CUDA have no clamp, so
    // every dialect gets the min/max it already prints.
    std::string max_name = is_floating(type) ? math_name("max", type, target_) : integer_helper("loom_max", type);
    std::string min_name = is_floating(type) ? math_name("min", type, target_) : integer_helper("loom_min", type);
    return cast::call(min_name, {cast::call(max_name, {args[0], args[1]}, type), args[2]}, type);
  }
  if (!is_floating(type)) {
    std::string helper = expr.name == "abs" ? "loom_abs" : "loom_" + expr.name;
    return cast::call(integer_helper(helper, type), args, type);
  }
  return cast::call(math_name(expr.name, type, target_), args, type);
}

// `loom_warp_sum_float(v)`, `loom_warp_argmax_index_float_int32_t(v, i)`: the printer defines
// the helpers a CUDA translation unit calls (print_c_family.cpp, warp_helpers).
cast::ExprPtr ExpressionLowering::lower_warp_reduction(const Expr& expr, const InameValues& inames) const {
  std::string name = expr.name;
  std::vector<cast::ExprPtr> args;
  for (const ExprPtr& operand : expr.operands) {
    DType type = concrete(types_.type_of(*operand), std::nullopt);
    name += "_" + c_type_name(type);
    args.push_back(lower(*operand, type, inames));
  }
  return cast::call(name, args, args.back()->dtype);
}

namespace {

bool reads_an_array(const Expr& expr) {
  if (expr.kind == ExprKind::Subscript) return true;
  return std::any_of(expr.operands.begin(), expr.operands.end(), [](const ExprPtr& operand) { return reads_an_array(*operand); });
}

}  // namespace

// C target: a subscript whose index reads an array (`hist[bins[i]]`) escapes the static bounds
// check, and an index array with a value out of range would write outside the array (corrupting
// loom's heap) or read past it. The statement runs only where every such index lies in its axis;
// elsewhere loom_index_outside_its_array raises SIGUSR2, which the fault guard reports as a
// KernelFault naming the kernel (exit code 5). Branches of if(c, a, b) are not checked: only the
// chosen one is evaluated (SPEC.md). GPU targets fault on their own. With
// enforce_array_accesses_within_bounds off the user means accesses outside the declared shape.
cast::StmtPtr ExpressionLowering::with_index_checks(const Instruction& instruction, const InameValues& inames,
                                                    cast::StmtPtr statement) const {
  if (target_ != Target::C || !kernel_.options.enforce_array_accesses_within_bounds) return statement;
  cast::ExprPtr in_bounds;
  for (const ExprPtr& assignee : instruction.assignees) collect_index_checks(*assignee, inames, in_bounds);
  if (instruction.expression) collect_index_checks(*instruction.expression, inames, in_bounds);
  if (!in_bounds) return statement;
  cast::ExprPtr report = cast::call("loom_index_outside_its_array", {}, DType::Bool);
  return cast::if_then(cast::binary("||", in_bounds, report, DType::Bool), statement);
}

void ExpressionLowering::collect_index_checks(const Expr& expr, const InameValues& inames,
                                              cast::ExprPtr& in_bounds) const {
  if (expr.kind == ExprKind::IfThenElse) {
    collect_index_checks(*expr.operands[0], inames, in_bounds);
    return;
  }
  for (const ExprPtr& operand : expr.operands) collect_index_checks(*operand, inames, in_bounds);
  if (expr.kind != ExprKind::Subscript) return;
  std::vector<ExprPtr> shape = shape_of(expr.name);
  if (shape.size() != expr.operands.size()) return;  // flat_index reports it
  DType index = index_dtype();
  for (std::size_t axis = 0; axis < shape.size(); ++axis) {
    if (!reads_an_array(*expr.operands[axis]) || !shape[axis]) continue;
    cast::ExprPtr value = lower(*expr.operands[axis], index, inames);
    cast::ExprPtr inside = cast::binary("&&", cast::binary(">=", value, cast::int_const(0, index), DType::Bool),
                                        cast::binary("<", value, lower(*shape[axis], index, inames), DType::Bool),
                                        DType::Bool);
    in_bounds = in_bounds ? cast::binary("&&", in_bounds, inside, DType::Bool) : inside;
  }
}

cast::StmtPtr ExpressionLowering::lower_instruction(const Instruction& instruction,
                                                    const InameValues& inames) const {
  if (instruction.kind == InstructionKind::NoOp) return cast::block({});
  if (instruction.kind == InstructionKind::Barrier) {
    cast::Stmt barrier;
    barrier.kind = cast::StmtKind::Barrier;
    // Global-scope barriers split kernels and never get here; a local one may fence global memory.
    barrier.fences_global_memory = instruction.barrier_mem_kind == SyncScope::Global;
    barrier.fences_local_memory = fences_local_memory(instruction);
    return std::make_shared<const cast::Stmt>(barrier);
  }
  if (instruction.assignees.size() != 1) {
    throw Error("instruction '" + instruction.id + "' assigns several values; only reductions realized "
                "into separate assignments may do that");
  }
  const Expr& assignee = *instruction.assignees.front();
  DType target_type = types_.variable_dtype(assignee.name);
  cast::ExprPtr target = lower(assignee, target_type, inames);
  if (is_half_precision(target_type)) target = target->args[0];  // the storage, not its widened value
  cast::ExprPtr value = narrowed(lower(*instruction.expression, computed(target_type), inames), target_type);
  cast::StmtPtr statement = with_index_checks(instruction, inames, cast::assign(target, value));
  if (instruction.predicates.empty()) return statement;
  cast::ExprPtr condition;
  // A whole-tile / edge pair's first guard takes the arrays' alignment (pair_guard), here too, so
  // that the lanes of either copy run exactly where their 16-byte copies' guards say.
  cast::ExprPtr paired = pair_guard(instruction, inames);
  for (const ExprPtr& predicate : instruction.predicates) {
    const Expr& guard = is_padding_marker(*predicate) ? *predicate->operands[0] : *predicate;
    cast::ExprPtr lowered = paired && predicate == instruction.predicates.front() ? paired : lower(guard, DType::Bool, inames);
    condition = condition ? cast::binary("&&", condition, lowered, DType::Bool) : lowered;
  }
  return cast::if_then(condition, statement);
}

}  // namespace loom::codegen
