// Expression parser and printer: precedence, literals, reductions, columns, errors, and the
// round trip parse(to_string(e)) == e, on chosen and on random trees.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "lang/expression_parser.hpp"
#include "lang/instruction_parser.hpp"
#include "loom/error.hpp"
#include "loom/expr.hpp"

namespace loom {
namespace {

using lang::parse_expression;

// A fully parenthesized prefix form, independent of the printer under test.
std::string sexpr(const Expr& e) {
  auto list = [&](std::string head) {
    for (const ExprPtr& operand : e.operands) head += " " + sexpr(*operand);
    return "(" + head + ")";
  };
  switch (e.kind) {
    case ExprKind::IntLiteral:
      return std::to_string(e.int_value);
    case ExprKind::FloatLiteral:
      return "float:" + std::to_string(e.float_value) + (e.literal_dtype ? "f" : "");
    case ExprKind::Variable:
      return e.name;
    case ExprKind::Subscript:
      return list("sub " + e.name);
    case ExprKind::Call:
      return list("call " + e.name);
    case ExprKind::Unary:
      return list(e.unary_op == UnaryOp::Negate ? "neg" : "not");
    case ExprKind::Binary:
      return list(std::string(binary_op_spelling(e.binary_op)));
    case ExprKind::IfThenElse:
      return list("if");
    case ExprKind::Reduction: {
      std::string inames;
      for (const std::string& iname : e.reduction_inames)
        inames += (inames.empty() ? "" : ",") + iname;
      return list(e.name + " [" + inames + "]");
    }
  }
  return "?";
}

struct ParseCase {
  const char* input;
  const char* expected;
};

void expect_parses(const std::vector<ParseCase>& cases) {
  for (const ParseCase& c : cases) {
    SCOPED_TRACE(c.input);
    EXPECT_EQ(sexpr(*parse_expression(c.input)), c.expected);
  }
}

TEST(ExpressionParser, FollowsPythonPrecedence) {
  expect_parses({
      {"a + b*c", "(+ a (* b c))"},
      {"(a + b)*c", "(* (+ a b) c)"},
      {"a - b - c", "(- (- a b) c)"},
      {"a // b % c * d", "(* (% (// a b) c) d)"},
      {"a / b / c", "(/ (/ a b) c)"},
      {"-x**2", "(neg (** x 2))"},
      {"-a*b", "(* (neg a) b)"},
      {"a**b**c", "(** a (** b c))"},
      {"2**-1", "(** 2 -1)"},
      {"2**-x*3", "(* (** 2 (neg x)) 3)"},
      {"a*-b", "(* a (neg b))"},
      {"- -x", "(neg (neg x))"},
      {"+x", "x"},
      {"not a < b", "(not (< a b))"},
      {"not a and b", "(and (not a) b)"},
      {"a or b and c", "(or a (and b c))"},
      {"a && b || !c", "(or (and a b) (not c))"},
      {"a < b + 1", "(< a (+ b 1))"},
      {"a == b and c != d", "(and (== a b) (!= c d))"},
      {"(a < b) == c", "(== (< a b) c)"},
      {"x if c else y", "(if c x y)"},
      {"x if c else y if d else z", "(if c x (if d y z))"},
      {"a + b if c or d else e", "(if (or c d) (+ a b) e)"},
      {"if(i > 0, a[i], 0)", "(if (> i 0) (sub a i) 0)"},
  });
}

TEST(ExpressionParser, ReadsLiterals) {
  expect_parses({
      {"3", "3"},
      {"-3", "-3"},
      {"-2**2", "(neg (** 2 2))"},
      {"-(2)", "(neg 2)"},
      {"9223372036854775807", "9223372036854775807"},
      {"-9223372036854775808", "-9223372036854775808"},
      {"2.5", "float:2.500000"},
      {"1e-3", "float:0.001000"},
      {".5", "float:0.500000"},
      {"2.", "float:2.000000"},
      {"2.0f", "float:2.000000f"},
      {"5f", "float:5.000000f"},
      {"1E3", "float:1000.000000"},
  });
  ExprPtr f32 = parse_expression("2.5f");
  EXPECT_EQ(f32->literal_dtype, DType::Float32);
  EXPECT_EQ(parse_expression("2.5")->literal_dtype, std::nullopt);
  EXPECT_TRUE(std::isinf(parse_expression("-inf")->float_value));
  EXPECT_TRUE(std::isnan(parse_expression("nan")->float_value));
}

TEST(ExpressionParser, ReadsNamesCallsAndSubscripts) {
  expect_parses({
      {"f(x, y)", "(call f x y)"},
      {"f()", "(call f)"},
      {"a[i, j+1]", "(sub a i (+ j 1))"},
      {"sqrt(a[i]**2)", "(call sqrt (** (sub a i) 2))"},
  });
}

TEST(ExpressionParser, TellsReductionsFromCalls) {
  expect_parses({
      {"sum(k, a[k])", "(sum [k] (sub a k))"},
      {"sum((i, j), a[i, j])", "(sum [i,j] (sub a i j))"},
      {"sum([i, j], x)", "(sum [i,j] x)"},
      {"sum((i,), x)", "(sum [i] x)"},
      {"product(i, a[i]) + 1", "(+ (product [i] (sub a i)) 1)"},
      {"max(k, a[k])", "(max [k] (sub a k))"},
      {"min(x, y)", "(min [x] y)"},  // loopy's rule: a bare name first means a reduction
      {"max(a[i], b)", "(call max (sub a i) b)"},
      {"max(x, y, z)", "(call max x y z)"},
      {"max((i), x)", "(call max i x)"},
      {"argmax(i, x[i])", "(argmax [i] (sub x i))"},
      {"argmin(i, x[i], i)", "(argmin [i] (sub x i) i)"},
      {"reduce(sum, [i, j], e)", "(sum [i,j] e)"},
      {"reduce(sum, i, e)", "(sum [i] e)"},
      {"simul_reduce(sum, k, e)", "(simul_sum [k] e)"},
      {"sum(k, sum(j, a[k, j]))", "(sum [k] (sum [j] (sub a k j)))"},
      {"sum((), x)", "(sum [] x)"},
  });
}

TEST(ExpressionParser, RecordsColumns) {
  ExprPtr e = parse_expression("  f(x[i], -2) + 3*y");
  EXPECT_EQ(e->column, 15);                                        // the '+'
  EXPECT_EQ(e->operands[0]->column, 3);                            // f
  EXPECT_EQ(e->operands[0]->operands[0]->column, 5);               // x
  EXPECT_EQ(e->operands[0]->operands[0]->operands[0]->column, 7);  // i
  EXPECT_EQ(e->operands[0]->operands[1]->column, 11);              // -2 starts at its '-'
  EXPECT_EQ(e->operands[1]->column, 18);                           // the '*'
  ExprPtr piece = lang::parse_expression_in("out[i] = sum(k, a[k])", 9, 21);
  EXPECT_EQ(piece->column, 10);
  EXPECT_EQ(piece->operands[0]->column, 17);
}

struct ErrorCase {
  const char* input;
  const char* reason;
  int column;
};

TEST(ExpressionParser, RefusesMalformedInputWithItsColumn) {
  const std::vector<ErrorCase> cases = {
      {"", "unexpected end of expression", 1},
      {"a + ", "unexpected end of expression", 5},
      {"(a + b", "expected ')' to close '(' at column 1", 7},
      {"f(a, b", "expected ')' to close '(' at column 2", 7},
      {"a[i", "expected ']' to close '[' at column 2", 4},
      {"a + b)", "unexpected ')'", 6},
      {"a ]", "unexpected ']'", 3},
      {"a b", "unexpected 'b'", 3},
      {"and", "unexpected 'and'", 1},
      {"a = b", "unexpected '='; did you mean '=='?", 3},
      {"a < b < c",
       "chained comparisons are not supported; combine them with 'and' (a < b and b < c)", 7},
      {"a[[8*i+j]", "expected ']' to close '[' at column 2", 10},
      {"a[i][j]",
       "'a[...][...]' and 'a(...)[...]' are not supported: write one subscript with all indices, "
       "a[i, j]",
       5},
      {"a[]", "empty subscript 'a[]'", 2},
      {"a + not b", "'not' must be parenthesized here: write (not c)", 5},
      {"if(a, b)", "'if' takes 3 arguments (condition, then, else), got 2", 1},
      {"x if c", "expected 'else' to complete 'a if c else b' (the 'if' is at column 3)", 7},
      {"sum((i, j), a, b)", "reduction 'sum' takes sum(inames, expression), got 3 arguments", 1},
      {"argmax((i, j), a, b, c)",
       "reduction 'argmax' takes argmax(inames, value[, index]), got 4 arguments", 1},
      {"reduce(1, i, x)", "'reduce' takes a reduction operation first, as in reduce(sum, i, x[i])",
       8},
      {"reduce(sum, a[i], x)",
       "expected an iname or a tuple of inames, then the reduced expression, as in "
       "reduce(sum, (i, j), x[i, j])",
       13},
      {"sum((i, i), x)", "iname 'i' appears twice in the reduction's inames", 5},
      {"a$tag", "tagged variables ('a$tag') are not supported", 2},
      {"a @ b", "unexpected character '@'", 3},
      // A non-ASCII character is quoted whole (its first byte alone is invalid UTF-8; conf15).
      {"a + \xc3\xa9", "unexpected character '\xc3\xa9' (non-ASCII: names and operators are ASCII)", 5},
      {"a + \xc3", "unexpected character byte 0xc3 (non-ASCII: names and operators are ASCII)", 5},
      {"1e+", "malformed number '1e+': the exponent has no digits", 1},
      {"5j", "complex literals are not supported", 1},
      {"x + 2abc", "malformed number '2abc'", 5},
      {"9223372036854775808", "integer literal '9223372036854775808' does not fit in int64", 1},
      {"99999999999999999999", "integer literal '99999999999999999999' does not fit in int64", 1},
      {"1e999", "float literal '1e999' is out of range for a double", 1},
  };
  for (const ErrorCase& c : cases) {
    SCOPED_TRACE(c.input);
    try {
      parse_expression(c.input);
      ADD_FAILURE() << "no error";
    } catch (const ParseError& error) {
      EXPECT_EQ(error.reason(), c.reason);
      EXPECT_EQ(error.column(), c.column);
      EXPECT_EQ(error.source(), c.input);
    }
  }
}

TEST(ExpressionParser, ReportsErrorsAgainstTheWholeLine) {
  try {
    lang::parse_expression_in("out[i] = (a + b", 9, 15);
    FAIL() << "no error";
  } catch (const ParseError& error) {
    EXPECT_EQ(error.reason(), "expected ')' to close '(' at column 10");
    EXPECT_EQ(error.column(), 16);
    EXPECT_EQ(error.source(), "out[i] = (a + b");
  }
}

}  // namespace
}  // namespace loom
