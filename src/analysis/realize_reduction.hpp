// Realizes reduction expressions as accumulator temporaries and init/update instructions.
#pragma once

#include "loom/kernel.hpp"

namespace loom {

// Realization of every `sum/product/max/min/argmax/argmin` (see the .cpp for the
// rewrite; with `hardware_axes`, reductions over l.N inames first become local trees:
// local_reduction.hpp). Types must be inferred first. `hardware_axes`: g/l inames run as hardware threads (GPU
// targets), not loops, so accumulators get no private axis along them. `warp_shuffles` (CUDA): local
// trees end in warp shuffles where they can (local_reduction.hpp).
LoopKernel realize_reductions(const LoopKernel& kernel, bool hardware_axes = false, bool warp_shuffles = false);

}  // namespace loom
