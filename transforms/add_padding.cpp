// add_padding (loopy's transform/padding.py): rounds the stride of one array axis up to a
// multiple of `align_bytes`, so each step along it starts aligned (rows of a matrix on 64-byte
// boundaries, say); the axes stored outside it move out so nothing overlaps.
//
//   a: float32 (n, n), C order   add_padding("a", 0, 64)
//   →  dim_tags stride:(n + 15) // 16 * 16, stride:1        (n = 100: rows of 112 elements)
//
// loopy rounds the stride in elements up to a multiple of align_bytes; loom counts bytes, as the
// parameter's name says (a multiple of 64 bytes is 16 float32s). Only where elements live
// changes: accesses keep their logical indices, checks compare by them, and host arrays passed to
// the kernel must have the padded strides (the launcher says so otherwise).
//
// Refuses: an unknown array or a value argument, an axis out of range, an array whose dtype is
// not known yet, one tagged stride:EXPR, sep or vec (its axes' order is not a plain nesting), and
// `align_bytes` that is not a positive multiple of the element size.
#include <algorithm>
#include <numeric>

#include "ir/layout.hpp"
#include "loom/error.hpp"
#include "transforms/layout_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "add_padding";

[[noreturn]] void refuse(const ArrayRef& array, const std::string& reason) {
  throw Error(std::string(kTransform) + ": array '" + array.name() + "' " + reason);
}

// Axes from the fastest to the slowest, read off the dim tags (or the order).
std::vector<std::size_t> nesting(const ArrayRef& array) {
  std::size_t rank = array.shape().size();
  std::vector<std::string> tags = array.dim_tags();
  bool fortran = array.arg != nullptr && array.arg->order == ArrayOrder::F;
  if (tags.empty()) tags.assign(rank, fortran ? "f" : "c");
  std::vector<int> level(rank);
  for (std::size_t axis = 0; axis < rank; ++axis) {
    const std::string& tag = tags[axis];
    if (tag == "c")
      level[axis] = static_cast<int>(rank - 1 - axis);
    else if (tag == "f")
      level[axis] = static_cast<int>(axis);
    else if (tag.size() == 2 && tag[0] == 'N')
      level[axis] = tag[1] - '0';
    else
      refuse(array, "has dim tag '" + tag + "' on axis " + std::to_string(axis) +
                        "; add_padding needs c, f or N0..N9 tags");
  }
  std::vector<std::size_t> order(rank);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return level[a] < level[b]; });
  return order;
}

ExprPtr round_up(const ExprPtr& stride, int64_t multiple) {
  if (stride->kind == ExprKind::IntLiteral) {
    return int_literal((stride->int_value + multiple - 1) / multiple * multiple);
  }
  ExprPtr rows =
      binary(BinaryOp::FloorDivide, binary(BinaryOp::Add, stride, int_literal(multiple - 1)),
             int_literal(multiple));
  return binary(BinaryOp::Multiply, rows, int_literal(multiple));
}

ExprPtr times(const ExprPtr& a, const ExprPtr& b) {
  if (a->kind == ExprKind::IntLiteral && b->kind == ExprKind::IntLiteral)
    return int_literal(a->int_value * b->int_value);
  if (a->kind == ExprKind::IntLiteral && a->int_value == 1) return b;
  return binary(BinaryOp::Multiply, a, b);
}

}  // namespace

LoopKernel add_padding(const LoopKernel& kernel, const std::string& variable, int64_t axis,
                       int64_t align_bytes, bool unchecked) {
  TransformCall call{kTransform,
                     {{"variable", variable}, {"axis", axis}, {"align_bytes", align_bytes}}};
  if (unchecked) call.arguments["unchecked"] = true;
  LoopKernel result = kernel;
  ArrayRef array = find_array(result, variable, kTransform);
  std::size_t rank = array.shape().size();
  if (axis < 0 || static_cast<std::size_t>(axis) >= rank) {
    refuse(array,
           "has " + std::to_string(rank) + " axes; there is no axis " + std::to_string(axis));
  }
  if (!array.dtype()) refuse(array, "has no dtype yet; give it one before padding");
  auto element = static_cast<int64_t>(dtype_size(*array.dtype()));
  if (align_bytes <= 0 || align_bytes % element != 0) {
    refuse(array, "has " + std::to_string(element) +
                      "-byte elements; align_bytes must be a positive multiple of " +
                      std::to_string(element) + ", got " + std::to_string(align_bytes));
  }
  std::vector<ExprPtr> strides(rank);
  ExprPtr next = int_literal(1);
  for (std::size_t current : nesting(array)) {
    strides[current] =
        current == static_cast<std::size_t>(axis) ? round_up(next, align_bytes / element) : next;
    next = times(strides[current], array.shape()[current]);
  }
  array.dim_tags() = stride_tags(strides);
  // Same accesses by logical index: only the order check (cheapest) runs.
  return finish_transform(kernel, std::move(result), call, std::nullopt, unchecked,
                          CheckScope::Order);
}

LOOM_REGISTER_TRANSFORM(add_padding) {
  registry.add({kTransform,
                "round an array axis's stride up to a multiple of align_bytes",
                {{"variable", ParameterType::String, true},
                 {"axis", ParameterType::Integer, true},
                 {"align_bytes", ParameterType::Integer, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return add_padding(kernel, args.string("variable"), args.integer("axis"),
                                     args.integer("align_bytes"), args.unchecked());
                }});
}

}  // namespace loom
