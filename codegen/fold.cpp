#include "codegen/fold.hpp"

#include <initializer_list>
#include <optional>
#include <string_view>

namespace loom::codegen {

namespace {

std::optional<int64_t> constant(const cast::ExprPtr& e) {
  if (e->kind == cast::ExprKind::IntConst) return e->int_value;
  return std::nullopt;
}

cast::ExprPtr boolean(bool value) { return cast::int_const(value ? 1 : 0, DType::Bool); }

int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

// Whether `e` is a two-argument call of an integer helper `<base>_int...` (without building the
// prefix: folding asks this of every comparison in every unrolled copy).
bool is_helper(const cast::ExprPtr& e, std::string_view base) {
  if (e->kind != cast::ExprKind::Call || e->args.size() != 2) return false;
  std::string_view name = e->name;
  return name.size() >= base.size() + 4 && name.substr(0, base.size()) == base && name.substr(base.size(), 4) == "_int";
}

std::optional<int64_t> fold_arithmetic(const std::string& op, int64_t a, int64_t b) {
  if (op == "+") return a + b;
  if (op == "-") return a - b;
  if (op == "*") return a * b;
  if (op == "/" && b != 0) return a / b;
  if (op == "%" && b != 0) return a % b;
  if (op == "^") return a ^ b;
  if (op == "<") return a < b;
  if (op == "<=") return a <= b;
  if (op == ">") return a > b;
  if (op == ">=") return a >= b;
  if (op == "==") return a == b;
  if (op == "!=") return a != b;
  if (op == "&&") return a && b;
  if (op == "||") return a || b;
  return std::nullopt;
}

// Whether folding left every operand of `original` as it was: then `original` is the folded node.
// Every cast::Expr is made by cast.hpp's constructors (or copied from one), which set only the
// fields of its kind, so rebuilding it with the same operands made an equal node; an unrolled
// copy's expressions were folded when the copy was made, and the copies of enclosing unrolled
// loops and boxes fold them again at every level (the tuned SGEMM's register tile: four).
// (Operands by pointer, not a vector: the check runs for every node of every fold.)
bool unchanged(const cast::ExprPtr& original, std::initializer_list<const cast::ExprPtr*> operands) {
  if (original->args.size() != operands.size()) return false;
  std::size_t i = 0;
  for (const cast::ExprPtr* operand : operands) {
    if (original->args[i++] != *operand) return false;
  }
  return true;
}

bool unchanged(const cast::ExprPtr& original, const std::vector<cast::ExprPtr>& operands) {
  if (original->args.size() != operands.size()) return false;
  for (std::size_t i = 0; i < operands.size(); ++i) {
    if (original->args[i] != operands[i]) return false;
  }
  return true;
}

// c <= min(a, b)  ⇔  c <= a && c <= b  (and the mirrored forms), so each part folds on its own.
std::optional<cast::ExprPtr> split_min_max_comparison(const cast::Expr& e) {
  const cast::ExprPtr& lhs = e.args[0];
  const cast::ExprPtr& rhs = e.args[1];
  auto both = [&](const cast::ExprPtr& x, const cast::ExprPtr& y, bool rhs_side, const char* joiner) {
    cast::ExprPtr first = rhs_side ? cast::binary(e.op, lhs, x, DType::Bool) : cast::binary(e.op, x, rhs, DType::Bool);
    cast::ExprPtr second = rhs_side ? cast::binary(e.op, lhs, y, DType::Bool) : cast::binary(e.op, y, rhs, DType::Bool);
    return fold(cast::binary(joiner, first, second, DType::Bool));
  };
  bool less = e.op == "<" || e.op == "<=";
  bool greater = e.op == ">" || e.op == ">=";
  if ((less && is_helper(rhs, "loom_min")) || (greater && is_helper(rhs, "loom_max"))) {
    return both(rhs->args[0], rhs->args[1], true, "&&");
  }
  if ((less && is_helper(lhs, "loom_max")) || (greater && is_helper(lhs, "loom_min"))) {
    return both(lhs->args[0], lhs->args[1], false, "&&");
  }
  return std::nullopt;
}

cast::ExprPtr fold_binary(const cast::ExprPtr& original, cast::ExprPtr lhs, cast::ExprPtr rhs) {
  const std::string& op = original->op;
  auto a = constant(lhs), b = constant(rhs);
  if (a && b) {
    if (auto value = fold_arithmetic(op, *a, *b)) return cast::int_const(*value, original->dtype);
  }
  if (op == "&&") {
    if (is_false(lhs) || is_false(rhs)) return boolean(false);
    if (is_true(lhs)) return rhs;
    if (is_true(rhs)) return lhs;
  }
  if (op == "||") {
    if (is_true(lhs) || is_true(rhs)) return boolean(true);
    if (is_false(lhs)) return rhs;
    if (is_false(rhs)) return lhs;
  }
  if (op == "+" && a && *a == 0) return rhs;
  if ((op == "+" || op == "-") && b && *b == 0) return lhs;
  if (op == "*" && ((a && *a == 1))) return rhs;
  if (op == "*" && ((b && *b == 1))) return lhs;
  if (op == "*" && ((a && *a == 0) || (b && *b == 0))) return cast::int_const(0, original->dtype);
  cast::ExprPtr rebuilt = unchanged(original, {&lhs, &rhs}) ? original : cast::binary(op, lhs, rhs, original->dtype);
  if (auto split = split_min_max_comparison(*rebuilt)) return *split;
  return rebuilt;
}

cast::ExprPtr fold_call(const cast::ExprPtr& original, std::vector<cast::ExprPtr> args) {
  if (args.size() == 2) {
    auto a = constant(args[0]), b = constant(args[1]);
    if (a && b) {
      if (is_helper(original, "loom_min")) return cast::int_const(std::min(*a, *b), original->dtype);
      if (is_helper(original, "loom_max")) return cast::int_const(std::max(*a, *b), original->dtype);
      if (is_helper(original, "loom_floor_div") && *b != 0) return cast::int_const(floor_div(*a, *b), original->dtype);
    }
  }
  if (unchanged(original, args)) return original;
  return cast::call(original->name, std::move(args), original->dtype);
}

}  // namespace

bool is_true(const cast::ExprPtr& expr) { return expr->kind == cast::ExprKind::IntConst && expr->int_value != 0; }
bool is_false(const cast::ExprPtr& expr) { return expr->kind == cast::ExprKind::IntConst && expr->int_value == 0; }

cast::ExprPtr fold(const cast::ExprPtr& expr) {
  switch (expr->kind) {
    case cast::ExprKind::Binary: return fold_binary(expr, fold(expr->args[0]), fold(expr->args[1]));
    case cast::ExprKind::Unary: {
      cast::ExprPtr operand = fold(expr->args[0]);
      // '~' is left alone: its value depends on the operand's width and signedness.
      if (auto value = constant(operand); value && (expr->op == "-" || expr->op == "!")) {
        return cast::int_const(expr->op == "-" ? -*value : !*value, expr->dtype);
      }
      if (unchanged(expr, {&operand})) return expr;
      return cast::unary(expr->op, operand, expr->dtype);
    }
    case cast::ExprKind::Call: {
      std::vector<cast::ExprPtr> args;
      for (const cast::ExprPtr& arg : expr->args) args.push_back(fold(arg));
      return fold_call(expr, std::move(args));
    }
    case cast::ExprKind::Ternary: {
      cast::ExprPtr condition = fold(expr->args[0]);
      if (is_true(condition)) return fold(expr->args[1]);
      if (is_false(condition)) return fold(expr->args[2]);
      cast::ExprPtr then_value = fold(expr->args[1]), else_value = fold(expr->args[2]);
      if (unchanged(expr, {&condition, &then_value, &else_value})) return expr;
      return cast::ternary(condition, then_value, else_value, expr->dtype);
    }
    case cast::ExprKind::Load: {
      cast::ExprPtr index = fold(expr->args[0]);
      if (unchanged(expr, {&index})) return expr;
      if (expr->vector_width > 0) return cast::vector_load(expr->name, index, expr->dtype, expr->vector_width);
      return cast::load(expr->name, index, expr->dtype);
    }
    case cast::ExprKind::Cast: {
      cast::ExprPtr operand = fold(expr->args[0]);
      if (unchanged(expr, {&operand})) return expr;
      return cast::cast_to(expr->dtype, operand);
    }
    default: return expr;
  }
}

cast::ExprPtr substitute_vars(const cast::ExprPtr& expr, const std::string& name, const cast::ExprPtr& value) {
  if (expr->kind == cast::ExprKind::Var) return expr->name == name ? value : expr;
  if (expr->args.empty()) return expr;
  auto copy = std::make_shared<cast::Expr>(*expr);
  for (cast::ExprPtr& arg : copy->args) arg = substitute_vars(arg, name, value);
  return copy;
}

}  // namespace loom::codegen

namespace loom::codegen {

// A statement whose parts fold to themselves is returned as it is (issue 26: the copies of nested
// unrolled loops and boxes are folded again at every level, and rebuilding every Block, If and
// Assign each time was most of folding's allocations). Every Stmt is made by cast.hpp's
// constructors or copied from one, so the rebuilt node would equal the original.
cast::StmtPtr fold_statement(const cast::StmtPtr& stmt) {
  switch (stmt->kind) {
    case cast::StmtKind::Block: {
      std::vector<cast::StmtPtr> body;
      body.reserve(stmt->body.size());
      bool same = true;
      for (const cast::StmtPtr& child : stmt->body) {
        cast::StmtPtr folded = fold_statement(child);
        if (folded->kind == cast::StmtKind::Block && folded->body.empty()) {
          same = false;
          continue;
        }
        same = same && folded == child;
        body.push_back(std::move(folded));
      }
      if (same) return stmt;
      return stmt->scoped ? cast::scoped_block(std::move(body)) : cast::block(std::move(body));
    }
    case cast::StmtKind::If: {
      cast::ExprPtr condition = fold(stmt->condition);
      if (is_true(condition)) return fold_statement(stmt->body[0]);
      if (is_false(condition)) return stmt->body.size() > 1 ? fold_statement(stmt->body[1]) : cast::block({});
      cast::StmtPtr then_body = fold_statement(stmt->body[0]);
      cast::StmtPtr else_body = stmt->body.size() > 1 ? fold_statement(stmt->body[1]) : nullptr;
      if (condition == stmt->condition && then_body == stmt->body[0] &&
          (stmt->body.size() < 2 || else_body == stmt->body[1])) {
        return stmt;
      }
      return cast::if_then(std::move(condition), std::move(then_body), std::move(else_body));
    }
    case cast::StmtKind::For: {
      cast::ExprPtr init = fold(stmt->init);
      cast::ExprPtr condition = fold(stmt->condition);
      cast::StmtPtr body = fold_statement(stmt->body[0]);
      if (init == stmt->init && condition == stmt->condition && body == stmt->body[0]) return stmt;
      auto copy = std::make_shared<cast::Stmt>(*stmt);
      copy->init = std::move(init);
      copy->condition = std::move(condition);
      copy->body = {std::move(body)};
      return copy;
    }
    case cast::StmtKind::Assign: {
      cast::ExprPtr target = fold(stmt->target);
      cast::ExprPtr value = fold(stmt->value);
      if (target == stmt->target && value == stmt->value) return stmt;
      return cast::assign(std::move(target), std::move(value));
    }
    case cast::StmtKind::Declare: {
      if (!stmt->init) return stmt;
      cast::ExprPtr init = fold(stmt->init);
      if (init == stmt->init) return stmt;
      auto copy = std::make_shared<cast::Stmt>(*stmt);
      copy->init = std::move(init);
      return copy;
    }
    default: return stmt;
  }
}

}  // namespace loom::codegen
