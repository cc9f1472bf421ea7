#include "codegen/linearize.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <tuple>
#include <utility>
#include <set>
#include <sstream>

#include "analysis/checks.hpp"
#include "loom/error.hpp"

namespace loom::codegen {

namespace {

std::size_t common_prefix(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::size_t length = 0;
  while (length < a.size() && length < b.size() && a[length] == b[length]) ++length;
  return length;
}

// Every instruction each one waits for, directly or through others.
std::vector<std::set<int>> transitive_dependencies(const LoopKernel& kernel) {
  std::map<std::string, int> index_of;
  for (std::size_t i = 0; i < kernel.instructions.size(); ++i) index_of[kernel.instructions[i].id] = static_cast<int>(i);
  std::vector<std::set<int>> all(kernel.instructions.size());
  std::vector<int> state(kernel.instructions.size(), 0);  // 0 new, 1 visiting, 2 done
  std::function<void(int)> visit = [&](int i) {
    if (state[static_cast<std::size_t>(i)] != 0) return;  // a cycle is reported by order_instructions
    state[static_cast<std::size_t>(i)] = 1;
    for (const std::string& dependency : kernel.instructions[static_cast<std::size_t>(i)].depends_on) {
      auto found = index_of.find(dependency);
      if (found == index_of.end()) continue;
      visit(found->second);
      all[static_cast<std::size_t>(i)].insert(found->second);
      const std::set<int>& further = all[static_cast<std::size_t>(found->second)];
      all[static_cast<std::size_t>(i)].insert(further.begin(), further.end());
    }
    state[static_cast<std::size_t>(i)] = 2;
  };
  for (std::size_t i = 0; i < all.size(); ++i) visit(static_cast<int>(i));
  return all;
}

// Topological order over depends_on that keeps loops whole (loopy's rule that a loop is not
// entered twice): among the ready instructions prefer the one that leaves the fewest of the
// previous instruction's loops; then one whose new loop would not have to be left again (some
// remaining instruction inside it waits for an unscheduled one outside it: a buffer's
// initialization that the products inside the k loop wait for, next to the prefetches that would
// open that loop — entering it first ran every fetch before any product; a loop that must be left
// again whatever runs first does not count); then the one that enters the fewest loops; then
// textual order.
std::vector<int> order_instructions(const LoopKernel& kernel, const std::vector<std::vector<std::string>>& loops) {
  const auto& instructions = kernel.instructions;
  std::vector<std::set<int>> waits_for = transitive_dependencies(kernel);
  std::set<int> remaining;
  for (std::size_t i = 0; i < instructions.size(); ++i) remaining.insert(static_cast<int>(i));
  auto inside = [&](int i, std::size_t depth, const std::string& iname) {
    const std::vector<std::string>& nest = loops[static_cast<std::size_t>(i)];
    return nest.size() > depth && nest[depth] == iname;
  };
  // Whether `outside` waits, directly or through others, for an instruction in the loop: then
  // the loop is left and entered again whatever runs first (an accumulator's init and final
  // store around the product in the register tile's ilp loops), so entering it now costs nothing.
  auto waits_for_the_loop = [&](int outside, std::size_t depth, const std::string& entered) {
    const std::set<int>& before_outside = waits_for[static_cast<std::size_t>(outside)];
    return std::any_of(before_outside.begin(), before_outside.end(), [&](int i) { return inside(i, depth, entered); });
  };
  // The instructions inside each loop, by depth and iname: must_leave_again looks only at those
  // (it looked at every remaining instruction for every ready candidate, cubic in the
  // instructions: half of test_long_kernel's compile; issue 26). Its verdict does not depend on
  // the order in which they are looked at.
  std::map<std::pair<std::size_t, std::string>, std::vector<int>> inside_loop;
  for (std::size_t i = 0; i < loops.size(); ++i) {
    for (std::size_t depth = 0; depth < loops[i].size(); ++depth) inside_loop[{depth, loops[i][depth]}].push_back(static_cast<int>(i));
  }
  auto must_leave_again = [&](int candidate, std::size_t depth) {
    const std::string& entered = loops[static_cast<std::size_t>(candidate)][depth];
    bool avoidable_exit = false;
    for (int later : inside_loop.at({depth, entered})) {
      if (later == candidate || remaining.count(later) == 0) continue;
      for (int before : waits_for[static_cast<std::size_t>(later)]) {
        if (remaining.count(before) == 0 || inside(before, depth, entered)) continue;
        if (waits_for_the_loop(before, depth, entered)) return false;  // left again whatever runs first
        avoidable_exit = true;
      }
    }
    return avoidable_exit;
  };
  // The instructions of each id (one, where ids are unique), to ask whether a dependency still
  // waits without comparing its id with every remaining instruction's (that made the order cubic
  // in the instructions: half of test_long_kernel's compile; issue 26).
  std::map<std::string, std::vector<int>> with_id;
  for (std::size_t i = 0; i < instructions.size(); ++i) with_id[instructions[i].id].push_back(static_cast<int>(i));
  std::vector<int> order;
  std::vector<std::string> open;  // the previous instruction's loops
  while (!remaining.empty()) {
    int chosen = -1;
    std::tuple<std::size_t, bool, std::size_t> best_score{0, false, 0};
    for (int i : remaining) {
      const Instruction& candidate = instructions[static_cast<std::size_t>(i)];
      bool ready = std::all_of(candidate.depends_on.begin(), candidate.depends_on.end(), [&](const std::string& dep) {
        auto found = with_id.find(dep);
        return found == with_id.end() || std::none_of(found->second.begin(), found->second.end(),
                                                      [&](int r) { return remaining.count(r) != 0; });
      });
      if (!ready) continue;
      const std::vector<std::string>& wanted = loops[static_cast<std::size_t>(i)];
      std::size_t kept = common_prefix(open, wanted);
      bool settled = wanted.size() == kept || !must_leave_again(i, kept);
      // Higher is better: loops kept open, no loop entered that must be left again, fewer entered.
      std::tuple<std::size_t, bool, std::size_t> score{kept, settled, std::numeric_limits<std::size_t>::max() - (wanted.size() - kept)};
      if (chosen < 0 || score > best_score) {
        chosen = i;
        best_score = score;
      }
    }
    if (chosen < 0) {
      // Every remaining instruction waits for another: report the cycle itself.
      check_dependency_cycles(kernel);
      LOOM_ASSERT(false, "instructions wait for each other but check_dependency_cycles found no cycle");
    }
    open = loops[static_cast<std::size_t>(chosen)];
    remaining.erase(chosen);
    order.push_back(chosen);
  }
  return order;
}

struct PendingInstruction {
  int index;
  std::vector<std::string> loops;  // outermost first
};

std::vector<LoopNestNode> build_nest(const std::vector<PendingInstruction>& pending, std::size_t depth) {
  std::vector<LoopNestNode> nodes;
  std::size_t i = 0;
  while (i < pending.size()) {
    if (pending[i].loops.size() == depth) {
      nodes.push_back({LoopNestNode::Kind::Instruction, "", pending[i].index, {}});
      ++i;
      continue;
    }
    const std::string& iname = pending[i].loops[depth];
    std::vector<PendingInstruction> group;
    while (i < pending.size() && pending[i].loops.size() > depth && pending[i].loops[depth] == iname) {
      group.push_back(pending[i]);
      ++i;
    }
    nodes.push_back({LoopNestNode::Kind::Loop, iname, -1, build_nest(group, depth + 1)});
  }
  return nodes;
}

void print_nest(const std::vector<LoopNestNode>& nodes, const LoopKernel& kernel, int indent,
                std::ostringstream& out) {
  for (const LoopNestNode& node : nodes) {
    out << std::string(static_cast<std::size_t>(indent) * 2, ' ');
    if (node.kind == LoopNestNode::Kind::Loop) {
      out << "for " << node.iname << "\n";
      print_nest(node.children, kernel, indent + 1, out);
    } else {
      out << kernel.instructions[static_cast<std::size_t>(node.instruction_index)].id << "\n";
    }
  }
}

}  // namespace

Linearization linearize(const LoopKernel& kernel,
                        const std::function<bool(const std::string& iname)>& is_loop) {
  std::vector<std::string> nesting = iname_nesting_order(kernel);
  std::vector<std::vector<std::string>> loops(kernel.instructions.size());
  for (std::size_t index = 0; index < kernel.instructions.size(); ++index) {
    for (const std::string& iname : nesting) {
      if (kernel.instructions[index].within_inames.count(iname) != 0 && is_loop(iname)) loops[index].push_back(iname);
    }
  }
  Linearization result;
  std::vector<PendingInstruction> pending;
  for (int index : order_instructions(kernel, loops)) {
    result.loop_inames[index] = loops[static_cast<std::size_t>(index)];
    pending.push_back({index, loops[static_cast<std::size_t>(index)]});
  }
  result.roots = build_nest(pending, 0);
  return result;
}

std::string to_string(const Linearization& linearization, const LoopKernel& kernel) {
  std::ostringstream out;
  print_nest(linearization.roots, kernel, 0, out);
  return out.str();
}

}  // namespace loom::codegen
