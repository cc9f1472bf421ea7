// One-way unification of expressions (pymbolic's UnidirectionalUnifier as loopy's extract_subst
// uses it): which subexpressions a template's variables stand for.
//
//   template alpha*b[i]**2, variables {alpha}, target 23*b[i]**2   →   {alpha: 23}
//
// A template variable binds to any subexpression, the same one at each of its occurrences; every
// other name matches only itself, literals only equal literals (an int never matches a float).
// Sums, products, `and` and `or` are commutative and associative as in pymbolic: a chain
// `a + b + c` is one sum of three terms, matched term by term in any order by a template sum of
// three terms (never by one of two). `-`, `/`, `//`, `%`, `**` and comparisons are matched
// operand by operand. Reductions match reductions of the same operation over the same inames, in
// the same order.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "loom/expr.hpp"

namespace loom {

// Template variable → the subexpression it stands for.
using Bindings = std::map<std::string, ExprPtr>;

// Every distinct way `target` matches `pattern` (empty: no match; more than one: ambiguous, e.g.
// x*y against 2*3). Chains of more than 8 terms are matched in their written order only.
std::vector<Bindings> unify(const ExprPtr& pattern, const ExprPtr& target,
                            const std::set<std::string>& variables);

// The terms of a commutative chain rooted at `expr` (a + b + c → {a, b, c}); {expr} otherwise.
std::vector<ExprPtr> chain_terms(const ExprPtr& expr);

// True for the operators unify treats as commutative chains (+, *, and, or).
bool is_commutative_chain(const Expr& expr);

}  // namespace loom
