// simplify_indices (loopy's transform/instruction.py with symbolic.simplify_using_aff):
// rewrites each affine index expression into the simplest form isl finds for it on the values
// the index can take.
//
//   {[i_outer, i_inner]: 0<=i_inner<16 and 0<=16*i_outer+i_inner<n}
//   out[16*i_outer + i_inner] = a[(16*i_outer + i_inner) // 16] + b[(16*i_outer + i_inner) % 16]
// simplify_indices() →
//   out[16*i_outer + i_inner] = a[i_outer] + b[i_inner]
//
// An index is simplified on the domain of the inames around it (the instruction's, and the
// reductions' that enclose it) and the kernel's assumptions: isl's gist under that context, then
// isl's AST expression builder, kept when it has fewer nodes. Only indices built from integers,
// names, +, -, *, // and % by positive constants are touched; anything else (true division, calls,
// data, floats) and any result isl cannot write as one piece stays as written. Indices inside rule
// bodies are simplified at each invocation, the rule's parameters left unconstrained; a rule
// simplified differently at different invocations becomes variants. The value of every index is
// unchanged wherever it is evaluated, so the kernel computes the same.
//
// Refuses nothing beyond what every transform checks.
#include <isl/ast.h>
#include <isl/ast_build.h>

#include <algorithm>
#include <sstream>

#include "ir/instance_sets.hpp"
#include "ir/isl_expr.hpp"
#include "loom/error.hpp"
#include "transforms/registry.hpp"
#include "transforms/subst_support.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "simplify_indices";

// Integer arithmetic isl represents exactly (Python's // and % for positive divisors).
bool is_quasi_affine(const Expr& expr) {
  switch (expr.kind) {
    case ExprKind::IntLiteral:
    case ExprKind::Variable:
      return true;
    case ExprKind::Unary:
      return expr.unary_op == UnaryOp::Negate && is_quasi_affine(*expr.operands[0]);
    case ExprKind::Binary:
      switch (expr.binary_op) {
        case BinaryOp::Add:
        case BinaryOp::Subtract:
        case BinaryOp::Multiply:
        case BinaryOp::FloorDivide:
        case BinaryOp::Modulo:
          return is_quasi_affine(*expr.operands[0]) && is_quasi_affine(*expr.operands[1]);
        default:
          return false;
      }
    default:
      return false;
  }
}

std::size_t node_count(const Expr& expr) {
  std::size_t count = 0;
  visit_expr(expr, [&](const Expr&) { ++count; });
  return count;
}

std::optional<ExprPtr> from_ast(isl_ast_expr* ast);

std::optional<ExprPtr> from_ast_operation(isl_ast_expr* ast) {
  std::vector<ExprPtr> operands;
  for (int k = 0; k < isl_ast_expr_op_get_n_arg(ast); ++k) {
    isl_ast_expr* operand = isl_ast_expr_op_get_arg(ast, k);
    std::optional<ExprPtr> converted = from_ast(operand);
    isl_ast_expr_free(operand);
    if (!converted) return std::nullopt;
    operands.push_back(*converted);
  }
  auto both = [&](BinaryOp op) { return binary(op, operands[0], operands[1]); };
  switch (isl_ast_expr_op_get_type(ast)) {
    case isl_ast_expr_op_minus:
      return unary(UnaryOp::Negate, operands[0]);
    case isl_ast_expr_op_add:
      return both(BinaryOp::Add);
    case isl_ast_expr_op_sub:
      return both(BinaryOp::Subtract);
    case isl_ast_expr_op_mul:
      return both(BinaryOp::Multiply);
    // Exact division, floor division and division of a non-negative value all agree with //.
    case isl_ast_expr_op_div:
    case isl_ast_expr_op_fdiv_q:
    case isl_ast_expr_op_pdiv_q:
      return both(BinaryOp::FloorDivide);
    // The remainder of a non-negative value agrees with %; zdiv_r (C's sign) does not.
    case isl_ast_expr_op_pdiv_r:
      return both(BinaryOp::Modulo);
    default:
      return std::nullopt;
  }
}

std::optional<ExprPtr> from_ast(isl_ast_expr* ast) {
  switch (isl_ast_expr_get_type(ast)) {
    case isl_ast_expr_int: {
      isl_val* value = isl_ast_expr_int_get_val(ast);
      long number = isl_val_get_num_si(value);
      isl_val_free(value);
      // The parser reads -3 as -(3); write it the same way.
      return number < 0 ? unary(UnaryOp::Negate, int_literal(-number)) : int_literal(number);
    }
    case isl_ast_expr_id: {
      isl_id* id = isl_ast_expr_id_get_id(ast);
      std::string name = isl_id_get_name(id);
      isl_id_free(id);
      return variable(name);
    }
    case isl_ast_expr_op:
      return from_ast_operation(ast);
    default:
      return std::nullopt;
  }
}

class IndexSimplifier : public RuleAwareMapper {
 public:
  explicit IndexSimplifier(const LoopKernel& kernel) : RuleAwareMapper(kernel, kTransform) {}

  // Also used for the assignees' indices, which are not subscript nodes of an expression.
  ExprPtr simplified(const ExprPtr& index, const ExpansionState& state) {
    if (!is_quasi_affine(*index)) return index;
    isl::set context = context_of(state);
    std::optional<isl::pw_aff> value = expr_to_pw_aff(*index, context);
    if (!value) return index;
    isl::pw_aff gisted = value->gist(context);
    if (isl_pw_aff_n_piece(gisted.get()) != 1) return index;
    isl_ast_build* build = isl_ast_build_from_context(context.params().release());
    // The builder wants a function of the parameters alone (the context has no set dimensions).
    isl_pw_aff* on_parameters = isl_pw_aff_project_domain_on_params(gisted.release());
    isl_ast_expr* ast = isl_ast_build_expr_from_pw_aff(build, on_parameters);
    isl_ast_build_free(build);
    if (ast == nullptr) return index;
    std::optional<ExprPtr> result = from_ast(ast);
    isl_ast_expr_free(ast);
    // isl's form is not always simpler (i % 4 on an unbounded i becomes i - 4*(i // 4)).
    if (!result || node_count(**result) >= node_count(*index)) return index;
    return *result;
  }

 protected:
  ExprPtr map(const ExprPtr& expr, const ExpansionState& state) override {
    ExprPtr mapped = map_children(expr, state);
    if (mapped->kind != ExprKind::Subscript) return mapped;
    std::vector<ExprPtr> indices;
    for (const ExprPtr& index : mapped->operands) indices.push_back(simplified(index, state));
    return with_operands(mapped, std::move(indices));
  }

 private:
  // The values of the inames around the node, every name a parameter; a rule parameter that
  // shares an iname's name is not that iname.
  isl::set context_of(const ExpansionState& state) {
    Instruction scope = *state.instruction;
    scope.within_inames.insert(state.reduction_inames.begin(), state.reduction_inames.end());
    for (const std::string& parameter : state.rule_parameters) scope.within_inames.erase(parameter);
    std::string key;
    for (const std::string& iname : scope.within_inames) key += iname + ",";
    auto cached = contexts_.find(key);
    if (cached != contexts_.end()) return cached->second;
    isl::set context = instruction_domain(kernel_, scope, {}, "");
    contexts_.emplace(key, context);
    return context;
  }

  std::map<std::string, isl::set> contexts_;
};

}  // namespace

ExprPtr simplify_index(const LoopKernel& kernel, const Instruction& instruction, const ExprPtr& index) {
  return with_isl_errors(kTransform, [&] {
    IndexSimplifier simplifier(kernel);
    ExpansionState state;
    state.instruction = &instruction;
    return simplifier.simplified(index, state);
  });
}

LoopKernel simplify_indices(const LoopKernel& kernel, bool unchecked) {
  TransformCall call{kTransform, {}};
  if (unchecked) call.arguments["unchecked"] = true;
  LoopKernel result = with_isl_errors(kTransform, [&] {
    IndexSimplifier simplifier(kernel);
    LoopKernel mapped = simplifier.map_kernel();
    for (std::size_t k = 0; k < mapped.instructions.size(); ++k) {
      ExpansionState state;
      state.instruction = &kernel.instructions[k];
      for (ExprPtr& assignee : mapped.instructions[k].assignees) {
        std::vector<ExprPtr> indices;
        for (const ExprPtr& index : assignee->operands)
          indices.push_back(simplifier.simplified(index, state));
        assignee = with_operands(assignee, std::move(indices));
      }
    }
    return mapped;
  });
  // Every index keeps its value where it is evaluated: same accesses, same order.
  return finish_transform(kernel, std::move(result), call, std::nullopt, unchecked,
                          CheckScope::Order);
}

LOOM_REGISTER_TRANSFORM(simplify_indices) {
  registry.add({kTransform,
                "simplify affine index expressions on the domain and assumptions",
                {},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return simplify_indices(kernel, args.unchecked());
                }});
}

}  // namespace loom
