// What the substitution-rule and reduction transforms share (substitution_transforms.hpp):
// loopy's stack matches, a rule-aware expression mapper, and rule expansion.
//
// A rule-aware transform sees a rule's body once per invocation, in the context of that
// invocation (the instruction, the rules expanded around it). When it changes the body in one
// context and not in another, the rule is split into variants `f`, `f_0`, ... each invocation
// naming the one it needs; rules that nothing invokes any more are dropped. This is loopy's
// SubstitutionRuleMappingContext.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ir/match.hpp"
#include "loom/kernel.hpp"

namespace loom {

// loopy's parse_stack_match. `id:s1 > id:f > ...` selects what lies inside rule `f` where
// instruction s1 invokes it: the first component matches the instruction, each further one the
// next rule invocation inward (`id:` names the rule); `...` stands for any number of levels and a
// trailing `$` requires the innermost level to be the last. A match without '>' selects its
// instructions and everything inside them; no match at all selects everything.
class StackMatch {
 public:
  // Refuses, naming `transform`: a rule-level component that names a rule the kernel lacks, or
  // that asks for writes:/reads:/iname: (rule invocations have none).
  static StackMatch parse(const std::optional<std::string>& text, const LoopKernel& kernel,
                          const std::string& transform);

  // `rules`: the rule invocations around the expression, outermost first.
  bool matches(const LoopKernel& kernel, const Instruction& instruction,
               const std::vector<std::string>& rules) const;

 private:
  struct Component {
    bool wildcard = false;  // `...`
    InstructionMatch match = InstructionMatch::all();
  };
  bool matches_from(const LoopKernel& kernel, const Instruction& instruction,
                    const std::vector<std::string>& rules, std::size_t component,
                    std::size_t level) const;

  std::vector<Component> components_;  // empty: everything
  bool anchored_ = false;              // trailing `$`
};

// Where a rule-aware mapper stands.
struct ExpansionState {
  const Instruction* instruction = nullptr;
  std::vector<std::string> rules;          // invocations around the node, outermost first
  std::set<std::string> rule_parameters;   // the innermost rule's parameters (not inames)
  std::set<std::string> reduction_inames;  // bound by reductions around the node
};

// The invocation `rule(arguments)` written as the kernel writes it (a call; argument-less rules
// as `name()`).
ExprPtr rule_invocation(const std::string& rule, std::vector<ExprPtr> arguments);

// `expr` with new operands (shared, not copied, when they are the same).
ExprPtr with_operands(const ExprPtr& expr, std::vector<ExprPtr> operands);

// The simplest form isl finds of an affine `index` on the domain of `instruction`'s inames and
// the assumptions (simplify_indices.cpp); `index` itself where it finds none simpler.
ExprPtr simplify_index(const LoopKernel& kernel, const Instruction& instruction, const ExprPtr& index);

// Maps every instruction and, through their invocations, the substitution rules (see the top of
// this file). Subclasses override `map` for the nodes they rewrite and call `map_children` for
// the rest; `map_invocation` decides between keeping and expanding an invocation.
class RuleAwareMapper {
 public:
  RuleAwareMapper(const LoopKernel& kernel, std::string transform);
  virtual ~RuleAwareMapper() = default;

  // The kernel with every instruction's assignee indices, expression and predicates mapped and
  // the rules replaced by the variants still invoked.
  LoopKernel map_kernel();

 protected:
  virtual ExprPtr map(const ExprPtr& expr, const ExpansionState& state);
  // Default mapping: rule invocations go to map_invocation (arguments mapped first); other
  // nodes are rebuilt from their mapped operands, reductions adding their inames to the state.
  ExprPtr map_children(const ExprPtr& expr, const ExpansionState& state);
  // Default: keep_invocation.
  virtual ExprPtr map_invocation(const SubstitutionRule& rule, std::vector<ExprPtr> arguments,
                                 bool written_as_call, const ExpansionState& state);
  // The invocation, naming the variant of `rule` whose body is the body mapped inside it.
  ExprPtr keep_invocation(const SubstitutionRule& rule, std::vector<ExprPtr> arguments,
                          bool written_as_call, const ExpansionState& state);
  // The body mapped inside the invocation, then the arguments put in for the parameters. Refuses
  // an argument that a reduction of the body would capture.
  ExprPtr expand_invocation(const SubstitutionRule& rule, const std::vector<ExprPtr>& arguments,
                            const ExpansionState& state);
  // The rule named like a variable or call `name` at `state`, if any (a rule parameter of the
  // same name hides it).
  const SubstitutionRule* rule_named(const std::string& name, const ExpansionState& state) const;
  // A new rule for the result, its body mapped (it may name rule variants as mapped bodies do).
  // Its name must be free; the variants avoid it.
  void add_rule(SubstitutionRule rule) { added_rules_.push_back(std::move(rule)); }

  const LoopKernel& kernel_;
  const std::string transform_;

 private:
  ExpansionState inside(const SubstitutionRule& rule, const ExpansionState& state) const;
  std::string variant_placeholder(const std::string& rule, const ExprPtr& body);
  bool is_unchanged(const std::string& rule, std::size_t index) const;
  std::map<std::string, std::string> name_variants(
      std::map<std::string, SubstitutionRule>& rules) const;

  // Per rule, its distinct mapped bodies in order of first use.
  std::map<std::string, std::vector<ExprPtr>> variants_;
  std::vector<SubstitutionRule> added_rules_;
};

// Whether `expr` mentions variable `name` outside reductions that bind it.
bool mentions_free(const Expr& expr, const std::string& name);

// The names of the kernel's substitution rules, comma-separated, for messages.
std::string rule_names(const LoopKernel& kernel);

// How an iname transform rewrites expressions: `variable` gives the new value of a variable
// (nullptr: keep it), `reduction` the new form of a reduction node whose operands are already
// rewritten (return it unchanged to keep it).
struct InameExpressionRewrite {
  std::function<ExprPtr(const std::string& name)> variable;
  std::function<ExprPtr(const ExprPtr& reduction)> reduction;
};

// The kernel with the expressions, predicates and assignee indices of the instructions in `ids`
// rewritten, and through their invocations the substitution rules they use: a name that a rule's
// body uses without taking it as a parameter is an iname of the invoking instruction (loopy's
// RuleAwareSubstitutionMapper in split_iname and friends). A rule invoked both from rewritten and
// other instructions splits into variants (`f`, `f_0`); rules nothing invokes stay as they were.
// Refuses (naming `transform`) what RuleAwareMapper refuses: wrong argument counts, recursion.
LoopKernel rewrite_instructions_and_rules(const LoopKernel& kernel, const std::set<std::string>& ids,
                                          const InameExpressionRewrite& rewrite,
                                          const std::string& transform);

}  // namespace loom
