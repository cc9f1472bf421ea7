// The footprint machinery of precompute and add_prefetch, in the order precompute_rule uses it:
// invocations brought into the instructions, their footprint (isl), its fixed-size box, the
// region to fill and its guards, storage inames and temporary, the rewrite, and l.auto.
#include "transforms/footprint_support.hpp"
#include "transforms/tail_support.hpp"

#include <isl/constraint.h>
#include <isl/fixed_box.h>

#include <algorithm>
#include <functional>
#include <iterator>
#include <map>
#include <set>
#include <sstream>

#include "analysis/accesses.hpp"
#include "analysis/checks.hpp"
#include "analysis/realize_reduction.hpp"
#include "codegen/linearize.hpp"
#include "ir/instance_sets.hpp"
#include "ir/isl_expr.hpp"
#include "ir/isl_extra.hpp"
#include "ir/parameter_divisions.hpp"
#include "ir/instruction_names.hpp"
#include "ir/isl_kernel.hpp"
#include "ir/match.hpp"
#include "loom/error.hpp"
#include "transforms/iname_copies.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/storage_support.hpp"
#include "transforms/subst_support.hpp"
#include "transforms/transform_support.hpp"
#include "analysis/condition_set.hpp"

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
  bool outside_outer = false;  // an explicit footprint's loops do not enclose it: it stays a read
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
  // guard holds; without it the footprint could leave the array. shift_inwards' marker is no
  // guard: it hides the last tile's recomputed instances from the checks, but code generation runs
  // them, so they read the tile too (without them the footprint of the shifted last tile missed
  // its first rows and the readers indexed the tile below 0).
  for (const ExprPtr& predicate : instruction.predicates) {
    if (is_recomputed_marker(*predicate)) continue;
    if (std::optional<isl::set> holds = condition_set(kernel, *predicate, domain)) domain = domain.intersect(*holds);
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

// The footprint over every value of the parameters and outer inames its constraints allow: where
// the box of the footprint moves with them in a way isl cannot bound by a constant (a row tile
// `0 <= 128*jo + j_inner < n` with `n <= 8192`: jo in [0, 63]), the box of this set still is.
isl::set over_all_parameters(const isl::set& footprint) {
  isl_size parameters = isl_set_dim(footprint.get(), isl_dim_param);
  return isl::manage(isl_set_project_out(footprint.copy(), isl_dim_param, 0, static_cast<unsigned>(parameters)));
}

Box fixed_box(const FootprintRequest& request, const isl::set& footprint, bool retry = true) {
  // A tile at a division of parameters (rows from 128*floor(m/128) on) has a constant size at an
  // offset that is a floor division: isl's box is taken with the division as a parameter.
  LiftedDivisions lifted = lift_parameter_divisions(footprint, [](const std::string&) { return true; });
  isl_fixed_box* box = isl_set_get_simple_fixed_box_hull(lifted.set.get());
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
      result.offset.push_back(with_divisions_restored(*expr, lifted));
      result.size.push_back(extent.get_num_si());
    }
  }
  isl_fixed_box_free(box);
  if (!valid && retry && isl_set_dim(footprint.get(), isl_dim_param) > 0) {
    try {
      return fixed_box(request, over_all_parameters(footprint), false);
    } catch (const Error&) {
      // reported below with the footprint as it was
    }
  }
  if (!valid) {
    std::ostringstream text;
    text << footprint;
    throw Error(request.transform + ": the footprint of " + request.subject + " (" + text.str() +
                ") has no bounding box of constant size; split the sweep inames so that it does, or name fewer");
  }
  return result;
}

// isl operations the convexity test may spend before it calls the footprint non-convex: a star
// footprint over split, shifted, clipped bounds (a time-stepped stencil's halo) made isl's
// polyhedral hull spend the kernel's whole budget (5 s) and then fail with a NULL input.
constexpr unsigned long kConvexityBudget = 2'000'000;

// `value` (a pw_aff over the parameters) as `min` or `max` of its pieces' affine expressions, where
// it equals one of them over its domain (a shift_inwards tile's start: min(128*j_outer, n - 128)).
std::optional<ExprPtr> min_or_max_of_pieces(const isl::pw_aff& value) {
  if (isl_pw_aff_n_piece(value.get()) == 1) return pw_aff_to_expr(value);
  std::vector<isl::pw_aff> pieces;
  isl_pw_aff_foreach_piece(
      value.get(),
      [](isl_set* set, isl_aff* aff, void* user) -> isl_stat {
        isl_set_free(set);
        static_cast<std::vector<isl::pw_aff>*>(user)->push_back(isl::manage(isl_pw_aff_from_aff(aff)));
        return isl_stat_ok;
      },
      &pieces);
  std::vector<ExprPtr> exprs;
  for (const isl::pw_aff& piece : pieces) {
    std::optional<ExprPtr> expr = pw_aff_to_expr(piece);
    if (!expr) return std::nullopt;
    exprs.push_back(*expr);
  }
  isl::set domain = isl::manage(isl_pw_aff_domain(value.copy()));
  for (const char* function : {"min", "max"}) {
    isl::pw_aff combined = pieces[0];
    ExprPtr expr = exprs[0];
    for (std::size_t k = 1; k < pieces.size(); ++k) {
      combined = isl::manage(std::string(function) == "min" ? isl_pw_aff_min(combined.release(), pieces[k].copy())
                                                             : isl_pw_aff_max(combined.release(), pieces[k].copy()));
      expr = call(function, {expr, exprs[k]});
    }
    combined = isl::manage(isl_pw_aff_intersect_domain(combined.release(), domain.copy()));
    if (isl_pw_aff_is_equal(combined.get(), value.get()) == isl_bool_true) return expr;
  }
  return std::nullopt;
}

// `set` with every set dimension but `k` projected out.
isl::set only_dimension(const isl::set& set, int k) {
  int n = isl_extra::dim_count(set, isl_dim_set);
  isl_set* alone = isl_set_project_out(set.copy(), isl_dim_set, static_cast<unsigned>(k + 1), static_cast<unsigned>(n - k - 1));
  return isl::manage(isl_set_project_out(alone, isl_dim_set, 0, static_cast<unsigned>(k)));
}

// The smallest fixed size and its offset along one dimension (a one-dimensional set): isl's
// fixed-box hull where it has one (one affine offset), or the dimension's lowest value where that
// is the min or max of affine pieces and the distance to the highest is the same constant in
// every piece (the tiles of a shift_inwards split: 128*j_outer, or n - 128 for the last one).
std::optional<std::pair<ExprPtr, int64_t>> fixed_extent(const isl::set& values) {
  std::optional<std::pair<ExprPtr, int64_t>> best;
  isl_fixed_box* box = isl_set_get_simple_fixed_box_hull(values.get());
  if (box != nullptr && isl_fixed_box_is_valid(box) == isl_bool_true) {
    isl::multi_aff offset = isl::manage(isl_fixed_box_get_offset(box));
    isl::multi_val size = isl::manage(isl_fixed_box_get_size(box));
    std::optional<ExprPtr> expr = pw_aff_to_expr(isl::manage(isl_pw_aff_from_aff(isl_multi_aff_get_at(offset.get(), 0))));
    isl::val extent = isl::manage(isl_multi_val_get_at(size.get(), 0));
    if (expr && extent.is_int()) best = std::make_pair(*expr, extent.get_num_si());
  }
  isl_fixed_box_free(box);
  isl::pw_aff low = isl::manage(isl_set_dim_min(values.copy(), 0));
  isl::pw_aff high = isl::manage(isl_set_dim_max(values.copy(), 0));
  isl::pw_aff extent = isl::manage(isl_pw_aff_sub(high.release(), low.copy()));
  if (isl_pw_aff_is_cst(extent.get()) != isl_bool_true) return best;
  std::set<int64_t> extents;
  isl_pw_aff_foreach_piece(
      extent.get(),
      [](isl_set* set, isl_aff* aff, void* user) -> isl_stat {
        isl_set_free(set);
        isl_val* constant = isl_aff_get_constant_val(aff);
        bool integral = isl_val_is_int(constant) == isl_bool_true;
        static_cast<std::set<int64_t>*>(user)->insert(integral ? isl_val_get_num_si(constant) : -1);
        isl_val_free(constant);
        isl_aff_free(aff);
        return isl_stat_ok;
      },
      &extents);
  if (extents.size() != 1 || *extents.begin() < 0) return best;
  int64_t size = *extents.begin() + 1;
  if (best && best->second <= size) return best;
  std::optional<ExprPtr> offset = min_or_max_of_pieces(low);
  if (!offset) return best;
  return std::make_pair(*offset, size);
}

// A footprint that is one box of fixed size at an offset that is, along some dimension, the min or
// max of affine pieces (the tiles of a shift_inwards split; isl's fixed-box hull takes one affine
// offset and gives a box of 255 rows around a 128-row tile and the shifted last one). The caller
// checks that the footprint in storage coordinates lies in the box and is convex.
std::optional<Box> piecewise_box(const isl::set& footprint) {
  Box result;
  for (int k = 0; k < isl_extra::dim_count(footprint, isl_dim_set); ++k) {
    std::optional<std::pair<ExprPtr, int64_t>> extent = fixed_extent(only_dimension(footprint, k));
    if (!extent) return std::nullopt;
    result.offset.push_back(extent->first);
    result.size.push_back(extent->second);
  }
  return result;
}

// Whether the set equals its convex hull (within the parameter values where it is not empty).
// isl operations limited to `limit` for a scope; on leaving it, the error an exhausted budget
// left is cleared and the context's own budget restored (is_convex and bounding_box give up on
// a footprint too costly rather than take seconds).
class OperationBudget {
 public:
  OperationBudget(isl_ctx* ctx, unsigned long limit) : ctx_(ctx), saved_(isl_ctx_get_max_operations(ctx)) {
    isl_ctx_reset_operations(ctx_);
    isl_ctx_set_max_operations(ctx_, limit);
  }
  ~OperationBudget() {
    isl_ctx_reset_error(ctx_);
    isl_ctx_reset_operations(ctx_);
    isl_ctx_set_max_operations(ctx_, saved_);
  }
  OperationBudget(const OperationBudget&) = delete;
  OperationBudget& operator=(const OperationBudget&) = delete;

 private:
  isl_ctx* ctx_;
  unsigned long saved_;
};

// One basic set without existentially quantified variables after coalescing is convex; otherwise
// the hull decides, within kConvexityBudget operations: a set it cannot decide in that is treated
// as not convex (the caller then asks for fetch_bounding_box, which needs no hull).
bool is_convex(const isl::set& input) {
  // Per parameter value: a division of parameters (a row bound 128*floor(m/128)) is a constant
  // there, so it becomes a parameter of its own before any hull is taken.
  isl::set set = lift_parameter_divisions(input, [](const std::string&) { return true; }).set;
  isl::set coalesced = set.coalesce();
  if (isl_set_n_basic_set(coalesced.get()) == 1) {
    // Without existentially quantified variables (a stride, a[2*i]), one basic set is convex.
    isl_basic_set_list* pieces = isl_set_get_basic_set_list(coalesced.get());
    isl_basic_set* piece = isl_basic_set_list_get_at(pieces, 0);
    bool plain = isl_basic_set_dim(piece, isl_dim_div) == 0;
    isl_basic_set_free(piece);
    isl_basic_set_list_free(pieces);
    if (plain) return true;
  }
  OperationBudget within(isl_set_get_ctx(set.get()), kConvexityBudget);
  isl_basic_set* hull = isl_set_polyhedral_hull(set.copy());
  isl_bool convex = isl_bool_error;
  if (hull != nullptr) {
    isl_set* clipped = isl_set_intersect_params(isl_set_from_basic_set(hull), isl_set_params(set.copy()));
    convex = isl_set_is_subset(clipped, set.get());
    isl_set_free(clipped);
  }
  return convex == isl_bool_true;
}

// is_convex, with isl's operation budget running out reported as a loom::Error naming the transform.
bool convex_within_budget(const LoopKernel& kernel, const std::string& transform, const isl::set& set) {
  try {
    return is_convex(set);
  } catch (const isl::exception& error) {
    isl_context_of(kernel)->reset_operation_budget();
    rethrow_isl_error(transform + ": the convex hull of the footprint", error);
  }
  return false;
}

// isl operations the bounding box may spend: a footprint of several pieces whose parameter
// conditions differ (a domain bound written with `or` over a division of parameters) made the
// per-dimension hull run for seconds and then fail with a NULL input (an internal error).
constexpr unsigned long kBoundingBoxBudget = 2'000'000;

// The per-dimension bounds of `set`: the box around a non-convex footprint (a stencil's halo);
// nullopt where isl cannot take it within kBoundingBoxBudget operations.
std::optional<isl::set> bounding_box(const isl::set& input) {
  LiftedDivisions lifted = lift_parameter_divisions(input, [](const std::string&) { return true; });
  const isl::set& set = lifted.set;
  std::optional<OperationBudget> within;
  within.emplace(set.ctx().get(), kBoundingBoxBudget);
  isl_set* box = isl_set_universe(isl_set_get_space(set.get()));
  const char* tuple = isl_set_get_tuple_name(set.get());
  unsigned n = isl_set_dim(set.get(), isl_dim_set);
  for (unsigned k = 0; k < n && box != nullptr; ++k) {
    isl_set* alone = isl_set_project_out(set.copy(), isl_dim_set, k + 1, n - k - 1);
    alone = isl_set_project_out(alone, isl_dim_set, 0, k);
    alone = isl_set_from_basic_set(isl_set_polyhedral_hull(alone));
    alone = isl_set_insert_dims(alone, isl_dim_set, 0, k);
    alone = isl_set_add_dims(alone, isl_dim_set, n - k - 1);
    if (tuple != nullptr) alone = isl_set_set_tuple_name(alone, tuple);
    box = isl_set_intersect(box, alone);
  }
  within.reset();
  if (box == nullptr) return std::nullopt;
  return with_divisions_projected(isl::manage(box), lifted);
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

}  // namespace

std::vector<ExprPtr> region_predicates(const isl::set& region, const isl::set& context,
                                       const std::vector<std::string>& dims) {
  // Divisions of parameters (and of the outer inames, parameters here) are kept as floor
  // divisions: the hull would otherwise relax `i < 128*floor(m/128)` to `i < m`.
  LiftedDivisions lifted = lift_parameter_divisions(region.gist(context).coalesce(), [](const std::string&) { return true; });
  isl::set gisted = lifted.definitions.empty() ? lifted.set : lifted.set.gist_params(lifted.definition_set).coalesce();
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
  for (ExprPtr& predicate : predicates) predicate = with_divisions_restored(predicate, lifted);
  return predicates;
}

namespace {

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

// A value the rule reads that an instruction writes inside loops every use shares is written
// anew in each of their iterations: the copy runs inside those loops too, after the writer
// (loopy issue #498; issue 23, class 19).
void add_loops_of_input_writers(const LoopKernel& kernel, const FootprintRequest& request,
                                const std::vector<Invocation>& invocations, std::set<std::string>& outer) {
  auto rule = kernel.substitutions.find(request.rule);
  if (rule == kernel.substitutions.end() || invocations.empty()) return;
  std::set<std::string> read;
  visit_expr(*rule->second.expression, [&](const Expr& node) {
    if (node.kind == ExprKind::Subscript || node.kind == ExprKind::Variable) read.insert(node.name);
  });
  for (const Instruction& writer : kernel.instructions) {
    bool writes_input = false;
    for (const std::string& name : names_written(writer)) writes_input = writes_input || read.count(name) != 0;
    if (!writes_input) continue;
    for (const std::string& iname : writer.within_inames) {
      bool shared = std::all_of(invocations.begin(), invocations.end(), [&](const Invocation& invocation) {
        return kernel.instructions[invocation.instruction].within_inames.count(iname) != 0;
      });
      if (shared) outer.insert(iname);
    }
  }
}

// An iname the rule's body reads without taking it as a parameter (loopy's test_poisson_fem:
// dpsi(bf, k0, dir) := sum(ell2, DFinv[c, ell2, dir]*...) reads c) has one value per iteration of
// its loop, so the copy runs in that loop. The body's own reduction inames are bound inside it.
void add_inames_the_rule_body_reads(const LoopKernel& kernel, const FootprintRequest& request,
                                    std::set<std::string>& outer) {
  auto rule = kernel.substitutions.find(request.rule);
  if (rule == kernel.substitutions.end() || !rule->second.expression) return;
  std::set<std::string> bound(rule->second.parameters.begin(), rule->second.parameters.end());
  visit_expr(*rule->second.expression, [&](const Expr& node) {
    if (node.kind == ExprKind::Reduction) bound.insert(node.reduction_inames.begin(), node.reduction_inames.end());
  });
  for (const std::string& iname : inames_in(kernel, {rule->second.expression})) {
    if (bound.count(iname) == 0) outer.insert(iname);
  }
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
  add_inames_the_rule_body_reads(kernel, request, outer);
  add_loops_of_input_writers(kernel, request, invocations, outer);
  for (const std::string& iname : sweep) outer.erase(iname);
  return outer;
}

// An outer iname chosen by default (not given) that some accessing instruction runs outside, where
// the footprint is the same for every value of it: the values need not be computed in its loop,
// so it is no outer iname (loopy's test_add_prefetch_works_in_lhs_index: a1_map[n, k] swept over
// k in one instruction and a1_map[n, k2] in another, outside the loop over k; loopy fetches the
// same three values in a loop over k2 of their own). Where the footprint moves with the iname,
// the caller's refusal stays.
void drop_outer_inames_the_footprint_ignores(const LoopKernel& kernel, const FootprintRequest& request,
                                             const std::vector<Invocation>& invocations, std::set<std::string>& outer) {
  if (request.options.precompute_outer_inames || request.generator) return;
  isl::set footprint;
  for (const Invocation& invocation : invocations) {
    isl::set image = image_of(request, invocation.domain, invocation.axes,
                              "instruction '" + kernel.instructions[invocation.instruction].id + "'");
    footprint = footprint.is_null() ? image : footprint.unite(image);
  }
  for (const std::string& iname : std::set<std::string>(outer)) {
    bool outside = std::any_of(invocations.begin(), invocations.end(), [&](const Invocation& invocation) {
      return instance_inames(kernel.instructions[invocation.instruction], invocation.bound).count(iname) == 0;
    });
    if (!outside) continue;
    std::set<std::string> without = outer;
    without.erase(iname);
    isl::set with_it = over_outer(kernel, footprint, outer);
    isl::set union_over_it = isl::manage(
        isl_set_align_params(over_outer(kernel, footprint, without).release(), with_it.get_space().release()));
    if (union_over_it.is_subset(with_it)) outer = without;
  }
}

// The first instruction reading the footprint that runs tiles of a shift_inwards split (its
// instances carry the recomputation marker), or null.
const Instruction* shifted_tile_reader(const LoopKernel& kernel, const std::vector<Invocation>& invocations) {
  for (const Invocation& invocation : invocations) {
    const Instruction& reader = kernel.instructions[invocation.instruction];
    for (const ExprPtr& predicate : reader.predicates)
      if (is_recomputed_marker(*predicate)) return &reader;
  }
  return nullptr;
}

// What to try where a footprint read by shift_inwards tiles is neither convex nor a piecewise box.
std::string shifted_tile_hint(const Instruction* reader) {
  if (reader == nullptr) return "";
  return " (instruction '" + reader->id +
         "' runs tiles of a tail_strategy=shift_inwards split: a footprint that is one box at the tiles' "
         "start is fetched as one tile, this one is not; round_up keeps every tile at its own start)";
}

// ---- step 4: the box the guards are simplified against ------------------------------------------

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

// Whether `writer` runs, in each iteration of the copy's outer loops, before every use the copy
// replaces: ordered before each user by dependencies, and in no loop it shares with a user other
// than the copy's outer loops (a later iteration of such a loop would write after the copy was
// made). Loops of the writer's own (the sweep of an earlier fetch, a loop over another grid before
// a global barrier) run to completion before the copy, which depends on the writer.
bool runs_before_every_use(const LoopKernel& kernel, const Instruction& writer, const std::set<std::string>& outer,
                           const std::vector<std::string>& users) {
  for (const std::string& user : users) {
    if (user == writer.id || !depends_transitively(kernel, user, writer.id)) return false;
    const Instruction* reader = kernel.find_instruction(user);
    if (reader == nullptr) return false;
    for (const std::string& iname : writer.within_inames) {
      if (outer.count(iname) == 0 && uses_iname(*reader, iname)) return false;
    }
  }
  return true;
}

// The copy is made once per outer iteration: nothing may write what it reads, except an
// instruction that runs before every use in the same iteration (loopy's issue #498:
// assignment_to_subst of a value computed from an earlier temporary, then precompute). The copy
// is then made after that writer (issue 23, class 19).
void order_after_written_inputs(const LoopKernel& kernel, const FootprintRequest& request, Instruction& compute,
                                const std::vector<std::string>& users) {
  std::set<std::string> read;
  visit_expr(*compute.expression, [&](const Expr& node) {
    if (node.kind == ExprKind::Subscript || node.kind == ExprKind::Variable) read.insert(node.name);
  });
  std::set<std::string> outer = compute.within_inames;
  for (const Instruction& instruction : kernel.instructions) {
    for (const std::string& name : names_written(instruction)) {
      if (read.count(name) == 0) continue;
      if (runs_before_every_use(kernel, instruction, outer, users)) {
        compute.depends_on.insert(instruction.id);
        continue;
      }
      throw Error(request.transform + ": instruction '" + instruction.id + "' writes '" + name + "', which " +
                  request.subject + " reads; a copy made ahead of use would be stale (a writer is allowed only "
                  "where every use depends on it and it shares no loop with a use but the copy's outer loops)");
    }
  }
}

// loopy's automatic address space for a fetch (add_prefetch's temporary_address_space=None): a
// copy that runs under l.N inames and stores along none of them cannot be local, since every
// work-item along those axes would write the same elements; loopy keeps it private, each
// work-item filling its own copy (which is complete: no storage iname is parallel). A copy that
// stores along some of its l.N inames but not all stays local and is refused as a race.
void keep_private_where_local_would_race(LoopKernel& kernel, const Instruction& compute, const std::string& temporary,
                                         const std::set<std::string>& storage_inames) {
  auto is_local = [&](const std::string& iname) { return kernel.tag_of(iname).kind == InameTag::Kind::Local; };
  bool runs_under_local = std::any_of(compute.within_inames.begin(), compute.within_inames.end(), is_local);
  bool stores_along_local = std::any_of(storage_inames.begin(), storage_inames.end(), is_local);
  if (!runs_under_local || stores_along_local) return;
  for (Temporary& candidate : kernel.temporaries)
    if (candidate.name == temporary && candidate.address_space == AddressSpace::Local) candidate.address_space = AddressSpace::Private;
}

// Issue 23 class 10 (loopy's test_rank_one, variant 3): a copy asked for in local memory that
// runs under an l.N iname it neither stores along nor reads (fetch_outer_inames naming j_inner,
// l.1, for a fetch of a[i]) would be filled by every work-item along that axis at once: the same
// value into the same element, a write race that loopy lets through with a warning. The copy is
// the same for every value of such an iname, so only the work-items at its first value fill it
// (a predicate `j_inner == 0`); the others read what those wrote, ordered by the local barrier the
// reads need anyway. An iname the copy's value or index mentions differs per work-item: that
// stays a race, refused by refuse_local_write_race. A copy left to loom's choice (auto) keeps
// loopy's rule instead: private where it stores along no l.N iname, else refused.
void fill_local_copy_from_one_row(const LoopKernel& kernel, Instruction& compute, const Temporary& temporary,
                                  const std::set<std::string>& storage_inames) {
  if (temporary.address_space != AddressSpace::Local) return;
  std::set<std::string> mentioned;
  auto collect = [&](const ExprPtr& expr) {
    if (expr) visit_expr(*expr, [&](const Expr& node) { if (node.kind == ExprKind::Variable) mentioned.insert(node.name); });
  };
  for (const ExprPtr& assignee : compute.assignees) collect(assignee);
  collect(compute.expression);
  for (const ExprPtr& predicate : compute.predicates) collect(predicate);
  for (const std::string& iname : compute.within_inames) {
    if (kernel.tag_of(iname).kind != InameTag::Kind::Local || storage_inames.count(iname) != 0 || mentioned.count(iname) != 0) continue;
    std::optional<ConstantRange> range = constant_iname_range(kernel, iname);
    if (!range) continue;
    compute.predicates.push_back(binary(BinaryOp::Equal, variable(iname), int_literal(range->lower)));
  }
}

// `instruction`'s value with its storage index (a subscript of variables) renamed by position, or
// null when the assignee is not such a subscript of `temporary`.
ExprPtr value_by_storage_position(const Instruction& instruction, const std::string& temporary) {
  if (instruction.assignees.size() != 1 || !instruction.expression) return nullptr;
  const ExprPtr& assignee = instruction.assignees.front();
  if (assignee->name != temporary) return nullptr;
  std::map<std::string, ExprPtr> positions;
  if (assignee->kind == ExprKind::Subscript) {
    for (std::size_t k = 0; k < assignee->operands.size(); ++k) {
      const ExprPtr& index = assignee->operands[k];
      if (index->kind != ExprKind::Variable) return nullptr;
      positions[index->name] = variable("_loom_storage_" + std::to_string(k));
    }
  } else if (assignee->kind != ExprKind::Variable) {
    return nullptr;
  }
  ExprPtr value = substitute(instruction.expression, [&](const std::string& name) -> ExprPtr {
    auto found = positions.find(name);
    return found == positions.end() ? nullptr : found->second;
  });
  // The value must be a function of the storage position only: no other iname, nothing the
  // kernel writes.
  bool position_only = true;
  visit_expr(*value, [&](const Expr& node) {
    if (node.kind != ExprKind::Variable && node.kind != ExprKind::Subscript) return;
    if (node.name.rfind("_loom_storage_", 0) == 0) return;
    if (instruction.within_inames.count(node.name) != 0) position_only = false;
  });
  return position_only ? value : nullptr;
}

// Whether `compute` stores into `temporary` exactly the values its other writers store there, a
// function of the element only, of variables the kernel never writes: overwriting them then
// changes nothing, so the new copy need not wait for the earlier copy's readers.
bool refills_the_same_values(const LoopKernel& kernel, const std::string& temporary, const Instruction& compute) {
  ExprPtr value = value_by_storage_position(compute, temporary);
  if (!value) return false;
  // Only where no work-items run concurrently: two of them writing one element, even the same
  // value, would be a data race in local or global memory.
  auto parallel = [&](const Instruction& instruction) {
    return std::any_of(instruction.within_inames.begin(), instruction.within_inames.end(), [&](const std::string& iname) {
      InameTag::Kind kind = kernel.tag_of(iname).kind;
      return kind == InameTag::Kind::Group || kind == InameTag::Kind::Local;
    });
  };
  if (parallel(compute)) return false;
  for (const Instruction& instruction : kernel.instructions) {
    if (mentions_name(instruction, temporary) && parallel(instruction)) return false;
  }
  std::set<std::string> written;
  for (const Instruction& instruction : kernel.instructions) {
    std::set<std::string> names = names_written(instruction);
    written.insert(names.begin(), names.end());
  }
  bool reads_written = false;
  visit_expr(*value, [&](const Expr& node) {
    if ((node.kind == ExprKind::Variable || node.kind == ExprKind::Subscript) && node.name != temporary &&
        written.count(node.name) != 0)
      reads_written = true;
  });
  if (reads_written) return false;
  bool any_writer = false;
  for (const Instruction& instruction : kernel.instructions) {
    if (names_written(instruction).count(temporary) == 0) continue;
    any_writer = true;
    ExprPtr other = value_by_storage_position(instruction, temporary);
    if (!other || !structurally_equal(*other, *value)) return false;
  }
  return any_writer;
}

bool is_loop(const LoopKernel& kernel, const std::string& iname) {
  InameTag::Kind kind = kernel.tag_of(iname).kind;
  return kind != InameTag::Kind::Group && kind != InameTag::Kind::Local;
}

// ilp and vec inames are not loops in loopy (they are unrolled at each instruction), so they nest
// inside any loop: the register-tiled matmul's ilp inames go inside k_outer without being asked.
bool nests_anywhere(const InameTag& tag) {
  return tag.kind == InameTag::Kind::Ilp || tag.kind == InameTag::Kind::Vec;
}

// The copy is made in the outer inames' loops, which the readers must enter before any other of
// theirs: outer loops first (added as loop priorities where the domains' order differs, checked
// against the dependences like prioritize_loops), and no other loop of a reader around one
// (swept, ilp and vec loops are moved inside).
void nest_outer_loops_first(LoopKernel& kernel, const FootprintRequest& request, const std::set<std::string>& outer,
                            const std::vector<std::size_t>& readers) {
  // The nesting code generation will use: a priority it gives up for a reduction (an accumulator
  // per value of a parametric loop) must not let the copy leave a loop the reader runs around it
  // (found by the transform fuzzer: prioritize_loops("k, j") on sum(k) with j <= i, then a fetch
  // of b[i, k] outside j, read in j's loop after the last k's copy).
  std::vector<std::string> nesting = codegen::iname_nesting_order(yield_priorities_to_reductions(kernel, true));
  std::vector<std::string> asked = codegen::iname_nesting_order(kernel);
  auto position = [&](const std::string& iname) { return std::find(nesting.begin(), nesting.end(), iname) - nesting.begin(); };
  auto asked_position = [&](const std::string& iname) { return std::find(asked.begin(), asked.end(), iname) - asked.begin(); };
  for (std::size_t index : readers) {
    const Instruction& reader = kernel.instructions[index];
    std::set<std::string> inames = inames_used_by(reader);
    for (const std::string& o : outer) {
      if (!is_loop(kernel, o)) continue;
      for (const std::string& other : inames) {
        if (outer.count(other) != 0 || position(other) > position(o)) continue;
        if (!is_loop(kernel, other)) {
          // Not a loop on a GPU, but the C target runs it as one: the copy's loop goes outside it
          // there too, or the copy would run in a loop of its own before the reader's
          // (differential comparison with loopy, wt-diff10).
          kernel.loop_priorities.push_back({o, other});
          continue;
        }
        bool swept = std::find(request.options.sweep_inames.begin(), request.options.sweep_inames.end(), other) !=
                     request.options.sweep_inames.end();
        if (!swept && !nests_anywhere(kernel.tag_of(other))) {
          std::string way_out = asked_position(other) > asked_position(o)
                                    ? "' to the outer inames (the loop priority that nests it inside is given up "
                                      "for a reduction whose accumulator would need a copy per value of a loop of "
                                      "non-constant extent)"
                                    : "' to the outer inames, or nest it inside with prioritize_loops";
          throw Error(request.transform + ": instruction '" + reader.id + "' runs loop '" + other + "' around loop '" + o +
                      "', in which the values are copied; add '" + other + way_out);
        }
        kernel.loop_priorities.push_back({o, other});
      }
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

// The fill of the part of the tile outside the footprint: the requested one, else the round_up
// fill of the readers (their padded instances read the tile there and must see it), else none
// (the compute instruction stays guarded).
ExprPtr fetch_fill(const LoopKernel& kernel, const FootprintRequest& request, const std::vector<Invocation>& invocations) {
  ExprPtr padded;
  for (const Invocation& invocation : invocations) {
    if (ExprPtr fill = padding_fill_of(kernel.instructions[invocation.instruction])) padded = fill;
  }
  const std::optional<std::string>& text = request.fill;
  if (!text) return padded;
  std::optional<ExprPtr> requested = parse_fill(*text, request.transform);
  if (!requested) {
    if (!padded) {
      throw Error(request.transform + ": fill=\"neutral\" takes the fill of the readers' round_up split, but no reader of " +
                  request.subject + " is padded; give a value");
    }
    return padded;
  }
  if (padded && !same_fill(padded, *requested)) {
    throw Error(request.transform + ": fill " + to_string(**requested) + " differs from the fill " + to_string(*padded) +
                " of the round_up split of the readers of " + request.subject +
                "; their padded instances need the tile to read " + to_string(*padded) + " there");
  }
  return *requested;
}

// The compute instruction writes the whole tile: its guards now choose between the read and
// `fill`, so the nests reading the tile need none.
void fill_outside_region(Instruction& compute, const ExprPtr& fill) {
  if (compute.predicates.empty()) return;
  ExprPtr condition;
  for (const ExprPtr& predicate : compute.predicates)
    condition = condition ? binary(BinaryOp::LogicalAnd, condition, predicate) : predicate;
  compute.expression = if_then_else(condition, compute.expression, fill);
  compute.predicates.clear();
}

}  // namespace

namespace {

// `footprint` (over the storage axes F, in the array's coordinates) moved to storage coordinates:
// each axis less its offset. The offsets are read off the footprint's box, so they name only what
// the footprint keeps (parameters, outer inames) and moving commutes with its union and
// projections: this is the set of every invocation's image with shifted subscripts, without a
// second union and coalesce (issue 26, wt-speed14: the coalesce of a stencil's five shifted
// tiles was 9% of examples/memory/stencil5_halo.json, once per footprint).
isl::set moved_by_offsets(const isl::set& footprint, const std::vector<StorageAxis>& axes) {
  isl::set named = footprint;
  std::vector<ExprPtr> moved;
  for (std::size_t k = 0; k < axes.size(); ++k) {
    std::string name = "_loom_axis" + std::to_string(k);
    named = isl::manage(isl_set_set_dim_name(named.release(), isl_dim_set, static_cast<unsigned>(k), name.c_str()));
    moved.push_back(binary(BinaryOp::Subtract, variable(name), axes[k].offset));
  }
  std::optional<isl::map> map = access_map(named, "F", moved);
  LOOM_ASSERT(map.has_value(), "precompute: a box offset is not affine");
  return map->range();
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
  drop_outer_inames_the_footprint_ignores(kernel, request, invocations, outer);
  for (Invocation& invocation : invocations) {
    const Instruction& instruction = kernel.instructions[invocation.instruction];
    std::set<std::string> inames = instance_inames(instruction, invocation.bound);
    for (const std::string& iname : outer) {
      if (inames.count(iname) != 0) continue;
      // An explicit footprint (add_prefetch("x[i,k]")) covers only the reads inside its loops;
      // the others (another fetch's read of x[j,k]) keep reading the array, as in loopy.
      if (request.generator) {
        invocation.outside_outer = true;
        break;
      }
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
  isl::set storage_footprint = moved_by_offsets(footprint, axes);
  // A footprint that is no convex set at one affine offset may be one box at a piecewise offset
  // (shift_inwards tiles): then the storage coordinates are taken from that offset instead.
  // Tried first where shift_inwards tiles read the footprint: the union of the tiles and the
  // shifted last one can be too costly for isl's convex hull (the tuned SGEMM's a tile with its
  // rounded-up k: over isl's operation budget), and its box is what the fetch needs.
  auto moved_to_piecewise_box = [&] {
    std::optional<Box> pieces;
    try {
      pieces = piecewise_box(footprint);
    } catch (const isl::exception&) {
      isl_context_of(kernel)->reset_operation_budget();
      return false;
    }
    if (!pieces) return false;
    std::vector<StorageAxis> before = axes;
    for (std::size_t k = 0; k < axes.size(); ++k) {
      axes[k].offset = pieces->offset[k];
      axes[k].size = pieces->size[k];
    }
    isl::set moved = footprint_of([&](const Invocation& invocation) { return shifted(invocation.axes); },
                                  request.generator ? shifted(request.generator->arguments) : std::vector<ExprPtr>{});
    bool fits = false;
    try {
      fits = is_convex(moved) && moved.is_subset(storage_box(moved, axes));
    } catch (const isl::exception&) {
      isl_context_of(kernel)->reset_operation_budget();
    }
    if (!fits) {
      axes = before;
      return false;
    }
    storage_footprint = moved;
    return true;
  };
  // fetch_bounding_box asks for the box even where the footprint is convex: a stencil's halo is
  // the integer hull of shifted tiles, an octagon whose diagonal facets, clipped by the domain's
  // parametric bounds, make isl's AST generation take seconds (loopy boxes the sweep too).
  isl::set region = storage_footprint;
  if (options.fetch_bounding_box) {
    std::optional<isl::set> box = bounding_box(storage_footprint);
    if (!box) {
      std::ostringstream text;
      text << storage_footprint;
      throw Error(transform + ": the bounding box of the footprint of " + request.subject + " over [" + joined(sweep) +
                  "] (" + text.str() + ") is too costly for isl; a footprint of several pieces that differ in "
                  "conditions on the parameters comes from a domain bound written with `or`: one conjunction "
                  "(min/max, floor of parameters) gives one piece");
    }
    region = *box;
  } else if (shifted_tile_reader(kernel, invocations) != nullptr && moved_to_piecewise_box()) {
    region = storage_footprint;
  } else if (!convex_within_budget(kernel, transform, storage_footprint)) {
    throw Error(transform + ": the footprint of " + request.subject + " over [" + joined(sweep) +
                "] is not convex (or too costly for isl to prove convex); pass fetch_bounding_box=true to "
                "fetch its bounding box" +
                shifted_tile_hint(shifted_tile_reader(kernel, invocations)));
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
  bool reused_temporary = kernel.find_temporary(temporary) != nullptr;
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
  if (ExprPtr fill = fetch_fill(kernel, request, invocations)) fill_outside_region(compute, fill);
  compute.source = to_string(compute.assignees.front()) + " = " + to_string(compute.expression);
  // A reused temporary is overwritten only after what used it before is done with it, unless the
  // new copy stores exactly the values already there (loopy's test_prefetch_to_same_temp_var):
  // then it may run before or after the earlier copies and their readers (nosync with them).
  bool same_values = reused_temporary && refills_the_same_values(kernel, temporary, compute);
  if (reused_temporary) {
    for (const Instruction& instruction : kernel.instructions) {
      bool writes = names_written(instruction).count(temporary) != 0;
      bool reads = names_read(kernel, instruction).count(temporary) != 0;
      if (same_values && (writes || reads)) compute.no_sync_with.push_back({instruction.id, SyncScope::Any});
      if (!same_values && (writes || reads)) compute.depends_on.insert(instruction.id);
    }
  }

  // Step 5: replace the invocations inside the region; their instructions wait for the copy.
  std::size_t next = 0, replaced = 0;
  std::vector<std::size_t> users;
  std::optional<std::size_t> first_user;
  for (std::size_t k = 0; k < result.instructions.size(); ++k) {
    if (!within.matches(kernel, kernel.instructions[k])) continue;
    Instruction& instruction = result.instructions[k];
    std::size_t before = replaced;
    rewrite_instruction(instruction, rule, [&](const std::vector<ExprPtr>&, const std::set<std::string>&) -> ExprPtr {
      const Invocation& invocation = invocations[next++];
      if (invocation.outside_outer) return nullptr;
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
    users.push_back(k);
    if (!first_user) first_user = k;
  }
  if (replaced == 0) {
    throw Error(transform + ": no use of " + request.subject + " lies inside the footprint; nothing to precompute");
  }
  if (same_values) {
    // Whichever copy a reader of the new one meets, it reads the same values.
    for (const Instruction& instruction : kernel.instructions) {
      if (names_written(instruction).count(temporary) == 0) continue;
      for (std::size_t k : users) result.instructions[k].no_sync_with.push_back({instruction.id, SyncScope::Any});
    }
  }
  std::vector<std::string> user_ids;
  for (std::size_t k : users) user_ids.push_back(kernel.instructions[k].id);
  order_after_written_inputs(kernel, request, compute, user_ids);

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
  nest_outer_loops_first(result, request, outer, users);
  std::vector<AutoSplit> splits = assign_local_axes(result, compute.within_inames, auto_inames, lengths);
  if (!new_inames.empty()) result.domains.push_back(storage_domain(kernel, new_inames, lengths, splits));
  apply_splits(compute, splits);
  std::set<std::string> storage_inames;
  for (const std::string& iname : compute.within_inames)
    if (outer.count(iname) == 0) storage_inames.insert(iname);
  if (request.private_where_local_would_race)
    keep_private_where_local_would_race(result, compute, temporary, storage_inames);
  else
    fill_local_copy_from_one_row(result, compute, *result.find_temporary(temporary), storage_inames);
  refuse_local_write_race(result, request, compute, *result.find_temporary(temporary), storage_inames);
  refuse_private_copy_filled_by_work_items(result, request, compute, *result.find_temporary(temporary), storage_inames);
  // Before its first reader, or right after it when the copy runs inside a loop of the reader's
  // reduction: the reduction's init (realized later, in the reader's place) must then come first,
  // so that the loop the copy shares with the reduction's update is entered once.
  std::size_t position = *first_user + (reduces_over_any(result.instructions[*first_user], outer) ? 1 : 0);
  result.instructions.insert(result.instructions.begin() + static_cast<std::ptrdiff_t>(position), compute);
  if (!still_invoked(result, rule.name)) result.substitutions.erase(rule.name);
  return result;
}

}  // namespace loom
