// to_string, structurally_equal, map_expr, visit_expr and substitute (src/ir/expr.cpp). The
// printer's contract is the round trip: parse_expression(to_string(e)) is structurally equal to e.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "lang/instruction_parser.hpp"
#include "loom/expr.hpp"

namespace loom {
namespace {

using lang::parse_expression;

ExprPtr v(const std::string& name) { return variable(name); }
ExprPtr lit(int64_t value) { return int_literal(value); }
ExprPtr neg(ExprPtr e) { return unary(UnaryOp::Negate, std::move(e)); }
ExprPtr lnot(ExprPtr e) { return unary(UnaryOp::LogicalNot, std::move(e)); }
ExprPtr bin(BinaryOp op, ExprPtr a, ExprPtr b) { return binary(op, std::move(a), std::move(b)); }

void expect_round_trip(const ExprPtr& e) {
  std::string text = to_string(e);
  SCOPED_TRACE(text);
  ExprPtr back = parse_expression(text);
  EXPECT_TRUE(structurally_equal(*back, *e)) << "reprinted as " << to_string(back);
}

TEST(ExpressionPrinter, PrintsCanonicalTextWithMinimalParentheses) {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"a + b*c", "a + b*c"},
      {"(a + b)*c", "(a + b)*c"},
      {"a - (b - c)", "a - (b - c)"},
      {"(a - b) - c", "a - b - c"},
      {"-x**2", "-x**2"},
      {"(-x)**2", "(-x)**2"},
      {"(a**b)**c", "(a**b)**c"},
      {"a**(b**c)", "a**b**c"},
      {"2**(-1)", "2**-1"},
      {"a if c else b", "if(c, a, b)"},
      {"not (a and b)", "not (a and b)"},
      {"(not a) + 1", "(not a) + 1"},
      {"a && !b", "a and not b"},
      {"(a < b) == c", "(a < b) == c"},
      {"a or (b or c)", "a or (b or c)"},
      {"2.0f", "2.0f"},
      {"5f", "5.0f"},
      {"1e-3", "0.001"},
      {"1e22", "1e+22"},
      {"-inf", "-inf"},
      {"sum((i,j), x[i, j])", "sum((i, j), x[i, j])"},
      {"reduce(sum, [i], x)", "sum(i, x)"},
      {"simul_reduce(max, k, x)", "simul_reduce(max, k, x)"},
      {"argmax(i, x[i], i)", "argmax(i, x[i], i)"},
      {"max((i), x)", "max((i), x)"},
      {"f(a[i, j+1], -2)", "f(a[i, j + 1], -2)"},
  };
  for (const auto& [input, expected] : cases) {
    SCOPED_TRACE(input);
    ExprPtr e = parse_expression(input);
    EXPECT_EQ(to_string(e), expected);
    expect_round_trip(e);
  }
}

TEST(ExpressionPrinter, RoundTripsBuiltTreesTheParserNeverProduces) {
  using B = BinaryOp;
  const std::vector<std::pair<ExprPtr, const char*>> cases = {
      {neg(lit(5)), "-(5)"},
      {lit(-5), "-5"},
      {neg(lit(-5)), "-(-5)"},
      {neg(neg(v("x"))), "--x"},
      {bin(B::Power, lit(-2), lit(2)), "(-2)**2"},
      {bin(B::Power, v("a"), lit(-1)), "a**-1"},
      {bin(B::Subtract, v("a"), lit(-1)), "a - -1"},
      {bin(B::Multiply, neg(v("a")), v("b")), "-a*b"},
      {neg(bin(B::Multiply, v("a"), v("b"))), "-(a*b)"},
      {bin(B::Less, bin(B::Less, v("a"), v("b")), v("c")), "(a < b) < c"},
      {bin(B::Less, v("a"), bin(B::Less, v("b"), v("c"))), "a < (b < c)"},
      {bin(B::LogicalAnd, v("a"), bin(B::LogicalAnd, v("b"), v("c"))), "a and (b and c)"},
      {lnot(bin(B::Less, v("a"), v("b"))), "not a < b"},
      {bin(B::Add, if_then_else(v("c"), v("a"), v("b")), lit(1)), "if(c, a, b) + 1"},
      {call("max", {v("i"), v("x")}), "max((i), x)"},
      {reduction("sum", {}, {v("x")}), "sum((), x)"},
      {reduction("foo", {"i"}, {v("x")}), "reduce(foo, i, x)"},
      {reduction("sum", {"i"}, {v("x"), v("y")}), "reduce(sum, i, x, y)"},
      {reduction("simul_argmax", {"i", "j"}, {v("x"), v("i")}),
       "simul_reduce(argmax, (i, j), x, i)"},
      {lit(std::numeric_limits<int64_t>::min()), "-9223372036854775808"},
      {float_literal(2.0), "2.0"},
      {float_literal(0.1), "0.1"},
      {float_literal(-0.0), "-0.0"},
      {float_literal(5e-324), "5e-324"},
      {float_literal(1.0 / 3.0), "0.3333333333333333"},
      {float_literal(std::numeric_limits<double>::infinity(), DType::Float32), "inff"},
      {float_literal(std::numeric_limits<double>::quiet_NaN()), "nan"},
      {neg(float_literal(2.5, DType::Float32)), "-(2.5f)"},
  };
  for (const auto& [e, expected] : cases) {
    EXPECT_EQ(to_string(e), expected);
    expect_round_trip(e);
  }
}

// Random trees over every node kind; names avoid keywords, reductions carry valid operands.
class RandomTrees {
 public:
  explicit RandomTrees(unsigned seed) : random_(seed) {}

  ExprPtr tree(int depth) {
    int kind = pick(depth <= 0 ? 3 : 10);
    switch (kind) {
      case 0:
        return int_literal(
            pick_from<int64_t>({0, 1, -1, 7, -42, std::numeric_limits<int64_t>::min()}));
      case 1:
        return float_literal(pick_from<double>({0.5, -0.0, 1e-300, -2.5, 0.1, 1e16,
                                                std::numeric_limits<double>::infinity()}),
                             pick(2) ? std::optional(DType::Float32) : std::nullopt);
      case 2:
        return variable(name());
      case 3:
        return subscript(name(), children(depth, 1 + pick(3)));
      case 4:
        return call(pick_from<std::string>({"f", "sqrt", "max", "sum", "argmin"}),
                    children(depth, pick(4)));
      case 5:
        return unary(static_cast<UnaryOp>(pick(3)), tree(depth - 1));
      case 6:
      case 7:
        return binary(static_cast<BinaryOp>(pick(20)), tree(depth - 1), tree(depth - 1));
      case 8:
        return if_then_else(tree(depth - 1), tree(depth - 1), tree(depth - 1));
      default:
        return random_reduction(depth);
    }
  }

 private:
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(random_); }
  template <typename T>
  T pick_from(std::vector<T> options) {
    return options[pick(static_cast<int>(options.size()))];
  }
  std::string name() { return pick_from<std::string>({"a", "b", "i", "j", "x1", "_t"}); }

  std::vector<ExprPtr> children(int depth, int count) {
    std::vector<ExprPtr> result;
    for (int k = 0; k < count; ++k) result.push_back(tree(depth - 1));
    return result;
  }

  ExprPtr random_reduction(int depth) {
    std::string operation = pick_from<std::string>(
        {"sum", "product", "max", "min", "argmax", "argmin", "simul_sum", "custom"});
    std::vector<std::string> inames = pick_from<std::vector<std::string>>({{"k"}, {"i", "j"}, {}});
    bool two = operation.starts_with("arg") && pick(2);
    return reduction(operation, inames, children(depth, two ? 2 : 1));
  }

  std::mt19937 random_;
};

TEST(ExpressionPrinter, RoundTripsRandomTrees) {
  RandomTrees trees(20240601);
  for (int n = 0; n < 3000; ++n) expect_round_trip(trees.tree(5));
}

TEST(ExpressionPrinter, StructuralEqualityIgnoresOnlyColumns) {
  EXPECT_TRUE(structurally_equal(*parse_expression("a + b"), *parse_expression("  a+b")));
  EXPECT_FALSE(structurally_equal(*parse_expression("a + b"), *parse_expression("b + a")));
  EXPECT_FALSE(structurally_equal(*float_literal(0.0), *float_literal(-0.0)));
  EXPECT_FALSE(structurally_equal(*float_literal(2.0), *float_literal(2.0, DType::Float32)));
  EXPECT_FALSE(structurally_equal(*float_literal(2.0), *int_literal(2)));
  EXPECT_TRUE(structurally_equal(*float_literal(std::nan("")), *float_literal(std::nan(""))));
  EXPECT_FALSE(structurally_equal(*parse_expression("sum(i, x)"), *parse_expression("sum(j, x)")));
  EXPECT_FALSE(structurally_equal(*parse_expression("f(x)"), *parse_expression("g(x)")));
  EXPECT_FALSE(structurally_equal(*parse_expression("-x"), *parse_expression("not x")));
}

TEST(ExpressionPrinter, MapExprRewritesBottomUpAndSharesUnchangedSubtrees) {
  ExprPtr e = parse_expression("a[i] + b[j]*2");
  ExprPtr doubled = map_expr(e, [](const ExprPtr& node) {
    if (node->kind != ExprKind::IntLiteral) return node;
    return int_literal(node->int_value * 2);
  });
  EXPECT_EQ(to_string(doubled), "a[i] + b[j]*4");
  EXPECT_EQ(doubled->operands[0], e->operands[0]);  // a[i] untouched, shared
  EXPECT_EQ(map_expr(e, [](const ExprPtr& node) { return node; }), e);
}

TEST(ExpressionPrinter, VisitsParentsBeforeChildren) {
  std::vector<std::string> order;
  visit_expr(*parse_expression("f(a[i], 1)"), [&](const Expr& node) {
    order.push_back(node.kind == ExprKind::IntLiteral ? "1" : node.name);
  });
  EXPECT_EQ(order, (std::vector<std::string>{"f", "a", "i", "1"}));
}

TEST(ExpressionPrinter, SubstituteReplacesVariablesEverywhereAsLoopyDoes) {
  ExprPtr e = parse_expression("a[i] + sum(i, b[i]) + n");
  ExprPtr split = substitute(e, [](const std::string& name) -> ExprPtr {
    return name == "i" ? parse_expression("16*i_outer + i_inner") : nullptr;
  });
  EXPECT_EQ(to_string(split), "a[16*i_outer + i_inner] + sum(i, b[16*i_outer + i_inner]) + n");
}

TEST(ExpressionPrinter, SpellsOperators) {
  EXPECT_EQ(binary_op_spelling(BinaryOp::FloorDivide), "//");
  EXPECT_EQ(binary_op_spelling(BinaryOp::LogicalAnd), "and");
  EXPECT_TRUE(is_comparison(BinaryOp::NotEqual));
  EXPECT_FALSE(is_comparison(BinaryOp::LogicalOr));
  EXPECT_TRUE(is_logical(BinaryOp::LogicalOr));
  EXPECT_FALSE(is_logical(BinaryOp::Less));
}

}  // namespace
}  // namespace loom
