// Bulk tensor copies (Hopper's TMA, cp.async.bulk.tensor) of a ring's fills (issue 29, tma18).
//
// pipeline_fetch with `bulk` asks that each fill of a ring slot be one copy engine request (a box
// of a global array into the slot) instead of every work-item's 16-byte copies. The meaning is
// the fill's: what the kernel says on the C and OpenCL targets, where the fill stays ordinary
// copies. A box copy writes every element of the box, element t of the box being the array's
// element origin + t, or zero where that lies outside the array; so it means the same as the fill
// exactly where
//   - the fill writes one element of a local tile from one element of a global array argument
//     (`tile[t] = a[g]`, or `tile[t] = if(c, a[g], 0)`), with as many axes in the tile (past the
//     ring's slot) as in the array, at most five;
//   - g - t does not depend on the fill's own inames (those its tile index uses): a translation
//     by the box's origin, which then depends only on the enclosing loops;
//   - the fill writes the whole tile (each element of the box) for every value of the enclosing
//     loops, so the engine writes nothing the fill leaves alone;
//   - c (if any) holds exactly where g lies inside the array's shape (the engine's zero fill),
//     and without c every g lies inside it;
//   - the tile's storage is a layout the engine writes: the 128-byte swizzle with 128-byte rows
//     (swizzle128; swizzle128:N stores a wider tile as column panels, one box each), dense inside
//     each panel. Plain row-major tiles are refused for now: their storage starts on 16 bytes,
//     and the engine wants 128 (docs/decisions.md, "Issue 29: TMA (tma18)").
// Each is checked here, with isl on the fill's instances where a question is about values.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

// pipeline_fetch's tag on a ring's bulk fills (the first fills and the loop's):
// pipeline_fetch_bulk_<stages>_<lowest>_<loop>: the ring's length, the loop's first value and the
// loop, which code generation needs for the readers' waits (tile ko lives in slot
// (ko - lowest) % S, its fill completes phase ((ko - lowest) / S) % 2 of the slot's barrier).
constexpr const char* kBulkFillTagPrefix = "pipeline_fetch_bulk_";

struct BulkRing {
  int64_t stages = 0;
  int64_t lowest = 0;
  std::string loop;
};

std::string bulk_fill_tag(int64_t stages, int64_t lowest, const std::string& loop);
std::optional<BulkRing> bulk_ring(const Instruction& instruction);
bool is_bulk_fill(const Instruction& instruction);

// `kernel` with its bulk fills made the cp.async ring pipeline_fetch makes without bulk (the
// loop's fill tagged async, the first fills ordinary copies): the runtime's fallback where a
// launch's arrays break the copy engine's alignment rules (a start or a row stride that is not a
// multiple of 16 bytes).
LoopKernel without_bulk_fills(const LoopKernel& kernel);

struct BulkCopy {
  std::string tile;   // the local tile (ring) the fill writes
  std::string array;  // the global array argument it reads
  DType dtype;
  std::vector<int64_t> box;  // the tile's extents, outermost first (without the ring's slot axis)
  bool swizzle128 = false;
  int64_t panels = 1;          // boxes a fill issues: column panels of the innermost axis
  int64_t panel_elements = 0;  // the innermost extent of one box
  int64_t panel_stride = 0;    // elements between panels in the tile
  ExprPtr slot;                // the ring slot the fill writes (null for a tile without one)
  int64_t slot_stride = 0;     // elements between slots
  std::vector<ExprPtr> tile_index;    // the fill's tile subscripts past the slot
  std::vector<ExprPtr> global_index;  // its array subscripts (the box's origin where tile_index is 0)
  int64_t bytes() const;              // what one fill writes, all panels
};

// How `fill` is a bulk copy, or the reason it is not one (a sentence naming what fails).
// `slot_axis`: the tile's first axis is the ring's slot (pipeline_fetch's fills after the ring is
// made), else the tile is the fetch's own.
std::variant<BulkCopy, std::string> bulk_copy_of(const LoopKernel& kernel, const Instruction& fill, bool slot_axis);

}  // namespace loom
