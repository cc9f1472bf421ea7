// Where temporaries live on GPU targets (loopy's find_temporary_address_space, DESIGN.md §5).
#pragma once

#include <string>

#include "loom/kernel.hpp"

namespace loom {

// The address space of a temporary declared `auto`, decided as loopy does from its writers: a
// writer running in parallel over local (l.N) inames whose index uses all of them makes it local
// (one element per work-item, shared in the work-group); over all its group (g.N) inames too:
// global. Otherwise private. A writer whose index uses some but not all of its parallel inames
// is a write race (LegalityError naming the instruction, temporary and iname), as is writers that
// disagree. Temporaries with an explicit address space keep it.
AddressSpace effective_address_space(const LoopKernel& kernel, const Temporary& temporary);

// The kernel with every `auto` temporary's address space decided.
LoopKernel resolve_address_spaces(const LoopKernel& kernel);

}  // namespace loom
