// The names an expression list mentions as plain variables (inames, parameters, scalars): what
// several analyses ask of index expressions.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "loom/expr.hpp"

namespace loom {

inline std::set<std::string> variable_names_in(const std::vector<ExprPtr>& exprs) {
  std::set<std::string> names;
  for (const ExprPtr& expr : exprs) {
    visit_expr(*expr, [&](const Expr& node) {
      if (node.kind == ExprKind::Variable) names.insert(node.name);
    });
  }
  return names;
}

}  // namespace loom
