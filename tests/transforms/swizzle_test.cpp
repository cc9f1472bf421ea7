// The 128-byte swizzle of local tiles (issue 29; src/ir/layout.hpp): the dim tag "swizzle128" on a
// tile's contiguous axis stores 16-byte chunk c of 128-byte row r at chunk c ^ (r % 8). It changes
// only the printed flat index, so a swizzled kernel must compute what the untransformed one does:
// these tests run swizzled fetches (plain, padded, 16-bit, in a cp.async-style ring) on C and on
// PoCL against the untransformed kernel at ragged sizes, check the printed permutation and the
// storage's padding and alignment, and assert every refusal's message.
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "ir/layout.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_on_opencl;
using testing::kernels_of;

LoopKernel matmul(DType operands) {
  return make_kernel({"{[i,j,k]: 0<=i<m and 0<=j<n and 0<=k<l}"}, "c[i, j] = sum(k, a[i, k]*b[k, j]) {id=mm}",
                     {array_arg("a", operands, {"m", "l"}), array_arg("b", operands, {"l", "n"}),
                      array_arg("c", DType::Float32, {"m", "n"})},
                     {.name = "swizzled_matmul"});
}

// 16 x `j_tile` results a work-group, k tiles of `k_tile`: a_fetch is 16 x k_tile, b_fetch
// k_tile x j_tile. `parallel`: 16 x 4 work-items (each j_tile / 4 columns) fill the
// tiles together, across barriers (OpenCL); else one work-item a group fills and reads them, as
// the C target can run (it runs work-items one after another).
LoopKernel tiled(const LoopKernel& kernel, int64_t k_tile, int64_t j_tile, bool parallel = true) {
  auto local = [&](const char* tag) { return parallel ? std::optional<std::string>(tag) : std::nullopt; };
  LoopKernel result = split_iname(kernel, "i", 16, {.outer_tag = "g.0", .inner_tag = local("l.1")});
  result = split_iname(result, "j", j_tile, {.outer_tag = "g.1"});
  result = split_iname(result, "j_inner", j_tile / 4, {.outer_tag = local("l.0")});
  result = split_iname(result, "k", k_tile);
  result = prioritize_loops(result, parallel ? "k_outer, j_inner_inner, k_inner"
                                             : "k_outer, i_inner, j_inner_outer, j_inner_inner, k_inner");
  std::vector<std::string> outer{"i_outer", "j_outer", "k_outer"};
  std::optional<std::string> tag = parallel ? std::optional<std::string>("l.auto") : std::nullopt;
  result = add_prefetch(result, "a", {.sweep_inames = {"i_inner", "k_inner"}, .default_tag = tag, .fetch_outer_inames = outer});
  return add_prefetch(result, "b", {.sweep_inames = {"k_inner", "j_inner_outer", "j_inner_inner"}, .default_tag = tag,
                                    .fetch_outer_inames = outer});
}

const std::vector<ParameterMap> kRaggedSizes = {{{"m", 1}, {"n", 1}, {"l", 1}},
                                                {{"m", 17}, {"n", 17}, {"l", 17}},
                                                {{"m", 129}, {"n", 33}, {"l", 70}}};

// float32: 32 elements a 128-byte row, 4 a chunk. a_fetch rows are 32 k (one 128-byte row each),
// b_fetch rows 32 j.
LoopKernel swizzled_f32(bool parallel = true) {
  LoopKernel kernel = tiled(matmul(DType::Float32), 32, 32, parallel);
  kernel = tag_array_axes(kernel, "a_fetch", "stride:32, swizzle128");
  return tag_array_axes(kernel, "b_fetch", "stride:32, swizzle128");
}

TEST(Swizzle, KeepsTheMeaningOfAFetchOnC) {
  LoopKernel reference = matmul(DType::Float32);
  LoopKernel kernel = swizzled_f32(false);
  for (const ParameterMap& sizes : kRaggedSizes) testing::expect_matches_reference(kernel, reference, sizes);
}

TEST(Swizzle, KeepsTheMeaningOfAFetchOnOpenCL) {
  REQUIRE_OPENCL();
  LoopKernel reference = matmul(DType::Float32);
  LoopKernel kernel = swizzled_f32();
  for (const ParameterMap& sizes : kRaggedSizes) expect_on_opencl(kernel, reference, sizes);
}

// Padded rows (40 floats: rows start off the 128-byte grid) and 16-bit elements (64 a row, 8 a
// chunk) are still one permutation of the storage.
LoopKernel padded(bool parallel) {
  return tag_array_axes(tiled(matmul(DType::Float32), 32, 32, parallel), "a_fetch", "stride:40, swizzle128");
}
LoopKernel sixteen_bit(bool parallel) {
  LoopKernel kernel = tiled(matmul(DType::BFloat16), 64, 64, parallel);
  return tag_array_axes(tag_array_axes(kernel, "a_fetch", "stride:64, swizzle128"), "b_fetch", "stride:64, swizzle128");
}

TEST(Swizzle, KeepsTheMeaningOfPaddedAndSixteenBitTilesOnC) {
  for (const ParameterMap& sizes : kRaggedSizes) {
    testing::expect_matches_reference(padded(false), matmul(DType::Float32), sizes);
    testing::expect_matches_reference(sixteen_bit(false), matmul(DType::BFloat16), sizes);
  }
}

TEST(Swizzle, KeepsTheMeaningOfPaddedAndSixteenBitTilesOnOpenCL) {
  REQUIRE_OPENCL();
  for (const ParameterMap& sizes : kRaggedSizes) {
    expect_on_opencl(padded(true), matmul(DType::Float32), sizes);
    expect_on_opencl(sixteen_bit(true), matmul(DType::BFloat16), sizes);
  }
}

// swizzle128:N: a b tile of 64 float32 columns is two column blocks of 32 (128 bytes), 1024
// floats apart (32 rows of 32), as wgmma's n-major operands wider than one block are stored.
LoopKernel column_blocks(bool parallel) {
  LoopKernel kernel = tiled(matmul(DType::Float32), 32, 64, parallel);
  kernel = tag_array_axes(kernel, "a_fetch", "stride:32, swizzle128");
  return tag_array_axes(kernel, "b_fetch", "stride:32, swizzle128:1024");
}

TEST(Swizzle, KeepsTheMeaningOfColumnBlocksOnCAndOpenCL) {
  Temporary b = *column_blocks(false).find_temporary("b_fetch");
  b.dtype = DType::Float32;
  EXPECT_EQ(temporary_storage_extent(b), 2048);
  std::string source = generate_code(column_blocks(false), Target::C).source;
  EXPECT_NE(source.find("/ 32 * 1024"), std::string::npos) << source;
  for (const ParameterMap& sizes : kRaggedSizes) {
    testing::expect_matches_reference(column_blocks(false), matmul(DType::Float32), sizes);
    if (testing::have_opencl()) expect_on_opencl(column_blocks(true), matmul(DType::Float32), sizes);
  }
}

// The printed index is the strided one with its chunk bits exchanged: row = f / 32, chunk shift
// (row % 8) * 4 for float32.
TEST(Swizzle, PrintsTheXorOfTheChunkWithTheRow) {
  std::string source = generate_code(swizzled_f32(false), Target::C).source;
  EXPECT_NE(source.find("/ 32 % 8 * 4"), std::string::npos) << source;
  EXPECT_NE(source.find(" ^ "), std::string::npos) << source;
  std::string plain = generate_code(tiled(matmul(DType::Float32), 32, 32, false), Target::C).source;
  EXPECT_EQ(plain.find(" ^ "), std::string::npos) << plain;
}

// Storage covers whole 1024-byte blocks (one period of the pattern), starting on 1024 bytes on
// CUDA (wgmma's descriptors address the pattern by address bits) and OpenCL.
TEST(Swizzle, PadsTheStorageToWholeBlocksAndAlignsIt) {
  Temporary tile{"t", DType::Float32, {int_literal(17), int_literal(32)}, AddressSpace::Local};
  tile.dim_tags = {"stride:32", "swizzle128"};
  EXPECT_EQ(temporary_storage_extent(tile), 768);  // 17 rows of 128 bytes → 3 blocks of 256 floats
  tile.dtype = DType::BFloat16;
  tile.shape = {int_literal(8), int_literal(64)};
  tile.dim_tags = {"stride:64", "swizzle128"};
  EXPECT_EQ(temporary_storage_extent(tile), 512);
  std::string cuda = kernels_of(generate_code(swizzled_f32(), Target::CUDA).source);
  EXPECT_NE(cuda.find("a_fetch[512] __align__(1024)"), std::string::npos) << cuda;
  std::string opencl = kernels_of(generate_code(swizzled_f32(), Target::OpenCL).source);
  EXPECT_NE(opencl.find("a_fetch[512] __attribute__((aligned(1024)))"), std::string::npos) << opencl;
}

// pipeline_fetch's ring keeps the tag, and each slot is whole blocks: the ring of 3 tiles of 16 x
// 32 floats (512 floats = 2 blocks each) is 1536 floats.
TEST(Swizzle, ARingOfSwizzledTilesKeepsTheLayoutAndTheMeaning) {
  LoopKernel kernel = swizzled_f32();
  kernel = pipeline_fetch(kernel, "a_fetch_rule", "k_outer", {.stages = 3});
  kernel = pipeline_fetch(kernel, "b_fetch_rule", "k_outer", {.stages = 3});
  const Temporary* ring = kernel.find_temporary("a_fetch");
  ASSERT_NE(ring, nullptr);
  EXPECT_EQ(ring->dim_tags, (std::vector<std::string>{"stride:512", "stride:32", "swizzle128"}));
  LoopKernel reference = matmul(DType::Float32);
  if (testing::have_opencl()) {
    for (const ParameterMap& sizes : kRaggedSizes) expect_on_opencl(kernel, reference, sizes);
  }
}

TEST(Swizzle, RefusesLayoutsItCannotPermute) {
  LoopKernel kernel = tiled(matmul(DType::Float32), 32, 32);
  EXPECT_EQ(error_message<Error>([&] { tag_array_axes(kernel, "a_fetch", "swizzle128, swizzle128"); }),
            "tag_array_axes: temporary 'a_fetch': dim_tags have more than one swizzle128 axis");
  EXPECT_EQ(error_message<Error>([&] { tag_array_axes(kernel, "a_fetch", "c, swizzle128"); }),
            "tag_array_axes: temporary 'a_fetch': dim_tags mix stride:EXPR (or swizzle128) with other tags; give every axis but a "
            "vec one a stride");
  LoopKernel vec = split_array_axis(kernel, "a_fetch", 1, 4);
  EXPECT_EQ(error_message<Error>([&] { tag_array_axes(vec, "a_fetch", "stride:32, swizzle128, vec"); }),
            "tag_array_axes: temporary 'a_fetch': dim_tags have a vec axis and a swizzle128 axis; a swizzled tile is stored element "
            "by element (its 16-byte chunks move)");
  EXPECT_EQ(error_message<Error>([&] { tag_array_axes(kernel, "a_fetch", "stride:32, swizzle128:x"); }),
            "tag_array_axes: temporary 'a_fetch': dim_tags entry 'swizzle128:x' is not swizzle128 or swizzle128:N with N a positive "
            "integer (the elements between 128-byte column blocks)");
  LoopKernel swizzled = tag_array_axes(kernel, "a_fetch", "stride:32, swizzle128");
  EXPECT_EQ(error_message<Error>([&] { split_array_axis(swizzled, "a_fetch", 1, 8); }),
            "split_array_axis: array 'a_fetch' is swizzled (swizzle128); split its axes before tagging it");
  EXPECT_EQ(error_message<Error>([&] { tag_array_axes(kernel, "a", "stride:l, swizzle128"); }),
            "tag_array_axes: argument 'a': dim_tags give 'swizzle128', a layout of temporaries only (a local tile's storage); an "
            "argument is laid out by its caller");
}

}  // namespace
}  // namespace loom
