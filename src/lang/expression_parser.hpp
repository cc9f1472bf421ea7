// Parsing expressions that are pieces of a longer line (an instruction's right-hand side, an `if`
// block's condition). Columns of the nodes and of errors count from the start of `source`, and a
// loom::ParseError carries all of `source`, so the caret points into the line the user wrote.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "loom/expr.hpp"

namespace loom::lang {

// loopy's linear subscript `a[[e]]` parses as a[loom_linear_subscript(e)]; make_kernel replaces
// it by a[e] where that is the same element (a contiguous array of rank 1) and refuses it
// elsewhere.
inline constexpr std::string_view kLinearSubscriptMarker = "loom_linear_subscript";

// Parses source[begin, end) as one expression.
ExprPtr parse_expression_in(std::string_view source, std::size_t begin, std::size_t end);

// Parses source[begin, end) as one or more expressions separated by top-level commas (the
// left-hand side of a tuple assignment `a, b = argmax(i, x[i])`).
std::vector<ExprPtr> parse_expression_list_in(std::string_view source, std::size_t begin,
                                              std::size_t end);

}  // namespace loom::lang
