// Constant folding of loom's C AST, used on unrolled copies: with the unrolled iname a constant,
// guards such as `3 <= min(15, n - 16*i_outer - 1)` reduce to what is really still unknown
// (`n - 16*i_outer - 1 >= 3`), and disappear when nothing is.
#pragma once

#include "codegen/cast.hpp"

namespace loom::codegen {

cast::ExprPtr fold(const cast::ExprPtr& expr);

// Replaces variables by expressions (an iterator by its constant in one unrolled copy).
cast::ExprPtr substitute_vars(const cast::ExprPtr& expr, const std::string& name, const cast::ExprPtr& value);

// Folds every expression of a statement tree; ifs with constant conditions collapse.
cast::StmtPtr fold_statement(const cast::StmtPtr& stmt);

bool is_true(const cast::ExprPtr& expr);
bool is_false(const cast::ExprPtr& expr);

}  // namespace loom::codegen
