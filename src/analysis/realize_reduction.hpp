// Realizes reduction expressions as accumulator temporaries and init/update instructions.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

// Realization of every `sum/product/max/min/argmax/argmin` (see the .cpp for the
// rewrite; with `hardware_axes`, reductions over l.N inames first become local trees:
// local_reduction.hpp). Types must be inferred first. `hardware_axes`: g/l inames run as hardware threads (GPU
// targets), not loops, so accumulators get no private axis along them. `warp_shuffles` (CUDA): local
// trees end in warp shuffles where they can (local_reduction.hpp).
LoopKernel realize_reductions(const LoopKernel& kernel, bool hardware_axes = false, bool warp_shuffles = false);

// The dependencies of `origin` that the parts of its reduction over `inames` running before the
// reduction's loops (the accumulator's init, a local tree's fill) keep: all but those on
// instructions that run inside the reduction's own loops (a tile fetched per k_outer iteration),
// which belong to the update. An instruction in a loop over a reduction iname that lacks one of
// the origin's loops around the reduction (a barrier within (i, k) for a reduction over k in
// (i, j)) runs in another instance of that loop: the init keeps waiting for it, or it would run in
// an earlier loop over j than its update (found by the transform fuzzer). `hardware_axes`: g/l
// inames are no loops.
std::set<std::string> reduction_init_dependencies(const LoopKernel& kernel, const Instruction& origin,
                                                  const std::vector<std::string>& inames, bool hardware_axes);
// The same with `nesting`, codegen::iname_nesting_order(kernel), given (computed once for many).
std::set<std::string> reduction_init_dependencies(const LoopKernel& kernel, const std::vector<std::string>& nesting,
                                                  const Instruction& origin, const std::vector<std::string>& inames,
                                                  bool hardware_axes);

// The kernel with the loop priorities that code generation gives up for reductions already given
// up (see check_reduction_nesting): the nesting code generation will really use, for transforms
// that reason about it (add_prefetch's placement of a copy).
LoopKernel yield_priorities_to_reductions(const LoopKernel& kernel, bool hardware_axes);

// Refuses (loom::Error, prefixed by `transform`) a loop order under which a reduction's
// accumulator would need a private copy per value of an iname whose range is not constant and
// that no priority puts there: a priority that does (prioritize_loops("k, i") on
// `out[i] = sum(k, ...)` with i of extent n) is given up for the reduction's inames, which then
// nest inside (issue 23 class 6; yield_priorities_to_reductions in the .cpp), as loopy's scheduler
// gives up a priority it cannot follow. Hardware-parallel inames are taken as running in
// parallel; on the C target code generation checks them again.
void check_reduction_nesting(const LoopKernel& kernel, const std::string& transform);

}  // namespace loom
