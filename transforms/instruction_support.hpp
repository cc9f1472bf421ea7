// What the instruction transforms share: selecting instructions, names in messages, refusing
// dependency cycles, and finishing a transform that changes the kernel's meaning on purpose.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "loom/transforms.hpp"

namespace loom {

// The ids of the instructions `match` selects, in kernel order. `match` is an instruction id
// (loopy accepts an id even where it is not match syntax) or a match expression; a malformed
// expression is a loom::ParseError.
std::vector<std::string> matching_instructions(const LoopKernel& kernel, const std::string& match);

// matching_instructions, refusing an empty result: Error "<transform>: <parameter> 'x' matches no
// instruction (the kernel's instructions: a, b)", with a did-you-mean suggestion.
std::vector<std::string> require_instructions(const LoopKernel& kernel, const std::string& match,
                                              const std::string& transform,
                                              const std::string& parameter);

// The instruction called `id`, which must exist.
Instruction& instruction_named(LoopKernel& kernel, const std::string& id);

// "a, b, c".
std::string joined(const std::vector<std::string>& names);
std::string joined(const std::set<std::string>& names);

// Throws Error "<transform>: <what> '<name>' is not an identifier (...)".
void require_name(const std::string& name, const std::string& transform, const std::string& what);

// Throws Error "<transform>: <why>: dependency cycle ..." when the instructions' depends_on sets
// form a cycle.
void require_acyclic(const LoopKernel& kernel, const std::string& transform,
                     const std::string& why);

// The variables an instruction reads (right-hand side outside the inames its reductions bind,
// predicates, assignee indices, and the bodies of the substitution rules it invokes) and writes.
std::set<std::string> names_read(const LoopKernel& kernel, const Instruction& instruction);
std::set<std::string> names_written(const Instruction& instruction);

// Completes a transform that changes the kernel's meaning on purpose (DESIGN.md §3a:
// remove_instructions, add_inames_to_insn, remove_inames_from_insn). The dependences traced from
// the old reference describe the old meaning, so `after` becomes its own reference: its
// dependences are computed in its own order (every loop sequential) and the result must pass every
// check against them: write races across parallel inames, dependences across them, access
// ordering, bounds. Later transforms are checked against these dependences.
LoopKernel finish_meaning_change(const LoopKernel& before, LoopKernel after,
                                 const TransformCall& call, bool unchecked);

}  // namespace loom
