// The CUDA lowering of tensorized tiles (issue 29; transforms/tensorize.cpp marks them): a tile's
// (i, j, k) loops become one warp-wide mma.sync whose fragments the 32 lanes of a warp hold.
//
// loom's model has each work-item run an instruction's loops. A tensorized instruction is within
// no iname of the warp's 32 lanes, so every lane runs the same tile: on C and OpenCL the lanes
// compute it redundantly as loops; on CUDA the lanes share it, each holding its part of the
// fragments (PTX ISA, "Matrix fragments for mma.m16n8k16"). The lowering works on the kernel
// after reduction realization, where the tile is three instructions of the accumulator:
//   acc[.., i, j] = 0                       (zero)   → each lane zeroes its 4 floats
//   acc[.., i, j] = acc[.., i, j] + a*b     (update) → loads of the lane's operand elements, mma.sync
//   c[..i.., ..j..] = acc[.., i, j]         (store)  → each lane stores its 4 floats, guarded
// The tile inames are fixed at 0 in the domains, so isl generates no loops over them, and the
// accumulator keeps 4 floats per tile (its i axis shrinks to 1, its j axis to 4).
// Operand elements are plain loads (the compiler shares a fragment between the unrolled tiles
// that use it; ldmatrix, volatile PTX, could not be shared), zero where the tile leaves the
// instruction's domain (edge tiles: rows past m, k past l), which the guards below say.
#pragma once

#include <optional>

#include <map>
#include <set>
#include <string>

#include "codegen/cast.hpp"
#include "codegen/lower_expr.hpp"
#include "loom/kernel.hpp"

namespace loom::codegen {

struct TensorTileOperand {
  ExprPtr access;       // the read, e.g. a_fetch[16*i_rep + i_tile, k_tile]
  std::string row;      // the tile iname of its non-k axis: i for a, j for b
  cast::ExprPtr valid;  // where (row, k) lies in the instruction's domain (names the tile inames)
  bool pairs_are_words = false;  // 16-bit elements at k, k + 1 (k even) form an aligned word
  bool k_only = false;           // `valid` guards k alone (a local operand: the tile holds every row)
  // The lane's registers of a tile come from one ldmatrix (16-bit local operand whose 8
  // consecutive k from a multiple of 8 are 16 aligned bytes: see ldmatrix_readable), or from one
  // ldmatrix .trans where the 8 consecutive rows (i for a, j for b) are (ldmatrix_trans).
  bool ldmatrix = false;
  bool ldmatrix_trans = false;
  // wgmma: the operand is read by a shared-memory descriptor from its swizzled tile (src/ir/
  // layout.hpp), stored k-major (a 128-byte row holds 64 16-bit k, or 32 TF32) or m-/n-major
  // (`mn_major`: a row holds 128 bytes of rows of the operand, 8-row groups along k); lbo and sbo
  // are the descriptor's leading and stride byte offsets (PTX ISA, "Matrix Descriptor Format").
  bool mn_major = false;
  int64_t lbo = 16, sbo = 1024;
  // wgmma's A operand from registers instead (TF32 only): each work-item loads its four elements
  // of the warp's m16n8k8 A fragment from a local tile of any constant layout with ld.shared. The
  // way to TF32 wgmma with b stored n-major (PTX has no transposed TF32 form): tensorize with the
  // operands' roles exchanged (inames [j, i, k]: c^T = b^T a^T), so that b is A, from registers,
  // and a, k-major, is B by descriptor.
  bool registers = false;
};

struct TensorTileStatement {
  enum class Role { Zero, Update, Store };
  Role role = Role::Zero;
  std::string shape;  // "m16n8k16" or "m16n8k8"; wgmma: "m64n<N>k16" or "m64n<N>k8"
  bool wgmma = false;  // a warpgroup's tile (128 work-items), sm_90a
  int64_t n = 8;       // the tile's columns
  DType operand_dtype = DType::BFloat16;
  std::string i, j, k;    // the tile inames
  ExprPtr accumulator;    // acc[.., i, j]
  ExprPtr result;         // Store: c[..]
  TensorTileOperand a, b; // Update
  cast::ExprPtr store_valid;  // Store: where (i, j) lies in the instruction's domain
  // Store (wgmma): where every (i, j) of the warpgroup's 64 x n tile lies in it, a condition on
  // the enclosing inames and the parameters only (the same for the whole warpgroup).
  cast::ExprPtr store_whole;
  bool wrong_rows = false;    // test-only: the C fragment's rows g and g + 8 swapped
};

// By instruction id.
using TensorTiles = std::map<std::string, TensorTileStatement>;

// The tile inames of a tensorized instruction, from its tags (tensorize_i_<iname>, ...); empty
// when it is not tensorized.
struct TileInames {
  std::string i, j, k;
};
TileInames tile_inames(const Instruction& instruction);

// Finds the tensorized tiles of `kernel` (after preprocessing), records how each of their
// instructions is lowered in `tiles`, and returns the kernel with the tile inames fixed at 0 and
// the accumulators shrunk to a lane's 4 floats a tile. Refuses a tile whose accumulator is not
// privatized over i and j (the tile's loops must nest inside the reduction's k loops).
LoopKernel prepare_tensor_tiles(const LoopKernel& kernel, TensorTiles& tiles);

// Refuses a launch in which a warp's lanes would not share the tile: the block must be whole
// warps, and the instruction within no local iname whose value changes inside a warp.
void check_warps(const LoopKernel& kernel, const TensorTiles& tiles, const std::vector<int64_t>& block);

// The statement for one instance of a tile instruction; `lane` is the work-item's lane in its warp.
cast::StmtPtr lower_tensor_tile(const TensorTileStatement& tile, const ExpressionLowering& lowering,
                                const InameValues& inames, const cast::ExprPtr& lane);

// The lane of a work-item in its warp, for a block of these sizes; with wgmma tiles its place in
// its warpgroup (0 to 127).
cast::ExprPtr warp_lane(const std::vector<int64_t>& block, const TensorTiles& tiles = {});

// Whether any tile is a wgmma tile.
bool uses_wgmma(const TensorTiles& tiles);

// wgmma's ordering (PTX ISA 9.7.15): each run of consecutive wgmma tile updates of one block (the
// unrolled k steps and tiles of a warpgroup) gets wgmma.fence before it (after the accumulators'
// zeroing) and commit_group + wait_group 0 after it, so that the accumulators are read and the
// operand tiles overwritten only once the run is done; the accumulators are pinned around the
// run (an empty asm naming each, as CUTLASS's warpgroup_fence_operand does), so that the compiler
// moves no use of them into it. Register A fragments (TF32 from registers) are loaded before
// the fence, all of the run's, each under a name of its own (loom_wgmma_a_<n>): PTX wants a
// wgmma.fence between the writes of registers and the wgmma that reads them. Statements just
// before a run that only fill the cp.async rings `rings` (pipeline_fetch's tiles) move between the
// commit and the wait: they write slots the run does not read, and their copies are then issued
// while the tensor cores work.
// One group stays in flight (wgmma.wait_group 1 in place of 0, and wait_group 0 with the pins once
// after the loop, before the accumulators are read) where the run is inside a loop, reads no
// register fragment, every local tile it reads is a ring whose fill leaves the slot of the
// previous tile alone (`rings_free_late`: pipeline_fetch's fill S - 2 ahead, slot (ko - 2) % S),
// and the loop touches the accumulators nowhere else. Elsewhere a comment in the loop says why
// it waits for each tile.
struct WgmmaRings {
  std::set<std::string> async_rings;      // the cp.async rings (async_rings)
  std::set<std::string> rings_free_late;  // rings_with_a_tile_in_flight
  std::set<std::string> local_tiles;      // every local temporary of the kernel
};
WgmmaRings wgmma_rings(const LoopKernel& kernel);
cast::StmtPtr order_wgmma(const cast::StmtPtr& body, const WgmmaRings& rings);

// The local tiles of the kernel's cp.async rings (what its async copies write).
std::set<std::string> async_rings(const LoopKernel& kernel);

// Puts fence.proxy.async.shared::cta before every barrier of `body` (after the cp.async waits
// wait_for_async_copies puts there): the work-items' stores and copies into shared memory become
// visible to wgmma, which reads them through the async proxy.
cast::StmtPtr fence_async_proxy_before_barriers(const cast::StmtPtr& body);

// Makes the ldmatrix fragment loads of neighbouring tiles one load each: in a run of consecutive
// tile updates of one block (the unrolled tiles of a warp), each distinct fragment is loaded once,
// before the first update that reads it, into registers the later ones share. Nothing but tile
// updates lies in the run, so no shared-memory write or barrier lies between a load moved up and
// its uses. (ldmatrix is volatile inline PTX, which the compiler does not merge itself.)
cast::StmtPtr share_fragment_loads(const cast::StmtPtr& body);

// The PTX helpers the code calls (mma.sync per shape and type, TF32 rounding, cp.async); empty
// when the code calls none.
std::string tensor_core_helpers(const std::string& code);

// cp.async rings (pipeline_fetch with stages and async): the tag pipeline_fetch puts on a ring's
// copies inside its loop, `pipeline_fetch_async_stages_<S>`.
constexpr const char* kAsyncCopyTagPrefix = "pipeline_fetch_async_stages_";
// Whether `instruction` is such a copy.
bool is_async_copy(const Instruction& instruction);
// How many fills may still be in flight at a barrier: D - 1 of the shallowest ring of `kernel`,
// D how far ahead it fills (pipeline_fetch's tag pipeline_fetch_ahead_<D>_of_<S>: S - 1, or S - 2
// for rings with asynchronous readers), S - 2 where a copy has no such tag (nullopt: no async ring).
std::optional<int> async_groups_in_flight(const LoopKernel& kernel);
// The rings (local tiles) whose fill in iteration ko writes neither slot ko % S nor (ko - 1) % S:
// filled 1 .. S - 2 iterations ahead, so a wgmma group of the previous iteration may still read.
std::set<std::string> rings_with_a_tile_in_flight(const LoopKernel& kernel);
// Puts `cp.async.commit_group; cp.async.wait_group <in_flight>` before every barrier of `body`.
// Correct for any number of barriers per iteration: a ring's fill of iteration ko + D is
// issued after the barrier of iteration ko and read after the barrier of iteration ko + D,
// so at that barrier at least D - 1 later groups were committed (one per barrier in between)
// and waiting for all but the last D - 1 includes the fill. The ring's fills before the loop are
// ordinary copies (nothing in flight there).
cast::StmtPtr wait_for_async_copies(const cast::StmtPtr& body, int in_flight);

}  // namespace loom::codegen
