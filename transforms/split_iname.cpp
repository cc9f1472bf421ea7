// split_iname (loopy's transform/iname.py): replaces an iname by an outer and an inner one.
//
//   {[i]: 0<=i<n}   out[i] = 2*a[i]
// split_iname("i", 16) →
//   {[i_outer, i_inner]: 0<=i_inner<16 and 0<=16*i_outer+i_inner<n}
//   out[16*i_outer + i_inner] = 2*a[16*i_outer + i_inner]
//
// slabs=(head, tail) generates the outer loop in pieces (isl's separation) so that the bulk of
// full tiles has no guards and partial tiles are peeled; no iteration runs twice.
// i_outer takes i's place in the nesting, i_inner nests directly inside it. Reductions over i
// become reductions over (i_outer, i_inner). With `within`, only matching instructions are
// split; the others keep i. Refuses: an unknown iname, a length below 1, an iname already tagged
// with a parallel or unroll tag (split first, then tag the pieces), names that already exist.
// The rewrite keeps every instance's order, so it can only become illegal through the tags it
// applies (checked like tag_inames).
#include <sstream>

#include "analysis/accesses.hpp"
#include "ir/isl_extra.hpp"
#include "ir/match.hpp"
#include "loom/error.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

struct SplitPlan {
  std::string iname, outer, inner;
  int64_t length;
  bool keep_original;                 // some instructions (outside `within`) still use the iname
  std::set<std::string> split_ids;    // instructions rewritten
};

bool uses_iname(const Instruction& instruction, const std::string& iname) {
  if (instruction.within_inames.count(iname) != 0) return true;
  bool reduces = false;
  if (instruction.expression) {
    visit_expr(*instruction.expression, [&](const Expr& e) {
      if (e.kind == ExprKind::Reduction &&
          std::find(e.reduction_inames.begin(), e.reduction_inames.end(), iname) != e.reduction_inames.end()) {
        reduces = true;
      }
    });
  }
  return reduces;
}

void check_splittable(const LoopKernel& kernel, std::string_view iname, int64_t length, const std::string& call_text) {
  require_iname(kernel, std::string(iname), "split_iname");
  if (length < 1) throw Error(call_text + ": inner_length must be at least 1, got " + std::to_string(length));
  InameTag tag = kernel.tag_of(std::string(iname));
  if (tag.kind != InameTag::Kind::Sequential && tag.kind != InameTag::Kind::Ordered) {
    throw Error(call_text + ": iname '" + std::string(iname) + "' is tagged " + to_string(tag) +
                "; untag it first or split before tagging");
  }
}

std::string chosen_name(const LoopKernel& kernel, const std::optional<std::string>& requested, const std::string& base,
                        const std::string& call_text, const std::set<std::string>& taken) {
  if (!requested) return unused_name(kernel, base, taken);
  if (unused_name(kernel, *requested, taken) != *requested) {
    throw Error(call_text + ": the name '" + *requested + "' is already used in the kernel");
  }
  return *requested;
}

ExprPtr recombined(const SplitPlan& plan) {
  return binary(BinaryOp::Add, binary(BinaryOp::Multiply, int_literal(plan.length), variable(plan.outer)),
                variable(plan.inner));
}

ExprPtr rewrite_expression(const ExprPtr& expr, const SplitPlan& plan) {
  ExprPtr value = recombined(plan);
  ExprPtr substituted = substitute(expr, [&](const std::string& name) { return name == plan.iname ? value : nullptr; });
  return map_expr(substituted, [&](const ExprPtr& node) -> ExprPtr {
    if (node->kind != ExprKind::Reduction) return node;
    auto found = std::find(node->reduction_inames.begin(), node->reduction_inames.end(), plan.iname);
    if (found == node->reduction_inames.end()) return node;
    Expr copy = *node;
    auto position = copy.reduction_inames.begin() + (found - node->reduction_inames.begin());
    position = copy.reduction_inames.erase(position);
    copy.reduction_inames.insert(position, {plan.outer, plan.inner});
    return std::make_shared<const Expr>(std::move(copy));
  });
}

void rewrite_instruction(Instruction& instruction, const SplitPlan& plan) {
  for (ExprPtr& assignee : instruction.assignees) assignee = rewrite_expression(assignee, plan);
  if (instruction.expression) instruction.expression = rewrite_expression(instruction.expression, plan);
  for (ExprPtr& predicate : instruction.predicates) predicate = rewrite_expression(predicate, plan);
  if (instruction.within_inames.erase(plan.iname) != 0) {
    instruction.within_inames.insert(plan.outer);
    instruction.within_inames.insert(plan.inner);
  }
}

isl::set split_param_form(const isl::set& original, const SplitPlan& plan) {
  std::ostringstream relation;
  relation << "[" << plan.iname << ", " << plan.outer << ", " << plan.inner << "] -> { : " << plan.iname << " = "
           << plan.length << plan.outer << " + " << plan.inner << " and 0 <= " << plan.inner << " < " << plan.length
           << " }";
  isl::set pieces = original.intersect(isl::set(original.ctx(), relation.str()));
  return isl_extra::project_out_param(pieces, plan.iname);
}

// A nested domain whose bounds name the iname ({[j]: 0<=j<i}, or loopy's "[i] -> {[k]: ...}")
// is bounded by the outer and inner inames instead (loopy's split_iname does the same), so it
// does not ask for a parameter 'i' that no longer exists (issue 23, classes 13 and 18).
void split_parameter_of(Domain& domain, const SplitPlan& plan) {
  if (plan.keep_original) return;  // the iname still exists for the instructions outside `within`
  if (std::find(domain.parameters.begin(), domain.parameters.end(), plan.iname) == domain.parameters.end()) return;
  domain = domain_from_param_form(isl_context_of(domain.set), split_param_form(param_form(domain), plan), domain.inames);
}

void split_domain(LoopKernel& kernel, const SplitPlan& plan) {
  for (Domain& domain : kernel.domains) {
    auto position = std::find(domain.inames.begin(), domain.inames.end(), plan.iname);
    if (position == domain.inames.end()) {
      split_parameter_of(domain, plan);
      continue;
    }
    isl::set original = param_form(domain);
    isl::set pieces = split_param_form(original, plan);
    std::vector<std::string> inames = domain.inames;
    position = inames.erase(inames.begin() + (position - domain.inames.begin()));
    inames.insert(position, {plan.outer, plan.inner});
    if (plan.keep_original) {
      pieces = pieces.intersect(original);
      inames.insert(std::find(inames.begin(), inames.end(), plan.outer), plan.iname);
    }
    domain = domain_from_param_form(isl_context_of(domain.set), pieces, inames);
  }
}

void replace_in_priorities(LoopKernel& kernel, const SplitPlan& plan) {
  for (std::vector<std::string>& priority : kernel.loop_priorities) {
    auto found = std::find(priority.begin(), priority.end(), plan.iname);
    if (found == priority.end()) continue;
    found = priority.erase(found);
    priority.insert(found, {plan.outer, plan.inner});
  }
}

TransformCall recorded_call(std::string_view iname, int64_t inner_length, const SplitOptions& options) {
  TransformCall call{"split_iname", {{"iname", std::string(iname)}, {"inner_length", inner_length}}};
  auto add = [&](const char* name, const std::optional<std::string>& value) {
    if (value) call.arguments[name] = *value;
  };
  add("outer_iname", options.outer_iname);
  add("inner_iname", options.inner_iname);
  add("outer_tag", options.outer_tag);
  add("inner_tag", options.inner_tag);
  add("within", options.within);
  if (options.slabs != std::pair<int64_t, int64_t>{0, 0}) {
    call.arguments["slabs"] = std::vector<int64_t>{options.slabs.first, options.slabs.second};
  }
  if (options.unchecked) call.arguments["unchecked"] = true;
  return call;
}

}  // namespace

LoopKernel split_iname(const LoopKernel& kernel, std::string_view iname, int64_t inner_length,
                       const SplitOptions& options) {
  TransformCall call = recorded_call(iname, inner_length, options);
  std::string call_text = "split_iname(\"" + std::string(iname) + "\", " + std::to_string(inner_length) + ")";
  // Step 1: checks.
  check_splittable(kernel, iname, inner_length, call_text);
  if (options.slabs.first < 0 || options.slabs.second < 0) {
    throw Error(call_text + ": slabs must be two non-negative counts (head, tail)");
  }
  InstructionMatch within = options.within ? InstructionMatch::parse(*options.within) : InstructionMatch::all();
  SplitPlan plan{std::string(iname), "", "", inner_length, false, {}};
  plan.outer = chosen_name(kernel, options.outer_iname, plan.iname + "_outer", call_text, {});
  plan.inner = chosen_name(kernel, options.inner_iname, plan.iname + "_inner", call_text, {plan.outer});
  for (const Instruction& instruction : kernel.instructions) {
    if (!uses_iname(instruction, plan.iname)) continue;
    if (within.matches(kernel, instruction)) plan.split_ids.insert(instruction.id);
    else plan.keep_original = true;
  }
  if (plan.split_ids.empty() && options.within) {
    throw Error(call_text + ": within='" + *options.within + "' matches no instruction that uses '" + plan.iname + "'");
  }
  // Step 2: rewrite domains, instructions, priorities, tags.
  LoopKernel result = kernel;
  with_isl_errors(call_text, [&] { split_domain(result, plan); });
  for (Instruction& instruction : result.instructions) {
    if (plan.split_ids.count(instruction.id) != 0) rewrite_instruction(instruction, plan);
  }
  replace_in_priorities(result, plan);
  if (!plan.keep_original) result.iname_tags.erase(plan.iname);
  if (options.slabs != std::pair<int64_t, int64_t>{0, 0}) result.slabs[plan.outer] = options.slabs;
  if (options.outer_tag) result.iname_tags[plan.outer] = parse_iname_tag(*options.outer_tag);
  if (options.inner_tag) result.iname_tags[plan.inner] = parse_iname_tag(*options.inner_tag);
  std::ostringstream relation;
  relation << plan.iname << " = " << inner_length << "*" << plan.outer << " + " << plan.inner << " and 0 <= "
           << plan.inner << " < " << inner_length;
  result.iname_rewrites.push_back({"split_iname", {plan.iname}, {plan.outer, plan.inner}, relation.str()});
  // Step 3: trace dependences and check.
  isl::union_map rewrite = with_isl_errors(call_text, [&] {
    return instance_rewrite(kernel, result, [&](const Instruction& old) -> std::string {
      if (old.within_inames.count(plan.iname) == 0 || plan.split_ids.count(old.id) == 0) return "";
      return "old_" + plan.iname + " = " + std::to_string(plan.length) + "*" + plan.outer + " + " + plan.inner;
    });
  });
  // A split keeps every access; only the tags it applies can add a race.
  CheckScope scope = options.outer_tag || options.inner_tag ? CheckScope::Parallel : CheckScope::Order;
  return finish_transform(kernel, std::move(result), call, rewrite, options.unchecked, scope);
}

LOOM_REGISTER_TRANSFORM(split_iname) {
  registry.add({"split_iname",
                "split an iname into an outer and an inner one",
                {{"iname", ParameterType::String, true},
                 {"inner_length", ParameterType::Integer, true},
                 {"outer_iname", ParameterType::String, false, true},
                 {"inner_iname", ParameterType::String, false, true},
                 {"outer_tag", ParameterType::String, false, true},
                 {"inner_tag", ParameterType::String, false, true},
                 {"slabs", ParameterType::IntegerList, false, false, std::vector<int64_t>{0, 0}},
                 {"within", ParameterType::Match, false, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  SplitOptions options;
                  options.outer_iname = args.optional_string("outer_iname");
                  options.inner_iname = args.optional_string("inner_iname");
                  options.outer_tag = args.optional_string("outer_tag");
                  options.inner_tag = args.optional_string("inner_tag");
                  options.within = args.optional_string("within");
                  std::vector<int64_t> slabs = args.integers("slabs");
                  if (slabs.size() != 2) throw Error("split_iname: slabs must be a two-element list [head, tail]");
                  options.slabs = {slabs[0], slabs[1]};
                  options.unchecked = args.unchecked();
                  return split_iname(kernel, args.string("iname"), args.integer("inner_length"), options);
                }});
}

}  // namespace loom
