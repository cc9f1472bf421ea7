// Expression trees of loom's kernel language (loopy's pymbolic subset).
//
// Expressions are immutable and shared: an ExprPtr may appear in many kernels of one lineage.
// Build them with the factory functions below; rewrite them with map_expr.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "loom/dtype.hpp"

namespace loom {

enum class ExprKind {
  IntLiteral,    // 3
  FloatLiteral,  // 2.5, 2.5f (explicit float32), 1e-3
  Variable,      // n, i, t
  Subscript,     // a[i, j + 1]      name = array, operands = indices
  Call,          // sqrt(x)          name = function, operands = arguments
  Unary,         // -x, not c, ~x
  Binary,        // x + y, x < y, c and d
  IfThenElse,    // if(c, a, b)      operands = {c, a, b}; evaluates only the chosen branch
  Reduction,     // sum(k, e)        name = operation, inames, operands = {e} (or several)
};

enum class UnaryOp {
  Negate,
  LogicalNot,
  BitwiseNot,  // '~': integers only (as C and Python)
};

enum class BinaryOp {
  Add,
  Subtract,
  Multiply,
  Divide,       // '/': true division for floats, C division for two integers (as loopy)
  FloorDivide,  // '//': Python floor division (also for negative values)
  Modulo,       // '%': Python modulo, result has the divisor's sign
  Power,        // '**'
  Less,
  LessEqual,
  Greater,
  GreaterEqual,
  Equal,
  NotEqual,
  LogicalAnd,
  LogicalOr,
  // Integers only. '>>' is arithmetic on signed types, logical on unsigned ones (as C, Python).
  BitwiseAnd,  // '&'
  BitwiseOr,   // '|'
  BitwiseXor,  // '^'
  LeftShift,   // '<<'
  RightShift,  // '>>'
};

std::string_view binary_op_spelling(BinaryOp op);  // "+", "//", "and", ...
bool is_comparison(BinaryOp op);
bool is_logical(BinaryOp op);
// & | ^ << >> (and, as a unary operator, ~): defined on integers only.
bool is_bitwise(BinaryOp op);

struct Expr;
using ExprPtr = std::shared_ptr<const Expr>;

struct Expr {
  ExprKind kind;
  int64_t int_value = 0;
  double float_value = 0;
  // A literal written with an `f` suffix (2.0f) is explicitly float32; other float literals are
  // implicitly typed and take their type from context (loopy's rules, DESIGN.md/type inference).
  std::optional<DType> literal_dtype;
  std::string name;  // variable, array, function or reduction operation
  UnaryOp unary_op = UnaryOp::Negate;
  BinaryOp binary_op = BinaryOp::Add;
  std::vector<ExprPtr> operands;
  std::vector<std::string> reduction_inames;
  int column = 0;  // 1-based column in the instruction text it was parsed from; 0 if built
};

ExprPtr int_literal(int64_t value);
ExprPtr float_literal(double value, std::optional<DType> dtype = std::nullopt);
ExprPtr variable(std::string name);
ExprPtr subscript(std::string array, std::vector<ExprPtr> indices);
ExprPtr call(std::string function, std::vector<ExprPtr> arguments);
ExprPtr unary(UnaryOp op, ExprPtr operand);
ExprPtr binary(BinaryOp op, ExprPtr lhs, ExprPtr rhs);
ExprPtr if_then_else(ExprPtr condition, ExprPtr then_value, ExprPtr else_value);
ExprPtr reduction(std::string operation, std::vector<std::string> inames,
                  std::vector<ExprPtr> operands);

// Prints in loopy's syntax, fully parseable by loom's instruction parser.
std::string to_string(const Expr& expr);
inline std::string to_string(const ExprPtr& expr) { return to_string(*expr); }

bool structurally_equal(const Expr& a, const Expr& b);

// Rebuilds `expr` bottom-up: `rewrite` sees each node after its operands were rewritten and
// returns the replacement (or the node itself). Unchanged subtrees are shared, not copied.
ExprPtr map_expr(const ExprPtr& expr, const std::function<ExprPtr(const ExprPtr&)>& rewrite);
// Visits every node, parents before children.
void visit_expr(const Expr& expr, const std::function<void(const Expr&)>& visitor);

// Replaces variables by expressions (e.g. an iname by `16*i_outer + i_inner`).
ExprPtr substitute(const ExprPtr& expr,
                   const std::function<ExprPtr(const std::string& variable_name)>& replacement);

}  // namespace loom
