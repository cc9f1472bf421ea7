#include "codegen/barrier_after_loops.hpp"

#include <memory>
#include <vector>

namespace loom::codegen {

namespace {

// The last code `statement` runs is a loop that holds a barrier: the loop itself, or an unscoped
// block or a branch of an if ending in one (a scoped block too: its braces do not change the order).
bool ends_with_barrier_loop(const cast::StmtPtr& statement) {
  if (!statement) return false;
  switch (statement->kind) {
    case cast::StmtKind::For: return cast::holds_barrier(statement);
    case cast::StmtKind::Block: return !statement->body.empty() && ends_with_barrier_loop(statement->body.back());
    case cast::StmtKind::If:
      for (const cast::StmtPtr& branch : statement->body)
        if (ends_with_barrier_loop(branch)) return true;
      return false;
    default: return false;
  }
}

// The first statement `statement` runs, looking into unscoped and scoped blocks.
const cast::Stmt* first_statement(const cast::StmtPtr& statement) {
  if (!statement) return nullptr;
  if (statement->kind != cast::StmtKind::Block) return statement.get();
  return statement->body.empty() ? nullptr : first_statement(statement->body.front());
}

bool has_remainder(const cast::ExprPtr& expr) {
  if (!expr) return false;
  if (expr->kind == cast::ExprKind::Binary && expr->op == "%") return true;
  if (expr->kind == cast::ExprKind::Call && expr->name.rfind("loom_mod", 0) == 0) return true;
  for (const cast::ExprPtr& arg : expr->args)
    if (has_remainder(arg)) return true;
  return false;
}

// The two shapes measured to go wrong on PoCL 3.1 right after a loop with barriers (see the
// header): another loop with barriers, or an `if` whose condition takes a remainder.
bool pocl_needs_a_barrier_before(const cast::StmtPtr& statement) {
  const cast::Stmt* first = first_statement(statement);
  if (!first) return false;
  if (first->kind == cast::StmtKind::For) {
    for (const cast::StmtPtr& inner : first->body)
      if (cast::holds_barrier(inner)) return true;
    return false;
  }
  return first->kind == cast::StmtKind::If && has_remainder(first->condition);
}

cast::StmtPtr with_barriers_after_loops(const cast::StmtPtr& statement) {
  if (!cast::holds_barrier(statement)) return statement;
  bool changed = false;
  std::vector<cast::StmtPtr> body;
  body.reserve(statement->body.size());
  for (const cast::StmtPtr& inner : statement->body) {
    cast::StmtPtr rebuilt = with_barriers_after_loops(inner);
    changed = changed || rebuilt != inner;
    // Only a block's statements run one after another; an if's branches are alternatives.
    if (statement->kind == cast::StmtKind::Block && !body.empty() && ends_with_barrier_loop(body.back()) &&
        pocl_needs_a_barrier_before(rebuilt)) {
      body.push_back(cast::local_barrier());
      changed = true;
    }
    body.push_back(rebuilt);
  }
  if (!changed) return statement;
  auto copy = std::make_shared<cast::Stmt>(*statement);
  copy->body = std::move(body);
  return copy;
}

}  // namespace

cast::StmtPtr barrier_after_loops_with_barriers(const cast::StmtPtr& statement) {
  return with_barriers_after_loops(statement);
}

}  // namespace loom::codegen
