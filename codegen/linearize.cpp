#include "codegen/linearize.hpp"

#include <algorithm>
#include <set>
#include <sstream>

#include "analysis/checks.hpp"
#include "loom/error.hpp"

namespace loom::codegen {

namespace {

// Topological order over depends_on. Among ready instructions prefer one whose loops equal the
// previous instruction's (keeps loops fused), then textual order.
std::vector<int> order_instructions(const LoopKernel& kernel) {
  const auto& instructions = kernel.instructions;
  std::set<std::string> done;
  std::set<std::string> remaining;
  for (const Instruction& instruction : instructions) remaining.insert(instruction.id);
  std::vector<int> order;
  const Instruction* previous = nullptr;
  while (!remaining.empty()) {
    int chosen = -1;
    for (int i = 0; i < static_cast<int>(instructions.size()); ++i) {
      const Instruction& candidate = instructions[static_cast<std::size_t>(i)];
      if (remaining.count(candidate.id) == 0) continue;
      bool ready = std::all_of(candidate.depends_on.begin(), candidate.depends_on.end(),
                               [&](const std::string& dep) { return remaining.count(dep) == 0; });
      if (!ready) continue;
      if (chosen < 0) chosen = i;
      if (previous != nullptr && candidate.within_inames == previous->within_inames) {
        chosen = i;
        break;
      }
    }
    if (chosen < 0) {
      // Every remaining instruction waits for another: report the cycle itself.
      check_dependency_cycles(kernel);
      LOOM_ASSERT(false, "instructions wait for each other but check_dependency_cycles found no cycle");
    }
    previous = &instructions[static_cast<std::size_t>(chosen)];
    remaining.erase(previous->id);
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
  Linearization result;
  std::vector<PendingInstruction> pending;
  for (int index : order_instructions(kernel)) {
    const Instruction& instruction = kernel.instructions[static_cast<std::size_t>(index)];
    std::vector<std::string> loops;
    for (const std::string& iname : nesting) {
      if (instruction.within_inames.count(iname) != 0 && is_loop(iname)) loops.push_back(iname);
    }
    result.loop_inames[index] = loops;
    pending.push_back({index, loops});
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
