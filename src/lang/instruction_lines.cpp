#include "lang/instruction_lines.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "lang/expression_lexer.hpp"
#include "loom/error.hpp"

namespace loom::lang {
namespace {

constexpr std::size_t npos = std::string_view::npos;

int column_of(std::size_t position) { return static_cast<int>(position) + 1; }

struct OpenBracket {
  char bracket;
  std::size_t position;
  int line;
};

char closer_of(char bracket) { return bracket == '(' ? ')' : bracket == '[' ? ']' : '}'; }

[[noreturn]] void fail_at_line(int line, const std::string& reason, const std::string& source,
                               std::size_t position) {
  throw ParseError("line " + std::to_string(line) + ": " + reason, source, column_of(position));
}

// Follows the brackets in text[from, end) so that a line continues while one is open.
void track_brackets(const std::string& text, std::size_t from, int line,
                    std::vector<OpenBracket>& open) {
  for (std::size_t i = from; i < text.size(); ++i) {
    char c = text[i];
    if (c == '(' || c == '[' || c == '{') open.push_back({c, i, line});
    if (c != ')' && c != ']' && c != '}') continue;
    if (open.empty()) fail_at_line(line, "unexpected '" + std::string(1, c) + "'", text, i);
    if (closer_of(open.back().bracket) != c) {
      fail_at_line(line,
                   "unexpected '" + std::string(1, c) + "': expected '" +
                       std::string(1, closer_of(open.back().bracket)) + "' to close '" +
                       std::string(1, open.back().bracket) + "' at column " +
                       std::to_string(column_of(open.back().position)),
                   text, i);
    }
    open.pop_back();
  }
}

}  // namespace

std::string_view trim(std::string_view text) {
  std::size_t begin = text.find_first_not_of(" \t\r");
  if (begin == npos) return {};
  return text.substr(begin, text.find_last_not_of(" \t\r") - begin + 1);
}

bool is_blank(std::string_view line, std::size_t begin, std::size_t end) {
  return trim(line.substr(begin, end - begin)).empty();
}

std::vector<LogicalLine> logical_lines(std::string_view text) {
  std::vector<LogicalLine> lines;
  LogicalLine pending;
  std::vector<OpenBracket> open;
  int number = 0;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t newline = std::min(text.find('\n', start), text.size());
    std::string_view physical = text.substr(start, newline - start);
    physical = trim(physical.substr(0, physical.find('#')));
    ++number;
    start = newline + 1;
    if (physical.empty()) continue;
    if (pending.text.empty()) {
      pending.number = number;
    } else {
      pending.text += ' ';
    }
    std::size_t offset = pending.text.size();
    pending.text += physical;
    track_brackets(pending.text, offset, number, open);
    if (open.empty()) lines.push_back(std::exchange(pending, LogicalLine{}));
  }
  if (!open.empty()) {
    const OpenBracket& bracket = open.back();
    fail_at_line(bracket.line,
                 "unbalanced '" + std::string(1, bracket.bracket) + "': no matching '" +
                     std::string(1, closer_of(bracket.bracket)) +
                     "' before the end of the instructions",
                 pending.text, bracket.position);
  }
  return lines;
}

std::string_view leading_word(std::string_view text) {
  std::size_t end = 0;
  while (end < text.size() && is_identifier_char(text[end])) ++end;
  return text.substr(0, end);
}

// Position of the top-level `pattern` in text[begin, end), outside () and [].
std::size_t find_top_level(std::string_view text, std::size_t begin, std::size_t end,
                           std::string_view pattern) {
  int depth = 0;
  for (std::size_t i = begin; i < end; ++i) {
    char c = text[i];
    depth += (c == '(' || c == '[') ? 1 : (c == ')' || c == ']') ? -1 : 0;
    if (depth == 0 && text.substr(i, pattern.size()) == pattern && i + pattern.size() <= end) {
      return i;
    }
  }
  return npos;
}

// The assignment's '=', not part of == <= >= != :=.
std::size_t find_assignment(std::string_view text, std::size_t begin, std::size_t end) {
  for (std::size_t at = find_top_level(text, begin, end, "="); at != npos;
       at = find_top_level(text, at + 1, end, "=")) {
    bool joined_before = at > begin && std::string_view("<>!=:").find(text[at - 1]) != npos;
    bool joined_after = at + 1 < end && text[at + 1] == '=';
    if (!joined_before && !joined_after) return at;
  }
  return npos;
}

}  // namespace loom::lang
