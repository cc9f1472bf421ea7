// Tensor-core transforms (issue 29): mapping an instruction's (i, j, k) tile onto matrix
// fragments, as TVM's tensorize and Triton's tl.dot do.
#pragma once

#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

struct TensorizeOptions {
  // The matrix instruction's tile, PTX's names: "m16n8k16" (float16 or bfloat16 operands) or
  // "m16n8k8" (float32 operands rounded to TF32; needs allow_tf32).
  std::string shape = "m16n8k16";
  // float32 operands are rounded to TF32 (10 fraction bits) by the tensor cores: only when asked.
  bool allow_tf32 = false;
  bool unchecked = false;
};

// Marks the instruction matched by `insn_match`, `c[.., i, .., j] = sum(k, a[.., i, .., k] *
// b[.., k, .., j])` (or with the reads swapped), so that its tile over inames = {i, j, k} runs as
// one warp-level matrix multiply-accumulate on CUDA. The tile inames must range over exactly the
// shape's M, N and K from 0 (split them first), be sequential, and index the operands as a
// fragment needs: each read indexed by its two tile inames with unit coefficient, one of them on
// its last (contiguous) axis, from local or global memory; the result float32. On the C and
// OpenCL targets the tile runs as ordinary loops: the transform changes no result there.
// Refuses anything else with the reason (decisions.md, Issue 29: tensorize).
LoopKernel tensorize(const LoopKernel& kernel, const std::string& insn_match, const std::vector<std::string>& inames,
                     const TensorizeOptions& options = {});

}  // namespace loom
