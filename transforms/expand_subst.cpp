// expand_subst (loopy's transform/subst.py): inlines substitution-rule invocations.
//
//   sq(x) := x*x
//   out[i] = sq(a[i]) {id=s1}      b[i] = sq(a[i] + 1) {id=s2}
// expand_subst(within="id:s1") →
//   sq(x) := x*x
//   out[i] = a[i]*a[i] {id=s1}     b[i] = sq(a[i] + 1) {id=s2}
//
// `within` is a stack match (transforms/subst_support.hpp): an invocation is expanded when the
// instruction and the rules around it, followed by the invoked rule, match it. `id:s1` expands
// everything s1 invokes, at any depth; `id:s1 > id:g > id:f` only the f invoked inside g inside
// s1 (g stays in s1 as a variant g_0 whose body has f inlined). Without `within` every invocation
// is expanded and no rule remains. A rule that no instruction invokes any more is dropped; the
// others stay. Expansion is textual, as at code generation: the kernel computes the same values.
//
// Refuses: a `within` that expands nothing, a rule level of `within` naming a rule the kernel
// does not define, a rule invoked with the wrong number of arguments, recursive rules, and an
// argument that a reduction inside the rule would capture.
#include "loom/error.hpp"
#include "transforms/registry.hpp"
#include "transforms/subst_support.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

class Expander : public RuleAwareMapper {
 public:
  Expander(const LoopKernel& kernel, StackMatch within)
      : RuleAwareMapper(kernel, "expand_subst"), within_(std::move(within)) {}
  int expanded() const { return expanded_; }

 protected:
  ExprPtr map_invocation(const SubstitutionRule& rule, std::vector<ExprPtr> arguments,
                         bool written_as_call, const ExpansionState& state) override {
    std::vector<std::string> rules = state.rules;
    rules.push_back(rule.name);
    if (!within_.matches(kernel_, *state.instruction, rules)) {
      return keep_invocation(rule, std::move(arguments), written_as_call, state);
    }
    ++expanded_;
    return expand_invocation(rule, arguments, state);
  }

 private:
  StackMatch within_;
  int expanded_ = 0;
};

TransformCall recorded_call(const SubstitutionOptions& options) {
  TransformCall call{"expand_subst", {}};
  if (options.within) call.arguments["within"] = *options.within;
  if (options.unchecked) call.arguments["unchecked"] = true;
  return call;
}

}  // namespace

LoopKernel expand_subst(const LoopKernel& kernel, const SubstitutionOptions& options) {
  TransformCall call = recorded_call(options);
  // Step 1: the stack match (its rule levels must name rules).
  StackMatch within = StackMatch::parse(options.within, kernel, "expand_subst");
  // Step 2: expand what it selects.
  Expander expander(kernel, std::move(within));
  LoopKernel result = expander.map_kernel();
  if (expander.expanded() == 0 && options.within) {
    std::string rules = rule_names(kernel);
    throw Error("expand_subst: within='" + *options.within +
                "' selects no substitution rule invocation (" +
                (rules.empty() ? "the kernel has no rules" : "its rules: " + rules) + ")");
  }
  // Step 3: the same values in the same order; the cheap checks suffice.
  return finish_transform(kernel, std::move(result), call, std::nullopt, options.unchecked,
                          CheckScope::Order);
}

LOOM_REGISTER_TRANSFORM(expand_subst) {
  registry.add({"expand_subst",
                "inline the substitution-rule invocations within selects (all by default)",
                {{"within", ParameterType::Match, false, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return expand_subst(kernel, {.within = args.optional_string("within"),
                                               .unchecked = args.unchecked()});
                }});
}

}  // namespace loom
