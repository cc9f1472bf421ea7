// ILP privatization of temporaries (see the .cpp).
#pragma once

#include "loom/kernel.hpp"

namespace loom {

LoopKernel privatize_ilp_temporaries(const LoopKernel& kernel);

// Whether `writer`'s assignee `name` is indexed by an expression that uses `iname` (such a write
// is private along the iname already: loopy's rule for which inames need a copy).
bool assignee_indexes_by(const Instruction& writer, const std::string& name, const std::string& iname);

// Where the new axes go: ILP privatization puts them first; loopy's
// privatize_temporaries_with_inames appends them (a vec iname's axis is then the stride-1 one).
enum class PrivateAxisPlacement { Leading, Trailing };

// Gives temporary `name` one axis per iname of `inames` (its constant length), indexed
// `iname - lower bound` in every access. Refuses (Error prefixed by `context`) a non-constant
// range and an instruction that accesses the temporary outside one of the inames.
void add_private_axes(LoopKernel& kernel, const std::string& name, const std::vector<std::string>& inames,
                      PrivateAxisPlacement placement, const std::string& context);

}  // namespace loom
