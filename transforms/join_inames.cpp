// join_inames (loopy's transform/iname.py): the inverse of split_iname; several inames of one
// domain become one.
//
//   {[i, j]: 0<=i<n and 1<=j<=8}   out[i, j - 1] = a[i, j - 1]
// join_inames({"i", "j"}) →
//   {[j_and_i]: 0<=j_and_i<8n}      out[j_and_i // 8, j_and_i % 8 + 1 - 1] = ...
//
// The inames are listed outermost first; every one but the first needs a constant range
// [lo, lo + J) (after projecting out the domain's other inames), so that
//   k = (i - lo_i)*J + (j - lo_j),   i = k // J + lo_i,   j = k % J + lo_j
// is a bijection (with more inames, the strides multiply). The outermost iname may have any
// range; lo_i is its constant lower bound when it has one, else 0. The new domain is the image of
// the old one, so a non-box domain stays exact. The default name is loopy's, fastest first
// ("j_and_i"). With `within`, only matching instructions move to the new iname and the others
// keep the old ones (the domain then holds all of them, related by the equation above).
// Refuses: fewer than two inames, inames of different domains, an inner iname without a constant
// range, a tagged (parallel) iname, an iname another domain uses as a parameter, an instruction
// (or a reduction) that uses only some of the inames, names that exist already; and, through the
// dependence check, a join of loops that are not adjacent in the nesting when that reorders
// dependent instances.
#include <isl/set.h>

#include <algorithm>
#include <sstream>

#include "ir/isl_extra.hpp"
#include "ir/match.hpp"
#include "loom/error.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

struct JoinPlan {
  std::vector<std::string> inames;  // outermost first
  std::string joined;
  std::vector<int64_t> lower;   // per iname
  std::vector<int64_t> extent;  // per iname (unused for the outermost)
  std::vector<int64_t> stride;  // k = sum stride*(iname - lower)
  bool keep_original = false;
  std::set<std::string> joined_ids;
};

std::string joined_names(const std::vector<std::string>& names, const char* separator = ", ") {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : separator) + name;
  return out;
}

std::string printed(const isl::set& set) {
  std::ostringstream out;
  out << set;
  return out.str();
}

void check_inames(const LoopKernel& kernel, const std::vector<std::string>& inames,
                  const std::string& call_text) {
  if (inames.size() < 2)
    throw Error(call_text + ": give at least two inames to join, outermost first");
  std::set<std::string> seen;
  for (const std::string& iname : inames) {
    require_iname(kernel, iname, "join_inames");
    if (!seen.insert(iname).second)
      throw Error(call_text + ": iname '" + iname + "' is listed twice");
    if (kernel.domain_of_iname(iname) != kernel.domain_of_iname(inames.front())) {
      throw Error("join_inames: inames '" + inames.front() + "' and '" + iname +
                  "' are in different domains; only inames of one domain can be joined");
    }
    InameTag tag = kernel.tag_of(iname);
    if (tag.kind != InameTag::Kind::Sequential && tag.kind != InameTag::Kind::Ordered) {
      throw Error(call_text + ": iname '" + iname + "' is tagged " + to_string(tag) +
                  "; untag it first, or join first and tag the joined iname (tag=...)");
    }
    for (const Domain& domain : kernel.domains) {
      if (std::find(domain.parameters.begin(), domain.parameters.end(), iname) !=
          domain.parameters.end()) {
        throw Error(call_text + ": the domain " + domain.text + " depends on iname '" + iname +
                    "', which would disappear; join inames no other loop bound depends on");
      }
    }
  }
}

// The values `iname` takes over its domain (other inames projected out), as a one-dimensional set
// over the parameters, under the kernel's assumptions.
isl::set iname_range(const LoopKernel& kernel, const Domain& domain, const std::string& iname) {
  isl::set alone = param_form(domain).intersect_params(isl_set_of(kernel.assumptions));
  for (const std::string& other : domain.inames) {
    if (other != iname) alone = isl_extra::project_out_param(alone, other);
  }
  return isl_extra::params_to_set_dims(isl::manage(isl_set_from_params(alone.release())), {iname},
                                       "");
}

void find_ranges(const LoopKernel& kernel, JoinPlan& plan, const std::string& call_text) {
  const Domain& domain = *kernel.domain_of_iname(plan.inames.front());
  for (std::size_t position = 0; position < plan.inames.size(); ++position) {
    const std::string& iname = plan.inames[position];
    isl::set range = iname_range(kernel, domain, iname);
    if (range.is_empty())
      throw Error(call_text + ": iname '" + iname + "' has no iterations (" + printed(range) + ")");
    isl::val low = range.dim_min_val(0), high = range.dim_max_val(0);
    if (position == 0) {
      plan.lower.push_back(low.is_int() ? low.get_num_si() : 0);
      plan.extent.push_back(0);
      continue;
    }
    if (!low.is_int() || !high.is_int()) {
      throw Error(call_text + ": iname '" + iname + "' has no constant range (" + printed(range) +
                  "); every iname but the outermost needs constant bounds for the joined iname to "
                  "be affine (fix_parameters or split_iname first)");
    }
    plan.lower.push_back(low.get_num_si());
    plan.extent.push_back(high.get_num_si() - low.get_num_si() + 1);
  }
  plan.stride.assign(plan.inames.size(), 1);
  for (std::size_t position = plan.inames.size() - 1; position > 0; --position) {
    plan.stride[position - 1] = plan.stride[position] * plan.extent[position];
  }
}

std::string chosen_name(const LoopKernel& kernel, const JoinOptions& options,
                        const std::vector<std::string>& inames, const std::string& call_text) {
  if (!options.new_iname) {
    std::vector<std::string> fastest_first(inames.rbegin(), inames.rend());
    return unused_name(kernel, joined_names(fastest_first, "_and_"));
  }
  if (unused_name(kernel, *options.new_iname) != *options.new_iname) {
    throw Error(call_text + ": the name '" + *options.new_iname +
                "' is already used in the kernel");
  }
  return *options.new_iname;
}

bool is_joined(const JoinPlan& plan, const std::string& iname) {
  return std::find(plan.inames.begin(), plan.inames.end(), iname) != plan.inames.end();
}

// How many of the joined inames `names` contains: none and all are fine, some is not.
std::size_t count_joined(const JoinPlan& plan, const std::set<std::string>& names) {
  return static_cast<std::size_t>(
      std::count_if(plan.inames.begin(), plan.inames.end(),
                    [&](const std::string& iname) { return names.count(iname) != 0; }));
}

bool reduces_over_joined(const JoinPlan& plan, const Instruction& instruction) {
  bool reduces = false;
  if (instruction.expression) {
    visit_expr(*instruction.expression, [&](const Expr& node) {
      if (node.kind != ExprKind::Reduction) return;
      std::set<std::string> reduced(node.reduction_inames.begin(), node.reduction_inames.end());
      reduces = reduces || count_joined(plan, reduced) != 0;
    });
  }
  return reduces;
}

bool uses_joined(const JoinPlan& plan, const Instruction& instruction,
                 const std::string& call_text) {
  std::size_t within = count_joined(plan, instruction.within_inames);
  if (within != 0 && within != plan.inames.size()) {
    throw Error(call_text + ": instruction '" + instruction.id +
                "' is within only some of the inames (" + joined_names(plan.inames) +
                "); join inames that every instruction uses together, or "
                "exclude it with within=");
  }
  bool reduces = false;
  if (instruction.expression) {
    visit_expr(*instruction.expression, [&](const Expr& node) {
      if (node.kind != ExprKind::Reduction) return;
      std::set<std::string> reduced(node.reduction_inames.begin(), node.reduction_inames.end());
      std::size_t count = count_joined(plan, reduced);
      if (count != 0 && count != plan.inames.size()) {
        throw Error(call_text + ": instruction '" + instruction.id +
                    "' has a reduction over only some of the inames (" + joined_names(plan.inames) +
                    ")");
      }
      reduces = reduces || count != 0;
    });
  }
  return within != 0 || reduces;
}

ExprPtr plus_constant(ExprPtr expr, int64_t constant) {
  if (constant > 0) return binary(BinaryOp::Add, std::move(expr), int_literal(constant));
  if (constant < 0) return binary(BinaryOp::Subtract, std::move(expr), int_literal(-constant));
  return expr;
}

// iname = (k // stride) % extent + lower (no `%` for the outermost, no `//` for stride 1).
ExprPtr recovered(const JoinPlan& plan, std::size_t position) {
  ExprPtr value = variable(plan.joined);
  if (plan.stride[position] != 1)
    value = binary(BinaryOp::FloorDivide, value, int_literal(plan.stride[position]));
  if (position != 0) value = binary(BinaryOp::Modulo, value, int_literal(plan.extent[position]));
  return plus_constant(value, plan.lower[position]);
}

ExprPtr rewrite_expression(const ExprPtr& expr, const JoinPlan& plan) {
  std::map<std::string, ExprPtr> replacements;
  for (std::size_t position = 0; position < plan.inames.size(); ++position) {
    replacements[plan.inames[position]] = recovered(plan, position);
  }
  ExprPtr substituted = substitute(expr, [&](const std::string& name) -> ExprPtr {
    auto found = replacements.find(name);
    return found == replacements.end() ? nullptr : found->second;
  });
  return map_expr(substituted, [&](const ExprPtr& node) -> ExprPtr {
    if (node->kind != ExprKind::Reduction) return node;
    std::set<std::string> reduced(node->reduction_inames.begin(), node->reduction_inames.end());
    if (count_joined(plan, reduced) == 0) return node;
    Expr copy = *node;
    copy.reduction_inames.clear();
    bool placed = false;
    for (const std::string& iname : node->reduction_inames) {
      if (!is_joined(plan, iname)) {
        copy.reduction_inames.push_back(iname);
      } else if (!placed) {
        copy.reduction_inames.push_back(plan.joined);
        placed = true;
      }
    }
    return std::make_shared<const Expr>(std::move(copy));
  });
}

void rewrite_instruction(Instruction& instruction, const JoinPlan& plan) {
  for (ExprPtr& assignee : instruction.assignees) assignee = rewrite_expression(assignee, plan);
  if (instruction.expression)
    instruction.expression = rewrite_expression(instruction.expression, plan);
  for (ExprPtr& predicate : instruction.predicates) predicate = rewrite_expression(predicate, plan);
  if (count_joined(plan, instruction.within_inames) == 0) return;
  for (const std::string& iname : plan.inames) instruction.within_inames.erase(iname);
  instruction.within_inames.insert(plan.joined);
}

// "k = 8*i + j - 1" in isl syntax, with `prefix` on the old inames.
std::string joining_equation(const JoinPlan& plan, const std::string& prefix) {
  std::ostringstream equation;
  equation << plan.joined << " = ";
  int64_t offset = 0;
  for (std::size_t position = 0; position < plan.inames.size(); ++position) {
    if (position != 0) equation << " + ";
    if (plan.stride[position] != 1) equation << plan.stride[position] << "*";
    equation << prefix << plan.inames[position];
    offset += plan.stride[position] * plan.lower[position];
  }
  if (offset > 0) equation << " - " << offset;
  if (offset < 0) equation << " + " << -offset;
  return equation.str();
}

std::string range_constraints(const JoinPlan& plan, const std::string& prefix) {
  std::ostringstream constraints;
  for (std::size_t position = 1; position < plan.inames.size(); ++position) {
    constraints << " and " << plan.lower[position] << " <= " << prefix << plan.inames[position]
                << " < " << plan.lower[position] + plan.extent[position];
  }
  return constraints.str();
}

// The joined iname takes the place of the first joined one; the old ones stay only for the
// instructions `within` left out.
std::vector<std::string> joined_domain_inames(const Domain& domain, const JoinPlan& plan) {
  std::vector<std::string> inames;
  bool placed = false;
  for (const std::string& iname : domain.inames) {
    if (is_joined(plan, iname) && !placed) {
      inames.push_back(plan.joined);
      placed = true;
    }
    if (!is_joined(plan, iname) || plan.keep_original) inames.push_back(iname);
  }
  return inames;
}

void join_domain(LoopKernel& kernel, const JoinPlan& plan) {
  for (Domain& domain : kernel.domains) {
    if (std::find(domain.inames.begin(), domain.inames.end(), plan.inames.front()) ==
        domain.inames.end())
      continue;
    isl::set original = param_form(domain);
    std::string names = joined_names(plan.inames) + ", " + plan.joined;
    isl::set relation(original.ctx(),
                      "[" + names + "] -> { : " + joining_equation(plan, "") + " }");
    isl::set joined = original.intersect(relation);
    if (!plan.keep_original) {
      for (const std::string& iname : plan.inames)
        joined = isl_extra::project_out_param(joined, iname);
    }
    domain = domain_from_param_form(isl_context_of(domain.set), joined,
                                    joined_domain_inames(domain, plan));
  }
}

void replace_in_priorities(LoopKernel& kernel, const JoinPlan& plan) {
  for (std::vector<std::string>& priority : kernel.loop_priorities) {
    std::vector<std::string> replaced;
    for (const std::string& iname : priority) {
      std::string name = is_joined(plan, iname) ? plan.joined : iname;
      if (std::find(replaced.begin(), replaced.end(), name) == replaced.end())
        replaced.push_back(name);
    }
    priority = replaced;
  }
  std::erase_if(kernel.loop_priorities,
                [](const std::vector<std::string>& priority) { return priority.size() < 2; });
}

TransformCall recorded_call(const std::vector<std::string>& inames, const JoinOptions& options) {
  TransformCall call{"join_inames", {{"inames", inames}}};
  if (options.new_iname) call.arguments["new_iname"] = *options.new_iname;
  if (options.tag) call.arguments["tag"] = *options.tag;
  if (options.within) call.arguments["within"] = *options.within;
  if (options.unchecked) call.arguments["unchecked"] = true;
  return call;
}

}  // namespace

LoopKernel join_inames(const LoopKernel& kernel, const std::vector<std::string>& inames,
                       const JoinOptions& options) {
  TransformCall call = recorded_call(inames, options);
  std::string call_text = "join_inames(\"" + joined_names(inames) + "\")";
  // Step 1: checks, ranges, names.
  check_inames(kernel, inames, call_text);
  JoinPlan plan;
  plan.inames = inames;
  with_isl_errors(call_text, [&] { find_ranges(kernel, plan, call_text); });
  plan.joined = chosen_name(kernel, options, inames, call_text);
  std::optional<InameTag> tag;
  if (options.tag) tag = parse_iname_tag(*options.tag);
  InstructionMatch within =
      options.within ? InstructionMatch::parse(*options.within) : InstructionMatch::all();
  for (const Instruction& instruction : kernel.instructions) {
    if (!within.matches(kernel, instruction)) {
      bool uses = count_joined(plan, instruction.within_inames) != 0 ||
                  reduces_over_joined(plan, instruction);
      plan.keep_original = plan.keep_original || uses;
      continue;
    }
    if (uses_joined(plan, instruction, call_text)) plan.joined_ids.insert(instruction.id);
  }
  if (plan.joined_ids.empty() && options.within) {
    throw Error(call_text + ": within='" + *options.within +
                "' matches no instruction that uses (" + joined_names(inames) + ")");
  }
  // Step 2: rewrite domains, instructions, priorities, tags.
  LoopKernel result = kernel;
  with_isl_errors(call_text, [&] { join_domain(result, plan); });
  for (Instruction& instruction : result.instructions) {
    if (plan.joined_ids.count(instruction.id) != 0) rewrite_instruction(instruction, plan);
  }
  if (!plan.keep_original) {
    replace_in_priorities(result, plan);
    for (const std::string& iname : inames) result.iname_tags.erase(iname);
  }
  if (tag) result.iname_tags[plan.joined] = *tag;
  result.iname_rewrites.push_back({"join_inames",
                                   inames,
                                   {plan.joined},
                                   joining_equation(plan, "") + range_constraints(plan, "")});
  // Step 3: trace the dependences through k = f(i, j) and check.
  // Built only where the kernel has dependences to trace through it (issue 26, front22).
  auto rewrite = [&](const LoopKernel& after) {
    return with_isl_errors(call_text, [&] {
      return instance_rewrite(kernel, after, [&](const Instruction& old) -> std::string {
        if (plan.joined_ids.count(old.id) == 0 || count_joined(plan, old.within_inames) == 0)
          return "";
        return joining_equation(plan, "old_");
      });
    });
  };
  return finish_transform(kernel, std::move(result), call, std::function<isl::union_map(const LoopKernel&)>(rewrite),
                          options.unchecked);
}

LOOM_REGISTER_TRANSFORM(join_inames) {
  registry.add({"join_inames",
                "join inames of one domain (outermost first) into one",
                {{"inames", ParameterType::InameList, true},
                 {"new_iname", ParameterType::String, false, true},
                 {"tag", ParameterType::String, false, true},
                 {"within", ParameterType::Match, false, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  JoinOptions options;
                  options.new_iname = args.optional_string("new_iname");
                  options.tag = args.optional_string("tag");
                  options.within = args.optional_string("within");
                  options.unchecked = args.unchecked();
                  return join_inames(kernel, args.names("inames"), options);
                }});
}

}  // namespace loom
