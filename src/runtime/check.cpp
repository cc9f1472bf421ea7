// check_against_reference: SPEC.md's `run --check` semantics.
#include "loom/check.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <functional>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "analysis/preprocess.hpp"
#include "analysis/type_inference.hpp"
#include "analysis/unwritten_reads.hpp"
#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "runtime/launch_only_kernel.hpp"
#include "runtime/array_layout.hpp"
#include "runtime/half_precision.hpp"
#include "runtime/launcher.hpp"
#include "runtime/memory_preflight.hpp"
#include "loom/error.hpp"
#include "loom/runtime.hpp"
#include "loom/transforms.hpp"

namespace loom {

namespace {

DType promoted(DType dtype) { return is_floating(dtype) ? DType::Float64 : dtype; }

double dtype_rtol(DType dtype) {
  switch (dtype) {
    case DType::Float16: return 1e-2;
    case DType::BFloat16: return 2e-2;
    case DType::Float32: return 1e-3;
    case DType::Float64: return 1e-9;
    default: return 0;
  }
}

// The number of values of `iname` at the given parameter values (its domain's other inames
// projected out); 1 when that is not a finite constant.
int64_t iname_length(const LoopKernel& kernel, const std::string& iname, const ParameterMap& parameters) {
  const Domain* domain = kernel.domain_of_iname(iname);
  if (domain == nullptr) return 1;
  isl::set alone = isl_extra::set_dims_to_params(isl_set_of(domain->set));
  for (const std::string& other : domain->inames) {
    if (other != iname) alone = isl_extra::project_out_param(alone, other);
  }
  for (const auto& [name, value] : parameters) {
    int position = isl_set_find_dim_by_name(alone.get(), isl_dim_param, name.c_str());
    if (position >= 0) alone = isl::manage(isl_set_fix_si(alone.release(), isl_dim_param, static_cast<unsigned>(position), static_cast<int>(value)));
  }
  alone = isl_extra::params_to_set_dims(isl::manage(isl_set_from_params(alone.params().release())), {iname}, "");
  if (alone.is_empty()) return 1;
  isl::val low = alone.dim_min_val(0), high = alone.dim_max_val(0);
  if (!low.is_int() || !high.is_int()) return 1;
  return std::max<int64_t>(1, high.get_num_si() - low.get_num_si() + 1);
}

// K of SPEC.md's tolerance rule: the most terms a sum adds on the way to `output`, through the
// temporaries the instructions writing it read (t = sum(k, ...); out[i] = t has K terms too).
int64_t reduction_length(const LoopKernel& kernel, const std::string& output, const ParameterMap& parameters,
                         std::set<std::string>& visited) {
  if (!visited.insert(output).second) return 1;
  int64_t longest = 1;
  std::function<void(const Expr&)> visit = [&](const Expr& expr) {
    if (expr.kind == ExprKind::Reduction && expr.name == "sum") {
      int64_t terms = 1;
      for (const std::string& iname : expr.reduction_inames) terms *= iname_length(kernel, iname, parameters);
      longest = std::max(longest, terms);
    }
    if ((expr.kind == ExprKind::Variable || expr.kind == ExprKind::Subscript) && kernel.find_temporary(expr.name)) {
      longest = std::max(longest, reduction_length(kernel, expr.name, parameters, visited));
    }
    for (const ExprPtr& operand : expr.operands) visit(*operand);
  };
  for (const Instruction& instruction : kernel.instructions) {
    bool writes = std::any_of(instruction.assignees.begin(), instruction.assignees.end(),
                              [&](const ExprPtr& assignee) { return assignee->name == output; });
    if (writes && instruction.expression) visit(*instruction.expression);
  }
  return longest;
}

int64_t reduction_length(const LoopKernel& kernel, const std::string& output, const ParameterMap& parameters) {
  std::set<std::string> visited;
  return reduction_length(kernel, output, parameters, visited);
}

// u_c of SPEC.md's tolerance rule: the unit roundoff of the narrowest format `kernel` rounds
// computed values to on the way to its outputs: TF32 where a tensorized product rounds its float32
// operands (tensorize's "tf32" tag; 2^-10 for wgmma, which may truncate them), float16/bfloat16 where an instruction stores a computed value
// (not a plain copy, which is exact) into a 16-bit temporary. 0 when it rounds to none.
// `kernel` is as written (a realized sum would look like a copy of its accumulator), `typed` the
// same after preprocessing (temporaries' inferred types).
double computation_roundoff(const LoopKernel& kernel, const LoopKernel& typed) {
  double roundoff = 0;
  for (const Instruction& instruction : kernel.instructions) {
    // wgmma reads float32 operands as they are stored (no cvt.rna.tf32 on the way: the tensor core
    // uses the TF32 part of the bits), so its TF32 may truncate: one unit of the 10-bit fraction.
    if (instruction.tags.count("tensorize_tf32") != 0) {
      roundoff = std::max(roundoff, instruction.tags.count("tensorize_wgmma") != 0 ? 0x1p-10 : 0x1p-11);
    }
    if (!instruction.expression || instruction.assignees.size() != 1) continue;
    const Temporary* temporary = typed.find_temporary(instruction.assignees[0]->name);
    if (temporary == nullptr || !temporary->dtype || !is_half_precision(*temporary->dtype)) continue;
    ExprKind kind = instruction.expression->kind;
    if (kind != ExprKind::Subscript && kind != ExprKind::Variable) roundoff = std::max(roundoff, unit_roundoff(*temporary->dtype));
  }
  return roundoff;
}

// The rtol of the narrowest floating-point type an arithmetic operation of `typed` computes in
// (0 when none): `y[i] = b[i]*k[i]` with float32 `b` and a float64 `y` multiplies in float32, so
// y holds float32's precision, not float64's (the reference computes in float64). Copies and
// conversions round nothing and do not count.
double computed_float_rtol(const LoopKernel& typed) {
  double widest = 0;
  TypeContext types(typed);
  for (const Instruction& instruction : typed.instructions) {
    if (!instruction.expression) continue;
    visit_expr(*instruction.expression, [&](const Expr& expr) {
      bool arithmetic = expr.kind == ExprKind::Binary || expr.kind == ExprKind::Unary || expr.kind == ExprKind::Call ||
                        expr.kind == ExprKind::Reduction;
      if (!arithmetic) return;
      try {
        std::optional<ExprType> type = types.partial_type_of(expr);
        // bfloat16 and float16 operations compute in float32 on every target (the rounding to the
        // 16-bit format happens where a value is stored: computation_roundoff counts that).
        if (type && !type->weak && is_floating(type->dtype)) {
          DType computed = is_half_precision(type->dtype) ? DType::Float32 : type->dtype;
          widest = std::max(widest, dtype_rtol(computed));
        }
      } catch (const Error&) {
        // an operation without a floating type (a comparison of indices, a cast): nothing to add
      }
    });
  }
  return widest;
}

// SPEC.md's `run --check` rtol: the output dtype's own, or that of the narrowest floating-point
// type the kernel computes in where that is wider, widened to 2·u_c·sqrt(K) where the
// computation rounds to a narrower format than float32 (decisions.md, Issue 29, says why).
double default_rtol(DType dtype, double computed_rtol, double roundoff, int64_t terms) {
  double own = is_floating(dtype) ? std::max(dtype_rtol(dtype), computed_rtol) : dtype_rtol(dtype);
  return std::max(own, 2 * roundoff * std::sqrt(static_cast<double>(terms)));
}

std::set<std::string> written_names(const LoopKernel& kernel) {
  std::set<std::string> names;
  for (const Instruction& instruction : kernel.instructions) {
    for (const ExprPtr& assignee : instruction.assignees) names.insert(assignee->name);
  }
  return names;
}

// "m=3, n=-1", for messages.
std::string format_parameters(const ParameterMap& parameters) {
  std::string text;
  for (const auto& [name, value] : parameters) text += (text.empty() ? "" : ", ") + name + "=" + std::to_string(value);
  return text.empty() ? "no parameters" : text;
}

std::vector<int64_t> evaluate_shape(const KernelArgument& arg, const ParameterMap& parameters) {
  if (arg.shape_is_auto) {
    throw Error("argument '" + arg.name + "' has an automatic shape, which this check cannot size yet");
  }
  std::vector<int64_t> shape;
  for (const ExprPtr& extent : arg.shape) {
    int64_t value = evaluate_integer(*extent, parameters);
    // Array's own check can only say "a negative extent"; here the argument and the parameter
    // values that made it are known (a kernel without assumptions run with -D n=-1).
    if (value < 0) {
      throw Error("argument '" + arg.name + "': axis " + std::to_string(shape.size()) + " of its shape, " +
                  to_string(*extent) + ", is " + std::to_string(value) + " for " +
                  format_parameters(parameters) + "; an extent must be 0 or more");
    }
    shape.push_back(value);
  }
  return shape;
}

void fill(Array& array, const std::string& name, const CheckOptions& options, std::mt19937_64& random) {
  DType dtype = array.dtype();
  auto custom = options.inputs.find(name);
  if (custom != options.inputs.end()) {
    const InputGenerator& generator = custom->second;
    if (generator.kind == InputGenerator::Kind::Values) {
      if (static_cast<int64_t>(generator.values.size()) != array.size()) {
        throw Error("test input for '" + name + "' has " + std::to_string(generator.values.size()) +
                    " values; the array has " + std::to_string(array.size()) + " elements");
      }
      for (int64_t i = 0; i < array.size(); ++i) array.set_double(i, generator.values[static_cast<std::size_t>(i)]);
      return;
    }
    if (generator.kind == InputGenerator::Kind::Arange) {
      for (int64_t i = 0; i < array.size(); ++i) array.set_double(i, generator.start + generator.step * static_cast<double>(i));
      return;
    }
    std::uniform_real_distribution<double> uniform(generator.low, generator.high);
    for (int64_t i = 0; i < array.size(); ++i) array.set_double(i, uniform(random));
    return;
  }
  if (is_floating(dtype)) {
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    for (int64_t i = 0; i < array.size(); ++i) array.set_double(i, uniform(random));
  } else if (dtype == DType::Bool) {
    std::uniform_int_distribution<int> coin(0, 1);
    for (int64_t i = 0; i < array.size(); ++i) array.set_int(i, coin(random));
  } else {
    std::uniform_int_distribution<int64_t> uniform(1, 63);
    for (int64_t i = 0; i < array.size(); ++i) array.set_int(i, uniform(random));
  }
}

// An array laid out as `arg` says (its dim_tags or order).
Array allocate(const KernelArgument& arg, DType dtype, const ParameterMap& parameters) {
  return Array::with_strides(dtype, evaluate_shape(arg, parameters), detail::layout_strides(arg, parameters));
}

Array convert(const Array& source, Array result) {
  DType dtype = result.dtype();
  for (int64_t i = 0; i < source.size(); ++i) {
    if (is_floating(dtype)) result.set_double(i, source.get_double(i));
    else result.set_int(i, source.get_int(i));
  }
  return result;
}

std::vector<int64_t> position_of(int64_t flat, const std::vector<int64_t>& shape) {
  std::vector<int64_t> position(shape.size());
  for (std::size_t step = 0; step < shape.size(); ++step) {
    std::size_t axis = shape.size() - 1 - step;
    position[axis] = flat % shape[axis];
    flat /= shape[axis];
  }
  return position;
}

static double smallest_normal(DType dtype) {
  switch (dtype) {
    case DType::Float16: return 6.103515625e-05;  // 2^-14
    case DType::Float32: return static_cast<double>(std::numeric_limits<float>::min());
    case DType::Float64: return std::numeric_limits<double>::min();
    default: return static_cast<double>(std::numeric_limits<float>::min());  // bfloat16 has float32's exponent
  }
}

OutputComparison compare(const std::string& name, const Array& output, const Array& reference,
                         const CheckOptions& options, double natural_rtol) {
  OutputComparison result;
  result.name = name;
  bool floating = is_floating(output.dtype());
  double sum_squares = 0, error_squares = 0;
  // An infinite reference value must be matched exactly (below); it takes no part in the scale,
  // or atol would become infinite and let every other element pass.
  for (int64_t i = 0; i < reference.size(); ++i) {
    double value = reference.get_double(i);
    if (std::isfinite(value)) sum_squares += value * value;
  }
  double rms = reference.size() > 0 ? std::sqrt(sum_squares / static_cast<double>(reference.size())) : 0;
  result.rtol = floating ? options.rtol.value_or(natural_rtol) : 0;
  // The floor is the output dtype's smallest normal number: a reference below it (a product of
  // 257 factors of about 0.5 is 1e-78) is not representable in the output, so any kernel that
  // stores it in that dtype would differ from the float64 reference by up to that much.
  result.atol = floating ? options.atol.value_or(std::max(result.rtol * rms, smallest_normal(output.dtype()))) : 0;
  double worst_excess = -1;
  for (int64_t i = 0; i < reference.size(); ++i) {
    double out = floating ? output.get_double(i) : static_cast<double>(output.get_int(i));
    double ref = floating ? reference.get_double(i) : static_cast<double>(reference.get_int(i));
    bool ok;
    double excess;
    if (std::isnan(ref) || std::isnan(out)) {
      ok = std::isnan(ref) && std::isnan(out);
      excess = ok ? 0 : INFINITY;
    } else if (std::isinf(ref) || std::isinf(out)) {
      ok = out == ref;  // the same infinity
      excess = ok ? 0 : INFINITY;
    } else if (!floating) {
      ok = output.get_int(i) == reference.get_int(i);
      excess = std::fabs(out - ref);
    } else {
      double error = std::fabs(out - ref);
      error_squares += error * error;
      result.max_abs_error = std::max(result.max_abs_error, error);
      excess = error - (result.rtol * std::fabs(ref) + result.atol);
      ok = excess <= 0;
    }
    if (!ok) ++result.mismatches;
    if (!ok && excess > worst_excess) {
      worst_excess = excess;
      result.worst_index = i;
      result.worst_value = out;
      result.worst_reference = ref;
    }
  }
  result.passed = result.mismatches == 0;
  result.normwise_error = sum_squares > 0 ? std::sqrt(error_squares / sum_squares) : std::sqrt(error_squares);
  if (result.worst_index >= 0) result.worst_position = position_of(result.worst_index, reference.shape());
  return result;
}

// The layout rewrites (split_array_axis) `kernel` applied to array `name` since `reference`.
std::vector<const ArrayRewrite*> rewrites_since(const LoopKernel& kernel, const LoopKernel& reference,
                                                const std::string& name) {
  std::vector<const ArrayRewrite*> rewrites;
  for (std::size_t k = reference.array_rewrites.size(); k < kernel.array_rewrites.size(); ++k) {
    if (kernel.array_rewrites[k].array == name) rewrites.push_back(&kernel.array_rewrites[k]);
  }
  return rewrites;
}

// For each element of the logical (reference) array, by flat C-order index, the flat logical
// index of the same element in the rewritten array: results compare by the original logical
// index (DESIGN.md §3a).
std::vector<int64_t> element_map(const std::vector<const ArrayRewrite*>& rewrites, const std::vector<int64_t>& logical_shape,
                                 const std::vector<int64_t>& shape, const ParameterMap& parameters) {
  std::vector<int64_t> strides = detail::contiguous_strides(shape, false);
  int64_t count = detail::element_count(logical_shape);
  std::vector<int64_t> map(static_cast<std::size_t>(count));
  ParameterMap values = parameters;
  for (int64_t flat = 0; flat < count; ++flat) {
    std::vector<int64_t> position = position_of(flat, logical_shape);
    for (const ArrayRewrite* rewrite : rewrites) {
      for (std::size_t axis = 0; axis < position.size(); ++axis) values["loom_axis_" + std::to_string(axis)] = position[axis];
      std::vector<int64_t> next;
      for (const ExprPtr& index : rewrite->new_indices) next.push_back(evaluate_integer(*index, values));
      position = std::move(next);
    }
    LOOM_ASSERT(position.size() == shape.size(), "layout rewrite of the wrong rank");
    int64_t target = 0;
    for (std::size_t axis = 0; axis < shape.size(); ++axis) {
      LOOM_ASSERT(position[axis] >= 0 && position[axis] < shape[axis], "layout rewrite out of the array");
      target += position[axis] * strides[axis];
    }
    map[static_cast<std::size_t>(flat)] = target;
  }
  return map;
}

// The rewritten array's elements in logical order.
Array gathered(const Array& array, const std::vector<int64_t>& map, const std::vector<int64_t>& logical_shape) {
  Array result(array.dtype(), logical_shape);
  bool floating = is_floating(array.dtype());
  for (std::size_t i = 0; i < map.size(); ++i) {
    auto flat = static_cast<int64_t>(i);
    if (floating) result.set_double(flat, array.get_double(map[i]));
    else result.set_int(flat, array.get_int(map[i]));
  }
  return result;
}

void scatter(const Array& logical, const std::vector<int64_t>& map, Array& array) {
  bool floating = is_floating(array.dtype());
  for (std::size_t i = 0; i < map.size(); ++i) {
    auto flat = static_cast<int64_t>(i);
    if (floating) array.set_double(map[i], logical.get_double(flat));
    else array.set_int(map[i], logical.get_int(flat));
  }
}

// SPEC.md: a parameter the transforms fixed is accepted only with the value it was fixed to.
void check_fixed_parameters(const LoopKernel& kernel, const ParameterMap& parameters) {
  for (const AppliedTransform& step : kernel.applied_transforms) {
    if (step.name != "fix_parameters") continue;
    for (const auto& [name, value] : parameters) {
      std::string fixed = name + "=";
      auto at = step.call.find(fixed);
      if (at == std::string::npos || (at > 0 && std::isalnum(static_cast<unsigned char>(step.call[at - 1])))) continue;
      int64_t fixed_value = std::stoll(step.call.substr(at + fixed.size()));
      if (fixed_value != value) {
        throw Error("parameter " + name + "=" + std::to_string(value) + " differs from the value " +
                    std::to_string(fixed_value) + " fix_parameters gave it");
      }
    }
  }
}

// The parameters `kernel`'s fix_parameters steps fixed, with the values of this check (equal to
// the fixed ones: check_fixed_parameters).
std::map<std::string, int64_t> fixed_parameters(const LoopKernel& kernel, const ParameterMap& parameters) {
  std::map<std::string, int64_t> fixed;
  for (const AppliedTransform& step : kernel.applied_transforms) {
    if (step.name != "fix_parameters") continue;
    for (const auto& [name, value] : parameters) {
      auto at = step.call.find(name + "=");
      if (at == std::string::npos || (at > 0 && std::isalnum(static_cast<unsigned char>(step.call[at - 1])))) continue;
      fixed[name] = value;
    }
  }
  return fixed;
}

// A value argument's value: an integer parameter, a given floating-point value, else random.
Scalar scalar_value(const std::string& name, const ParameterMap& parameters, const CheckOptions& options,
                    std::mt19937_64& random) {
  if (auto value = parameters.find(name); value != parameters.end()) return Scalar(value->second);
  if (auto value = options.values.find(name); value != options.values.end()) return Scalar(value->second);
  return Scalar(std::uniform_real_distribution<double>(-1, 1)(random));
}

// The value a kernel whose argument has `dtype` actually sees: a float32 (or 16-bit) value
// argument rounds what it is given, and the float64 reference must start from that same rounded
// value, as it does for arrays, or a kernel would fail its own check by the rounding of a scalar.
Scalar as_seen_through(const Scalar& scalar, const std::optional<DType>& dtype) {
  if (!dtype || !is_floating(*dtype) || *dtype == DType::Float64) return scalar;
  double value = std::holds_alternative<double>(scalar) ? std::get<double>(scalar)
                                                        : static_cast<double>(std::get<int64_t>(scalar));
  switch (*dtype) {
    case DType::Float32: return Scalar(static_cast<double>(static_cast<float>(value)));
    case DType::Float16: return Scalar(detail::float16_value(detail::float16_bits(value)));
    case DType::BFloat16: return Scalar(detail::bfloat16_value(detail::bfloat16_bits(value)));
    default: return scalar;
  }
}

}  // namespace

namespace {

// Refuses parameter values whose arrays cannot fit (runtime/memory_preflight.hpp) before anything
// is allocated: the kernel's arrays, and with a reference its float64 copies too.
void preflight(const LoopKernel& kernel, const LoopKernel* reference, const ParameterMap& parameters, Target target) {
  detail::MemoryDemand host, device;
  detail::add_array_demand(host, kernel, parameters, false, "");
  detail::add_array_demand(device, kernel, parameters, false, "");
  if (reference != nullptr) detail::add_array_demand(host, *reference, parameters, true, "float64 reference copy of ");
  std::string values;
  for (const auto& [name, value] : parameters) values += (values.empty() ? " at " : ", ") + name + "=" + std::to_string(value);
  detail::preflight_memory(host, device, target, "kernel '" + kernel.name + "'" + values);
}

}  // namespace

LoopKernel promote_to_float64(const LoopKernel& kernel) {
  LoopKernel result = kernel;
  for (KernelArgument& arg : result.args) {
    if (arg.dtype) arg.dtype = promoted(*arg.dtype);
  }
  for (Temporary& temporary : result.temporaries) {
    if (temporary.dtype) temporary.dtype = promoted(*temporary.dtype);
  }
  auto promote_literals = [](const ExprPtr& expr) {
    return map_expr(expr, [](const ExprPtr& node) -> ExprPtr {
      if (node->kind != ExprKind::FloatLiteral || !node->literal_dtype) return node;
      // An explicit float32 literal (3.14f) has its rounded value in the kernel: the reference
      // computes with that value, in float64 (a float64 output then matches to float64 precision).
      double value = *node->literal_dtype == DType::Float32 ? static_cast<double>(static_cast<float>(node->float_value))
                                                            : node->float_value;
      return float_literal(value, promoted(*node->literal_dtype));
    });
  };
  for (Instruction& instruction : result.instructions) {
    if (instruction.expression) instruction.expression = promote_literals(instruction.expression);
    for (ExprPtr& predicate : instruction.predicates) predicate = promote_literals(predicate);
  }
  for (auto& [name, rule] : result.substitutions) rule.expression = promote_literals(rule.expression);
  return result;
}

namespace {

// Arrays read inside another array's subscript (x[idx[i]], x[idx[i] % 8]): the index arrays, each
// with the array whose subscript it is in. `enclosing` is that array ("" outside every subscript).
void collect_index_arrays(const Expr& expr, const std::string& enclosing, std::map<std::string, std::string>& indexes) {
  if (expr.kind == ExprKind::Subscript && !enclosing.empty()) indexes.emplace(expr.name, enclosing);
  const std::string& inside = expr.kind == ExprKind::Subscript ? expr.name : enclosing;
  for (const ExprPtr& operand : expr.operands) collect_index_arrays(*operand, inside, indexes);
}

// An integer argument read as an index and filled with the checker's random integers (1 to 63).
std::vector<std::string> random_index_warnings(const LoopKernel& kernel, const CheckOptions& options) {
  std::map<std::string, std::string> indexes;  // index array -> an array it indexes
  for (const Instruction& instruction : kernel.instructions) {
    for (const ExprPtr& assignee : instruction.assignees) collect_index_arrays(*assignee, "", indexes);
    if (instruction.expression) collect_index_arrays(*instruction.expression, "", indexes);
    for (const ExprPtr& predicate : instruction.predicates) collect_index_arrays(*predicate, "", indexes);
  }
  std::vector<std::string> warnings;
  for (const auto& [name, indexed] : indexes) {
    const KernelArgument* arg = kernel.find_arg(name);
    if (arg == nullptr || !arg->is_array() || !arg->dtype || is_floating(*arg->dtype) || options.inputs.count(name) != 0) continue;
    warnings.push_back("integer array '" + name + "' is read as an index of '" + indexed + "'" +
                       " but has random contents (1 to 63): give its values in the spec's test.inputs (e.g. "
                       "{\"" + name + "\": {\"values\": [...]}}) so both kernels read inside the arrays");
  }
  return warnings;
}

// The parameters the untransformed reference is fixed to before code generation, with their
// values: those the transformed kernel fixed (fdtd-2d without `nx >= 1` writes ey[0, j] outside
// the array at nx = 0: the user's fix_parameters(nx=9) made the kernel generable, but the
// reference was still refused for nx = 0), and those a private temporary's shape still names
// (doitgen's `<> s4[p]` over 0<=p<np has shape np, which code generation needs fixed). The
// reference runs at these values only, so fixing them changes nothing it computes.
std::map<std::string, int64_t> parameters_to_fix_in_reference(const LoopKernel& kernel, const LoopKernel& reference,
                                                                const ParameterMap& parameters) {
  std::map<std::string, int64_t> values = fixed_parameters(kernel, parameters);
  for (const Temporary& temporary : reference.temporaries) {
    for (const ExprPtr& axis : temporary.shape) {
      visit_expr(*axis, [&](const Expr& node) {
        if (node.kind != ExprKind::Variable) return;
        if (auto value = parameters.find(node.name); value != parameters.end()) values[node.name] = value->second;
      });
    }
  }
  // Only what the reference still takes as a value (a reference may have been fixed already).
  for (auto entry = values.begin(); entry != values.end();) {
    const KernelArgument* arg = reference.find_arg(entry->first);
    entry = arg != nullptr && !arg->is_array() ? std::next(entry) : values.erase(entry);
  }
  return values;
}

}  // namespace

CheckResult check_against_reference(const LoopKernel& kernel, const LoopKernel& reference,
                                    const ParameterMap& parameters, const CheckOptions& options) {
  check_parameters(reference, parameters);
  check_parameters(kernel, parameters);
  check_fixed_parameters(kernel, parameters);
  // Types as code generation sees them (arguments inferred by `...` get theirs here).
  const LoopKernel typed_kernel = preprocess(kernel);
  const LoopKernel typed_reference = preprocess(reference);
  LoopKernel reference64 = promote_to_float64(typed_reference);
  preflight(typed_kernel, &typed_reference, parameters, options.target);
  CompiledKernel test_program = compile(kernel, options.target);
  std::map<std::string, int64_t> fixed_in_reference = parameters_to_fix_in_reference(kernel, typed_reference, parameters);
  CompiledKernel reference_program =
      compile(fixed_in_reference.empty() ? reference64 : fix_parameters(reference64, fixed_in_reference), Target::C);

  // A reference that reads a temporary before writing it may have no defined result to compare
  // with: said in the result's warnings (after both compiled: their refusals say more).
  std::optional<std::string> undefined_read =
      with_isl_errors("checking the reference's reads", [&] { return find_read_before_write(typed_reference, parameters); });
  std::mt19937_64 random(options.seed);
  ArgumentMap test_arguments, reference_arguments;
  std::map<std::string, std::pair<Array, Array>> arrays;  // name → (test, reference)
  std::map<std::string, std::vector<int64_t>> element_maps;  // arrays whose logical indices moved
  for (const KernelArgument& arg : typed_reference.args) {
    const KernelArgument* test_arg = typed_kernel.find_arg(arg.name);
    if (!arg.is_array()) {
      // Each kernel gets the value as its own declared dtype rounds it (the reference is promoted).
      Scalar scalar = scalar_value(arg.name, parameters, options, random);
      // A parameter fix_parameters removed is baked into the kernel; the reference still takes it.
      if (test_arg != nullptr) test_arguments[arg.name] = as_seen_through(scalar, test_arg->dtype);
      if (fixed_in_reference.count(arg.name) == 0) reference_arguments[arg.name] = as_seen_through(scalar, arg.dtype);
      continue;
    }
    if (test_arg == nullptr) throw Error("the kernel lacks argument '" + arg.name + "' of its reference");
    Array test_array = allocate(*test_arg, *test_arg->dtype, parameters);
    std::vector<const ArrayRewrite*> rewrites = rewrites_since(kernel, reference, arg.name);
    Array reference_array = allocate(arg, promoted(*arg.dtype), parameters);
    if (rewrites.empty()) {
      fill(test_array, arg.name, options, random);
      reference_array = convert(test_array, reference_array);
    } else {
      // Random contents by logical index, placed where the rewritten layout keeps each element.
      Array logical(*test_arg->dtype, reference_array.shape());
      fill(logical, arg.name, options, random);
      element_maps[arg.name] = element_map(rewrites, reference_array.shape(), test_array.shape(), parameters);
      scatter(logical, element_maps[arg.name], test_array);
      reference_array = convert(logical, reference_array);
    }
    test_arguments[arg.name] = test_array;
    reference_arguments[arg.name] = reference_array;
    arrays.emplace(arg.name, std::make_pair(test_array, reference_array));
  }
  test_program(test_arguments);
  reference_program(reference_arguments);

  CheckResult result;
  result.seed = options.seed;
  result.warnings = random_index_warnings(typed_reference, options);
  if (undefined_read) result.warnings.push_back("the reference: " + *undefined_read);
  std::set<std::string> outputs = written_names(reference);
  for (const std::string& name : written_names(kernel)) outputs.insert(name);
  const double computed_rtol = computed_float_rtol(typed_kernel);
  for (const std::string& name : outputs) {
    auto found = arrays.find(name);
    if (found == arrays.end()) continue;  // temporaries
    const Array& reference_output = found->second.second;
    auto mapped = element_maps.find(name);
    Array output = mapped == element_maps.end() ? found->second.first
                                                : gathered(found->second.first, mapped->second, reference_output.shape());
    // Before preprocessing: a realized sum is a plain copy of its accumulator.
    double rtol = default_rtol(output.dtype(), computed_rtol, computation_roundoff(kernel, typed_kernel),
                               reduction_length(reference, name, parameters));
    OutputComparison comparison = compare(name, output, reference_output, options, rtol);
    result.passed = result.passed && comparison.passed;
    result.outputs.push_back(comparison);
  }
  return result;
}

ArgumentMap make_test_arguments(const LoopKernel& kernel, const ParameterMap& parameters, const CheckOptions& options) {
  check_parameters(kernel, parameters);
  // A launch-only kernel (a spec cache hit) was typed before it was cached and has no instructions.
  const LoopKernel typed = detail::is_launch_only(kernel) ? kernel : preprocess(kernel);
  preflight(typed, nullptr, parameters, options.target);
  std::mt19937_64 random(options.seed);
  ArgumentMap arguments;
  for (const KernelArgument& arg : typed.args) {
    if (!arg.is_array()) {
      arguments[arg.name] = scalar_value(arg.name, parameters, options, random);
      continue;
    }
    Array array = allocate(arg, *arg.dtype, parameters);
    fill(array, arg.name, options, random);
    arguments[arg.name] = array;
  }
  return arguments;
}

std::string CheckResult::report() const {
  std::ostringstream out;
  out.precision(9);
  for (const OutputComparison& output : outputs) {
    out << output.name << ": " << (output.passed ? "ok" : "MISMATCH") << ", max abs error " << output.max_abs_error
        << ", normwise error " << output.normwise_error;
    if (!output.passed) {
      out << "; " << output.mismatches << " element(s) differ, worst at [";
      for (std::size_t i = 0; i < output.worst_position.size(); ++i) out << (i ? ", " : "") << output.worst_position[i];
      out << "]: got " << output.worst_value << ", reference " << output.worst_reference << " (rtol " << output.rtol
          << ", atol " << output.atol << ", seed " << seed << ")";
    }
    out << "\n";
  }
  for (const std::string& warning : warnings) out << "warning: " << warning << "\n";
  return out.str();
}

}  // namespace loom
