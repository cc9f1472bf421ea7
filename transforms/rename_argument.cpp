// rename_argument (loopy's transform/data.py): gives a kernel argument a new name.
//
//   {[i]: 0<=i<n}   out[i] = a + 2      args: out[n], a (value), n
// rename_argument("a", "b") →
//   {[i]: 0<=i<n}   out[i] = b + 2      args: out[n], b (value), n
//
// The new name takes the old one's place everywhere the kernel can name an argument: the argument
// list, domains (a domain parameter such as n), assumptions, instructions (expressions, assignees,
// predicates), substitution-rule bodies (unless a rule parameter shadows the name), other arrays'
// shapes, offsets and stride:EXPR dim_tags, temporaries' shapes, and recorded array rewrites. The
// kernel computes the same values; only the name a caller passes changes, so the renamed kernel
// becomes its own reference (its dependences name the new parameter).
//
// Refuses: an old name that is not an argument (loopy: "argument name not found"), an invalid new
// name, and a new name the kernel already uses for anything (argument, temporary, iname,
// substitution rule): loopy's existing_ok merges two arguments, which loom does not offer.
#include <isl/set.h>

#include <algorithm>
#include <cstdlib>

#include "ir/isl_extra.hpp"
#include "lang/instruction_parser.hpp"
#include "loom/error.hpp"
#include "loom/layout_transforms.hpp"
#include "transforms/iname_copies.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "rename_argument";

using Renames = std::map<std::string, std::string>;

// Variables and subscripted arrays called `old_name` (function names are not arguments).
ExprPtr renamed_in(const ExprPtr& expr, const std::string& old_name, const std::string& new_name) {
  if (!expr) return expr;
  return map_expr(expr, [&](const ExprPtr& node) -> ExprPtr {
    if (node->name != old_name) return node;
    if (node->kind != ExprKind::Variable && node->kind != ExprKind::Subscript) return node;
    auto copy = std::make_shared<Expr>(*node);
    copy->name = new_name;
    return copy;
  });
}

void rename_in_layout(std::vector<std::string>& dim_tags, const std::string& old_name,
                      const std::string& new_name) {
  for (std::string& tag : dim_tags) {
    if (tag.rfind("stride:", 0) != 0 || tag == "stride:auto") continue;
    ExprPtr stride = lang::parse_expression(tag.substr(7));
    tag = "stride:" + to_string(renamed_in(stride, old_name, new_name));
  }
}

void rename_in_domains(LoopKernel& kernel, const std::string& old_name, const std::string& new_name) {
  for (Domain& domain : kernel.domains) {
    if (std::find(domain.parameters.begin(), domain.parameters.end(), old_name) == domain.parameters.end())
      continue;
    isl::set renamed = rename_params(param_form(domain), Renames{{old_name, new_name}});
    domain = domain_from_param_form(isl_context_of(domain.set), renamed, domain.inames);
  }
  if (kernel.assumptions.empty_handle()) return;
  isl::set assumptions = rename_params(isl_set_of(kernel.assumptions), Renames{{old_name, new_name}});
  kernel.assumptions = make_isl_set(isl_context_of(kernel.assumptions), assumptions);
  char* text = isl_set_to_str(assumptions.get());
  kernel.assumptions_text = text;
  free(text);
}

void rename_in_instructions(LoopKernel& kernel, const std::string& old_name, const std::string& new_name) {
  for (Instruction& instruction : kernel.instructions) {
    for (ExprPtr& assignee : instruction.assignees) assignee = renamed_in(assignee, old_name, new_name);
    instruction.expression = renamed_in(instruction.expression, old_name, new_name);
    for (ExprPtr& predicate : instruction.predicates) predicate = renamed_in(predicate, old_name, new_name);
  }
  for (auto& [name, rule] : kernel.substitutions) {
    bool shadowed = std::find(rule.parameters.begin(), rule.parameters.end(), old_name) != rule.parameters.end();
    if (!shadowed) rule.expression = renamed_in(rule.expression, old_name, new_name);
  }
}

void rename_in_arrays(LoopKernel& kernel, const std::string& old_name, const std::string& new_name) {
  for (KernelArgument& arg : kernel.args) {
    if (arg.name == old_name) arg.name = new_name;
    for (ExprPtr& extent : arg.shape) extent = renamed_in(extent, old_name, new_name);
    arg.offset = renamed_in(arg.offset, old_name, new_name);
    rename_in_layout(arg.dim_tags, old_name, new_name);
  }
  for (Temporary& temporary : kernel.temporaries) {
    for (ExprPtr& extent : temporary.shape) extent = renamed_in(extent, old_name, new_name);
    rename_in_layout(temporary.dim_tags, old_name, new_name);
  }
  for (ArrayRewrite& rewrite : kernel.array_rewrites) {
    if (rewrite.array == old_name) rewrite.array = new_name;
  }
}

void require_unused(const LoopKernel& kernel, const std::string& new_name) {
  std::vector<std::string> inames = kernel.all_inames();
  std::string what = kernel.find_arg(new_name) != nullptr         ? "an argument"
                     : kernel.find_temporary(new_name) != nullptr ? "a temporary"
                     : kernel.substitutions.count(new_name) != 0  ? "a substitution rule"
                     : std::find(inames.begin(), inames.end(), new_name) != inames.end() ? "an iname"
                                                                                          : "";
  if (!what.empty()) {
    throw Error(std::string(kTransform) + ": '" + new_name + "' is already " + what +
                " of the kernel; pick an unused name (merging two arguments is not supported)");
  }
}

}  // namespace

LoopKernel rename_argument(const LoopKernel& kernel, const std::string& old_name, const std::string& new_name,
                           bool unchecked) {
  TransformCall call{kTransform, {{"old_name", old_name}, {"new_name", new_name}}};
  if (unchecked) call.arguments["unchecked"] = true;
  // Step 1: checks.
  if (kernel.find_arg(old_name) == nullptr) {
    throw Error(std::string(kTransform) + ": argument '" + old_name + "' not found (the kernel's arguments: " +
                joined([&] {
                  std::set<std::string> names;
                  for (const KernelArgument& arg : kernel.args) names.insert(arg.name);
                  return names;
                }()) + ")");
  }
  require_name(new_name, kTransform, "new name");
  if (new_name == old_name) return kernel;
  require_unused(kernel, new_name);
  // Step 2: every place that names the argument.
  LoopKernel result = kernel;
  rename_in_domains(result, old_name, new_name);
  rename_in_instructions(result, old_name, new_name);
  rename_in_arrays(result, old_name, new_name);
  // Step 3: the same computation under a new name: its own reference from here on.
  return finish_meaning_change(kernel, std::move(result), call, unchecked);
}

LOOM_REGISTER_TRANSFORM(rename_argument) {
  registry.add({kTransform,
                "give a kernel argument a new name everywhere the kernel names it",
                {{"old_name", ParameterType::String, true}, {"new_name", ParameterType::String, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return rename_argument(kernel, args.string("old_name"), args.string("new_name"),
                                         args.unchecked());
                },
                // The caller passes the argument under its new name: the renamed kernel is the
                // reference that `loom run --check` compares against.
                /*changes_meaning=*/true});
}

}  // namespace loom
