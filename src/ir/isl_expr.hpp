// loom expressions ↔ isl: affine index expressions become isl piecewise affine functions over an
// instruction's instance set (for access maps, footprints, bounds and dependences), and constant
// or parametric isl bounds come back as loom expressions (for inferred shapes).
#pragma once

#include <isl/cpp.h>

#include <optional>

#include "loom/expr.hpp"

namespace loom {

// `expr` as a function on `domain` (a named set whose dimensions are inames; every other name is a
// parameter). nullopt when the expression is not affine (a product of two variables, an array
// element, a call, a float).
std::optional<isl::pw_aff> expr_to_pw_aff(const Expr& expr, const isl::set& domain);

// The access relation { S[dims] -> Array[indices] } restricted to `domain`; nullopt when any index
// is not affine.
std::optional<isl::map> access_map(const isl::set& domain, const std::string& array,
                                   const std::vector<ExprPtr>& indices);

// A single-piece affine function of the parameters as a loom expression (nullopt when it has
// several pieces or involves a set dimension or a division).
std::optional<ExprPtr> pw_aff_to_expr(const isl::pw_aff& value);

// Any piecewise quasi-affine function of the parameters (divisions, several pieces) as a loom
// expression, simplified under `context` by isl's AST expression builder: floor divisions become
// `//`, pieces `if(...)`, min/max calls. For launch sizes evaluated at run time.
ExprPtr parametric_expr(const isl::pw_aff& value, const isl::set& context);

}  // namespace loom
