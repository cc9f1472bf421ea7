// reduction_arg_to_subst_rule (loopy's transform/data.py): turns the argument of a reduction
// into a substitution rule of the reduction's inames, e.g. to precompute it.
//
//   c[i, j] = sum(k, a[i, k]*b[k, j])
// reduction_arg_to_subst_rule({"k"}) →
//   red_k_arg(k) := a[i, k]*b[k, j]
//   c[i, j] = sum(k, red_k_arg(k))
//
// Every reduction over exactly the set `inames` (in any order) that `within` (a stack match)
// selects is rewritten; the rule's parameters are `inames` in the given order and its other free
// names (i, j above) are bound where it is invoked, as for any rule. The rule is called
// subst_rule_name, else red_<inames joined by _>_arg made unique; reductions with the same
// argument share one rule, different arguments get red_k_arg, red_k_arg_0, ...
//
// Refuses: no iname or an unknown one, finding no such reduction, argmax/argmin (two operands), a
// subst_rule_name that is taken or would name two different arguments, and a reduction inside a
// rule whose argument uses that rule's parameters (the new rule could not see them).
#include <algorithm>

#include "lang/expression_lexer.hpp"
#include "loom/error.hpp"
#include "transforms/iname_copies.hpp"
#include "transforms/registry.hpp"
#include "transforms/subst_support.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "reduction_arg_to_subst_rule";

std::string joined(const std::vector<std::string>& names, const std::string& separator) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : separator) + name;
  return text;
}

class ReductionArgExtractor : public RuleAwareMapper {
 public:
  ReductionArgExtractor(const LoopKernel& kernel, const std::vector<std::string>& inames,
                        const ReductionArgOptions& options, StackMatch within)
      : RuleAwareMapper(kernel, kTransform),
        inames_(inames),
        options_(options),
        within_(std::move(within)) {
    for (const auto& [name, rule] : kernel.substitutions) taken_.insert(name);
  }
  const std::map<std::string, SubstitutionRule>& new_rules() const { return new_rules_; }

 protected:
  ExprPtr map(const ExprPtr& expr, const ExpansionState& state) override {
    if (expr->kind != ExprKind::Reduction || !selected(*expr, state))
      return map_children(expr, state);
    if (expr->operands.size() != 1) {
      throw Error(std::string(kTransform) + ": " + expr->name + " over (" +
                  joined(expr->reduction_inames, ", ") + ") in instruction '" +
                  state.instruction->id + "' has " + std::to_string(expr->operands.size()) +
                  " operands; a rule stands for one value");
    }
    ExpansionState inner = state;
    inner.reduction_inames.insert(expr->reduction_inames.begin(), expr->reduction_inames.end());
    ExprPtr argument = map(expr->operands[0], inner);
    for (const std::string& parameter : state.rule_parameters) {
      if (!mentions_free(*argument, parameter)) continue;
      throw Error(std::string(kTransform) + ": the argument '" + to_string(argument) + "' of " +
                  expr->name + " inside rule '" + state.rules.back() +
                  "' uses that rule's parameter '" + parameter +
                  "'; expand the rule first (expand_subst)");
    }
    std::vector<ExprPtr> parameters;
    for (const std::string& iname : inames_) parameters.push_back(variable(iname));
    return reduction(expr->name, expr->reduction_inames,
                     {rule_invocation(rule_for(argument), std::move(parameters))});
  }

 private:
  bool selected(const Expr& expr, const ExpansionState& state) const {
    std::set<std::string> wanted(inames_.begin(), inames_.end());
    std::set<std::string> reduced(expr.reduction_inames.begin(), expr.reduction_inames.end());
    return wanted == reduced && within_.matches(kernel_, *state.instruction, state.rules);
  }

  std::string rule_for(const ExprPtr& argument) {
    for (const auto& [name, rule] : new_rules_) {
      if (structurally_equal(*rule.expression, *argument)) return name;
    }
    std::string name;
    if (options_.subst_rule_name) {
      name = *options_.subst_rule_name;
      if (!new_rules_.empty()) {
        throw Error(std::string(kTransform) + ": subst_rule_name='" + name +
                    "' would name two different arguments, '" +
                    to_string(new_rules_.begin()->second.expression) + "' and '" +
                    to_string(argument) + "'; leave it unset to get one rule each");
      }
    } else {
      name = unused_name(kernel_, "red_" + joined(inames_, "_") + "_arg", taken_);
    }
    taken_.insert(name);
    new_rules_[name] = SubstitutionRule{name, inames_, argument};
    add_rule(new_rules_[name]);
    return name;
  }

  std::vector<std::string> inames_;
  const ReductionArgOptions& options_;
  StackMatch within_;
  std::set<std::string> taken_;
  std::map<std::string, SubstitutionRule> new_rules_;
};

void check_arguments(const LoopKernel& kernel, const std::vector<std::string>& inames,
                     const ReductionArgOptions& options) {
  if (inames.empty()) throw Error(std::string(kTransform) + ": give the inames of the reductions");
  std::set<std::string> seen;
  for (const std::string& iname : inames) {
    require_iname(kernel, iname, kTransform);
    if (!seen.insert(iname).second)
      throw Error(std::string(kTransform) + ": iname '" + iname + "' is listed twice");
  }
  if (!options.subst_rule_name) return;
  const std::string& name = *options.subst_rule_name;
  if (!lang::is_identifier(name))
    throw Error(std::string(kTransform) + ": '" + name + "' is not a valid rule name");
  if (name_taken(kernel, name) || kernel.substitutions.count(name) != 0) {
    throw Error(std::string(kTransform) + ": the name '" + name +
                "' is already used in the kernel; choose another");
  }
}

TransformCall recorded_call(const std::vector<std::string>& inames,
                            const ReductionArgOptions& options) {
  TransformCall call{kTransform, {{"inames", inames}}};
  if (options.subst_rule_name) call.arguments["subst_rule_name"] = *options.subst_rule_name;
  if (options.within) call.arguments["within"] = *options.within;
  if (options.unchecked) call.arguments["unchecked"] = true;
  return call;
}

}  // namespace

LoopKernel reduction_arg_to_subst_rule(const LoopKernel& kernel,
                                       const std::vector<std::string>& inames,
                                       const ReductionArgOptions& options) {
  TransformCall call = recorded_call(inames, options);
  // Step 1: checks.
  check_arguments(kernel, inames, options);
  StackMatch within = StackMatch::parse(options.within, kernel, kTransform);
  // Step 2: replace the arguments by invocations of the new rules.
  ReductionArgExtractor extractor(kernel, inames, options, std::move(within));
  LoopKernel result = extractor.map_kernel();
  if (extractor.new_rules().empty()) {
    throw Error(std::string(kTransform) + ": no reduction " +
                (options.within ? "within='" + *options.within + "' " : "") +
                "reduces over exactly (" + joined(inames, ", ") + ")");
  }
  // Step 3: the same values in the same order.
  return finish_transform(kernel, std::move(result), call, std::nullopt, options.unchecked,
                          CheckScope::Order);
}

LOOM_REGISTER_TRANSFORM(reduction_arg_to_subst_rule) {
  registry.add({kTransform,
                "move the argument of reductions over the given inames into a substitution rule",
                {{"inames", ParameterType::InameList, true},
                 {"subst_rule_name", ParameterType::String, false, true},
                 {"within", ParameterType::Match, false, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  ReductionArgOptions options{
                      .subst_rule_name = args.optional_string("subst_rule_name"),
                      .within = args.optional_string("within"),
                      .unchecked = args.unchecked()};
                  return reduction_arg_to_subst_rule(kernel, args.names("inames"), options);
                }});
}

}  // namespace loom
