#include "codegen/hoist_barriers.hpp"

#include <set>
#include <string>
#include <vector>

namespace loom::codegen {

namespace {

// Scalars and arrays an expression reads.
void names_read(const cast::ExprPtr& expr, std::set<std::string>& names) {
  if (!expr) return;
  if (expr->kind == cast::ExprKind::Var || expr->kind == cast::ExprKind::Load)
    names.insert(expr->name);
  for (const cast::ExprPtr& arg : expr->args) names_read(arg, names);
}

// Scalars and arrays a statement assigns, declares or iterates over, anywhere inside it.
void names_written(const cast::StmtPtr& statement, std::set<std::string>& names) {
  if (!statement) return;
  if (statement->kind == cast::StmtKind::Assign && statement->target)
    names.insert(statement->target->name);
  if (statement->kind == cast::StmtKind::Declare || statement->kind == cast::StmtKind::For)
    names.insert(statement->name);
  for (const cast::StmtPtr& inner : statement->body) names_written(inner, names);
}

// The statements of a branch in order, its blocks opened (a branch's own block and the unscoped
// blocks in it share the if's scope; a scoped block inside keeps its braces).
void top_level(const cast::StmtPtr& statement, bool open_scoped, std::vector<cast::StmtPtr>& out) {
  if (statement->kind == cast::StmtKind::Block && (open_scoped || !statement->scoped)) {
    for (const cast::StmtPtr& inner : statement->body) top_level(inner, false, out);
    return;
  }
  out.push_back(statement);
}

// The pieces of `if (c) then else` between the then-branch's top-level barriers, or nothing when
// the rewrite would not keep the meaning (see the header).
cast::StmtPtr split_at_barriers(const cast::Stmt& branch) {
  std::vector<cast::StmtPtr> statements;
  top_level(branch.body[0], true, statements);
  bool has_top_barrier = false;
  for (const cast::StmtPtr& statement : statements) {
    if (statement->kind == cast::StmtKind::Declare) return nullptr;
    has_top_barrier = has_top_barrier || statement->kind == cast::StmtKind::Barrier;
  }
  cast::StmtPtr else_branch = branch.body.size() > 1 ? branch.body[1] : nullptr;
  if (!has_top_barrier || cast::holds_barrier(else_branch)) return nullptr;
  std::set<std::string> read, written;
  names_read(branch.condition, read);
  for (const cast::StmtPtr& inner : branch.body) names_written(inner, written);
  for (const std::string& name : read)
    if (written.count(name) != 0) return nullptr;

  std::vector<cast::StmtPtr> pieces, piece;
  auto close_piece = [&] {
    if (piece.empty()) return;
    pieces.push_back(cast::if_then(branch.condition, cast::block(piece), else_branch));
    else_branch = nullptr;
    piece.clear();
  };
  for (const cast::StmtPtr& statement : statements) {
    if (statement->kind != cast::StmtKind::Barrier) {
      piece.push_back(statement);
      continue;
    }
    close_piece();
    pieces.push_back(statement);
  }
  close_piece();
  if (else_branch) {  // the then-branch held only barriers
    pieces.insert(pieces.begin(),
                  cast::if_then(cast::unary("!", branch.condition, DType::Bool), else_branch));
  }
  return cast::block(pieces);
}

cast::StmtPtr hoist(const cast::StmtPtr& statement) {
  if (!statement || !cast::holds_barrier(statement)) return statement;
  bool changed = false;
  std::vector<cast::StmtPtr> body;
  body.reserve(statement->body.size());
  for (const cast::StmtPtr& inner : statement->body) {
    body.push_back(hoist(inner));
    changed = changed || body.back() != inner;
  }
  cast::StmtPtr rebuilt = statement;
  if (changed) {
    auto copy = std::make_shared<cast::Stmt>(*statement);
    copy->body = std::move(body);
    rebuilt = copy;
  }
  if (rebuilt->kind != cast::StmtKind::If) return rebuilt;
  cast::StmtPtr pieces = split_at_barriers(*rebuilt);
  return pieces ? pieces : rebuilt;
}

}  // namespace

cast::StmtPtr hoist_barriers_out_of_uniform_ifs(const cast::StmtPtr& statement) {
  return hoist(statement);
}

}  // namespace loom::codegen
