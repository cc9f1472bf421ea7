#include "ir/unify.hpp"

#include <algorithm>

namespace loom {

namespace {

// Chains longer than this are matched in written order only: n! orders would not finish.
constexpr std::size_t kMaxPermutedTerms = 8;

void collect_terms(const ExprPtr& expr, BinaryOp op, std::vector<ExprPtr>& terms) {
  if (expr->kind == ExprKind::Binary && expr->binary_op == op) {
    collect_terms(expr->operands[0], op, terms);
    collect_terms(expr->operands[1], op, terms);
  } else {
    terms.push_back(expr);
  }
}

bool same_literal(const Expr& a, const Expr& b) {
  if (a.kind != b.kind) return false;
  if (a.kind == ExprKind::IntLiteral) return a.int_value == b.int_value;
  return a.float_value == b.float_value && a.literal_dtype == b.literal_dtype;
}

// The node itself agrees (kind, name, operator, inames, arity); operands are compared apart.
bool same_shape(const Expr& p, const Expr& t) {
  if (p.kind != t.kind || p.name != t.name || p.operands.size() != t.operands.size()) return false;
  switch (p.kind) {
    case ExprKind::IntLiteral:
    case ExprKind::FloatLiteral:
      return same_literal(p, t);
    case ExprKind::Unary:
      return p.unary_op == t.unary_op;
    case ExprKind::Binary:
      return p.binary_op == t.binary_op;
    case ExprKind::Reduction:
      return p.reduction_inames == t.reduction_inames;
    default:
      return true;
  }
}

bool add_binding(Bindings& bindings, const std::string& name, const ExprPtr& value) {
  auto [entry, inserted] = bindings.try_emplace(name, value);
  return inserted || structurally_equal(*entry->second, *value);
}

// pymbolic's scheme: `candidates` are the consistent binding sets so far; each step keeps those
// that extend with the new node pair.
class Unifier {
 public:
  explicit Unifier(const std::set<std::string>& variables) : variables_(variables) {}

  std::vector<Bindings> match(const ExprPtr& pattern, const ExprPtr& target,
                              std::vector<Bindings> candidates) const {
    if (candidates.empty()) return candidates;
    const Expr& p = *pattern;
    const Expr& t = *target;
    if (p.kind == ExprKind::Variable && variables_.count(p.name) != 0)
      return bind(p.name, target, std::move(candidates));
    if (is_commutative_chain(p)) return match_chain(pattern, target, std::move(candidates));
    if (!same_shape(p, t)) return {};
    for (std::size_t i = 0; i < p.operands.size() && !candidates.empty(); ++i) {
      candidates = match(p.operands[i], t.operands[i], std::move(candidates));
    }
    return candidates;
  }

 private:
  std::vector<Bindings> bind(const std::string& name, const ExprPtr& value,
                             std::vector<Bindings> candidates) const {
    std::vector<Bindings> extended;
    for (Bindings& bindings : candidates) {
      if (add_binding(bindings, name, value)) extended.push_back(std::move(bindings));
    }
    return extended;
  }

  std::vector<Bindings> match_chain(const ExprPtr& pattern, const ExprPtr& target,
                                    const std::vector<Bindings>& candidates) const {
    if (target->kind != ExprKind::Binary || target->binary_op != pattern->binary_op) return {};
    std::vector<ExprPtr> pattern_terms = chain_terms(pattern);
    std::vector<ExprPtr> target_terms = chain_terms(target);
    if (pattern_terms.size() != target_terms.size()) return {};
    std::vector<Bindings> results;
    std::vector<bool> used(target_terms.size(), false);
    match_terms(pattern_terms, target_terms, 0, used, candidates, results);
    return results;
  }

  // Backtracking over the assignments of pattern terms to target terms.
  void match_terms(const std::vector<ExprPtr>& pattern_terms,
                   const std::vector<ExprPtr>& target_terms, std::size_t next,
                   std::vector<bool>& used, const std::vector<Bindings>& candidates,
                   std::vector<Bindings>& results) const {
    if (next == pattern_terms.size()) {
      results.insert(results.end(), candidates.begin(), candidates.end());
      return;
    }
    bool permute = pattern_terms.size() <= kMaxPermutedTerms;
    for (std::size_t k = 0; k < target_terms.size(); ++k) {
      if (used[k] || (!permute && k != next)) continue;
      std::vector<Bindings> extended = match(pattern_terms[next], target_terms[k], candidates);
      if (extended.empty()) continue;
      used[k] = true;
      match_terms(pattern_terms, target_terms, next + 1, used, extended, results);
      used[k] = false;
    }
  }

  const std::set<std::string>& variables_;
};

bool same_bindings(const Bindings& a, const Bindings& b) {
  if (a.size() != b.size()) return false;
  return std::equal(a.begin(), a.end(), b.begin(), [](const auto& x, const auto& y) {
    return x.first == y.first && structurally_equal(*x.second, *y.second);
  });
}

}  // namespace

bool is_commutative_chain(const Expr& expr) {
  if (expr.kind != ExprKind::Binary) return false;
  switch (expr.binary_op) {
    case BinaryOp::Add:
    case BinaryOp::Multiply:
    case BinaryOp::LogicalAnd:
    case BinaryOp::LogicalOr:
      return true;
    default:
      return false;
  }
}

std::vector<ExprPtr> chain_terms(const ExprPtr& expr) {
  std::vector<ExprPtr> terms;
  if (!is_commutative_chain(*expr)) return {expr};
  collect_terms(expr, expr->binary_op, terms);
  return terms;
}

std::vector<Bindings> unify(const ExprPtr& pattern, const ExprPtr& target,
                            const std::set<std::string>& variables) {
  std::vector<Bindings> all = Unifier(variables).match(pattern, target, {Bindings{}});
  // Different term orders often agree (x*x against a*a): one answer, not an ambiguity.
  std::vector<Bindings> distinct;
  for (Bindings& bindings : all) {
    bool seen = std::any_of(distinct.begin(), distinct.end(),
                            [&](const Bindings& other) { return same_bindings(bindings, other); });
    if (!seen) distinct.push_back(std::move(bindings));
  }
  return distinct;
}

}  // namespace loom
