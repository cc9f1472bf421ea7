// The PTX of loom's tensor-core instructions (issues 29 and 30), one place per instruction family
// for both CUDA compilers: the CUDA printer's helpers (codegen/tensor_cores.cpp) wrap these strings
// in CUDA inline asm for NVRTC, and the LLVM path (codegen/llvm_nvptx_tensor_cores.cpp) in LLVM
// inline asm, so that both give ptxas the same instructions. Operands are written %N, CUDA's asm
// syntax (the LLVM side rewrites them as $N, LLVM's).
//
// Header-only: libloom_llvm.so includes it without linking libloom.
#pragma once

#include <string>

namespace loom::codegen::tensor_ptx {

// D = A·B + C for one warp's 16x8 f32 tile (row-major A, column-major B): the accumulator's four
// f32 registers are both C and D (%0-%3), A's four 32-bit words are %4-%7, B's two %8, %9.
// `shape` is m16n8k16 (16-bit `type`: bf16 or f16) or m16n8k8 (tf32).
inline std::string mma(const std::string& shape, const std::string& type) {
  return "mma.sync.aligned." + shape + ".row.col.f32." + type + "." + type +
         ".f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};";
}

// ldmatrix of `matrices` (2 or 4) 8x8 matrices of 16-bit elements from shared memory into that
// many 32-bit registers (%0 ...); the lane's row address (a 32-bit shared-window address) is the
// last operand. `.trans` hands each lane a column pair instead of a row pair.
inline std::string ldmatrix(int matrices, bool trans) {
  std::string registers;
  for (int r = 0; r < matrices; ++r) registers += (r == 0 ? "%" : ", %") + std::to_string(r);
  return "ldmatrix.sync.aligned.m8n8.x" + std::to_string(matrices) + (trans ? ".trans" : "") + ".shared.b16 {" +
         registers + "}, [%" + std::to_string(matrices) + "];";
}

// An f32 rounded to TF32 (to nearest, ties away from zero), as the 32 bits mma.sync's tf32 reads:
// %0 the bits, %1 the f32.
inline const char* tf32_round() { return "cvt.rna.tf32.f32 %0, %1;"; }

// cp.async (sm_80+): 16 bytes from global memory (%1, a generic 64-bit address) into shared memory
// (%0, a 32-bit shared-window address) without registers; .cg caches at L2 only (the tile is read
// once from global memory). Both addresses 16-byte aligned.
inline const char* cp_async_16() { return "cp.async.cg.shared.global [%0], [%1], 16;"; }

// Closes the cp.async copies issued so far into a group and waits until at most `pending` groups
// are still in flight (0: all done).
inline std::string cp_async_commit_and_wait(int pending) {
  return "cp.async.commit_group; cp.async.wait_group " + std::to_string(pending) + ";";
}

}  // namespace loom::codegen::tensor_ptx
