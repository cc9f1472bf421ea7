// Array layouts: per-axis strides from loopy's dim_tags (or the C/F order), for arguments and
// temporaries alike.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "loom/codegen.hpp"
#include "loom/kernel.hpp"

namespace loom {

// The stride (in scalar elements) of every axis of an array, as expressions of the parameters.
//   c,c,c (or order C) → (s1*s2, s2, 1); f,f,f (or order F) → (1, s0, s0*s1)
//   N1,N0,N2 → axis 1 fastest, then axis 0, then axis 2; stride:EXPR → that stride.
//   vec: the axis is a short vector (its length a constant 2, 4, 8 or 16), stored innermost with
//        stride 1; every other stride counts whole vectors (c,vec on (m,4) → (4, 1)).
//   sep: each index along the axis is a block of its own (structure of arrays), the blocks one
//        after the other: the axis is stored outermost.
// Throws loom::Error naming the array for malformed or mixed tags (c with f, N with stride,
// repeated or missing levels, two vec axes, a vec length no target supports).
std::vector<ExprPtr> array_strides(const KernelArgument& arg);
std::vector<ExprPtr> array_strides(const Temporary& temporary);

// Checks the tags without computing anything (for the spec reader and make_kernel).
void validate_dim_tags(const KernelArgument& arg);

// The vec axis of an array's dim_tags, if it has one.
std::optional<std::size_t> vec_axis(const std::vector<std::string>& dim_tags);

// The vector lengths `target` has types for (SPEC.md: 2 and 4 everywhere, 8 and 16 on OpenCL).
std::vector<int64_t> supported_vec_lengths(Target target);

// Refuses a vec axis whose length `target` has no vector type for, naming the array, the axis,
// the length and the target's lengths.
void check_vec_lengths(const LoopKernel& kernel, Target target);

// The 128-byte swizzle of a local tile (issue 29: the layout Hopper's wgmma reads without bank
// conflicts; CUTLASS's Swizzle<3, 4, 3>): the dim tag "swizzle128" on the contiguous axis (stride
// 1), with stride:EXPR tags on the other axes. With E-byte elements and the unswizzled flat index
// f (offsets as the strides give them), the element is stored at
//   f ^ ((f / (128 / E)) % 8) * (16 / E)
// i.e. 16-byte chunk c of 128-byte row r sits at chunk c ^ (r % 8). A bijection on each 1024-byte
// block that keeps every aligned 16-byte chunk whole, so 16-byte copies stay whole and every
// analysis of logical indices (dependences, races, bounds) is unaffected: only the printed flat
// index changes (ExpressionLowering::flat_index). The storage is padded to whole 1024-byte blocks
// and, on CUDA, starts on 1024 bytes.
// "swizzle128:N" stores an axis longer than a row in column blocks of 128 bytes, N elements
// apart: index c lies at (c / (128 / E)) * N + c % (128 / E) before the permutation (CUTLASS's
// SW128 atoms tiled along the contiguous axis: an n-major wgmma operand wider than 64 bf16).
constexpr const char* kSwizzle128Tag = "swizzle128";
constexpr int64_t kSwizzleRowBytes = 128;
constexpr int64_t kSwizzleChunkBytes = 16;
constexpr int64_t kSwizzleBlockBytes = 1024;
bool is_swizzle_tag(const std::string& tag);
bool is_swizzled(const std::vector<std::string>& dim_tags);
std::optional<std::size_t> swizzle_axis(const std::vector<std::string>& dim_tags);
// N of swizzle128:N (nullopt: plain swizzle128, or no swizzle); throws naming `what` when malformed.
std::optional<int64_t> swizzle_atom_stride(const std::string& what, const std::vector<std::string>& dim_tags);
// Elements of `dtype` in a 128-byte row and in a 16-byte chunk.
int64_t swizzle_row_elements(DType dtype);
int64_t swizzle_chunk_elements(DType dtype);

// Elements a temporary's storage spans (its padded size when dim_tags give strides).
int64_t temporary_storage_extent(const Temporary& temporary);

}  // namespace loom
