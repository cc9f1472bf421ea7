// Group-uniform versions of instructions whose global reads are predicated per element.
#pragma once

#include "loom/codegen.hpp"
#include "loom/kernel.hpp"

namespace loom::codegen {

// On a preprocessed kernel whose padding is resolved (after drop_implied_conditions): an
// instruction that writes private or local storage and reads through selects (`if(c, a[...],
// fill)`: a filled fetch, a round_up read) is split in two over its outer iterations (group ids,
// sequential loops): where every work-item and unrolled copy of the iteration satisfies every
// select's condition (the whole tile is inside the arrays, a condition U on group ids, loop
// counters and parameters) a copy `<id>_uniform` runs with the selects replaced by their loads;
// the original keeps its selects and runs where U fails. Both guards are lowered as `if`s outside
// isl's domains, and merge_branches (merge_branches.hpp) joins them across the unrolled copies:
// one group-uniform branch per tile instead of a predicate per element.
//
// Only where U is exact as a conjunction of affine constraints (checked with isl); otherwise, and
// for instructions whose selects all hold or none is affine, the instruction is left alone.
// Instructions that depended on the original depend on both.
//
// Which instructions: with LOOM_UNIFORM_FETCHES=1 every one; by default, on CUDA, the fills of
// cp.async rings (=0: none). The whole-tile copy gets vec inames of its own, so that its vec
// loops hold one statement and become 16-byte copies. For the fills of cp.async rings (tensor-core
// GEMMs' k loops) it bought 7-9% at 4096 and 8192 on the H100 and lost 15-18% at 4000^3
// (docs/decisions.md, issue 29's eleventh pass); since the fifteenth pass (wt-wg15) the whole-tile
// copy also takes the arrays' alignment into its test and keeps no lane-by-lane fallback, and the
// ring fills are split by default again. On the tuned SGEMM it bought ~1% (the per-element predicates were not its bottleneck)
// for ~70 ms more code generation (more statements for the barrier analysis and isl) and 56 more
// lines (docs/decisions.md, "Issue 25: group-uniform fetches").
LoopKernel split_uniform_selects(const LoopKernel& kernel, Target target);

// Tags of a split pair: the whole-tile copy carries `uniform_whole_of:<edge id>` and, per vec
// iname it copied, `uniform_whole_vec:<copy>=<original>`; the edge copy `uniform_edge_of:<whole id>`.
inline constexpr const char* kUniformWholeTag = "uniform_whole_of";
inline constexpr const char* kUniformWholeVecTag = "uniform_whole_vec";
inline constexpr const char* kUniformEdgeTag = "uniform_edge_of";

// Whether LOOM_UNIFORM_FETCHES=1 asks for split_uniform_selects.
bool uniform_selects_enabled();

}  // namespace loom::codegen
