// Structural equality of lowered code (cast::Expr / cast::Stmt): the fields lowering sets.
// Shared by the ldmatrix sharing and wgmma ordering of tensor_cores.cpp and by the verification
// of a reused nest in isl_ast.cpp.
#pragma once

#include "codegen/cast.hpp"

namespace loom::codegen {

bool same_expr(const cast::ExprPtr& a, const cast::ExprPtr& b);

// The fields a loop nest's lowering sets (kind, name, type, step, extent, pragma, scope, the
// expressions and the body).
bool same_stmt(const cast::StmtPtr& a, const cast::StmtPtr& b);

}  // namespace loom::codegen
