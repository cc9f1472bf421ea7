// The footprint machinery of precompute and add_prefetch, in the order precompute_rule uses it:
// invocations brought into the instructions, their footprint (isl), its fixed-size box, the
// region to fill and its guards, storage inames and temporary, the rewrite, and l.auto.
#include "transforms/footprint_support.hpp"

#include <isl/constraint.h>
#include <isl/fixed_box.h>

#include <algorithm>
#include <functional>
#include <iterator>
#include <map>
#include <set>
#include <sstream>

#include "analysis/accesses.hpp"
#include "ir/instance_sets.hpp"
#include "ir/isl_expr.hpp"
#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "ir/match.hpp"
#include "loom/error.hpp"
#include "transforms/iname_copies.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/subst_support.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

// ---- step 1: bring the rule's invocations into the instructions --------------------------------

// The rules whose bodies invoke `target`, directly or through other rules.
std::set<std::string> rules_invoking(const LoopKernel& kernel, const std::string& target) {
  std::set<std::string> invoking;
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& [name, rule] : kernel.substitutions) {
      if (name == target || invoking.count(name) != 0) continue;
      bool invokes = false;
      visit_expr(*rule.expression, [&](const Expr& node) {
        bool names_rule = node.kind == ExprKind::Variable || node.kind == ExprKind::Call;
        if (names_rule && (node.name == target || invoking.count(node.name) != 0)) invokes = true;
      });
      if (invokes) grew = invoking.insert(name).second || grew;
    }
  }
  return invoking;
}

// Expands, in the selected instructions, the invocations of rules that hold an invocation of the
// target: the footprint needs the target's arguments in terms of inames, which only the
// instruction knows.
class EnclosingRuleExpander : public RuleAwareMapper {
 public:
  EnclosingRuleExpander(const LoopKernel& kernel, const std::string& transform, std::set<std::string> enclosing,
                        const InstructionMatch& within)
      : RuleAwareMapper(kernel, transform), enclosing_(std::move(enclosing)), within_(within) {}

 protected:
  ExprPtr map_invocation(const SubstitutionRule& rule, std::vector<ExprPtr> arguments, bool written_as_call,
                         const ExpansionState& state) override {
    if (enclosing_.count(rule.name) != 0 && within_.matches(kernel_, *state.instruction)) {
      return expand_invocation(rule, arguments, state);
    }
    return keep_invocation(rule, std::move(arguments), written_as_call, state);
  }

 private:
  std::set<std::string> enclosing_;
  const InstructionMatch& within_;
};

// ---- step 2: the invocations and their footprints ----------------------------------------------

bool is_invocation_of(const Expr& node, const SubstitutionRule& rule) {
  if (node.name != rule.name) return false;
  if (node.kind == ExprKind::Call) return true;
  return node.kind == ExprKind::Variable && rule.parameters.empty();
}

// Rewrites the invocations of `rule` in `expr` by `replace(arguments, bound inames)` (null keeps
// one), in a fixed order: collecting and replacing walk the same way.
using InvocationRewrite = std::function<ExprPtr(const std::vector<ExprPtr>&, const std::set<std::string>&)>;

ExprPtr rewrite_invocations(const ExprPtr& expr, const SubstitutionRule& rule, const std::set<std::string>& bound,
                            const InvocationRewrite& replace) {
  if (is_invocation_of(*expr, rule)) {
    ExprPtr replacement = replace(expr->operands, bound);
    return replacement ? replacement : expr;
  }
  std::set<std::string> inner = bound;
  if (expr->kind == ExprKind::Reduction) inner.insert(expr->reduction_inames.begin(), expr->reduction_inames.end());
  std::vector<ExprPtr> operands;
  for (const ExprPtr& operand : expr->operands) operands.push_back(rewrite_invocations(operand, rule, inner, replace));
  return with_operands(expr, std::move(operands));
}

void rewrite_instruction(Instruction& instruction, const SubstitutionRule& rule, const InvocationRewrite& replace) {
  for (ExprPtr& assignee : instruction.assignees) assignee = rewrite_invocations(assignee, rule, {}, replace);
  if (instruction.expression) instruction.expression = rewrite_invocations(instruction.expression, rule, {}, replace);
  for (ExprPtr& predicate : instruction.predicates) predicate = rewrite_invocations(predicate, rule, {}, replace);
}

struct Invocation {
  std::size_t instruction;
  std::vector<ExprPtr> axes;   // storage-axis values: the arguments, then the body's sweep inames
  std::set<std::string> bound; // reduction inames around it
  isl::set domain;             // its instances over the sweep inames; other inames are parameters
};

isl::set invocation_domain(const LoopKernel& kernel, const Instruction& instruction, const std::set<std::string>& bound,
                           const std::vector<std::string>& sweep) {
  Instruction around = instruction;
  around.within_inames.insert(bound.begin(), bound.end());
  std::vector<std::string> dims;
  for (const std::string& iname : sweep) {
    if (around.within_inames.count(iname) != 0) dims.push_back(iname);
  }
  isl::set domain = instruction_domain(kernel, around, dims, "S");
  // A guarded instruction (a compute instruction of an earlier precompute) reads only where its
  // guard holds; without it the footprint could leave the array.
  for (const ExprPtr& predicate : instruction.predicates) {
    if (std::optional<isl::set> holds = condition_set(*predicate, domain)) domain = domain.intersect(*holds);
  }
  return domain;
}

bool reads_memory(const Expr& expr) {
  bool found = false;
  visit_expr(expr, [&](const Expr& node) { found = found || node.kind == ExprKind::Subscript; });
  return found;
}

// The storage-axis values of one instance set as a set over the axes (named F), parameters kept.
isl::set image_of(const FootprintRequest& request, const isl::set& domain, const std::vector<ExprPtr>& axes,
                  const std::string& where) {
  for (const ExprPtr& axis : axes) {
    if (reads_memory(*axis)) {
      throw Error(request.transform + ": the footprint of " + request.subject + " in " + where +
                  " is data-dependent (index '" + to_string(axis) +
                  "' reads memory); an indirect footprint cannot be computed, so it cannot be prefetched");
    }
  }
  std::optional<isl::map> map = access_map(domain, "F", axes);
  if (!map) {
    throw Error(request.transform + ": the footprint of " + request.subject + " in " + where +
                " is not affine in the inames; precompute needs affine indices");
  }
  return map->range();
}

// Keeps only the dependence on `outer` inames: the others take every value (a union).
isl::set over_outer(const LoopKernel& kernel, isl::set set, const std::set<std::string>& outer) {
  for (const std::string& name : isl_extra::dim_names(set, isl_dim_param)) {
    if (kernel.domain_of_iname(name) != nullptr && outer.count(name) == 0) set = isl_extra::project_out_param(set, name);
  }
  return set;
}

// An affine expression as isl simplifies it (16*i_outer + i_inner - 16*i_outer → i_inner); other
// expressions as they are.
ExprPtr simplified(const LoopKernel& kernel, const ExprPtr& expr) {
  isl::set point(isl_context_of(kernel)->ctx(), "{ S[] }");
  std::optional<isl::pw_aff> value = expr_to_pw_aff(*expr, point);
  if (!value) return expr;
  return pw_aff_to_expr(*value).value_or(expr);
}

// ---- step 3: box, region, predicates -----------------------------------------------------------

struct Box {
  std::vector<ExprPtr> offset;
  std::vector<int64_t> size;
};

Box fixed_box(const FootprintRequest& request, const isl::set& footprint) {
  isl_fixed_box* box = isl_set_get_simple_fixed_box_hull(footprint.get());
  Box result;
  bool valid = box != nullptr && isl_fixed_box_is_valid(box) == isl_bool_true;
  if (valid) {
    isl::multi_aff offset = isl::manage(isl_fixed_box_get_offset(box));
    isl::multi_val size = isl::manage(isl_fixed_box_get_size(box));
    for (int k = 0; k < isl_extra::dim_count(footprint, isl_dim_set); ++k) {
      isl::pw_aff lower = isl::manage(isl_pw_aff_from_aff(isl_multi_aff_get_at(offset.get(), k)));
      std::optional<ExprPtr> expr = pw_aff_to_expr(lower);
      isl::val extent = isl::manage(isl_multi_val_get_at(size.get(), k));
      if (!expr || !extent.is_int()) {
        valid = false;
        break;
      }
      result.offset.push_back(*expr);
      result.size.push_back(extent.get_num_si());
    }
  }
  isl_fixed_box_free(box);
  if (!valid) {
    std::ostringstream text;
    text << footprint;
    throw Error(request.transform + ": the footprint of " + request.subject + " (" + text.str() +
                ") has no bounding box of constant size; split the sweep inames so that it does, or name fewer");
  }
  return result;
}

// Whether the set equals its convex hull (within the parameter values where it is not empty).
bool is_convex(const isl::set& set) {
  isl::set hull = isl::manage(isl_set_from_basic_set(isl_set_polyhedral_hull(set.copy())));
  return hull.intersect_params(set.params()).is_subset(set);
}

// The per-dimension bounds of `set`: the box around a non-convex footprint (a stencil's halo).
isl::set bounding_box(const isl::set& set) {
  isl::set box = isl::manage(isl_set_universe(isl_set_get_space(set.get())));
  const char* tuple = isl_set_get_tuple_name(set.get());
  unsigned n = isl_set_dim(set.get(), isl_dim_set);
  for (unsigned k = 0; k < n; ++k) {
    isl_set* alone = isl_set_project_out(set.copy(), isl_dim_set, k + 1, n - k - 1);
    alone = isl_set_project_out(alone, isl_dim_set, 0, k);
    alone = isl_set_from_basic_set(isl_set_polyhedral_hull(alone));
    alone = isl_set_insert_dims(alone, isl_dim_set, 0, k);
    alone = isl_set_add_dims(alone, isl_dim_set, n - k - 1);
    if (tuple != nullptr) alone = isl_set_set_tuple_name(alone, tuple);
    box = box.intersect(isl_extra::checked(isl::manage(alone), set.ctx().get()));
  }
  return box;
}

// `sum(coefficient * name) + constant` as an expression.
ExprPtr linear(const std::vector<std::pair<int64_t, std::string>>& terms, int64_t constant) {
  ExprPtr sum;
  for (const auto& [coefficient, name] : terms) {
    ExprPtr term = coefficient == 1 ? variable(name) : binary(BinaryOp::Multiply, int_literal(coefficient), variable(name));
    sum = sum ? binary(BinaryOp::Add, sum, term) : term;
  }
  if (!sum) return int_literal(constant);
  if (constant > 0) return binary(BinaryOp::Add, sum, int_literal(constant));
  if (constant < 0) return binary(BinaryOp::Subtract, sum, int_literal(-constant));
  return sum;
}

int64_t value_of(isl_val* value) {
  int64_t result = isl_val_get_num_si(value);
  isl_val_free(value);
  return result;
}

// One constraint as `positive terms >= negated rest` (or ==), set dimensions named `dims`.
ExprPtr constraint_expr(isl_constraint* constraint, const std::vector<std::string>& dims) {
  std::vector<std::pair<int64_t, std::string>> left, right;
  auto add = [&](int64_t coefficient, const std::string& name) {
    if (coefficient > 0) left.push_back({coefficient, name});
    if (coefficient < 0) right.push_back({-coefficient, name});
  };
  for (int k = 0; k < static_cast<int>(dims.size()); ++k)
    add(value_of(isl_constraint_get_coefficient_val(constraint, isl_dim_set, k)), dims[static_cast<std::size_t>(k)]);
  for (int k = 0; k < isl_constraint_dim(constraint, isl_dim_param); ++k) {
    add(value_of(isl_constraint_get_coefficient_val(constraint, isl_dim_param, k)),
        isl_constraint_get_dim_name(constraint, isl_dim_param, static_cast<unsigned>(k)));
  }
  int64_t constant = value_of(isl_constraint_get_constant_val(constraint));
  bool equality = isl_constraint_is_equality(constraint) == isl_bool_true;
  ExprPtr lhs = linear(left, constant > 0 ? constant : 0);
  ExprPtr rhs = linear(right, constant < 0 ? -constant : 0);
  return binary(equality ? BinaryOp::Equal : BinaryOp::GreaterEqual, lhs, rhs);
}

// The conditions of `region` (storage coordinates) that `context` does not already imply.
std::vector<ExprPtr> region_predicates(const isl::set& region, const isl::set& context,
                                       const std::vector<std::string>& dims) {
  isl::set gisted = region.gist(context).coalesce();
  isl::basic_set hull = isl::manage(isl_basic_set_remove_divs(isl_set_polyhedral_hull(gisted.release())));
  std::vector<ExprPtr> predicates;
  std::pair<std::vector<ExprPtr>*, const std::vector<std::string>*> state{&predicates, &dims};
  isl_basic_set_foreach_constraint(
      hull.get(),
      [](isl_constraint* constraint, void* user) {
        auto* out = static_cast<std::pair<std::vector<ExprPtr>*, const std::vector<std::string>*>*>(user);
        out->first->push_back(constraint_expr(constraint, *out->second));
        isl_constraint_free(constraint);
        return isl_stat_ok;
      },
      &state);
  return predicates;
}

// `expr` with every rule invocation expanded, nested ones too (for a body whose sweep inames are
// renamed: an argument-less rule inside it names them itself).
ExprPtr fully_expanded(const LoopKernel& kernel, const ExprPtr& expr, int depth = 0) {
  if (depth > 32) throw Error("substitution rules expand recursively");
  return map_expr(expr, [&](const ExprPtr& node) -> ExprPtr {
    if (node->kind != ExprKind::Variable && node->kind != ExprKind::Call) return node;
    auto found = kernel.substitutions.find(node->name);
    if (found == kernel.substitutions.end() || found->second.parameters.size() != node->operands.size()) return node;
    if (node->kind == ExprKind::Variable && !found->second.parameters.empty()) return node;
    const SubstitutionRule& rule = found->second;
    ExprPtr body = substitute(rule.expression, [&](const std::string& name) -> ExprPtr {
      for (std::size_t k = 0; k < rule.parameters.size(); ++k)
        if (rule.parameters[k] == name) return node->operands[k];
      return nullptr;
    });
    return fully_expanded(kernel, body, depth + 1);
  });
}

// The instances of an explicit footprint: the sweep inames' domains and the slice ranges.
isl::set generator_domain(const LoopKernel& kernel, const FootprintGenerator& generator,
                          const std::vector<std::string>& sweep) {
  // The inames the subscript names bound the sweep (16*j_outer + j_inner < n): they are
  // parameters of the footprint, not existentially quantified.
  Instruction around;
  around.within_inames.insert(sweep.begin(), sweep.end());
  for (const ExprPtr& argument : generator.arguments) {
    visit_expr(*argument, [&](const Expr& node) {
      if (node.kind == ExprKind::Variable && kernel.domain_of_iname(node.name) != nullptr) around.within_inames.insert(node.name);
    });
  }
  isl::set domain = instruction_domain(kernel, around, sweep, "S");
  for (const auto& [name, extent] : generator.slices) {
    unsigned position = isl_set_dim(domain.get(), isl_dim_set);
    domain = isl::manage(isl_set_add_dims(domain.release(), isl_dim_set, 1));
    domain = isl::manage(isl_set_set_dim_name(domain.release(), isl_dim_set, position, name.c_str()));
    std::optional<isl::pw_aff> value = expr_to_pw_aff(*variable(name), domain);
    std::optional<isl::pw_aff> zero = expr_to_pw_aff(*int_literal(0), domain);
    std::optional<isl::pw_aff> end = expr_to_pw_aff(*extent, domain);
    if (!value || !zero || !end) throw Error("the extent '" + to_string(extent) + "' of a footprint slice is not affine");
    domain = domain.intersect(value->ge_set(*zero)).intersect(value->lt_set(*end));
  }
  return domain;
}

std::set<std::string> inames_in(const LoopKernel& kernel, const std::vector<ExprPtr>& exprs) {
  std::set<std::string> names;
  for (const ExprPtr& expr : exprs) {
    visit_expr(*expr, [&](const Expr& node) {
      if (node.kind == ExprKind::Variable && kernel.domain_of_iname(node.name) != nullptr) names.insert(node.name);
    });
  }
  return names;
}

std::set<std::string> instance_inames(const Instruction& instruction, const std::set<std::string>& bound) {
  std::set<std::string> inames = instruction.within_inames;
  inames.insert(bound.begin(), bound.end());
  return inames;
}

// The compute instruction's loops: given, or the inames the footprint depends on plus the
// work-group inames every accessing instruction shares (each group fills its own copy).
std::set<std::string> outer_inames(const LoopKernel& kernel, const FootprintRequest& request,
                                   const std::vector<Invocation>& invocations, const std::vector<std::string>& sweep) {
  std::set<std::string> outer;
  if (request.options.precompute_outer_inames) {
    for (const std::string& iname : *request.options.precompute_outer_inames) {
      require_iname(kernel, iname, request.transform);
      outer.insert(iname);
    }
    return outer;
  }
  std::optional<std::set<std::string>> common;
  auto add_from = [&](const std::vector<ExprPtr>& exprs) {
    for (const std::string& iname : inames_in(kernel, exprs)) {
      if (std::find(sweep.begin(), sweep.end(), iname) == sweep.end()) outer.insert(iname);
    }
  };
  if (request.generator) add_from(request.generator->arguments);
  for (const Invocation& invocation : invocations) {
    if (!request.generator) add_from(invocation.axes);
    std::set<std::string> groups;
    for (const std::string& iname : kernel.instructions[invocation.instruction].within_inames) {
      if (kernel.tag_of(iname).kind == InameTag::Kind::Group) groups.insert(iname);
    }
    if (!common) {
      common = groups;
    } else {
      std::set<std::string> both;
      std::set_intersection(common->begin(), common->end(), groups.begin(), groups.end(), std::inserter(both, both.end()));
      common = both;
    }
  }
  if (common) outer.insert(common->begin(), common->end());
  for (const std::string& iname : sweep) outer.erase(iname);
  return outer;
}

struct StorageAxis {
  std::string name;  // rule parameter or sweep iname
  int64_t size;
  ExprPtr offset;
  std::string iname;  // the iname running over it; empty when dropped (length 1)
  bool reused = false;
};

// Length-1 axes are dropped; `storage_axes` chooses the order of the others.
std::vector<std::size_t> kept_axes(const FootprintRequest& request, const std::vector<StorageAxis>& axes) {
  std::vector<std::size_t> order;
  if (request.options.storage_axes) {
    for (const std::string& name : *request.options.storage_axes) {
      auto found = std::find_if(axes.begin(), axes.end(), [&](const StorageAxis& axis) { return axis.name == name; });
      if (found == axes.end()) {
        std::vector<std::string> names;
        for (const StorageAxis& axis : axes) names.push_back(axis.name);
        throw Error(request.transform + ": '" + name + "' is not a storage axis of " + request.subject +
                    " (its axes: " + joined(names) + ")");
      }
      order.push_back(static_cast<std::size_t>(found - axes.begin()));
    }
    for (std::size_t k = 0; k < axes.size(); ++k) {
      if (axes[k].size > 1 && std::find(order.begin(), order.end(), k) == order.end()) {
        throw Error(request.transform + ": storage axis '" + axes[k].name + "' has length " +
                    std::to_string(axes[k].size) + " but storage_axes leaves it out");
      }
    }
  } else {
    for (std::size_t k = 0; k < axes.size(); ++k) order.push_back(k);
  }
  std::vector<std::size_t> kept;
  for (std::size_t k : order) {
    if (axes[k].size > 1) kept.push_back(k);
  }
  return kept;
}

// Names the iname of each kept axis; an existing iname is reused when its range is the axis's.
void name_storage_inames(const LoopKernel& kernel, const FootprintRequest& request, std::vector<StorageAxis>& axes,
                         const std::vector<std::size_t>& kept) {
  const std::vector<std::string>& given = request.options.precompute_inames;
  if (given.size() > kept.size()) {
    throw Error(request.transform + ": " + std::to_string(given.size()) + " precompute_inames for " +
                std::to_string(kept.size()) + " storage axes of length above 1");
  }
  std::set<std::string> taken;
  for (std::size_t j = 0; j < kept.size(); ++j) {
    StorageAxis& axis = axes[kept[j]];
    if (j < given.size() && !given[j].empty()) {
      axis.iname = given[j];
      require_identifier(axis.iname, request.transform);
    } else {
      axis.iname = unused_name(kernel, axis.name, taken);
    }
    taken.insert(axis.iname);
    if (kernel.domain_of_iname(axis.iname) == nullptr) {
      if (name_taken(kernel, axis.iname)) {
        throw Error(request.transform + ": '" + axis.iname + "' is already a name in the kernel but not an iname");
      }
      continue;
    }
    std::optional<ConstantRange> range = constant_iname_range(kernel, axis.iname);
    if (!range || range->lower != 0 || range->extent != axis.size) {
      std::string have = range ? std::to_string(range->lower) + " <= " + axis.iname + " < " +
                                     std::to_string(range->lower + range->extent)
                               : "not a constant range";
      throw Error(request.transform + ": cannot reuse iname '" + axis.iname + "' for storage axis '" + axis.name +
                  "': its domain (" + have + ") does not match the axis (0 <= " + axis.iname + " < " +
                  std::to_string(axis.size) + ")");
    }
    axis.reused = true;
  }
}

// The temporary: new, or an existing one checked and grown.
void add_temporary(LoopKernel& kernel, const FootprintRequest& request, const std::string& name,
                   const std::vector<int64_t>& shape) {
  std::optional<AddressSpace> space = request.options.temporary_address_space;
  for (Temporary& temporary : kernel.temporaries) {
    if (temporary.name != name) continue;
    if (temporary.shape.size() != shape.size()) {
      throw Error(request.transform + ": existing temporary '" + name + "' has " +
                  std::to_string(temporary.shape.size()) + " axes, the footprint needs " + std::to_string(shape.size()));
    }
    if (space && temporary.address_space != AddressSpace::Auto && temporary.address_space != *space) {
      throw Error(request.transform + ": existing temporary '" + name + "' is in " +
                  std::string(address_space_name(temporary.address_space)) + " memory, not " +
                  std::string(address_space_name(*space)));
    }
    for (std::size_t k = 0; k < shape.size(); ++k) {
      if (temporary.shape[k]->kind != ExprKind::IntLiteral) {
        throw Error(request.transform + ": existing temporary '" + name + "' has a shape that is not constant");
      }
      temporary.shape[k] = int_literal(std::max(temporary.shape[k]->int_value, shape[k]));
    }
    if (space) temporary.address_space = *space;
    return;
  }
  if (name_taken(kernel, name)) {
    throw Error(request.transform + ": temporary_name '" + name + "' is already used by something else in the kernel");
  }
  Temporary temporary{name, std::nullopt, {}, space.value_or(AddressSpace::Auto)};
  for (int64_t extent : shape) temporary.shape.push_back(int_literal(extent));
  kernel.temporaries.push_back(temporary);
}

isl::set storage_box(const isl::set& like, const std::vector<StorageAxis>& axes) {
  isl::set box = isl::manage(isl_set_universe(isl_set_get_space(like.get())));
  for (std::size_t k = 0; k < axes.size(); ++k) {
    box = isl::manage(isl_set_lower_bound_si(box.release(), isl_dim_set, static_cast<unsigned>(k), 0));
    box = isl::manage(isl_set_upper_bound_si(box.release(), isl_dim_set, static_cast<unsigned>(k), axes[k].size - 1));
  }
  return box;
}

// The values the compute loops run over, as constraints on the outer inames and parameters.
isl::set outer_context(const LoopKernel& kernel, const std::set<std::string>& outer) {
  Instruction around;
  around.within_inames = outer;
  return instruction_domain(kernel, around, {}, "").params();
}

// ---- step 5: l.auto ----------------------------------------------------------------------------

struct AutoSplit {
  std::string iname, outer, inner;
  int64_t inner_length;
};

// Fits the l.auto inames (stride-1 last, so visited first) onto the local axes the compute
// instruction leaves free; one longer than its axis is split into <iname>_outer/_inner.
std::vector<AutoSplit> assign_local_axes(LoopKernel& kernel, const std::set<std::string>& compute_inames,
                                         const std::vector<std::string>& auto_inames,
                                         const std::map<std::string, int64_t>& lengths) {
  std::set<int> used;
  for (const std::string& iname : compute_inames) {
    InameTag tag = kernel.tag_of(iname);
    if (tag.kind == InameTag::Kind::Local) used.insert(tag.axis);
  }
  std::map<int, int64_t> axis_size;
  for (const auto& [iname, tag] : kernel.iname_tags) {
    if (tag.kind != InameTag::Kind::Local) continue;
    if (std::optional<ConstantRange> range = constant_iname_range(kernel, iname))
      axis_size[tag.axis] = std::max(axis_size[tag.axis], range->extent);
  }
  // Only the work-group's axes (those the kernel uses): a new axis would have to be used by every
  // other instruction too. A kernel without local axes gets its work-group from the fetch.
  auto available = [&](int axis) { return used.count(axis) == 0 && (axis_size.empty() || axis_size.count(axis) != 0); };
  std::vector<AutoSplit> splits;
  for (auto it = auto_inames.rbegin(); it != auto_inames.rend(); ++it) {
    int axis = 0;
    while (axis < 3 && !available(axis)) ++axis;
    if (axis == 3) break;  // no free axis: the rest stay sequential
    used.insert(axis);
    InameTag tag{InameTag::Kind::Local, axis};
    auto size = axis_size.find(axis);
    if (size != axis_size.end() && size->second < lengths.at(*it)) {
      std::set<std::string> taken;
      AutoSplit split{*it, unused_name(kernel, *it + "_outer"), "", size->second};
      taken.insert(split.outer);
      split.inner = unused_name(kernel, *it + "_inner", taken);
      kernel.iname_tags[split.inner] = tag;
      splits.push_back(split);
    } else {
      kernel.iname_tags[*it] = tag;
    }
  }
  return splits;
}

// The domain of the new inames: one box, split inames as inner + length * outer.
Domain storage_domain(const LoopKernel& kernel, const std::vector<std::string>& inames,
                      const std::map<std::string, int64_t>& lengths, const std::vector<AutoSplit>& splits) {
  std::vector<std::string> dims;
  std::string constraints;
  auto add = [&](const std::string& text) { constraints += (constraints.empty() ? "" : " and ") + text; };
  for (const std::string& iname : inames) {
    int64_t length = lengths.at(iname);
    auto split = std::find_if(splits.begin(), splits.end(), [&](const AutoSplit& s) { return s.iname == iname; });
    if (split == splits.end()) {
      dims.push_back(iname);
      add("0 <= " + iname + " < " + std::to_string(length));
      continue;
    }
    dims.push_back(split->outer);
    dims.push_back(split->inner);
    std::string value = std::to_string(split->inner_length) + "*" + split->outer + " + " + split->inner;
    add("0 <= " + split->inner + " < " + std::to_string(split->inner_length));
    add("0 <= " + value + " < " + std::to_string(length));
  }
  std::string text = "[" + joined(dims) + "] -> { : " + (constraints.empty() ? "0 = 0" : constraints) + " }";
  isl::set param_form(isl_context_of(kernel)->ctx(), text);
  return domain_from_param_form(isl_context_of(kernel), param_form, dims);
}

void apply_splits(Instruction& compute, const std::vector<AutoSplit>& splits) {
  for (const AutoSplit& split : splits) {
    ExprPtr value = binary(BinaryOp::Add, binary(BinaryOp::Multiply, int_literal(split.inner_length), variable(split.outer)),
                           variable(split.inner));
    auto replace = [&](const ExprPtr& expr) {
      return substitute(expr, [&](const std::string& name) -> ExprPtr { return name == split.iname ? value : nullptr; });
    };
    for (ExprPtr& assignee : compute.assignees) assignee = replace(assignee);
    compute.expression = replace(compute.expression);
    for (ExprPtr& predicate : compute.predicates) predicate = replace(predicate);
    compute.within_inames.erase(split.iname);
    compute.within_inames.insert({split.outer, split.inner});
  }
}

// A local temporary filled under an l.N iname its index does not use is written by every
// work-item along that axis at once.
void refuse_local_write_race(const LoopKernel& kernel, const FootprintRequest& request, const Instruction& compute,
                             const Temporary& temporary, const std::set<std::string>& storage_inames) {
  bool local_storage = std::any_of(storage_inames.begin(), storage_inames.end(), [&](const std::string& iname) {
    return kernel.tag_of(iname).kind == InameTag::Kind::Local;
  });
  bool local = temporary.address_space == AddressSpace::Local ||
               (temporary.address_space == AddressSpace::Auto && local_storage);
  if (!local) return;
  for (const std::string& iname : compute.within_inames) {
    InameTag tag = kernel.tag_of(iname);
    if (tag.kind != InameTag::Kind::Local || storage_inames.count(iname) != 0) continue;
    throw Error(request.transform + ": instruction '" + compute.id + "' would fill temporary '" + temporary.name +
                "' in local memory within iname '" + iname + "' (" + to_string(tag) +
                "), which its index does not use: every work-item along " + to_string(tag) +
                " would write the same elements (a write race); sweep '" + iname + "' too");
  }
}

bool invokes(const Expr& expr, const std::string& rule) {
  bool found = false;
  visit_expr(expr, [&](const Expr& node) {
    found = found || ((node.kind == ExprKind::Call || node.kind == ExprKind::Variable) && node.name == rule);
  });
  return found;
}

bool still_invoked(const LoopKernel& kernel, const std::string& rule) {
  for (const Instruction& instruction : kernel.instructions) {
    if (instruction.expression && invokes(*instruction.expression, rule)) return true;
    for (const ExprPtr& assignee : instruction.assignees)
      if (invokes(*assignee, rule)) return true;
    for (const ExprPtr& predicate : instruction.predicates)
      if (invokes(*predicate, rule)) return true;
  }
  for (const auto& [name, other] : kernel.substitutions) {
    if (name != rule && invokes(*other.expression, rule)) return true;
  }
  return false;
}

// The copy is made once per outer iteration: nothing may write what it reads.
void refuse_written_inputs(const LoopKernel& kernel, const FootprintRequest& request, const Instruction& compute) {
  std::set<std::string> read;
  visit_expr(*compute.expression, [&](const Expr& node) {
    if (node.kind == ExprKind::Subscript || node.kind == ExprKind::Variable) read.insert(node.name);
  });
  for (const Instruction& instruction : kernel.instructions) {
    for (const std::string& name : names_written(instruction)) {
      if (read.count(name) == 0) continue;
      throw Error(request.transform + ": instruction '" + instruction.id + "' writes '" + name + "', which " +
                  request.subject + " reads; a copy made ahead of use would be stale");
    }
  }
}

bool reduces_over_any(const Instruction& instruction, const std::set<std::string>& inames) {
  bool found = false;
  if (instruction.expression == nullptr) return false;
  visit_expr(*instruction.expression, [&](const Expr& node) {
    if (node.kind != ExprKind::Reduction) return;
    for (const std::string& iname : node.reduction_inames) found = found || inames.count(iname) != 0;
  });
  return found;
}

}  // namespace

LoopKernel precompute_rule(const LoopKernel& input, const FootprintRequest& request) {
  const std::string& transform = request.transform;
  const PrecomputeOptions& options = request.options;
  // Step 1: checks, and the rule's invocations brought into the instructions.
  if (input.substitutions.count(request.rule) == 0) {
    throw Error(transform + ": unknown substitution rule '" + request.rule + "' (the kernel's rules: " +
                rule_names(input) + ")" + did_you_mean(request.rule, [&] {
                  std::vector<std::string> names;
                  for (const auto& [name, rule] : input.substitutions) names.push_back(name);
                  return names;
                }()));
  }
  for (const std::string& iname : options.sweep_inames) require_iname(input, iname, transform);
  InstructionMatch within = options.within ? InstructionMatch::parse(*options.within) : InstructionMatch::all();
  std::set<std::string> enclosing = rules_invoking(input, request.rule);
  LoopKernel kernel = enclosing.empty() ? input : EnclosingRuleExpander(input, transform, enclosing, within).map_kernel();
  const SubstitutionRule rule = kernel.substitutions.at(request.rule);
  const std::vector<std::string>& sweep = options.sweep_inames;
  std::vector<std::string> body_sweep;
  for (const std::string& iname : sweep) {
    if (mentions_free(*fully_expanded(kernel, rule.expression), iname)) body_sweep.push_back(iname);
  }

  // Step 2: the invocations, the outer inames and the footprint.
  std::vector<Invocation> invocations;
  for (std::size_t k = 0; k < kernel.instructions.size(); ++k) {
    if (!within.matches(kernel, kernel.instructions[k])) continue;
    Instruction copy = kernel.instructions[k];
    rewrite_instruction(copy, rule, [&](const std::vector<ExprPtr>& arguments, const std::set<std::string>& bound) {
      Invocation invocation{k, arguments, bound, invocation_domain(kernel, copy, bound, sweep)};
      for (const std::string& iname : body_sweep) invocation.axes.push_back(variable(iname));
      invocations.push_back(invocation);
      return ExprPtr();
    });
  }
  if (invocations.empty()) {
    throw Error(transform + ": " + request.subject + " is not used" +
                (options.within ? " in the instructions within='" + *options.within + "'" : std::string()));
  }
  if (!request.generator) {
    for (const std::string& iname : sweep) {
      bool used = std::any_of(invocations.begin(), invocations.end(), [&](const Invocation& invocation) {
        return isl_extra::find_dim(invocation.domain, isl_dim_set, iname) >= 0;
      });
      if (!used) throw Error(transform + ": sweep iname '" + iname + "' is not an iname where " + request.subject + " is used");
    }
  }
  std::set<std::string> outer = outer_inames(kernel, request, invocations, sweep);
  for (const Invocation& invocation : invocations) {
    const Instruction& instruction = kernel.instructions[invocation.instruction];
    std::set<std::string> inames = instance_inames(instruction, invocation.bound);
    for (const std::string& iname : outer) {
      if (inames.count(iname) != 0) continue;
      throw Error(transform + ": instruction '" + instruction.id + "' uses " + request.subject +
                  " outside the loop over '" + iname + "', which the precomputed values are computed in; leave '" +
                  iname + "' out of the outer inames or restrict `within`");
    }
  }
  auto footprint_of = [&](const std::function<std::vector<ExprPtr>(const Invocation&)>& axes_of,
                          const std::vector<ExprPtr>& generator_axes) {
    isl::set footprint;
    if (request.generator) {
      footprint = image_of(request, generator_domain(kernel, *request.generator, sweep), generator_axes, "its footprint subscript");
    } else {
      for (const Invocation& invocation : invocations) {
        isl::set image = image_of(request, invocation.domain, axes_of(invocation),
                                  "instruction '" + kernel.instructions[invocation.instruction].id + "'");
        footprint = footprint.is_null() ? image : footprint.unite(image);
      }
    }
    return over_outer(kernel, footprint, outer).coalesce();
  };
  isl::set footprint = footprint_of([](const Invocation& invocation) { return invocation.axes; },
                                    request.generator ? request.generator->arguments : std::vector<ExprPtr>{});
  if (footprint.is_empty()) throw Error(transform + ": the footprint of " + request.subject + " is empty");

  // Step 3: the box, the footprint in storage coordinates, the region to fill.
  Box box = fixed_box(request, footprint);
  std::vector<StorageAxis> axes;
  std::vector<std::string> axis_names = rule.parameters;
  axis_names.insert(axis_names.end(), body_sweep.begin(), body_sweep.end());
  for (std::size_t k = 0; k < axis_names.size(); ++k) axes.push_back({axis_names[k], box.size[k], box.offset[k], "", false});
  auto shifted = [&](const std::vector<ExprPtr>& values) {
    std::vector<ExprPtr> result;
    for (std::size_t k = 0; k < values.size(); ++k)
      result.push_back(simplified(kernel, binary(BinaryOp::Subtract, values[k], axes[k].offset)));
    return result;
  };
  isl::set storage_footprint = footprint_of([&](const Invocation& invocation) { return shifted(invocation.axes); },
                                            request.generator ? shifted(request.generator->arguments) : std::vector<ExprPtr>{});
  isl::set region = storage_footprint;
  if (!is_convex(storage_footprint)) {
    if (!options.fetch_bounding_box) {
      throw Error(transform + ": the footprint of " + request.subject + " over [" + joined(sweep) +
                  "] is not convex; pass fetch_bounding_box=true to fetch its bounding box");
    }
    region = bounding_box(storage_footprint);
  }

  // Step 4: storage inames, the temporary and the compute instruction.
  std::vector<std::size_t> kept = kept_axes(request, axes);
  name_storage_inames(kernel, request, axes, kept);
  LoopKernel result = kernel;
  std::string temporary = options.temporary_name.value_or(unused_name(kernel, rule.name, [&] {
    std::set<std::string> rules;
    for (const auto& [name, other] : kernel.substitutions) rules.insert(name);
    return rules;
  }()));
  std::vector<int64_t> shape;
  for (std::size_t k : kept) shape.push_back(axes[k].size);
  add_temporary(result, request, temporary, shape);

  Instruction compute;
  compute.id = options.compute_insn_id.value_or(unused_name(kernel, rule.name, {temporary}));
  if (kernel.find_instruction(compute.id) != nullptr) {
    throw Error(transform + ": an instruction '" + compute.id + "' exists already; choose another id");
  }
  std::vector<ExprPtr> storage_index;
  for (std::size_t k : kept) storage_index.push_back(variable(axes[k].iname));
  compute.assignees = {kept.empty() ? variable(temporary) : subscript(temporary, storage_index)};
  std::map<std::string, ExprPtr> values;
  for (const StorageAxis& axis : axes) {
    ExprPtr position = axis.iname.empty() ? axis.offset : binary(BinaryOp::Add, axis.offset, variable(axis.iname));
    values[axis.name] = simplified(kernel, position);
  }
  ExprPtr body = body_sweep.empty() ? rule.expression : fully_expanded(kernel, rule.expression);
  compute.expression = substitute(body, [&](const std::string& name) -> ExprPtr {
    auto found = values.find(name);
    return found == values.end() ? nullptr : found->second;
  });
  compute.within_inames = outer;
  for (std::size_t k : kept) compute.within_inames.insert(axes[k].iname);
  std::vector<std::string> region_dims;
  for (const StorageAxis& axis : axes) region_dims.push_back(axis.iname.empty() ? "_loom_dropped" : axis.iname);
  isl::set context = storage_box(region, axes).intersect_params(outer_context(kernel, outer));
  for (const ExprPtr& predicate : region_predicates(region, context, region_dims)) {
    compute.predicates.push_back(substitute(predicate, [](const std::string& name) -> ExprPtr {
      return name == "_loom_dropped" ? int_literal(0) : nullptr;
    }));
  }
  compute.source = to_string(compute.assignees.front()) + " = " + to_string(compute.expression);
  refuse_written_inputs(kernel, request, compute);

  // Step 5: replace the invocations inside the region; their instructions wait for the copy.
  std::size_t next = 0, replaced = 0;
  std::optional<std::size_t> first_user;
  for (std::size_t k = 0; k < result.instructions.size(); ++k) {
    if (!within.matches(kernel, kernel.instructions[k])) continue;
    Instruction& instruction = result.instructions[k];
    std::size_t before = replaced;
    rewrite_instruction(instruction, rule, [&](const std::vector<ExprPtr>&, const std::set<std::string>&) -> ExprPtr {
      const Invocation& invocation = invocations[next++];
      std::vector<ExprPtr> index = shifted(invocation.axes);
      isl::set image = image_of(request, invocation.domain, index, "instruction '" + instruction.id + "'");
      if (!image.is_subset(region)) return nullptr;
      ++replaced;
      std::vector<ExprPtr> kept_index;
      for (std::size_t axis : kept) kept_index.push_back(index[axis]);
      return kept.empty() ? variable(temporary) : subscript(temporary, kept_index);
    });
    if (replaced == before) continue;
    instruction.depends_on.insert(compute.id);
    if (!first_user) first_user = k;
  }
  if (replaced == 0) {
    throw Error(transform + ": no use of " + request.subject + " lies inside the footprint; nothing to precompute");
  }

  // Step 6: the new inames (domain, tags, l.auto), the instruction in place, the rule dropped.
  std::vector<std::string> new_inames, auto_inames;
  std::map<std::string, int64_t> lengths;
  for (std::size_t k : kept) {
    const StorageAxis& axis = axes[k];
    if (axis.reused) continue;
    new_inames.push_back(axis.iname);
    lengths[axis.iname] = axis.size;
    auto tag = options.storage_axis_to_tag.find(axis.name);
    if (tag == options.storage_axis_to_tag.end()) tag = options.storage_axis_to_tag.find(axis.iname);
    std::optional<std::string> text = tag != options.storage_axis_to_tag.end() ? std::optional(tag->second) : options.default_tag;
    if (!text || *text == "for") continue;
    if (*text == "l.auto") {
      auto_inames.push_back(axis.iname);
    } else {
      result.iname_tags[axis.iname] = parse_iname_tag(*text);
    }
  }
  std::vector<AutoSplit> splits = assign_local_axes(result, compute.within_inames, auto_inames, lengths);
  if (!new_inames.empty()) result.domains.push_back(storage_domain(kernel, new_inames, lengths, splits));
  apply_splits(compute, splits);
  std::set<std::string> storage_inames;
  for (const std::string& iname : compute.within_inames)
    if (outer.count(iname) == 0) storage_inames.insert(iname);
  refuse_local_write_race(result, request, compute, *result.find_temporary(temporary), storage_inames);
  // Before its first reader, or right after it when the copy runs inside a loop of the reader's
  // reduction: the reduction's init (realized later, in the reader's place) must then come first,
  // so that the loop the copy shares with the reduction's update is entered once.
  std::size_t position = *first_user + (reduces_over_any(result.instructions[*first_user], outer) ? 1 : 0);
  result.instructions.insert(result.instructions.begin() + static_cast<std::ptrdiff_t>(position), compute);
  if (!still_invoked(result, rule.name)) result.substitutions.erase(rule.name);
  return result;
}

}  // namespace loom
