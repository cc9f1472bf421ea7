// ILP privatization (loopy's realize_ilp): a private temporary written inside an `ilp`, `ilp.seq`
// or `vec` iname gets one copy per value of that iname, so the unrolled copies do not share it.
//
//   <float32> t = 2*a[i]   with i tagged ilp over [0, 4)   →   t[i - 0] = 2*a[i] ... (t: float32[4])
//
// Refuses a temporary read or written outside the iname it must be privatized along (its copies
// would be ambiguous there), and ranges that are not constant.
#include "analysis/privatize_ilp.hpp"

#include <set>

#include "ir/instance_sets.hpp"
#include "loom/error.hpp"

namespace loom {

namespace {

bool is_ilp(const InameTag& tag) {
  return tag.kind == InameTag::Kind::Ilp || tag.kind == InameTag::Kind::IlpSeq || tag.kind == InameTag::Kind::Vec;
}

bool mentions(const Expr& expr, const std::string& name) {
  bool found = false;
  visit_expr(expr, [&](const Expr& node) { found = found || (node.kind == ExprKind::Variable && node.name == name); });
  return found;
}

// Is every access of `name` already indexed by `iname` (reduction accumulators are)?
bool already_private_along(const LoopKernel& kernel, const std::string& name, const std::string& iname) {
  bool any = false, all = true;
  auto check = [&](const Expr& node) {
    if ((node.kind == ExprKind::Subscript || node.kind == ExprKind::Variable) && node.name == name) {
      any = true;
      bool indexed = false;
      for (const ExprPtr& index : node.operands) indexed = indexed || mentions(*index, iname);
      all = all && indexed;
    }
  };
  for (const Instruction& instruction : kernel.instructions) {
    for (const ExprPtr& assignee : instruction.assignees) visit_expr(*assignee, check);
    if (instruction.expression) visit_expr(*instruction.expression, check);
  }
  return any && all;
}

std::set<std::string> axes_needed(const LoopKernel& kernel, const Temporary& temporary) {
  std::set<std::string> inames;
  for (const Instruction& instruction : kernel.instructions) {
    bool writes = false;
    for (const ExprPtr& assignee : instruction.assignees) writes = writes || assignee->name == temporary.name;
    if (!writes) continue;
    for (const std::string& iname : instruction.within_inames) {
      if (is_ilp(kernel.tag_of(iname)) && !already_private_along(kernel, temporary.name, iname)) inames.insert(iname);
    }
  }
  return inames;
}

ExprPtr privatized_access(const ExprPtr& access, const std::string& name, const std::vector<ExprPtr>& leading) {
  return map_expr(access, [&](const ExprPtr& node) -> ExprPtr {
    if ((node->kind != ExprKind::Variable && node->kind != ExprKind::Subscript) || node->name != name) return node;
    std::vector<ExprPtr> indices = leading;
    indices.insert(indices.end(), node->operands.begin(), node->operands.end());
    return subscript(name, indices);
  });
}

}  // namespace

LoopKernel privatize_ilp_temporaries(const LoopKernel& kernel) {
  LoopKernel result = kernel;
  for (Temporary& temporary : result.temporaries) {
    if (temporary.address_space == AddressSpace::Local || temporary.address_space == AddressSpace::Global) continue;
    std::set<std::string> inames = axes_needed(result, temporary);
    if (inames.empty()) continue;
    std::vector<ExprPtr> leading, extents;
    for (const std::string& iname : inames) {
      std::optional<ConstantRange> range = constant_iname_range(result, iname);
      if (!range) {
        throw Error("temporary '" + temporary.name + "' needs a copy per value of '" + iname + "' (tagged " +
                    to_string(result.tag_of(iname)) + "), but its range is not constant");
      }
      leading.push_back(range->lower == 0 ? variable(iname)
                                          : binary(BinaryOp::Subtract, variable(iname), int_literal(range->lower)));
      extents.push_back(int_literal(range->extent));
    }
    for (Instruction& instruction : result.instructions) {
      std::vector<ExprPtr> roots = instruction.assignees;
      if (instruction.expression) roots.push_back(instruction.expression);
      bool uses = false;
      for (const ExprPtr& root : roots) {
        visit_expr(*root, [&](const Expr& node) {
          uses = uses || ((node.kind == ExprKind::Variable || node.kind == ExprKind::Subscript) && node.name == temporary.name);
        });
      }
      if (!uses) continue;
      for (const std::string& iname : inames) {
        if (instruction.within_inames.count(iname) == 0) {
          throw Error("temporary '" + temporary.name + "' is privatized along '" + iname + "' (tagged " +
                      to_string(result.tag_of(iname)) + "), but instruction '" + instruction.id +
                      "' uses it outside that iname, where its copies are ambiguous");
        }
      }
      for (ExprPtr& assignee : instruction.assignees) assignee = privatized_access(assignee, temporary.name, leading);
      if (instruction.expression) instruction.expression = privatized_access(instruction.expression, temporary.name, leading);
    }
    extents.insert(extents.end(), temporary.shape.begin(), temporary.shape.end());
    temporary.shape = extents;
  }
  return result;
}

}  // namespace loom
