// concatenate_arrays (loopy's transform/concatenate.py): merges temporaries into one array along
// the axis `axis_nr`; each old array becomes a slice of the new one, at an offset along that axis.
//
//   <> a[i] = x[i]    <> b[i] = y[i]    out[i] = a[i] + b[i]       a, b: float64 (10)
// concatenate_arrays(["a", "b"], new_name="c") →
//   c[i] = x[i]       c[i + 10] = y[i]  out[i] = c[i] + c[i + 10]  c: float64 (20)
//
// Every subscript of an old array, in instructions, predicates and substitution rules, gets the
// array's offset (the summed lengths of the arrays before it) added on `axis_nr`; the other
// indices stay. The slices do not overlap, so every element keeps its own storage and the kernel
// computes the same values: the instances and their order do not change, and the accesses are
// checked against the new shape.
//
// Refuses (as loopy, and more precisely): fewer than one name, a name that is not a temporary
// (loopy only merges temporaries), `axis_nr` outside the arrays' rank, a length along `axis_nr`
// that is not a constant, arrays that differ in anything but that length (dtype, address space,
// rank, other extents), arrays with dim tags, initializers or shared storage (their layout or
// contents are fixed elsewhere), a use without subscript, and a `new_name` already in use.
#include <algorithm>

#include "loom/error.hpp"
#include "loom/data_transforms.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "concatenate_arrays";

const Temporary& concatenable(const LoopKernel& kernel, const std::string& name, int64_t axis_nr) {
  const Temporary* temporary = kernel.find_temporary(name);
  if (temporary == nullptr) {
    std::vector<std::string> names;
    for (const Temporary& other : kernel.temporaries) names.push_back(other.name);
    std::string what = kernel.find_arg(name) != nullptr ? "an argument, not a temporary" : "not a temporary";
    throw Error(std::string(kTransform) + ": '" + name + "' is " + what + " (the kernel's temporaries: " +
                (names.empty() ? std::string("none") : joined(names)) + "); only temporaries are concatenated" +
                did_you_mean(name, names));
  }
  const auto rank = static_cast<int64_t>(temporary->shape.size());
  if (axis_nr < 0 || axis_nr >= rank) {
    throw Error(std::string(kTransform) + ": axis_nr " + std::to_string(axis_nr) + " is outside temporary '" +
                name + "', which has " + std::to_string(rank) + " axes");
  }
  if (temporary->shape[axis_nr]->kind != ExprKind::IntLiteral) {
    throw Error(std::string(kTransform) + ": temporary '" + name + "' axis " + std::to_string(axis_nr) +
                " has non-constant length " + to_string(temporary->shape[axis_nr]) +
                "; the offsets of the concatenated arrays must be constants");
  }
  std::string fixed = !temporary->dim_tags.empty()      ? "dim tags"
                      : !temporary->initializer.empty() ? "an initializer"
                      : !temporary->base_storage.empty() ? "shared storage ('" + temporary->base_storage + "')"
                                                         : "";
  if (!fixed.empty()) {
    throw Error(std::string(kTransform) + ": temporary '" + name + "' has " + fixed +
                "; only plain temporaries are concatenated");
  }
  return *temporary;
}

// loopy's rule: the arrays must be identical except for their length along `axis_nr`.
void require_alike(const Temporary& first, const Temporary& other, int64_t axis_nr) {
  std::string differs;
  if (other.dtype != first.dtype) differs = "element type";
  if (other.address_space != first.address_space) differs = "address space";
  if (other.read_only != first.read_only) differs = "read_only";
  if (other.shape.size() != first.shape.size()) {
    differs = "rank";
  } else {
    for (std::size_t axis = 0; axis < first.shape.size(); ++axis) {
      if (static_cast<int64_t>(axis) == axis_nr) continue;
      if (!structurally_equal(*first.shape[axis], *other.shape[axis])) differs = "length of axis " + std::to_string(axis);
    }
  }
  if (differs.empty()) return;
  throw Error(std::string(kTransform) + ": temporaries '" + first.name + "' and '" + other.name + "' differ in " +
              differs + "; arrays must be identical except for their length along axis " +
              std::to_string(axis_nr) + " in order to concatenate");
}

using Offsets = std::map<std::string, int64_t>;

ExprPtr concatenated(const ExprPtr& expr, const Offsets& offsets, const std::string& new_name, int64_t axis_nr,
                     const std::string& where) {
  if (!expr) return expr;
  return map_expr(expr, [&](const ExprPtr& node) -> ExprPtr {
    auto offset = offsets.find(node->name);
    if (offset == offsets.end()) return node;
    if (node->kind == ExprKind::Variable) {
      throw Error(std::string(kTransform) + ": " + where + " uses '" + node->name +
                  "' without a subscript; only subscripted uses can be moved into '" + new_name + "'");
    }
    if (node->kind != ExprKind::Subscript) return node;
    std::vector<ExprPtr> indices = node->operands;
    if (offset->second != 0) indices[axis_nr] = binary(BinaryOp::Add, indices[axis_nr], int_literal(offset->second));
    return subscript(new_name, std::move(indices));
  });
}

void rewrite_accesses(LoopKernel& kernel, const Offsets& offsets, const std::string& new_name, int64_t axis_nr) {
  for (Instruction& instruction : kernel.instructions) {
    std::string where = "instruction '" + instruction.id + "'";
    for (ExprPtr& assignee : instruction.assignees) assignee = concatenated(assignee, offsets, new_name, axis_nr, where);
    instruction.expression = concatenated(instruction.expression, offsets, new_name, axis_nr, where);
    for (ExprPtr& predicate : instruction.predicates) predicate = concatenated(predicate, offsets, new_name, axis_nr, where);
  }
  for (auto& [name, rule] : kernel.substitutions) {
    bool shadowed = std::any_of(rule.parameters.begin(), rule.parameters.end(),
                                [&](const std::string& parameter) { return offsets.count(parameter) != 0; });
    if (!shadowed) rule.expression = concatenated(rule.expression, offsets, new_name, axis_nr, "substitution rule '" + name + "'");
  }
}

}  // namespace

LoopKernel concatenate_arrays(const LoopKernel& kernel, const std::vector<std::string>& array_names,
                              const std::optional<std::string>& new_name, int64_t axis_nr, bool unchecked) {
  TransformCall call{kTransform, {{"array_names", array_names}}};
  if (new_name) call.arguments["new_name"] = *new_name;
  if (axis_nr != 0) call.arguments["axis_nr"] = axis_nr;
  if (unchecked) call.arguments["unchecked"] = true;
  // Step 1: checks.
  if (array_names.empty()) throw Error(std::string(kTransform) + ": array_names is empty; name the temporaries to merge");
  for (std::size_t k = 0; k < array_names.size(); ++k) {
    if (std::find(array_names.begin(), array_names.begin() + k, array_names[k]) != array_names.begin() + k)
      throw Error(std::string(kTransform) + ": '" + array_names[k] + "' is named twice in array_names");
  }
  const Temporary& first = concatenable(kernel, array_names.front(), axis_nr);
  for (const std::string& name : array_names) require_alike(first, concatenable(kernel, name, axis_nr), axis_nr);
  std::string merged = new_name ? *new_name : unused_name(kernel, "concatenated_array");
  if (new_name) {
    require_name(merged, kTransform, "new_name");
    if (unused_name(kernel, merged) != merged || kernel.substitutions.count(merged) != 0)
      throw Error(std::string(kTransform) + ": new_name '" + merged + "' is already used in the kernel; pick an unused name");
  }
  // Step 2: the offsets along the axis and the merged temporary, in the first one's place.
  Offsets offsets;
  int64_t length = 0;
  for (const std::string& name : array_names) {
    offsets[name] = length;
    length += kernel.find_temporary(name)->shape[axis_nr]->int_value;
  }
  Temporary concatenated_temporary = first;
  concatenated_temporary.name = merged;
  concatenated_temporary.shape[axis_nr] = int_literal(length);
  LoopKernel result = kernel;
  std::vector<Temporary> temporaries;
  for (const Temporary& temporary : kernel.temporaries) {
    if (temporary.name == first.name) temporaries.push_back(concatenated_temporary);
    else if (!offsets.count(temporary.name)) temporaries.push_back(temporary);
  }
  result.temporaries = std::move(temporaries);
  // Step 3: every access moves into its slice.
  rewrite_accesses(result, offsets, merged, axis_nr);
  return finish_transform(kernel, std::move(result), call, std::nullopt, unchecked, CheckScope::All);
}

LOOM_REGISTER_TRANSFORM(concatenate_arrays) {
  registry.add({kTransform,
                "merge temporaries into one array along an axis, each old one a slice of it",
                {{"array_names", ParameterType::InameList, true},
                 {"new_name", ParameterType::String, false, true},
                 {"axis_nr", ParameterType::Integer, false, false, int64_t{0}}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return concatenate_arrays(kernel, args.names("array_names"), args.optional_string("new_name"),
                                            args.integer("axis_nr"), args.unchecked());
                }});
}

}  // namespace loom
