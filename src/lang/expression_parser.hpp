// Parsing expressions that are pieces of a longer line (an instruction's right-hand side, an `if`
// block's condition). Columns of the nodes and of errors count from the start of `source`, and a
// loom::ParseError carries all of `source`, so the caret points into the line the user wrote.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "loom/expr.hpp"

namespace loom::lang {

// Parses source[begin, end) as one expression.
ExprPtr parse_expression_in(std::string_view source, std::size_t begin, std::size_t end);

// Parses source[begin, end) as one or more expressions separated by top-level commas (the
// left-hand side of a tuple assignment `a, b = argmax(i, x[i])`).
std::vector<ExprPtr> parse_expression_list_in(std::string_view source, std::size_t begin,
                                              std::size_t end);

}  // namespace loom::lang
