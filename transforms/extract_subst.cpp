// extract_subst (loopy's transform/subst.py): names a recurring expression pattern as a
// substitution rule and replaces each occurrence by an invocation.
//
//   a[i] = 23*b[i]**2 + 25*b[i]**2
// extract_subst("bsquare", "alpha*b[i]**2", {"alpha"}) →
//   bsquare(alpha) := alpha*b[i]**2
//   a[i] = bsquare(23) + bsquare(25)
//
// The template is unified with every subexpression (src/ir/unify.hpp: parameters bind to any
// subexpression, other names match themselves, sums and products in any order of their terms).
// A match is replaced whole and not searched further; other nodes are searched inside. The
// instructions `within` selects are searched (assignee indices, right-hand sides, predicates) and
// so is every rule body, except a rule whose parameters share a name with a free variable of the
// template (that name would mean the parameter there, the kernel's variable in the new rule).
// Each `*` wildcard of the template becomes a variable <subst_name>_wc that must stand for the
// same expression in every match; the rule's body has that expression in its place.
//
// Refuses: an invalid or taken subst_name, parameters that are not names, repeated or absent from
// the template, a template that does not parse, a template that matches nothing, a match in more
// than one way (x*y against 2*3: which is x?), a wildcard standing for different expressions, and
// a parameter bound to an expression over an iname that a reduction of the template binds (the
// invocation would use the iname outside its reduction).
#include <algorithm>

#include "ir/unify.hpp"
#include "lang/expression_lexer.hpp"
#include "lang/instruction_parser.hpp"
#include "loom/error.hpp"
#include "transforms/iname_copies.hpp"
#include "transforms/registry.hpp"
#include "transforms/subst_support.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

struct Template {
  ExprPtr expression;
  std::vector<std::string> wildcards;  // variables standing for the template's '*'s
};

// A '*' where an operand belongs (start, after an operator, '(' or ',' or a keyword) is a
// wildcard; everywhere else it multiplies.
bool is_wildcard(const std::vector<lang::Token>& tokens, std::size_t k) {
  if (!tokens[k].is_operator("*")) return false;
  if (k == 0) return true;
  const lang::Token& previous = tokens[k - 1];
  if (previous.kind == lang::TokenKind::Operator)
    return !previous.is_operator(")") && !previous.is_operator("]");
  return previous.is_word("and") || previous.is_word("or") || previous.is_word("not") ||
         previous.is_word("else");
}

Template parse_template(const LoopKernel& kernel, const std::string& text,
                        const std::string& subst_name, const std::vector<std::string>& parameters) {
  Template result;
  std::string rewritten;
  std::set<std::string> taken(parameters.begin(), parameters.end());
  for (const auto& [name, rule] : kernel.substitutions) taken.insert(name);
  try {
    std::vector<lang::Token> tokens = lang::tokenize(text, 0, text.size());
    std::size_t copied = 0;
    for (std::size_t k = 0; k < tokens.size(); ++k) {
      if (!is_wildcard(tokens, k)) continue;
      std::size_t at = static_cast<std::size_t>(tokens[k].column - 1);
      std::string name = unused_name(kernel, subst_name + "_wc", taken);
      taken.insert(name);
      result.wildcards.push_back(name);
      rewritten += text.substr(copied, at - copied) + " " + name + " ";
      copied = at + 1;
    }
    rewritten += text.substr(copied);
    result.expression = lang::parse_expression(rewritten);
  } catch (const ParseError& error) {
    throw Error("extract_subst: cannot parse the template '" + text + "': " + error.reason());
  }
  return result;
}

void check_names(const LoopKernel& kernel, const std::string& subst_name,
                 const std::vector<std::string>& parameters, const Template& pattern,
                 const std::string& text) {
  if (!lang::is_identifier(subst_name)) {
    throw Error("extract_subst: '" + subst_name +
                "' is not a valid rule name (letters, digits, '_')");
  }
  if (kernel.substitutions.count(subst_name) != 0 || name_taken(kernel, subst_name)) {
    throw Error("extract_subst: the name '" + subst_name +
                "' is already used in the kernel (by a rule, variable, iname or instruction); "
                "choose another");
  }
  std::set<std::string> seen;
  for (const std::string& parameter : parameters) {
    if (!lang::is_identifier(parameter))
      throw Error("extract_subst: parameter '" + parameter + "' is not a name");
    if (!seen.insert(parameter).second)
      throw Error("extract_subst: parameter '" + parameter + "' is listed twice");
    if (!mentions_free(*pattern.expression, parameter)) {
      throw Error("extract_subst: parameter '" + parameter + "' does not occur in the template '" +
                  text + "'");
    }
  }
}

std::string describe(const Bindings& bindings) {
  std::string text;
  for (const auto& [name, value] : bindings)
    text += (text.empty() ? "" : ", ") + name + "=" + to_string(value);
  return text;
}

// Finds and replaces the matches in one expression at a time, remembering every binding.
class Extractor {
 public:
  Extractor(const Template& pattern, const std::string& text, const std::string& subst_name,
            const std::vector<std::string>& parameters)
      : pattern_(pattern),
        text_(text),
        subst_name_(subst_name),
        parameters_(parameters),
        variables_(parameters.begin(), parameters.end()) {
    variables_.insert(pattern.wildcards.begin(), pattern.wildcards.end());
  }

  // `where` names the instruction or rule, for messages.
  ExprPtr rewrite(const ExprPtr& expr, const std::string& where) {
    where_ = where;
    return rewrite_at(expr, true);
  }

  const std::vector<Bindings>& matches() const { return matches_; }

 private:
  ExprPtr rewrite_at(const ExprPtr& expr, bool is_site) {
    if (is_site) {
      std::vector<Bindings> unifications = unify(pattern_.expression, expr, variables_);
      if (unifications.size() > 1) {
        std::string ways;
        for (const Bindings& bindings : unifications)
          ways += (ways.empty() ? "" : " or ") + describe(bindings);
        throw Error("extract_subst: ambiguous unification of '" + to_string(expr) + "' (in " +
                    where_ + ") with the template '" + text_ + "': " + ways +
                    "; make the template more specific");
      }
      if (unifications.size() == 1) {
        matches_.push_back(unifications.front());
        std::vector<ExprPtr> arguments;
        for (const std::string& parameter : parameters_)
          arguments.push_back(unifications.front().at(parameter));
        return rule_invocation(subst_name_, std::move(arguments));
      }
    }
    // The inner nodes of a chain a + b + c are not expressions of their own (pymbolic's n-ary sum).
    std::vector<ExprPtr> operands;
    for (const ExprPtr& operand : expr->operands) {
      bool inner_chain_node = is_commutative_chain(*expr) && operand->kind == ExprKind::Binary &&
                              operand->binary_op == expr->binary_op;
      operands.push_back(rewrite_at(operand, !inner_chain_node));
    }
    return with_operands(expr, std::move(operands));
  }

  const Template& pattern_;
  const std::string& text_;
  const std::string& subst_name_;
  const std::vector<std::string>& parameters_;
  std::set<std::string> variables_;
  std::vector<Bindings> matches_;
  std::string where_;
};

// The one expression each wildcard stands for, checked to agree across matches.
std::map<std::string, ExprPtr> wildcard_values(const Template& pattern,
                                               const std::vector<Bindings>& matches) {
  std::map<std::string, ExprPtr> values;
  for (const std::string& wildcard : pattern.wildcards) {
    for (const Bindings& bindings : matches) {
      const ExprPtr& value = bindings.at(wildcard);
      auto [entry, inserted] = values.try_emplace(wildcard, value);
      if (inserted || structurally_equal(*entry->second, *value)) continue;
      throw Error("extract_subst: a '*' wildcard of the template stands for '" +
                  to_string(entry->second) + "' in one match and for '" + to_string(value) +
                  "' in another; a wildcard must stand for the same expression everywhere (make it "
                  "a parameter)");
    }
  }
  return values;
}

void check_bindings_stay_bound(const Template& pattern, const std::vector<std::string>& parameters,
                               const std::vector<Bindings>& matches) {
  std::set<std::string> bound;
  visit_expr(*pattern.expression, [&](const Expr& node) {
    if (node.kind == ExprKind::Reduction)
      bound.insert(node.reduction_inames.begin(), node.reduction_inames.end());
  });
  for (const Bindings& bindings : matches) {
    for (const std::string& parameter : parameters) {
      for (const std::string& iname : bound) {
        if (!mentions_free(*bindings.at(parameter), iname)) continue;
        throw Error(
            "extract_subst: parameter '" + parameter + "' would stand for '" +
            to_string(bindings.at(parameter)) + "', which uses '" + iname +
            "', an iname the template's own reduction binds; the invocation could not pass it");
      }
    }
  }
}

// Free variables of the template other than its parameters and wildcards.
std::set<std::string> template_free_names(const Template& pattern,
                                          const std::set<std::string>& variables) {
  std::set<std::string> names;
  visit_expr(*pattern.expression, [&](const Expr& node) {
    if (node.kind == ExprKind::Variable && variables.count(node.name) == 0 &&
        mentions_free(*pattern.expression, node.name)) {
      names.insert(node.name);
    }
  });
  return names;
}

TransformCall recorded_call(const std::string& subst_name, const std::string& text,
                            const std::vector<std::string>& parameters,
                            const SubstitutionOptions& options) {
  TransformCall call{"extract_subst", {{"subst_name", subst_name}, {"template", text}}};
  if (!parameters.empty()) call.arguments["parameters"] = parameters;
  if (options.within) call.arguments["within"] = *options.within;
  if (options.unchecked) call.arguments["unchecked"] = true;
  return call;
}

}  // namespace

LoopKernel extract_subst(const LoopKernel& kernel, const std::string& subst_name,
                         const std::string& template_expression,
                         const std::vector<std::string>& parameters,
                         const SubstitutionOptions& options) {
  TransformCall call = recorded_call(subst_name, template_expression, parameters, options);
  // Step 1: the template and the names.
  Template pattern = parse_template(kernel, template_expression, subst_name, parameters);
  check_names(kernel, subst_name, parameters, pattern, template_expression);
  InstructionMatch within =
      options.within ? InstructionMatch::parse(*options.within) : InstructionMatch::all();
  // Step 2: replace the matches in the selected instructions and in the rules.
  Extractor extractor(pattern, template_expression, subst_name, parameters);
  LoopKernel result = kernel;
  for (Instruction& instruction : result.instructions) {
    if (!within.matches(kernel, instruction)) continue;
    std::string where = "instruction '" + instruction.id + "'";
    for (ExprPtr& assignee : instruction.assignees) {
      std::vector<ExprPtr> indices;
      for (const ExprPtr& index : assignee->operands)
        indices.push_back(extractor.rewrite(index, where));
      assignee = with_operands(assignee, std::move(indices));
    }
    if (instruction.expression)
      instruction.expression = extractor.rewrite(instruction.expression, where);
    for (ExprPtr& predicate : instruction.predicates)
      predicate = extractor.rewrite(predicate, where);
  }
  std::set<std::string> variables(parameters.begin(), parameters.end());
  variables.insert(pattern.wildcards.begin(), pattern.wildcards.end());
  std::set<std::string> free_names = template_free_names(pattern, variables);
  for (auto& [name, rule] : result.substitutions) {
    bool shadows =
        std::any_of(rule.parameters.begin(), rule.parameters.end(),
                    [&](const std::string& parameter) { return free_names.count(parameter) != 0; });
    if (!shadows) rule.expression = extractor.rewrite(rule.expression, "rule '" + name + "'");
  }
  // Step 3: every match must agree with the others and with the reductions of the template.
  if (extractor.matches().empty()) {
    throw Error(
        "extract_subst: no expression matches the template '" + template_expression + "'" +
        (options.within ? " in the instructions within='" + *options.within + "'" : std::string()) +
        " or in the substitution rules");
  }
  std::map<std::string, ExprPtr> wildcards = wildcard_values(pattern, extractor.matches());
  check_bindings_stay_bound(pattern, parameters, extractor.matches());
  // Step 4: the rule, its wildcards replaced by what they stood for.
  ExprPtr body = substitute(pattern.expression, [&](const std::string& name) -> ExprPtr {
    auto found = wildcards.find(name);
    return found == wildcards.end() ? nullptr : found->second;
  });
  result.substitutions[subst_name] = SubstitutionRule{subst_name, parameters, body};
  // Instances and accesses are the same: only the order check (cheap) and, for a kernel not yet
  // verified, the kernel checks run.
  return finish_transform(kernel, std::move(result), call, std::nullopt, options.unchecked,
                          CheckScope::Order);
}

LOOM_REGISTER_TRANSFORM(extract_subst) {
  registry.add({"extract_subst",
                "name the subexpressions that match a template as a substitution rule",
                {{"subst_name", ParameterType::String, true},
                 {"template", ParameterType::String, true},
                 {"parameters", ParameterType::InameList, false, true},
                 {"within", ParameterType::Match, false, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  SubstitutionOptions options{.within = args.optional_string("within"),
                                              .unchecked = args.unchecked()};
                  return extract_subst(kernel, args.string("subst_name"), args.string("template"),
                                       args.names("parameters"), options);
                }});
}

}  // namespace loom
