// A barrier between two consecutive loops that hold barriers (OpenCL), a PoCL 3.1 workaround.
#pragma once

#include "codegen/cast.hpp"

namespace loom::codegen {

// Inserts a local barrier between every two consecutive statements of a block that are both loops
// holding a barrier somewhere in their bodies. Meaning kept: a loop that holds a barrier is run by
// every work-item of the group the same number of times (the barrier would be illegal otherwise),
// so the point between two such loops is reached by all of them, and a barrier there only orders
// what was already ordered by the second loop's first barrier.
//
// Why: PoCL 3.1 (Debian 12) skips a work-item-dependent region (`if (k_inner == 0) { out[i] = ..; }`,
// a tree reduction's last step) that ends the body of a loop with barriers when another loop with
// barriers follows directly: the region never runs for any work-item (fuzz seed 132000573; right
// with -cl-opt-disable, with POCL_WORK_GROUP_METHOD=repl, and with this barrier; wrong with the
// loops, loopvec and cbs methods). Two-phase kernels with a local reduction in each phase have
// this shape. docs/decisions.md, "A barrier between consecutive barrier loops on OpenCL".
cast::StmtPtr separate_consecutive_barrier_loops(const cast::StmtPtr& statement);

}  // namespace loom::codegen
