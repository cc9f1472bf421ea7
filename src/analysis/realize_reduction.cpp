// Sequential reduction realization (loopy's realize_reduction, research/loopy-notes.md §4.2):
//
//   out[i] = sum(k, a[i, k])
// becomes
//   acc_k = 0                         {id=insn_k_init,   inames=i}
//   acc_k = acc_k + a[i, k]           {id=insn_k_update, inames=i:k, dep=insn_k_init}
//   out[i] = acc_k                    {id=insn,          dep=insn_k_update}
//
// Nested reductions are realized outside in, so an inner reduction's instructions run inside the
// outer reduction's loops. argmax/argmin keep a value and an index accumulator and take the first
// position of the extreme value (strict comparison), as numpy does.
#include "analysis/realize_reduction.hpp"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "analysis/checks.hpp"
#include "analysis/local_reduction.hpp"
#include "analysis/reduction_operations.hpp"
#include "analysis/type_inference.hpp"
#include "codegen/linearize.hpp"
#include "ir/instance_sets.hpp"
#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "loom/error.hpp"

namespace loom {

namespace {

std::string join(const std::vector<std::string>& names, const std::string& separator) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : separator) + name;
  return out;
}

// One private axis of an accumulator: its iname and the iname's constant range.
struct PrivateAxis {
  std::string iname;
  int64_t lower;
  int64_t extent;
};

PrivateAxis constant_range(const LoopKernel& kernel, const std::string& iname, const std::string& why) {
  std::optional<ConstantRange> range = constant_iname_range(kernel, iname);
  if (!range) {
    throw Error("the accumulator of a reduction needs a private copy per value of iname '" + iname + "' (" + why +
                "), but its range is not constant; split '" + iname + "' and use the inner iname instead");
  }
  return {iname, range->lower, range->extent};
}

// A reduction's accumulator needs one copy per value of every iname of its instruction that is
// entered inside the reduction's loops (a reduction iname moved outward) or that is ILP-parallel
// (each unrolled copy accumulates on its own; loopy's realize_ilp).
// On GPU targets (`hardware_axes`) g/l inames are not loops: every work-item has its own private
// accumulator already, so they never get an axis.
// `nesting` is codegen::iname_nesting_order(kernel), passed in where one kernel's reductions are
// asked in turn (issue 26: the order was recomputed per reduction per legality check, ~20% of
// sgemm_splitk's generation).
std::vector<PrivateAxis> private_axes(const LoopKernel& kernel, const std::vector<std::string>& nesting,
                                      const std::set<std::string>& within,
                                      const std::vector<std::string>& reduction_inames, bool hardware_axes) {
  auto position = [&](const std::string& iname) { return std::find(nesting.begin(), nesting.end(), iname) - nesting.begin(); };
  auto outermost_reduction = std::min_element(reduction_inames.begin(), reduction_inames.end(),
                                              [&](const auto& a, const auto& b) { return position(a) < position(b); });
  std::vector<PrivateAxis> axes;
  for (const std::string& iname : nesting) {
    if (within.count(iname) == 0) continue;
    InameTag::Kind kind = kernel.tag_of(iname).kind;
    if (hardware_axes && (kind == InameTag::Kind::Group || kind == InameTag::Kind::Local)) continue;
    bool ilp = kind == InameTag::Kind::Ilp || kind == InameTag::Kind::IlpSeq || kind == InameTag::Kind::Vec;
    bool inside = outermost_reduction != reduction_inames.end() && position(iname) > position(*outermost_reduction);
    if (ilp) axes.push_back(constant_range(kernel, iname, "it is tagged " + to_string(kernel.tag_of(iname))));
    else if (inside) axes.push_back(constant_range(kernel, iname, "it nests inside reduction iname '" + *outermost_reduction + "'"));
  }
  return axes;
}

std::vector<PrivateAxis> private_axes(const LoopKernel& kernel, const std::set<std::string>& within,
                                      const std::vector<std::string>& reduction_inames, bool hardware_axes) {
  return private_axes(kernel, codegen::iname_nesting_order(kernel), within, reduction_inames, hardware_axes);
}

class ReductionRealizer {
 public:
  ReductionRealizer(LoopKernel& kernel, bool hardware_axes) : kernel_(kernel), hardware_axes_(hardware_axes) {
    for (const Instruction& instruction : kernel.instructions) used_ids_.insert(instruction.id);
    for (const Temporary& temporary : kernel.temporaries) used_names_.insert(temporary.name);
    for (const KernelArgument& arg : kernel.args) used_names_.insert(arg.name);
    for (const std::string& iname : kernel.all_inames()) used_names_.insert(iname);
  }

  void realize_all() {
    std::vector<Instruction> result;
    for (const Instruction& instruction : kernel_.instructions) {
      if (instruction.expression == nullptr || !contains_reduction(*instruction.expression)) {
        result.push_back(instruction);
        continue;
      }
      realize_instruction(instruction, result);
    }
    // Instructions that depended on a split instruction depend on all of its parts.
    for (Instruction& instruction : result) {
      for (const auto& [id, parts] : split_instructions_) {
        if (instruction.depends_on.count(id) != 0) instruction.depends_on.insert(parts.begin(), parts.end());
      }
      wait_for_updates_inside(instruction);
    }
    kernel_.instructions = std::move(result);
    make_inner_dependencies_follow_their_inits();
  }

 private:
  static bool contains_reduction(const Expr& expr) {
    bool found = false;
    visit_expr(expr, [&](const Expr& node) { found = found || node.kind == ExprKind::Reduction; });
    return found;
  }


  // An accumulator, with one private axis per privatizing iname (see privatizing_inames).
  struct Accumulator {
    std::string name;
    std::vector<PrivateAxis> axes;
    ExprPtr reference() const {
      if (axes.empty()) return variable(name);
      std::vector<ExprPtr> indices;
      for (const PrivateAxis& axis : axes) {
        indices.push_back(axis.lower == 0 ? variable(axis.iname)
                                          : binary(BinaryOp::Subtract, variable(axis.iname), int_literal(axis.lower)));
      }
      return subscript(name, indices);
    }
  };

  Accumulator add_accumulator(const std::string& base, DType dtype, const std::vector<PrivateAxis>& axes) {
    Temporary accumulator;
    accumulator.name = unique_name(used_names_, base);
    accumulator.dtype = dtype;
    accumulator.address_space = AddressSpace::Private;
    for (const PrivateAxis& axis : axes) accumulator.shape.push_back(int_literal(axis.extent));
    kernel_.temporaries.push_back(accumulator);
    return {accumulator.name, axes};
  }

  Instruction derived(const Instruction& origin, const std::string& id_suffix, std::set<std::string> within) {
    Instruction part = derived_instruction(origin, unique_name(used_ids_, origin.id + "_" + id_suffix), std::move(within));
    part.predicates.insert(part.predicates.end(), guards_.begin(), guards_.end());
    reduction_parts_.insert(part.id);
    return part;
  }

  // While a branch of `if(c, a, b)` is realized, its condition (c, or not c) guards the parts made
  // for reductions inside it: they run only where the branch is taken, as loopy's
  // test_predicated_redn expects (`0 if j < 5 else sum(i, tmp[i+j-5])` reads tmp only for j >= 5).
  // A condition that itself reduces is left out: its value exists only after its own realization,
  // and computing the branch's reduction everywhere is what it did before.
  class GuardScope {
   public:
    GuardScope(ReductionRealizer& realizer, const Expr& expr, std::size_t operand) : realizer_(realizer) {
      if (expr.kind != ExprKind::IfThenElse || operand == 0 || contains_reduction(*expr.operands[0])) return;
      const ExprPtr& condition = expr.operands[0];
      realizer_.guards_.push_back(operand == 1 ? condition : unary(UnaryOp::LogicalNot, condition));
      pushed_ = true;
    }
    ~GuardScope() {
      if (pushed_) realizer_.guards_.pop_back();
    }
    GuardScope(const GuardScope&) = delete;
    GuardScope& operator=(const GuardScope&) = delete;

   private:
    ReductionRealizer& realizer_;
    bool pushed_ = false;
  };

  // A reduction over float16 or bfloat16 values accumulates in float32, as tensor cores and
  // numpy's float16 sums do (decisions.md, Issue 29): one rounding at the end, not one per term.
  DType value_type(const Expr& value, DType fallback) const {
    ExprType type = TypeContext(kernel_).type_of(value);
    DType dtype = type.weak ? fallback : type.dtype;
    return is_half_precision(dtype) ? DType::Float32 : dtype;
  }

  // Realizes every reduction in `expr` (outermost first), appending the new instructions to `out`.
  // Returns the expression with reductions replaced by accumulators; `last` collects the ids the
  // consumer must depend on.
  ExprPtr realize_expr(const ExprPtr& expr, const Instruction& origin, const std::set<std::string>& within,
                       DType result_type, std::vector<Instruction>& out, std::set<std::string>& last) {
    if (expr->kind != ExprKind::Reduction) {
      bool changed = false;
      std::vector<ExprPtr> operands;
      for (std::size_t k = 0; k < expr->operands.size(); ++k) {
        const ExprPtr& operand = expr->operands[k];
        GuardScope guard(*this, *expr, k);
        operands.push_back(realize_expr(operand, origin, within, result_type, out, last));
        changed = changed || operands.back() != operand;
      }
      if (!changed) return expr;
      Expr copy = *expr;
      copy.operands = std::move(operands);
      return std::make_shared<const Expr>(std::move(copy));
    }
    ReductionOperation operation = parse_reduction_operation(*expr, origin);
    if (operation.is_arg) {
      throw Error("instruction '" + origin.id + "': " + operation.name +
                  " yields a value and an index; assign it to two variables: 'v, i = " + operation.name + "(...)'");
    }
    // Over no inames a reduction is its operand (loopy's rule; `reduce(any, [], 5)` is 5, not
    // `0 or 5`).
    if (expr->reduction_inames.empty()) return realize_expr(expr->operands.back(), origin, within, result_type, out, last);
    return realize_plain(*expr, operation.name, origin, within, result_type, out, last);
  }

  ExprPtr realize_plain(const Expr& reduction, const std::string& operation, const Instruction& origin,
                        const std::set<std::string>& within, DType result_type, std::vector<Instruction>& out,
                        std::set<std::string>& last) {
    std::string suffix = join(reduction.reduction_inames, "_");
    std::set<std::string> inner_within = within;
    inner_within.insert(reduction.reduction_inames.begin(), reduction.reduction_inames.end());
    DType dtype = value_type(*reduction.operands.back(), result_type);
    Accumulator accumulator =
        add_accumulator("acc_" + suffix, dtype, private_axes(kernel_, nesting(), within, reduction.reduction_inames, hardware_axes_));

    Instruction init = derived(origin, suffix + "_init", within);
    init.assignees = {accumulator.reference()};
    init.expression = reduction_neutral_element(operation, dtype);
    // A dependency on an instruction inside the reduction's loops (a tile fetched per k_outer
    // iteration) belongs to the update; the init runs before those loops.
    init.depends_on = reduction_init_dependencies(kernel_, nesting(), origin, reduction.reduction_inames, hardware_axes_);
    for (const std::string& id : origin.depends_on)
      if (init.depends_on.count(id) == 0) follow_init_[id].insert(init.id);
    out.push_back(init);

    std::set<std::string> inner_last;
    ExprPtr value = realize_expr(reduction.operands.back(), origin, inner_within, dtype, out, inner_last);
    Instruction update = derived(origin, suffix + "_update", inner_within);
    update.assignees = {accumulator.reference()};
    update.expression = combine_reduction_values(operation, accumulator.reference(), value);
    update.depends_on = origin.depends_on;
    update.depends_on.insert(init.id);
    update.depends_on.insert(inner_last.begin(), inner_last.end());
    out.push_back(update);
    last.insert(update.id);
    updates_[origin.id].push_back({update.id, reduction.reduction_inames});
    return accumulator.reference();
  }

  // `v, i = argmax(k, value, index)`: a value and an index accumulator, updated together.
  void realize_arg_reduction(const Instruction& origin, const Expr& reduction, const std::string& operation,
                             std::vector<Instruction>& out) {
    if (origin.assignees.size() != 2 || reduction.operands.size() != 2) {
      throw Error("instruction '" + origin.id + "': " + operation +
                  " takes (inames, value, index) and is assigned to two variables: 'v, i = " + operation +
                  "(k, a[k], k)'");
    }
    std::string suffix = join(reduction.reduction_inames, "_");
    std::set<std::string> inner_within = origin.within_inames;
    inner_within.insert(reduction.reduction_inames.begin(), reduction.reduction_inames.end());
    TypeContext types(kernel_);
    DType value_dtype = value_type(*reduction.operands[0], types.variable_dtype(origin.assignees[0]->name));
    DType index_dtype = value_type(*reduction.operands[1], types.variable_dtype(origin.assignees[1]->name));
    std::vector<PrivateAxis> axes = private_axes(kernel_, nesting(), origin.within_inames, reduction.reduction_inames, hardware_axes_);
    ExprPtr value_acc = add_accumulator("acc_" + suffix, value_dtype, axes).reference();
    ExprPtr index_acc = add_accumulator("acc_" + suffix + "_index", index_dtype, axes).reference();

    Instruction init_value = derived(origin, suffix + "_init", origin.within_inames);
    init_value.assignees = {value_acc};
    init_value.expression = reduction_neutral_element(operation, value_dtype);
    init_value.depends_on = origin.depends_on;
    Instruction init_index = derived(origin, suffix + "_init_index", origin.within_inames);
    init_index.assignees = {index_acc};
    init_index.expression = int_literal(-1);
    init_index.depends_on = origin.depends_on;

    std::set<std::string> inner_last;
    std::vector<Instruction> inner;
    ExprPtr value = realize_expr(reduction.operands[0], origin, inner_within, value_dtype, inner, inner_last);
    ExprPtr index = realize_expr(reduction.operands[1], origin, inner_within, index_dtype, inner, inner_last);
    BinaryOp better = operation == "argmax" ? BinaryOp::Greater : BinaryOp::Less;
    ExprPtr improves = binary(better, value, value_acc);
    // The index update reads the old best value, so it runs first; the value update follows it.
    Instruction update_index = derived(origin, suffix + "_update_index", inner_within);
    update_index.assignees = {index_acc};
    update_index.expression = if_then_else(improves, index, index_acc);
    update_index.depends_on = {init_value.id, init_index.id};
    update_index.depends_on.insert(inner_last.begin(), inner_last.end());
    Instruction update_value = derived(origin, suffix + "_update", inner_within);
    update_value.assignees = {value_acc};
    update_value.expression = if_then_else(improves, value, value_acc);
    update_value.depends_on = {update_index.id};

    Instruction store_value = origin;
    store_value.assignees = {origin.assignees[0]};
    store_value.expression = value_acc;
    store_value.depends_on.insert(update_value.id);
    Instruction store_index = derived(origin, "index", origin.within_inames);
    store_index.assignees = {origin.assignees[1]};
    store_index.expression = index_acc;
    store_index.depends_on = origin.depends_on;
    store_index.depends_on.insert(update_value.id);
    for (Instruction* instruction : {&init_value, &init_index}) out.push_back(*instruction);
    out.insert(out.end(), inner.begin(), inner.end());
    for (Instruction* instruction : {&update_index, &update_value, &store_value, &store_index}) {
      out.push_back(*instruction);
    }
    split_instructions_[origin.id] = {store_value.id, store_index.id};
  }

  // An instruction inside a loop a reduction runs over, depending on that reduction, waits for
  // its update in the same iteration, not for the result after the loop (pipeline_fetch's stores
  // of the next tile wait for the products of this one): the result would be a cycle.
  // An instruction that reads the reduction's result (softmax's `y[i, j] = exp(x[i, j] - m) / s`
  // after `s = sum(j, ...)` over the same j) needs the finished result: its loop over j runs after
  // the reduction's (issue 27).
  static bool reads_any(const Instruction& instruction, const std::set<std::string>& names) {
    bool found = false;
    auto visit = [&](const Expr& node) {
      found = found || ((node.kind == ExprKind::Variable || node.kind == ExprKind::Subscript) && names.count(node.name) != 0);
    };
    if (instruction.expression) visit_expr(*instruction.expression, visit);
    for (const ExprPtr& predicate : instruction.predicates) visit_expr(*predicate, visit);
    return found;
  }

  // The parts of a realized reduction keep their dependencies whole: an inner reduction of
  // `product(k_outer, product(k_inner, ...))` that waited only for another reduction's update in
  // the same k_outer iteration would run inside that reduction's k_outer loop, while its outer
  // update, which must wait for that reduction's result, runs in a later loop over k_outer and so
  // would see only the last inner value (found by the transform fuzzer).
  void wait_for_updates_inside(Instruction& instruction) const {
    if (reduction_parts_.count(instruction.id) != 0) return;
    for (const auto& [id, updates] : updates_) {
      if (instruction.id == id || instruction.depends_on.count(id) == 0) continue;
      if (auto assigned = assigned_names_.find(id); assigned != assigned_names_.end() && reads_any(instruction, assigned->second)) {
        continue;
      }
      std::vector<std::string> inside;
      for (const auto& [update, inames] : updates) {
        if (std::any_of(inames.begin(), inames.end(),
                        [&](const std::string& iname) { return instruction.within_inames.count(iname) != 0; })) {
          inside.push_back(update);
        }
      }
      if (inside.empty()) continue;
      instruction.depends_on.erase(id);
      instruction.depends_on.insert(inside.begin(), inside.end());
    }
  }

  // A dependency the init left to the update (a fetch into a scalar inside the reduction's loop
  // over k) serves that loop's iterations only: it waits for the init, so it cannot run in
  // another reduction's earlier loop over k and leave only its last value to this one (found by
  // the transform fuzzer: a private prefetch for `product(k, ...)` fused into the k loop of the
  // `sum(k, ...)` before it). Skipped where the init already waits for it (a cycle).
  // codegen::iname_nesting_order(kernel_), computed once (issue 26: it was computed twice per
  // reduction, 10% of sgemm_tuned_strip's generation). While realize_all runs, only the kernel's
  // temporaries change (the accumulators; the instructions are replaced at the end), and the order
  // reads the temporaries only to tell a domain parameter that is one, which a new accumulator's
  // unused name cannot be. LOOM_VERIFY_SKIPPED_CHECKS=1 computes it again at each use and raises an
  // internal error where it differs.
  const std::vector<std::string>& nesting() {
    if (!nesting_) {
      nesting_ = codegen::iname_nesting_order(kernel_);
    } else if (std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr && codegen::iname_nesting_order(kernel_) != *nesting_) {
      throw InternalError("realize_reductions: the loop nesting order changed while reductions were realized");
    }
    return *nesting_;
  }

  void make_inner_dependencies_follow_their_inits() {
    for (const auto& [id, inits] : follow_init_) {
      Instruction* inner = find_mutable(id);
      if (inner == nullptr) continue;
      for (const std::string& init : inits)
        if (!depends_transitively(kernel_, init, id)) inner->depends_on.insert(init);
    }
  }

  Instruction* find_mutable(const std::string& id) {
    for (Instruction& instruction : kernel_.instructions)
      if (instruction.id == id) return &instruction;
    return nullptr;
  }

  void realize_instruction(const Instruction& origin, std::vector<Instruction>& out) {
    for (const ExprPtr& assignee : origin.assignees) assigned_names_[origin.id].insert(assignee->name);
    const Expr& expression = *origin.expression;
    if (expression.kind == ExprKind::Reduction && parse_reduction_operation(expression, origin).is_arg) {
      realize_arg_reduction(origin, expression, parse_reduction_operation(expression, origin).name, out);
      return;
    }
    if (origin.assignees.size() != 1) {
      throw Error("instruction '" + origin.id + "' assigns " + std::to_string(origin.assignees.size()) +
                  " variables; only argmax/argmin produce two values");
    }
    DType result_type = TypeContext(kernel_).variable_dtype(origin.assignees[0]->name);
    std::set<std::string> last;
    Instruction result = origin;
    result.expression = realize_expr(origin.expression, origin, origin.within_inames, result_type, out, last);
    result.depends_on.insert(last.begin(), last.end());
    out.push_back(result);
  }

  LoopKernel& kernel_;
  std::vector<ExprPtr> guards_;  // GuardScope: conditions of the branches being realized
  bool hardware_axes_;
  std::optional<std::vector<std::string>> nesting_;  // nesting()
  std::set<std::string> used_ids_;
  std::set<std::string> reduction_parts_;  // ids of the inits and updates realization made
  std::set<std::string> used_names_;
  std::map<std::string, std::vector<std::string>> split_instructions_;  // argmax: id → its two stores
  // A realized reduction's id → its updates, each with the inames it runs over.
  std::map<std::string, std::vector<std::pair<std::string, std::vector<std::string>>>> updates_;
  std::map<std::string, std::set<std::string>> assigned_names_;  // reduction instruction id → what it assigns
  // An instruction inside a reduction's loops that the reduction waited for → the inits it must
  // follow (make_inner_dependencies_follow_their_inits).
  std::map<std::string, std::set<std::string>> follow_init_;
};

// Every reduction of `expr`, with the inames it runs within (the instruction's and those of the
// reductions around it).
void visit_reductions(const ExprPtr& expr, std::set<std::string> within,
                      const std::function<void(const Expr&, const std::set<std::string>&)>& visitor) {
  if (expr->kind == ExprKind::Reduction) {
    visitor(*expr, within);
    within.insert(expr->reduction_inames.begin(), expr->reduction_inames.end());
  }
  for (const ExprPtr& operand : expr->operands) visit_reductions(operand, within, visitor);
}

// Removes `reduction_inames` from every loop priority that places them outside an iname of
// `within`. Whether anything changed.
bool drop_outward_priorities(LoopKernel& kernel, const std::set<std::string>& within,
                             const std::vector<std::string>& reduction_inames) {
  bool changed = false;
  for (std::vector<std::string>& priority : kernel.loop_priorities) {
    for (const std::string& iname : reduction_inames) {
      auto found = std::find(priority.begin(), priority.end(), iname);
      if (found == priority.end()) continue;
      bool outside_an_instruction_loop =
          std::any_of(found + 1, priority.end(), [&](const std::string& later) { return within.count(later) != 0; });
      if (!outside_an_instruction_loop) continue;
      priority.erase(found);
      changed = true;
    }
  }
  std::erase_if(kernel.loop_priorities, [](const std::vector<std::string>& priority) { return priority.size() < 2; });
  return changed;
}

}  // namespace

// Issue 23 class 6 (loopy's test_ilp_loop_bound: prioritize_loops("j, i, k") on
// out[i, k] = sum(j, ...) with i and k of extent n): a priority that nests an instruction's loop of
// non-constant extent inside its reduction's loop would need an accumulator per value of that
// loop, which no private array holds. loopy's priorities are preferences its scheduler gives up
// where no schedule follows them (its accumulator is initialized inside the instruction's loops);
// loom gives them up in this case only: the reduction's inames leave the priorities that put them
// outside the instruction's loops, so the reduction nests inside them as it does without a
// priority. Reductions are associative updates (DESIGN.md §3a), so any nesting of their loops
// computes the same. Where the copies fit (constant extents) the priority holds and the
// accumulator is privatized.
LoopKernel yield_priorities_to_reductions(const LoopKernel& kernel, bool hardware_axes) {
  LoopKernel result = kernel;
  // The nesting order of `result`, computed once until `result` changes.
  std::optional<std::vector<std::string>> result_nesting;
  for (const Instruction& instruction : kernel.instructions) {
    if (instruction.expression == nullptr) continue;
    visit_reductions(instruction.expression, instruction.within_inames,
                     [&](const Expr& reduction, const std::set<std::string>& within) {
                       try {
                         if (!result_nesting) result_nesting = codegen::iname_nesting_order(result);
                         private_axes(result, *result_nesting, within, reduction.reduction_inames, hardware_axes);
                       } catch (const Error&) {
                         LoopKernel relaxed = result;
                         if (!drop_outward_priorities(relaxed, within, reduction.reduction_inames)) return;
                         try {
                           private_axes(relaxed, within, reduction.reduction_inames, hardware_axes);
                         } catch (const Error&) {
                           return;  // not the priorities' doing (an ilp iname of parametric extent): reported later
                         }
                         result = std::move(relaxed);
                         result_nesting.reset();
                       }
                     });
  }
  return result;
}

std::set<std::string> reduction_init_dependencies(const LoopKernel& kernel, const Instruction& origin,
                                                  const std::vector<std::string>& inames, bool hardware_axes) {
  if (inames.empty()) return origin.depends_on;
  return reduction_init_dependencies(kernel, codegen::iname_nesting_order(kernel), origin, inames, hardware_axes);
}

std::set<std::string> reduction_init_dependencies(const LoopKernel& kernel, const std::vector<std::string>& nesting,
                                                  const Instruction& origin, const std::vector<std::string>& inames,
                                                  bool hardware_axes) {
  if (inames.empty()) return origin.depends_on;
  auto position = [&](const std::string& iname) { return std::find(nesting.begin(), nesting.end(), iname) - nesting.begin(); };
  auto outermost = std::min_element(inames.begin(), inames.end(),
                                    [&](const auto& a, const auto& b) { return position(a) < position(b); });
  std::set<std::string> kept;
  for (const std::string& id : origin.depends_on) {
    const Instruction* source = kernel.find_instruction(id);
    bool inside = source != nullptr && std::any_of(inames.begin(), inames.end(), [&](const std::string& iname) {
                    return source->within_inames.count(iname) != 0;
                  });
    bool same_loops = inside && std::all_of(origin.within_inames.begin(), origin.within_inames.end(), [&](const std::string& iname) {
                        InameTag::Kind kind = kernel.tag_of(iname).kind;
                        bool loop = !hardware_axes || (kind != InameTag::Kind::Group && kind != InameTag::Kind::Local);
                        return !loop || position(iname) > position(*outermost) || source->within_inames.count(iname) != 0;
                      });
    if (!same_loops) kept.insert(id);
  }
  return kept;
}

void check_reduction_nesting(const LoopKernel& given, const std::string& transform) {
  LoopKernel kernel = yield_priorities_to_reductions(given, true);
  std::optional<std::vector<std::string>> nesting;  // computed once (inside the try: it may refuse)
  for (const Instruction& instruction : kernel.instructions) {
    if (instruction.expression == nullptr) continue;
    visit_reductions(instruction.expression, instruction.within_inames,
                     [&](const Expr& reduction, const std::set<std::string>& within) {
                       try {
                         if (!nesting) nesting = codegen::iname_nesting_order(kernel);
                         private_axes(kernel, *nesting, within, reduction.reduction_inames, true);
                       } catch (const Error& error) {
                         throw Error(transform + ": instruction '" + instruction.id + "' reduces over " +
                                     join(reduction.reduction_inames, ", ") +
                                     " into one accumulator per instance of its other inames, so the new loop "
                                     "order would make several of them share it: " +
                                     error.what());
                       }
                     });
  }
}

namespace {

bool expression_contains_reduction(const Expr& expr) {
  bool found = false;
  visit_expr(expr, [&](const Expr& node) { found = found || node.kind == ExprKind::Reduction; });
  return found;
}

// The priorities that keep each reduction's loops where the nesting chose them: none where no
// instruction holds a reduction, since the nesting problem's reduction preferences come only from
// reduction nodes (codegen/loop_nesting.cpp), and the problem is not built (issue 26: on kernels of
// many instructions without reductions, test_long_kernel's 500, building it was all of
// realize_reductions). LOOM_VERIFY_SKIPPED_CHECKS=1 builds it anyway and compares.
std::vector<std::vector<std::string>> reduction_nesting_priorities_if_any(const LoopKernel& kernel) {
  bool any_reduction = std::any_of(kernel.instructions.begin(), kernel.instructions.end(), [](const Instruction& insn) {
    return insn.expression != nullptr && expression_contains_reduction(*insn.expression);
  });
  if (any_reduction) return codegen::reduction_nesting_priorities(kernel);
  if (std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr && !codegen::reduction_nesting_priorities(kernel).empty()) {
    throw InternalError("realize_reductions: a kernel without reductions got reduction nesting priorities");
  }
  return {};
}

}  // namespace

LoopKernel realize_reductions(const LoopKernel& kernel, bool hardware_axes, bool warp_shuffles) {
  // Reductions over l.N inames become local-memory trees first; what remains of them (a sequential
  // part per work-item) and every other reduction is realized sequentially.
  LoopKernel yielded = yield_priorities_to_reductions(kernel, hardware_axes);
  LoopKernel result = hardware_axes ? realize_local_reductions(yielded, warp_shuffles) : yielded;
  // The nesting chose each reduction's loops inside its instruction's; the realized instructions
  // no longer say so, priorities do (else the domain order could nest them outside a scalar
  // accumulator's loops: wrong code).
  std::vector<std::vector<std::string>> keep_nesting = reduction_nesting_priorities_if_any(result);
  ReductionRealizer(result, hardware_axes).realize_all();
  result.loop_priorities.insert(result.loop_priorities.end(), keep_nesting.begin(), keep_nesting.end());
  return result;
}

}  // namespace loom
