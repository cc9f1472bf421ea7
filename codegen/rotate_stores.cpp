// Stores of whole 128-byte lines: the rotated loop of a tagged instruction (rotate_stores.hpp).
//
//   b[r, 256*t + 32*q + lane] = tile[32*q + lane, r]        (q: unr over 0..7, lane: l.0 over 0..31)
//   →  const int32_t loom_rotated = lane + loom_lane_rotation(b + (r*n + 256*t + lane), lane);
//      for (step = 0; step <= 8; ++step) {             // #pragma unroll: 9 stores
//        const int32_t q = step - 1 + (loom_rotated >> 5);
//        if (q >= 0 && q <= 7) b[r, 256*t + 32*q + (loom_rotated & 31)] = tile[.., r];
//      }
//
// loom_lane_rotation gives s, the number of elements from the row segment's start to the next
// 128-byte line (the same for every lane of the row); store `step` then covers the line starting
// at element 32*(step - 1) + s. At an even pitch s = 0 and the stores are the plain ones plus one
// empty slot. Measured by hand first (benchmarks/gpu/tails8/transpose_rot_probe.cu, H100,
// n = 8191: 1.4% faster than the plain copies, the same at 8192 and 8184).
#include "codegen/rotate_stores.hpp"

#include "codegen/fold.hpp"
#include "ir/instance_sets.hpp"
#include "ir/layout.hpp"
#include "loom/error.hpp"

namespace loom::codegen {

namespace {

constexpr int64_t kLanesOfALine = 32;  // 4-byte elements in a 128-byte line, lanes in a warp

[[noreturn]] void refuse(const Instruction& instruction, const std::string& reason) {
  throw Error("store_whole_lines on instruction '" + instruction.id + "': " + reason);
}

// The coefficient of `iname` in the flat element index of `store` (strides in elements).
std::optional<int64_t> flat_coefficient(const Expr& store, const std::vector<ExprPtr>& strides,
                                        const std::string& iname) {
  int64_t total = 0;
  for (std::size_t axis = 0; axis < strides.size(); ++axis) {
    std::optional<int64_t> coefficient = coefficient_of(*store.operands[axis], iname);
    if (!coefficient) return std::nullopt;
    if (*coefficient == 0) continue;
    if (strides[axis]->kind != ExprKind::IntLiteral) return std::nullopt;
    total += *coefficient * strides[axis]->int_value;
  }
  return total;
}

// Whether the instruction reads a temporary that lives in a work-item's registers: another lane
// would read its own copy.
std::optional<std::string> private_read(const LoopKernel& kernel, const Instruction& instruction) {
  std::optional<std::string> found;
  auto check = [&](const Expr& node) {
    if (node.kind != ExprKind::Variable && node.kind != ExprKind::Subscript) return;
    const Temporary* temporary = kernel.find_temporary(node.name);
    if (temporary != nullptr && temporary->address_space != AddressSpace::Local &&
        temporary->address_space != AddressSpace::Global) {
      found = node.name;
    }
  };
  visit_expr(*instruction.expression, check);
  for (const ExprPtr& predicate : instruction.predicates) visit_expr(*predicate, check);
  return found;
}

LineRotation plan_one(const LoopKernel& kernel, const Instruction& instruction) {
  if (instruction.kind != InstructionKind::Assignment || instruction.assignees.size() != 1 ||
      instruction.assignees.front()->kind != ExprKind::Subscript) {
    refuse(instruction, "it must be one assignment to an array element");
  }
  const Expr& store = *instruction.assignees.front();
  const KernelArgument* array = kernel.find_arg(store.name);
  if (array == nullptr || array->kind != ArgKind::Array) {
    refuse(instruction, "'" + store.name + "' is not a global array argument");
  }
  if (!array->dtype || dtype_size(*array->dtype) != 4) {
    refuse(instruction, "'" + store.name + "' must have a declared 4-byte element type (32 to a 128-byte line)");
  }
  if (array->offset) refuse(instruction, "'" + store.name + "' has an offset");
  std::vector<ExprPtr> strides = array_strides(*array);
  if (strides.size() != store.operands.size()) refuse(instruction, "its store has the wrong number of indices");
  if (std::optional<std::string> name = private_read(kernel, instruction)) {
    refuse(instruction, "it reads the private temporary '" + *name + "', which another work-item cannot see");
  }
  LineRotation rotation;
  for (const std::string& iname : instruction.within_inames) {
    InameTag tag = kernel.tag_of(iname);
    std::optional<int64_t> coefficient = flat_coefficient(store, strides, iname);
    if (tag.kind == InameTag::Kind::Local && tag.axis == 0 && coefficient == 1) rotation.lane = iname;
    if (tag.kind == InameTag::Kind::Unroll && coefficient == kLanesOfALine) rotation.unrolled = iname;
  }
  if (rotation.lane.empty()) refuse(instruction, "no l.0 iname steps its store by one element");
  if (rotation.unrolled.empty()) refuse(instruction, "no unr iname steps its store by 32 elements");
  std::optional<ConstantRange> lanes = constant_iname_range(kernel, rotation.lane);
  if (!lanes || lanes->lower != 0 || lanes->extent != kLanesOfALine) {
    refuse(instruction, "its l.0 iname '" + rotation.lane + "' must run over 0..31 (one warp)");
  }
  std::optional<ConstantRange> steps = constant_iname_range(kernel, rotation.unrolled);
  if (!steps) refuse(instruction, "the range of '" + rotation.unrolled + "' is not constant");
  rotation.lower = steps->lower;
  rotation.extent = steps->extent;
  return rotation;
}

}  // namespace

std::map<std::string, LineRotation> plan_line_rotations(const LoopKernel& kernel) {
  std::map<std::string, LineRotation> plans;
  for (const Instruction& instruction : kernel.instructions) {
    if (instruction.tags.count(kStoreWholeLinesTag) != 0) plans.emplace(instruction.id, plan_one(kernel, instruction));
  }
  return plans;
}

cast::StmtPtr rotated_stores(const LoopKernel& kernel, const ExpressionLowering& expressions,
                             const Instruction& instruction, const LineRotation& rotation,
                             const std::vector<InameValues>& copies) {
  DType index = kernel.options.index_dtype;
  const Expr& store = *instruction.assignees.front();
  DType element = *kernel.find_arg(store.name)->dtype;
  const InameValues& first = copies.front();
  cast::ExprPtr lane = first.at(rotation.lane);
  cast::ExprPtr address =
      cast::binary("+", cast::var(store.name, element), fold(expressions.flat_index(store.name, store.operands, first)), index);
  std::string rotated = "loom_rotated_" + rotation.unrolled;
  std::string step = "loom_step_" + rotation.unrolled;
  std::string position = "loom_position_" + rotation.unrolled;
  cast::ExprPtr shift = cast::call("loom_lane_rotation", {address, lane}, DType::Int32);
  // The copy this slot stores for this lane, relative to the range's start: -1 and extent are
  // the slots' masked ends.
  cast::ExprPtr relative = cast::binary(
      "+", cast::binary("-", cast::var(step, index), cast::int_const(1, index), index),
      cast::binary(">>", cast::var(rotated, index), cast::int_const(5, index), index), index);
  InameValues values = first;
  values[rotation.unrolled] = fold(cast::binary("+", cast::var(position, index), cast::int_const(rotation.lower, index), index));
  values[rotation.lane] = cast::binary("&", cast::var(rotated, index), cast::int_const(kLanesOfALine - 1, index), index);
  cast::ExprPtr in_range =
      cast::binary("&&", cast::binary(">=", cast::var(position, index), cast::int_const(0, index), DType::Bool),
                   cast::binary("<", cast::var(position, index), cast::int_const(rotation.extent, index), DType::Bool),
                   DType::Bool);
  cast::StmtPtr body = cast::block({cast::declare(position, index, 0, relative, true),
                                    cast::if_then(in_range, expressions.lower_instruction(instruction, values))});
  auto loop = std::make_shared<cast::Stmt>(*cast::for_loop(
      step, index, cast::int_const(0, index),
      cast::binary("<=", cast::var(step, index), cast::int_const(rotation.extent, index), DType::Bool), 1, body));
  loop->pragma = "unroll";
  return cast::scoped_block(
      {cast::declare(rotated, index, 0, cast::binary("+", lane, shift, index), true), loop});
}

}  // namespace loom::codegen
