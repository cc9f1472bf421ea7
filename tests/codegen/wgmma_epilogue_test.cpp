// wgmma's per-tile fixed cost and ragged rows (issue 29, epi18): (1) the accumulators' store puts
// registers r and r + 1 (columns c and c + 1 of one row) in one 8-byte store where the
// warpgroup's whole 64 x n tile is in the domain and the output's pairs are on 8 bytes (one
// group-uniform test), the stores one by one elsewhere; (2) an async ring fill's edge copy of a
// row on 8 or 4 bytes but not 16 takes two 8-byte or four 4-byte cp.async copies instead of the
// lanes one by one. Both are CUDA code only: the C and OpenCL code is unchanged (asserted), so the
// CUDA code's shape is asserted here, NVRTC compiles it for sm_90a offline, and the gpu-label test
// runs it at sizes that take every branch (rows on 16, 8, 4 and 2 bytes; whole and edge tiles).
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "example_files.hpp"
#include "loom/loom.hpp"
#include "runtime/scoped_env.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::count;

Spec example(const std::string& file) { return read_spec(testing::example_file_text("tensor", file)); }

// Every nest's store (the full groups' and the edge groups'): where the whole tile is in range and
// c's pairs are on 8 bytes (n even, c on 8 bytes), 64 unguarded 8-byte stores a work-item (a loop
// over the even registers); elsewhere the 128 guarded stores as before.
TEST(WgmmaEpilogue, WholeTilesStoreColumnPairsAtOnce) {
  Spec spec = example("bf16_gemm_wgmma.json");
  std::string source = generate_code(spec.kernel, Target::CUDA).source;
  std::string kernels = testing::kernels_of(source);
  const std::string test = "if (m >= 128 * i_group + 64 * i_wg + 64 && n >= 256 * j_group + 256 && "
                           "(loom_aligned_8(c) && n % 2 == 0))\n";
  EXPECT_EQ(count(kernels, test), 2) << kernels;
  for (std::size_t at = kernels.find(test); at != std::string::npos; at = kernels.find(test, at + 1)) {
    auto [pairs, one_by_one] = testing::if_branches(kernels, at);
    EXPECT_EQ(count(pairs, "for (int32_t loom_r = 0; loom_r < 128; loom_r += 2)"), 1) << pairs;
    EXPECT_EQ(count(pairs, "loom_store_2f(c + "), 1) << pairs;
    EXPECT_EQ(count(pairs, "acc_k_outer_k_step_k_tile[0 * 128 + 0 + (loom_r + 1)]"), 1) << pairs;
    EXPECT_EQ(count(pairs, "if ("), 0) << pairs;
    EXPECT_EQ(count(one_by_one, "for (int32_t loom_r = 0; loom_r < 128; ++loom_r)"), 1) << one_by_one;
    EXPECT_EQ(count(one_by_one, " c["), 1) << one_by_one;
    EXPECT_EQ(count(one_by_one, "loom_store_2f"), 0) << one_by_one;
  }
  EXPECT_NE(source.find("*(float2*) to = make_float2(first, second);"), std::string::npos);
  EXPECT_NE(source.find("LOOM_FN bool loom_aligned_8(const void* address) { return ((unsigned long long) address & 7) == 0; }"),
            std::string::npos);
  LOOM_EXPECT_COMPILES_TO_SM90_CUBIN(source, spec.kernel.name);
}

// TF32 wgmma exchanges the operands' roles (c^T = b^T a^T): a register pair's two columns are two
// rows of c, n elements apart, so its stores stay one by one.
TEST(WgmmaEpilogue, TransposedAccumulatorsStoreOneByOne) {
  Spec spec = example("tf32_gemm_wgmma.json");
  std::string kernels = testing::kernels_of(generate_code(spec.kernel, Target::CUDA).source);
  EXPECT_EQ(count(kernels, "loom_store_2f"), 0) << kernels;
  EXPECT_GT(count(kernels, " c["), 0) << kernels;
}

// An async ring fill's edge copy, per 16-byte chunk: where the chunk is wholly in range `if (A16)
// 16 bytes else if (A8) 2 x 8 else 4 x 4`, where it is wholly past the edge 16 zero bytes, under
// the narrowest test A4; the lanes one by one only where no width holds (a bfloat16 row
// of odd length) or the chunk straddles the edge. Each test is of the array's start and the row
// length (`n % 4 == 0` for 8 bytes: known_multiples reads the offset), the same at every copy.
// The whole-tile side is unchanged: 16-byte copies only.
TEST(NarrowRingFills, EdgeCopiesOfRowsOnEightOrFourBytesAreNarrowerCpAsync) {
  Spec spec = example("bf16_gemm_wgmma.json");
  std::string source = generate_code(spec.kernel, Target::CUDA).source;
  std::string kernels = testing::kernels_of(source);
  std::size_t loop = kernels.find("for (int32_t k_outer");
  ASSERT_NE(loop, std::string::npos) << kernels;
  std::string body = kernels.substr(loop, kernels.find("loom_wgmma_wait()", loop) - loop);
  const std::string whole_test =
      "if (l >= 64 * k_outer + 192 && n >= 256 * j_group + 256 && (loom_aligned_16(b) && n % 8 == 0))\n";
  std::size_t at = body.find(whole_test);
  ASSERT_NE(at, std::string::npos) << body;
  auto [whole, edge] = testing::if_branches(body, at);
  EXPECT_EQ(count(whole, "loom_cp_async_8("), 0) << whole;
  EXPECT_EQ(count(whole, "loom_cp_async_4("), 0) << whole;
  EXPECT_EQ(count(whole, "loom_cp_async_16(b_fetch"), 8) << whole;
  // 8 chunks of b a work-item: 2 x 8 and 4 x 4 bytes each.
  EXPECT_EQ(count(edge, "loom_cp_async_16(b_fetch"), 8) << edge;
  EXPECT_EQ(count(edge, "loom_cp_async_8(b_fetch"), 8 * 2) << edge;
  EXPECT_EQ(count(edge, "loom_cp_async_4(b_fetch"), 8 * 4) << edge;
  EXPECT_EQ(count(edge, "loom_zero_16(b_fetch"), 8) << edge;  // outside the widths: one a chunk
  EXPECT_EQ(count(edge, "if (loom_aligned_16(b) && n % 8 == 0)\n"), 8) << edge;
  EXPECT_EQ(count(edge, "if (loom_aligned_8(b) && n % 4 == 0)\n"), 8) << edge;
  EXPECT_EQ(count(edge, "&& (loom_aligned_4(b) && n % 2 == 0))\n"), 8) << edge;  // each chunk's test: A4 alone
  EXPECT_GT(count(edge, " : 0;"), 0) << edge;  // the lanes, for rows on 2 bytes and straddling chunks
  EXPECT_NE(source.find("cp.async.ca.shared.global [%0], [%1], 8;"), std::string::npos);
  EXPECT_NE(source.find("cp.async.ca.shared.global [%0], [%1], 4;"), std::string::npos);
  LOOM_EXPECT_COMPILES_TO_SM90_CUBIN(source, spec.kernel.name);
}

// TF32 elements are 4 bytes: every row is on 4 bytes wherever the array starts on 4, so the edge
// copies never fall back to lanes for alignment there (`loom_aligned_4(b)`, no row condition).
TEST(NarrowRingFills, Tf32RowsAlwaysTakeFourByteCopies) {
  Spec spec = example("tf32_gemm_wgmma.json");
  std::string source = generate_code(spec.kernel, Target::CUDA).source;
  std::string kernels = testing::kernels_of(source);
  EXPECT_GT(count(kernels, "loom_cp_async_4("), 0) << kernels;
  EXPECT_GT(count(kernels, "&& loom_aligned_4(b))\n"), 0) << kernels;
  EXPECT_EQ(count(kernels, "loom_aligned_4(b) && "), 0) << kernels;
  LOOM_EXPECT_COMPILES_TO_SM90_CUBIN(source, spec.kernel.name);
}

// Neither change reaches the C or OpenCL targets (no vector stores of pairs, no cp.async there).
TEST(NarrowRingFills, OpenCLCodeHasNeither) {
  for (const char* file : {"bf16_gemm_8warps_ring3.json", "f16_gemm_8warps_ring3.json"}) {
    SCOPED_TRACE(file);
    std::string code = generate_code(example(file).kernel, Target::OpenCL).source;
    EXPECT_EQ(count(code, "loom_cp_async_"), 0) << code;
    EXPECT_EQ(count(code, "loom_store_2f"), 0) << code;
    EXPECT_EQ(count(code, "loom_aligned_"), 0) << code;
  }
}

// On the GPU, against the float64 reference: rows of a and b on 16, 8, 4 and 2 bytes (l and n
// multiples of 8, of 4, of 2, odd), whole tiles with n even (the pairs) and odd (one by one), and
// a size below one tile, for the BF16, FP16 and TF32 wgmma specs (1000^3 and 3000 x 5000 x 700:
// WholeTileFillsGpu.DefaultSplitMatchesTheReferenceAtRaggedSizes).
TEST(NarrowRingFillsGpu, WgmmaSpecsMatchTheReferenceAtEveryRowAlignment) {
  SKIP_WITHOUT_CUDA();  // only where there is no GPU (wgmma needs sm_90a); the code's shape is tested above
  testing::ScopedEnv nvrtc("LOOM_CUDA_COMPILER", "nvrtc");
  for (const char* file : {"bf16_gemm_wgmma.json", "f16_gemm_wgmma.json", "tf32_gemm_wgmma.json"}) {
    SCOPED_TRACE(file);
    Spec spec = example(file);
    for (const ParameterMap& sizes : std::vector<ParameterMap>{{{"m", 129}, {"n", 258}, {"l", 132}},
                                                               {{"m", 200}, {"n", 260}, {"l", 36}},
                                                               {{"m", 257}, {"n", 512}, {"l", 70}},
                                                               {{"m", 130}, {"n", 257}, {"l", 67}},
                                                               {{"m", 17}, {"n", 17}, {"l", 17}}}) {
      testing::expect_matches_reference(spec.kernel, spec.reference, sizes, CheckOptions{.target = Target::CUDA});
    }
  }
}

}  // namespace
}  // namespace loom
