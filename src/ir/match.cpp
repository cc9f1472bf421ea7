// Match expressions (loopy's loopy/match.py, research/loopy-notes.md §3.8).
//
//   expression := or
//   or         := and ('or' and)*
//   and        := unary ('and' unary)*
//   unary      := 'not' unary | '(' or ')' | 'all' | term
//   term       := PREFIX ':' GLOB | GLOB          (a bare GLOB means id:GLOB)
// Keywords are case-sensitive, so `AND` is a glob (and then a trailing token). Globs are
// fnmatch(3) patterns. Differences from loopy: a bare glob and the keyword `all` are accepted
// (loopy needs `id:` and prints All() as "all" without parsing it back); globs may use `[...]`;
// `in_kernel:` is not supported (loom selects instructions of one kernel at a time). An empty
// expression is refused rather than read as match-all: InstructionMatch::all() says that
// explicitly.
#include "ir/match.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <cctype>
#include <iterator>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "loom/error.hpp"

namespace loom {

struct InstructionMatch::Node {
  enum class Kind { All, Not, And, Or, Id, Tag, Writes, Reads, Iname };
  Kind kind = Kind::All;
  std::string glob;                      // terms only
  std::shared_ptr<const Node> lhs, rhs;  // Not uses lhs only
};

namespace {

using Node = InstructionMatch::Node;
using NodePtr = std::shared_ptr<const Node>;

NodePtr make_node(Node::Kind kind, NodePtr lhs = nullptr, NodePtr rhs = nullptr,
                  std::string glob = {}) {
  return std::make_shared<const Node>(Node{kind, std::move(glob), std::move(lhs), std::move(rhs)});
}

// ---- lexing ----

enum class TokenKind { LeftParen, RightParen, And, Or, Not, All, Term };

struct Token {
  TokenKind kind;
  std::string text;
  int column;  // 1-based
};

TokenKind word_kind(const std::string& word) {
  if (word == "(") return TokenKind::LeftParen;
  if (word == ")") return TokenKind::RightParen;
  if (word == "and") return TokenKind::And;
  if (word == "or") return TokenKind::Or;
  if (word == "not") return TokenKind::Not;
  if (word == "all") return TokenKind::All;
  return TokenKind::Term;
}

// Words end at whitespace or a parenthesis, so `not(id:a)` needs no spaces.
std::vector<Token> tokenize(std::string_view text) {
  auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  auto is_paren = [](char c) { return c == '(' || c == ')'; };
  std::vector<Token> tokens;
  for (std::size_t pos = 0; pos < text.size();) {
    if (is_space(text[pos])) {
      ++pos;
      continue;
    }
    std::size_t end = pos + 1;
    if (!is_paren(text[pos])) {
      while (end < text.size() && !is_space(text[end]) && !is_paren(text[end])) ++end;
    }
    std::string word(text.substr(pos, end - pos));
    tokens.push_back({word_kind(word), word, static_cast<int>(pos) + 1});
    pos = end;
  }
  return tokens;
}

// ---- parsing (one function per precedence level: not > and > or) ----

constexpr std::pair<std::string_view, Node::Kind> kTermPrefixes[] = {{"id", Node::Kind::Id},
                                                                     {"tag", Node::Kind::Tag},
                                                                     {"writes", Node::Kind::Writes},
                                                                     {"reads", Node::Kind::Reads},
                                                                     {"iname", Node::Kind::Iname}};

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text), tokens_(tokenize(text)) {}

  NodePtr parse() {
    if (tokens_.empty()) fail("empty match expression (use 'all' to match every instruction)", 1);
    NodePtr root = parse_or();
    if (at_end()) return root;
    const Token& extra = tokens_[pos_];
    if (extra.kind == TokenKind::RightParen) {
      fail("unbalanced parentheses: ')' has no matching '('", extra.column);
    }
    fail("unexpected '" + extra.text +
             "' after a complete match expression; combine terms with 'and' or 'or'",
         extra.column);
  }

 private:
  [[noreturn]] void fail(const std::string& reason, int column) const {
    throw ParseError(reason, std::string(text_), column);
  }

  bool at_end() const { return pos_ >= tokens_.size(); }
  bool next_is(TokenKind kind) const { return !at_end() && tokens_[pos_].kind == kind; }

  NodePtr parse_or() {
    NodePtr lhs = parse_and();
    while (next_is(TokenKind::Or)) {
      ++pos_;
      lhs = make_node(Node::Kind::Or, lhs, parse_and());
    }
    return lhs;
  }

  NodePtr parse_and() {
    NodePtr lhs = parse_unary();
    while (next_is(TokenKind::And)) {
      ++pos_;
      lhs = make_node(Node::Kind::And, lhs, parse_unary());
    }
    return lhs;
  }

  NodePtr parse_unary() {
    if (at_end()) {
      fail("missing operand after '" + tokens_[pos_ - 1].text + "'",
           static_cast<int>(text_.size()) + 1);
    }
    const Token& token = tokens_[pos_++];
    switch (token.kind) {
      case TokenKind::Not:
        return make_node(Node::Kind::Not, parse_unary());
      case TokenKind::All:
        return make_node(Node::Kind::All);
      case TokenKind::Term:
        return parse_term(token);
      case TokenKind::LeftParen: {
        ++depth_;
        NodePtr inner = parse_or();
        if (next_is(TokenKind::RightParen)) {
          ++pos_;
          --depth_;
          return inner;
        }
        if (at_end()) fail("unbalanced parentheses: '(' is never closed", token.column);
        fail("unexpected '" + tokens_[pos_].text +
                 "' inside parentheses; expected ')', 'and' or 'or'",
             tokens_[pos_].column);
      }
      case TokenKind::RightParen:
      case TokenKind::And:
      case TokenKind::Or:
        break;
    }
    if (token.kind == TokenKind::RightParen && depth_ == 0) {
      fail("unbalanced parentheses: ')' has no matching '('", token.column);
    }
    fail("missing operand before '" + token.text + "'", token.column);
  }

  NodePtr parse_term(const Token& token) const {
    const std::size_t colon = token.text.find(':');
    if (colon == std::string::npos) return make_node(Node::Kind::Id, nullptr, nullptr, token.text);
    const std::string prefix = token.text.substr(0, colon);
    const auto known = std::find_if(std::begin(kTermPrefixes), std::end(kTermPrefixes),
                                    [&](const auto& entry) { return entry.first == prefix; });
    if (known == std::end(kTermPrefixes)) {
      fail("unknown match type '" + prefix + "' (expected id, tag, writes, reads, iname)",
           token.column);
    }
    if (colon + 1 == token.text.size()) {
      fail("missing glob after '" + prefix + ":'", token.column + static_cast<int>(colon) + 1);
    }
    return make_node(known->second, nullptr, nullptr, token.text.substr(colon + 1));
  }

  std::string_view text_;
  std::vector<Token> tokens_;
  std::size_t pos_ = 0;
  int depth_ = 0;  // open parentheses, to tell a stray ')' from a missing operand
};

// ---- evaluation ----

bool glob_matches(const std::string& glob, const std::string& name) {
  return fnmatch(glob.c_str(), name.c_str(), 0) == 0;
}

template <typename Names>
bool any_matches(const std::string& glob, const Names& names) {
  return std::any_of(names.begin(), names.end(),
                     [&](const std::string& name) { return glob_matches(glob, name); });
}

// Free variables of `expr` as loopy's get_dependencies computes them: variables and subscripted
// arrays, not function names (loopy has no first-class functions), and not the inames a
// reduction binds inside its own body. visit_expr has no notion of that scope, hence the recursion.
void collect_read_names(const Expr& expr, std::set<std::string>& names) {
  if (expr.kind == ExprKind::Reduction) {
    std::set<std::string> body;
    for (const ExprPtr& operand : expr.operands) collect_read_names(*operand, body);
    for (const std::string& iname : expr.reduction_inames) body.erase(iname);
    names.insert(body.begin(), body.end());
    return;
  }
  if (expr.kind == ExprKind::Variable || expr.kind == ExprKind::Subscript) names.insert(expr.name);
  for (const ExprPtr& operand : expr.operands) collect_read_names(*operand, names);
}

// loopy's read_dependency_names: the right-hand side, the predicates, and the indices of the
// assignees (`a[idx[i]] = ...` reads idx and i but not a).
std::set<std::string> read_names(const Instruction& instruction) {
  std::set<std::string> names;
  if (instruction.expression) collect_read_names(*instruction.expression, names);
  for (const ExprPtr& predicate : instruction.predicates) collect_read_names(*predicate, names);
  for (const ExprPtr& assignee : instruction.assignees) {
    for (const ExprPtr& index : assignee->operands) collect_read_names(*index, names);
  }
  return names;
}

// The instruction's inames plus every iname they replaced (a split's i for i_outer/i_inner), so a
// `within` written against the untransformed kernel keeps selecting the same instructions.
std::set<std::string> inames_and_ancestors(const LoopKernel& kernel, const Instruction& instruction) {
  std::set<std::string> names = instruction.within_inames;
  for (auto rewrite = kernel.iname_rewrites.rbegin(); rewrite != kernel.iname_rewrites.rend(); ++rewrite) {
    bool derived = std::any_of(rewrite->new_inames.begin(), rewrite->new_inames.end(),
                               [&](const std::string& iname) { return names.count(iname) != 0; });
    if (derived) names.insert(rewrite->old_inames.begin(), rewrite->old_inames.end());
  }
  return names;
}

bool evaluate(const Node& node, const LoopKernel& kernel, const Instruction& instruction) {
  switch (node.kind) {
    case Node::Kind::All:
      return true;
    case Node::Kind::Not:
      return !evaluate(*node.lhs, kernel, instruction);
    case Node::Kind::And:
      return evaluate(*node.lhs, kernel, instruction) && evaluate(*node.rhs, kernel, instruction);
    case Node::Kind::Or:
      return evaluate(*node.lhs, kernel, instruction) || evaluate(*node.rhs, kernel, instruction);
    case Node::Kind::Id:
      return glob_matches(node.glob, instruction.id);
    case Node::Kind::Tag:
      return any_matches(node.glob, instruction.tags);
    case Node::Kind::Writes:
      return std::any_of(
          instruction.assignees.begin(), instruction.assignees.end(),
          [&](const ExprPtr& assignee) { return glob_matches(node.glob, assignee->name); });
    case Node::Kind::Reads:
      return any_matches(node.glob, read_names(instruction));
    case Node::Kind::Iname:
      return any_matches(node.glob, inames_and_ancestors(kernel, instruction));
  }
  LOOM_ASSERT(false, "unhandled match node kind");
}

}  // namespace

InstructionMatch InstructionMatch::parse(std::string_view text) {
  InstructionMatch match;
  match.root_ = Parser(text).parse();
  match.text_ = std::string(text);
  return match;
}

InstructionMatch InstructionMatch::all() {
  InstructionMatch match;
  match.root_ = make_node(Node::Kind::All);
  match.text_ = "all";
  return match;
}

bool InstructionMatch::matches(const LoopKernel& kernel, const Instruction& instruction) const {
  // A default-constructed match has no root; like loopy's `within=None` it selects everything.
  return root_ == nullptr || evaluate(*root_, kernel, instruction);
}

}  // namespace loom
