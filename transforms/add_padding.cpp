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
// An array with an integer stride on every axis (split_array_axis's result) is ordered by its
// strides: axes inside the padded one keep their strides, the padded one rounds its own up.
//
// Refuses: an unknown array or a value argument, an axis out of range, an array whose dtype is
// not known yet, one tagged sep or vec or with a stride:EXPR that is not an integer (its axes'
// order is not a plain nesting), and `align_bytes` that is not a positive multiple of the
// element size.
#include <algorithm>
#include <cctype>
#include <numeric>
#include <optional>

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

// Axes from the fastest to the slowest by their strides, where every axis has an integer
// stride:N tag (split_array_axis writes those: loopy's test_small_batched_matvec pads f after
// splitting its axis 0); nullopt where some axis has another tag.
std::optional<std::vector<std::size_t>> nesting_by_integer_strides(const ArrayRef& array) {
  const std::vector<std::string>& tags = array.dim_tags();
  if (tags.empty()) return std::nullopt;
  std::vector<int64_t> strides;
  for (const std::string& tag : tags) {
    if (tag.rfind("stride:", 0) != 0) return std::nullopt;
    std::string digits = tag.substr(7);
    if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); }))
      return std::nullopt;
    strides.push_back(std::stoll(digits));
  }
  std::vector<std::size_t> order(tags.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return strides[a] < strides[b]; });
  return order;
}

// Axes from the fastest to the slowest, read off the dim tags (or the order).
std::vector<std::size_t> nesting(const ArrayRef& array) {
  std::size_t rank = array.shape().size();
  std::vector<std::string> tags = array.dim_tags();
  bool fortran = array.arg != nullptr && array.arg->order == ArrayOrder::F;
  if (tags.empty()) tags.assign(rank, fortran ? "f" : "c");
  if (std::optional<std::vector<std::size_t>> by_strides = nesting_by_integer_strides(array)) return *by_strides;
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
                        "; add_padding needs c, f or N0..N9 tags, or integer strides on every axis");
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
  // With integer strides, the axes inside the padded one keep theirs (they may have gaps of their
  // own), the padded one rounds its stride up, and the ones outside it are packed around it.
  bool keeps_inner_strides = nesting_by_integer_strides(array).has_value();
  std::vector<ExprPtr> strides(rank);
  ExprPtr next = int_literal(1);
  bool inside = true;
  for (std::size_t current : nesting(array)) {
    if (current == static_cast<std::size_t>(axis)) {
      ExprPtr own = keeps_inner_strides ? int_literal(std::stoll(array.dim_tags()[current].substr(7))) : next;
      strides[current] = round_up(own, align_bytes / element);
      inside = false;
    } else {
      strides[current] = keeps_inner_strides && inside ? int_literal(std::stoll(array.dim_tags()[current].substr(7))) : next;
    }
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
