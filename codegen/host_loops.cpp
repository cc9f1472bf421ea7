#include "codegen/host_loops.hpp"

#include <isl/set.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "codegen/hardware_axes.hpp"
#include "codegen/linearize.hpp"
#include "ir/instance_sets.hpp"
#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "loom/error.hpp"

namespace loom::codegen {

namespace {

bool is_global_barrier(const Instruction& instruction) {
  return instruction.kind == InstructionKind::Barrier && instruction.barrier_scope == SyncScope::Global;
}

// The first global barrier under `node` (an instruction index), or -1.
int global_barrier_under(const LoopKernel& kernel, const LoopNestNode& node) {
  if (node.kind == LoopNestNode::Kind::Instruction) {
    return is_global_barrier(kernel.instructions[static_cast<std::size_t>(node.instruction_index)]) ? node.instruction_index : -1;
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
  std::set<std::string> members;  // the instructions of this loop (one entry of it: after an outer
                                  // loop's unrolling each copy of the loop is unrolled on its own)
};

// The outermost sequential loop that holds a global barrier.
std::optional<LoopAroundBarrier> outermost_loop_around_barrier(const LoopKernel& kernel) {
  Linearization linearization =
      linearize(kernel, [&](const std::string& iname) { return !is_hardware_tag(kernel.tag_of(iname)); });
  for (const LoopNestNode& root : linearization.roots) {
    if (root.kind != LoopNestNode::Kind::Loop) continue;
    if (int barrier = global_barrier_under(kernel, root); barrier >= 0) {
      LoopAroundBarrier loop{root.iname, kernel.instructions[static_cast<std::size_t>(barrier)].id, {}};
      collect_ids(kernel, root, loop.members);
      return loop;
    }
  }
  return std::nullopt;
}

[[noreturn]] void refuse(const LoopAroundBarrier& loop, const std::string& why) {
  throw Error("global barrier '" + loop.barrier + "' is inside the loop over '" + loop.iname +
              "', which loom runs as a sequence of kernel launches only when " + why);
}

// Each value of the loop's iname must leave the instruction's other iterations unchanged: then a
// copy without the iname (its domain projected) runs exactly the instances of that value.
void check_independent_of_loop(const LoopKernel& kernel, const Instruction& instruction, const LoopAroundBarrier& loop,
                               const ConstantRange& range) {
  isl::set instances = instruction_domain(kernel, instruction);
  int position = isl_set_find_dim_by_name(instances.get(), isl_dim_set, loop.iname.c_str());
  if (position < 0) return;
  isl::set others = isl::manage(isl_set_project_out(instances.copy(), isl_dim_set, static_cast<unsigned>(position), 1));
  for (int64_t value = range.lower; value < range.lower + range.extent; ++value) {
    isl_set* fixed = isl_set_fix_si(instances.copy(), isl_dim_set, static_cast<unsigned>(position), static_cast<int>(value));
    isl::set at_value = isl::manage(isl_set_project_out(fixed, isl_dim_set, static_cast<unsigned>(position), 1));
    if (!at_value.is_equal(others)) {
      refuse(loop, "the iterations of the instructions inside it do not depend on '" + loop.iname + "' ('" +
                       instruction.id + "' runs different iterations for " + loop.iname + "=" + std::to_string(value) + ")");
    }
  }
}

// Ids of the copies: `<id>_<iname><value>`, with `_0`, `_1`, ... appended where the kernel already
// has that id.
class CopyIds {
 public:
  CopyIds(const LoopKernel& kernel, const std::set<std::string>& members, const std::string& iname, const ConstantRange& range) {
    std::set<std::string> taken;
    for (const Instruction& instruction : kernel.instructions) taken.insert(instruction.id);
    for (const std::string& id : members) {
      for (int64_t v = range.lower; v < range.lower + range.extent; ++v) {
        std::string base = id + "_" + iname + std::to_string(v), unique = base;
        for (int suffix = 0; taken.count(unique) != 0; ++suffix) unique = base + "_" + std::to_string(suffix);
        taken.insert(unique);
        ids_[{id, v}] = unique;
      }
    }
  }
  const std::string& of(const std::string& id, int64_t value) const { return ids_.at({id, value}); }

 private:
  std::map<std::pair<std::string, int64_t>, std::string> ids_;
};

ExprPtr with_value(const ExprPtr& expr, const std::string& iname, int64_t value) {
  if (!expr) return expr;
  return substitute(expr, [&](const std::string& name) -> ExprPtr {
    return name == iname ? int_literal(value) : nullptr;
  });
}

LoopKernel unroll(const LoopKernel& kernel, const LoopAroundBarrier& loop) {
  std::optional<ConstantRange> range = constant_iname_range(kernel, loop.iname);
  if (!range) refuse(loop, "its bounds are constant (fix_parameters can make them so)");
  const std::set<std::string>& members = loop.members;
  for (const Instruction& instruction : kernel.instructions) {
    if (members.count(instruction.id) != 0) check_independent_of_loop(kernel, instruction, loop, *range);
  }
  CopyIds copy_ids(kernel, members, loop.iname, *range);
  std::map<std::string, std::set<std::string>> all_copies;
  for (const std::string& id : members) {
    for (int64_t v = range->lower; v < range->lower + range->extent; ++v) all_copies[id].insert(copy_ids.of(id, v));
  }
  LoopKernel result = kernel;
  result.instructions.clear();
  bool copies_placed = false;
  for (const Instruction& instruction : kernel.instructions) {
    if (members.count(instruction.id) == 0) {
      Instruction kept = instruction;
      kept.depends_on.clear();
      for (const std::string& dependency : instruction.depends_on) {
        if (members.count(dependency) == 0) kept.depends_on.insert(dependency);
        else kept.depends_on.insert(all_copies[dependency].begin(), all_copies[dependency].end());
      }
      result.instructions.push_back(kept);
      continue;
    }
    if (copies_placed) continue;
    copies_placed = true;
    // Every member, iteration after iteration, at the place of the first one.
    std::set<std::string> previous_iteration;
    for (int64_t v = range->lower; v < range->lower + range->extent; ++v) {
      std::set<std::string> this_iteration;
      for (const Instruction& member : kernel.instructions) {
        if (members.count(member.id) == 0) continue;
        Instruction copy = member;
        copy.id = copy_ids.of(member.id, v);
        copy.within_inames.erase(loop.iname);
        for (ExprPtr& assignee : copy.assignees) assignee = with_value(assignee, loop.iname, v);
        copy.expression = with_value(copy.expression, loop.iname, v);
        for (ExprPtr& predicate : copy.predicates) predicate = with_value(predicate, loop.iname, v);
        copy.depends_on = previous_iteration;
        for (const std::string& dependency : member.depends_on) {
          copy.depends_on.insert(members.count(dependency) != 0 ? copy_ids.of(dependency, v) : dependency);
        }
        this_iteration.insert(copy.id);
        result.instructions.push_back(copy);
      }
      previous_iteration = this_iteration;
    }
  }
  return result;
}

}  // namespace

LoopKernel unroll_loops_around_global_barriers(const LoopKernel& kernel) {
  LoopKernel result = kernel;
  while (std::optional<LoopAroundBarrier> loop = outermost_loop_around_barrier(result)) {
    result = unroll(result, *loop);
    auto barriers = std::count_if(result.instructions.begin(), result.instructions.end(), is_global_barrier);
    if (barriers + 1 > kMaxHostLoopLaunches) {
      refuse(*loop, "the program launches at most " + std::to_string(kMaxHostLoopLaunches) + " kernels (unrolled, it has " +
                        std::to_string(barriers) + " global barriers)");
    }
  }
  return result;
}

}  // namespace loom::codegen
