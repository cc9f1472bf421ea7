#include "transforms/subst_support.hpp"

#include <algorithm>
#include <cctype>

#include "loom/error.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

// Rules nested deeper than this expand recursively (through themselves or each other).
constexpr std::size_t kMaxRuleDepth = 64;

// Placeholders name rule variants until every invocation has been seen: "\x01rule\x01index".
constexpr char kPlaceholderMark = '\x01';

std::string trimmed(const std::string& text) {
  auto first = text.find_first_not_of(" \t\n");
  if (first == std::string::npos) return "";
  auto last = text.find_last_not_of(" \t\n");
  return text.substr(first, last - first + 1);
}

std::vector<std::string> split_components(const std::string& text) {
  std::vector<std::string> components;
  std::size_t start = 0;
  for (std::size_t end = text.find('>'); end != std::string::npos; end = text.find('>', start)) {
    components.push_back(trimmed(text.substr(start, end - start)));
    start = end + 1;
  }
  components.push_back(trimmed(text.substr(start)));
  return components;
}

// Words of a match expression (parentheses separate words too).
std::vector<std::string> match_words(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  for (char c : text + " ") {
    if (std::isspace(static_cast<unsigned char>(c)) != 0 || c == '(' || c == ')') {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  return words;
}

// A component that selects rule invocations may only name rules, and only rules that exist.
void check_rule_component(const std::string& component, const std::string& within,
                          const LoopKernel& kernel, const std::string& transform) {
  for (const std::string& word : match_words(component)) {
    if (word == "and" || word == "or" || word == "not" || word == "all") continue;
    for (const char* prefix : {"writes:", "reads:", "iname:"}) {
      if (word.rfind(prefix, 0) == 0) {
        throw Error(
            transform + ": within='" + within + "': '" + prefix +
            "' cannot select a substitution rule invocation (rules have ids only: use id:<rule>)");
      }
    }
    std::string name = word.rfind("id:", 0) == 0 ? word.substr(3) : word;
    if (name.find(':') != std::string::npos || name.find_first_of("*?[") != std::string::npos)
      continue;
    if (kernel.substitutions.count(name) == 0) {
      std::string known = rule_names(kernel);
      throw Error(transform + ": within='" + within + "' names substitution rule '" + name +
                  "', which the kernel does not define (" +
                  (known.empty() ? "it has no rules" : "its rules: " + known) + ")");
    }
  }
}

Instruction as_matchable(const std::string& rule) {
  Instruction invocation;
  invocation.id = rule;
  invocation.kind = InstructionKind::NoOp;
  return invocation;
}

bool is_placeholder(const std::string& name) {
  return !name.empty() && name[0] == kPlaceholderMark;
}

}  // namespace

// ---- stack matches --------------------------------------------------------------------------

StackMatch StackMatch::parse(const std::optional<std::string>& text, const LoopKernel& kernel,
                             const std::string& transform) {
  StackMatch match;
  if (!text) return match;
  std::string body = trimmed(*text);
  if (!body.empty() && body.back() == '$') {
    match.anchored_ = true;
    body = trimmed(body.substr(0, body.size() - 1));
  }
  bool instruction_level_seen = false;
  for (const std::string& component : split_components(body)) {
    if (component.empty()) {
      throw Error(transform + ": within='" + *text +
                  "' has an empty level (write 'insn > rule', '...' for any levels)");
    }
    Component parsed;
    if (component == "...") {
      parsed.wildcard = true;
    } else {
      if (instruction_level_seen) check_rule_component(component, *text, kernel, transform);
      parsed.match = InstructionMatch::parse(component);
      instruction_level_seen = true;
    }
    match.components_.push_back(std::move(parsed));
  }
  return match;
}

bool StackMatch::matches(const LoopKernel& kernel, const Instruction& instruction,
                         const std::vector<std::string>& rules) const {
  return matches_from(kernel, instruction, rules, 0, 0);
}

bool StackMatch::matches_from(const LoopKernel& kernel, const Instruction& instruction,
                              const std::vector<std::string>& rules, std::size_t component,
                              std::size_t level) const {
  std::size_t levels = rules.size() + 1;  // the instruction, then each rule inward
  if (component == components_.size()) return !anchored_ || level == levels;
  const Component& current = components_[component];
  if (current.wildcard) {
    for (std::size_t next = level; next <= levels; ++next) {
      if (matches_from(kernel, instruction, rules, component + 1, next)) return true;
    }
    return false;
  }
  if (level >= levels) return false;
  bool here = level == 0 ? current.match.matches(kernel, instruction)
                         : current.match.matches(kernel, as_matchable(rules[level - 1]));
  return here && matches_from(kernel, instruction, rules, component + 1, level + 1);
}

// ---- expression helpers ---------------------------------------------------------------------

ExprPtr rule_invocation(const std::string& rule, std::vector<ExprPtr> arguments) {
  return call(rule, std::move(arguments));
}

ExprPtr with_operands(const ExprPtr& expr, std::vector<ExprPtr> operands) {
  if (operands == expr->operands) return expr;
  auto copy = std::make_shared<Expr>(*expr);
  copy->operands = std::move(operands);
  return copy;
}

bool mentions_free(const Expr& expr, const std::string& name) {
  if (expr.kind == ExprKind::Variable) return expr.name == name;
  if (expr.kind == ExprKind::Reduction &&
      std::find(expr.reduction_inames.begin(), expr.reduction_inames.end(), name) !=
          expr.reduction_inames.end()) {
    return false;
  }
  return std::any_of(expr.operands.begin(), expr.operands.end(),
                     [&](const ExprPtr& operand) { return mentions_free(*operand, name); });
}

std::string rule_names(const LoopKernel& kernel) {
  std::string names;
  for (const auto& [name, rule] : kernel.substitutions) names += (names.empty() ? "" : ", ") + name;
  return names;
}

// ---- the rule-aware mapper ------------------------------------------------------------------

RuleAwareMapper::RuleAwareMapper(const LoopKernel& kernel, std::string transform)
    : kernel_(kernel), transform_(std::move(transform)) {}

ExprPtr RuleAwareMapper::map(const ExprPtr& expr, const ExpansionState& state) {
  return map_children(expr, state);
}

const SubstitutionRule* RuleAwareMapper::rule_named(const std::string& name,
                                                    const ExpansionState& state) const {
  if (state.rule_parameters.count(name) != 0) return nullptr;
  auto found = kernel_.substitutions.find(name);
  return found == kernel_.substitutions.end() ? nullptr : &found->second;
}

ExprPtr RuleAwareMapper::map_children(const ExprPtr& expr, const ExpansionState& state) {
  if (expr->kind == ExprKind::Variable || expr->kind == ExprKind::Call) {
    if (const SubstitutionRule* rule = rule_named(expr->name, state)) {
      if (rule->parameters.size() != expr->operands.size()) {
        throw Error(transform_ + ": substitution rule '" + rule->name + "' takes " +
                    std::to_string(rule->parameters.size()) + " arguments, but instruction '" +
                    state.instruction->id + "' passes " + std::to_string(expr->operands.size()));
      }
      std::vector<ExprPtr> arguments;
      for (const ExprPtr& argument : expr->operands) arguments.push_back(map(argument, state));
      return map_invocation(*rule, std::move(arguments), expr->kind == ExprKind::Call, state);
    }
  }
  const ExpansionState* operand_state = &state;
  ExpansionState reduction_state;
  if (expr->kind == ExprKind::Reduction) {
    reduction_state = state;
    reduction_state.reduction_inames.insert(expr->reduction_inames.begin(),
                                            expr->reduction_inames.end());
    operand_state = &reduction_state;
  }
  std::vector<ExprPtr> operands;
  for (const ExprPtr& operand : expr->operands) operands.push_back(map(operand, *operand_state));
  return with_operands(expr, std::move(operands));
}

ExprPtr RuleAwareMapper::map_invocation(const SubstitutionRule& rule,
                                        std::vector<ExprPtr> arguments, bool written_as_call,
                                        const ExpansionState& state) {
  return keep_invocation(rule, std::move(arguments), written_as_call, state);
}

ExpansionState RuleAwareMapper::inside(const SubstitutionRule& rule,
                                       const ExpansionState& state) const {
  if (state.rules.size() >= kMaxRuleDepth) {
    throw Error(transform_ + ": substitution rule '" + rule.name +
                "' expands recursively (through itself)");
  }
  ExpansionState inner = state;
  inner.rules.push_back(rule.name);
  inner.rule_parameters = std::set<std::string>(rule.parameters.begin(), rule.parameters.end());
  return inner;
}

ExprPtr RuleAwareMapper::keep_invocation(const SubstitutionRule& rule,
                                         std::vector<ExprPtr> arguments, bool written_as_call,
                                         const ExpansionState& state) {
  ExprPtr body = map(rule.expression, inside(rule, state));
  std::string name = variant_placeholder(rule.name, body);
  return written_as_call ? call(name, std::move(arguments)) : variable(name);
}

ExprPtr RuleAwareMapper::expand_invocation(const SubstitutionRule& rule,
                                           const std::vector<ExprPtr>& arguments,
                                           const ExpansionState& state) {
  ExprPtr body = map(rule.expression, inside(rule, state));
  visit_expr(*body, [&](const Expr& node) {
    if (node.kind != ExprKind::Reduction) return;
    for (const std::string& iname : node.reduction_inames) {
      for (const ExprPtr& argument : arguments) {
        if (!mentions_free(*argument, iname)) continue;
        throw Error(transform_ + ": expanding '" + rule.name + "' in instruction '" +
                    state.instruction->id + "' would capture its argument '" + to_string(argument) +
                    "' in the rule's reduction over '" + iname +
                    "'; rename that iname in the rule first");
      }
    }
  });
  std::map<std::string, ExprPtr> values;
  for (std::size_t i = 0; i < rule.parameters.size(); ++i)
    values[rule.parameters[i]] = arguments[i];
  return substitute(body, [&](const std::string& name) -> ExprPtr {
    auto found = values.find(name);
    return found == values.end() ? nullptr : found->second;
  });
}

std::string RuleAwareMapper::variant_placeholder(const std::string& rule, const ExprPtr& body) {
  std::vector<ExprPtr>& bodies = variants_[rule];
  std::size_t index = 0;
  while (index < bodies.size() && !structurally_equal(*bodies[index], *body)) ++index;
  if (index == bodies.size()) bodies.push_back(body);
  return std::string(1, kPlaceholderMark) + rule + kPlaceholderMark + std::to_string(index);
}

// Variant `index` of `rule` is the old body when it equals it once the variants it invokes that
// are themselves unchanged are written with their rules' names.
bool RuleAwareMapper::is_unchanged(const std::string& rule, std::size_t index) const {
  ExprPtr named = map_expr(variants_.at(rule)[index], [&](const ExprPtr& node) -> ExprPtr {
    if ((node->kind != ExprKind::Call && node->kind != ExprKind::Variable) ||
        !is_placeholder(node->name))
      return node;
    std::size_t separator = node->name.find(kPlaceholderMark, 1);
    std::string invoked = node->name.substr(1, separator - 1);
    if (!is_unchanged(invoked, std::stoul(node->name.substr(separator + 1)))) return node;
    auto copy = std::make_shared<Expr>(*node);
    copy->name = invoked;
    return copy;
  });
  return structurally_equal(*named, *kernel_.substitutions.at(rule).expression);
}

// One variant keeps the rule's name: the one equal to the old body, else the first used; the
// others become <rule>_0, <rule>_1, ... (loopy's naming).
std::map<std::string, std::string> RuleAwareMapper::name_variants(
    std::map<std::string, SubstitutionRule>& rules) const {
  std::set<std::string> taken;
  for (const auto& [name, rule] : kernel_.substitutions) taken.insert(name);
  for (const SubstitutionRule& rule : added_rules_) taken.insert(rule.name);
  std::map<std::string, std::string> names;
  for (const auto& [rule_name, bodies] : variants_) {
    const SubstitutionRule& old_rule = kernel_.substitutions.at(rule_name);
    std::size_t keeper = 0;
    for (std::size_t k = 0; k < bodies.size(); ++k) {
      if (is_unchanged(rule_name, k)) keeper = k;
    }
    for (std::size_t k = 0; k < bodies.size(); ++k) {
      std::string name = k == keeper ? rule_name : unused_name(kernel_, rule_name, taken);
      taken.insert(name);
      names[std::string(1, kPlaceholderMark) + rule_name + kPlaceholderMark + std::to_string(k)] =
          name;
      rules[name] = SubstitutionRule{name, old_rule.parameters, bodies[k]};
    }
  }
  return names;
}

LoopKernel RuleAwareMapper::map_kernel() {
  LoopKernel result = kernel_;
  for (std::size_t k = 0; k < result.instructions.size(); ++k) {
    Instruction& instruction = result.instructions[k];
    ExpansionState state;
    state.instruction = &kernel_.instructions[k];
    for (ExprPtr& assignee : instruction.assignees) {
      std::vector<ExprPtr> indices;
      for (const ExprPtr& index : assignee->operands) indices.push_back(map(index, state));
      assignee = with_operands(assignee, std::move(indices));
    }
    if (instruction.expression) instruction.expression = map(instruction.expression, state);
    for (ExprPtr& predicate : instruction.predicates) predicate = map(predicate, state);
  }
  std::map<std::string, SubstitutionRule> rules;
  std::map<std::string, std::string> names = name_variants(rules);
  auto rename = [&](const ExprPtr& expr) {
    return map_expr(expr, [&](const ExprPtr& node) -> ExprPtr {
      if ((node->kind != ExprKind::Call && node->kind != ExprKind::Variable) ||
          !is_placeholder(node->name))
        return node;
      auto copy = std::make_shared<Expr>(*node);
      copy->name = names.at(node->name);
      return copy;
    });
  };
  for (Instruction& instruction : result.instructions) {
    for (ExprPtr& assignee : instruction.assignees) assignee = rename(assignee);
    if (instruction.expression) instruction.expression = rename(instruction.expression);
    for (ExprPtr& predicate : instruction.predicates) predicate = rename(predicate);
  }
  for (const SubstitutionRule& rule : added_rules_) rules[rule.name] = rule;
  for (auto& [name, rule] : rules) rule.expression = rename(rule.expression);
  result.substitutions = std::move(rules);
  return result;
}

namespace {

class InameRewriter : public RuleAwareMapper {
 public:
  InameRewriter(const LoopKernel& kernel, const std::set<std::string>& ids, const InameExpressionRewrite& rewrite,
                const std::string& transform)
      : RuleAwareMapper(kernel, transform), ids_(ids), rewrite_(rewrite) {}

 protected:
  ExprPtr map(const ExprPtr& expr, const ExpansionState& state) override {
    if (ids_.count(state.instruction->id) == 0) return map_children(expr, state);
    if (expr->kind == ExprKind::Variable && state.rule_parameters.count(expr->name) == 0 &&
        rule_named(expr->name, state) == nullptr) {
      ExprPtr value = rewrite_.variable(expr->name);
      return value ? value : expr;
    }
    ExprPtr mapped = map_children(expr, state);
    return mapped->kind == ExprKind::Reduction ? rewrite_.reduction(mapped) : mapped;
  }

 private:
  const std::set<std::string>& ids_;
  const InameExpressionRewrite& rewrite_;
};

}  // namespace

LoopKernel rewrite_instructions_and_rules(const LoopKernel& kernel, const std::set<std::string>& ids,
                                          const InameExpressionRewrite& rewrite,
                                          const std::string& transform) {
  LoopKernel result = InameRewriter(kernel, ids, rewrite, transform).map_kernel();
  // map_kernel keeps only the rules something invokes; an iname rewrite removes none.
  for (const auto& [name, rule] : kernel.substitutions) result.substitutions.emplace(name, rule);
  return result;
}

}  // namespace loom
