// split_iname (loopy's transform/iname.py): replaces an iname by an outer and an inner one.
//
//   {[i]: 0<=i<n}   out[i] = 2*a[i]
// split_iname("i", 16) →
//   {[i_outer, i_inner]: 0<=i_inner<16 and 0<=16*i_outer+i_inner<n}
//   out[16*i_outer + i_inner] = 2*a[16*i_outer + i_inner]
//
// slabs=(head, tail) generates the outer loop in pieces (isl's separation) so that the bulk of
// full tiles has no guards and partial tiles are peeled; no iteration runs twice.
// i_outer takes i's place in the nesting, i_inner nests directly inside it. Reductions over i
// become reductions over (i_outer, i_inner). With `within`, only matching instructions are
// split; the others keep i. Refuses: an unknown iname, a length below 1, an iname already tagged
// with a parallel or unroll tag (split first, then tag the pieces), names that already exist.
// The rewrite keeps every instance's order, so it can only become illegal through the tags it
// applies (checked like tag_inames).
//
// tail_strategy (Halide's TailStrategy; docs/decisions.md, issue 25):
// - "guard" (default, loopy's): the domain above; the partial tile is guarded.
// - "round_up": the loop covers whole tiles, {[i_outer, i_inner]: 0<=i_inner<16 and
//   0<=16*i_outer<n}; each split instruction carries `loom_round_up(16*i_outer+i_inner < n, fill)`
//   (transforms/tail_support.hpp): checks see the original instances, code generation keeps the
//   guard only on global stores and predicates global reads with `fill` (default 0). Refused
//   where a reduction over the split iname would receive a non-neutral term from the padding
//   (max with fill 0); fill="neutral" lets loom pick the operator's neutral element.
// - round_up and shift_inwards need a domain that is one interval along the iname for each value
//   of the other inames and parameters: a bound with a division of parameters
//   (i < m - m mod 128) is one, a stride (i mod 2 = 0) or a gap is refused. shift_inwards also
//   needs each bound as one affine expression (no division).
// - "shift_inwards": the last tile moves back to end at the bound (i = min(16*i_outer, n-16) +
//   i_inner), so every tile is full and the overlap is computed twice. Refused where that
//   recomputation could change a result (an instruction reads what the split instructions write,
//   a reduction over the split iname); falls back to "guard" where the extent may be below the
//   tile (the kernel's explain says so).
#include <isl/constraint.h>

#include <cmath>
#include <cstdlib>
#include <sstream>

#include "analysis/accesses.hpp"
#include "ir/instance_sets.hpp"
#include "ir/isl_extra.hpp"
#include "ir/match.hpp"
#include "loom/error.hpp"
#include "analysis/reduction_operations.hpp"
#include "transforms/footprint_support.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/subst_support.hpp"
#include "transforms/tail_support.hpp"
#include "transforms/transform_support.hpp"
#include "analysis/condition_set.hpp"

namespace loom {

namespace {

enum class TailStrategy { Guard, RoundUp, ShiftInwards };

struct SplitPlan {
  std::string iname, outer, inner;
  int64_t length;
  bool keep_original;                 // some instructions (outside `within`) still use the iname
  std::set<std::string> split_ids;    // instructions rewritten
  TailStrategy tail = TailStrategy::Guard;
  std::vector<ExprPtr> padding_conditions;  // round_up: the original domain's constraints it drops
  ExprPtr shifted_start;                    // shift_inwards: lower + min(L*outer, extent - L)
  std::pair<ExprPtr, ExprPtr> shift_bounds;  // shift_inwards: the iname's lower and upper bound
};

TailStrategy parse_tail_strategy(const std::string& text, const std::string& call_text) {
  if (text == "guard") return TailStrategy::Guard;
  if (text == "round_up") return TailStrategy::RoundUp;
  if (text == "shift_inwards") return TailStrategy::ShiftInwards;
  throw Error(call_text + ": unknown tail_strategy '" + text + "' (known: guard, shift_inwards, round_up)");
}

bool uses_iname(const Instruction& instruction, const std::string& iname) {
  if (instruction.within_inames.count(iname) != 0) return true;
  bool reduces = false;
  if (instruction.expression) {
    visit_expr(*instruction.expression, [&](const Expr& e) {
      if (e.kind == ExprKind::Reduction &&
          std::find(e.reduction_inames.begin(), e.reduction_inames.end(), iname) != e.reduction_inames.end()) {
        reduces = true;
      }
    });
  }
  return reduces;
}

void check_splittable(const LoopKernel& kernel, std::string_view iname, int64_t length, const std::string& call_text) {
  require_iname(kernel, std::string(iname), "split_iname");
  if (length < 1) throw Error(call_text + ": inner_length must be at least 1, got " + std::to_string(length));
  InameTag tag = kernel.tag_of(std::string(iname));
  if (tag.kind != InameTag::Kind::Sequential && tag.kind != InameTag::Kind::Ordered) {
    throw Error(call_text + ": iname '" + std::string(iname) + "' is tagged " + to_string(tag) +
                "; untag it first or split before tagging");
  }
}

std::string chosen_name(const LoopKernel& kernel, const std::optional<std::string>& requested, const std::string& base,
                        const std::string& call_text, const std::set<std::string>& taken) {
  if (!requested) return unused_name(kernel, base, taken);
  if (unused_name(kernel, *requested, taken) != *requested) {
    throw Error(call_text + ": the name '" + *requested + "' is already used in the kernel");
  }
  return *requested;
}

ExprPtr recombined_shift(const SplitPlan& plan) {
  return binary(BinaryOp::Add, plan.shifted_start, variable(plan.inner));
}

// The split iname's value in isl syntax (for the instance rewrite).
std::string old_value(const SplitPlan& plan) {
  if (!plan.shifted_start) return std::to_string(plan.length) + "*" + plan.outer + " + " + plan.inner;
  return to_string(*recombined_shift(plan));
}

ExprPtr recombined(const SplitPlan& plan) {
  if (plan.shifted_start) return binary(BinaryOp::Add, plan.shifted_start, variable(plan.inner));
  return binary(BinaryOp::Add, binary(BinaryOp::Multiply, int_literal(plan.length), variable(plan.outer)),
                variable(plan.inner));
}

ExprPtr split_reduction_inames(const ExprPtr& node, const SplitPlan& plan) {
  auto found = std::find(node->reduction_inames.begin(), node->reduction_inames.end(), plan.iname);
  if (found == node->reduction_inames.end()) return node;
  Expr copy = *node;
  auto position = copy.reduction_inames.begin() + (found - node->reduction_inames.begin());
  position = copy.reduction_inames.erase(position);
  copy.reduction_inames.insert(position, {plan.outer, plan.inner});
  return std::make_shared<const Expr>(std::move(copy));
}

// The split instructions' expressions and the bodies of the rules they invoke (a rule body that
// names the iname itself, loopy's `invdist := ... x[i,k] ...`, means the invoking instruction's
// iname; issue 23, classes 6 and 7), then their loops.
void rewrite_split_instructions(LoopKernel& kernel, const SplitPlan& plan) {
  ExprPtr value = recombined(plan);
  InameExpressionRewrite rewrite{
      [&](const std::string& name) { return name == plan.iname ? value : nullptr; },
      [&](const ExprPtr& reduction) { return split_reduction_inames(reduction, plan); }};
  kernel = rewrite_instructions_and_rules(kernel, plan.split_ids, rewrite, "split_iname");
  for (Instruction& instruction : kernel.instructions) {
    if (plan.split_ids.count(instruction.id) == 0 || instruction.within_inames.erase(plan.iname) == 0) continue;
    instruction.within_inames.insert(plan.outer);
    instruction.within_inames.insert(plan.inner);
  }
}

// A parameter set `{ : constraint }` over every name the constraint mentions.
isl::set parameter_set(isl::ctx ctx, const std::string& constraint, const std::vector<ExprPtr>& mentioned,
                       const std::vector<std::string>& more = {}) {
  std::set<std::string> names(more.begin(), more.end());
  for (const ExprPtr& expr : mentioned) {
    visit_expr(*expr, [&](const Expr& node) {
      if (node.kind == ExprKind::Variable) names.insert(node.name);
    });
  }
  std::vector<std::string> list(names.begin(), names.end());
  return isl::set(ctx, "[" + joined(list) + "] -> { : " + constraint + " }");
}

// round_up and shift_inwards: every tile that meets the domain, whole. round_up keeps the
// constraints that cut the tiles as padding conditions.
isl::set whole_tiles(const isl::set& pieces, SplitPlan& plan) {
  if (plan.tail == TailStrategy::ShiftInwards) {  // tiles over [0, extent) shifted by the lower bound
    std::ostringstream shifted;
    shifted << "0 <= " << plan.inner << " < " << plan.length << " and 0 <= " << plan.outer << " and " << plan.length
            << "*" << plan.outer << " <= " << to_string(*plan.shift_bounds.second) << " - ("
            << to_string(*plan.shift_bounds.first) << ")";
    isl::set rest = isl_extra::project_out_param(isl_extra::project_out_param(pieces, plan.inner), plan.outer);
    return rest.intersect(parameter_set(pieces.ctx(), shifted.str(), {plan.shift_bounds.first, plan.shift_bounds.second},
                                        {plan.inner, plan.outer}));
  }
  std::ostringstream inner_range;
  inner_range << "[" << plan.inner << "] -> { : 0 <= " << plan.inner << " < " << plan.length << " }";
  isl::set tiles = isl_extra::project_out_param(pieces, plan.inner).intersect(isl::set(pieces.ctx(), inner_range.str()));
  if (plan.tail == TailStrategy::RoundUp) {
    for (const ExprPtr& condition : region_predicates(pieces, tiles, {})) plan.padding_conditions.push_back(condition);
  }
  return tiles;
}

// `[iname, outer, inner] -> { : iname = length*outer + inner and 0 <= inner < length }`, built
// with isl's constraints rather than parsed (issue 26: parsing it was a third of a small spec's
// split). The same constraints in the order the parser added them (checked against the parsed
// form under LOOM_VERIFY_SKIPPED_CHECKS=1).
isl::set split_relation(isl::ctx ctx, const SplitPlan& plan) {
  isl_space* space = isl_space_params_alloc(ctx.get(), 3);
  const std::string* names[] = {&plan.iname, &plan.outer, &plan.inner};
  for (unsigned k = 0; k < 3; ++k) {
    space = isl_space_set_dim_id(space, isl_dim_param, k, isl_id_alloc(ctx.get(), names[k]->c_str(), nullptr));
  }
  isl_local_space* ls = isl_local_space_from_space(isl_space_copy(space));
  isl_basic_set* relation = isl_basic_set_universe(space);
  isl_constraint* split = isl_constraint_alloc_equality(isl_local_space_copy(ls));
  split = isl_constraint_set_coefficient_si(split, isl_dim_param, 0, 1);
  split = isl_constraint_set_coefficient_si(split, isl_dim_param, 1, static_cast<int>(-plan.length));
  split = isl_constraint_set_coefficient_si(split, isl_dim_param, 2, -1);
  relation = isl_basic_set_add_constraint(relation, split);
  isl_constraint* above = isl_constraint_alloc_inequality(isl_local_space_copy(ls));
  above = isl_constraint_set_coefficient_si(above, isl_dim_param, 2, 1);
  relation = isl_basic_set_add_constraint(relation, above);
  isl_constraint* below = isl_constraint_alloc_inequality(ls);
  below = isl_constraint_set_coefficient_si(below, isl_dim_param, 2, -1);
  below = isl_constraint_set_constant_si(below, static_cast<int>(plan.length - 1));
  relation = isl_basic_set_add_constraint(relation, below);
  isl::set built = isl::manage(isl_set_from_basic_set(relation));
  if (std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr) {
    std::ostringstream text;
    text << "[" << plan.iname << ", " << plan.outer << ", " << plan.inner << "] -> { : " << plan.iname << " = "
         << plan.length << plan.outer << " + " << plan.inner << " and 0 <= " << plan.inner << " < " << plan.length << " }";
    isl::set parsed(ctx, text.str());
    if (!parsed.is_equal(built)) throw InternalError("split_iname: the built split relation differs from " + text.str());
  }
  return built;
}

isl::set split_param_form(const isl::set& original, const SplitPlan& plan) {
  isl::set pieces = original.intersect(split_relation(original.ctx(), plan));
  return isl_extra::project_out_param(pieces, plan.iname);
}

// A nested domain whose bounds name the iname ({[j]: 0<=j<i}, or loopy's "[i] -> {[k]: ...}")
// is bounded by the outer and inner inames instead (loopy's split_iname does the same), so it
// does not ask for a parameter 'i' that no longer exists (issue 23, classes 13 and 18).
void split_parameter_of(Domain& domain, const SplitPlan& plan) {
  if (plan.keep_original) return;  // the iname still exists for the instructions outside `within`
  if (std::find(domain.parameters.begin(), domain.parameters.end(), plan.iname) == domain.parameters.end()) return;
  domain = domain_from_param_form(isl_context_of(domain.set), split_param_form(param_form(domain), plan), domain.inames);
}

void split_domain(LoopKernel& kernel, SplitPlan& plan) {
  for (Domain& domain : kernel.domains) {
    auto position = std::find(domain.inames.begin(), domain.inames.end(), plan.iname);
    if (position == domain.inames.end()) {
      split_parameter_of(domain, plan);
      continue;
    }
    isl::set original = param_form(domain);
    isl::set pieces = split_param_form(original, plan);
    if (plan.tail != TailStrategy::Guard) pieces = whole_tiles(pieces, plan);
    std::vector<std::string> inames = domain.inames;
    position = inames.erase(inames.begin() + (position - domain.inames.begin()));
    inames.insert(position, {plan.outer, plan.inner});
    if (plan.keep_original) {
      pieces = pieces.intersect(original);
      inames.insert(std::find(inames.begin(), inames.end(), plan.outer), plan.iname);
    }
    domain = domain_from_param_form(isl_context_of(domain.set), pieces, inames);
  }
}

void replace_in_priorities(LoopKernel& kernel, const SplitPlan& plan) {
  for (std::vector<std::string>& priority : kernel.loop_priorities) {
    auto found = std::find(priority.begin(), priority.end(), plan.iname);
    if (found == priority.end()) continue;
    found = priority.erase(found);
    priority.insert(found, {plan.outer, plan.inner});
  }
}

TransformCall recorded_call(std::string_view iname, int64_t inner_length, const SplitOptions& options,
                            const TailOptions& tail) {
  TransformCall call{"split_iname", {{"iname", std::string(iname)}, {"inner_length", inner_length}}};
  auto add = [&](const char* name, const std::optional<std::string>& value) {
    if (value) call.arguments[name] = *value;
  };
  add("outer_iname", options.outer_iname);
  add("inner_iname", options.inner_iname);
  add("outer_tag", options.outer_tag);
  add("inner_tag", options.inner_tag);
  add("within", options.within);
  if (tail.strategy != "guard") call.arguments["tail_strategy"] = tail.strategy;
  add("fill", tail.fill);
  if (options.slabs != std::pair<int64_t, int64_t>{0, 0}) {
    call.arguments["slabs"] = std::vector<int64_t>{options.slabs.first, options.slabs.second};
  }
  if (options.unchecked) call.arguments["unchecked"] = true;
  return call;
}


// ---- shift_inwards ---------------------------------------------------------------------------------

// An affine function of the parameters without divisions, as an expression; nullptr otherwise.
ExprPtr affine_expr(isl_aff* aff) {
  isl_val* denominator = isl_aff_get_denominator_val(aff);
  bool integral = isl_val_is_one(denominator) == isl_bool_true;
  isl_val_free(denominator);
  if (!integral || isl_aff_dim(aff, isl_dim_div) > 0) return nullptr;
  ExprPtr sum;
  auto add = [&](ExprPtr term) { sum = sum ? binary(BinaryOp::Add, sum, term) : term; };
  for (int k = 0; k < isl_aff_dim(aff, isl_dim_param); ++k) {
    isl_val* coefficient = isl_aff_get_coefficient_val(aff, isl_dim_param, k);
    int64_t value = isl_val_get_num_si(coefficient);
    isl_val_free(coefficient);
    if (value == 0) continue;
    ExprPtr name = variable(isl_aff_get_dim_name(aff, isl_dim_param, static_cast<unsigned>(k)));
    add(value == 1 ? name : binary(BinaryOp::Multiply, int_literal(value), name));
  }
  isl_val* constant = isl_aff_get_constant_val(aff);
  int64_t value = isl_val_get_num_si(constant);
  isl_val_free(constant);
  if (!sum) return int_literal(value);
  if (value > 0) return binary(BinaryOp::Add, sum, int_literal(value));
  if (value < 0) return binary(BinaryOp::Subtract, sum, int_literal(-value));
  return sum;
}

// The single affine piece of a bound; nullptr when there are several or it is not affine.
ExprPtr single_piece(isl::pw_aff bound) {
  if (isl_pw_aff_n_piece(bound.get()) != 1) return nullptr;
  ExprPtr result;
  isl_pw_aff_foreach_piece(
      bound.get(),
      [](isl_set* set, isl_aff* aff, void* user) {
        *static_cast<ExprPtr*>(user) = affine_expr(aff);
        isl_set_free(set);
        isl_aff_free(aff);
        return isl_stat_ok;
      },
      &result);
  return result;
}

// The tiles start at lower + min(L*outer, extent - L): the last one ends at the bound. Needs
// bounds of the iname that are affine in the parameters and outer inames, the domain a product
// in the iname (nothing else bounded by it), and an extent of at least one tile wherever the
// domain is not empty; false (fall back to guard) when the extent may be below the tile.
bool plan_shift(const LoopKernel& kernel, SplitPlan& plan, const std::string& call_text) {
  const Domain* domain = kernel.domain_of_iname(plan.iname);
  isl::set original = param_form(*domain);
  int position = isl_extra::find_dim(original, isl_dim_param, plan.iname);
  isl::set over_iname = isl::manage(isl_set_move_dims(original.copy(), isl_dim_set, 0, isl_dim_param,
                                                      static_cast<unsigned>(position), 1));
  isl::set rest = over_iname.params();
  ExprPtr lower = single_piece(isl::manage(isl_set_dim_min(over_iname.copy(), 0)));
  ExprPtr upper = single_piece(isl::manage(isl_set_dim_max(over_iname.copy(), 0)));
  if (!lower || !upper) {
    throw Error(call_text + ", tail_strategy=shift_inwards: the bounds of '" + plan.iname +
                "' are not one affine expression each (the domain " + domain->set.str() +
                "; a division of parameters is not shifted); use guard or round_up");
  }
  isl::set box = rest.intersect(parameter_set(original.ctx(), to_string(*lower) + " <= " + plan.iname + " <= " + to_string(*upper),
                                               {lower, upper}, {plan.iname}));
  if (!box.is_subset(original)) {
    throw Error(call_text + ", tail_strategy=shift_inwards: other inames' bounds depend on '" + plan.iname +
                "' (the domain is not a box in it); use guard or round_up");
  }
  isl::set short_extent = rest.intersect(parameter_set(
      original.ctx(), to_string(*upper) + " - (" + to_string(*lower) + ") + 1 < " + std::to_string(plan.length), {lower, upper}));
  if (!kernel.assumptions.empty_handle()) short_extent = short_extent.intersect(isl_set_of(kernel.assumptions));
  if (!short_extent.is_empty()) return false;
  ExprPtr extent = binary(BinaryOp::Subtract, binary(BinaryOp::Add, upper, int_literal(1)), lower);
  ExprPtr last_start = binary(BinaryOp::Subtract, extent, int_literal(plan.length));
  ExprPtr start = call("min", {binary(BinaryOp::Multiply, int_literal(plan.length), variable(plan.outer)), last_start});
  plan.shifted_start = same_fill(lower, int_literal(0)) ? start : binary(BinaryOp::Add, lower, start);
  plan.shift_bounds = {lower, upper};
  return true;
}

// Recomputing the overlap must not change a result: no split instruction may read what the split
// instructions write to memory that outlives the instance (a kernel argument), nor what it writes
// itself (an accumulation), nor reduce over the iname (the overlap would be counted twice).
void refuse_harmful_recomputation(const LoopKernel& kernel, const SplitPlan& plan, const std::string& call_text) {
  std::string overlap = "the last two tiles of '" + plan.iname + "' overlap (instances " + plan.iname + " = " +
                        to_string(*plan.shift_bounds.second) + " - " + std::to_string(plan.length - 1) +
                        " ... up to the start of the last tile run twice)";
  for (const Instruction& reader : kernel.instructions) {
    if (plan.split_ids.count(reader.id) == 0) continue;
    if (reader.within_inames.count(plan.iname) == 0) {
      throw Error(call_text + ", tail_strategy=shift_inwards: instruction '" + reader.id + "' reduces over '" +
                  plan.iname + "'; " + overlap + " and would be counted twice");
    }
    std::set<std::string> read = names_read(kernel, reader);
    for (const Instruction& writer : kernel.instructions) {
      if (plan.split_ids.count(writer.id) == 0) continue;
      for (const std::string& name : names_written(writer)) {
        if (read.count(name) == 0) continue;
        if (writer.id != reader.id && kernel.find_arg(name) == nullptr) continue;
        throw Error(call_text + ", tail_strategy=shift_inwards: " + overlap + "; instruction '" + reader.id +
                    "' reads '" + name + "', which instruction '" + writer.id + "' writes, so the second run of an "
                    "instance would see the first one's result (" + writer.source + ")");
      }
    }
  }
}

// The instances of the shifted last tile that an earlier tile ran already are marked, so that
// checks see every element written once (tail_support.hpp).
void mark_recomputation(LoopKernel& result, const SplitPlan& plan) {
  ExprPtr unshifted = binary(BinaryOp::Multiply, int_literal(plan.length), variable(plan.outer));
  ExprPtr first_run = binary(BinaryOp::GreaterEqual, binary(BinaryOp::Subtract, recombined(plan), plan.shift_bounds.first), unshifted);
  for (Instruction& instruction : result.instructions)
    if (plan.split_ids.count(instruction.id) != 0) instruction.predicates.push_back(recomputed_marker(first_run));
}

// ---- round_up: what the padding contributes ------------------------------------------------------

bool mentions(const Expr& expr, const std::string& name) {
  bool found = false;
  visit_expr(expr, [&](const Expr& node) { found = found || (node.kind == ExprKind::Variable && node.name == name); });
  return found;
}

// The value of a reduction's term on a padded instance, where every global read that depends on
// `iname` gives `fill`; nullptr when it cannot be told (the term then must not be padded).
ExprPtr padded_term(const LoopKernel& kernel, const Expr& term, const std::string& iname, const ExprPtr& fill) {
  if (term.kind == ExprKind::IntLiteral || term.kind == ExprKind::FloatLiteral) return std::make_shared<const Expr>(term);
  if (term.kind == ExprKind::Subscript) {
    const KernelArgument* arg = kernel.find_arg(term.name);
    bool padded = arg != nullptr && arg->is_array() && mentions(term, iname);
    return padded ? fill : nullptr;
  }
  if (term.kind == ExprKind::Binary && term.binary_op == BinaryOp::Multiply) {
    for (const ExprPtr& factor : term.operands) {
      ExprPtr value = padded_term(kernel, *factor, iname, fill);
      if (value && same_fill(value, int_literal(0))) return int_literal(0);
    }
  }
  return nullptr;
}

DType written_dtype(const LoopKernel& kernel, const Instruction& instruction) {
  if (instruction.assignees.empty()) return DType::Float32;
  const std::string& name = instruction.assignees.front()->name;
  if (const KernelArgument* arg = kernel.find_arg(name); arg != nullptr && arg->dtype) return *arg->dtype;
  if (const Temporary* temporary = kernel.find_temporary(name); temporary != nullptr && temporary->dtype) return *temporary->dtype;
  return DType::Float32;
}

// The fill for `instruction`'s padded reads: the requested one, checked against every reduction
// over the split iname (its padded terms must be the operator's neutral element), or with
// "neutral" (`requested` nullopt) the neutral element loom picks.
ExprPtr padding_fill(const LoopKernel& kernel, const Instruction& instruction, const SplitPlan& plan,
                     const std::optional<ExprPtr>& requested, const std::string& call_text) {
  ExprPtr chosen = requested ? *requested : nullptr;
  if (!instruction.expression) return chosen ? chosen : int_literal(0);
  visit_expr(*instruction.expression, [&](const Expr& node) {
    if (node.kind != ExprKind::Reduction) return;
    if (std::find(node.reduction_inames.begin(), node.reduction_inames.end(), plan.iname) == node.reduction_inames.end()) return;
    ReductionOperation operation = parse_reduction_operation(node, instruction);
    if (operation.is_arg) {
      throw Error(call_text + ", tail_strategy=round_up: instruction '" + instruction.id + "' reduces with " +
                  operation.name + " over '" + plan.iname + "'; padding an arg-reduction is not supported (use guard)");
    }
    ExprPtr neutral = reduction_neutral_element(operation.name, written_dtype(kernel, instruction));
    const Expr& term = *node.operands.back();
    ExprPtr fill = chosen;
    if (!fill) {  // "neutral": the operator's neutral element, or 0 where a zero factor gives it
      fill = padded_term(kernel, term, plan.iname, neutral) && same_fill(padded_term(kernel, term, plan.iname, neutral), neutral)
                 ? neutral : int_literal(0);
    }
    ExprPtr contribution = padded_term(kernel, term, plan.iname, fill);
    if (!contribution || !same_fill(contribution, neutral)) {
      throw Error(call_text + ", tail_strategy=round_up: instruction '" + instruction.id + "' reduces with " +
                  operation.name + " over '" + plan.iname + "'; with fill " + to_string(*fill) +
                  " the padded instances would add " + (contribution ? to_string(*contribution) : "'" + to_string(term) + "'") +
                  ", which is not neutral for " + operation.name + " (" + to_string(*neutral) + ")" +
                  (requested ? "; pass fill=\"neutral\" to let loom fill with " + to_string(*neutral) : std::string()));
    }
    chosen = fill;
  });
  return chosen ? chosen : int_literal(0);
}

// A nested split of a padded iname (i1 of i = 4*i1 + ir) drops `4*i1 <= n - 1`, which the
// first split's `4*i1 + ir <= n - 1` implies already: one guard term fewer per store.
bool implied_by_earlier_padding(const LoopKernel& kernel, const Instruction& instruction, const Expr& condition) {
  std::vector<const Expr*> earlier;
  for (const ExprPtr& predicate : instruction.predicates)
    if (is_padding_marker(*predicate)) earlier.push_back(predicate->operands[0].get());
  if (earlier.empty()) return false;
  isl::set domain = instruction_domain(kernel, instruction);
  // The conditions as sets of the whole space (issue 26: on the instances, every operation
  // intersected them again), on the instances where not affine there; `holds` lies within the
  // instances, so being a subset of `wanted` on the whole space is being one on the instances.
  isl::set universe = isl::set::universe(domain.space());
  auto condition_holds = [&](const Expr& expr) {
    std::optional<isl::set> set = condition_set(kernel, expr, universe);
    return set ? set : condition_set(kernel, expr, domain);
  };
  isl::set holds = domain;
  for (const Expr* previous : earlier) {
    std::optional<isl::set> set = condition_holds(*previous);
    if (!set) return false;
    holds = holds.intersect(*set);
  }
  std::optional<isl::set> wanted = condition_holds(condition);
  return wanted && holds.is_subset(*wanted);
}

// `set` moved along its dimension `position` by any amount >= 0 (`direction` 1) or <= 0 (-1):
// the Minkowski sum with that ray.
isl::set swept_along(const isl::set& set, int position, int direction) {
  isl_space* space = isl_set_get_space(set.get());
  isl_local_space* local = isl_local_space_from_space(isl_space_copy(space));
  isl_basic_set* ray = isl_basic_set_universe(space);
  for (int k = 0; k < isl_extra::dim_count(set, isl_dim_set); ++k) {
    isl_constraint* constraint = k == position ? isl_constraint_alloc_inequality(isl_local_space_copy(local))
                                               : isl_constraint_alloc_equality(isl_local_space_copy(local));
    constraint = isl_constraint_set_coefficient_si(constraint, isl_dim_set, k, k == position ? direction : 1);
    ray = isl_basic_set_add_constraint(ray, constraint);
  }
  isl_local_space_free(local);
  return isl_extra::checked(isl::manage(isl_set_sum(set.copy(), isl_set_from_basic_set(ray))), set.ctx().get());
}

// Whether every line along the iname meets the domain in one interval: the points between two
// points of the domain on such a line are in it. Exact over the integers (isl's Minkowski sums);
// one basic set without existentials is an intersection of half-spaces and always passes (a union,
// `i < 3 or i >= 5`, may have a gap).
bool contiguous_along(const isl::set& set, int position) {
  isl::set coalesced = set.coalesce();
  if (isl_set_n_basic_set(coalesced.get()) <= 1 && isl::manage(isl_set_remove_divs(coalesced.copy())).is_equal(coalesced)) return true;
  isl::set between = swept_along(set, position, 1).intersect(swept_along(set, position, -1));
  return between.is_subset(set);
}

// round_up and shift_inwards cover whole tiles of a contiguous range; a strided domain
// (`i mod 2 = 0`, an existential in the iname) would run or pad the skipped values (found by the
// transform fuzzer: wrong results), so it is refused. Divisions of parameters alone
// (`i < m - m mod 128`: for each m an interval) are contiguous and accepted (wt-floor14).
void refuse_strided_range(const LoopKernel& kernel, const SplitPlan& plan, const std::string& call_text) {
  const Domain* domain = kernel.domain_of_iname(plan.iname);
  if (domain == nullptr) return;
  bool strided = with_isl_errors(call_text, [&] {
    isl::set set = isl_set_of(domain->set);
    return !contiguous_along(set, isl_extra::find_dim(set, isl_dim_set, plan.iname));
  });
  if (strided) {
    throw Error(call_text + ", tail_strategy=" + (plan.tail == TailStrategy::RoundUp ? "round_up" : "shift_inwards") +
                ": the domain of '" + plan.iname + "' (" + domain->set.str() +
                ") is not a contiguous range in '" + plan.iname + "' (a stride or an existential); use tail_strategy=guard");
  }
}

// Marks the padded instances of every split instruction (tail_support.hpp).
void mark_padding(LoopKernel& result, const LoopKernel& kernel, const SplitPlan& plan,
                  const std::optional<ExprPtr>& requested, const std::string& call_text) {
  if (plan.keep_original) {
    throw Error(call_text + ": tail_strategy=round_up splits every instruction that uses '" + plan.iname +
                "'; drop `within` or use guard");
  }
  for (std::size_t k = 0; k < result.instructions.size(); ++k) {
    if (plan.split_ids.count(kernel.instructions[k].id) == 0) continue;
    ExprPtr fill = padding_fill(kernel, kernel.instructions[k], plan, requested, call_text);
    Instruction& instruction = result.instructions[k];
    ExprPtr earlier = padding_fill_of(instruction);
    if (earlier && !same_fill(earlier, fill)) {
      throw Error(call_text + ", tail_strategy=round_up: instruction '" + instruction.id + "' is padded with fill " +
                  to_string(*earlier) + " by an earlier split; this one would fill " + to_string(*fill));
    }
    for (const ExprPtr& condition : plan.padding_conditions) {
      if (!implied_by_earlier_padding(result, instruction, *condition)) instruction.predicates.push_back(padding_marker(condition, fill));
    }
  }
}

}  // namespace

LoopKernel split_iname(const LoopKernel& kernel, std::string_view iname, int64_t inner_length,
                       const SplitOptions& options) {
  return split_iname(kernel, iname, inner_length, options, TailOptions{});
}

LoopKernel split_iname(const LoopKernel& kernel, std::string_view iname, int64_t inner_length,
                       const SplitOptions& options, const TailOptions& tail) {
  TransformCall call = recorded_call(iname, inner_length, options, tail);
  std::string call_text = "split_iname(\"" + std::string(iname) + "\", " + std::to_string(inner_length) + ")";
  // Step 1: checks.
  check_splittable(kernel, iname, inner_length, call_text);
  if (options.slabs.first < 0 || options.slabs.second < 0) {
    throw Error(call_text + ": slabs must be two non-negative counts (head, tail)");
  }
  InstructionMatch within = options.within ? InstructionMatch::parse(*options.within) : InstructionMatch::all();
  SplitPlan plan{std::string(iname), "", "", inner_length, false, {}};
  plan.tail = parse_tail_strategy(tail.strategy, call_text);
  std::optional<ExprPtr> fill = parse_fill(tail.fill.value_or("0"), call_text);
  if (tail.fill && plan.tail != TailStrategy::RoundUp) throw Error(call_text + ": fill applies only to tail_strategy=round_up");
  plan.outer = chosen_name(kernel, options.outer_iname, plan.iname + "_outer", call_text, {});
  plan.inner = chosen_name(kernel, options.inner_iname, plan.iname + "_inner", call_text, {plan.outer});
  for (const Instruction& instruction : kernel.instructions) {
    if (!uses_iname(instruction, plan.iname)) continue;
    if (within.matches(kernel, instruction)) plan.split_ids.insert(instruction.id);
    else plan.keep_original = true;
  }
  if (plan.split_ids.empty() && options.within) {
    throw Error(call_text + ": within='" + *options.within + "' matches no instruction that uses '" + plan.iname + "'");
  }
  if (plan.tail != TailStrategy::Guard) refuse_strided_range(kernel, plan, call_text);
  if (plan.tail == TailStrategy::ShiftInwards) {
    if (plan.keep_original) throw Error(call_text + ": tail_strategy=shift_inwards splits every instruction that uses '" + plan.iname + "'; drop `within` or use guard");
    bool shifted = with_isl_errors(call_text, [&] { return plan_shift(kernel, plan, call_text); });
    if (shifted) refuse_harmful_recomputation(kernel, plan, call_text);
    else {
      plan.tail = TailStrategy::Guard;  // the extent may be below one tile
      call.arguments["tail_strategy"] = std::string("shift_inwards (guard: the extent of '" + plan.iname +
                                                    "' may be below " + std::to_string(inner_length) + ")");
    }
  }
  // Step 2: rewrite domains, instructions, priorities, tags.
  LoopKernel result = kernel;
  with_isl_errors(call_text, [&] { split_domain(result, plan); });
  rewrite_split_instructions(result, plan);
  if (plan.tail == TailStrategy::RoundUp) with_isl_errors(call_text, [&] { mark_padding(result, kernel, plan, fill, call_text); });
  if (plan.tail == TailStrategy::ShiftInwards) mark_recomputation(result, plan);
  replace_in_priorities(result, plan);
  if (!plan.keep_original) result.iname_tags.erase(plan.iname);
  if (options.slabs != std::pair<int64_t, int64_t>{0, 0}) result.slabs[plan.outer] = options.slabs;
  if (options.outer_tag) result.iname_tags[plan.outer] = parse_iname_tag(*options.outer_tag);
  if (options.inner_tag) result.iname_tags[plan.inner] = parse_iname_tag(*options.inner_tag);
  std::ostringstream relation;
  relation << plan.iname << " = " << old_value(plan) << " and 0 <= "
           << plan.inner << " < " << inner_length;
  result.iname_rewrites.push_back({"split_iname", {plan.iname}, {plan.outer, plan.inner}, relation.str()});
  // Step 3: trace dependences and check.
  // `result` is moved into finish_transform: the rewrite reads it as `after`.
  auto rewrite = [&](const LoopKernel& after) {
    return with_isl_errors(call_text, [&] {
      return instance_rewrite(kernel, after, [&](const Instruction& old) -> std::string {
        if (old.within_inames.count(plan.iname) == 0 || plan.split_ids.count(old.id) == 0) return "";
        return "old_" + plan.iname + " = " + old_value(plan);
      });
    });
  };
  // A split keeps every access; only the tags it applies can add a race. With a guard or round_up
  // tail each old instance is one new instance (i = 16*i_outer + i_inner), so two instances that
  // differ in another iname write the same element exactly when they did before the split: races
  // are checked along the tagged new inames only. (shift_inwards runs some instances twice.)
  CheckScope scope = options.outer_tag || options.inner_tag ? CheckScope::Parallel : CheckScope::Order;
  std::optional<std::set<std::string>> race_inames;
  if (plan.tail != TailStrategy::ShiftInwards) {
    race_inames.emplace();
    if (options.outer_tag) race_inames->insert(plan.outer);
    if (options.inner_tag) race_inames->insert(plan.inner);
  }
  return finish_transform(kernel, std::move(result), call, std::function<isl::union_map(const LoopKernel&)>(rewrite), options.unchecked,
                          scope, race_inames);
}

LOOM_REGISTER_TRANSFORM(split_iname) {
  registry.add({"split_iname",
                "split an iname into an outer and an inner one",
                {{"iname", ParameterType::String, true},
                 {"inner_length", ParameterType::Integer, true},
                 {"outer_iname", ParameterType::String, false, true},
                 {"inner_iname", ParameterType::String, false, true},
                 {"outer_tag", ParameterType::String, false, true},
                 {"inner_tag", ParameterType::String, false, true},
                 {"slabs", ParameterType::IntegerList, false, false, std::vector<int64_t>{0, 0}},
                 {"within", ParameterType::Match, false, true},
                 {"tail_strategy", ParameterType::Enum, false, false, std::string("guard"), {"guard", "shift_inwards", "round_up"}},
                 {"fill", ParameterType::String, false, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  SplitOptions options;
                  TailOptions tail{args.string("tail_strategy"), args.optional_string("fill")};
                  options.outer_iname = args.optional_string("outer_iname");
                  options.inner_iname = args.optional_string("inner_iname");
                  options.outer_tag = args.optional_string("outer_tag");
                  options.inner_tag = args.optional_string("inner_tag");
                  options.within = args.optional_string("within");
                  std::vector<int64_t> slabs = args.integers("slabs");
                  if (slabs.size() != 2) throw Error("split_iname: slabs must be a two-element list [head, tail]");
                  options.slabs = {slabs[0], slabs[1]};
                  options.unchecked = args.unchecked();
                  return split_iname(kernel, args.string("iname"), args.integer("inner_length"), options, tail);
                }});
}

}  // namespace loom
