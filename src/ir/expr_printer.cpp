// to_string for expressions: loopy's syntax with the fewest parentheses that read back right.
//
// The printer is the inverse of src/lang/expression_parser.cpp: for every tree whose names are
// identifiers (not keywords) and whose reductions have operands,
// parse_expression(to_string(e)) is structurally_equal to e. It therefore uses the parser's
// precedence table (kept in sync by hand; the round-trip tests check it) and adds exactly the
// parentheses the parser needs.
#include <array>
#include <charconv>
#include <cmath>
#include <set>
#include <string>
#include <string_view>

#include "ir/expr_precedence.hpp"
#include "loom/error.hpp"
#include "loom/expr.hpp"

namespace loom {

namespace {

int binary_precedence(BinaryOp op) {
  if (op == BinaryOp::LogicalOr) return kOr;
  if (op == BinaryOp::LogicalAnd) return kAnd;
  if (is_comparison(op)) return kComparison;
  if (op == BinaryOp::BitwiseOr) return kBitwiseOr;
  if (op == BinaryOp::BitwiseXor) return kBitwiseXor;
  if (op == BinaryOp::BitwiseAnd) return kBitwiseAnd;
  if (op == BinaryOp::LeftShift || op == BinaryOp::RightShift) return kShift;
  if (op == BinaryOp::Add || op == BinaryOp::Subtract) return kAdditive;
  if (op == BinaryOp::Power) return kPower;
  return kMultiplicative;
}

int precedence(const Expr& expr) {
  switch (expr.kind) {
    // A negative literal prints with a leading '-' and binds like unary minus.
    case ExprKind::IntLiteral:
      return expr.int_value < 0 ? kUnary : kAtom;
    case ExprKind::FloatLiteral:
      return std::signbit(expr.float_value) ? kUnary : kAtom;
    case ExprKind::Unary:
      return expr.unary_op == UnaryOp::LogicalNot ? kNot : kUnary;
    case ExprKind::Binary:
      return binary_precedence(expr.binary_op);
    default:
      return kAtom;
  }
}

bool is_literal(const Expr& expr) {
  return expr.kind == ExprKind::IntLiteral || expr.kind == ExprKind::FloatLiteral;
}

// Shortest text that reads back as the same double; always recognisably a float.
std::string format_float(double value, std::optional<DType> dtype) {
  std::array<char, 64> buffer{};
  auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  LOOM_ASSERT(error == std::errc(), "to_chars failed on a double");
  std::string text(buffer.data(), end);
  if (text.find_first_of(".en") == std::string::npos) text += ".0";  // 'n': inf and nan
  if (dtype == DType::Float32) text += "f";
  return text;
}

// loopy's reductions with their short spelling `op(inames, operands...)` and operand counts.
bool has_short_reduction_form(const std::string& operation, std::size_t operand_count) {
  static const std::set<std::string> single = {"sum", "product", "max", "min", "any", "all"};
  if (single.count(operation) != 0) return operand_count == 1;
  if (operation == "argmax" || operation == "argmin") {
    return operand_count == 1 || operand_count == 2;
  }
  return false;
}

class Printer {
 public:
  std::string take() { return std::move(out_); }

  void print(const Expr& expr) {
    switch (expr.kind) {
      case ExprKind::IntLiteral:
        out_ += std::to_string(expr.int_value);
        return;
      case ExprKind::FloatLiteral:
        out_ += format_float(expr.float_value, expr.literal_dtype);
        return;
      case ExprKind::Variable:
        out_ += expr.name;
        return;
      case ExprKind::Subscript:
        // An array of shape () is written without a subscript, as in loopy.
        if (expr.operands.empty()) {
          out_ += expr.name;
          return;
        }
        print_applied(expr.name, "[", expr.operands, "]");
        return;
      case ExprKind::Call:
        print_call(expr);
        return;
      case ExprKind::Unary:
        print_unary(expr);
        return;
      case ExprKind::Binary:
        print_binary(expr);
        return;
      case ExprKind::IfThenElse:
        print_applied("if", "(", expr.operands, ")");
        return;
      case ExprKind::Reduction:
        print_reduction(expr);
        return;
    }
  }

 private:
  void print_operand(const Expr& operand, int minimum_precedence) {
    bool parenthesize = precedence(operand) < minimum_precedence;
    if (parenthesize) out_ += "(";
    print(operand);
    if (parenthesize) out_ += ")";
  }

  void print_list(const std::vector<ExprPtr>& items) {
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (i > 0) out_ += ", ";
      print(*items[i]);
    }
  }

  void print_applied(const std::string& name, const char* open, const std::vector<ExprPtr>& items,
                     const char* close) {
    out_ += name;
    out_ += open;
    print_list(items);
    out_ += close;
  }

  // `max(i, x)` would read back as a reduction over i, so such calls get `max((i), x)`.
  void print_call(const Expr& expr) {
    bool reads_as_reduction = !expr.operands.empty() &&
                              expr.operands[0]->kind == ExprKind::Variable &&
                              has_short_reduction_form(expr.name, expr.operands.size() - 1);
    if (!reads_as_reduction) return print_applied(expr.name, "(", expr.operands, ")");
    out_ += expr.name + "((" + expr.operands[0]->name + ")";
    for (std::size_t i = 1; i < expr.operands.size(); ++i) {
      out_ += ", ";
      print(*expr.operands[i]);
    }
    out_ += ")";
  }

  void print_unary(const Expr& expr) {
    const Expr& operand = *expr.operands.at(0);
    if (expr.unary_op == UnaryOp::LogicalNot) {
      out_ += "not ";
      return print_operand(operand, kNot);
    }
    if (expr.unary_op == UnaryOp::BitwiseNot) {
      out_ += "~";
      return print_operand(operand, kUnary);
    }
    out_ += "-";
    // The parser folds '-' followed by a literal into a negative literal; keep them apart.
    print_operand(operand, is_literal(operand) ? kAtom + 1 : kUnary);
  }

  void print_binary(const Expr& expr) {
    BinaryOp op = expr.binary_op;
    int own = binary_precedence(op);
    // '**' is right-associative with a primary on its left and a unary on its right (Python);
    // comparisons do not chain; the rest are left-associative.
    int left_minimum = op == BinaryOp::Power ? kAtom : is_comparison(op) ? own + 1 : own;
    int right_minimum = op == BinaryOp::Power ? kUnary : own + 1;
    print_operand(*expr.operands.at(0), left_minimum);
    bool spaced = op != BinaryOp::Multiply && op != BinaryOp::Power;
    if (spaced) out_ += " ";
    out_ += binary_op_spelling(op);
    if (spaced) out_ += " ";
    print_operand(*expr.operands.at(1), right_minimum);
  }

  void print_inames(const std::vector<std::string>& inames) {
    if (inames.size() == 1) {
      out_ += inames[0];
      return;
    }
    out_ += "(";
    for (std::size_t i = 0; i < inames.size(); ++i) out_ += (i > 0 ? ", " : "") + inames[i];
    out_ += ")";
  }

  void print_reduction(const Expr& expr) {
    static constexpr std::string_view kSimulPrefix = "simul_";
    if (has_short_reduction_form(expr.name, expr.operands.size())) {
      out_ += expr.name + "(";
    } else if (expr.name.starts_with(kSimulPrefix)) {
      out_ += "simul_reduce(" + expr.name.substr(kSimulPrefix.size()) + ", ";
    } else {
      out_ += "reduce(" + expr.name + ", ";
    }
    print_inames(expr.reduction_inames);
    for (const ExprPtr& operand : expr.operands) {
      out_ += ", ";
      print(*operand);
    }
    out_ += ")";
  }

  std::string out_;
};

}  // namespace

std::string to_string(const Expr& expr) {
  Printer printer;
  printer.print(expr);
  return printer.take();
}

}  // namespace loom
