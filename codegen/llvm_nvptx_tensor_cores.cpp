// libloom_llvm.so's tensor-core instructions: see llvm_nvptx_tensor_cores.hpp.
#include "codegen/llvm_nvptx_tensor_cores.hpp"

#include <stdexcept>
#include <vector>

#include <llvm/IR/InlineAsm.h>

#include "codegen/tensor_core_ptx.hpp"

namespace loom::codegen::nvptx {

namespace {

constexpr unsigned kSharedSpace = 3;

// The CUDA asm text (%N operands) as LLVM's ($N operands). The PTX strings have no other % or $.
std::string llvm_asm_text(const std::string& cuda) {
  std::string text = cuda;
  for (char& c : text) {
    if (c == '%') c = '$';
  }
  return text;
}

llvm::InlineAsm* inline_asm(llvm::Type* result, llvm::ArrayRef<llvm::Type*> operands, const std::string& ptx,
                            const std::string& constraints, bool volatile_asm) {
  auto* type = llvm::FunctionType::get(result, operands, false);
  return llvm::InlineAsm::get(type, llvm_asm_text(ptx), constraints, volatile_asm);
}

// "=f,=f,..." for `count` outputs of constraint `letter`.
std::string outputs(int count, const char* letter) {
  std::string text;
  for (int n = 0; n < count; ++n) text += std::string(n == 0 ? "=" : ",=") + letter;
  return text;
}

}  // namespace

void mma_sync(llvm::IRBuilder<>& builder, const std::string& shape, const std::string& type, llvm::Value* accumulator,
              llvm::ArrayRef<llvm::Value*> a, llvm::ArrayRef<llvm::Value*> b) {
  llvm::Type* f32 = builder.getFloatTy();
  llvm::Type* i32 = builder.getInt32Ty();
  std::vector<llvm::Value*> operands(a.begin(), a.end());
  operands.insert(operands.end(), b.begin(), b.end());
  std::vector<llvm::Value*> addresses;
  for (int r = 0; r < 4; ++r) {
    addresses.push_back(builder.CreateConstInBoundsGEP1_32(f32, accumulator, static_cast<unsigned>(r)));
    operands.push_back(builder.CreateLoad(f32, addresses.back()));
  }
  std::vector<llvm::Type*> types(6, i32);
  types.insert(types.end(), 4, f32);
  // The printer's "+f" accumulators: four outputs, and four inputs tied to them (0-3).
  llvm::InlineAsm* instruction = inline_asm(llvm::StructType::get(builder.getContext(), {f32, f32, f32, f32}), types,
                                            tensor_ptx::mma(shape, type), outputs(4, "f") + ",r,r,r,r,r,r,0,1,2,3", false);
  llvm::Value* result = builder.CreateCall(instruction, operands);
  for (unsigned r = 0; r < 4; ++r) builder.CreateStore(builder.CreateExtractValue(result, {r}), addresses[r]);
}

void ldmatrix(llvm::IRBuilder<>& builder, int matrices, bool trans, llvm::Value* row, llvm::Value* fragment) {
  if (row->getType()->getPointerAddressSpace() != kSharedSpace) {
    throw std::logic_error("ldmatrix reads shared memory, and its row address is not a shared-memory pointer");
  }
  llvm::Type* i32 = builder.getInt32Ty();
  std::vector<llvm::Type*> words(static_cast<std::size_t>(matrices), i32);
  // The printer's (uint32_t) __cvta_generic_to_shared(row): the shared-window address.
  llvm::Value* address = builder.CreatePtrToInt(row, i32);
  llvm::InlineAsm* instruction = inline_asm(llvm::StructType::get(builder.getContext(), words), {i32},
                                            tensor_ptx::ldmatrix(matrices, trans), outputs(matrices, "r") + ",r", true);
  llvm::Value* result = builder.CreateCall(instruction, {address});
  for (unsigned r = 0; r < static_cast<unsigned>(matrices); ++r) {
    builder.CreateStore(builder.CreateExtractValue(result, {r}), builder.CreateConstInBoundsGEP1_32(i32, fragment, r));
  }
}

llvm::Value* round_to_tf32(llvm::IRBuilder<>& builder, llvm::Value* value) {
  llvm::InlineAsm* instruction = inline_asm(builder.getInt32Ty(), {builder.getFloatTy()}, tensor_ptx::tf32_round(), "=r,f", false);
  return builder.CreateCall(instruction, {value});
}

llvm::Value* pack_halves(llvm::IRBuilder<>& builder, llvm::Value* low, llvm::Value* high) {
  auto word = [&](llvm::Value* half) {
    llvm::Value* bits = half->getType()->isIntegerTy() ? builder.CreateZExtOrTrunc(half, builder.getInt16Ty())
                                                       : builder.CreateBitCast(half, builder.getInt16Ty());
    return builder.CreateZExt(bits, builder.getInt32Ty());
  };
  return builder.CreateOr(word(low), builder.CreateShl(word(high), 16));
}

}  // namespace loom::codegen::nvptx
