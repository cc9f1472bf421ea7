// split_array_axis (loopy's transform/data.py, old name split_array_dim): splits one axis of
// arrays into two, keeping every element where it is in memory.
//
//   {[i_outer, i_inner]: 0 <= i_inner < 4 and 0 <= 4*i_outer + i_inner < n}
//   out[4*i_outer + i_inner] = 2*a[4*i_outer + i_inner]            a, out: float32 (n)
// split_array_axis("a, out", 0, 4) →
//   out[i_outer, i_inner] = 2*a[i_outer, i_inner]                  a, out: ((n + 3) // 4, 4)
//                                                                  dim_tags stride:4, stride:1
// (order "F" puts the inner axis first: a[i_inner, i_outer], shape (4, (n + 3) // 4).)
//
// The new indices are x // count and x % count of the old index x, simplified on the domain of
// the instruction that holds the access (as simplify_indices does), so a split iname lines up
// with the new axes. The layout becomes explicit strides (count * s and s for an axis of stride
// s), so the data does not move. The renumbering is recorded as an ArrayRewrite: checks compare
// the array by its original logical index.
//
// Refuses: an unknown array or a value argument, an axis out of range, count < 1, an order other
// than C or F, and an array with a vec axis (split first, then tag the inner axis vec).
#include "ir/layout.hpp"
#include "loom/error.hpp"
#include "transforms/layout_support.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/subst_support.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "split_array_axis";

struct AxisSplit {
  std::string array;
  std::size_t axis;
  int64_t count;
  bool fortran;

  // The two new indices of old index `index`, in storage order.
  std::vector<ExprPtr> indices(const ExprPtr& index) const {
    ExprPtr outer = binary(BinaryOp::FloorDivide, index, int_literal(count));
    ExprPtr inner = binary(BinaryOp::Modulo, index, int_literal(count));
    return fortran ? std::vector<ExprPtr>{inner, outer} : std::vector<ExprPtr>{outer, inner};
  }
};

ExprPtr outer_length(const ExprPtr& length, int64_t count) {
  if (length->kind == ExprKind::IntLiteral)
    return int_literal((length->int_value + count - 1) / count);
  return binary(BinaryOp::FloorDivide, binary(BinaryOp::Add, length, int_literal(count - 1)),
                int_literal(count));
}

ExprPtr times(const ExprPtr& stride, int64_t count) {
  if (stride->kind == ExprKind::IntLiteral) return int_literal(stride->int_value * count);
  return binary(BinaryOp::Multiply, int_literal(count), stride);
}

void split_layout(ArrayRef array, const AxisSplit& split) {
  if (vec_axis(array.dim_tags())) {
    throw Error(std::string(kTransform) + ": array '" + array.name() +
                "' has a vec axis; split its axes " + "before tagging one vec");
  }
  if (is_swizzled(array.dim_tags())) {
    throw Error(std::string(kTransform) + ": array '" + array.name() +
                "' is swizzled (swizzle128); split its axes before tagging it");
  }
  std::vector<ExprPtr> strides = array.strides();
  std::vector<ExprPtr>& shape = array.shape();
  ExprPtr stride = strides[split.axis];
  ExprPtr outer = outer_length(shape[split.axis], split.count);
  std::vector<ExprPtr> new_shape = split.fortran
                                       ? std::vector<ExprPtr>{int_literal(split.count), outer}
                                       : std::vector<ExprPtr>{outer, int_literal(split.count)};
  std::vector<ExprPtr> new_strides = split.fortran
                                         ? std::vector<ExprPtr>{stride, times(stride, split.count)}
                                         : std::vector<ExprPtr>{times(stride, split.count), stride};
  auto at = static_cast<std::ptrdiff_t>(split.axis);
  shape.erase(shape.begin() + at);
  shape.insert(shape.begin() + at, new_shape.begin(), new_shape.end());
  strides.erase(strides.begin() + at);
  strides.insert(strides.begin() + at, new_strides.begin(), new_strides.end());
  array.dim_tags() = stride_tags(strides);
}

// Rewrites every access to the array in `expr`; `simplify` turns each new index into its
// simplest form where it can.
ExprPtr split_accesses(const ExprPtr& expr, const AxisSplit& split,
                       const std::function<ExprPtr(const ExprPtr&)>& simplify) {
  return map_expr(expr, [&](const ExprPtr& node) -> ExprPtr {
    if (node->kind != ExprKind::Subscript || node->name != split.array) return node;
    if (node->operands.size() <= split.axis) {
      throw Error(std::string(kTransform) + ": access " + to_string(node) + " has no axis " +
                  std::to_string(split.axis));
    }
    std::vector<ExprPtr> indices = node->operands;
    std::vector<ExprPtr> parts = split.indices(indices[split.axis]);
    for (ExprPtr& part : parts) part = simplify(part);
    auto at = static_cast<std::ptrdiff_t>(split.axis);
    indices.erase(indices.begin() + at);
    indices.insert(indices.begin() + at, parts.begin(), parts.end());
    return subscript(node->name, std::move(indices));
  });
}

void split_instructions(LoopKernel& result, const LoopKernel& before, const AxisSplit& split) {
  for (Instruction& instruction : result.instructions) {
    auto simplify = [&](const ExprPtr& index) {
      return simplify_index(before, instruction, index);
    };
    for (ExprPtr& assignee : instruction.assignees)
      assignee = split_accesses(assignee, split, simplify);
    if (instruction.expression)
      instruction.expression = split_accesses(instruction.expression, split, simplify);
    for (ExprPtr& predicate : instruction.predicates)
      predicate = split_accesses(predicate, split, simplify);
  }
  // Rule bodies have no domain of their own: their indices stay as x // count and x % count.
  auto keep = [](const ExprPtr& index) { return index; };
  for (auto& [name, rule] : result.substitutions)
    rule.expression = split_accesses(rule.expression, split, keep);
}

// The new logical index of every old one, for checks (loom_axis_K names old axis K).
ArrayRewrite recorded(const AxisSplit& split, std::size_t rank) {
  ArrayRewrite rewrite{kTransform, split.array, {}};
  for (std::size_t axis = 0; axis < rank; ++axis) {
    ExprPtr old_index = variable("loom_axis_" + std::to_string(axis));
    if (axis != split.axis) {
      rewrite.new_indices.push_back(old_index);
      continue;
    }
    for (const ExprPtr& part : split.indices(old_index)) rewrite.new_indices.push_back(part);
  }
  return rewrite;
}

}  // namespace

LoopKernel split_array_axis(const LoopKernel& kernel, const std::string& array_names_text,
                            int64_t axis_nr, int64_t count, const std::string& order,
                            bool unchecked) {
  TransformCall call{kTransform,
                     {{"array_names", array_names_text},
                      {"axis_nr", axis_nr},
                      {"count", count},
                      {"order", order}}};
  if (unchecked) call.arguments["unchecked"] = true;
  if (count < 1)
    throw Error(std::string(kTransform) + ": count must be at least 1, got " +
                std::to_string(count));
  if (order != "C" && order != "F") {
    throw Error(std::string(kTransform) + ": order must be \"C\" or \"F\", got \"" + order + "\"");
  }
  LoopKernel result = kernel;
  for (const std::string& name : array_names(array_names_text, kTransform)) {
    ArrayRef array = find_array(result, name, kTransform);
    std::size_t rank = array.shape().size();
    if (axis_nr < 0 || static_cast<std::size_t>(axis_nr) >= rank) {
      throw Error(std::string(kTransform) + ": array '" + name + "' has " + std::to_string(rank) +
                  " axes; there is no axis " + std::to_string(axis_nr));
    }
    AxisSplit split{name, static_cast<std::size_t>(axis_nr), count, order == "F"};
    split_layout(array, split);
    LoopKernel before = result;
    split_instructions(result, before, split);
    result.array_rewrites.push_back(recorded(split, rank));
  }
  // Every access reads and writes the element it did: the same memory, the same instances.
  return finish_transform(kernel, std::move(result), call, std::nullopt, unchecked,
                          CheckScope::All);
}

LOOM_REGISTER_TRANSFORM(split_array_axis) {
  registry.add({kTransform,
                "split an array axis into (outer, inner) axes, keeping the data where it is",
                // A list or a comma string, as loopy takes it.
                {{"array_names", ParameterType::InameList, true},
                 {"axis_nr", ParameterType::Integer, true},
                 {"count", ParameterType::Integer, true},
                 {"order", ParameterType::Enum, false, false, std::string("C"), {"C", "F"}}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return split_array_axis(kernel, joined(args.names("array_names")),
                                          args.integer("axis_nr"), args.integer("count"),
                                          args.string("order"), args.unchecked());
                }});
}

}  // namespace loom
