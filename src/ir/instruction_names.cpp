#include "ir/instruction_names.hpp"

#include <algorithm>

namespace loom {

bool writes_name(const Instruction& instruction, const std::string& name) {
  return std::any_of(instruction.assignees.begin(), instruction.assignees.end(),
                     [&](const ExprPtr& assignee) { return assignee->name == name; });
}

bool mentions_name(const Instruction& instruction, const std::string& name) {
  bool found = false;
  auto look = [&](const ExprPtr& expr) {
    if (expr) visit_expr(*expr, [&](const Expr& node) { found = found || node.name == name; });
  };
  look(instruction.expression);
  for (const ExprPtr& assignee : instruction.assignees) look(assignee);
  for (const ExprPtr& predicate : instruction.predicates) look(predicate);
  return found;
}

std::set<std::string> variables_read(const Instruction& instruction) {
  std::set<std::string> names;
  auto collect = [&](const Expr& e) {
    if (e.kind == ExprKind::Variable || e.kind == ExprKind::Subscript) names.insert(e.name);
  };
  if (instruction.expression) visit_expr(*instruction.expression, collect);
  for (const ExprPtr& predicate : instruction.predicates) visit_expr(*predicate, collect);
  for (const ExprPtr& assignee : instruction.assignees) {
    for (const ExprPtr& index : assignee->operands) visit_expr(*index, collect);
  }
  return names;
}

std::set<std::string> reduction_inames_of(const Instruction& instruction) {
  std::set<std::string> inames;
  if (!instruction.expression) return inames;
  visit_expr(*instruction.expression, [&](const Expr& e) {
    if (e.kind == ExprKind::Reduction) inames.insert(e.reduction_inames.begin(), e.reduction_inames.end());
  });
  return inames;
}

}  // namespace loom
