// Local barriers (DESIGN.md §5; loopy's insert_barriers made exact with isl): walking the
// linearized nest of one device kernel, a barrier goes before the first instruction that touches
// local or global memory another work-item of the group touched since the last barrier, and at the top of a
// loop whose body does so across iterations (loop-carried). Instructions marked nosync with each
// other never force one.
#pragma once

#include <vector>

#include "codegen/hardware_axes.hpp"
#include "codegen/linearize.hpp"
#include "loom/kernel.hpp"

namespace loom::codegen {

struct BarrierPlacement {
  std::vector<LoopNestNode> roots;  // the nest with barrier instructions inserted
  int inserted = 0;
};

// Inserts barrier instructions (appended to `kernel.instructions`, ids `_loom_barrier_N`, with
// their loop inames recorded in `linearization.loop_inames`) into `roots`.
BarrierPlacement insert_barriers(LoopKernel& kernel, Linearization& linearization,
                                 const std::vector<LoopNestNode>& roots, const LaunchShape& launch);

// Whether a local barrier orders local memory: all but a user's `... lbarrier {mem_kind=global}`,
// which fences global memory only (OpenCL's barrier(CLK_GLOBAL_MEM_FENCE), loopy's
// test_local_barrier_mem_kind). Barriers loom inserts for global memory fence both.
bool fences_local_memory(const Instruction& barrier);

enum class BarrierNeed { None, LocalMemory, GlobalMemory };

// What barrier (if any) must separate an instance of instruction `source` and a later one of
// `sink` (in the same iteration of `shared_loops`, or with `carried` advanced): they touch the
// same element of local or global memory from different work-items of one work-group, one of
// them writing it. Global memory needs a barrier that fences it too.
// `write_pairs` false: only read/write pairs count (not two writes).
BarrierNeed barrier_need(const LoopKernel& kernel, const LaunchShape& launch, int source, int sink,
                         const std::vector<std::string>& shared_loops, const std::string& carried = "",
                         bool write_pairs = true);

// True when an instance of instruction `source` and a later one of `sink` (in the same iteration of
// `shared_loops`, or with `carried` (one of them) advanced) touch the same element of a local
// temporary from different work-items of one work-group, one of them writing it. Exposed for tests.
bool needs_local_barrier(const LoopKernel& kernel, const LaunchShape& launch, int source, int sink,
                         const std::vector<std::string>& shared_loops, const std::string& carried = "");

}  // namespace loom::codegen
