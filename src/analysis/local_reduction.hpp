// Reductions over an l.N iname realized as local-memory tree reductions (GPU targets).
#pragma once

#include "loom/kernel.hpp"

namespace loom {

// Rewrites every reduction that has an `l.N` iname into a transfer into a local array, halving
// steps with barriers between them (placed later by insert_barriers from the dependences), and a
// read of element 0 (see the .cpp). Sequential inames of the same reduction stay as a reduction
// in the transfer (each work-item's partial result), realized afterwards by realize_reductions.
// Refuses a reduction over a `g.N` iname (with the two-level recipe), more than one `l.N` iname
// in one reduction, a local reduction inside another reduction, and an l.N iname of non-constant
// length. Types must be inferred first; only for GPU targets. `warp_shuffles` (CUDA): the last 32
// positions of an l.0 tree are reduced by one warp's shuffles where the work-group allows it.
LoopKernel realize_local_reductions(const LoopKernel& kernel, bool warp_shuffles = false);

}  // namespace loom
