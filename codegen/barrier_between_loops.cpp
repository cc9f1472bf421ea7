#include "codegen/barrier_between_loops.hpp"

#include <memory>
#include <vector>

namespace loom::codegen {

namespace {

bool holds_barrier(const cast::StmtPtr& statement) {
  if (!statement) return false;
  if (statement->kind == cast::StmtKind::Barrier) return true;
  for (const cast::StmtPtr& inner : statement->body)
    if (holds_barrier(inner)) return true;
  return false;
}

bool is_barrier_loop(const cast::StmtPtr& statement) {
  return statement && statement->kind == cast::StmtKind::For && holds_barrier(statement);
}

cast::StmtPtr local_barrier() {
  auto barrier = std::make_shared<cast::Stmt>();
  barrier->kind = cast::StmtKind::Barrier;
  return barrier;
}

cast::StmtPtr separate(const cast::StmtPtr& statement) {
  if (!holds_barrier(statement)) return statement;
  bool changed = false;
  std::vector<cast::StmtPtr> body;
  body.reserve(statement->body.size());
  for (const cast::StmtPtr& inner : statement->body) {
    cast::StmtPtr rebuilt = separate(inner);
    changed = changed || rebuilt != inner;
    // Only a block's statements run one after another; an if's branches are alternatives.
    if (statement->kind == cast::StmtKind::Block && !body.empty() && is_barrier_loop(body.back()) &&
        is_barrier_loop(rebuilt)) {
      body.push_back(local_barrier());
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

cast::StmtPtr separate_consecutive_barrier_loops(const cast::StmtPtr& statement) {
  return separate(statement);
}

}  // namespace loom::codegen
