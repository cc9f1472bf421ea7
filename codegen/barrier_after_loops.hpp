// A barrier after every loop that holds barriers and is followed by more code (OpenCL), a PoCL 3.1
// workaround.
#pragma once

#include "codegen/cast.hpp"

namespace loom::codegen {

// Inserts a local barrier after every statement of a block that ends in a loop holding a barrier
// (the loop itself, or a block or an `if` whose code ends in one) when the block goes on with one
// of the two shapes PoCL 3.1 was measured to miscompile there: another loop that holds a barrier,
// or an `if` whose condition takes a remainder. Meaning kept: a loop that holds a barrier is run the
// same number of times by every work-item of the group, and an `if` around barriers is uniform
// (loom refuses divergent barriers), so the point after it is reached by all work-items, and a
// barrier there only orders more than before.
//
// Why: PoCL 3.1 (Debian 12) miscompiles work-item-dependent code that follows a loop with barriers
// without a barrier between them: fuzz seed 132000573 (a second reduction loop after the first:
// the first loop's `if (k_inner == 0) { out[i] = ..; }` never ran) and seed 134000539 (a region
// guarded by `i_inner % 2 == 0` after a prefetch loop: a segmentation fault, a hang or zeros,
// depending on what the region holds; right without the `% 2`). Both are right with
// -cl-opt-disable and with this barrier. A barrier after EVERY such loop would also be right, but
// it changes 34 of the examples' and conformance kernels' OpenCL code and the barrier counts that
// loom's tests compare with loopy's (six per convolution image), for no measured failure; so only
// the measured shapes get it. docs/decisions.md, "A barrier after loops that hold barriers on OpenCL".
cast::StmtPtr barrier_after_loops_with_barriers(const cast::StmtPtr& statement);

}  // namespace loom::codegen
