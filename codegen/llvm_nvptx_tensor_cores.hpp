// libloom_llvm.so's tensor-core instructions (issue 30): what the CUDA printer's helpers
// loom_mma_<shape>_<type>, loom_ldsm_x<n>[_trans] and loom_mma_tf32 (codegen/tensor_cores.cpp) do,
// as LLVM inline asm of the same PTX (codegen/tensor_core_ptx.hpp), with the same side effects:
// - mma.sync and cvt.rna.tf32 are pure (no memory, not volatile), as the printer's `asm` without
//   `volatile` is: LLVM may move, merge or drop them like arithmetic;
// - ldmatrix is volatile (`asm volatile` in the printer) and, having no memory attributes, may read
//   and write any memory: it stays between the barriers and shared-memory stores around it.
// Internal to libloom_llvm.so (it includes LLVM); codegen/llvm_nvptx.cpp evaluates the operands.
#pragma once

#include <string>

#include <llvm/ADT/ArrayRef.h>
#include <llvm/IR/IRBuilder.h>

namespace loom::codegen::nvptx {

// mma.sync.aligned.<shape>.row.col.f32.<type>.<type>.f32 on the four floats at `accumulator`
// (loaded, multiplied into and stored back): `a` four 32-bit words, `b` two.
void mma_sync(llvm::IRBuilder<>& builder, const std::string& shape, const std::string& type, llvm::Value* accumulator,
              llvm::ArrayRef<llvm::Value*> a, llvm::ArrayRef<llvm::Value*> b);

// ldmatrix.sync.aligned.m8n8.x<matrices>[.trans].shared.b16 from the shared-memory pointer `row`
// (address space 3) into `matrices` 32-bit words at `fragment`.
void ldmatrix(llvm::IRBuilder<>& builder, int matrices, bool trans, llvm::Value* row, llvm::Value* fragment);

// cvt.rna.tf32.f32: the 32 bits of the f32 `value` rounded to TF32.
llvm::Value* round_to_tf32(llvm::IRBuilder<>& builder, llvm::Value* value);

// Two 16-bit values (bf16, f16 or i16) as one 32-bit word, `low` in the low half.
llvm::Value* pack_halves(llvm::IRBuilder<>& builder, llvm::Value* low, llvm::Value* high);

}  // namespace loom::codegen::nvptx
