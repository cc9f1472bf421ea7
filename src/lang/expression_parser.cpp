// Precedence-climbing parser for loom's expression language: pymbolic's syntax with loopy's
// reductions (research/loopy-notes.md §3.4) and Python's operator precedence.
//
//   a if c else b                     loosest; the else branch nests to the right
//   or ||  <  and &&  <  not !        `not` takes a comparison: not a < b is not (a < b)
//   < <= > >= == !=                   no chaining: a < b < c is refused
//   |  <  ^  <  &  <  << >>           bitwise (integers only; type inference refuses floats)
//   + -  <  * / // %  <  unary - + ~  left-associative
//   **                                right-associative; -x**2 is -(x**2), 2**-1 is 2**(-1)
//   a[i, j]  f(x)  (e)  literals      tightest
//
// Reductions: sum/product/max/min(inames, e) and argmax/argmin(inames, value[, index]) where
// inames is a bare name, `(i, j)` or `[i, j]`; otherwise (for example max(a[i], b)) the name is an
// ordinary call. `reduce(op, inames, e...)` is the general form; `simul_reduce(op, ...)` records
// the operation as "simul_<op>". `if(c, a, b)` and `a if c else b` both build IfThenElse.
//
// '-' directly before a number folds into a negative literal (as pymbolic), unless '**' follows:
// -2 is the literal -2, -2**2 is -(2**2). The printer (src/ir/expr.cpp) relies on this table.
//
// Depth (issue 24): every later pass over an expression recurses, so the parser bounds the depth
// of the trees it builds (kMaxExpressionDepth, Python's own recursion limit, which bounds pymbolic
// too) and its own recursion, refusing deeper text with a ParseError at the offending column. A
// long run of one associative operator (`a + b + ... + z` with thousands of terms, as generated
// code often has) is built as a balanced tree instead of a left-leaning one, so such runs stay
// shallow; short runs (the usual case) keep the left-to-right tree and its rounding order.
#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>

#include "lang/expression_lexer.hpp"
#include "ir/expr_precedence.hpp"
#include "lang/expression_parser.hpp"
#include "lang/instruction_parser.hpp"
#include "loom/error.hpp"

namespace loom::lang {
namespace {

struct InfixOperator {
  std::string_view spelling;
  BinaryOp op;
  int precedence;
};

constexpr std::array<InfixOperator, 22> kInfixOperators = {{
    {"or", BinaryOp::LogicalOr, kOr},
    {"||", BinaryOp::LogicalOr, kOr},
    {"and", BinaryOp::LogicalAnd, kAnd},
    {"&&", BinaryOp::LogicalAnd, kAnd},
    {"<", BinaryOp::Less, kComparison},
    {"<=", BinaryOp::LessEqual, kComparison},
    {">", BinaryOp::Greater, kComparison},
    {">=", BinaryOp::GreaterEqual, kComparison},
    {"==", BinaryOp::Equal, kComparison},
    {"!=", BinaryOp::NotEqual, kComparison},
    {"|", BinaryOp::BitwiseOr, kBitwiseOr},
    {"^", BinaryOp::BitwiseXor, kBitwiseXor},
    {"&", BinaryOp::BitwiseAnd, kBitwiseAnd},
    {"<<", BinaryOp::LeftShift, kShift},
    {">>", BinaryOp::RightShift, kShift},
    {"+", BinaryOp::Add, kAdditive},
    {"-", BinaryOp::Subtract, kAdditive},
    {"*", BinaryOp::Multiply, kMultiplicative},
    {"/", BinaryOp::Divide, kMultiplicative},
    {"//", BinaryOp::FloorDivide, kMultiplicative},
    {"%", BinaryOp::Modulo, kMultiplicative},
    {"**", BinaryOp::Power, kPower},
}};

const InfixOperator* find_infix(const Token& token) {
  if (token.kind != TokenKind::Operator && token.kind != TokenKind::Identifier) return nullptr;
  for (const InfixOperator& op : kInfixOperators) {
    if (token.text == op.spelling) return &op;
  }
  return nullptr;
}

bool is_keyword(std::string_view word) {
  return word == "and" || word == "or" || word == "not" || word == "if" || word == "else";
}

// loopy's reductions with a short form `op(inames, operands...)`, and their operand counts.
bool is_reduction_name(std::string_view name) {
  return name == "sum" || name == "product" || name == "max" || name == "min" || name == "any" ||
         name == "all" || name == "argmax" || name == "argmin";
}

bool reduction_takes(std::string_view name, std::size_t operand_count) {
  if (name == "argmax" || name == "argmin") return operand_count == 1 || operand_count == 2;
  return operand_count == 1;
}

std::string reduction_signature(std::string_view name) {
  std::string text(name);
  if (name == "argmax" || name == "argmin") return text + "(inames, value[, index])";
  return text + "(inames, expression)";
}

// The deepest expression tree (and parser recursion) loom accepts.
constexpr int kMaxExpressionDepth = 1000;
// A run of one associative operator longer than this is built as a balanced tree.
constexpr std::size_t kBalancedRunLength = 256;

bool is_associative(BinaryOp op) {
  return op == BinaryOp::Add || op == BinaryOp::Multiply || op == BinaryOp::LogicalAnd ||
         op == BinaryOp::LogicalOr;
}

// The inames of a reduction: a bare name (`sum(k, e)`), a tuple or a list.
struct InameGroup {
  std::vector<std::string> inames;
  bool bare = false;
  int column = 0;
};

class Parser : private TokenStream {
 public:
  Parser(std::string_view source, std::size_t begin, std::size_t end)
      : TokenStream(source, begin, end) {}

  ExprPtr parse_single() {
    ExprPtr expr = parse(kTernary);
    expect_end();
    return expr;
  }

  std::vector<ExprPtr> parse_list() {
    std::vector<ExprPtr> items{parse(kTernary)};
    while (accept(",")) items.push_back(parse(kTernary));
    expect_end();
    return items;
  }

 private:
  // ---- Operators ----

  // Depth of the trees built so far, by node: a node's depth is one more than its deepest operand.
  std::unordered_map<const Expr*, int> depth_of_;
  int recursion_depth_ = 0;

  // Every node the parser returns goes through here: sets its column and checks its depth.
  ExprPtr located(const ExprPtr& node, int column) {
    auto copy = std::make_shared<Expr>(*node);
    copy->column = column;
    int depth = 1;
    for (const ExprPtr& operand : copy->operands) {
      auto known = depth_of_.find(operand.get());
      if (known != depth_of_.end()) depth = std::max(depth, known->second + 1);
    }
    if (depth > kMaxExpressionDepth) refuse_depth(column);
    depth_of_[copy.get()] = depth;
    return copy;
  }

  [[noreturn]] void refuse_depth(int column) const {
    fail("expression nested more than " + std::to_string(kMaxExpressionDepth) +
             " levels deep; loom refuses deeper expressions (split it into several instructions "
             "with temporaries)",
         column);
  }

  ExprPtr parse(int min_precedence) {
    if (++recursion_depth_ > kMaxExpressionDepth) refuse_depth(peek().column);
    ExprPtr expr = parse_infix(parse_prefix(min_precedence), min_precedence);
    --recursion_depth_;
    return expr;
  }

  ExprPtr parse_infix(ExprPtr left, int min_precedence) {
    bool left_is_comparison = false;
    while (true) {
      const Token& token = peek();
      if (token.is_word("if") && min_precedence == kTernary) return parse_ternary(left);
      const InfixOperator* op = find_infix(token);
      if (op == nullptr || op->precedence < min_precedence) return left;
      bool comparison = op->precedence == kComparison;
      if (comparison && left_is_comparison) {
        fail("chained comparisons are not supported; combine them with 'and' (a < b and b < c)",
             token.column);
      }
      if (is_associative(op->op)) {
        left = parse_associative_run(std::move(left), *op);
      } else {
        advance();
        ExprPtr right = parse(op->op == BinaryOp::Power ? kUnary : op->precedence + 1);
        left = located(binary(op->op, left, right), token.column);
      }
      left_is_comparison = comparison;
    }
  }

  // `left op t1 op t2 ...` for one associative operator, up to the first other operator.
  ExprPtr parse_associative_run(ExprPtr left, const InfixOperator& op) {
    std::vector<ExprPtr> terms{std::move(left)};
    std::vector<int> columns;
    while (true) {
      const InfixOperator* next = find_infix(peek());
      if (next == nullptr || next->op != op.op) break;
      columns.push_back(advance().column);
      terms.push_back(parse(op.precedence + 1));
    }
    if (terms.size() <= kBalancedRunLength) {
      ExprPtr tree = terms[0];
      for (std::size_t i = 1; i < terms.size(); ++i) tree = located(binary(op.op, tree, terms[i]), columns[i - 1]);
      return tree;
    }
    return balanced(terms, columns, 0, terms.size(), op.op);
  }

  // terms[begin, end) joined by `op` as a balanced tree (depth log2 of the count).
  ExprPtr balanced(const std::vector<ExprPtr>& terms, const std::vector<int>& columns, std::size_t begin,
                   std::size_t end, BinaryOp op) {
    if (end - begin == 1) return terms[begin];
    std::size_t middle = begin + (end - begin) / 2;
    ExprPtr left = balanced(terms, columns, begin, middle, op);
    ExprPtr right = balanced(terms, columns, middle, end, op);
    return located(binary(op, left, right), columns[middle - 1]);
  }

  // `then if condition else otherwise`; the condition may not itself be a bare ternary.
  ExprPtr parse_ternary(const ExprPtr& then_value) {
    const Token& if_token = advance();
    ExprPtr condition = parse(kOr);
    if (!peek().is_word("else")) {
      fail("expected 'else' to complete 'a if c else b' (the 'if' is at column " +
               std::to_string(if_token.column) + ")",
           peek().column);
    }
    advance();
    ExprPtr otherwise = parse(kTernary);
    return located(if_then_else(condition, then_value, otherwise), if_token.column);
  }

  ExprPtr parse_prefix(int min_precedence) {
    const Token& token = advance();
    switch (token.kind) {
      case TokenKind::Integer:
        return integer_literal(token, false, token.column);
      case TokenKind::Float:
        return float_literal_of(token, false, token.column);
      case TokenKind::Identifier:
        return parse_word(token, min_precedence);
      case TokenKind::Operator:
        return parse_prefix_operator(token, min_precedence);
      case TokenKind::End:
        break;
    }
    fail_unexpected(token);
  }

  ExprPtr parse_prefix_operator(const Token& token, int min_precedence) {
    if (token.is_operator("-")) return parse_negation(token);
    if (token.is_operator("+")) return parse(kUnary);
    if (token.is_operator("~")) return located(unary(UnaryOp::BitwiseNot, parse(kUnary)), token.column);
    if (token.is_operator("!")) return parse_not(token, min_precedence);
    if (token.is_operator("(")) {
      ExprPtr inner = parse(kTernary);
      expect_closing(token, ")");
      return inner;
    }
    fail_unexpected(token);
  }

  ExprPtr parse_negation(const Token& minus) {
    const Token& next = peek();
    bool number = next.kind == TokenKind::Integer || next.kind == TokenKind::Float;
    if (number && !peek(1).is_operator("**")) {
      advance();
      return next.kind == TokenKind::Integer ? integer_literal(next, true, minus.column)
                                             : float_literal_of(next, true, minus.column);
    }
    return located(unary(UnaryOp::Negate, parse(kUnary)), minus.column);
  }

  // Python refuses `a + not b`; so do we, rather than guess what was meant.
  ExprPtr parse_not(const Token& token, int min_precedence) {
    if (min_precedence > kNot) {
      fail("'" + std::string(token.text) + "' must be parenthesized here: write (not c)",
           token.column);
    }
    return located(unary(UnaryOp::LogicalNot, parse(kNot)), token.column);
  }

  // ---- Literals ----

  ExprPtr integer_literal(const Token& token, bool negative, int column) {
    constexpr uint64_t kMax = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
    if (token.int_magnitude > kMax + (negative ? 1 : 0)) {
      fail("integer literal '" + std::string(token.text) + "' does not fit in int64", token.column);
    }
    // Modular conversion (C++20) maps 2^63 to INT64_MIN.
    uint64_t bits = negative ? uint64_t{0} - token.int_magnitude : token.int_magnitude;
    return located(int_literal(static_cast<int64_t>(bits)), column);
  }

  ExprPtr float_literal_of(const Token& token, bool negative, int column) {
    double value = negative ? -token.float_value : token.float_value;
    std::optional<DType> dtype;
    if (token.float32) dtype = DType::Float32;
    return located(float_literal(value, dtype), column);
  }

  // ---- Names: variables, subscripts, calls, reductions, if(c, a, b) ----

  ExprPtr parse_word(const Token& word, int min_precedence) {
    if (word.text == "not") return parse_not(word, min_precedence);
    if (word.text == "if" && peek().is_operator("(")) return parse_if_function(word);
    if (is_keyword(word.text)) fail_unexpected(word);
    std::string name(word.text);
    if (peek().is_operator("(")) {
      if (name == "reduce" || name == "simul_reduce") return parse_general_reduction(word);
      return refuse_postfix(parse_call(word), name);
    }
    if (peek().is_operator("[")) return refuse_postfix(parse_subscript(word), name);
    return located(variable(name), word.column);
  }

  ExprPtr refuse_postfix(ExprPtr expr, const std::string& name) const {
    if (peek().is_operator("[")) {
      fail("'" + name + "[...][...]' and '" + name +
               "(...)[...]' are not supported: write one subscript with all indices, a[i, j]",
           peek().column);
    }
    if (peek().is_operator("(")) fail_unexpected(peek());
    return expr;
  }

  ExprPtr parse_subscript(const Token& name) {
    const Token& open = advance();
    if (peek().is_operator("[")) return parse_linear_subscript(name, open);
    if (peek().is_operator("]")) {
      fail("empty subscript '" + std::string(name.text) + "[]'", open.column);
    }
    std::vector<ExprPtr> indices{parse(kTernary)};
    while (accept(",")) indices.push_back(parse(kTernary));
    expect_closing(open, "]");
    return located(subscript(std::string(name.text), std::move(indices)), name.column);
  }

  // loopy's linear subscript `a[[e]]`: element e of a's storage. Its one index is marked
  // (linear_subscript_marker) until make_kernel, which knows a's rank and layout, resolves it.
  ExprPtr parse_linear_subscript(const Token& name, const Token& open) {
    const Token& inner = advance();
    ExprPtr index = parse(kTernary);
    expect_closing(inner, "]");
    expect_closing(open, "]");
    return located(subscript(std::string(name.text), {call(std::string(kLinearSubscriptMarker), {index})}), name.column);
  }

  // Arguments after `open` up to its ')'; `at_least_one` when a ',' was already consumed.
  std::vector<ExprPtr> parse_arguments(const Token& open, bool at_least_one) {
    std::vector<ExprPtr> arguments;
    if (!at_least_one && accept(")")) return arguments;
    do {
      arguments.push_back(parse(kTernary));
    } while (accept(","));
    expect_closing(open, ")");
    return arguments;
  }

  ExprPtr parse_if_function(const Token& word) {
    const Token& open = advance();
    std::vector<ExprPtr> arguments = parse_arguments(open, false);
    if (arguments.size() != 3) {
      fail(
          "'if' takes 3 arguments (condition, then, else), got " + std::to_string(arguments.size()),
          word.column);
    }
    return located(if_then_else(arguments[0], arguments[1], arguments[2]), word.column);
  }

  ExprPtr parse_call(const Token& name_token) {
    std::string name(name_token.text);
    const Token& open = advance();
    std::optional<InameGroup> group;
    if (is_reduction_name(name)) group = try_iname_group();
    std::vector<ExprPtr> arguments = parse_arguments(open, group.has_value());
    if (group && reduction_takes(name, arguments.size())) {
      return located(reduction(name, group->inames, std::move(arguments)), name_token.column);
    }
    if (group && !group->bare) {
      fail("reduction '" + name + "' takes " + reduction_signature(name) + ", got " +
               std::to_string(arguments.size() + 1) + " arguments",
           name_token.column);
    }
    // loopy's rule: only max(name, e) with exactly two arguments reduces; max(a, b, c) is a call.
    if (group)
      arguments.insert(arguments.begin(), located(variable(group->inames[0]), group->column));
    return located(call(name, std::move(arguments)), name_token.column);
  }

  // reduce(op, inames, e...) and simul_reduce(op, inames, e...).
  ExprPtr parse_general_reduction(const Token& word) {
    std::string form(word.text);
    const Token& open = advance();
    const Token& operation = advance();
    if (operation.kind != TokenKind::Identifier || is_keyword(operation.text)) {
      fail("'" + form + "' takes a reduction operation first, as in " + form + "(sum, i, x[i])",
           operation.column);
    }
    if (!accept(",")) fail("expected ',' after the reduction operation", peek().column);
    std::optional<InameGroup> group = try_iname_group();
    if (!group) {
      fail("expected an iname or a tuple of inames, then the reduced expression, as in " + form +
               "(sum, (i, j), x[i, j])",
           peek().column);
    }
    std::vector<ExprPtr> operands = parse_arguments(open, true);
    std::string name = (form == "simul_reduce" ? "simul_" : "") + std::string(operation.text);
    return located(reduction(name, group->inames, std::move(operands)), word.column);
  }

  // An iname group followed by ',': a bare name, `(i, j)` or `[i, j]` (also empty). As in
  // Python, `(i)` is not a tuple, so `max((i), x)` stays a call. Consumes the group and the ','.
  std::optional<InameGroup> try_iname_group() {
    const Token& first = peek();
    InameGroup group;
    group.column = first.column;
    if (is_plain_name(first) && peek(1).is_operator(",")) {
      group.inames = {std::string(first.text)};
      group.bare = true;
      skip(2);
      return group;
    }
    bool parenthesized = first.is_operator("(");
    if (!parenthesized && !first.is_operator("[")) return std::nullopt;
    std::string_view closer = parenthesized ? ")" : "]";
    std::size_t ahead = 1;
    bool saw_comma = false;
    while (!peek(ahead).is_operator(closer)) {
      if (!is_plain_name(peek(ahead))) return std::nullopt;
      group.inames.emplace_back(peek(ahead).text);
      ++ahead;
      if (peek(ahead).is_operator(",")) {
        saw_comma = true;
        ++ahead;
      } else if (!peek(ahead).is_operator(closer)) {
        return std::nullopt;
      }
    }
    if (parenthesized && group.inames.size() == 1 && !saw_comma) return std::nullopt;
    if (!peek(ahead + 1).is_operator(",")) return std::nullopt;
    check_distinct(group);
    skip(ahead + 2);
    return group;
  }

  static bool is_plain_name(const Token& token) {
    return token.kind == TokenKind::Identifier && !is_keyword(token.text);
  }

  void check_distinct(const InameGroup& group) const {
    std::set<std::string> seen;
    for (const std::string& iname : group.inames) {
      if (!seen.insert(iname).second) {
        fail("iname '" + iname + "' appears twice in the reduction's inames", group.column);
      }
    }
  }
};

}  // namespace

ExprPtr parse_expression_in(std::string_view source, std::size_t begin, std::size_t end) {
  return Parser(source, begin, end).parse_single();
}

std::vector<ExprPtr> parse_expression_list_in(std::string_view source, std::size_t begin,
                                              std::size_t end) {
  return Parser(source, begin, end).parse_list();
}

ExprPtr parse_expression(std::string_view text) {
  return parse_expression_in(text, 0, text.size());
}

}  // namespace loom::lang
