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

}  // namespace loom
