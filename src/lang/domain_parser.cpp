// Domain and assumption strings → isl sets.
//
// isl reports a malformed set only as "syntax error" (and would print to stderr), so loom checks
// the token structure itself, detects parameters as loopy does, and hands isl a complete
// `[params] -> { [inames] : constraints }` string. What isl still refuses (e.g. a product of two
// variables) is reported with isl's own reason.
#include "lang/domain_parser.hpp"

#include <isl/set.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "lang/source_character.hpp"
#include "loom/error.hpp"

namespace loom::lang {

namespace {

// Large inputs only come from fuzzers or mistakes; isl's parser is not built for them.
constexpr std::size_t kMaxDomainLength = 64 * 1024;

enum class TokenKind { Identifier, Number, Symbol, End };

struct Token {
  TokenKind kind;
  std::string text;
  int column;  // 1-based
};

const std::set<std::string>& isl_keywords() {
  static const std::set<std::string> keywords = {
      "and", "or",  "not", "mod",  "exists", "floor", "ceil", "min",    "max",
      "true", "false", "infty", "implies", "xor", "cond", "div", "rat", "NaN"};
  return keywords;
}

std::vector<Token> lex_domain(std::string_view text) {
  std::vector<Token> tokens;
  std::size_t pos = 0;
  auto column = [&](std::size_t p) { return static_cast<int>(p) + 1; };
  while (pos < text.size()) {
    char c = text[pos];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++pos;
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      std::size_t start = pos;
      while (pos < text.size() &&
             (std::isalnum(static_cast<unsigned char>(text[pos])) || text[pos] == '_' ||
              text[pos] == '\'')) {
        ++pos;
      }
      tokens.push_back({TokenKind::Identifier, std::string(text.substr(start, pos - start)),
                        column(start)});
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      std::size_t start = pos;
      while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos]))) ++pos;
      tokens.push_back(
          {TokenKind::Number, std::string(text.substr(start, pos - start)), column(start)});
    } else {
      static const char* const two_char_symbols[] = {"<=", ">=", "!=", "==", "->", "&&", "||"};
      std::string symbol(1, c);
      for (const char* candidate : two_char_symbols) {
        if (text.substr(pos, 2) == candidate) symbol = candidate;
      }
      static const std::string single_symbols = "<>=+-*/%,:;()[]{}|&!";
      if (symbol.size() == 1 && single_symbols.find(c) == std::string::npos) {
        throw ParseError("unexpected character " + quoted_character_at(text, pos) + " in domain",
                         std::string(text), column(pos));
      }
      tokens.push_back({TokenKind::Symbol, symbol, column(pos)});
      pos += symbol.size();
    }
  }
  tokens.push_back({TokenKind::End, "", column(text.size())});
  return tokens;
}

void check_brackets(const std::vector<Token>& tokens, std::string_view text) {
  std::vector<const Token*> open;
  for (const Token& token : tokens) {
    if (token.kind != TokenKind::Symbol) continue;
    const std::string& s = token.text;
    if (s == "(" || s == "[" || s == "{") {
      open.push_back(&token);
    } else if (s == ")" || s == "]" || s == "}") {
      char expected_open = s == ")" ? '(' : s == "]" ? '[' : '{';
      if (open.empty()) {
        throw ParseError("unbalanced '" + s + "': nothing to close", std::string(text),
                         token.column);
      }
      if (open.back()->text[0] != expected_open) {
        throw ParseError("'" + s + "' closes '" + open.back()->text + "' opened at column " +
                             std::to_string(open.back()->column),
                         std::string(text), token.column);
      }
      open.pop_back();
    }
  }
  if (!open.empty()) {
    throw ParseError("unbalanced '" + open.back()->text + "': it is never closed",
                     std::string(text), open.back()->column);
  }
}

// The pieces of `[params] -> { [inames] : constraints }`.
struct DomainParts {
  std::vector<std::string> explicit_parameters;
  bool has_parameter_prefix = false;
  std::vector<std::string> inames;
  std::set<std::string> existential_variables;
  std::vector<std::string> used_identifiers;  // in order of first appearance
};

class DomainStructureParser {
 public:
  DomainStructureParser(const std::vector<Token>& tokens, std::string_view text)
      : tokens_(tokens), text_(text) {}

  DomainParts parse() {
    if (peek().text == "[") parse_parameter_prefix();
    expect("{", "a domain starts with '{' (as in {[i]: 0<=i<n})");
    if (peek().kind == TokenKind::Identifier && tokens_[pos_ + 1].text == "[") {
      fail("named tuples are not allowed in loom domains; write {[i, j]: ...}", peek());
    }
    if (peek().text == "[") parse_iname_list();
    if (peek().text == ":") {
      advance();
      scan_constraints();
    }
    expect("}", "expected '}' to end the domain");
    if (peek().kind != TokenKind::End) {
      fail("unexpected '" + peek().text + "' after the domain's closing '}'", peek());
    }
    return parts_;
  }

 private:
  const Token& peek() const { return tokens_[pos_]; }
  const Token& advance() { return tokens_[pos_++]; }
  [[noreturn]] void fail(const std::string& reason, const Token& at) const {
    throw ParseError(reason, std::string(text_), at.column);
  }
  void expect(const std::string& symbol, const std::string& reason) {
    if (peek().text != symbol) fail(reason + (peek().kind == TokenKind::End ? "" : ", got '" + peek().text + "'"), peek());
    advance();
  }

  std::string expect_identifier(const std::string& what) {
    if (peek().kind != TokenKind::Identifier) fail("expected " + what, peek());
    if (isl_keywords().count(peek().text) != 0) {
      fail("'" + peek().text + "' is a keyword of isl's syntax and cannot be " + what, peek());
    }
    return advance().text;
  }

  void parse_parameter_prefix() {
    parts_.has_parameter_prefix = true;
    advance();  // [
    while (peek().text != "]") {
      parts_.explicit_parameters.push_back(expect_identifier("a parameter name"));
      if (peek().text == ",") advance();
      else if (peek().text != "]") fail("expected ',' or ']' in the parameter list", peek());
    }
    advance();
    expect("->", "expected '->' after the parameter list");
  }

  void parse_iname_list() {
    advance();  // [
    while (peek().text != "]") {
      const Token& at = peek();
      std::string iname = expect_identifier("an iname");
      if (std::find(parts_.inames.begin(), parts_.inames.end(), iname) != parts_.inames.end()) {
        fail("iname '" + iname + "' is listed twice", at);
      }
      parts_.inames.push_back(iname);
      if (peek().text == ",") advance();
      else if (peek().text != "]") fail("expected ',' or ']' in the iname list", peek());
    }
    advance();
  }

  // Collects identifiers and existential variables; isl checks the arithmetic itself.
  void scan_constraints() {
    static const std::set<std::string> functions = {"floor", "ceil", "min", "max"};
    while (peek().kind != TokenKind::End && !(peek().text == "}" && depth_ == 0)) {
      const Token& token = advance();
      if (token.text == "(" || token.text == "[" || token.text == "{") ++depth_;
      if (token.text == ")" || token.text == "]" || token.text == "}") --depth_;
      if (token.kind != TokenKind::Identifier) continue;
      if (token.text == "exists") {
        scan_existential_variables();
      } else if (isl_keywords().count(token.text) == 0) {
        if (peek().text == "(") {
          fail("unknown function '" + token.text +
                   "' in a domain (isl allows floor, ceil, min, max)",
               token);
        }
        if (std::find(parts_.used_identifiers.begin(), parts_.used_identifiers.end(), token.text) ==
            parts_.used_identifiers.end()) {
          parts_.used_identifiers.push_back(token.text);
        }
      } else if (functions.count(token.text) != 0 && peek().text != "(") {
        fail("'" + token.text + "' must be followed by '('", token);
      }
    }
  }

  void scan_existential_variables() {
    bool parenthesized = peek().text == "(";
    if (parenthesized) {
      advance();
      ++depth_;
    }
    while (true) {
      parts_.existential_variables.insert(expect_identifier("an existentially quantified variable"));
      if (peek().text != ",") break;
      advance();
    }
    if (peek().text != ":") fail("expected ':' after the variables of 'exists'", peek());
  }

  const std::vector<Token>& tokens_;
  std::string_view text_;
  std::size_t pos_ = 0;
  int depth_ = 0;
  DomainParts parts_;
};

std::vector<std::string> detect_parameters(const DomainParts& parts) {
  if (parts.has_parameter_prefix) return parts.explicit_parameters;
  std::vector<std::string> parameters;
  for (const std::string& name : parts.used_identifiers) {
    bool is_iname =
        std::find(parts.inames.begin(), parts.inames.end(), name) != parts.inames.end();
    if (!is_iname && parts.existential_variables.count(name) == 0) parameters.push_back(name);
  }
  return parameters;
}

std::string join(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
  return out;
}

isl::set parse_isl_set(const IslContextPtr& context, const std::string& isl_text,
                       std::string_view user_text, const std::string& what) {
  try {
    return isl::set(context->ctx(), isl_text);
  } catch (const isl::exception& error) {
    std::string reason = error.what();
    if (reason.find("syntax error") != std::string::npos || reason.find("parse") != std::string::npos ||
        reason.find("expect") != std::string::npos) {
      reason = "not a valid isl set (only affine constraints: sums of integer multiples of "
               "names, floor/ceil of such divided by constants, mod by constants)";
    }
    throw ParseError(what + " is " + reason, std::string(user_text), 0);
  }
}

void check_parameters_used(const DomainParts& parts, const std::vector<std::string>& parameters,
                           std::string_view text) {
  if (!parts.has_parameter_prefix) return;
  for (const std::string& name : parts.used_identifiers) {
    bool known = std::find(parameters.begin(), parameters.end(), name) != parameters.end() ||
                 std::find(parts.inames.begin(), parts.inames.end(), name) != parts.inames.end() ||
                 parts.existential_variables.count(name) != 0;
    if (!known) {
      throw ParseError("'" + name + "' is neither an iname nor a declared parameter of the domain",
                       std::string(text), 0);
    }
  }
}

void check_length(std::string_view text, const char* what) {
  if (text.size() > kMaxDomainLength) {
    throw ParseError(std::string(what) + " is longer than " + std::to_string(kMaxDomainLength) +
                         " characters",
                     std::string(text.substr(0, 80)), 0);
  }
}

}  // namespace

Domain parse_domain(const IslContextPtr& context, std::string_view text) {
  check_length(text, "domain");
  std::vector<Token> tokens = lex_domain(text);
  check_brackets(tokens, text);
  DomainParts parts = DomainStructureParser(tokens, text).parse();
  std::vector<std::string> parameters = detect_parameters(parts);
  check_parameters_used(parts, parameters, text);

  std::string isl_text(text);
  if (!parts.has_parameter_prefix) isl_text = "[" + join(parameters) + "] -> " + isl_text;
  context->reset_operation_budget();
  isl::set set = parse_isl_set(context, isl_text, text, "domain");
  return Domain{std::string(text), parts.inames, parameters, make_isl_set(context, set)};
}

IslSet parse_assumptions(const IslContextPtr& context, std::string_view text) {
  check_length(text, "assumptions");
  std::string trimmed(text);
  trimmed.erase(0, trimmed.find_first_not_of(" \t\n"));
  if (trimmed.empty()) return make_isl_set(context, isl::set(context->ctx(), "{ : }"));
  bool set_form = trimmed.front() == '[' || trimmed.front() == '{';
  std::string as_domain = set_form ? trimmed : "{ : " + trimmed + " }";
  std::vector<Token> tokens = lex_domain(as_domain);
  check_brackets(tokens, as_domain);
  DomainParts parts = DomainStructureParser(tokens, as_domain).parse();
  if (!parts.inames.empty()) {
    throw ParseError("assumptions constrain parameters only; they cannot have inames",
                     std::string(text), 0);
  }
  std::vector<std::string> parameters = detect_parameters(parts);
  std::string isl_text = parts.has_parameter_prefix ? as_domain : "[" + join(parameters) + "] -> " + as_domain;
  context->reset_operation_budget();
  isl::set set = parse_isl_set(context, isl_text, text, "assumptions");
  return make_isl_set(context, set.params());
}

}  // namespace loom::lang
