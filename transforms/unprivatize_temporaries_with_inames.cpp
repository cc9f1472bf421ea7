// unprivatize_temporaries_with_inames (loopy's transform/privatize.py): the inverse of
// privatize_temporaries_with_inames. A temporary whose every access indexes one axis by exactly
// an unprivatizing iname (`i`, or `i - lower` as privatization writes it) loses that axis: each
// iteration used its own slot, so one slot, reused, holds the same values.
//
//   t[i] = 2*a[i];  out[i] = t[i] + 1    unprivatize_temporaries_with_inames({"i"})
//     →  t = 2*a[i];  out[i] = t + 1
//
// Refuses: an unknown iname or temporary, a temporary in only_var_names that no unprivatizing
// iname indexes, and a temporary whose accesses disagree (one indexes the axis by something else,
// or by the iname at another position, or is outside the iname's loop): one slot would then
// hold values of several iterations that are still needed.
#include <algorithm>

#include "ir/instance_sets.hpp"
#include "loom/buffer_transforms.hpp"
#include "loom/error.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "unprivatize_temporaries_with_inames";

struct Access {
  const Instruction* instruction;
  ExprPtr node;
};

std::vector<Access> accesses_of(const LoopKernel& kernel, const std::string& name) {
  std::vector<Access> found;
  for (const Instruction& instruction : kernel.instructions) {
    std::vector<ExprPtr> roots = instruction.assignees;
    if (instruction.expression) roots.push_back(instruction.expression);
    roots.insert(roots.end(), instruction.predicates.begin(), instruction.predicates.end());
    for (const ExprPtr& root : roots) {
      map_expr(root, [&](const ExprPtr& node) -> ExprPtr {
        bool access = (node->kind == ExprKind::Subscript || node->kind == ExprKind::Variable) &&
                      node->name == name;
        if (access) found.push_back({&instruction, node});
        return node;
      });
    }
  }
  return found;
}

// Whether `index` is `iname` or `iname - lower`.
bool is_private_index(const LoopKernel& kernel, const ExprPtr& index, const std::string& iname) {
  if (index->kind == ExprKind::Variable) return index->name == iname;
  std::optional<ConstantRange> range = constant_iname_range(kernel, iname);
  if (!range) return false;
  ExprPtr shifted = binary(BinaryOp::Subtract, variable(iname), int_literal(range->lower));
  return to_string(index) == to_string(shifted);
}

// The axis of `name` every access indexes by `iname`; nullopt when none does; Error when the
// accesses disagree.
std::optional<std::size_t> private_axis(const LoopKernel& kernel, const std::string& name,
                                        const std::string& iname) {
  std::vector<Access> accesses = accesses_of(kernel, name);
  std::optional<std::size_t> axis;
  for (const Access& access : accesses) {
    for (std::size_t k = 0; k < access.node->operands.size() && !axis; ++k)
      if (is_private_index(kernel, access.node->operands[k], iname)) axis = k;
  }
  if (!axis) return std::nullopt;
  for (const Access& access : accesses) {
    bool consistent = *axis < access.node->operands.size() &&
                      is_private_index(kernel, access.node->operands[*axis], iname) &&
                      access.instruction->within_inames.count(iname) != 0;
    if (!consistent) {
      throw Error(std::string(kTransform) + ": temporary '" + name + "' cannot lose its axis " +
                  std::to_string(*axis) + " along '" + iname + "': instruction '" +
                  access.instruction->id + "' accesses it as '" + to_string(access.node) +
                  "', not indexed by '" + iname + "' there inside its loop");
    }
  }
  return axis;
}

ExprPtr without_axis(const ExprPtr& expr, const std::string& name, std::size_t axis) {
  return map_expr(expr, [&](const ExprPtr& node) -> ExprPtr {
    if (node->kind != ExprKind::Subscript || node->name != name) return node;
    std::vector<ExprPtr> indices = node->operands;
    indices.erase(indices.begin() + static_cast<std::ptrdiff_t>(axis));
    return indices.empty() ? variable(name) : subscript(name, indices);
  });
}

void remove_axis(LoopKernel& kernel, const std::string& name, std::size_t axis) {
  for (Instruction& instruction : kernel.instructions) {
    for (ExprPtr& assignee : instruction.assignees) assignee = without_axis(assignee, name, axis);
    if (instruction.expression)
      instruction.expression = without_axis(instruction.expression, name, axis);
    for (ExprPtr& predicate : instruction.predicates)
      predicate = without_axis(predicate, name, axis);
  }
  for (Temporary& temporary : kernel.temporaries)
    if (temporary.name == name)
      temporary.shape.erase(temporary.shape.begin() + static_cast<std::ptrdiff_t>(axis));
}

std::vector<std::string> selected_names(const LoopKernel& kernel,
                                        const std::optional<std::vector<std::string>>& only) {
  std::vector<std::string> all;
  for (const Temporary& temporary : kernel.temporaries) all.push_back(temporary.name);
  if (!only) return all;
  for (const std::string& name : *only) {
    if (kernel.find_temporary(name) == nullptr) {
      throw Error(std::string(kTransform) + ": unknown temporary '" + name +
                  "' in only_var_names (the kernel's temporaries: " +
                  (all.empty() ? std::string("none") : joined(all)) + ")" +
                  did_you_mean(name, all));
    }
  }
  return *only;
}

}  // namespace

LoopKernel unprivatize_temporaries_with_inames(
    const LoopKernel& kernel, const std::vector<std::string>& unprivatizing_inames,
    const std::optional<std::vector<std::string>>& only_var_names, bool unchecked) {
  TransformCall call{kTransform, {{"unprivatizing_inames", unprivatizing_inames}}};
  if (only_var_names) call.arguments["only_var_names"] = *only_var_names;
  if (unchecked) call.arguments["unchecked"] = true;
  for (const std::string& iname : unprivatizing_inames) require_iname(kernel, iname, kTransform);
  LoopKernel result = kernel;
  for (const std::string& name : selected_names(kernel, only_var_names)) {
    bool removed = false;
    for (const std::string& iname : unprivatizing_inames) {
      std::optional<std::size_t> axis = private_axis(result, name, iname);
      if (!axis) continue;
      remove_axis(result, name, *axis);
      removed = true;
    }
    if (!removed && only_var_names) {
      throw Error(std::string(kTransform) + ": temporary '" + name + "' has no axis indexed by [" +
                  joined(unprivatizing_inames) + "]; nothing to unprivatize");
    }
  }
  return finish_transform(kernel, std::move(result), call, std::nullopt, unchecked,
                          CheckScope::All);
}

LOOM_REGISTER_TRANSFORM(unprivatize_temporaries_with_inames) {
  registry.add({kTransform,
                "remove the per-iteration axes of privatized temporaries",
                // loopy's parameter is privatizing_inames (the inames privatize_temporaries_with_inames
                // added); unprivatizing_inames, loom's first name for it, stays accepted.
                {{"privatizing_inames", ParameterType::InameList, false, true},
                 {"unprivatizing_inames", ParameterType::InameList, false, true},
                 {"only_var_names", ParameterType::InameList, false, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  std::optional<std::vector<std::string>> loopy_name = args.optional_names("privatizing_inames");
                  std::optional<std::vector<std::string>> old_name = args.optional_names("unprivatizing_inames");
                  if (loopy_name && old_name)
                    throw Error(std::string(kTransform) + ": give privatizing_inames or unprivatizing_inames, not both");
                  if (!loopy_name && !old_name)
                    throw Error(std::string(kTransform) + ": missing parameter 'privatizing_inames'");
                  return unprivatize_temporaries_with_inames(kernel, loopy_name ? *loopy_name : *old_name,
                                                             args.optional_names("only_var_names"), args.unchecked());
                }});
}

}  // namespace loom
