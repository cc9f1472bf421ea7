// Local reductions finished by warp shuffles on CUDA (issue 27): the tree keeps its shared-memory
// steps down to 32 positions, then one warp's __shfl_xor_sync butterfly replaces the last five
// steps and their barriers. The generated source (shuffles present, fewer __syncthreads, the
// fallbacks to the full tree), NVRTC compiles of every variant (no GPU needed), and runs on a GPU
// against the untransformed kernels at ragged sizes (skipped without one). OpenCL keeps the tree.
#include <gtest/gtest.h>

#include <cstdlib>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/cuda_driver.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::count;
using testing::expect_matches_reference;

// z[j] = op(i, a[i, j]) over a fixed length of i.
LoopKernel column_reduction(int64_t n, const std::string& reduction = "sum(i, a[i, j])",
                            DType dtype = DType::Float32) {
  LoopKernel kernel = make_kernel({"{[i, j]: 0 <= i < n and 0 <= j < 5}"}, "z[j] = " + reduction,
                                  {array_arg("a", dtype, {"n", "5"}), array_arg("z", dtype, {"5"}), value_arg("n")},
                                  {.name = "column_reduction"});
  return fix_parameters(kernel, {{"n", n}});
}

LoopKernel argmax_kernel(int64_t n, const std::string& value = "abs(a[i])", const std::string& operation = "argmax",
                         DType dtype = DType::Float32) {
  LoopKernel kernel = make_kernel({"{[i]: 0 <= i < n}"}, "best[0], where[0] = " + operation + "(i, " + value + ", i)",
                                  {array_arg("a", dtype, {"n"}), array_arg("best", dtype, {"1"}),
                                   array_arg("where", DType::Int32, {"1"}), value_arg("n")},
                                  {.name = "arg_reduction"});
  return fix_parameters(kernel, {{"n", n}});
}

// A reduction over 48 work-items in a work-group of 64 (another instruction runs on 64): the tree
// folds 16 positions onto the first 32, then the warp finishes.
LoopKernel narrower_reduction() {
  return make_kernel({"{[i, k]: 0 <= i < 48 and 0 <= k < 64}"}, "s[0] = sum(i, a[i]) {id=s}\nb[k] = 2*a[k] {id=b}",
                     {array_arg("a", DType::Float32, {"64"}), array_arg("s", DType::Float32, {"1"}),
                      array_arg("b", DType::Float32, {"64"})},
                     {.name = "narrower_reduction"});
}

// Each of 256 work-items sums a strided part of a parametric length (rows of any length).
LoopKernel strided_sum(const std::string& reduction = "sum(i, a[i])") {
  return make_kernel({"{[i]: 0 <= i < n}"}, "s[0] = " + reduction,
                     {array_arg("a", DType::Float32, {"n"}), array_arg("s", DType::Float32, {"1"}), value_arg("n")},
                     {.name = "strided_sum"});
}

LoopKernel split_strided(const LoopKernel& kernel) { return split_iname(kernel, "i", 256, {.inner_tag = "l.0"}); }

std::string cuda_source(const LoopKernel& kernel) { return generate_code(kernel, Target::CUDA).source; }

// LOOM_WARP_SHUFFLES=0 for one scope.
class ShufflesOff {
 public:
  ShufflesOff() { setenv("LOOM_WARP_SHUFFLES", "0", 1); }
  ~ShufflesOff() { unsetenv("LOOM_WARP_SHUFFLES"); }
  ShufflesOff(const ShufflesOff&) = delete;
  ShufflesOff& operator=(const ShufflesOff&) = delete;
};

// ---- generated code ---------------------------------------------------------------------------

TEST(WarpReduction, WholeWarpsReduceInTwoLevelsWithOneBarrier) {
  LoopKernel kernel = tag_inames(column_reduction(128), "i:l.0, j:g.0");
  std::string cuda = cuda_source(kernel);
  // Each warp reduces its own transfers (no barrier), warp w's result moves to position w after
  // the one barrier, the first warp reduces the 4 partials and lane 0 stores the result.
  EXPECT_EQ(count(cuda, "__syncthreads()"), 1) << cuda;
  EXPECT_EQ(count(cuda, "__shfl_xor_sync(0xffffffffu, v, offset)"), 1) << cuda;  // one helper
  EXPECT_NE(cuda.find("acc_i[red_i_warps] = loom_warp_sum_float(acc_i[red_i_warps]);"), std::string::npos) << cuda;
  EXPECT_NE(cuda.find("acc_i[red_i_partials] = acc_i[32 * red_i_partials];"), std::string::npos) << cuda;
  EXPECT_NE(cuda.find("acc_i[red_i_warp] = loom_warp_sum_float(red_i_warp < 4 ? acc_i[red_i_warp] : 0.0f);"),
            std::string::npos) << cuda;
  EXPECT_EQ(cuda.find("red_i_s0"), std::string::npos) << cuda;
  // OpenCL keeps the whole tree: seven strides, seven barriers.
  std::string opencl = generate_code(kernel, Target::OpenCL).source;
  EXPECT_EQ(count(opencl, "barrier("), 7) << opencl;
  EXPECT_EQ(opencl.find("shfl"), std::string::npos) << opencl;
}

TEST(WarpReduction, ARaggedLengthKeepsTheTreeDownTo32ThenOneWarp) {
  // 80 work-items in one row (not whole warps: the last has 16): fold 16 onto the first 64,
  // stride 32, then the first warp finishes.
  std::string cuda = cuda_source(tag_inames(column_reduction(80), "i:l.0, j:g.0"));
  EXPECT_NE(cuda.find("acc_i[red_i_s0 + 64]"), std::string::npos) << cuda;
  EXPECT_NE(cuda.find("acc_i[red_i_s1 + 32]"), std::string::npos) << cuda;
  EXPECT_NE(cuda.find("acc_i[red_i_warp] = loom_warp_sum_float(acc_i[red_i_warp]);"), std::string::npos) << cuda;
  EXPECT_EQ(cuda.find("+ 16]"), std::string::npos) << cuda;
  EXPECT_EQ(count(cuda, "__syncthreads()"), 1) << cuda;  // after the transfer; the fold writes 0..15
}

TEST(WarpReduction, TheEnvironmentSwitchesShufflesOff) {
  LoopKernel kernel = tag_inames(column_reduction(128), "i:l.0, j:g.0");
  ShufflesOff off;
  std::string cuda = cuda_source(kernel);
  EXPECT_EQ(count(cuda, "__syncthreads()"), 7) << cuda;
  EXPECT_EQ(cuda.find("shfl"), std::string::npos) << cuda;
  EXPECT_EQ(cuda.find("loom_warp_"), std::string::npos) << cuda;
}

TEST(WarpReduction, ThirtyTwoWorkItemsReduceInTheWarpAlone) {
  std::string cuda = cuda_source(tag_inames(column_reduction(32), "i:l.0, j:g.0"));
  // Each lane reads its own transfer: no barrier at all.
  EXPECT_EQ(count(cuda, "__syncthreads()"), 0) << cuda;
  EXPECT_NE(cuda.find("loom_warp_sum_float("), std::string::npos) << cuda;
}

TEST(WarpReduction, OneRowOfARaggedSizeStillHasAWholeFirstWarp) {
  // A work-group of 67 along l.0 alone: work-items 0..31 are warp 0. Fold 3 (no barrier: it
  // writes positions 0..2 only), stride 32 after the transfer's barrier, then the warp.
  std::string cuda = cuda_source(tag_inames(column_reduction(67), "i:l.0, j:g.0"));
  EXPECT_NE(cuda.find("loom_warp_sum_float("), std::string::npos) << cuda;
  EXPECT_EQ(count(cuda, "__syncthreads()"), 1) << cuda;
}

TEST(WarpReduction, ARaggedReductionInWholeWarpsFoldsThenShuffles) {
  std::string cuda = cuda_source(tag_inames(narrower_reduction(), "i:l.0, k:l.0"));
  EXPECT_NE(cuda.find("loom_warp_sum_float("), std::string::npos) << cuda;
  EXPECT_NE(cuda.find("acc_i[red_i_s0 + 32]"), std::string::npos) << cuda;  // the fold of 16
  EXPECT_EQ(count(cuda, "__syncthreads()"), 1) << cuda;                     // after the transfer
}

TEST(WarpReduction, FallsBackToTheTreeWhereAWarpIsNotWhole) {
  struct Case {
    const char* what;
    LoopKernel kernel;
    int barriers;
  };
  std::vector<Case> cases = {
      {"16 work-items, fewer than a warp", tag_inames(column_reduction(16), "i:l.0, j:g.0"), 4},
      {"rows of 67 along l.0 (a warp spans two rows)", tag_inames(column_reduction(67), "i:l.0, j:l.1"), 6},
      {"96 along l.0 but rows along l.1 of 5: fine", tag_inames(column_reduction(96), "i:l.0, j:l.1"), -1},
      {"the reduction on l.1", tag_inames(column_reduction(64), "i:l.1, j:l.0"), 6},
      {"int8 (no shuffle for it)", tag_inames(column_reduction(64, "sum(i, a[i, j])", DType::Int8), "i:l.0, j:g.0"), 6},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    std::string cuda = cuda_source(c.kernel);
    if (c.barriers < 0) {
      EXPECT_NE(cuda.find("loom_warp_sum_float("), std::string::npos) << cuda;
      continue;
    }
    EXPECT_EQ(cuda.find("shfl"), std::string::npos) << cuda;
    EXPECT_EQ(count(cuda, "__syncthreads()"), c.barriers) << cuda;
  }
}

TEST(WarpReduction, MaxMinProductAndTypes) {
  struct Case {
    std::string reduction;
    DType dtype;
    std::string helper;
  };
  std::vector<Case> cases = {{"max(i, a[i, j] - i)", DType::Float32, "loom_warp_max_float("},
                             {"min(i, a[i, j] + i)", DType::Float64, "loom_warp_min_double("},
                             {"product(i, a[i, j])", DType::Float32, "loom_warp_product_float("},
                             {"sum(i, a[i, j])", DType::Int32, "loom_warp_sum_int32_t("},
                             {"max(i, a[i, j])", DType::Int64, "loom_warp_max_int64_t("}};
  for (const Case& c : cases) {
    SCOPED_TRACE(c.reduction);
    std::string cuda = cuda_source(tag_inames(column_reduction(256, c.reduction, c.dtype), "i:l.0, j:g.0"));
    EXPECT_NE(cuda.find(c.helper), std::string::npos) << cuda;
    EXPECT_EQ(count(cuda, "__syncthreads()"), 1) << cuda;  // 8 warps, then the first
  }
}

TEST(WarpReduction, ArgmaxShufflesTheIndexWithTheValue) {
  std::string cuda = cuda_source(tag_inames(argmax_kernel(128), "i:l.0"));
  EXPECT_NE(cuda.find("loom_warp_argmax_index_float_int32_t("), std::string::npos) << cuda;
  EXPECT_NE(cuda.find("loom_warp_max_float("), std::string::npos) << cuda;
  EXPECT_NE(cuda.find("(other == v && other_index < i)"), std::string::npos) << cuda;
  EXPECT_EQ(count(cuda, "__syncthreads()"), 2) << cuda;
}

// ---- CUDA source compiled by NVRTC (no GPU needed: skips only without NVRTC) ------------------

std::vector<LoopKernel> shuffled_kernels() {
  return {tag_inames(column_reduction(128), "i:l.0, j:g.0"),
          tag_inames(column_reduction(96), "i:l.0, j:l.1"),
          tag_inames(column_reduction(67), "i:l.0, j:g.0"),
          tag_inames(column_reduction(80, "max(i, a[i, j])"), "i:l.0, j:g.0"),
          tag_inames(column_reduction(32, "max(i, a[i, j] - i)"), "i:l.0, j:g.0"),
          tag_inames(column_reduction(256, "min(i, a[i, j] + i)", DType::Float64), "i:l.0, j:g.0"),
          tag_inames(column_reduction(64, "product(i, a[i, j])"), "i:l.0, j:g.0"),
          tag_inames(column_reduction(128, "sum(i, a[i, j])", DType::Int32), "i:l.0, j:g.0"),
          tag_inames(column_reduction(128, "max(i, a[i, j])", DType::Int64), "i:l.0, j:g.0"),
          tag_inames(argmax_kernel(128), "i:l.0"),
          tag_inames(argmax_kernel(64, "a[i]", "argmin", DType::Float64), "i:l.0"),
          tag_inames(narrower_reduction(), "i:l.0, k:l.0"),
          split_strided(strided_sum()),
          split_strided(strided_sum("max(i, a[i])"))};
}

TEST(WarpReductionGpuNvrtc, EveryShuffledKernelCompilesToCubinForSm90) {
  for (const LoopKernel& kernel : shuffled_kernels()) {
    SCOPED_TRACE(kernel.name);
    std::string source = cuda_source(kernel);
    ASSERT_NE(source.find("__shfl_xor_sync"), std::string::npos) << source;
    try {
      std::vector<char> cubin = detail::nvrtc_compile_to_cubin(source, "sm_90", kernel.name);
      ASSERT_GT(cubin.size(), 4u);
      EXPECT_EQ(std::string(cubin.data() + 1, 3), "ELF");
    } catch (const EnvironmentError& error) {
      GTEST_SKIP() << error.what();  // no NVRTC on this machine
    }
  }
}

// ---- runs on a GPU (the gpu label; skipped without a CUDA driver and GPU) ---------------------

void expect_on_cuda(const LoopKernel& kernel, const LoopKernel& reference, const ParameterMap& parameters = {}) {
  ASSERT_NE(cuda_source(kernel).find("__shfl_xor_sync"), std::string::npos);
  expect_matches_reference(kernel, reference, parameters, CheckOptions{.target = Target::CUDA});
}

TEST(WarpReductionGpu, SumsMaxMinProductAtRaggedSizes) {
  SKIP_WITHOUT_CUDA();
  for (int64_t n : {32, 33, 64, 67, 96, 160, 1000, 1024}) {
    for (const char* reduction : {"sum(i, a[i, j])", "max(i, a[i, j] - i)", "min(i, a[i, j] + i)",
                                  "product(i, 1 + a[i, j] / 4096)"}) {
      SCOPED_TRACE(std::string(reduction) + ", n = " + std::to_string(n));
      expect_on_cuda(tag_inames(column_reduction(n, reduction), "i:l.0, j:g.0"), column_reduction(n, reduction));
    }
    SCOPED_TRACE("rows on l.1, n = " + std::to_string(n));
    if (n * 5 <= 1024 && n % 32 == 0) expect_on_cuda(tag_inames(column_reduction(n), "i:l.0, j:l.1"), column_reduction(n));
  }
  expect_on_cuda(tag_inames(narrower_reduction(), "i:l.0, k:l.0"), narrower_reduction());
}

TEST(WarpReductionGpu, DoubleAndIntegerTypes) {
  SKIP_WITHOUT_CUDA();
  for (DType dtype : {DType::Float64, DType::Int32, DType::Int64}) {
    for (const char* reduction : {"sum(i, a[i, j])", "max(i, a[i, j])", "min(i, a[i, j])"}) {
      SCOPED_TRACE(std::string(reduction) + " " + std::string(dtype_name(dtype)));
      expect_on_cuda(tag_inames(column_reduction(160, reduction, dtype), "i:l.0, j:g.0"),
                     column_reduction(160, reduction, dtype));
    }
  }
}

TEST(WarpReductionGpu, ArgmaxArgminWithTiesKeepTheFirstIndex) {
  SKIP_WITHOUT_CUDA();
  for (int64_t n : {32, 96, 128, 1000}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    for (const char* operation : {"argmax", "argmin"}) {
      expect_on_cuda(tag_inames(argmax_kernel(n, "a[i]", operation), "i:l.0"), argmax_kernel(n, "a[i]", operation));
      // (7*i) mod 5 takes its best value first at a small i, then at every fifth i.
      LoopKernel ties = argmax_kernel(n, "(7*i) % 5 + 0*a[i]", operation);
      expect_on_cuda(tag_inames(ties, "i:l.0"), ties);
    }
    LoopKernel in_double = argmax_kernel(n, "a[i]", "argmax", DType::Float64);
    expect_on_cuda(tag_inames(in_double, "i:l.0"), in_double);
  }
}

TEST(WarpReductionGpu, StridedRowsOfAnyLength) {
  SKIP_WITHOUT_CUDA();
  for (int64_t n : {1, 31, 127, 1000, 4093}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    expect_on_cuda(split_strided(strided_sum()), strided_sum(), {{"n", n}});
    expect_on_cuda(split_strided(strided_sum("max(i, a[i])")), strided_sum("max(i, a[i])"), {{"n", n}});
  }
}

}  // namespace
}  // namespace loom
