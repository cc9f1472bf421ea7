// Loop bounds held in privatized temporaries (see the header).
#include "codegen/privatized_bounds.hpp"

#include <algorithm>

#include "ir/instruction_names.hpp"
#include "loom/error.hpp"

namespace loom::codegen {

namespace {

bool bounds_a_loop(const LoopKernel& kernel, const std::string& name) {
  return std::any_of(kernel.domains.begin(), kernel.domains.end(), [&](const Domain& domain) {
    return std::find(domain.parameters.begin(), domain.parameters.end(), name) != domain.parameters.end();
  });
}

cast::ExprPtr replaced(const cast::ExprPtr& expr, const std::map<std::string, cast::ExprPtr>& values) {
  if (!expr) return expr;
  if (expr->kind == cast::ExprKind::Var) {
    auto found = values.find(expr->name);
    return found == values.end() ? expr : found->second;
  }
  if (expr->args.empty()) return expr;
  auto copy = std::make_shared<cast::Expr>(*expr);
  for (cast::ExprPtr& arg : copy->args) arg = replaced(arg, values);
  return copy;
}

}  // namespace

std::map<std::string, ExprPtr> privatized_bounds(const LoopKernel& kernel) {
  std::map<std::string, ExprPtr> elements;
  for (const Temporary& temporary : kernel.temporaries) {
    if (temporary.shape.empty() || !bounds_a_loop(kernel, temporary.name)) continue;
    for (const Instruction& instruction : kernel.instructions) {
      for (const ExprPtr& assignee : instruction.assignees) {
        if (assignee->name != temporary.name) continue;
        auto [known, inserted] = elements.emplace(temporary.name, assignee);
        if (!inserted && to_string(known->second) != to_string(assignee)) {
          throw Error("temporary '" + temporary.name + "' bounds a loop, but its writers write different elements (" +
                      to_string(known->second) + ", " + to_string(assignee) +
                      "): which one bounds the loop is ambiguous; give the bound its own scalar temporary");
        }
      }
    }
  }
  return elements;
}

cast::StmtPtr replace_variables(const cast::StmtPtr& statement, const std::map<std::string, cast::ExprPtr>& values) {
  if (!statement || values.empty()) return statement;
  auto copy = std::make_shared<cast::Stmt>(*statement);
  for (cast::StmtPtr& child : copy->body) child = replace_variables(child, values);
  copy->init = replaced(copy->init, values);
  copy->condition = replaced(copy->condition, values);
  copy->target = replaced(copy->target, values);
  copy->value = replaced(copy->value, values);
  return copy;
}

}  // namespace loom::codegen
