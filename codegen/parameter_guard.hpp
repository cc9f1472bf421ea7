// A guard on parameters written as isl's AST builder writes it, without the builder
// (docs/decisions.md, "Issue 26: ... (wt-speed12)").
#pragma once

#include <optional>

#include <isl/cpp.h>

namespace loom::codegen {

// isl_ast_build_expr_from_set's expression for `condition` where `condition` is one conjunction of
// constraints on the parameters only, without integer divisions, that the build's domain does
// not simplify further: isl then prints each constraint `a >= 0` (or `a == 0`) with its positive
// terms on the left and its negative terms on the right, the constant on the side that has no
// terms (else on the side its sign puts it), sorted by last nonzero coefficient, joined with `&&`.
// The build is consulted there only for the names of set dimensions and for divisions, which such
// a condition has neither, so the expression is built here from the constraints alone and the
// builder's gist against its domain and its restriction after each constraint (two thirds of the
// cost of a guarded unrolled copy) are skipped. nullopt for anything else.
std::optional<isl::ast_expr> plain_parameter_guard(const isl::set& condition);

}  // namespace loom::codegen
