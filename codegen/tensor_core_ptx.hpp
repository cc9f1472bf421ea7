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
// The same for 8 or 4 bytes (rows of a ring fill on 8 or 4 bytes only): .ca, the only cache
// operator these sizes allow; both addresses on the size.
inline std::string cp_async_narrow(int bytes) {
  return "cp.async.ca.shared.global [%0], [%1], " + std::to_string(bytes) + ";";
}

// Closes the cp.async copies issued so far into a group and waits until at most `pending` groups
// are still in flight (0: all done).
inline std::string cp_async_commit_and_wait(int pending) {
  return "cp.async.commit_group; cp.async.wait_group " + std::to_string(pending) + ";";
}

// ---- Hopper's warpgroup MMA (wgmma, sm_90a only) ----------------------------------------------
// D = A·B + D for one warpgroup's 64 x n f32 tile, both operands in shared memory by 64-bit
// descriptors: the accumulator's n / 2 f32 registers are %0 .. %(n/2 - 1), the descriptors of a
// and b the next two operands, and scale-d (a predicate: 0 ignores D) comes from the 32-bit
// operand after them. `shape` is m64n<n>k16 (16-bit `type`: bf16 or f16; `trans_a`, `trans_b`:
// 1 where the operand is stored m- / n-major, 0 where k-major) or m64n<n>k8 (tf32, both k-major:
// PTX has no transposed TF32 form).
inline std::string wgmma(const std::string& shape, const std::string& type, int accumulators, bool trans_a,
                         bool trans_b) {
  std::string registers;
  for (int r = 0; r < accumulators; ++r) registers += (r == 0 ? "%" : ", %") + std::to_string(r);
  std::string immediates = type == "tf32" ? "1, 1" : "1, 1, " + std::to_string(trans_a ? 1 : 0) + ", " +
                                                         std::to_string(trans_b ? 1 : 0);
  return "{ .reg .pred p; setp.ne.b32 p, %" + std::to_string(accumulators + 2) + ", 0; wgmma.mma_async.sync.aligned." +
         shape + ".f32." + type + "." + type + " {" + registers + "}, %" + std::to_string(accumulators) + ", %" +
         std::to_string(accumulators + 1) + ", p, " + immediates + "; }";
}

// The same with A from registers (m64n<n>k8, tf32 only here): the accumulators %0 .. %(n/2 - 1),
// A's four 32-bit fragment registers next (the m16n8k8 A fragment of each warp's 16 rows of the
// 64: a_r holds A[16 w + g + 8 (r % 2), t + 4 (r / 2)], w the warp in the warpgroup, g = lane / 4,
// t = lane % 4), then B's descriptor (k-major) and scale-d. TF32 has no transpose immediates.
inline std::string wgmma_register_a(const std::string& shape, const std::string& type, int accumulators) {
  std::string registers;
  for (int r = 0; r < accumulators; ++r) registers += (r == 0 ? "%" : ", %") + std::to_string(r);
  auto operand = [&](int n) { return "%" + std::to_string(accumulators + n); };
  return "{ .reg .pred p; setp.ne.b32 p, " + operand(5) + ", 0; wgmma.mma_async.sync.aligned." + shape + ".f32." + type +
         "." + type + " {" + registers + "}, {" + operand(0) + ", " + operand(1) + ", " + operand(2) + ", " + operand(3) +
         "}, " + operand(4) + ", p, 1, 1; }";
}

// Orders the registers' earlier writes (the accumulators' zeroing) before the wgmmas that follow.
inline const char* wgmma_fence() { return "wgmma.fence.sync.aligned;"; }

// Closes the wgmmas issued so far into a group (they keep running).
inline const char* wgmma_commit() { return "wgmma.commit_group.sync.aligned;"; }

// Waits for every wgmma group: the accumulators are then readable and the operand tiles free to
// be overwritten.
inline const char* wgmma_wait_all() { return "wgmma.wait_group.sync.aligned 0;"; }

// Waits for every wgmma group but the last one: the k loop keeps one tile's wgmmas in flight
// while the next tile's copies are waited for (pipeline_fetch's rings with asynchronous readers).
inline const char* wgmma_wait_all_but_one() { return "wgmma.wait_group.sync.aligned 1;"; }

// Makes the work-item's earlier generic-proxy writes to shared memory (its stores and finished
// cp.async copies) visible to the async proxy, through which wgmma reads its operands.
inline const char* fence_proxy_async_shared() { return "fence.proxy.async.shared::cta;"; }

// ---- bulk tensor copies (TMA, sm_90) and their mbarriers (PTX ISA 9.7.9.25, 9.7.13.15) ----------
// One mbarrier a ring slot, initialized by one work-item with an arrival count of 1 (the
// work-item that issues the slot's copies), then made visible to the async proxy.
inline const char* mbarrier_init() { return "mbarrier.init.shared::cta.b64 [%0], 1;"; }
inline const char* mbarrier_init_fence() { return "fence.mbarrier_init.release.cluster; fence.proxy.async.shared::cta;"; }
// The issuing work-item's arrival, which also tells the barrier how many bytes the copies bring.
inline const char* mbarrier_arrive_expect_tx() {
  return "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;";
}
// One try of a reader's wait for the phase of parity %2 (the slot's fill number modulo 2) of the
// barrier at %1: %0 is 1 once it completed (the instruction itself waits a while before it fails).
inline const char* mbarrier_try_wait_parity() {
  return "{ .reg .pred done; mbarrier.try_wait.parity.shared::cta.b64 done, [%1], %2; selp.b32 %0, 1, 0, done; }";
}
// A box of `dims` axes from the tensor map %1 at coordinates %3.. (innermost first) into shared
// memory at %0, completing on the mbarrier %2.
inline std::string bulk_tensor_copy(int dims) {
  std::string coordinates;
  for (int d = 0; d < dims; ++d) coordinates += (d == 0 ? "%" : ", %") + std::to_string(3 + d);
  return "cp.async.bulk.tensor." + std::to_string(dims) +
         "d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {" + coordinates + "}], [%2];";
}

}  // namespace loom::codegen::tensor_ptx
