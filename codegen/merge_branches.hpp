// One branch for a run of statements guarded by the same condition (or its negation).
#pragma once

#include "codegen/cast.hpp"

namespace loom::codegen {

// In `block` (a block statement, typically the unrolled copies of a loop body), each maximal run
// of `if (c) x` and `if (!c) y` statements (no else, one condition c, nested unscoped blocks
// flattened) becomes `if (c) {x...} else {y...}`, keeping each side's order. Legal because the two
// sides are exclusive and c names only scalars that no statement of the run assigns (the run stops
// at one that does). split_uniform_selects (uniform_selects.hpp) guards the whole-tile and the edge
// versions of a fetch so: eight copies then test their group-uniform condition once, not eight
// times. Runs of one statement are left alone. Anything else is returned unchanged.
cast::StmtPtr merge_branches(const cast::StmtPtr& block);

}  // namespace loom::codegen
