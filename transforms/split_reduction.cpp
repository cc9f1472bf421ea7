// split_reduction_inward / split_reduction_outward (loopy's transform/iname.py): split a
// reduction over several inames into two nested reductions.
//
//   c[i] = sum((j, k), a[i, j, k])
// split_reduction_inward({"k"}) →   c[i] = sum(j, sum(k, a[i, j, k]))     (k reduced inside)
// split_reduction_outward({"k"}) →  c[i] = sum(k, sum(j, a[i, j, k]))     (k reduced outside)
//
// Every reduction (in the instructions and rule invocations `within` selects, a stack match)
// whose inames include all of `inames` and at least one more is split; both parts keep the
// reduction's own iname order. The operation is associative (sum, product, max, min), so the
// value is the same up to floating-point rounding: DESIGN.md §3a lets reductions regroup freely.
// The nested form is what realize_reduction then implements as two accumulators.
//
// Refuses: no iname or an unknown one, argmax/argmin (their two operands make a pair no inner
// reduction can produce), and finding no reduction to split.
#include <algorithm>
#include <set>

#include "ir/instruction_names.hpp"
#include "loom/error.hpp"
#include "transforms/registry.hpp"
#include "transforms/subst_support.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

enum class Direction { Inward, Outward };

std::string transform_name(Direction direction) {
  return direction == Direction::Inward ? "split_reduction_inward" : "split_reduction_outward";
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

class ReductionSplitter : public RuleAwareMapper {
 public:
  ReductionSplitter(const LoopKernel& kernel, Direction direction,
                    const std::vector<std::string>& inames, StackMatch within)
      : RuleAwareMapper(kernel, transform_name(direction)),
        direction_(direction),
        inames_(inames.begin(), inames.end()),
        within_(std::move(within)) {}
  int split() const { return split_; }
  struct Nesting {
    std::string instruction;
    std::vector<std::string> outer, inner;  // the new loops: outer { inner { ... } }
  };
  const std::vector<Nesting>& nestings() const { return nestings_; }

 protected:
  ExprPtr map(const ExprPtr& expr, const ExpansionState& state) override {
    if (expr->kind != ExprKind::Reduction || !splits(*expr, state))
      return map_children(expr, state);
    if (expr->operands.size() != 1) {
      throw Error(transform_ + ": " + expr->name + " over (" + joined(expr->reduction_inames) +
                  ") in instruction '" + state.instruction->id + "' has " +
                  std::to_string(expr->operands.size()) +
                  " operands; only a single-valued reduction can be nested");
    }
    std::vector<std::string> named, others;
    for (const std::string& iname : expr->reduction_inames)
      (inames_.count(iname) ? named : others).push_back(iname);
    ExpansionState inner = state;
    inner.reduction_inames.insert(expr->reduction_inames.begin(), expr->reduction_inames.end());
    ExprPtr operand = map(expr->operands[0], inner);
    const std::vector<std::string>& inner_inames = direction_ == Direction::Inward ? named : others;
    const std::vector<std::string>& outer_inames = direction_ == Direction::Inward ? others : named;
    ++split_;
    nestings_.push_back({state.instruction->id, outer_inames, inner_inames});
    return reduction(expr->name, outer_inames, {reduction(expr->name, inner_inames, {operand})});
  }

 private:
  bool splits(const Expr& expr, const ExpansionState& state) const {
    std::size_t covered = 0;
    for (const std::string& iname : expr.reduction_inames) covered += inames_.count(iname);
    if (covered != inames_.size() || expr.reduction_inames.size() == inames_.size()) return false;
    return within_.matches(kernel_, *state.instruction, state.rules);
  }

  Direction direction_;
  std::set<std::string> inames_;
  StackMatch within_;
  int split_ = 0;
  std::vector<Nesting> nestings_;
};

// The split nests the reduction's loops as outer { inner }. An instruction that writes what the
// reduction reads once per value of an inner iname, outside the outer one (add_prefetch's copy
// of a k_outer tile, read by the k_inner terms), would have to run again inside the outer loop
// for every value of it: no order keeps both (transform fuzzer, seed 67: the copy was filled for
// every k_outer before the product read it, a wrong result).
void refuse_producers_left_outside(const LoopKernel& kernel, const std::vector<ReductionSplitter::Nesting>& nestings,
                                   const std::string& transform) {
  for (const ReductionSplitter::Nesting& nesting : nestings) {
    const Instruction* reader = kernel.find_instruction(nesting.instruction);
    if (reader == nullptr) continue;
    std::set<std::string> read = variables_read(*reader);
    for (const Instruction& writer : kernel.instructions) {
      if (writer.id == reader->id) continue;
      bool writes_read = std::any_of(writer.assignees.begin(), writer.assignees.end(),
                                     [&](const ExprPtr& assignee) { return read.count(assignee->name) != 0; });
      if (!writes_read) continue;
      for (const std::string& inner : nesting.inner) {
        if (writer.within_inames.count(inner) == 0) continue;
        for (const std::string& outer : nesting.outer) {
          if (writer.within_inames.count(outer) != 0) continue;
          throw LegalityError(transform + ": instruction '" + writer.id + "' writes what the reduction in '" + reader->id +
                              "' reads once per value of '" + inner + "' outside '" + outer +
                              "', but the split would run '" + inner + "' inside '" + outer +
                              "', so it would have to run again for every value of '" + outer +
                              "'; split the reduction before the transform that made '" + writer.id + "'");
        }
      }
    }
  }
}

TransformCall recorded_call(Direction direction, const std::vector<std::string>& inames,
                            const SubstitutionOptions& options) {
  TransformCall call{transform_name(direction), {{"inames", inames}}};
  if (options.within) call.arguments["within"] = *options.within;
  if (options.unchecked) call.arguments["unchecked"] = true;
  return call;
}

LoopKernel split_reduction(const LoopKernel& kernel, Direction direction,
                           const std::vector<std::string>& inames,
                           const SubstitutionOptions& options) {
  std::string transform = transform_name(direction);
  TransformCall call = recorded_call(direction, inames, options);
  // Step 1: checks.
  if (inames.empty()) throw Error(transform + ": give at least one iname to split off");
  for (const std::string& iname : inames) require_iname(kernel, iname, transform);
  StackMatch within = StackMatch::parse(options.within, kernel, transform);
  // Step 2: split.
  ReductionSplitter splitter(kernel, direction, inames, std::move(within));
  LoopKernel result = splitter.map_kernel();
  if (splitter.split() == 0) {
    throw Error(transform + ": no reduction " +
                (options.within ? "within='" + *options.within + "' " : "") + "reduces over " +
                joined(inames) + " and further inames to split from");
  }
  if (!options.unchecked) refuse_producers_left_outside(kernel, splitter.nestings(), transform);
  // Step 3: same instances, same accesses; reductions regroup freely (DESIGN.md §3a).
  return finish_transform(kernel, std::move(result), call, std::nullopt, options.unchecked,
                          CheckScope::Order);
}

TransformSpec split_spec(Direction direction) {
  return {
      transform_name(direction),
      direction == Direction::Inward
          ? "split a multi-iname reduction, the given inames reduced inside"
          : "split a multi-iname reduction, the given inames reduced outside",
      {{"inames", ParameterType::InameList, true}, {"within", ParameterType::Match, false, true}},
      [direction](const LoopKernel& kernel, const TransformArguments& args) {
        return split_reduction(
            kernel, direction, args.names("inames"),
            {.within = args.optional_string("within"), .unchecked = args.unchecked()});
      }};
}

}  // namespace

LoopKernel split_reduction_inward(const LoopKernel& kernel, const std::vector<std::string>& inames,
                                  const SubstitutionOptions& options) {
  return split_reduction(kernel, Direction::Inward, inames, options);
}

LoopKernel split_reduction_outward(const LoopKernel& kernel, const std::vector<std::string>& inames,
                                   const SubstitutionOptions& options) {
  return split_reduction(kernel, Direction::Outward, inames, options);
}

LOOM_REGISTER_TRANSFORM(split_reduction_inward) { registry.add(split_spec(Direction::Inward)); }

LOOM_REGISTER_TRANSFORM(split_reduction_outward) { registry.add(split_spec(Direction::Outward)); }

}  // namespace loom
