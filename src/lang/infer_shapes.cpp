#include "lang/infer_shapes.hpp"

#include <isl/aff.h>
#include <isl/set.h>

#include <cstdlib>
#include <functional>
#include <optional>

#include "analysis/accesses.hpp"
#include "analysis/preprocess.hpp"
#include "ir/instance_sets.hpp"
#include "ir/isl_expr.hpp"
#include "ir/isl_kernel.hpp"
#include "loom/error.hpp"
#include "analysis/condition_set.hpp"

namespace loom::lang {

namespace {

struct Access {
  const Instruction* instruction;
  std::set<std::string> inames;  // within_inames plus the reductions around the access
  const Expr* subscript;
  std::vector<ExprPtr> guards;  // if(c, ...) branches it sits in (c, or not c)
  ExprPtr root;                 // the expression `subscript` points into, kept alive
};

void collect_accesses(const Expr& expr, const std::string& name, const Instruction& instruction,
                      std::set<std::string> inames, const std::vector<ExprPtr>& guards, std::vector<Access>& out) {
  if (expr.kind == ExprKind::Reduction) inames.insert(expr.reduction_inames.begin(), expr.reduction_inames.end());
  if (expr.kind == ExprKind::Subscript && expr.name == name) out.push_back({&instruction, inames, &expr, guards, nullptr});
  if (expr.kind == ExprKind::IfThenElse) {
    // A branch runs only where its condition says (loopy's test_predicated_redn reads
    // tmp[i+j-5] only for j >= 5): those elements are the ones the array needs.
    std::vector<ExprPtr> then_guards = guards, else_guards = guards;
    then_guards.push_back(expr.operands[0]);
    else_guards.push_back(unary(UnaryOp::LogicalNot, expr.operands[0]));
    collect_accesses(*expr.operands[0], name, instruction, inames, guards, out);
    collect_accesses(*expr.operands[1], name, instruction, inames, then_guards, out);
    collect_accesses(*expr.operands[2], name, instruction, inames, else_guards, out);
    return;
  }
  for (const ExprPtr& operand : expr.operands) collect_accesses(*operand, name, instruction, inames, guards, out);
}

// `root` with the substitution rules it invokes expanded: loopy's shape guess counts the
// accesses a rule makes where it is used (`twice := 2*a[i]` then `out[i] = twice`). A rule that
// cannot be expanded (recursive) is left as written; it is refused where it is expanded.
ExprPtr with_rules_expanded(const ExprPtr& root, const LoopKernel& kernel) {
  if (kernel.substitutions.empty()) return root;
  try {
    return expand_substitutions(root, kernel);
  } catch (const Error&) {
    return root;
  }
}

std::vector<Access> accesses_of(const LoopKernel& kernel, const std::string& name) {
  std::vector<Access> accesses;
  for (const Instruction& instruction : kernel.instructions) {
    std::vector<ExprPtr> roots;
    for (const ExprPtr& assignee : instruction.assignees) roots.push_back(with_rules_expanded(assignee, kernel));
    if (instruction.expression) roots.push_back(with_rules_expanded(instruction.expression, kernel));
    for (const ExprPtr& predicate : instruction.predicates) roots.push_back(with_rules_expanded(predicate, kernel));
    for (const ExprPtr& root : roots) {
      std::size_t first = accesses.size();
      collect_accesses(*root, name, instruction, instruction.within_inames, {}, accesses);
      for (std::size_t k = first; k < accesses.size(); ++k) accesses[k].root = root;
    }
  }
  return accesses;
}

// The union of the elements accessed, as a set of index tuples; nullopt when unused. With
// `guarded`, an access counts only where the conditions around it (the instruction's `if`
// predicates, the if(c, ...) branches it sits in) hold.
std::optional<isl::set> footprint(const LoopKernel& kernel, const std::string& name, bool guarded) {
  std::optional<isl::set> result;
  for (const Access& access : accesses_of(kernel, name)) {
    Instruction scope = *access.instruction;
    scope.within_inames = access.inames;
    isl::set domain = instruction_domain(kernel, scope);
    std::vector<ExprPtr> conditions;
    if (guarded) {
      conditions = access.instruction->predicates;
      conditions.insert(conditions.end(), access.guards.begin(), access.guards.end());
    }
    for (const ExprPtr& condition : conditions) {
      if (std::optional<isl::set> holds = condition_set(kernel, *condition, domain)) domain = domain.intersect(*holds);
    }
    auto map = access_map(domain, name, access.subscript->operands);
    if (!map) {
      throw Error("cannot infer the shape of '" + name + "': instruction '" + access.instruction->id +
                  "' indexes it with a non-affine expression (" + to_string(*access.subscript) +
                  "); declare its shape");
    }
    isl::set range = map->range();
    result = result ? result->unite(range) : range;
  }
  return result;
}

std::string axis_text(const std::string& name, int axis) {
  return "axis " + std::to_string(axis) + " of '" + name + "'";
}

// One more than the largest index on `axis`, as an expression of the parameters; nullopt when
// that is not one affine expression (it has pieces, or is unbounded).
std::optional<ExprPtr> largest_index_plus_one(const isl::set& used, int axis, const isl::set& context) {
  isl_pw_aff* raw_highest = isl_set_dim_max(used.copy(), axis);
  if (raw_highest == nullptr) return std::nullopt;
  isl::pw_aff highest = isl::manage(raw_highest).gist(context).coalesce();
  isl::pw_aff extent = isl::manage(isl_pw_aff_add_constant_val(highest.copy(), isl_val_one(highest.ctx().get())));
  return pw_aff_to_expr(extent.coalesce());
}

// The largest value `highest` takes for any parameter values the assumptions allow; nullopt
// when they do not bound it.
std::optional<int64_t> largest_constant(const isl::pw_aff& highest, const isl::set& context) {
  isl_val* max = isl_pw_aff_max_val(isl_pw_aff_intersect_params(highest.copy(), context.copy()));
  std::optional<int64_t> result;
  if (max != nullptr && isl_val_is_int(max)) result = isl_val_get_num_si(max);
  isl_val_free(max);
  return result;
}

// One more than the largest index on `axis`, as an expression of the parameters. `unguarded`
// gives the footprint with every access counted in its whole instruction domain: where the
// conditions make the largest index piecewise (min(n - 1, 5) for a read under `i <= 5`), the
// extent is taken from it, as loopy's shape guess ignores conditions (a larger, safe shape).
ExprPtr axis_extent(const isl::set& used, int axis, const LoopKernel& kernel, const std::string& name,
                    const std::function<isl::set()>& unguarded, bool constant_if_bounded) {
  isl::set context = isl_set_of(kernel.assumptions);
  isl_pw_aff* raw_lowest = isl_set_dim_min(used.copy(), axis);
  isl_pw_aff* raw_highest = isl_set_dim_max(used.copy(), axis);
  if (raw_lowest == nullptr || raw_highest == nullptr) {
    isl_pw_aff_free(raw_lowest);
    isl_pw_aff_free(raw_highest);
    throw Error("cannot infer the shape of '" + name + "': " + axis_text(name, axis) +
                " is unbounded; declare its shape, or add assumptions (e.g. \"n >= 1\") that bound it");
  }
  isl::pw_aff lowest = isl::manage(raw_lowest).gist(context);
  isl::pw_aff highest = isl::manage(raw_highest).gist(context).coalesce();
  isl_val* low = isl_pw_aff_min_val(lowest.copy());
  bool negative = low != nullptr && isl_val_is_int(low) && isl_val_is_neg(low);
  isl_val_free(low);
  if (negative) throw Error(axis_text(name, axis) + " is indexed below 0; loom arrays start at index 0");
  if (constant_if_bounded) {
    if (std::optional<int64_t> bound = largest_constant(highest, context)) return int_literal(*bound + 1);
  }
  isl::pw_aff extent = isl::manage(isl_pw_aff_add_constant_val(highest.copy(), isl_val_one(highest.ctx().get())));
  auto expr = pw_aff_to_expr(extent.coalesce());
  if (!expr) expr = largest_index_plus_one(unguarded(), axis, context);
  if (!expr) {
    // The pieces in isl's notation tell the user which parameter values need an assumption.
    char* pieces = isl_pw_aff_to_str(highest.get());
    std::string text = pieces != nullptr ? pieces : "?";
    free(pieces);
    throw Error("cannot infer the shape of '" + name + "': the largest index on axis " + std::to_string(axis) +
                " is not a single affine expression of the parameters (" + text +
                "); declare its shape, or add assumptions (e.g. \"n >= 1\") so that one expression bounds it");
  }
  return *expr;
}

// `constant_if_bounded`: an extent the assumptions bound by a constant is that constant (loopy
// sizes a temporary `<> t[i]` over 0 <= i < n with "n <= 8" as 8: private and local arrays need
// constant sizes).
std::vector<ExprPtr> inferred_shape(const LoopKernel& kernel, const std::string& name, std::size_t rank,
                                    bool constant_if_bounded = false) {
  std::optional<isl::set> used = footprint(kernel, name, true);
  if (!used) throw Error("cannot infer the shape of '" + name + "': it is never indexed; declare its shape");
  std::optional<isl::set> unguarded;
  auto unguarded_footprint = [&] {
    if (!unguarded) unguarded = footprint(kernel, name, false);
    return *unguarded;
  };
  std::vector<ExprPtr> shape;
  for (std::size_t axis = 0; axis < rank; ++axis) {
    shape.push_back(axis_extent(*used, static_cast<int>(axis), kernel, name, unguarded_footprint, constant_if_bounded));
  }
  return shape;
}

std::size_t subscript_rank(const LoopKernel& kernel, const std::string& name) {
  std::vector<Access> accesses = accesses_of(kernel, name);
  if (accesses.empty()) return 0;
  std::size_t rank = accesses.front().subscript->operands.size();
  for (const Access& access : accesses) {
    if (access.subscript->operands.size() != rank) {
      throw Error("'" + name + "' is indexed with " + std::to_string(rank) + " and with " +
                  std::to_string(access.subscript->operands.size()) + " indices");
    }
  }
  return rank;
}

}  // namespace

void infer_shapes(LoopKernel& kernel) {
  for (KernelArgument& arg : kernel.args) {
    if (!arg.is_array() || !arg.shape_is_auto) continue;
    arg.shape = with_isl_errors("inferring the shape of '" + arg.name + "'",
                                [&] { return inferred_shape(kernel, arg.name, subscript_rank(kernel, arg.name)); });
    arg.shape_is_auto = false;
  }
  for (Temporary& temporary : kernel.temporaries) {
    std::size_t rank = subscript_rank(kernel, temporary.name);
    if (!temporary.shape.empty() || rank == 0) continue;
    // An extent may still be a parameter (deg + 1): loopy infers shapes after fix_parameters,
    // which makes it constant (test_rob_stroud_bernstein_full fixes deg after make_kernel), and
    // code generation refuses a private or local temporary whose shape is still not constant.
    temporary.shape = with_isl_errors("inferring the shape of '" + temporary.name + "'",
                                      [&] {
                                        return inferred_shape(kernel, temporary.name, rank,
                                                              temporary.address_space != AddressSpace::Global);
                                      });
  }
}

}  // namespace loom::lang
