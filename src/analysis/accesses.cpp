#include "analysis/accesses.hpp"

#include <isl/map.h>
#include <isl/set.h>

#include <algorithm>
#include <set>

#include "analysis/condition_set.hpp"
#include "analysis/preprocess.hpp"
#include "analysis/reduction_terms.hpp"
#include "ir/instance_sets.hpp"
#include "ir/isl_expr.hpp"
#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "ir/isl_memo.hpp"

namespace loom {

namespace {

bool is_storage(const LoopKernel& kernel, const std::string& name) {
  if (kernel.find_temporary(name) != nullptr) return true;
  const KernelArgument* arg = kernel.find_arg(name);
  return arg != nullptr && arg->is_array();
}

class AccessCollector {
 public:
  AccessCollector(const LoopKernel& kernel, const Instruction& instruction, std::vector<Access>& out)
      : kernel_(kernel), instruction_(instruction), out_(out) {}

  void reads(const Expr& expr, std::set<std::string> reductions, std::vector<ExprPtr> guards) {
    if (expr.kind == ExprKind::Reduction) reductions.insert(expr.reduction_inames.begin(), expr.reduction_inames.end());
    if ((expr.kind == ExprKind::Variable || expr.kind == ExprKind::Subscript) && is_storage(kernel_, expr.name) &&
        first_time(expr, reductions, guards)) {
      out_.push_back({&instruction_, expr.name, false, expr.kind == ExprKind::Subscript ? &expr : nullptr,
                      reductions, guards});
    }
    if (expr.kind == ExprKind::IfThenElse) {
      reads(*expr.operands[0], reductions, guards);
      std::vector<ExprPtr> then_guards = guards, else_guards = guards;
      then_guards.push_back(expr.operands[0]);
      else_guards.push_back(unary(UnaryOp::LogicalNot, expr.operands[0]));
      reads(*expr.operands[1], reductions, then_guards);
      reads(*expr.operands[2], reductions, else_guards);
      return;
    }
    for (const ExprPtr& operand : expr.operands) reads(*operand, reductions, guards);
  }

  void writes(const Expr& assignee) {
    if (!is_storage(kernel_, assignee.name)) return;
    out_.push_back({&instruction_, assignee.name, true, assignee.kind == ExprKind::Subscript ? &assignee : nullptr,
                    {}, {}});
  }

 private:
  // Repeated identical reads (`a[i] + a[i] + ...`, 20,000 times in issue 24) are one access: every
  // analysis would otherwise build the same isl relation once per repetition.
  bool first_time(const Expr& expr, const std::set<std::string>& reductions, const std::vector<ExprPtr>& guards) {
    std::string key = to_string(expr);
    for (const std::string& iname : reductions) key += "|" + iname;
    for (const ExprPtr& guard : guards) key += "|" + to_string(*guard);
    return seen_reads_.insert(std::move(key)).second;
  }

  const LoopKernel& kernel_;
  const Instruction& instruction_;
  std::vector<Access>& out_;
  std::set<std::string> seen_reads_;
};

// Whether every name in `expr` is a dimension or a parameter of `domain`, or (with `kernel`) an
// integer value argument: expr_to_pw_aff makes any other name a new parameter, an integer, and a
// temporary or a floating-point value argument is none (`if t > 0` on a float temporary t became
// `t >= 1` in the isl AST: the untransformed kernel, the check's reference, skipped the branch for
// t in (0, 1); found by a user spec, conf18). The domain's own parameters are integers (isl's),
// data-dependent ones (CSR's rs) included; an integer temporary that is not one of them varies
// from instance to instance and is no parameter.
bool names_only_integer_parameters(const Expr& expr, const isl::set& domain, const LoopKernel* kernel) {
  bool known = true;
  visit_expr(expr, [&](const Expr& node) {
    if (node.kind != ExprKind::Variable) return;
    if (isl_extra::find_dim(domain, isl_dim_set, node.name) >= 0 ||
        isl_set_find_dim_by_name(domain.get(), isl_dim_param, node.name.c_str()) >= 0)
      return;
    const KernelArgument* argument = kernel ? kernel->find_arg(node.name) : nullptr;
    bool integer_value = argument != nullptr && !argument->is_array() && argument->dtype && !is_floating(*argument->dtype) &&
                         kernel->find_temporary(node.name) == nullptr;
    if (!integer_value) known = false;
  });
  return known;
}

std::optional<isl::set> comparison_set(const Expr& expr, const isl::set& domain, const LoopKernel* kernel) {
  if (!names_only_integer_parameters(expr, domain, kernel)) return std::nullopt;
  auto lhs = expr_to_pw_aff(*expr.operands[0], domain);
  auto rhs = expr_to_pw_aff(*expr.operands[1], domain);
  if (!lhs || !rhs) return std::nullopt;
  switch (expr.binary_op) {
    case BinaryOp::Less: return lhs->lt_set(*rhs);
    case BinaryOp::LessEqual: return lhs->le_set(*rhs);
    case BinaryOp::Greater: return lhs->gt_set(*rhs);
    case BinaryOp::GreaterEqual: return lhs->ge_set(*rhs);
    case BinaryOp::Equal: return lhs->eq_set(*rhs);
    case BinaryOp::NotEqual: return lhs->ne_set(*rhs);
    default: return std::nullopt;
  }
}

// Every element of `variable` (its rank from the subscript), for non-affine accesses.
isl::map any_element(const isl::set& domain, const std::string& variable, std::size_t rank) {
  isl_space* space = isl_space_from_domain(isl_set_get_space(domain.get()));
  space = isl_space_add_dims(space, isl_dim_out, static_cast<unsigned>(rank));
  space = isl_space_set_tuple_name(space, isl_dim_out, variable.c_str());
  isl_map* universe = isl_map_universe(space);
  return isl::manage(isl_map_intersect_domain(universe, domain.copy()));
}

// Where only some indices are affine (`c[k, (i2 + 1) % n]`, `x[i, colidx[j]]`), those still bound
// the access: each affine axis is exact and the others range over every element. As "every
// element" of c, the reads of row 0 met the writes of row 2 (a loop over k with a global barrier
// in it was refused for an anti dependence between rows that never meet). `axis_is_data` marks
// the indices that read storage, which must not be read as parameters.
isl::map affine_axes_exact(const isl::set& domain, const std::string& variable, const std::vector<ExprPtr>& indices,
                           const std::vector<bool>& axis_is_data) {
  isl_map* map = nullptr;
  for (std::size_t axis = 0; axis < indices.size(); ++axis) {
    std::optional<isl::pw_aff> value = axis_is_data[axis] ? std::nullopt : expr_to_pw_aff(*indices[axis], domain);
    isl_map* one_axis = value ? isl_map_from_pw_aff(value->release())
                              : isl_map_universe(isl_space_add_dims(isl_space_from_domain(isl_set_get_space(domain.get())), isl_dim_out, 1));
    map = map == nullptr ? one_axis : isl_map_flat_range_product(map, one_axis);
  }
  if (map == nullptr) return any_element(domain, variable, 0);
  map = isl_map_set_tuple_name(map, isl_dim_out, variable.c_str());
  return isl::manage(isl_map_intersect_domain(map, domain.copy()));
}

isl::map project_out_inames(isl::map map, const std::set<std::string>& inames) {
  // isl_map_project_out drops the input tuple's name; the dependence analysis matches accesses to
  // their instruction by that name, so a read inside a reduction that lost it depended on nothing
  // (atax's y[j] = sum(i, A[i,j]*tmp[i]) read tmp from other work-groups unchecked).
  isl_id* tuple = isl_map_get_tuple_id(map.get(), isl_dim_in);
  for (const std::string& iname : inames) {
    int position = isl_map_find_dim_by_name(map.get(), isl_dim_in, iname.c_str());
    if (position >= 0) {
      map = isl::manage(isl_map_project_out(map.release(), isl_dim_in, static_cast<unsigned>(position), 1));
    }
  }
  if (tuple != nullptr) map = isl::manage(isl_map_set_tuple_id(map.release(), isl_dim_in, tuple));
  return map;
}

}  // namespace

std::vector<Access> instruction_accesses(const LoopKernel& kernel, const Instruction& instruction) {
  // Reads inside substitution rules are the instruction's reads: inline the rules first.
  std::shared_ptr<const Instruction> expanded;
  if (!kernel.substitutions.empty()) {
    auto copy = std::make_shared<Instruction>(instruction);
    copy->expression = expand_substitutions(copy->expression, kernel);
    for (ExprPtr& assignee : copy->assignees) assignee = expand_substitutions(assignee, kernel);
    for (ExprPtr& predicate : copy->predicates) predicate = expand_substitutions(predicate, kernel);
    expanded = copy;
  }
  const Instruction& source = expanded ? *expanded : instruction;
  std::vector<Access> accesses;
  AccessCollector collector(kernel, source, accesses);
  for (const ExprPtr& assignee : source.assignees) collector.writes(*assignee);
  for (const ExprPtr& assignee : source.assignees) {
    for (const ExprPtr& index : assignee->operands) collector.reads(*index, {}, {});
  }
  if (source.expression) collector.reads(*source.expression, {}, {});
  for (const ExprPtr& predicate : source.predicates) collector.reads(*predicate, {}, {});
  for (Access& access : accesses) {
    access.instruction = &instruction;
    access.expanded = expanded;
  }
  return accesses;
}

isl::set instance_set(const LoopKernel& kernel, const Instruction& instruction) {
  return isl_extra::set_tuple_name(instruction_domain(kernel, instruction), instruction.id);
}

namespace {

// An integer used as a condition (`x[i] if 0 else ...`, `in[i-1] if i else ...`, loopy's
// test_access_check_with_conditionals): true where it is nonzero. Only literals and inames of
// `domain` qualify: another name may be a floating-point value, which isl's integers cannot hold.
std::optional<isl::set> nonzero_set(const Expr& condition, const isl::set& domain) {
  bool integer_of_inames = true;
  visit_expr(condition, [&](const Expr& node) {
    bool iname = node.kind == ExprKind::Variable && isl_extra::find_dim(domain, isl_dim_set, node.name) >= 0;
    bool arithmetic = node.kind == ExprKind::Binary || node.kind == ExprKind::Unary;
    if (!iname && !arithmetic && node.kind != ExprKind::IntLiteral) integer_of_inames = false;
  });
  if (!integer_of_inames) return std::nullopt;
  std::optional<isl::pw_aff> value = expr_to_pw_aff(condition, domain);
  if (!value) return std::nullopt;
  return value->ne_set(domain.pw_aff_on_domain(0L));
}

}  // namespace

namespace {

std::optional<isl::set> condition_set_with(const Expr& condition, const isl::set& domain, const LoopKernel* kernel) {
  // split_iname's round_up marker (transforms/tail_support.hpp) holds where its condition does.
  // shift_inwards' marker holds on the instances that are not recomputations.
  if (condition.kind == ExprKind::Call && condition.operands.size() >= 1 &&
      ((condition.name == "loom_round_up" && condition.operands.size() == 2) || condition.name == "loom_recomputed"))
    return condition_set_with(*condition.operands[0], domain, kernel);
  if (condition.kind == ExprKind::Unary && condition.unary_op == UnaryOp::LogicalNot) {
    auto inner = condition_set_with(*condition.operands[0], domain, kernel);
    if (!inner) return std::nullopt;
    return domain.subtract(*inner);
  }
  if (condition.kind != ExprKind::Binary) return nonzero_set(condition, domain);
  if (is_comparison(condition.binary_op)) return comparison_set(condition, domain, kernel);
  if (!is_logical(condition.binary_op)) return nonzero_set(condition, domain);
  auto lhs = condition_set_with(*condition.operands[0], domain, kernel);
  auto rhs = condition_set_with(*condition.operands[1], domain, kernel);
  if (!lhs || !rhs) return std::nullopt;
  return condition.binary_op == BinaryOp::LogicalAnd ? lhs->intersect(*rhs) : lhs->unite(*rhs);
}

}  // namespace

std::optional<isl::set> condition_set(const Expr& condition, const isl::set& domain) {
  return condition_set_with(condition, domain, nullptr);
}

std::optional<isl::set> condition_set(const LoopKernel& kernel, const Expr& condition, const isl::set& domain) {
  return condition_set_with(condition, domain, &kernel);
}

namespace {

// Whether `condition` names an iname of the kernel that is not a dimension of the access's
// instances: a reduction's round_up marker (`loom_round_up(64*kt + kk < p)` on
// `partial[s, i, j] = sum([kt, kk], ...)`) restricts the reduction's terms, not the write of its
// result, which happens at every (s, i, j), an empty sum included. Read as a condition of the
// write, its reduction inames became free parameters of the written set.
bool names_iname_outside(const Expr& condition, const isl::set& domain, const std::set<std::string>& inames) {
  bool outside = false;
  visit_expr(condition, [&](const Expr& node) {
    if (node.kind == ExprKind::Variable && inames.count(node.name) != 0 &&
        isl_extra::find_dim(domain, isl_dim_set, node.name) < 0)
      outside = true;
  });
  return outside;
}

// `term`: the tuple name of the access's reduction term (reduction_terms.hpp), whose instances
// keep the reduction inames; null for the instruction's own instances (reductions projected out).
AccessRelation compute_access_relation(const LoopKernel& kernel, const Access& access, const isl::set& instances, const std::vector<bool>& axis_is_data,
                                       const std::set<std::string>& kernel_inames, const std::string* term = nullptr) {
  const bool data_dependent = std::find(axis_is_data.begin(), axis_is_data.end(), true) != axis_is_data.end();
  isl::set domain = isl_extra::set_tuple_name(instances, term ? *term : access.instruction->id);
  std::vector<ExprPtr> conditions = access.instruction->predicates;
  conditions.insert(conditions.end(), access.guards.begin(), access.guards.end());
  // Each condition as a set of the whole space, intersected with the instances once (issue 26:
  // computed on the instances, every operation of every condition intersected them again); on
  // the instances as before where it is not affine on the whole space (isl_expr's access_map).
  isl::set universe = isl::set::universe(domain.space());
  for (const ExprPtr& condition : conditions) {
    if (names_iname_outside(*condition, domain, kernel_inames)) continue;  // over-approximates: safe
    std::optional<isl::set> holds = condition_set(kernel, *condition, universe);
    if (!holds) holds = condition_set(kernel, *condition, domain);
    if (holds) domain = domain.intersect(*holds);
  }
  std::vector<ExprPtr> indices = access.subscript ? access.subscript->operands : std::vector<ExprPtr>{};
  std::optional<isl::map> exact =
      data_dependent ? std::nullopt : access_map(domain, access.variable, indices);
  AccessRelation relation{exact ? *exact : affine_axes_exact(domain, access.variable, indices, axis_is_data),
                          exact.has_value()};
  if (term == nullptr) relation.map = project_out_inames(relation.map, access.reduction_inames);
  return relation;
}

// Everything compute_access_relation reads besides the instruction's instances.
void add_access_to_key(IslMemoKey& key, const Access& access, const std::vector<bool>& axis_is_data) {
  std::string axes = "axes:";
  for (bool data : axis_is_data) axes += data ? 'd' : 'a';
  key.add(access.instruction->id).add(access.variable).add(axes);
  key.add(access.subscript ? to_string(*access.subscript) : std::string("scalar"));
  std::string text;
  for (const std::string& iname : access.reduction_inames) text += iname + ",";
  key.add(text);
  for (const ExprPtr& condition : access.instruction->predicates) key.add("p:" + to_string(condition));
  for (const ExprPtr& condition : access.guards) key.add("g:" + to_string(condition));
}

}  // namespace

namespace {

// The access's instruction widened to the reductions around the access.
Instruction access_scope(const Access& access) {
  Instruction scope = *access.instruction;
  scope.within_inames.insert(access.reduction_inames.begin(), access.reduction_inames.end());
  return scope;
}

// Whether an index reads data (a temporary or an array): it is then not a function of the instance.
// Per index of the subscript: whether it reads storage (an array, a temporary).
std::vector<bool> data_dependent_axes(const LoopKernel& kernel, const Access& access) {
  std::vector<bool> axes;
  if (access.subscript == nullptr) return axes;
  for (const ExprPtr& index : access.subscript->operands) {
    bool data = false;
    visit_expr(*index, [&](const Expr& node) {
      if (node.kind == ExprKind::Subscript || (node.kind == ExprKind::Variable && is_storage(kernel, node.name))) {
        data = true;
      }
    });
    axes.push_back(data);
  }
  return axes;
}

IslMemoKey access_key(const LoopKernel& kernel, const Access& access, const Instruction& scope,
                      const std::vector<bool>& axis_is_data) {
  std::vector<std::string> dims;
  for (const std::string& iname : kernel.all_inames()) {
    if (scope.within_inames.count(iname) != 0) dims.push_back(iname);
  }
  IslMemoKey key = instruction_domain_key(kernel, scope.within_inames, dims, "S", true);
  key.add("access_relation");
  add_access_to_key(key, access, axis_is_data);
  return key;
}

}  // namespace

bool writes_each_element_once(const Access& write) {
  const Instruction& instruction = *write.instruction;
  if (!write.is_write) return false;
  if (write.subscript == nullptr) return instruction.within_inames.empty();
  if (write.subscript->operands.size() != instruction.within_inames.size()) return false;
  std::set<std::string> indexed;
  for (const ExprPtr& index : write.subscript->operands) {
    if (index->kind != ExprKind::Variable || instruction.within_inames.count(index->name) == 0) return false;
    if (!indexed.insert(index->name).second) return false;
  }
  return true;
}

IslMemoKey access_relation_key(const LoopKernel& kernel, const Access& access) {
  return access_key(kernel, access, access_scope(access), data_dependent_axes(kernel, access));
}

AccessRelation access_relation(const LoopKernel& kernel, const Access& access) {
  Instruction scope = access_scope(access);
  std::vector<bool> axis_is_data = data_dependent_axes(kernel, access);
  return memoized(
      *isl_context_of(kernel), access_key(kernel, access, scope, axis_is_data),
      [&] {
        std::vector<std::string> names = kernel.all_inames();
        AccessRelation relation = compute_access_relation(kernel, access, instruction_domain(kernel, scope), axis_is_data,
                                                          std::set<std::string>(names.begin(), names.end()));
        detail::IslMemoEntry computed;
        computed.map = relation.map;
        computed.set = relation.map.wrap();  // stand-in (isl_memo.hpp)
        computed.flag = relation.exact;
        return computed;
      },
      [](const detail::IslMemoEntry& entry) { return AccessRelation{entry.map, entry.flag}; });
}

AccessRelation reduction_term_access_relation(const LoopKernel& kernel, const Access& access) {
  std::vector<std::string> reduction_inames;
  for (const std::string& iname : kernel.all_inames()) {
    if (access.reduction_inames.count(iname) != 0) reduction_inames.push_back(iname);
  }
  ReductionTerm term{access.instruction->id, reduction_inames};
  std::string name = term.tuple_name();
  std::vector<bool> axis_is_data = data_dependent_axes(kernel, access);
  IslMemoKey key = access_key(kernel, access, access_scope(access), axis_is_data);
  key.add("reduction_term");
  return memoized(
      *isl_context_of(kernel), key,
      [&] {
        std::vector<std::string> names = kernel.all_inames();
        AccessRelation relation = compute_access_relation(kernel, access, reduction_term_instances(kernel, term), axis_is_data,
                                                          std::set<std::string>(names.begin(), names.end()), &name);
        detail::IslMemoEntry computed;
        computed.map = relation.map;
        computed.set = relation.map.wrap();  // stand-in (isl_memo.hpp)
        computed.flag = relation.exact;
        return computed;
      },
      [](const detail::IslMemoEntry& entry) { return AccessRelation{entry.map, entry.flag}; });
}

}  // namespace loom
