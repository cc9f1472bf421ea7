// Linearization: the kernel's instructions arranged in a loop-nest tree (DESIGN.md §3a).
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "codegen/loop_nesting.hpp"
#include "loom/kernel.hpp"

namespace loom::codegen {

struct LoopNestNode {
  enum class Kind { Loop, Instruction };
  Kind kind;
  std::string iname;           // Loop
  int instruction_index = -1;  // Instruction: index into kernel.instructions
  std::vector<LoopNestNode> children;
};

struct Linearization {
  std::vector<LoopNestNode> roots;
  // For each instruction, the inames of the loops around it, outermost first.
  std::map<int, std::vector<std::string>> loop_inames;
};

// Instructions are ordered by their dependencies (ties keep instructions that share loops
// together, then textual order); each instruction's loops nest in iname_nesting_order, and
// consecutive instructions share their common outer loops. `is_loop` decides which inames become
// loops (on GPU targets hardware-parallel inames do not).
Linearization linearize(const LoopKernel& kernel,
                        const std::function<bool(const std::string& iname)>& is_loop);

std::string to_string(const Linearization& linearization, const LoopKernel& kernel);

}  // namespace loom::codegen
