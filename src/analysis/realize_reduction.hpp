// Realizes reduction expressions as accumulator temporaries and init/update instructions.
#pragma once

#include <string>

#include "loom/kernel.hpp"

namespace loom {

// Realization of every `sum/product/max/min/argmax/argmin` (see the .cpp for the
// rewrite; with `hardware_axes`, reductions over l.N inames first become local trees:
// local_reduction.hpp). Types must be inferred first. `hardware_axes`: g/l inames run as hardware threads (GPU
// targets), not loops, so accumulators get no private axis along them. `warp_shuffles` (CUDA): local
// trees end in warp shuffles where they can (local_reduction.hpp).
LoopKernel realize_reductions(const LoopKernel& kernel, bool hardware_axes = false, bool warp_shuffles = false);

// Refuses (loom::Error, prefixed by `transform`) a loop order under which a reduction's
// accumulator would need a private copy per value of an iname whose range is not constant and
// that no priority puts there: a priority that does (prioritize_loops("k, i") on
// `out[i] = sum(k, ...)` with i of extent n) is given up for the reduction's inames, which then
// nest inside (issue 23 class 6; yield_priorities_to_reductions in the .cpp), as loopy's scheduler
// gives up a priority it cannot follow. Hardware-parallel inames are taken as running in
// parallel; on the C target code generation checks them again.
void check_reduction_nesting(const LoopKernel& kernel, const std::string& transform);

}  // namespace loom
