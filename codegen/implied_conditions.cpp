#include "codegen/implied_conditions.hpp"

#include "analysis/accesses.hpp"
#include "ir/instance_sets.hpp"
#include "transforms/tail_support.hpp"
#include "analysis/condition_set.hpp"

namespace loom::codegen {

namespace {

// Whether `condition` names only inames and literals: conditions on a free parameter are
// hardly ever implied (the bound that cuts a tile is the parameter), and testing each costs isl
// a subset test over domains with divisions (~30 ms for the tuned SGEMM); with the sizes fixed
// (`compile -D`, fix_parameters) they are literals and the test pays.
bool over_inames_only(const LoopKernel& kernel, const Expr& condition) {
  bool ok = true;
  visit_expr(condition, [&](const Expr& node) {
    if (node.kind == ExprKind::Variable && kernel.domain_of_iname(node.name) == nullptr) ok = false;
  });
  return ok;
}

void conjuncts(const ExprPtr& condition, std::vector<ExprPtr>& out) {
  if (condition->kind == ExprKind::Binary && condition->binary_op == BinaryOp::LogicalAnd) {
    conjuncts(condition->operands[0], out);
    conjuncts(condition->operands[1], out);
    return;
  }
  out.push_back(condition);
}

enum class Truth { Always, Never, Depends };

class ConditionSimplifier {
 public:
  ConditionSimplifier(const LoopKernel& kernel, isl::set domain) : kernel_(kernel), domain_(std::move(domain)) {}

  // Where the instruction's expression is evaluated: its domain under its affine predicates
  // (pipeline_fetch's next-tile loads run only while a next tile exists).
  ConditionSimplifier where_predicates_hold(const std::vector<ExprPtr>& predicates) const {
    isl::set domain = domain_;
    for (const ExprPtr& predicate : predicates) {
      if (!over_inames_and_parameters(kernel_, marker_free(*predicate))) continue;
      if (std::optional<isl::set> holds = condition_set(kernel_, *predicate, domain)) domain = *holds;
    }
    return ConditionSimplifier(kernel_, domain);
  }

  // `condition` without the conjuncts that hold on the whole domain; null when none is left.
  // `never` is set when one conjunct holds nowhere.
  ExprPtr remaining(const ExprPtr& condition, bool& never) const {
    std::vector<ExprPtr> parts, kept;
    conjuncts(condition, parts);
    never = false;
    for (const ExprPtr& part : parts) {
      Truth truth = truth_of(*part);
      if (truth == Truth::Always) continue;
      if (truth == Truth::Never) never = true;
      kept.push_back(part);
    }
    ExprPtr result;
    for (const ExprPtr& part : kept) result = result ? binary(BinaryOp::LogicalAnd, result, part) : part;
    return result;
  }

 private:
  static const Expr& marker_free(const Expr& predicate) {
    return is_padding_marker(predicate) ? *predicate.operands[0] : predicate;
  }

  Truth truth_of(const Expr& condition) const {
    if (!over_inames_and_parameters(kernel_, condition) || !over_inames_only(kernel_, condition)) return Truth::Depends;
    std::optional<isl::set> holds = condition_set(kernel_, condition, domain_);
    if (!holds) return Truth::Depends;
    if (domain_.is_subset(*holds)) return Truth::Always;
    if (holds->is_empty()) return Truth::Never;
    return Truth::Depends;
  }

  const LoopKernel& kernel_;
  isl::set domain_;
};

ExprPtr simplified_selects(const ExprPtr& expression, const ConditionSimplifier& simplifier) {
  return map_expr(expression, [&](const ExprPtr& node) -> ExprPtr {
    if (node->kind != ExprKind::IfThenElse) return node;
    bool never = false;
    ExprPtr condition = simplifier.remaining(node->operands[0], never);
    if (never) return node->operands[2];
    if (!condition) return node->operands[1];
    if (condition == node->operands[0]) return node;
    return if_then_else(condition, node->operands[1], node->operands[2]);
  });
}

// A predicate without its implied conjuncts (a padding marker keeps its form and fill); null
// when all of them hold.
ExprPtr simplified_predicate(const ExprPtr& predicate, const ConditionSimplifier& simplifier) {
  bool marker = is_padding_marker(*predicate);
  const ExprPtr& condition = marker ? predicate->operands[0] : predicate;
  bool never = false;
  ExprPtr rest = simplifier.remaining(condition, never);
  if (!rest) return nullptr;
  if (rest == condition) return predicate;
  return marker ? padding_marker(rest, predicate->operands[1]) : rest;
}

bool has_select(const Expr& expression) {
  bool found = false;
  visit_expr(expression, [&](const Expr& node) { found = found || node.kind == ExprKind::IfThenElse; });
  return found;
}

}  // namespace

// Whether `condition` names only inames and value arguments (no data, no calls), so that isl's
// integer reading of it is exact.
bool over_inames_and_parameters(const LoopKernel& kernel, const Expr& condition) {
  bool ok = true;
  visit_expr(condition, [&](const Expr& node) {
    switch (node.kind) {
      case ExprKind::IntLiteral:
      case ExprKind::Unary:
      case ExprKind::Binary: return;
      case ExprKind::Variable: {
        if (kernel.domain_of_iname(node.name) != nullptr) return;
        const KernelArgument* arg = kernel.find_arg(node.name);
        if (arg == nullptr || arg->is_array() || !arg->dtype || is_floating(*arg->dtype)) ok = false;
        return;
      }
      default: ok = false;
    }
  });
  return ok;
}

LoopKernel drop_implied_conditions(const LoopKernel& kernel) {
  LoopKernel result = kernel;
  for (Instruction& instruction : result.instructions) {
    bool selects = instruction.expression && has_select(*instruction.expression);
    if (!selects && instruction.predicates.empty()) continue;
    ConditionSimplifier on_domain(kernel, instruction_domain(kernel, instruction));
    if (selects) {
      instruction.expression =
          simplified_selects(instruction.expression, on_domain.where_predicates_hold(instruction.predicates));
    }
    std::vector<ExprPtr> predicates;
    for (const ExprPtr& predicate : instruction.predicates) {
      if (ExprPtr kept = simplified_predicate(predicate, on_domain)) predicates.push_back(kept);
    }
    instruction.predicates = std::move(predicates);
  }
  return result;
}

}  // namespace loom::codegen
