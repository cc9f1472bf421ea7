// 16-byte copies of vec loops on CUDA (codegen/lower_vector.cpp, lower_wide_copy; issue 29): a
// copy `x[..] = y[..]` whose vec lanes are 16 consecutive bytes of both arrays moves them with one
// 16-byte load and store where both addresses are multiples of 16 and every lane runs, and keeps
// the lanes one by one elsewhere (a row of odd length, the ragged end). The source's shape is
// asserted here and NVRTC compiles it; the *Gpu test runs it at aligned and misaligned sizes.
#include <gtest/gtest.h>

#include "codegen/llvm_nvptx.hpp"
#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/cuda_driver.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::count;
using testing::expect_matches_reference;
using testing::kernels_of;

bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

// out[i, j] = a[i, j] (or `expression`), j in vec lanes of `lanes`, 32 work-items along a row.
LoopKernel row_copy(DType dtype, int64_t lanes, const std::string& instruction = "out[i, j] = a[i, j]") {
  LoopKernel kernel = make_kernel({"{[i, j]: 0<=i<m and 0<=j<n}"}, instruction,
                                  {array_arg("a, out", dtype, {"m", "n"}), value_arg("m, n")},
                                  {.name = "row_copy", .assumptions = "m >= 1 and n >= 1"});
  kernel = split_iname(kernel, "j", lanes, {.inner_tag = "vec"});
  kernel = split_iname(kernel, "j_outer", 32, {.outer_tag = "g.0", .inner_tag = "l.0"});
  return tag_inames(kernel, {{"i", "g.1"}});
}

LoopKernel row_copy_reference(DType dtype) {
  return make_kernel({"{[i, j]: 0<=i<m and 0<=j<n}"}, "out[i, j] = a[i, j]",
                     {array_arg("a, out", dtype, {"m", "n"}), value_arg("m, n")}, {.name = "row_copy"});
}

TEST(WideCopy, SixteenBytesOfLanesBecomeOneCopyWithTheLanesAsFallback) {
  std::string source = generate_code(row_copy(DType::BFloat16, 8), Target::CUDA).source;
  std::string kernels = kernels_of(source);
  // The full groups: one copy where both addresses are 16-byte multiples, else the 8 lanes. The
  // offset i * n + 8 * (..) is a multiple of 8 where n is (known_multiples.hpp), so the test is
  // of the arrays' starts and n, the same for every copy, not of each copy's address.
  EXPECT_TRUE(contains(kernels, "if (loom_aligned_16(out) && n % 8 == 0 && (loom_aligned_16(a) && n % 8 == 0))"))
      << kernels;
  EXPECT_FALSE(contains(kernels, "loom_aligned_16(out +")) << kernels;
  EXPECT_TRUE(contains(kernels, "loom_copy_16(out + (i * n + 8 * (32 * j_outer_outer + j_outer_inner)), "
                                "a + (i * n + 8 * (32 * j_outer_outer + j_outer_inner)))"))
      << kernels;
  EXPECT_TRUE(contains(kernels, "out[i * n + (8 * (32 * j_outer_outer + j_outer_inner) + 7)] = "
                                "a[i * n + (8 * (32 * j_outer_outer + j_outer_inner) + 7)];"))
      << kernels;
  // The ragged group: the copy where the last lane runs (one comparison for the 8 lanes' guards).
  EXPECT_TRUE(contains(kernels, "if (n >= 256 * j_outer_outer + 8 * j_outer_inner + 8 && (loom_aligned_16(out) && n % 8 == 0"))
      << kernels;
  EXPECT_EQ(count(kernels, "loom_copy_16("), 2) << kernels;
  EXPECT_TRUE(contains(source, "LOOM_FN int loom_copy_16(void* to, const void* from)")) << source;
  // Other targets unroll the lanes (SPEC.md), as before.
  EXPECT_FALSE(contains(generate_code(row_copy(DType::BFloat16, 8), Target::OpenCL).source, "loom_copy_16"));
  EXPECT_FALSE(contains(generate_code(row_copy(DType::BFloat16, 8), Target::C).source, "loom_copy_16"));
  // Four float32 lanes are 16 bytes too.
  EXPECT_EQ(count(kernels_of(generate_code(row_copy(DType::Float32, 4), Target::CUDA).source), "loom_copy_16("), 2);
  LOOM_EXPECT_COMPILES_TO_SM90_CUBIN(source, "row_copy");
}

// Where the offset's form does not show a multiple of the lanes (a row read 3 elements in), each
// copy's address is tested as before; a local tile's offset needs no test at all (its start is on
// 16 bytes), a global row's only the array's start and the row length.
TEST(WideCopy, AlignmentIsTestedPerCopyOnlyWhereTheOffsetDoesNotShowIt) {
  LoopKernel shifted = make_kernel({"{[i, j]: 0<=i<m and 0<=j<n}"}, "out[i, j] = a[i, j + 3]",
                                   {array_arg("a", DType::BFloat16, {"m", "n + 3"}),
                                    array_arg("out", DType::BFloat16, {"m", "n"}), value_arg("m, n")},
                                   {.name = "shifted_copy", .assumptions = "m >= 1 and n >= 1"});
  shifted = split_iname(shifted, "j", 8, {.inner_tag = "vec"});
  shifted = split_iname(shifted, "j_outer", 32, {.outer_tag = "g.0", .inner_tag = "l.0"});
  shifted = tag_inames(shifted, {{"i", "g.1"}});
  std::string kernels = kernels_of(generate_code(shifted, Target::CUDA).source);
  EXPECT_TRUE(contains(kernels, "loom_aligned_16(out) && n % 8 == 0")) << kernels;
  EXPECT_TRUE(contains(kernels, "loom_aligned_16(a + (")) << kernels;
  EXPECT_EQ(count(kernels, "loom_copy_16("), 2) << kernels;

  LoopKernel tiled = make_kernel({"{[i, j]: 0<=i<m and 0<=j<n}"}, "out[i, j] = 2*a[i, j]",
                                 {array_arg("a, out", DType::BFloat16, {"m", "n"}), value_arg("m, n")},
                                 {.name = "tiled_copy", .assumptions = "m >= 1 and n >= 1"});
  tiled = split_iname(tiled, "j", 256, {.outer_tag = "g.0"});
  tiled = split_iname(tiled, "j_inner", 8, {.outer_tag = "l.0", .inner_tag = "unr"});
  tiled = tag_inames(tiled, {{"i", "g.1"}});
  tiled = add_prefetch(tiled, "a", {.sweep_inames = {"j_inner_outer", "j_inner_inner"}, .dim_arg_names = {"a_row", "a_col"},
                                    .default_tag = std::nullopt, .temporary_name = "a_tile"});
  tiled = split_iname(tiled, "a_col", 8, {.outer_tag = "l.0", .inner_tag = "vec"});
  std::string tile_kernels = kernels_of(generate_code(tiled, Target::CUDA).source);
  EXPECT_EQ(count(tile_kernels, "loom_copy_16("), 2) << tile_kernels;
  EXPECT_TRUE(contains(tile_kernels, "loom_aligned_16(a) && n % 8 == 0")) << tile_kernels;
  EXPECT_FALSE(contains(tile_kernels, "loom_aligned_16(a_tile")) << tile_kernels;
}

TEST(WideCopy, OnlyPlainCopiesOfSixteenConsecutiveBytes) {
  auto copies = [](const LoopKernel& kernel) {
    return count(kernels_of(generate_code(kernel, Target::CUDA).source), "loom_copy_16(");
  };
  // Computed values, 8 bytes of lanes, a column (lanes n elements apart), a type change: lanes.
  EXPECT_EQ(copies(row_copy(DType::BFloat16, 8, "out[i, j] = 2*a[i, j]")), 0);
  EXPECT_EQ(copies(row_copy(DType::BFloat16, 4)), 0);
  LoopKernel column = make_kernel({"{[i, j]: 0<=i<m and 0<=j<n}"}, "out[j, i] = a[j, i]",
                                  {array_arg("a, out", DType::BFloat16, {"n", "m"}), value_arg("m, n")},
                                  {.name = "column_copy"});
  column = split_iname(column, "j", 8, {.inner_tag = "vec"});
  column = tag_inames(column, {{"i", "g.0"}});
  EXPECT_EQ(copies(column), 0);
  LoopKernel widening = make_kernel({"{[i, j]: 0<=i<m and 0<=j<n}"}, "out[i, j] = a[i, j]",
                                    {array_arg("a", DType::Float16, {"m", "n"}), array_arg("out", DType::BFloat16, {"m", "n"}),
                                     value_arg("m, n")},
                                    {.name = "widening"});
  widening = split_iname(widening, "j", 8, {.inner_tag = "vec"});
  EXPECT_EQ(copies(widening), 0);
}

// The LLVM path has no lowering of the copy helpers yet: it keeps the lanes (the same kernel, one
// 2-byte load and store per lane), so LOOM_CUDA_COMPILER=llvm still compiles every vec copy.
TEST(WideCopy, TheLlvmPathKeepsTheLanes) {
  REQUIRE_LLVM_NVPTX();
#ifdef LOOM_HAVE_LLVM_NVPTX
  std::string ir;
  std::string ptx = codegen::generate_llvm_ptx(row_copy(DType::BFloat16, 8), offline_device_limits(Target::CUDA), "sm_90", &ir).source;
  EXPECT_TRUE(codegen::is_llvm_ptx(ptx));
  EXPECT_EQ(ptx.find("loom_copy_16"), std::string::npos) << ptx;
  EXPECT_NE(ptx.find("ld.global.nc.u16"), std::string::npos) << ptx;
#endif
}

// Rows of 256 and 8 elements start on 16 bytes; rows of 300 every other one (600 bytes), rows of 7
// never past the first, and their last lanes are guarded: each path runs somewhere.
TEST(WideCopyGpu, CopiesMatchTheReferenceAtAlignedAndMisalignedRows) {
  SKIP_WITHOUT_CUDA();
  CheckOptions options{.target = Target::CUDA};
  for (int64_t n : {8, 256, 300, 7, 1029}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    expect_matches_reference(row_copy(DType::BFloat16, 8), row_copy_reference(DType::BFloat16), {{"m", 5}, {"n", n}}, options);
  }
  for (int64_t n : {4, 33, 1028}) {
    SCOPED_TRACE("float32, n = " + std::to_string(n));
    expect_matches_reference(row_copy(DType::Float32, 4), row_copy_reference(DType::Float32), {{"m", 3}, {"n", n}}, options);
  }
}

}  // namespace
}  // namespace loom
