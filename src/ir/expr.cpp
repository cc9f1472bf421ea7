// Expression trees: factories, operator tables, structural comparison and rewriting.
// Printing lives in expr_printer.cpp.
#include "loom/expr.hpp"

#include <bit>
#include <cmath>
#include <string_view>

#include "loom/error.hpp"

namespace loom {

// ---- Operators -----------------------------------------------------------------------------

std::string_view binary_op_spelling(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add:
      return "+";
    case BinaryOp::Subtract:
      return "-";
    case BinaryOp::Multiply:
      return "*";
    case BinaryOp::Divide:
      return "/";
    case BinaryOp::FloorDivide:
      return "//";
    case BinaryOp::Modulo:
      return "%";
    case BinaryOp::Power:
      return "**";
    case BinaryOp::Less:
      return "<";
    case BinaryOp::LessEqual:
      return "<=";
    case BinaryOp::Greater:
      return ">";
    case BinaryOp::GreaterEqual:
      return ">=";
    case BinaryOp::Equal:
      return "==";
    case BinaryOp::NotEqual:
      return "!=";
    case BinaryOp::LogicalAnd:
      return "and";
    case BinaryOp::LogicalOr:
      return "or";
    case BinaryOp::BitwiseAnd:
      return "&";
    case BinaryOp::BitwiseOr:
      return "|";
    case BinaryOp::BitwiseXor:
      return "^";
    case BinaryOp::LeftShift:
      return "<<";
    case BinaryOp::RightShift:
      return ">>";
  }
  return "?";
}

bool is_comparison(BinaryOp op) {
  return op == BinaryOp::Less || op == BinaryOp::LessEqual || op == BinaryOp::Greater ||
         op == BinaryOp::GreaterEqual || op == BinaryOp::Equal || op == BinaryOp::NotEqual;
}

bool is_logical(BinaryOp op) { return op == BinaryOp::LogicalAnd || op == BinaryOp::LogicalOr; }

bool is_bitwise(BinaryOp op) {
  return op == BinaryOp::BitwiseAnd || op == BinaryOp::BitwiseOr || op == BinaryOp::BitwiseXor ||
         op == BinaryOp::LeftShift || op == BinaryOp::RightShift;
}

// ---- Factories -----------------------------------------------------------------------------

namespace {
std::shared_ptr<Expr> make_node(ExprKind kind) {
  auto node = std::make_shared<Expr>();
  node->kind = kind;
  return node;
}
}  // namespace

ExprPtr int_literal(int64_t value) {
  auto node = make_node(ExprKind::IntLiteral);
  node->int_value = value;
  return node;
}

ExprPtr float_literal(double value, std::optional<DType> dtype) {
  auto node = make_node(ExprKind::FloatLiteral);
  node->float_value = value;
  node->literal_dtype = dtype;
  return node;
}

ExprPtr variable(std::string name) {
  auto node = make_node(ExprKind::Variable);
  node->name = std::move(name);
  return node;
}

ExprPtr subscript(std::string array, std::vector<ExprPtr> indices) {
  auto node = make_node(ExprKind::Subscript);
  node->name = std::move(array);
  node->operands = std::move(indices);
  return node;
}

ExprPtr call(std::string function, std::vector<ExprPtr> arguments) {
  auto node = make_node(ExprKind::Call);
  node->name = std::move(function);
  node->operands = std::move(arguments);
  return node;
}

ExprPtr unary(UnaryOp op, ExprPtr operand) {
  auto node = make_node(ExprKind::Unary);
  node->unary_op = op;
  node->operands = {std::move(operand)};
  return node;
}

ExprPtr binary(BinaryOp op, ExprPtr lhs, ExprPtr rhs) {
  auto node = make_node(ExprKind::Binary);
  node->binary_op = op;
  node->operands = {std::move(lhs), std::move(rhs)};
  return node;
}

ExprPtr if_then_else(ExprPtr condition, ExprPtr then_value, ExprPtr else_value) {
  auto node = make_node(ExprKind::IfThenElse);
  node->operands = {std::move(condition), std::move(then_value), std::move(else_value)};
  return node;
}

ExprPtr reduction(std::string operation, std::vector<std::string> inames,
                  std::vector<ExprPtr> operands) {
  auto node = make_node(ExprKind::Reduction);
  node->name = std::move(operation);
  node->reduction_inames = std::move(inames);
  node->operands = std::move(operands);
  return node;
}

// ---- Structural comparison -----------------------------------------------------------------

namespace {
// Bitwise, so that 0.0 and -0.0 differ (they print differently); NaNs compare by sign only.
bool same_float(double a, double b) {
  if (std::isnan(a) && std::isnan(b)) return std::signbit(a) == std::signbit(b);
  return std::bit_cast<uint64_t>(a) == std::bit_cast<uint64_t>(b);
}

bool same_node(const Expr& a, const Expr& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case ExprKind::IntLiteral:
      return a.int_value == b.int_value;
    case ExprKind::FloatLiteral:
      return same_float(a.float_value, b.float_value) && a.literal_dtype == b.literal_dtype;
    case ExprKind::Variable:
    case ExprKind::Subscript:
    case ExprKind::Call:
      return a.name == b.name;
    case ExprKind::Unary:
      return a.unary_op == b.unary_op;
    case ExprKind::Binary:
      return a.binary_op == b.binary_op;
    case ExprKind::IfThenElse:
      return true;
    case ExprKind::Reduction:
      return a.name == b.name && a.reduction_inames == b.reduction_inames;
  }
  return false;
}
}  // namespace

bool structurally_equal(const Expr& a, const Expr& b) {
  if (&a == &b) return true;
  if (!same_node(a, b) || a.operands.size() != b.operands.size()) return false;
  for (std::size_t i = 0; i < a.operands.size(); ++i) {
    if (!structurally_equal(*a.operands[i], *b.operands[i])) return false;
  }
  return true;
}

// ---- Rewriting -----------------------------------------------------------------------------

ExprPtr map_expr(const ExprPtr& expr, const std::function<ExprPtr(const ExprPtr&)>& rewrite) {
  LOOM_ASSERT(expr != nullptr, "map_expr on a null expression");
  std::vector<ExprPtr> operands;
  operands.reserve(expr->operands.size());
  bool changed = false;
  for (const ExprPtr& operand : expr->operands) {
    operands.push_back(map_expr(operand, rewrite));
    changed = changed || operands.back() != operand;
  }
  if (!changed) return rewrite(expr);
  auto copy = std::make_shared<Expr>(*expr);
  copy->operands = std::move(operands);
  return rewrite(copy);
}

void visit_expr(const Expr& expr, const std::function<void(const Expr&)>& visitor) {
  visitor(expr);
  for (const ExprPtr& operand : expr.operands) visit_expr(*operand, visitor);
}

// As loopy's SubstitutionMapper: reduction inames are names, not binders, so a variable inside a
// reduction over it is replaced too, and reduction_inames lists are left alone (a transform that
// renames a reduction iname rewrites those lists itself). `replacement` returns null to keep.
ExprPtr substitute(const ExprPtr& expr,
                   const std::function<ExprPtr(const std::string& variable_name)>& replacement) {
  return map_expr(expr, [&](const ExprPtr& node) -> ExprPtr {
    if (node->kind != ExprKind::Variable) return node;
    ExprPtr replaced = replacement(node->name);
    return replaced ? replaced : node;
  });
}

}  // namespace loom
