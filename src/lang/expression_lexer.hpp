// Tokenizer for loom's expression language (loopy's pymbolic subset, research/loopy-notes.md §3.4).
//
// Tokens are views into the source text; the source must outlive them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace loom::lang {

enum class TokenKind {
  Integer,     // 42 (magnitude only: '-' is an operator)
  Float,       // 2.5, 1e-3, .5, 2., 2.0f, 5f, inf, nan
  Identifier,  // names and the keywords and, or, not, if, else
  Operator,    // + - * / // % ** < <= > >= == != && || ! ( ) [ ] , =
  End,         // after the last token; its column is one past the text
};

struct Token {
  TokenKind kind = TokenKind::End;
  std::string_view text;
  int column = 0;  // 1-based within the whole source line
  uint64_t int_magnitude = 0;
  double float_value = 0;
  bool float32 = false;  // written with an `f` suffix (2.0f, 5f, inff)

  bool is_operator(std::string_view spelling) const {
    return kind == TokenKind::Operator && text == spelling;
  }
  bool is_word(std::string_view word) const {
    return kind == TokenKind::Identifier && text == word;
  }
};

// Splits source[begin, end) into tokens and appends an End token. Columns count from the start of
// `source`, so a piece of an instruction line reports columns within that line. Throws
// loom::ParseError (with all of `source`) on characters outside the language and malformed numbers.
std::vector<Token> tokenize(std::string_view source, std::size_t begin, std::size_t end);

// A cursor over the tokens of source[begin, end), with the errors every reader of them reports
// (all against the whole of `source`).
class TokenStream {
 public:
  TokenStream(std::string_view source, std::size_t begin, std::size_t end);

  const Token& peek(std::size_t ahead = 0) const;  // the End token past the end
  const Token& advance();                          // stays on End
  void skip(std::size_t count);
  bool accept(std::string_view op);  // consumes `op` if it comes next

  [[noreturn]] void fail(const std::string& reason, int column) const;
  // "unexpected 'x'", "unexpected end of expression", or a hint for '='.
  [[noreturn]] void fail_unexpected(const Token& token) const;
  void expect_end() const;
  // "expected ')' to close '(' at column N" unless `closer` comes next (and is consumed).
  void expect_closing(const Token& opener, std::string_view closer);

 private:
  std::string_view source_;
  std::vector<Token> tokens_;
  std::size_t position_ = 0;
};

bool is_identifier_start(char c);
bool is_identifier_char(char c);
// True when `text` is one identifier: [A-Za-z_][A-Za-z0-9_]*.
bool is_identifier(std::string_view text);

}  // namespace loom::lang
