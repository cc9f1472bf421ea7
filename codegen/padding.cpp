#include "codegen/padding.hpp"

#include "transforms/tail_support.hpp"

namespace loom::codegen {

namespace {

bool is_global(const LoopKernel& kernel, const std::string& name) {
  if (const KernelArgument* arg = kernel.find_arg(name)) return arg->is_array();
  const Temporary* temporary = kernel.find_temporary(name);
  return temporary != nullptr && temporary->address_space == AddressSpace::Global;
}

bool writes_global(const LoopKernel& kernel, const Instruction& instruction) {
  for (const ExprPtr& assignee : instruction.assignees)
    if (is_global(kernel, assignee->name)) return true;
  return false;
}

// Every iname the condition mentions is one the instruction runs in.
bool evaluable(const LoopKernel& kernel, const Expr& condition, const Instruction& instruction) {
  bool ok = true;
  visit_expr(condition, [&](const Expr& node) {
    if (node.kind != ExprKind::Variable) return;
    if (kernel.domain_of_iname(node.name) != nullptr && instruction.within_inames.count(node.name) == 0) ok = false;
  });
  return ok;
}

ExprPtr conjunction(const std::vector<ExprPtr>& conditions) {
  ExprPtr result;
  for (const ExprPtr& condition : conditions) result = result ? binary(BinaryOp::LogicalAnd, result, condition) : condition;
  return result;
}

// Global reads on the padding give `fill`; reads inside an `if` already chosen keep it.
ExprPtr predicated_reads(const LoopKernel& kernel, const ExprPtr& expr, const ExprPtr& condition, const ExprPtr& fill) {
  return map_expr(expr, [&](const ExprPtr& node) -> ExprPtr {
    if (node->kind != ExprKind::Subscript || !is_global(kernel, node->name)) return node;
    return if_then_else(condition, node, fill);
  });
}

}  // namespace

LoopKernel resolve_padding(const LoopKernel& kernel) {
  LoopKernel result = kernel;
  for (Instruction& instruction : result.instructions) {
    std::vector<ExprPtr> kept, padding;
    ExprPtr fill;
    for (const ExprPtr& predicate : instruction.predicates) {
      if (is_recomputed_marker(*predicate)) continue;  // shift_inwards: every instance runs
      if (!is_padding_marker(*predicate)) {
        kept.push_back(predicate);
        continue;
      }
      fill = predicate->operands[1];
      if (evaluable(kernel, *predicate->operands[0], instruction)) padding.push_back(predicate);
    }
    if (!fill) {
      instruction.predicates = std::move(kept);
      continue;
    }
    if (writes_global(kernel, instruction)) {
      kept.insert(kept.end(), padding.begin(), padding.end());  // lowered as `if`, outside isl
    } else if (!padding.empty() && instruction.expression) {
      std::vector<ExprPtr> conditions;
      for (const ExprPtr& marker : padding) conditions.push_back(marker->operands[0]);
      instruction.expression = predicated_reads(kernel, instruction.expression, conjunction(conditions), fill);
    }
    instruction.predicates = std::move(kept);
  }
  return result;
}

}  // namespace loom::codegen
