#include "codegen/redeclarations.hpp"

#include <set>
#include <string>
#include <vector>

namespace loom::codegen {

namespace {

cast::StmtPtr scope_of(const cast::StmtPtr& statement);

// The statements of one scope as printed: unscoped blocks spliced in.
void splice(const cast::StmtPtr& statement, std::vector<cast::StmtPtr>& out) {
  if (statement == nullptr) return;
  if (statement->kind == cast::StmtKind::Block && !statement->scoped) {
    for (const cast::StmtPtr& inner : statement->body) splice(inner, out);
    return;
  }
  out.push_back(statement);
}

// Whether the spliced list declares some name twice.
bool repeats_a_name(const std::vector<cast::StmtPtr>& statements) {
  std::set<std::string> declared;
  for (const cast::StmtPtr& statement : statements)
    if (statement->kind == cast::StmtKind::Declare && !declared.insert(statement->name).second) return true;
  return false;
}

// `statement` with the scopes below it fixed (the same pointer where nothing changed).
cast::StmtPtr fixed(const cast::StmtPtr& statement) {
  if (statement == nullptr) return statement;
  bool same_scope = statement->kind == cast::StmtKind::Block;
  if (same_scope && statement->scoped) return scope_of(statement);
  bool changed = false;
  std::vector<cast::StmtPtr> body = statement->body;
  for (cast::StmtPtr& inner : body) {
    // An unscoped block's statements are in its scope; the body of a for or an if branch is a
    // scope of its own.
    cast::StmtPtr now = same_scope ? fixed(inner) : scope_of(inner);
    changed = changed || now != inner;
    inner = now;
  }
  if (!changed) return statement;
  auto copy = std::make_shared<cast::Stmt>(*statement);
  copy->body = std::move(body);
  return copy;
}

// The statements of a scope from `start` on, the tail after a repeated declaration in braces.
std::vector<cast::StmtPtr> apart(const std::vector<cast::StmtPtr>& statements, std::size_t start) {
  std::set<std::string> declared;
  std::vector<cast::StmtPtr> out;
  for (std::size_t i = start; i < statements.size(); ++i) {
    const cast::StmtPtr& statement = statements[i];
    if (statement->kind == cast::StmtKind::Declare && declared.count(statement->name) != 0) {
      out.push_back(cast::scoped_block(apart(statements, i)));
      return out;
    }
    if (statement->kind == cast::StmtKind::Declare) declared.insert(statement->name);
    out.push_back(fixed(statement));
  }
  return out;
}

// A scope's statement (a for or if body, a scoped block), fixed.
cast::StmtPtr scope_of(const cast::StmtPtr& statement) {
  if (statement == nullptr) return statement;
  bool braces = statement->kind == cast::StmtKind::Block && statement->scoped;
  std::vector<cast::StmtPtr> statements;
  if (braces) {
    for (const cast::StmtPtr& inner : statement->body) splice(inner, statements);
  } else {
    splice(statement, statements);
  }
  if (!repeats_a_name(statements)) {
    if (!braces) return fixed(statement);
    auto copy = std::make_shared<cast::Stmt>(*statement);
    copy->scoped = false;  // its statements are in this scope: fixed() as an unscoped block
    cast::StmtPtr inside = fixed(copy);
    if (inside == copy) return statement;
    return cast::scoped_block(inside->body);
  }
  cast::StmtPtr spliced = cast::block(apart(statements, 0));
  return braces ? cast::scoped_block({spliced}) : spliced;
}

}  // namespace

cast::StmtPtr keep_redeclarations_apart(const cast::StmtPtr& body) { return scope_of(body); }

}  // namespace loom::codegen
