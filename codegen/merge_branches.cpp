#include "codegen/merge_branches.hpp"

#include <functional>
#include <set>

namespace loom::codegen {

namespace {

bool same(const cast::Expr& a, const cast::Expr& b) {
  if (a.kind != b.kind || a.dtype != b.dtype || a.int_value != b.int_value || a.float_value != b.float_value ||
      a.name != b.name || a.op != b.op || a.vector_width != b.vector_width || a.args.size() != b.args.size())
    return false;
  for (std::size_t i = 0; i < a.args.size(); ++i) {
    if ((a.args[i] == nullptr) != (b.args[i] == nullptr)) return false;
    if (a.args[i] && !same(*a.args[i], *b.args[i])) return false;
  }
  return true;
}

void flatten(const cast::StmtPtr& statement, std::vector<cast::StmtPtr>& out) {
  if (statement->kind == cast::StmtKind::Block && !statement->scoped) {
    for (const cast::StmtPtr& inner : statement->body) flatten(inner, out);
    return;
  }
  out.push_back(statement);
}

bool is_plain_if(const cast::Stmt& statement) {
  return statement.kind == cast::StmtKind::If && statement.body.size() >= 1 &&
         (statement.body.size() == 1 || statement.body[1] == nullptr);
}

std::set<std::string> variables_of(const cast::Expr& expr) {
  std::set<std::string> names;
  std::function<void(const cast::Expr&)> visit = [&](const cast::Expr& node) {
    if (node.kind == cast::ExprKind::Var) names.insert(node.name);
    for (const cast::ExprPtr& arg : node.args)
      if (arg) visit(*arg);
  };
  visit(expr);
  return names;
}

// Whether `statement` assigns a scalar named in `names` (anywhere inside it).
bool assigns_any(const cast::Stmt& statement, const std::set<std::string>& names) {
  if (statement.kind == cast::StmtKind::Assign && statement.target &&
      statement.target->kind == cast::ExprKind::Var && names.count(statement.target->name) != 0)
    return true;
  if (statement.kind == cast::StmtKind::Declare && names.count(statement.name) != 0) return true;
  for (const cast::StmtPtr& inner : statement.body)
    if (inner && assigns_any(*inner, names)) return true;
  return false;
}

// +1: `if (condition)`, -1: `if (!condition)`, 0: neither.
int polarity(const cast::Stmt& statement, const cast::Expr& condition) {
  if (!is_plain_if(statement)) return 0;
  if (same(*statement.condition, condition)) return 1;
  const cast::Expr& guard = *statement.condition;
  if (guard.kind == cast::ExprKind::Unary && guard.op == "!" && same(*guard.args[0], condition)) return -1;
  return 0;
}

}  // namespace

cast::StmtPtr merge_branches(const cast::StmtPtr& block) {
  if (block == nullptr || block->kind != cast::StmtKind::Block || block->scoped) return block;
  std::vector<cast::StmtPtr> statements;
  flatten(block, statements);
  std::vector<cast::StmtPtr> result;
  bool merged = false;
  for (std::size_t start = 0; start < statements.size();) {
    const cast::Stmt& first = *statements[start];
    if (!is_plain_if(first)) {
      result.push_back(statements[start++]);
      continue;
    }
    // The run's condition: the first guard without its negation.
    const cast::Expr& guard = *first.condition;
    cast::ExprPtr condition =
        guard.kind == cast::ExprKind::Unary && guard.op == "!" ? guard.args[0] : first.condition;
    std::set<std::string> names = variables_of(*condition);
    std::vector<cast::StmtPtr> then_side, else_side;
    std::size_t end = start;
    for (; end < statements.size(); ++end) {
      int side = polarity(*statements[end], *condition);
      if (side == 0 || assigns_any(*statements[end], names)) break;
      (side > 0 ? then_side : else_side).push_back(statements[end]->body[0]);
    }
    if (end - start < 2) {
      result.push_back(statements[start++]);
      continue;
    }
    merged = true;
    if (then_side.empty()) {  // all negated: `if (!c) {...}`
      result.push_back(cast::if_then(statements[start]->condition, cast::block(else_side)));
    } else {
      result.push_back(cast::if_then(condition, cast::block(then_side),
                                     else_side.empty() ? nullptr : cast::block(else_side)));
    }
    start = end;
  }
  return merged ? cast::block(result) : block;
}

}  // namespace loom::codegen
