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
#include <isl/mat.h>
#include <isl/set.h>
#include <isl/val.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <memory>
#include <sstream>

#include "analysis/dependences.hpp"
#include "analysis/reduction_terms.hpp"
#include "ir/isl_extra.hpp"
#include "loom/error.hpp"
#include "loom/runtime.hpp"
#include "transforms/registry.hpp"
#include "transforms/finish_with_dependences.hpp"
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

// The parameter set `[n, m] -> { : n = 4 and m = 8 }` as isl's parser reads that text: the same
// parameters in the same order, one equality each.
isl::set parsed_values(isl::ctx ctx, const Values& values) {
  std::string names, equalities;
  for (const auto& [name, value] : values) {
    names += (names.empty() ? "" : ", ") + name;
    equalities += (equalities.empty() ? "" : " and ") + name + " = " + std::to_string(value);
  }
  return isl::set(ctx, "[" + names + "] -> { : " + equalities + " }");
}

std::string text_of(const isl::set& set) {
  std::ostringstream text;
  text << set;
  return text.str();
}

// Whether two sets have the same printed text and, disjunct for disjunct, the same equality and
// inequality matrices (their internal form, which later isl operations and the printed code follow).
bool same_form(const isl::set& a, const isl::set& b) {
  if (text_of(a) != text_of(b)) return false;
  std::vector<isl_basic_set*> disjuncts[2];
  for (int k = 0; k < 2; ++k) {
    isl_set_foreach_basic_set((k == 0 ? a : b).get(), [](isl_basic_set* piece, void* user) {
      static_cast<std::vector<isl_basic_set*>*>(user)->push_back(piece);
      return isl_stat_ok;
    }, &disjuncts[k]);
  }
  bool same = disjuncts[0].size() == disjuncts[1].size();
  for (std::size_t i = 0; same && i < disjuncts[0].size(); ++i) {
    for (bool equalities : {true, false}) {
      auto matrix = [&](isl_basic_set* piece) {
        return equalities ? isl_basic_set_equalities_matrix(piece, isl_dim_cst, isl_dim_param, isl_dim_set, isl_dim_div)
                          : isl_basic_set_inequalities_matrix(piece, isl_dim_cst, isl_dim_param, isl_dim_set, isl_dim_div);
      };
      isl_mat* left = matrix(disjuncts[0][i]);
      isl_mat* right = matrix(disjuncts[1][i]);
      same = same && isl_mat_is_equal(left, right) == isl_bool_true;
      isl_mat_free(left);
      isl_mat_free(right);
    }
  }
  for (auto& list : disjuncts)
    for (isl_basic_set* piece : list) isl_basic_set_free(piece);
  return same;
}

// The fixed parameters' values as a parameter set, built once per call (issue 26, front22: each
// use parsed the text of parsed_values again, ~115k instructions a parse; fix_parameters makes
// 3-5 uses). Built with isl's own calls: a parameter space named in the same order, each
// parameter fixed to its value. isl_set_fix_val's equality is the parser's (n - 4 = 0, its sign
// normalized by Gaussian elimination either way); LOOM_VERIFY_SKIPPED_CHECKS parses the text too
// and raises an internal error where the two forms differ.
isl::set fixed_parameter_set(isl::ctx ctx, const Values& values) {
  isl_space* space = isl_space_params_alloc(ctx.get(), static_cast<unsigned>(values.size()));
  unsigned position = 0;
  for (const auto& [name, value] : values) space = isl_space_set_dim_name(space, isl_dim_param, position++, name.c_str());
  isl_set* set = isl_set_universe(space);
  position = 0;
  for (const auto& [name, value] : values)
    set = isl_set_fix_val(set, isl_dim_param, position++, isl_val_int_from_si(ctx.get(), static_cast<long>(value)));
  isl::set built = isl::manage(set);
  if (std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr && !same_form(built, parsed_values(ctx, values))) {
    throw InternalError("fix_parameters: the parameter set built for " + values_text(values) + " (" + text_of(built) +
                        ") differs in form from the parsed one (" + text_of(parsed_values(ctx, values)) + ")");
  }
  return built;
}

// `set` with each fixed parameter equal to its value (isl adds a parameter the set lacks);
// `fixed` is fixed_parameter_set of the values.
isl::set fixed_values(const isl::set& set, const isl::set& fixed) { return set.intersect_params(fixed); }

isl::set without_fixed(const isl::set& set, const Values& values, const isl::set& fixed) {
  isl::set result = fixed_values(set, fixed);
  for (const auto& [name, value] : values) result = isl_extra::project_out_param(result, name);
  return result.coalesce();
}

void check_assumptions(const LoopKernel& kernel, const Values& values, const isl::set& fixed,
                       const std::string& call_text) {
  if (kernel.assumptions.empty_handle()) return;
  if (!fixed_values(isl_set_of(kernel.assumptions), fixed).is_empty()) return;
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

Domain fixed_domain(const Domain& domain, const Values& values, const isl::set& fixed) {
  isl::set set = without_fixed(isl_set_of(domain.set), values, fixed);
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

void rewrite_kernel(LoopKernel& kernel, const Values& values, const isl::set& fixed) {
  for (Domain& domain : kernel.domains) {
    bool uses = std::any_of(values.begin(), values.end(), [&](const auto& entry) {
      return std::find(domain.parameters.begin(), domain.parameters.end(), entry.first) !=
             domain.parameters.end();
    });
    if (uses) domain = fixed_domain(domain, values, fixed);
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
    isl::set assumptions = without_fixed(isl_set_of(kernel.assumptions), values, fixed);
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

// The dependences of `dependences` of one kind through one variable, as one relation, reduction
// terms lowered to their instructions (a term one computation names, the other may not).
isl::union_map relations_of_kind(const detail::DependenceData& dependences, DependenceKind kind,
                                 const std::string& variable, const isl::ctx& ctx) {
  isl::union_map relations(ctx, "{ }");
  for (const Dependence& dependence : dependences.dependences) {
    if (dependence.kind != kind || dependence.variable != variable) continue;
    isl::map lowered = lower_reduction_term(lower_reduction_term(dependence.relation, isl_dim_in), isl_dim_out);
    relations = relations.unite(isl::union_map(lowered));
  }
  return relations;
}

// LOOM_VERIFY_SKIPPED_CHECKS: the dependences computed on the result are those of the kernel
// traced through the rewrite (the fixed parameters projected out), and the dependence check
// gives the same verdict on both.
void verify_own_dependences(const LoopKernel& kernel, const LoopKernel& result,
                            const std::function<isl::union_map(const LoopKernel&)>& rewrite, const detail::DependenceData& own,
                            const Values& values) {
  auto traced = without_parameters(*trace_dependences(*dependences_of(kernel), rewrite(result)), values);
  isl::ctx ctx = isl_context_of(kernel)->ctx();
  std::set<std::pair<int, std::string>> keys;
  for (const auto* data : {&own, traced.get()}) {
    for (const Dependence& dependence : data->dependences) keys.insert({static_cast<int>(dependence.kind), dependence.variable});
  }
  for (const auto& [kind, variable] : keys) {
    DependenceKind which = static_cast<DependenceKind>(kind);
    if (!relations_of_kind(own, which, variable, ctx).is_equal(relations_of_kind(*traced, which, variable, ctx))) {
      throw InternalError("fix_parameters: the " + std::string(dependence_kind_name(which)) + " dependences through '" +
                          variable + "' computed on the result differ from the kernel's traced through the rewrite");
    }
  }
  auto verdict = [&](std::shared_ptr<const detail::DependenceData> dependences) -> std::string {
    LoopKernel checked = result;
    checked.dependences = std::move(dependences);
    try {
      check_dependences(checked, "fix_parameters");
    } catch (const LegalityError&) {
      return "refused";
    }
    return "legal";
  };
  auto own_copy = std::make_shared<const detail::DependenceData>(own);
  if (verdict(own_copy) != verdict(traced)) {
    throw InternalError("fix_parameters: the dependence check on the dependences computed on the result says " +
                        verdict(own_copy) + ", on the kernel's traced through the rewrite " + verdict(traced));
  }
}

// `result` finished on dependences computed on it, for a kernel whose dependences were never
// computed (fix_parameters as a recipe's first transform: 30 of the 202 loopy specs of the issue 26
// table). The instances keep their order and only those at the fixed values remain, so the
// result's own dependences are the kernel's at those values; isl computes them on constants
// instead of parameters and nothing is traced: test_rob_stroud_bernstein_full's fix_parameters
// (deg=4 in `alpha2 <= deg - alpha1`) spent ~90% of its compile computing the parametric
// dependences, tracing them and checking the traced relations.
LoopKernel finish_on_own_dependences(const LoopKernel& kernel, LoopKernel result, const TransformCall& call,
                                     const std::function<isl::union_map(const LoopKernel&)>& rewrite, const Values& values) {
  std::shared_ptr<const detail::DependenceData> own = dependences_of(result);
  if (std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr) {
    with_isl_errors("fix_parameters", [&] { verify_own_dependences(kernel, result, rewrite, *own, values); });
  }
  return finish_transform_with_dependences(kernel, std::move(result), call, std::move(own), /*unchecked=*/false);
}

}  // namespace

LoopKernel fix_parameters(const LoopKernel& kernel, const std::map<std::string, int64_t>& values) {
  TransformCall call{"fix_parameters", {}};
  for (const auto& [name, value] : values) call.arguments[name] = value;
  std::string call_text = "fix_parameters(" + values_text(values) + ")";
  // Step 1: checks.
  check_names(kernel, values, call_text);
  isl::set fixed = with_isl_errors(call_text, [&] { return fixed_parameter_set(isl_context_of(kernel)->ctx(), values); });
  check_assumptions(kernel, values, fixed, call_text);
  // Step 2: rewrite.
  LoopKernel result = kernel;
  with_isl_errors(call_text, [&] { rewrite_kernel(result, values, fixed); });
  // Step 3: the instances are the same, at the fixed values of the parameters.
  auto rewrite = [&](const LoopKernel& after) {
    return with_isl_errors(call_text, [&] {
      isl::union_map same =
          instance_rewrite(kernel, after, [](const Instruction&) { return std::string(); });
      isl::set universe = isl::manage(isl_set_universe(isl_space_params_alloc(same.ctx().get(), 0)));
      return same.intersect_params(fixed_values(universe, fixed));
    });
  };
  // A kernel no transform has checked whose every iname runs in turn: its dependences hold by
  // construction, and the first transform that needs them computes them on the fixed kernel
  // (issue 26, deps23: they were most of test_rob_stroud_bernstein_full's and test_nop's compile).
  if (!kernel.dependences && runs_every_iname_in_turn(result)) {
    return finish_transform_deferring_dependences(kernel, std::move(result), call);
  }
  if (!kernel.dependences) return finish_on_own_dependences(kernel, std::move(result), call, rewrite, values);
  // The rewrite only where there are dependences to trace through it (issue 26, front22: with
  // none, tracing gives the same empty list and the same lineage facts whatever the rewrite; its
  // instance sets of every instruction were ~10% of a small spec whose fix_parameters follows a
  // tag_inames).
  LoopKernel finished = finish_transform(kernel, std::move(result), call, rewrite, /*unchecked=*/false);
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
