// Barriers taken out of work-group-uniform `if`s (OpenCL), so that no barrier is conditional.
#pragma once

#include "codegen/cast.hpp"

namespace loom::codegen {

// Rewrites, bottom-up, every `if (c) { A; barrier; B; }` whose then-branch holds barriers at its
// top level into `if (c) { A; } barrier; if (c) { B; }` (an else-branch, which may hold no
// barrier, stays with the first piece). Meaning kept: a barrier under an `if` is legal only where
// c is uniform over the work-group (generate.cpp's refuse_divergent_barriers checks that no such
// condition reads a work-item index), so every work-item takes the same side and either meets
// every barrier as before, or, where c is false, meets barriers that order nothing for it; and c
// is evaluated again between the pieces, so the rewrite is left out where the if's branches
// assign or declare a name c reads, or declare a name at the then-branch's top level (a piece
// would lose its scope). Barriers inside loops under the `if` stay where they are.
//
// Why: PoCL's work-group function generation replicates the code after each conditional barrier,
// so its compile time doubles with every unrolled copy whose guard holds barriers (fuzz seed 69:
// 17 s for 5 copies, minutes for 8; docs/decisions.md, "Barriers taken out of uniform ifs").
// Applied to OpenCL only: on CUDA, `__syncthreads()` under a uniform branch costs nothing to
// compile, and an unconditional one would cost the groups whose c is false a wait.
cast::StmtPtr hoist_barriers_out_of_uniform_ifs(const cast::StmtPtr& statement);

}  // namespace loom::codegen
