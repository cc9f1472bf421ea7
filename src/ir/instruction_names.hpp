// Which names an instruction writes or mentions (code generation and transforms ask both).
#pragma once

#include <set>
#include <string>

#include "loom/kernel.hpp"

namespace loom {

// Whether one of the instruction's assignees is `name`.
bool writes_name(const Instruction& instruction, const std::string& name);

// Whether `name` appears anywhere in the instruction: assignees, expression, predicates.
bool mentions_name(const Instruction& instruction, const std::string& name);

// The variables and arrays the instruction reads: in its expression, its predicates and its
// assignees' indices (loopy's read_dependency_names, without inames filtered out).
std::set<std::string> variables_read(const Instruction& instruction);

// The inames the instruction's reductions (nested ones included) run over.
std::set<std::string> reduction_inames_of(const Instruction& instruction);

}  // namespace loom
