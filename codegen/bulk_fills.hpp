// The CUDA lowering of pipeline_fetch's bulk fills (issue 29, tma18; src/analysis/bulk_copies.hpp
// says which fills qualify and why they mean what the fill means).
//
// A ring of S slots filled by bulk tensor copies gets S mbarriers in shared memory
// (loom_bulk_bar_<tile>), initialized by work-item 0 before anything else runs. Each fill of a
// slot (the first fills before the loop, the loop's fill of tile ko + D) runs once a work-group:
// the fill's instances are cut down to the one writing the tile's element 0 (a predicate, after
// the barriers are placed, so that the barrier analysis still sees the whole fill), and that
// instance becomes `mbarrier.arrive.expect_tx` (the slot's bytes) and one
// cp.async.bulk.tensor per panel of the tile, completing on the slot's barrier. The readers wait
// for tile ko with `mbarrier.try_wait.parity` on barrier (ko - lowest) % S, parity
// ((ko - lowest) / S) % 2 (tile t is the slot's fill number t / S), before each barrier of an
// iteration of the ring's loop: the barrier that already separates a slot's readers from its next
// fill (the refill is issued after it) stays as it was. The kernel takes one CUtensorMap a ring
// (`const __grid_constant__`), which the runtime encodes at launch (GeneratedCode::tensor_maps).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "analysis/bulk_copies.hpp"
#include "codegen/cast.hpp"
#include "codegen/lower_expr.hpp"
#include "loom/codegen.hpp"
#include "loom/kernel.hpp"

namespace loom::codegen {

// The tensor map of a bulk-filled ring: every device kernel of a program with bulk fills takes
// these after every other parameter (the host loops' inames), in tensor_map_arguments' order, as
// `const __grid_constant__ loom_tensor_map loom_tmap_<tile>` (the CUDA printer knows them by the
// name's prefix, kTensorMapPrefix); the CUDA launcher encodes them at launch
// (cuTensorMapEncodeTiled) from the array's device pointer and these extents, recomputing this
// list from the kernel (GeneratedCode, a public struct, does not carry it).
constexpr const char* kTensorMapPrefix = "loom_tmap_";
struct TensorMapArgument {
  std::string name;              // the kernel parameter: loom_tmap_<tile>
  std::string array;             // the array argument it describes
  DType dtype;
  std::vector<ExprPtr> shape;    // the array's extents, outermost first (in the parameters)
  std::vector<ExprPtr> strides;  // in elements, outermost first; the last is 1
  std::vector<int64_t> box;      // one copy's box, outermost first
  bool swizzle128 = false;       // CU_TENSOR_MAP_SWIZZLE_128B (else none)
};

// The bulk-filled rings of `kernel`, by tile; refuses (loom::Error) fills that stopped being bulk
// copies after pipeline_fetch (a later transform), and rings whose fills disagree.
struct BulkRingPlan {
  BulkRing ring;
  BulkCopy copy;  // the loop fill's (slot, indices of that instruction)
};
std::map<std::string, BulkRingPlan> bulk_ring_plans(const LoopKernel& kernel);

// `kernel` with each bulk fill cut down to the instance that writes the tile's element 0.
LoopKernel with_bulk_fills_at_their_origin(const LoopKernel& kernel);

// The statement of the origin instance of a bulk fill.
cast::StmtPtr lower_bulk_fill(const LoopKernel& kernel, const ExpressionLowering& lowering, const Instruction& fill,
                              const InameValues& inames);

// The barriers' declarations (shared memory) and their initialization, to put after the
// kernel's declarations; the barrier statement after the initialization is included.
std::vector<cast::StmtPtr> bulk_barrier_declarations(const std::map<std::string, BulkRingPlan>& rings);
std::vector<cast::StmtPtr> bulk_barrier_initialization(const std::map<std::string, BulkRingPlan>& rings);

// `body` with the readers' waits before each barrier inside the rings' loops; refuses a reader of
// a ring that no wait precedes in its iteration.
cast::StmtPtr wait_for_bulk_copies(const cast::StmtPtr& body, const std::map<std::string, BulkRingPlan>& rings);

// The runtime's tensor maps and the kernel's parameters for them.
std::vector<TensorMapArgument> tensor_map_arguments(const LoopKernel& kernel,
                                                    const std::map<std::string, BulkRingPlan>& rings);
// The kernel's record of them: one comment a map at the top of each device kernel that takes them,
// `/* loom_tensor_map <name> <array> <box, outermost first> <swizzle128|none> */`. The runtime
// reads the maps back from the source (tensor_maps_of_source) rather than from the kernel: the
// spec level of the compile cache launches with a kernel that has no instructions
// (runtime/launch_only_kernel.hpp), and the source is what the compiled parameters follow.
std::vector<cast::StmtPtr> tensor_map_records(const std::vector<TensorMapArgument>& maps);
// The maps a generated CUDA source records, with dtype, shape and strides from `kernel`'s
// arguments (which a launch-only kernel keeps).
std::vector<TensorMapArgument> tensor_maps_of_source(const std::string& source, const LoopKernel& kernel);

cast::Parameter tensor_map_parameter(const TensorMapArgument& map);

// The helpers the code calls (loom_bulk_*), read off the code; "" when none.
std::string bulk_copy_helpers(const std::string& code);

}  // namespace loom::codegen
