// Stores of whole 128-byte lines (issue 25): an instruction tagged `store_whole_lines`
// (tag_instructions) that writes a global row segment `b[.., base + 32*q + lane]` from an
// unrolled iname q and a 32-wide l.0 iname `lane` is emitted with its lanes rotated by the
// segment's distance to the next 128-byte line, so that each warp store covers one line instead
// of straddling two wherever the row does not start on a line (an odd row pitch).
//
// Semantics: unchanged. Work-item `lane` runs the instances of column (lane + s) mod 32 instead
// of column `lane`, and the unrolled copies run in a shifted order (one more slot, the first and
// last partly masked); every (q, column) instance still runs exactly once. That is legal because
// the instruction reads nothing private to a work-item (no private temporary), and no other
// instruction runs in the rotated loop. CUDA (NVRTC) and OpenCL only; C and the LLVM path keep
// the plain copies, as do copies under guards (the partial work-groups' nest).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "codegen/cast.hpp"
#include "codegen/lower_expr.hpp"
#include "loom/kernel.hpp"

namespace loom::codegen {

inline constexpr const char* kStoreWholeLinesTag = "store_whole_lines";

// What the rotation of one tagged instruction turns: the unrolled iname that steps by 32 elements
// of the stored row, and the l.0 iname that steps by one.
struct LineRotation {
  std::string unrolled;
  std::string lane;
  int64_t lower = 0;
  int64_t extent = 0;
};

// The rotations of the kernel's tagged instructions, by instruction id. Throws loom::Error naming
// the instruction and what does not fit (not one store into a global array of 4-byte elements,
// no l.0 iname over [0, 32) with coefficient 1, no unrolled iname with coefficient 32, a private
// temporary read).
std::map<std::string, LineRotation> plan_line_rotations(const LoopKernel& kernel);

// The rotated loop replacing the guard-free unrolled copies of `rotation.unrolled` around
// `instruction` (`copies`: each copy's iname values, in order).
cast::StmtPtr rotated_stores(const LoopKernel& kernel, const ExpressionLowering& expressions,
                             const Instruction& instruction, const LineRotation& rotation,
                             const std::vector<InameValues>& copies);

}  // namespace loom::codegen
