#include "codegen/host_loops.hpp"

#include <isl/map.h>
#include <isl/set.h>

#include <algorithm>
#include <optional>

#include "analysis/address_spaces.hpp"
#include "analysis/dependences.hpp"
#include "codegen/hardware_axes.hpp"
#include "codegen/linearize.hpp"
#include "ir/instance_sets.hpp"
#include "ir/isl_expr.hpp"
#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "loom/error.hpp"

namespace loom::codegen {

namespace {

bool is_global_barrier(const Instruction& instruction) {
  return instruction.kind == InstructionKind::Barrier &&
         instruction.barrier_scope == SyncScope::Global;
}

// The first global barrier under `node` (an instruction index), or -1.
int global_barrier_under(const LoopKernel& kernel, const LoopNestNode& node) {
  if (node.kind == LoopNestNode::Kind::Instruction) {
    return is_global_barrier(kernel.instructions[static_cast<std::size_t>(node.instruction_index)])
               ? node.instruction_index
               : -1;
  }
  for (const LoopNestNode& child : node.children) {
    if (int found = global_barrier_under(kernel, child); found >= 0) return found;
  }
  return -1;
}

void collect_ids(const LoopKernel& kernel, const LoopNestNode& node, std::set<std::string>& ids) {
  if (node.kind == LoopNestNode::Kind::Instruction) {
    ids.insert(kernel.instructions[static_cast<std::size_t>(node.instruction_index)].id);
    return;
  }
  for (const LoopNestNode& child : node.children) collect_ids(kernel, child, ids);
}

struct LoopAroundBarrier {
  std::string iname;
  std::string barrier;
  std::set<std::string> members;  // the instructions of this loop
  std::set<std::string> before;   // top-level instructions linearized before it
  std::set<std::string> after;    // and after it
};

// The outermost sequential loop that holds a global barrier.
std::optional<LoopAroundBarrier> outermost_loop_around_barrier(const LoopKernel& kernel) {
  Linearization linearization = linearize(
      kernel, [&](const std::string& iname) { return !is_hardware_tag(kernel.tag_of(iname)); });
  const std::vector<LoopNestNode>& roots = linearization.roots;
  for (std::size_t at = 0; at < roots.size(); ++at) {
    if (roots[at].kind != LoopNestNode::Kind::Loop) continue;
    int barrier = global_barrier_under(kernel, roots[at]);
    if (barrier < 0) continue;
    LoopAroundBarrier loop{
        roots[at].iname, kernel.instructions[static_cast<std::size_t>(barrier)].id, {}, {}, {}};
    collect_ids(kernel, roots[at], loop.members);
    for (std::size_t other = 0; other < roots.size(); ++other) {
      if (other != at) collect_ids(kernel, roots[other], other < at ? loop.before : loop.after);
    }
    return loop;
  }
  return std::nullopt;
}

[[noreturn]] void refuse(const LoopAroundBarrier& loop, const std::string& why) {
  throw Error("global barrier '" + loop.barrier + "' is inside the loop over '" + loop.iname +
              "', which loom runs on the host around the kernels it splits into, but " + why);
}

// The values of `iname` under the assumptions: a one-dimensional set over the parameters.
isl::set host_loop_range(const LoopKernel& kernel, const std::string& iname) {
  const Domain& domain = *kernel.domain_of_iname(iname);
  isl::set set = isl_set_of(domain.set);
  int position = isl_extra::find_dim(set, isl_dim_set, iname);
  int count = isl_extra::dim_count(set, isl_dim_set);
  isl_set* alone = isl_set_project_out(set.copy(), isl_dim_set, static_cast<unsigned>(position + 1),
                                       static_cast<unsigned>(count - position - 1));
  alone = isl_set_project_out(alone, isl_dim_set, 0, static_cast<unsigned>(position));
  return isl::manage(alone).intersect_params(isl_set_of(kernel.assumptions));
}

ExprPtr bound_expr(const isl::pw_aff& bound) {
  return parametric_expr(bound, isl::manage(isl_pw_aff_domain(bound.copy())));
}

// The parameter values where `iname` (a parameter) takes its first value in `range` (its values,
// a one-dimensional set over the parameters).
isl::set parameter_at_first_value(const std::string& iname, const isl::set& range) {
  isl_set* first = isl_set_lexmin(range.copy());
  first = isl_set_set_dim_name(first, isl_dim_set, 0, iname.c_str());
  unsigned parameters = static_cast<unsigned>(isl_set_dim(first, isl_dim_param));
  first = isl_set_move_dims(first, isl_dim_param, parameters, isl_dim_set, 0, 1);
  return isl_extra::checked(isl::manage(isl_set_params(first)), range.ctx().get());
}

// Whether one of the instruction's inames is in the domain of `iname`.
bool shares_domain(const LoopKernel& kernel, const Instruction& instruction,
                   const std::string& iname) {
  const Domain* domain = kernel.domain_of_iname(iname);
  return std::any_of(instruction.within_inames.begin(), instruction.within_inames.end(),
                     [&](const std::string& other) {
                       return std::find(domain->inames.begin(), domain->inames.end(), other) !=
                              domain->inames.end();
                     });
}

// Outside the loop the kernels get the loop's first value, so an instruction that shares the
// loop's domain but not its loop must run the same instances at that value as before (a
// triangular `i <= j` would otherwise lose iterations).
void check_outside_instructions(const LoopKernel& before, const LoopKernel& after,
                                const LoopAroundBarrier& loop, const isl::set& range) {
  isl::set at_lower = parameter_at_first_value(loop.iname, range);
  for (const Instruction& instruction : after.instructions) {
    if (loop.members.count(instruction.id) != 0 ||
        before.find_instruction(instruction.id) == nullptr ||
        !shares_domain(before, instruction, loop.iname))
      continue;
    isl::set original = instruction_domain(before, *before.find_instruction(instruction.id));
    isl::set now = instruction_domain(after, instruction).intersect_params(at_lower);
    now = isl_extra::project_out_param(now, loop.iname);
    if (!now.is_equal(original)) {
      refuse(loop, "instruction '" + instruction.id +
                       "' outside that loop shares its domain and would run other "
                       "iterations at the loop's first value; give '" +
                       loop.iname + "' a domain of its own");
    }
  }
}

// Private and local memory does not survive a launch, and every iteration of a host loop is one:
// a temporary there whose value one iteration leaves for a later one (a flow dependence the loop
// carries: read before it is written in the loop) would be read back undefined. Refused, naming
// the temporary, the loop and the instruction that reads the carried value. `dependences` are the
// kernel's as it is before any loop became a host loop (their instances still have its iname).
void refuse_values_carried_in_private_memory(const LoopKernel& kernel,
                                             const detail::DependenceData& dependences,
                                             const LoopAroundBarrier& loop) {
  for (const Dependence& dependence : dependences.dependences) {
    if (dependence.kind != DependenceKind::Flow || loop.members.count(dependence.source) == 0 ||
        loop.members.count(dependence.sink) == 0)
      continue;
    const Temporary* temporary = kernel.find_temporary(dependence.variable);
    if (temporary == nullptr) continue;
    AddressSpace space = effective_address_space(kernel, *temporary);
    if (space == AddressSpace::Global) continue;
    isl_map* carried = dependence.relation.copy();
    int in = isl_map_find_dim_by_name(carried, isl_dim_in, loop.iname.c_str());
    int out = isl_map_find_dim_by_name(carried, isl_dim_out, loop.iname.c_str());
    if (in < 0 || out < 0) {
      isl_map_free(carried);
      continue;
    }
    carried = isl_map_order_lt(carried, isl_dim_in, in, isl_dim_out, out);
    if (isl::manage(carried).is_empty()) continue;
    std::string kind(address_space_name(space));
    refuse(loop,
           kind + " temporary '" + dependence.variable +
               "' carries a value from one iteration to the next ('" + dependence.sink +
               "' reads what '" + dependence.source + "' wrote in an earlier iteration), and " +
               kind +
               " memory does not survive the launches; make it a global temporary "
               "(set_temporary_address_space) or write it in each iteration before reading it");
  }
}

// The domain with `iname` moved from its dimensions to its parameters.
Domain with_iname_as_parameter(const Domain& domain, const std::string& iname) {
  const isl::set& set = isl_set_of(domain.set);
  int position = isl_extra::find_dim(set, isl_dim_set, iname);
  unsigned parameters = static_cast<unsigned>(isl_extra::dim_count(set, isl_dim_param));
  isl_set* moved = isl_set_move_dims(set.copy(), isl_dim_param, parameters, isl_dim_set,
                                     static_cast<unsigned>(position), 1);
  Domain result = domain;
  result.set = make_isl_set(isl_context_of(domain.set),
                            isl_extra::checked(isl::manage(moved), set.ctx().get()));
  result.inames.erase(std::find(result.inames.begin(), result.inames.end(), iname));
  result.parameters.push_back(iname);
  return result;
}

std::string unique_id(const LoopKernel& kernel, const std::string& base) {
  std::string id = base;
  for (int suffix = 0; kernel.find_instruction(id) != nullptr; ++suffix)
    id = base + "_" + std::to_string(suffix);
  return id;
}

Instruction global_barrier(const std::string& id, std::set<std::string> depends_on) {
  Instruction barrier;
  barrier.kind = InstructionKind::Barrier;
  barrier.barrier_scope = SyncScope::Global;
  barrier.barrier_mem_kind = SyncScope::Global;
  barrier.id = id;
  barrier.depends_on = std::move(depends_on);
  return barrier;
}

LoopKernel to_host_loop(const LoopKernel& kernel, LoopAroundBarrier& loop, DType index,
                        const detail::DependenceData& dependences, HostLoopPlan& plan) {
  if (kernel.find_arg(loop.iname) != nullptr || kernel.find_temporary(loop.iname) != nullptr) {
    refuse(loop, "the program has an argument or temporary of that name");
  }
  refuse_values_carried_in_private_memory(kernel, dependences, loop);
  isl::set range = host_loop_range(kernel, loop.iname);
  isl::pw_aff lower = isl::manage(isl_set_dim_min(range.copy(), 0));
  isl::pw_aff upper = isl::manage(isl_set_dim_max(range.copy(), 0));
  LoopKernel result = kernel;
  for (Domain& domain : result.domains) {
    if (std::find(domain.inames.begin(), domain.inames.end(), loop.iname) != domain.inames.end()) {
      domain = with_iname_as_parameter(domain, loop.iname);
    }
  }
  result.args.push_back(value_arg(loop.iname, index));
  result.iname_tags.erase(loop.iname);
  for (std::vector<std::string>& priority : result.loop_priorities) {
    priority.erase(std::remove(priority.begin(), priority.end(), loop.iname), priority.end());
  }
  std::string begin = unique_id(result, loop.iname + "_host_loop_begin");
  std::string end = unique_id(result, loop.iname + "_host_loop_end");
  for (Instruction& instruction : result.instructions) {
    if (loop.members.count(instruction.id) != 0) {
      instruction.within_inames.erase(loop.iname);
      instruction.depends_on.insert(begin);
    } else if (loop.after.count(instruction.id) != 0) {
      instruction.depends_on.insert(end);
    }
  }
  result.instructions.push_back(global_barrier(begin, loop.before));
  std::set<std::string> inside = loop.members;
  inside.insert(begin);
  result.instructions.push_back(global_barrier(end, inside));
  check_outside_instructions(kernel, result, loop, range);
  loop.members.insert(begin);
  loop.members.insert(end);
  plan = {loop.iname, bound_expr(lower), bound_expr(upper), loop.members};
  return result;
}

}  // namespace

LoopKernel host_loops_around_global_barriers(const LoopKernel& kernel, DType index,
                                             std::vector<HostLoopPlan>& loops) {
  LoopKernel result = kernel;
  std::shared_ptr<const detail::DependenceData> dependences;
  while (std::optional<LoopAroundBarrier> loop = outermost_loop_around_barrier(result)) {
    // The flow of the code as it is now (save_and_reload_temporaries' reloads included), not the
    // lineage's traced dependences.
    if (!dependences) {
      dependences = with_isl_errors("computing the dependences of kernel '" + kernel.name + "'",
                                    [&] { return compute_dependences(kernel); });
    }
    HostLoopPlan plan;
    std::string member = *loop->members.begin();
    result = to_host_loop(result, *loop, index, *dependences, plan);
    // The new barriers are inside every loop around this one.
    for (HostLoopPlan& outer : loops) {
      if (outer.members.count(member) == 0) continue;
      outer.members.insert(plan.members.begin(), plan.members.end());
    }
    loops.push_back(std::move(plan));
  }
  return result;
}

}  // namespace loom::codegen
