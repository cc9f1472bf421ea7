// Execution order as isl relations: each instruction instance gets a timestamp (loopy's loop nest
// as a 2d+1 vector: sibling position, loop iname, sibling position, ...) so that "a runs before b"
// is lexicographic order of timestamps.
#pragma once

#include <isl/cpp.h>

#include <vector>

#include "analysis/reduction_terms.hpp"
#include "loom/kernel.hpp"

namespace loom {

// The untransformed meaning: every iname a sequential loop (DESIGN.md §3a). `terms`: reads inside
// reductions that get timestamps of their own, where the realized update runs
// (reduction_terms.hpp).
isl::union_map reference_timestamps(const LoopKernel& kernel, const std::vector<ReductionTerm>& terms = {});

// The kernel's sequential order: parallel inames (g, l, vec, ilp) are not loops, so instances
// that differ only in them get equal timestamps (they are unordered).
// What sequential_timestamps refuses (loop priorities that close a cycle, a nesting no order
// satisfies), without building the timestamps: for a kernel with no dependence to order.
void check_sequential_order(const LoopKernel& kernel);
isl::union_map sequential_timestamps(const LoopKernel& kernel, const std::vector<ReductionTerm>& terms = {});

// The pairs of `relation` (source → sink instances) whose source runs strictly first.
isl::map ordered_pairs(const isl::union_map& timestamps, const isl::map& relation);

}  // namespace loom
