// What rename_iname and duplicate_inames share: giving some instructions their own copy of an
// iname under a new name, and renaming inames inside instructions.
#pragma once

#include <isl/cpp.h>

#include <functional>
#include <map>
#include <set>
#include <string>

#include "loom/kernel.hpp"

namespace loom {

// The inames `instruction` runs in or reduces over.
std::set<std::string> inames_used_by(const Instruction& instruction);

// Whether `instruction` runs in `iname` or reduces over it.
bool uses_iname(const Instruction& instruction, const std::string& iname);

// Replaces inames (old → new) in `instruction`: its within_inames, the iname lists of its
// reductions, and every use in assignees, right-hand side and predicates.
void rename_inames_in(Instruction& instruction, const std::map<std::string, std::string>& renames);

// `set` (a domain in param form) with the parameters named like a key of `renames` renamed.
// The new names must not be parameters of `set` already.
isl::set rename_params(const isl::set& set, const std::map<std::string, std::string>& renames);

// Adds each copy (old → new) to the domain that defines `old`, right after it, with the same
// constraints: the domain is intersected with itself, copied inames renamed. Copies of two
// inames of one domain keep their relation (copying i and j of {[i,j]: j <= i} gives j_0 <= i_0).
void add_iname_copies(LoopKernel& kernel, const std::map<std::string, std::string>& copies);

// Refuses copies (old → new, for the instructions `copied_ids`) whose meaning the kernel cannot
// express: a copied instruction that also uses an iname whose domain is bounded by a copied old
// iname (the bound would still name the old one), or a substitution rule that names a copied
// iname itself. Messages start with `transform`; `hint(bounded, bound)` says what to do instead
// when `bounded`'s domain is bounded by the copied `bound`.
void check_copyable(
    const LoopKernel& kernel, const std::map<std::string, std::string>& copies,
    const std::set<std::string>& copied_ids, const std::string& transform,
    const std::function<std::string(const std::string& bounded, const std::string& bound)>& hint);

// Throws Error "<transform>: '<name>' is not a valid iname (...)" unless `name` is an identifier.
void require_identifier(const std::string& name, const std::string& transform);

// Whether `name` is already an iname, argument, temporary, instruction id, parameter or
// substitution rule of `kernel`.
bool name_taken(const LoopKernel& kernel, const std::string& name);

}  // namespace loom
