// Whole-vector code for vec loops (OpenCL and CUDA vector types; DESIGN.md §3a, decisions.md
// "Vector types").
//
//   out[i_outer, i_inner] = 2*a[i_outer, i_inner]     (a, out tagged c,vec; i_inner: vec, 0..3)
//   →  { float4 loom_vec_a = vload4(i_outer, a);
//        float4 loom_vec_out;
//        loom_vec_out.s0 = 2.0f * loom_vec_a.s0;  ...  loom_vec_out.s3 = 2.0f * loom_vec_a.s3;
//        vstore4(loom_vec_out, i_outer, out); }
//
// A vector access is one whose vec axis is indexed by exactly the vec iname and whose other
// indices do not use it: then the lanes touch one whole vector. The assignee must be one; reads
// that are become one vector load each, every other part of the expression is computed lane by
// lane with the iname's value of that lane. An instruction that reads the array it writes at
// another element stays unrolled (the lanes' order would show). Arithmetic stays per lane because
// CUDA's vector types have no operators; the memory traffic, which is what vectorizing is for,
// moves whole vectors.
#include <algorithm>
#include <functional>
#include <cmath>
#include <cstdlib>

#include "codegen/cast_equality.hpp"
#include "codegen/fold.hpp"
#include "codegen/known_multiples.hpp"
#include "codegen/lower_expr.hpp"
#include "codegen/tensor_cores.hpp"
#include "codegen/uniform_selects.hpp"
#include "ir/layout.hpp"
#include "transforms/tail_support.hpp"

namespace loom::codegen {

namespace {

bool uses_variable(const Expr& expr, const std::string& name) {
  bool found = false;
  visit_expr(expr, [&](const Expr& node) {
    found = found || (node.kind == ExprKind::Variable && node.name == name);
  });
  return found;
}

bool has_vector_type(DType dtype, Target target) {
  if (dtype == DType::Float32 || dtype == DType::Int32 || dtype == DType::UInt32) return true;
  return dtype == DType::Float64 && target == Target::OpenCL;
}

// The name of lane `lane` of a vector variable: OpenCL's .s0 .. .sf, CUDA's .x .y .z .w.
std::string lane_name(const std::string& vector, int64_t lane, Target target) {
  if (target == Target::CUDA) return vector + "." + std::string(1, "xyzw"[lane]);
  return vector + ".s" + std::string(1, "0123456789abcdef"[lane]);
}

// A stride of a vec array divided by its vector length (array_strides multiplies every non-vec
// stride by it, so the division is exact).
ExprPtr in_vectors(const ExprPtr& stride, int64_t width) {
  if (stride->kind == ExprKind::IntLiteral) return int_literal(stride->int_value / width);
  if (stride->kind == ExprKind::Binary && stride->binary_op == BinaryOp::Multiply &&
      stride->operands[1]->kind == ExprKind::IntLiteral &&
      stride->operands[1]->int_value == width) {
    return stride->operands[0];
  }
  return binary(BinaryOp::FloorDivide, stride, int_literal(width));
}

// Lanes unrolled one after another see the earlier lanes' stores; a vector loads every lane
// before it stores any. The two agree when the instruction reads the array it writes only at the
// element it writes (out[i] = out[i] + a[i]), so anything else stays unrolled. (The vec tag's
// legality check refuses a dependence across lanes; this keeps `unchecked` kernels as written.)
bool reads_assignee_elsewhere(const Instruction& instruction) {
  const Expr& assignee = *instruction.assignees.front();
  bool elsewhere = false;
  visit_expr(*instruction.expression, [&](const Expr& node) {
    if (node.kind == ExprKind::Subscript && node.name == assignee.name &&
        !structurally_equal(node, assignee)) {
      elsewhere = true;
    }
  });
  return elsewhere;
}


constexpr int64_t kWideCopyBytes = 16;

// The argument of `instruction`'s tag `<prefix>:<argument>` (split_uniform_selects' pairs), if any.
std::optional<std::string> tag_argument(const Instruction& instruction, const char* prefix) {
  std::string start = std::string(prefix) + ":";
  for (const std::string& tag : instruction.tags)
    if (tag.rfind(start, 0) == 0) return tag.substr(start.size());
  return std::nullopt;
}

}  // namespace

std::optional<int64_t> coefficient_of(const Expr& expr, const std::string& iname) {
  if (!uses_variable(expr, iname)) return 0;
  if (expr.kind == ExprKind::Variable) return 1;
  if (expr.kind == ExprKind::Unary && expr.unary_op == UnaryOp::Negate) {
    std::optional<int64_t> inner = coefficient_of(*expr.operands[0], iname);
    return inner ? std::optional<int64_t>(-*inner) : std::nullopt;
  }
  if (expr.kind != ExprKind::Binary) return std::nullopt;
  const Expr& lhs = *expr.operands[0];
  const Expr& rhs = *expr.operands[1];
  std::optional<int64_t> left = coefficient_of(lhs, iname), right = coefficient_of(rhs, iname);
  if (!left || !right) return std::nullopt;
  switch (expr.binary_op) {
    case BinaryOp::Add: return *left + *right;
    case BinaryOp::Subtract: return *left - *right;
    case BinaryOp::Multiply:
      if (lhs.kind == ExprKind::IntLiteral) return lhs.int_value * *right;
      if (rhs.kind == ExprKind::IntLiteral) return rhs.int_value * *left;
      return std::nullopt;
    default: return std::nullopt;
  }
}

// 0 or 0.0 (not -0.0): all bits zero in every type a copy moves.
bool is_positive_zero_literal(const Expr& expr) {
  if (expr.kind == ExprKind::IntLiteral) return expr.int_value == 0;
  return expr.kind == ExprKind::FloatLiteral && expr.float_value == 0 && !std::signbit(expr.float_value);
}

bool private_array_on_16_bytes(DType dtype, int64_t extent) {
  return is_half_precision(dtype) && extent > 0 && (extent * 2) % kWideCopyBytes == 0;
}

struct ExpressionLowering::VectorAccess {
  const Expr* node;
  std::size_t vec_axis;
  int64_t width;
  std::vector<ExprPtr> strides;  // in vectors
  DType dtype;
};

std::optional<ExpressionLowering::VectorAccess> ExpressionLowering::vector_access(
    const Expr& access, const std::string& vec_iname, int64_t lanes) const {
  if (access.kind != ExprKind::Subscript) return std::nullopt;
  const std::vector<std::string>* tags = nullptr;
  std::vector<ExprPtr> strides;
  if (const KernelArgument* arg = kernel_.find_arg(access.name)) {
    if (arg->offset) return std::nullopt;
    tags = &arg->dim_tags;
    if (vec_axis(*tags)) strides = array_strides(*arg);
  } else if (const Temporary* temporary = kernel_.find_temporary(access.name);
             temporary && target_ == Target::OpenCL) {
    // CUDA reinterprets the array as vectors, which needs 16-byte alignment that loom guarantees
    // for buffers only; OpenCL's vloadN needs none.
    tags = &temporary->dim_tags;
    if (vec_axis(*tags)) strides = array_strides(*temporary);
  }
  if (tags == nullptr || strides.empty()) return std::nullopt;
  std::size_t axis = *vec_axis(*tags);
  const Expr& index = *access.operands[axis];
  if (index.kind != ExprKind::Variable || index.name != vec_iname) return std::nullopt;
  for (std::size_t other = 0; other < access.operands.size(); ++other) {
    if (other != axis && uses_variable(*access.operands[other], vec_iname)) return std::nullopt;
  }
  ExprPtr length = shape_of(access.name)[axis];  // shape_of returns a copy
  if (length->kind != ExprKind::IntLiteral || length->int_value != lanes) return std::nullopt;
  DType dtype = types_.variable_dtype(access.name);
  if (!has_vector_type(dtype, target_)) return std::nullopt;
  for (ExprPtr& stride : strides) stride = in_vectors(stride, lanes);
  return VectorAccess{&access, axis, lanes, strides, dtype};
}

// Σ index_d * stride_d over the axes but the vec one, in vectors.
cast::ExprPtr ExpressionLowering::vector_index(const VectorAccess& access,
                                               const InameValues& inames) const {
  DType index = index_dtype();
  cast::ExprPtr flat;
  for (std::size_t axis = 0; axis < access.strides.size(); ++axis) {
    if (axis == access.vec_axis) continue;
    cast::ExprPtr value = lower(*access.node->operands[axis], index, inames);
    if (value->dtype != index) value = cast::cast_to(index, value);
    const ExprPtr& stride = access.strides[axis];
    bool unit = stride->kind == ExprKind::IntLiteral && stride->int_value == 1;
    cast::ExprPtr term =
        unit ? value : cast::binary("*", value, lower(*stride, index, inames), index);
    flat = flat ? cast::binary("+", flat, term, index) : term;
  }
  return flat ? flat : cast::int_const(0, index);
}

cast::StmtPtr ExpressionLowering::lower_vector_instruction(const Instruction& instruction,
                                                           const std::vector<InameValues>& lanes,
                                                           const std::string& vec_iname) const {
  if (target_ == Target::C || instruction.kind != InstructionKind::Assignment) return nullptr;
  if (instruction.assignees.size() != 1 || !instruction.predicates.empty()) return nullptr;
  auto width = static_cast<int64_t>(lanes.size());
  std::optional<VectorAccess> store =
      vector_access(*instruction.assignees.front(), vec_iname, width);
  if (!store) return nullptr;
  for (int64_t lane = 0; lane < width; ++lane) {
    const cast::ExprPtr& value = lanes[static_cast<std::size_t>(lane)].at(vec_iname);
    if (value->kind != cast::ExprKind::IntConst || value->int_value != lane) return nullptr;
  }
  if (reads_assignee_elsewhere(instruction)) return nullptr;
  const InameValues& first = lanes.front();
  std::vector<cast::StmtPtr> body;
  std::vector<std::pair<const Expr*, std::string>> loaded;  // read → its vector variable
  std::map<std::string, std::string> by_text;
  visit_expr(*instruction.expression, [&](const Expr& node) {
    std::optional<VectorAccess> read = vector_access(node, vec_iname, width);
    if (!read) return;
    std::string text = to_string(node);
    if (by_text.count(text) == 0) {
      std::string name = "loom_vec_" + std::to_string(by_text.size()) + "_" + node.name;
      by_text[text] = name;
      body.push_back(cast::declare_vector(name, read->dtype, static_cast<int>(width),
                                          cast::vector_load(node.name, vector_index(*read, first),
                                                            read->dtype, static_cast<int>(width))));
    }
    loaded.emplace_back(&node, by_text[text]);
  });
  std::string result = "loom_vec_" + instruction.assignees.front()->name;
  body.push_back(cast::declare_vector(result, store->dtype, static_cast<int>(width)));
  for (int64_t lane = 0; lane < width; ++lane) {
    std::map<const Expr*, cast::ExprPtr> values;
    for (const auto& [node, vector] : loaded) {
      values[node] = cast::var(lane_name(vector, lane, target_), types_.variable_dtype(node->name));
    }
    lane_values_ = &values;
    cast::ExprPtr value =
        lower(*instruction.expression, store->dtype, lanes[static_cast<std::size_t>(lane)]);
    lane_values_ = nullptr;
    if (value->dtype != store->dtype) value = cast::cast_to(store->dtype, value);
    body.push_back(cast::assign(cast::var(lane_name(result, lane, target_), store->dtype), value));
  }
  body.push_back(cast::assign(
      cast::vector_load(instruction.assignees.front()->name, vector_index(*store, first),
                        store->dtype, static_cast<int>(width)),
      cast::var(result, store->dtype)));
  return cast::scoped_block(body);
}

// The address of lane 0 of `access` in a wide copy: lane v must be the element v after it (the
// vec iname counts once in the flat index: once along a stride-1 axis, in no other index). A
// private array must be one CUDA puts on 16 bytes and lane 0 at a constant multiple of the lanes
// (no run-time test: taking its address at run time would put it in local memory); a global or
// local array's address is tested at run time (`aligned` gains the test): a row of a global array
// whose length is not a multiple of 8 starts anywhere.
std::optional<cast::ExprPtr> ExpressionLowering::wide_copy_address(const Expr& access, const std::string& vec_iname,
                                                                   int64_t lanes, const InameValues& first,
                                                                   cast::ExprPtr& aligned) const {
  if (access.kind != ExprKind::Subscript) return std::nullopt;
  std::vector<ExprPtr> strides;
  const Temporary* temporary = kernel_.find_temporary(access.name);
  if (const KernelArgument* arg = kernel_.find_arg(access.name)) {
    if (arg->offset || vec_axis(arg->dim_tags)) return std::nullopt;
    strides = array_strides(*arg);
  } else if (temporary != nullptr) {
    if (vec_axis(temporary->dim_tags) || !temporary->base_storage.empty()) return std::nullopt;
    strides = array_strides(*temporary);
  } else {
    return std::nullopt;
  }
  if (strides.size() != access.operands.size()) return std::nullopt;
  int64_t counted = 0;
  for (std::size_t axis = 0; axis < strides.size(); ++axis) {
    std::optional<int64_t> coefficient = coefficient_of(*access.operands[axis], vec_iname);
    if (!coefficient) return std::nullopt;
    if (*coefficient == 0) continue;
    if (strides[axis]->kind != ExprKind::IntLiteral) return std::nullopt;
    counted += *coefficient * strides[axis]->int_value;
  }
  if (counted != 1) return std::nullopt;
  DType dtype = types_.variable_dtype(access.name);
  cast::ExprPtr offset = fold(flat_index(access.name, access.operands, first));
  if (temporary != nullptr && temporary->address_space == AddressSpace::Private) {
    int64_t extent = 1;
    for (const ExprPtr& length : shape_of(access.name)) {
      if (length->kind != ExprKind::IntLiteral) return std::nullopt;
      extent *= length->int_value;
    }
    if (!private_array_on_16_bytes(dtype, extent)) return std::nullopt;
    if (offset->kind != cast::ExprKind::IntConst || offset->int_value % lanes != 0) return std::nullopt;
  }
  cast::ExprPtr address = cast::binary("+", cast::var(access.name, dtype), offset, DType::Int32);
  if (temporary == nullptr || temporary->address_space != AddressSpace::Private) {
    if (cast::ExprPtr test = alignment_test(access.name, temporary, offset, lanes, address)) {
      aligned = aligned ? cast::binary("&&", aligned, test, DType::Bool) : test;
    }
  }
  return address;
}

// The run-time test that `address`, `offset` elements past the start of `array`, is on 16 bytes
// (`lanes` elements), or null where that is known. Where the offset's form shows it a multiple of
// the lanes (known_multiples.hpp: a local tile's index, swizzled or not; a row of a global array
// `row * n + 8 * lane` where n is a multiple of 8), the test is of the array's start and those
// parameters, the same at every copy, which the compiler hoists out of the loops; a local array
// starts on 16 bytes or more (`__align__`, the dynamic buffer's pieces) and needs none. A sufficient
// test, not an equivalent one: rows that happen to start on 16 bytes although n is odd take the
// lanes (correct, as slow as before). Elsewhere each copy's address is tested, as before.
cast::ExprPtr ExpressionLowering::alignment_test(const std::string& array, const Temporary* temporary,
                                                 const cast::ExprPtr& offset, int64_t lanes,
                                                 const cast::ExprPtr& address) const {
  auto is_parameter = [this](const std::string& name) {
    const KernelArgument* arg = kernel_.find_arg(name);
    return arg != nullptr && arg->kind == ArgKind::Value;
  };
  // loom_aligned_16 for the 16-byte copies; loom_aligned_8 / _4 for the narrower ones (async
  // fills of rows on 8 or 4 bytes, pairs of floats stored at once).
  std::string aligned = "loom_aligned_" + std::to_string(lanes * static_cast<int64_t>(dtype_size(types_.variable_dtype(array))));
  std::optional<ParameterMultiples> conditions = multiple_of(offset, lanes, is_parameter);
  if (!conditions) return cast::call(aligned, {address}, DType::Bool);
  cast::ExprPtr test;
  auto conjoin = [&](const cast::ExprPtr& term) { test = test ? cast::binary("&&", test, term, DType::Bool) : term; };
  if (temporary == nullptr || temporary->address_space != AddressSpace::Local) {
    conjoin(cast::call(aligned, {cast::var(array, types_.variable_dtype(array))}, DType::Bool));
  }
  for (const auto& [name, factor] : *conditions) {
    DType dtype = types_.variable_dtype(name);
    cast::ExprPtr remainder = cast::binary("%", cast::var(name, dtype), cast::int_const(factor, dtype), dtype);
    conjoin(cast::binary("==", remainder, cast::int_const(0, dtype), DType::Bool));
  }
  return test;
}

std::optional<ExpressionLowering::PairStore> ExpressionLowering::pair_store(const Expr& access, const std::string& iname,
                                                                          const InameValues& first) const {
  if (target_ != Target::CUDA || kernel_.find_arg(access.name) == nullptr) return std::nullopt;
  if (types_.variable_dtype(access.name) != DType::Float32) return std::nullopt;
  cast::ExprPtr aligned;
  std::optional<cast::ExprPtr> address = wide_copy_address(access, iname, 2, first, aligned);
  if (!address) return std::nullopt;
  return PairStore{*address, aligned};
}

// x[..] = y[..] over a vec loop of 16 bytes of consecutive elements on both sides: one 16-byte
// load and store (LDG.128 / STS.128) instead of one per lane. The arrays need not be vec arrays:
// contiguity is read from the flat index, alignment tested at run time where it is not known, and
// the caller keeps the lane-by-lane copies for where the test fails or a lane is guarded (a
// ragged row, an edge tile).
std::optional<ExpressionLowering::WideCopyParts> ExpressionLowering::wide_copy_parts(
    const Instruction& instruction, const std::vector<InameValues>& lanes, const std::string& vec_iname) const {
  if (target_ != Target::CUDA || instruction.kind != InstructionKind::Assignment) return std::nullopt;
  if (instruction.assignees.size() != 1) return std::nullopt;
  // A filled fetch (add_prefetch's fill 0, a round_up split's padding) copies
  // `if(in range, y[..], 0)`: where every lane is in range it is the copy of y, else the lanes
  // write their zeros one by one.
  const Expr* fill_condition = nullptr;
  const Expr* value = instruction.expression.get();
  if (value->kind == ExprKind::IfThenElse && value->operands[1]->kind == ExprKind::Subscript &&
      is_positive_zero_literal(*value->operands[2])) {
    fill_condition = value->operands[0].get();
    value = value->operands[1].get();
  }
  if (value->kind != ExprKind::Subscript) return std::nullopt;
  const Expr& store = *instruction.assignees.front();
  const Expr& read = *value;
  DType dtype = types_.variable_dtype(store.name);
  if (types_.variable_dtype(read.name) != dtype) return std::nullopt;
  auto width = static_cast<int64_t>(lanes.size());
  if (width * static_cast<int64_t>(dtype_size(dtype)) != kWideCopyBytes) return std::nullopt;
  for (int64_t lane = 0; lane < width; ++lane) {
    const cast::ExprPtr& value = lanes[static_cast<std::size_t>(lane)].at(vec_iname);
    if (value->kind != cast::ExprKind::IntConst || value->int_value != lane) return std::nullopt;
  }
  if (read.name == store.name) return std::nullopt;
  const InameValues& first = lanes.front();
  const InameValues& last = lanes.back();
  auto conjoin = [](cast::ExprPtr& all, const cast::ExprPtr& term) {
    all = all ? cast::binary("&&", all, term, DType::Bool) : term;
  };
  // A predicate of the lanes (add_prefetch's bounds: `l >= 8*a_col_outer + a_col_inner + 1`)
  // joins the run-time test: an affine comparison holds at every lane where it holds at the
  // first and the last. Any other predicate guards the copy and its lanes (the caller nests
  // them: a whole-tile copy's group-uniform test, split_uniform_selects, stays the outermost,
  // where merge_branches joins the copies' tests into one).
  std::vector<cast::ExprPtr> guards;
  cast::ExprPtr every_lane;
  bool lane_predicates = false;
  // Whether `guard` holds at every lane, conjoined to `all`: at the first lane where it does not
  // mention the vec iname, else (an affine comparison, monotone in the lanes) at the lane where it
  // is tightest: `n >= col + lane + 1` at the last, `col + lane >= 0` at the first.
  auto at_every_lane = [&](const Expr& guard, cast::ExprPtr& all) {
    if (!uses_variable(guard, vec_iname)) {
      conjoin(all, lower(guard, DType::Bool, first));
      return true;
    }
    bool greater = guard.kind == ExprKind::Binary &&
                   (guard.binary_op == BinaryOp::Greater || guard.binary_op == BinaryOp::GreaterEqual);
    bool less = guard.kind == ExprKind::Binary &&
                (guard.binary_op == BinaryOp::Less || guard.binary_op == BinaryOp::LessEqual);
    if (!greater && !less) return false;
    std::optional<int64_t> lhs = coefficient_of(*guard.operands[0], vec_iname);
    std::optional<int64_t> rhs = coefficient_of(*guard.operands[1], vec_iname);
    if (!lhs || !rhs) return false;
    // lhs - rhs changes by `rising` from one lane to the next: a lower bound on it is tightest
    // where it is smallest, an upper bound where it is largest.
    int64_t rising = *lhs - *rhs;
    bool tightest_at_first = greater ? rising >= 0 : rising <= 0;
    conjoin(all, lower(guard, DType::Bool, tightest_at_first ? first : last));
    return true;
  };
  for (const ExprPtr& predicate : instruction.predicates) {
    const Expr& guard = is_padding_marker(*predicate) ? *predicate->operands[0] : *predicate;
    if (!uses_variable(guard, vec_iname)) {
      guards.push_back(lower(guard, DType::Bool, first));
    } else if (!at_every_lane(guard, every_lane)) {
      return std::nullopt;
    } else {
      lane_predicates = true;
    }
  }
  // Whether `guard`, which at_every_lane accepted, fails at every lane, disjoined to `any`: it
  // fails at the lane where it is loosest (at_every_lane's tightest lane's other end).
  auto at_no_lane = [&](const Expr& guard, cast::ExprPtr& any) {
    const InameValues* loosest = &first;
    if (uses_variable(guard, vec_iname)) {
      bool greater = guard.binary_op == BinaryOp::Greater || guard.binary_op == BinaryOp::GreaterEqual;
      int64_t rising = *coefficient_of(*guard.operands[0], vec_iname) - *coefficient_of(*guard.operands[1], vec_iname);
      bool tightest_at_first = greater ? rising >= 0 : rising <= 0;
      loosest = tightest_at_first ? &last : &first;
    }
    cast::ExprPtr fails = cast::unary("!", lower(guard, DType::Bool, *loosest), DType::Bool);
    any = any ? cast::binary("||", any, fails, DType::Bool) : fails;
  };
  // The fill's condition, a conjunction, joins the run-time test whole: where it fails for some
  // lane (an edge tile), the lanes copy or write zeros one by one.
  cast::ExprPtr no_lane_in_range;
  std::vector<const Expr*> conjuncts;
  if (fill_condition != nullptr) conjuncts.push_back(fill_condition);
  while (!conjuncts.empty()) {
    const Expr* term = conjuncts.back();
    conjuncts.pop_back();
    if (term->kind == ExprKind::Binary && term->binary_op == BinaryOp::LogicalAnd) {
      conjuncts.push_back(term->operands[0].get());
      conjuncts.push_back(term->operands[1].get());
    } else if (!at_every_lane(*term, every_lane)) {
      return std::nullopt;
    } else {
      at_no_lane(*term, no_lane_in_range);
    }
  }
  cast::ExprPtr alignment;
  std::optional<cast::ExprPtr> to = wide_copy_address(store, vec_iname, width, first, alignment);
  std::optional<cast::ExprPtr> from = wide_copy_address(read, vec_iname, width, first, alignment);
  if (!to || !from) return std::nullopt;
  // A ring's fill in its loop (pipeline_fetch with async) from global into local memory goes by
  // cp.async: no register holds it, and the barrier's wait (wait_for_async_copies) completes it.
  const Temporary* tile = kernel_.find_temporary(store.name);
  bool async = is_async_copy(instruction) && tile != nullptr && tile->address_space == AddressSpace::Local &&
               kernel_.find_arg(read.name) != nullptr;
  cast::StmtPtr copy = cast::scoped_block({cast::declare(
      "loom_copied", DType::Int32, 0, cast::call(async ? "loom_cp_async_16" : "loom_copy_16", {*to, *from}, DType::Int32),
      true)});
  WideCopyParts parts{copy, every_lane, alignment, guards, lane_predicates};
  if (async && alignment) parts.narrower = narrower_async_copies(store, read, vec_iname, width, first, *to, *from);
  // An async ring's fill whose 16 bytes lie wholly outside the array (an edge tile's rows or
  // columns past the end, aligned arrays) stores 16 zero bytes at once: the lanes one by one
  // would cost the whole warp ~8x the instructions of the copy, and at one group an SM the edge
  // groups set every wave's time (4000^3 BF16 ran at 0.6x of 4096^3's rate). Only where no
  // predicate names a lane, so that every lane writes (its value or zero).
  if (async && fill_condition != nullptr && !lane_predicates && no_lane_in_range) {
    parts.no_lane_in_range = no_lane_in_range;
    parts.zero_fill = cast::scoped_block({cast::declare("loom_zeroed", DType::Int32, 0,
                                                        cast::call("loom_zero_16", {*to}, DType::Int32), true)});
  }
  return parts;
}

// The narrower cp.async copies of an async ring fill's 16-byte chunk, for rows whose byte length
// is a multiple of 8 or 4 but not 16 (a bfloat16 row of 4092 or 4094 elements, of 700 at l = 700):
// two 8-byte or four 4-byte copies, each with the test that its addresses are on its width (the
// same form as the 16-byte test: `loom_aligned_8(b) && n % 4 == 0` where known_multiples reads
// the offset, else the address). cp.async's sizes are 4, 8 and 16 bytes, both addresses on the
// size, so a row on 2 bytes only (an odd row length of a 16-bit type) keeps the lanes. Only where
// the destination (a local tile) is known to be on 16 bytes, so that the zero fill of a chunk
// wholly past the edge stays one 16-byte store on every side.
std::vector<ExpressionLowering::NarrowCopy> ExpressionLowering::narrower_async_copies(
    const Expr& store, const Expr& read, const std::string& vec_iname, int64_t width, const InameValues& first,
    const cast::ExprPtr& to, const cast::ExprPtr& from) const {
  // LOOM_NARROW_FILLS=0: the lanes as before (to measure the change; keyed by the spec cache).
  if (const char* setting = std::getenv("LOOM_NARROW_FILLS"); setting != nullptr && std::string(setting) == "0") return {};
  cast::ExprPtr destination_test;
  if (!wide_copy_address(store, vec_iname, width, first, destination_test) || destination_test) return {};
  auto element_bytes = static_cast<int64_t>(dtype_size(types_.variable_dtype(store.name)));
  std::vector<NarrowCopy> narrower;
  for (int64_t bytes : {int64_t{8}, int64_t{4}}) {
    if (bytes % element_bytes != 0) continue;
    int64_t elements = bytes / element_bytes;
    cast::ExprPtr aligned;
    if (!wide_copy_address(store, vec_iname, elements, first, aligned) ||
        !wide_copy_address(read, vec_iname, elements, first, aligned)) {
      continue;
    }
    std::vector<cast::StmtPtr> copies;
    for (int64_t part = 0; part < width / elements; ++part) {
      auto at = [&](const cast::ExprPtr& address) {
        return part == 0 ? address : cast::binary("+", address, cast::int_const(part * elements, DType::Int32), DType::Int32);
      };
      copies.push_back(cast::scoped_block({cast::declare(
          "loom_copied", DType::Int32, 0,
          cast::call("loom_cp_async_" + std::to_string(bytes), {at(to), at(from)}, DType::Int32), true)}));
    }
    narrower.push_back(NarrowCopy{aligned ? aligned : cast::int_const(1, DType::Bool), cast::block(copies)});
    if (!aligned) break;  // always on this width: no narrower one is ever taken
  }
  return narrower;
}

std::optional<ExpressionLowering::WideCopy> ExpressionLowering::lower_wide_copy(
    const Instruction& instruction, const std::vector<InameValues>& lanes, const std::string& vec_iname) const {
  std::optional<WideCopyParts> parts = wide_copy_parts(instruction, lanes, vec_iname);
  if (!parts) return std::nullopt;
  auto conjoined = [](const cast::ExprPtr& a, const cast::ExprPtr& b) -> cast::ExprPtr {
    if (!a) return b;
    return b ? cast::binary("&&", a, b, DType::Bool) : a;
  };
  // One of split_uniform_selects' pairs whose alignment test is the same at every copy: the
  // whole-tile copy runs where the tile is whole and the arrays aligned, with no test of its own
  // and no lanes; the edge copy takes every other tile (pair_guard). Both guards are the first.
  // An edge copy with a zero fill: `if (in range) copy else zeros` wherever the arrays are aligned
  // and its 16 bytes are wholly in or wholly out of range; the lanes only for a straddling chunk.
  // Rows on 8 or 4 bytes but not 16 (narrower_async_copies): `if (A16) 16 else if (A8) 2 x 8 else
  // 4 x 4`, under the narrowest width's test A4 alone, so that a kernel whose rows are on 2 bytes
  // only (every tile at 4093^3) pays one test a chunk before its lanes, as before. Right wherever
  // it runs: the last branch runs only where A4 holds. A wider test implies A4 where both come
  // from the same form (a multiple of 8 elements is one of 2); where they do not (a per-address
  // 16-byte test beside a parametric 4-byte one) a chunk on 16 bytes may take the lanes: slower,
  // not wrong.
  // The zero fill stays outside the chain (`if (in range) chain else zeros`): one copy of it a chunk.
  auto by_width = [&](const std::function<cast::StmtPtr(const cast::StmtPtr&)>& filled) {
    cast::ExprPtr any = parts->alignment;
    if (parts->narrower.empty()) return std::make_pair(filled(parts->statement), any);
    cast::StmtPtr chain;
    for (auto narrow = parts->narrower.rbegin(); narrow != parts->narrower.rend(); ++narrow)
      chain = chain ? cast::if_then(narrow->aligned, narrow->statement, chain) : narrow->statement;
    chain = filled(cast::if_then(parts->alignment, parts->statement, chain));
    const cast::ExprPtr& narrowest = parts->narrower.back().aligned;
    any = narrowest->kind == cast::ExprKind::IntConst && narrowest->int_value != 0 ? nullptr : narrowest;
    return std::make_pair(chain, any);
  };
  auto edge_copy = [&]() {
    // (A fill condition always gives a lane test: without one there is nothing to zero.)
    if (!parts->zero_fill || !parts->lane_test) {
      auto [statement, aligned] = by_width([](const cast::StmtPtr& copies) { return copies; });
      return WideCopy{statement, conjoined(parts->lane_test, aligned), parts->guards};
    }
    auto [statement, aligned] = by_width(
        [&](const cast::StmtPtr& copies) { return cast::if_then(parts->lane_test, copies, parts->zero_fill); });
    cast::ExprPtr wholly = cast::binary("||", parts->lane_test, parts->no_lane_in_range, DType::Bool);
    return WideCopy{statement, conjoined(wholly, aligned), parts->guards};
  };
  if (cast::ExprPtr guard = pair_guard(instruction, lanes.front())) {
    if (!parts->guards.empty()) {
      parts->guards.front() = guard;
      bool whole = tag_argument(instruction, kUniformWholeTag).has_value();
      if (whole) return WideCopy{parts->statement, parts->lane_test, parts->guards};
      return edge_copy();
    }
  }
  return edge_copy();
}

// The pair's vec iname and whether `instruction` is its whole-tile copy (see pair_alignment).
struct PairRoles {
  const Instruction* whole = nullptr;
  const Instruction* edge = nullptr;
  std::string whole_vec, edge_vec;
};

static std::optional<PairRoles> pair_roles(const LoopKernel& kernel, const Instruction& instruction) {
  PairRoles roles;
  if (std::optional<std::string> edge = tag_argument(instruction, kUniformWholeTag)) {
    roles.whole = &instruction;
    roles.edge = kernel.find_instruction(*edge);
  } else if (std::optional<std::string> whole = tag_argument(instruction, kUniformEdgeTag)) {
    roles.whole = kernel.find_instruction(*whole);
    roles.edge = &instruction;
  }
  if (roles.whole == nullptr || roles.edge == nullptr) return std::nullopt;
  int vec_inames = 0;
  for (const std::string& tag : roles.whole->tags) {
    std::string prefix = std::string(kUniformWholeVecTag) + ":";
    if (tag.rfind(prefix, 0) != 0) continue;
    std::string pair = tag.substr(prefix.size());
    std::size_t equals = pair.find('=');
    if (equals == std::string::npos) return std::nullopt;
    roles.whole_vec = pair.substr(0, equals);
    roles.edge_vec = pair.substr(equals + 1);
    ++vec_inames;
  }
  if (vec_inames != 1) return std::nullopt;
  return roles;
}

// Whether `expr` names only the kernel's arguments (array starts, value parameters): the same at
// every copy, work-item and iteration.
static bool names_only_arguments(const LoopKernel& kernel, const cast::Expr& expr) {
  if (expr.kind == cast::ExprKind::Var && kernel.find_arg(expr.name) == nullptr) return false;
  for (const cast::ExprPtr& arg : expr.args)
    if (arg && !names_only_arguments(kernel, *arg)) return false;
  return true;
}

// The alignment test A that one of split_uniform_selects' pairs takes into its first guard, or
// null. Taken where the edge copy is a 16-byte copy (so its own test sends a misaligned tile to its
// lanes), no predicate of the pair names a lane (so the whole-tile copy's only run-time test is
// A), and A names only the kernel's arguments (`loom_aligned_16(b) && n % 8 == 0`: known_multiples
// showed the offsets multiples of the lanes): the same decision and the same A for both copies,
// their lanes and every unrolled copy. Both are read off the edge copy, `inames` giving the values
// of the other inames.
cast::ExprPtr ExpressionLowering::pair_alignment(const Instruction& instruction, const InameValues& inames) const {
  if (target_ != Target::CUDA) return nullptr;
  std::optional<PairRoles> roles = pair_roles(kernel_, instruction);
  if (!roles || roles->edge->assignees.size() != 1) return nullptr;
  // The answer depends on the edge copy and the values of the inames but the pair's vec inames
  // (replaced below); lowering reads nothing else that changes (lane_values_ is set only inside a
  // vector statement, which has no predicates and so no pair guard).
  InameValues others = inames;
  others.erase(roles->whole_vec);
  others.erase(roles->edge_vec);
  std::vector<PairAlignmentAnswer>& answers = pair_alignments_[roles->edge->id + " " + roles->whole_vec + "=" + roles->edge_vec];
  auto same_values = [](const InameValues& a, const InameValues& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](const auto& x, const auto& y) {
             return x.first == y.first && same_expr(x.second, y.second);
           });
  };
  bool memo = lane_values_ == nullptr;
  if (memo) {
    for (const PairAlignmentAnswer& answer : answers)
      if (same_values(answer.others, others)) return answer.alignment;
  }
  cast::ExprPtr alignment = edge_alignment(*roles->edge, roles->whole_vec, roles->edge_vec, inames);
  if (memo) answers.push_back({std::move(others), alignment});
  return alignment;
}

cast::ExprPtr ExpressionLowering::edge_alignment(const Instruction& edge, const std::string& whole_vec,
                                                 const std::string& edge_vec, const InameValues& inames) const {
  int64_t width = kWideCopyBytes / static_cast<int64_t>(dtype_size(types_.variable_dtype(edge.assignees.front()->name)));
  if (width <= 0) return nullptr;
  std::vector<InameValues> lanes;
  for (int64_t lane = 0; lane < width; ++lane) {
    InameValues values = inames;
    values.erase(whole_vec);
    values[edge_vec] = cast::int_const(lane, kernel_.options.index_dtype);
    for (const std::string& within : edge.within_inames)
      if (values.count(within) == 0) values[within] = cast::var(within, kernel_.options.index_dtype);
    lanes.push_back(std::move(values));
  }
  std::optional<WideCopyParts> parts = wide_copy_parts(edge, lanes, edge_vec);
  if (!parts || parts->lane_predicates || !parts->alignment || !names_only_arguments(kernel_, *parts->alignment))
    return nullptr;
  return parts->alignment;
}

cast::ExprPtr ExpressionLowering::pair_guard(const Instruction& instruction, const InameValues& inames) const {
  if (instruction.predicates.empty() || !is_padding_marker(*instruction.predicates.front())) return nullptr;
  cast::ExprPtr alignment = pair_alignment(instruction, inames);
  if (!alignment) return nullptr;
  const Expr& marked = *instruction.predicates.front()->operands[0];
  bool whole = tag_argument(instruction, kUniformWholeTag).has_value();
  // The edge's marker is `!U` (split_uniform_selects).
  if (!whole && (marked.kind != ExprKind::Unary || marked.unary_op != UnaryOp::LogicalNot)) return nullptr;
  const Expr& tile_whole = whole ? marked : *marked.operands[0];
  cast::ExprPtr both = cast::binary("&&", lower(tile_whole, DType::Bool, inames), alignment, DType::Bool);
  return whole ? both : cast::unary("!", both, DType::Bool);
}

}  // namespace loom::codegen
