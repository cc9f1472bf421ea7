#include "analysis/preprocess.hpp"

#include <cstdlib>
#include <map>
#include <string>

#include "analysis/privatize_ilp.hpp"
#include "analysis/realize_reduction.hpp"
#include "analysis/type_inference.hpp"
#include "loom/error.hpp"

namespace loom {

namespace {

// Rules deeper than this are recursive (directly or through each other).
constexpr int kMaxRuleDepth = 64;

ExprPtr expand(const ExprPtr& expr, const LoopKernel& kernel, int depth) {
  return map_expr(expr, [&](const ExprPtr& node) -> ExprPtr {
    if (node->kind != ExprKind::Call && node->kind != ExprKind::Variable) return node;
    auto found = kernel.substitutions.find(node->name);
    if (found == kernel.substitutions.end()) return node;
    const SubstitutionRule& rule = found->second;
    // An argument-less rule is invoked as a variable too (loopy's `invdist`).
    if (node->kind == ExprKind::Variable && !rule.parameters.empty()) return node;
    if (depth > kMaxRuleDepth) {
      throw Error("substitution rule '" + rule.name + "' expands recursively (through itself)");
    }
    std::map<std::string, ExprPtr> arguments;
    for (std::size_t i = 0; i < rule.parameters.size(); ++i) arguments[rule.parameters[i]] = node->operands[i];
    ExprPtr body = substitute(rule.expression, [&](const std::string& name) -> ExprPtr {
      auto argument = arguments.find(name);
      return argument == arguments.end() ? nullptr : argument->second;
    });
    return expand(body, kernel, depth + 1);
  });
}

}  // namespace

ExprPtr expand_substitutions(const ExprPtr& expr, const LoopKernel& kernel) {
  if (kernel.substitutions.empty() || !expr) return expr;
  return expand(expr, kernel, 0);
}

LoopKernel expand_substitutions(const LoopKernel& kernel) {
  if (kernel.substitutions.empty()) return kernel;
  LoopKernel result = kernel;
  for (Instruction& instruction : result.instructions) {
    if (instruction.expression) instruction.expression = expand(instruction.expression, kernel, 0);
    for (ExprPtr& predicate : instruction.predicates) predicate = expand(predicate, kernel, 0);
    for (ExprPtr& assignee : instruction.assignees) assignee = expand(assignee, kernel, 0);
  }
  result.substitutions.clear();
  return result;
}

bool warp_shuffles_enabled(Target target) {
  if (target != Target::CUDA) return false;
  const char* setting = std::getenv("LOOM_WARP_SHUFFLES");
  return setting == nullptr || std::string(setting) != "0";
}

LoopKernel preprocess(const LoopKernel& kernel, bool hardware_axes, bool warp_shuffles) {
  LoopKernel result = expand_substitutions(kernel);
  result = infer_types(result);
  result = realize_reductions(result, hardware_axes, warp_shuffles);
  result = privatize_ilp_temporaries(result);
  return result;
}

}  // namespace loom
