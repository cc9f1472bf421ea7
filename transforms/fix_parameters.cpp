// fix_parameters (loopy's transform/parameter.py): replaces parameters by constants.
//
//   {[i]: 0<=i<n}   out[i] = a[i] + n   args a, out: (n,), n: value
// fix_parameters({n: 200}) →
//   {[i]: 0<=i<=199}   out[i] = a[i] + 200   args a, out: (200,)
//
// Every occurrence is replaced: the domains (the parameter is fixed, then projected out, and the
// domain's text is regenerated), the instructions and substitution rules, the shapes of arguments
// and temporaries (folded to integers where nothing else remains), and the assumptions. The value
// argument disappears from the signature. Refuses: a name that is not a parameter of the kernel
// (a domain parameter or an integer value argument; temporaries used as bounds are data), and a
// value the assumptions exclude. Instances keep their order, so only the checks that depend on
// values (bounds) can newly fail.
#include <isl/map.h>
#include <isl/set.h>

#include <algorithm>
#include <sstream>

#include "analysis/dependences.hpp"
#include "ir/isl_extra.hpp"
#include "loom/error.hpp"
#include "loom/runtime.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

using Values = std::map<std::string, int64_t>;

std::string values_text(const Values& values) {
  std::string out;
  for (const auto& [name, value] : values)
    out += (out.empty() ? "" : ", ") + name + "=" + std::to_string(value);
  return out;
}

bool is_fixable(const LoopKernel& kernel, const std::string& name) {
  std::vector<std::string> parameters = kernel.parameters();
  if (std::find(parameters.begin(), parameters.end(), name) != parameters.end()) return true;
  const KernelArgument* arg = kernel.find_arg(name);
  return arg != nullptr && arg->kind == ArgKind::Value && (!arg->dtype || is_integral(*arg->dtype));
}

void check_names(const LoopKernel& kernel, const Values& values, const std::string& call_text) {
  if (values.empty()) {
    throw Error(call_text + ": no parameter values given (e.g. fix_parameters(n=200))");
  }
  for (const auto& [name, value] : values) {
    if (is_fixable(kernel, name)) continue;
    std::string known;
    for (const std::string& parameter : kernel.parameters())
      known += (known.empty() ? "" : ", ") + parameter;
    std::string what = kernel.domain_of_iname(name) != nullptr  ? "an iname"
                       : kernel.find_temporary(name) != nullptr ? "a temporary the kernel computes"
                       : kernel.find_arg(name) != nullptr ? "an array or a non-integer argument"
                                                          : "not a name of the kernel";
    throw Error(call_text + ": '" + name + "' is " + what +
                ", not a parameter (the kernel's parameters: " +
                (known.empty() ? std::string("none") : known) + ")");
  }
}

// `set` with each fixed parameter equal to its value (isl adds a parameter the set lacks).
isl::set fixed_values(const isl::set& set, const Values& values) {
  std::string names, equalities;
  for (const auto& [name, value] : values) {
    names += (names.empty() ? "" : ", ") + name;
    equalities += (equalities.empty() ? "" : " and ") + name + " = " + std::to_string(value);
  }
  return set.intersect_params(isl::set(set.ctx(), "[" + names + "] -> { : " + equalities + " }"));
}

isl::set without_fixed(const isl::set& set, const Values& values) {
  isl::set result = fixed_values(set, values);
  for (const auto& [name, value] : values) result = isl_extra::project_out_param(result, name);
  return result.coalesce();
}

void check_assumptions(const LoopKernel& kernel, const Values& values,
                       const std::string& call_text) {
  if (kernel.assumptions.empty_handle()) return;
  if (!fixed_values(isl_set_of(kernel.assumptions), values).is_empty()) return;
  throw Error(call_text + ": " + values_text(values) + " violates the kernel's assumptions (" +
              kernel.assumptions_text + ")");
}

bool mentions_variable(const ExprPtr& expr) {
  bool found = false;
  visit_expr(*expr, [&](const Expr& node) { found = found || node.kind == ExprKind::Variable; });
  return found;
}

ExprPtr substituted(const ExprPtr& expr, const Values& values,
                    const std::set<std::string>& shadowed = {}) {
  if (!expr) return expr;
  return substitute(expr, [&](const std::string& name) -> ExprPtr {
    auto found = values.find(name);
    if (found == values.end() || shadowed.count(name) != 0) return nullptr;
    return int_literal(found->second);
  });
}

// Shapes are integer expressions of the parameters: once none is left, they fold to a constant.
ExprPtr substituted_extent(const ExprPtr& extent, const Values& values) {
  ExprPtr result = substituted(extent, values);
  if (mentions_variable(result)) return result;
  try {
    return int_literal(evaluate_integer(*result, {}));
  } catch (const Error&) {
    return result;  // not an integer expression after all: keep it for the usual checks
  }
}

Domain fixed_domain(const Domain& domain, const Values& values) {
  isl::set set = without_fixed(isl_set_of(domain.set), values);
  set = isl::manage(isl_set_reset_tuple_id(set.release()));
  std::ostringstream text;
  text << set;
  return Domain{text.str(), domain.inames, isl_extra::dim_names(set, isl_dim_param),
                make_isl_set(isl_context_of(domain.set), set)};
}

std::string fixed_assumptions_text(const isl::set& assumptions) {
  if (isl_set_plain_is_universe(assumptions.get()) == isl_bool_true) return "";
  std::ostringstream text;
  text << assumptions;
  return text.str();
}

void rewrite_kernel(LoopKernel& kernel, const Values& values) {
  for (Domain& domain : kernel.domains) {
    bool uses = std::any_of(values.begin(), values.end(), [&](const auto& entry) {
      return std::find(domain.parameters.begin(), domain.parameters.end(), entry.first) !=
             domain.parameters.end();
    });
    if (uses) domain = fixed_domain(domain, values);
  }
  for (Instruction& instruction : kernel.instructions) {
    for (ExprPtr& assignee : instruction.assignees) assignee = substituted(assignee, values);
    instruction.expression = substituted(instruction.expression, values);
    for (ExprPtr& predicate : instruction.predicates) predicate = substituted(predicate, values);
  }
  for (auto& [name, rule] : kernel.substitutions) {
    std::set<std::string> shadowed(rule.parameters.begin(), rule.parameters.end());
    rule.expression = substituted(rule.expression, values, shadowed);
  }
  for (KernelArgument& arg : kernel.args) {
    for (ExprPtr& extent : arg.shape) extent = substituted_extent(extent, values);
  }
  for (Temporary& temporary : kernel.temporaries) {
    for (ExprPtr& extent : temporary.shape) extent = substituted_extent(extent, values);
  }
  std::erase_if(kernel.args, [&](const KernelArgument& arg) {
    return arg.kind == ArgKind::Value && values.count(arg.name) != 0;
  });
  if (!kernel.assumptions.empty_handle()) {
    isl::set assumptions = without_fixed(isl_set_of(kernel.assumptions), values);
    kernel.assumptions = make_isl_set(isl_context_of(kernel.assumptions), assumptions);
    kernel.assumptions_text = fixed_assumptions_text(assumptions);
  }
}

// The traced dependences still carry the fixed parameters (equal to their values): drop them so
// later transforms see relations over the parameters the kernel still has.
std::shared_ptr<const detail::DependenceData> without_parameters(
    const detail::DependenceData& dependences, const Values& values) {
  auto result = std::make_shared<detail::DependenceData>(dependences);
  for (Dependence& dependence : result->dependences) {
    for (const auto& [name, value] : values) {
      int position =
          isl_map_find_dim_by_name(dependence.relation.get(), isl_dim_param, name.c_str());
      if (position < 0) continue;
      dependence.relation = isl::manage(isl_map_project_out(
          dependence.relation.release(), isl_dim_param, static_cast<unsigned>(position), 1));
    }
  }
  return result;
}

}  // namespace

LoopKernel fix_parameters(const LoopKernel& kernel, const std::map<std::string, int64_t>& values) {
  TransformCall call{"fix_parameters", {}};
  for (const auto& [name, value] : values) call.arguments[name] = value;
  std::string call_text = "fix_parameters(" + values_text(values) + ")";
  // Step 1: checks.
  check_names(kernel, values, call_text);
  check_assumptions(kernel, values, call_text);
  // Step 2: rewrite.
  LoopKernel result = kernel;
  with_isl_errors(call_text, [&] { rewrite_kernel(result, values); });
  // Step 3: the instances are the same, at the fixed values of the parameters.
  isl::union_map rewrite = with_isl_errors(call_text, [&] {
    isl::union_map same =
        instance_rewrite(kernel, result, [](const Instruction&) { return std::string(); });
    isl::set universe = isl::manage(isl_set_universe(isl_space_params_alloc(same.ctx().get(), 0)));
    return same.intersect_params(fixed_values(universe, values));
  });
  LoopKernel finished =
      finish_transform(kernel, std::move(result), call, rewrite, /*unchecked=*/false);
  finished.dependences =
      with_isl_errors(call_text, [&] { return without_parameters(*finished.dependences, values); });
  return finished;
}

namespace {

std::string argument_text(const TransformValue& value) {
  struct Printer {
    std::string operator()(std::monostate) const { return "null"; }
    std::string operator()(bool b) const { return b ? "true" : "false"; }
    std::string operator()(int64_t i) const { return std::to_string(i); }
    std::string operator()(const std::string& s) const { return "\"" + s + "\""; }
    std::string operator()(const std::vector<std::string>&) const { return "a list of strings"; }
    std::string operator()(const std::vector<int64_t>&) const { return "a list of integers"; }
    std::string operator()(const std::map<std::string, std::string>&) const { return "an object"; }
  };
  return std::visit(Printer{}, value);
}

}  // namespace

LOOM_REGISTER_TRANSFORM(fix_parameters) {
  registry.add({"fix_parameters",
                "replace parameters by constants (each parameter name is a key: n=200)",
                {{"value_dict", ParameterType::KeywordMap, false}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  std::map<std::string, int64_t> values;
                  for (const auto& [name, value] : args.all()) {
                    if (name == "unchecked") continue;
                    const auto* number = std::get_if<int64_t>(&value);
                    if (number == nullptr) {
                      throw Error("fix_parameters: the value of '" + name +
                                  "' must be an integer, got " + argument_text(value));
                    }
                    values[name] = *number;
                  }
                  return fix_parameters(kernel, values);
                }});
}

}  // namespace loom
