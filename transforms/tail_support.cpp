#include "transforms/tail_support.hpp"

#include <cmath>

#include "lang/instruction_parser.hpp"
#include "loom/error.hpp"

namespace loom {

ExprPtr padding_marker(ExprPtr condition, ExprPtr fill) {
  return call(kPaddingMarker, {std::move(condition), std::move(fill)});
}

bool is_padding_marker(const Expr& predicate) {
  return predicate.kind == ExprKind::Call && predicate.name == kPaddingMarker && predicate.operands.size() == 2;
}

ExprPtr recomputed_marker(ExprPtr condition) { return call(kRecomputedMarker, {std::move(condition)}); }

bool is_recomputed_marker(const Expr& predicate) {
  return predicate.kind == ExprKind::Call && predicate.name == kRecomputedMarker && predicate.operands.size() == 1;
}

namespace {

std::optional<double> literal_value(const Expr& expr) {
  if (expr.kind == ExprKind::IntLiteral) return static_cast<double>(expr.int_value);
  if (expr.kind == ExprKind::FloatLiteral) return expr.float_value;
  if (expr.kind == ExprKind::Unary && expr.unary_op == UnaryOp::Negate) {
    if (std::optional<double> inner = literal_value(*expr.operands[0])) return -*inner;
  }
  return std::nullopt;
}

}  // namespace

std::optional<ExprPtr> parse_fill(const std::string& text, const std::string& call_text) {
  if (text == "neutral") return std::nullopt;
  if (text == "inf" || text == "+inf") return float_literal(INFINITY);
  if (text == "-inf") return float_literal(-INFINITY);
  ExprPtr parsed;
  try {
    parsed = lang::parse_expression(text);
  } catch (const Error&) {
    parsed = nullptr;
  }
  std::optional<double> value = parsed ? literal_value(*parsed) : std::nullopt;
  if (!value) {
    throw Error(call_text + ": fill must be a number, \"inf\", \"-inf\" or \"neutral\", got '" + text + "'");
  }
  if (parsed->kind == ExprKind::IntLiteral) return parsed;
  if (std::floor(*value) == *value && parsed->kind == ExprKind::Unary &&
      parsed->operands[0]->kind == ExprKind::IntLiteral)
    return int_literal(static_cast<int64_t>(*value));
  return float_literal(*value);
}

bool same_fill(const ExprPtr& a, const ExprPtr& b) {
  if (!a || !b) return a == b;
  std::optional<double> x = literal_value(*a), y = literal_value(*b);
  return x && y && *x == *y;
}

ExprPtr padding_fill_of(const Instruction& instruction) {
  for (const ExprPtr& predicate : instruction.predicates)
    if (is_padding_marker(*predicate)) return predicate->operands[1];
  return nullptr;
}

}  // namespace loom
