// Reading loopy instruction text line by line: joining continuation lines, and finding the parts
// of one line (its leading keyword, its top-level '=' or ':=').
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace loom::lang {

struct LogicalLine {
  std::string text;  // comments removed, continuation lines joined by one space
  int number = 0;    // 1-based line of its first physical line
};

// Splits `text` into logical lines: '#' starts a comment, blank lines are dropped, and a line
// continues on the next while a bracket ( [ { is open. Throws loom::ParseError ("line N: ...") for
// a closing bracket without its opener and for brackets still open at the end.
std::vector<LogicalLine> logical_lines(std::string_view text);

// Without leading and trailing blanks (spaces, tabs, carriage returns).
std::string_view trim(std::string_view text);
bool is_blank(std::string_view line, std::size_t begin, std::size_t end);

// The identifier characters at the start of `text` (empty if there are none).
std::string_view leading_word(std::string_view text);

// Position of `pattern` in text[begin, end) outside () and [], or npos.
std::size_t find_top_level(std::string_view text, std::size_t begin, std::size_t end,
                           std::string_view pattern);

// Position of the assignment's top-level '=' (not part of == <= >= != :=), or npos.
std::size_t find_assignment(std::string_view text, std::size_t begin, std::size_t end);

}  // namespace loom::lang
