#include "lang/expression_lexer.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <limits>
#include <string>

#include "lang/source_character.hpp"
#include "loom/error.hpp"

namespace loom::lang {

bool is_identifier_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool is_identifier_char(char c) { return is_identifier_start(c) || (c >= '0' && c <= '9'); }

bool is_identifier(std::string_view text) {
  if (text.empty() || !is_identifier_start(text[0])) return false;
  for (char c : text) {
    if (!is_identifier_char(c)) return false;
  }
  return true;
}

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Longest first, so that "**" is not read as two '*'.
constexpr std::array<std::string_view, 10> kTwoCharOperators = {
    "**", "//", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||"};
constexpr std::string_view kOneCharOperators = "+-*/%<>!()[],=&|^~";

class Lexer {
 public:
  Lexer(std::string_view source, std::size_t begin, std::size_t end)
      : source_(source), position_(begin), end_(end) {}

  std::vector<Token> run() {
    std::vector<Token> tokens;
    while (true) {
      while (position_ < end_ && (source_[position_] == ' ' || source_[position_] == '\t')) {
        ++position_;
      }
      if (position_ >= end_) break;
      tokens.push_back(next_token());
    }
    Token end_token;
    end_token.kind = TokenKind::End;
    end_token.column = column_of(end_);
    tokens.push_back(end_token);
    return tokens;
  }

 private:
  int column_of(std::size_t position) const { return static_cast<int>(position) + 1; }

  [[noreturn]] void fail(const std::string& reason, std::size_t position) const {
    throw ParseError(reason, std::string(source_), column_of(position));
  }

  Token make(TokenKind kind, std::size_t start) const {
    Token token;
    token.kind = kind;
    token.text = source_.substr(start, position_ - start);
    token.column = column_of(start);
    return token;
  }

  Token next_token() {
    char c = source_[position_];
    if (is_digit(c) || (c == '.' && position_ + 1 < end_ && is_digit(source_[position_ + 1]))) {
      return number();
    }
    if (is_identifier_start(c)) return identifier();
    std::size_t start = position_;
    for (std::string_view op : kTwoCharOperators) {
      if (source_.substr(start, 2) == op && start + 2 <= end_) {
        position_ += 2;
        return make(TokenKind::Operator, start);
      }
    }
    if (kOneCharOperators.find(c) != std::string_view::npos) {
      ++position_;
      return make(TokenKind::Operator, start);
    }
    if (c == '$') fail("tagged variables ('a$tag') are not supported", start);
    fail("unexpected character " + quoted_character_at(source_, start), start);
  }

  // inf and nan (with an optional f suffix) are float literals, so that every double prints.
  Token identifier() {
    std::size_t start = position_;
    while (position_ < end_ && is_identifier_char(source_[position_])) ++position_;
    Token token = make(TokenKind::Identifier, start);
    std::string_view word = token.text;
    bool float32 = word == "inff" || word == "nanf";
    if (float32) word.remove_suffix(1);
    if (word == "inf" || word == "nan") {
      token.kind = TokenKind::Float;
      token.float32 = float32;
      token.float_value = word == "inf" ? std::numeric_limits<double>::infinity()
                                        : std::numeric_limits<double>::quiet_NaN();
    }
    return token;
  }

  void skip_digits() {
    while (position_ < end_ && is_digit(source_[position_])) ++position_;
  }

  bool at(char c) const { return position_ < end_ && source_[position_] == c; }

  // digits [. digits] [e [+-] digits] [f]  (also .5 and 2.)
  Token number() {
    std::size_t start = position_;
    skip_digits();
    bool is_float = false;
    if (at('.')) {
      is_float = true;
      ++position_;
      skip_digits();
    }
    if (at('e') || at('E')) {
      is_float = true;
      ++position_;
      if (at('+') || at('-')) ++position_;
      if (!(position_ < end_ && is_digit(source_[position_]))) {
        fail("malformed number '" + std::string(source_.substr(start, position_ - start)) +
                 "': the exponent has no digits",
             start);
      }
      skip_digits();
    }
    std::size_t digits_end = position_;
    bool float32 = at('f');
    if (float32) ++position_;
    if (at('j')) fail("complex literals are not supported", start);
    if (position_ < end_ && (is_identifier_char(source_[position_]) || source_[position_] == '.')) {
      while (position_ < end_ &&
             (is_identifier_char(source_[position_]) || source_[position_] == '.')) {
        ++position_;
      }
      fail("malformed number '" + std::string(source_.substr(start, position_ - start)) + "'",
           start);
    }
    Token token = make(is_float || float32 ? TokenKind::Float : TokenKind::Integer, start);
    token.float32 = float32;
    std::string_view digits = source_.substr(start, digits_end - start);
    if (token.kind == TokenKind::Integer) {
      token.int_magnitude = integer_magnitude(digits, start);
    } else {
      token.float_value = float_value(digits, start);
    }
    return token;
  }

  // Up to 2^63, so that -9223372036854775808 can be folded; the parser checks the sign.
  uint64_t integer_magnitude(std::string_view digits, std::size_t start) const {
    uint64_t value = 0;
    auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    constexpr uint64_t kLimit = uint64_t{1} << 63;
    if (error != std::errc() || end != digits.data() + digits.size() || value > kLimit) {
      fail("integer literal '" + std::string(digits) + "' does not fit in int64", start);
    }
    return value;
  }

  double float_value(std::string_view digits, std::size_t start) const {
    double value = 0;
    auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (error != std::errc() || end != digits.data() + digits.size()) {
      fail("float literal '" + std::string(digits) + "' is out of range for a double", start);
    }
    return value;
  }

  std::string_view source_;
  std::size_t position_;
  std::size_t end_;
};

}  // namespace

std::vector<Token> tokenize(std::string_view source, std::size_t begin, std::size_t end) {
  return Lexer(source, begin, end).run();
}

TokenStream::TokenStream(std::string_view source, std::size_t begin, std::size_t end)
    : source_(source), tokens_(tokenize(source, begin, end)) {}

const Token& TokenStream::peek(std::size_t ahead) const {
  return tokens_[std::min(position_ + ahead, tokens_.size() - 1)];
}

const Token& TokenStream::advance() {
  const Token& token = tokens_[position_];
  if (position_ + 1 < tokens_.size()) ++position_;
  return token;
}

void TokenStream::skip(std::size_t count) {
  position_ = std::min(position_ + count, tokens_.size() - 1);
}

bool TokenStream::accept(std::string_view op) {
  if (!peek().is_operator(op)) return false;
  advance();
  return true;
}

void TokenStream::fail(const std::string& reason, int column) const {
  throw ParseError(reason, std::string(source_), column);
}

void TokenStream::fail_unexpected(const Token& token) const {
  if (token.kind == TokenKind::End) fail("unexpected end of expression", token.column);
  if (token.is_operator("=")) fail("unexpected '='; did you mean '=='?", token.column);
  fail("unexpected '" + std::string(token.text) + "'", token.column);
}

void TokenStream::expect_end() const {
  if (peek().kind != TokenKind::End) fail_unexpected(peek());
}

void TokenStream::expect_closing(const Token& opener, std::string_view closer) {
  if (accept(closer)) return;
  fail("expected '" + std::string(closer) + "' to close '" + std::string(opener.text) +
           "' at column " + std::to_string(opener.column),
       peek().column);
}

}  // namespace loom::lang
