// Reductions over l.N inames realized as local-memory tree reductions (issue 11): the generated
// structure (a barrier per halving step, the fold for lengths that are not a power of two), runs
// on OpenCL (PoCL) compared with the untransformed kernels on the C target, CUDA source compiled
// by NVRTC, and the refusal of a reduction over a g.N iname.
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/cuda_driver.hpp"
#include "runtime/host_opencl.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::have_opencl;
using testing::count;

using testing::error_message;
using testing::expect_matches_reference;

using testing::expect_on_opencl;

// loopy's test_local_parallel_reduction, over data: z[j] = op(i, a[i, j]) with the length of i fixed.
LoopKernel column_reduction(int64_t n, const std::string& reduction = "sum(i, a[i, j])") {
  LoopKernel kernel = make_kernel({"{[i, j]: 0 <= i < n and 0 <= j < 5}"}, "z[j] = " + reduction,
                                  {array_arg("a", DType::Float32, {"n", "5"}), array_arg("z", DType::Float32, {"5"}),
                                   value_arg("n")},
                                  {.name = "column_reduction"});
  return fix_parameters(kernel, {{"n", n}});
}

// argmax over a fixed-length iname; `value` decides how many ties there are.
LoopKernel argmax_kernel(int64_t n, const std::string& value = "abs(a[i])", const std::string& operation = "argmax") {
  LoopKernel kernel = make_kernel({"{[i]: 0 <= i < n}"}, "best[0], where[0] = " + operation + "(i, " + value + ", i)",
                                  {array_arg("a", DType::Float32, {"n"}), array_arg("best", DType::Float32, {"1"}),
                                   array_arg("where", DType::Int32, {"1"}), value_arg("n")},
                                  {.name = "arg_reduction"});
  return fix_parameters(kernel, {{"n", n}});
}

// One work-group sums n elements: 32 work-items, each summing a strided part sequentially.
LoopKernel strided_sum() {
  return make_kernel({"{[i]: 0 <= i < n}"}, "s[0] = sum(i, a[i])",
                     {array_arg("a", DType::Float32, {"n"}), array_arg("s", DType::Float32, {"1"}), value_arg("n")},
                     {.name = "strided_sum"});
}

// i_outer is the only sequential loop: each work-item i_inner sums a[32*i_outer + i_inner].
LoopKernel split_strided_sum() { return split_iname(strided_sum(), "i", 32, {.inner_tag = "l.0"}); }

// A reduction over [i, k]: i across the work-items, k a sequential loop inside each.
LoopKernel row_blocks() {
  return make_kernel({"{[g, i, k]: 0 <= g < m and 0 <= i < 16 and 0 <= k < 7}"}, "z[g] = sum([i, k], a[g, 7*i + k])",
                     {array_arg("a", DType::Float32, {"m", "112"}), array_arg("z", DType::Float32, {"m"}), value_arg("m")},
                     {.name = "row_blocks"});
}

// loopy's test_global_parallel_reduction (research/loopy-notes.md §6.5) written out: work-group g
// sums its chunk of 2560 = 20 * 128 elements over l (l.0, each work-item 20 sequentially) into
// partial[g], a global temporary; after the global barrier one work-group sums partial the same
// way (h split onto 128 work-items). Untagged, it is the sequential sum in two steps.
LoopKernel two_level_sum() {
  Temporary partial;
  partial.name = "partial";
  partial.dtype = DType::Float32;
  partial.address_space = AddressSpace::Global;
  partial.shape = {binary(BinaryOp::FloorDivide, binary(BinaryOp::Add, variable("n"), int_literal(2559)), int_literal(2560))};
  return make_kernel({"{[g, l, k]: 0 <= l < 128 and 0 <= k < 20 and 0 <= g and 2560*g + 128*k + l < n}",
                      "{[h]: 0 <= h and 2560*h < n}"},
                     "partial[g] = sum([l, k], a[2560*g + 128*k + l]) {id=part}\n"
                     "... gbarrier {id=split, dep=part}\n"
                     "s[0] = sum(h, partial[h]) {id=total, dep=split}",
                     {array_arg("a", DType::Float32, {"n"}), array_arg("s", DType::Float32, {"1"}), value_arg("n")},
                     {.name = "two_level_sum", .temporaries = {partial}});
}

LoopKernel tagged_two_level_sum() {
  return split_iname(tag_inames(two_level_sum(), "g:g.0, l:l.0"), "h", 128, {.inner_tag = "l.0"});
}

// ---- generated code ---------------------------------------------------------------------------

TEST(ParallelReduction, TreeFoldsTheRemainderAndSkipsBarriersNoWorkItemNeeds) {
  LoopKernel kernel = tag_inames(column_reduction(5), "i:l.0, j:g.0");
  GeneratedCode code = generate_code(kernel, Target::OpenCL);
  ASSERT_EQ(code.device_kernels.size(), 1u);
  EXPECT_EQ(code.device_kernels[0].block_size, (std::vector<int64_t>{5, 1, 1}));
  EXPECT_NE(code.source.find("__local float acc_i[5] __attribute__((aligned(16)));"), std::string::npos) << code.source;
  // 5 = 4 + 1: fold one element, then strides 2 and 1. Barriers after the transfer and between
  // strides 2 and 1; none between the fold and stride 2: the fold writes acc_i[0] only, which
  // stride 2 reads in work-item 0, the one that wrote it.
  EXPECT_EQ(count(code.source, "barrier("), 2) << code.source;
  EXPECT_NE(code.source.find("acc_i[red_i_s0 + 4]"), std::string::npos) << code.source;
  EXPECT_NE(code.source.find("acc_i[red_i_s2 + 1]"), std::string::npos) << code.source;
}

TEST(ParallelReduction, FoldWiderThanHalfTheFirstStrideNeedsItsBarrier) {
  // 7 = 4 + 3: the fold writes acc_i[0..2]; stride 2 reads acc_i[2] in work-item 0, written by
  // work-item 2, so a barrier separates them: one after the transfer and one before each stride.
  GeneratedCode code = generate_code(tag_inames(column_reduction(7), "i:l.0, j:g.0"), Target::OpenCL);
  EXPECT_EQ(count(code.source, "barrier("), 3) << code.source;
  EXPECT_NE(code.source.find("acc_i[red_i_s0 + 4]"), std::string::npos) << code.source;
}

TEST(ParallelReduction, PowerOfTwoNeedsNoFold) {
  GeneratedCode code = generate_code(tag_inames(column_reduction(128), "i:l.0, j:g.0"), Target::OpenCL);
  EXPECT_EQ(count(code.source, "barrier("), 7) << code.source;  // strides 64, ..., 1
  EXPECT_NE(code.source.find("acc_i[red_i_s0 + 64]"), std::string::npos) << code.source;
}

TEST(ParallelReduction, OtherLocalAxesIndexTheLocalArray) {
  GeneratedCode code = generate_code(tag_inames(column_reduction(67), "i:l.0, j:l.1"), Target::OpenCL);
  // acc_i[5][67], flattened: row j of work-items reduces its own row.
  EXPECT_NE(code.source.find("__local float acc_i[335] __attribute__((aligned(16)));"), std::string::npos) << code.source;
  EXPECT_NE(code.source.find("acc_i[j * 67 + i] = a[i * 5 + j];"), std::string::npos) << code.source;
  EXPECT_NE(code.source.find("z[j] = acc_i[j * 67 + 0];"), std::string::npos) << code.source;
  EXPECT_EQ(code.device_kernels[0].block_size, (std::vector<int64_t>{67, 5, 1}));
}

TEST(ParallelReduction, TwoLevelSumIsTwoKernelsThroughAGlobalTemporary) {
  GeneratedCode code = generate_code(tagged_two_level_sum(), Target::OpenCL);
  ASSERT_EQ(code.device_kernels.size(), 2u) << code.source;
  EXPECT_EQ(code.device_kernels[0].block_size, (std::vector<int64_t>{128, 1, 1}));
  EXPECT_EQ(to_string(code.device_kernels[0].grid_size[0]), "(n + 2559) // 2560");
  EXPECT_EQ(code.device_kernels[1].block_size, (std::vector<int64_t>{128, 1, 1}));
  EXPECT_EQ(to_string(code.device_kernels[1].grid_size[0]), "1");
  ASSERT_EQ(code.global_temporaries.size(), 1u);
  EXPECT_EQ(code.global_temporaries[0].name, "partial");
  // Each kernel: a tree of 7 halving steps over 128 work-items, barriers only inside the trees.
  EXPECT_EQ(count(code.source, "acc_l[red_l_s6 + 1]"), 1) << code.source;
  EXPECT_EQ(count(code.source, "acc_h_inner[red_h_inner_s6 + 1]"), 1) << code.source;
  EXPECT_EQ(count(code.source, "barrier(CLK_LOCAL_MEM_FENCE)"), 14) << code.source;
  // On CUDA the first kernel's nest is there twice: full groups (2560 elements in range) run it
  // unguarded, the last group guarded (OpenCL keeps one copy where there are barriers: PoCL).
  std::string cuda = generate_code(tagged_two_level_sum(), Target::CUDA).source;
  EXPECT_NE(cuda.find("if (n >= 2560 * g + 2560)"), std::string::npos) << cuda;
  // CUDA reduces 128 work-items in warps and then the first warp, one barrier between
  // (warp_reduction_test).
  EXPECT_EQ(count(cuda, "loom_warp_sum_float(acc_l[red_l_warps])"), 2) << cuda;
  EXPECT_EQ(count(cuda, "__syncthreads()"), 1 * 2 + 1) << cuda;
}

// ---- refusals ---------------------------------------------------------------------------------

TEST(ParallelReduction, ReductionOverAGroupInameIsRefusedWithTheTwoLevelRecipe) {
  LoopKernel kernel = split_iname(strided_sum(), "i", 128, {.outer_tag = "g.0", .inner_tag = "l.0"});
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::OpenCL); });
  EXPECT_NE(message.find("instruction 'insn': reduction over iname 'i_outer' tagged g.0 cannot be realized: "
                         "work-groups cannot combine their values within one launch"),
            std::string::npos) << message;
  EXPECT_NE(message.find("split_iname('i_outer', <block>, inner_tag='l.0', outer_tag='g.0')"), std::string::npos)
      << message;
  EXPECT_NE(message.find("into a global temporary"), std::string::npos) << message;
  EXPECT_NE(message.find("after a global barrier"), std::string::npos) << message;
}

TEST(ParallelReduction, TwoLocalInamesInOneReductionAreRefused) {
  LoopKernel kernel = make_kernel({"{[i, k]: 0 <= i, k < 8}"}, "z[0] = sum([i, k], a[i, k])",
                                  {array_arg("a", DType::Float32, {"8", "8"}), array_arg("z", DType::Float32, {"1"})});
  kernel = tag_inames(kernel, "i:l.0, k:l.1");
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::CUDA); });
  EXPECT_NE(message.find("reduction over inames 'i' and 'k', both tagged l.N"), std::string::npos) << message;
}

TEST(ParallelReduction, LocalReductionInsideAnotherReductionIsRefused) {
  LoopKernel kernel = make_kernel({"{[i, k]: 0 <= i, k < 8}"}, "z[0] = sum(k, sum(i, a[i, k]))",
                                  {array_arg("a", DType::Float32, {"8", "8"}), array_arg("z", DType::Float32, {"1"})});
  kernel = tag_inames(kernel, "i:l.0");
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::CUDA); });
  EXPECT_NE(message.find("the reduction over iname 'i' (tagged l.0) is inside another reduction"), std::string::npos)
      << message;
}

// ---- executed on OpenCL (PoCL) ----------------------------------------------------------------

TEST(ParallelReductionOpenCL, LocalTreeReductionAtSizes) {
  SKIP_WITHOUT_OPENCL();
  for (int64_t n : {1, 5, 67, 113, 128}) {
    for (const char* tags : {"i:l.0", "i:l.0, j:l.1", "i:l.0, j:g.0"}) {
      SCOPED_TRACE("n = " + std::to_string(n) + ", " + tags);
      expect_on_opencl(tag_inames(column_reduction(n), tags), column_reduction(n));
    }
  }
}

TEST(ParallelReductionOpenCL, ProductMaxMinOverALocalIname) {
  SKIP_WITHOUT_OPENCL();
  for (const char* reduction : {"product(i, 1 + a[i, j] / 64)", "max(i, a[i, j] - i)", "min(i, a[i, j] + i)"}) {
    for (int64_t n : {1, 67, 128}) {
      SCOPED_TRACE(std::string(reduction) + ", n = " + std::to_string(n));
      expect_on_opencl(tag_inames(column_reduction(n, reduction), "i:l.0, j:g.0"), column_reduction(n, reduction));
    }
  }
}

TEST(ParallelReductionOpenCL, ArgmaxOverALocalIname) {
  SKIP_WITHOUT_OPENCL();
  for (int64_t n : {1, 5, 67, 128}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    expect_on_opencl(tag_inames(argmax_kernel(n), "i:l.0"), argmax_kernel(n));
    expect_on_opencl(tag_inames(argmax_kernel(n, "a[i]", "argmin"), "i:l.0"), argmax_kernel(n, "a[i]", "argmin"));
  }
}

TEST(ParallelReductionOpenCL, ArgmaxTiesKeepTheFirstIndex) {
  SKIP_WITHOUT_OPENCL();
  // (7*i) mod 5 takes its largest value 4 first at i = 2, then at every fifth i.
  for (int64_t n : {67, 113, 128}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    for (const char* operation : {"argmax", "argmin"}) {
      LoopKernel reference = argmax_kernel(n, "(7*i) % 5 + 0*a[i]", operation);
      expect_on_opencl(tag_inames(reference, "i:l.0"), reference);
    }
  }
}

TEST(ParallelReductionOpenCL, SequentialPartPerWorkItem) {
  SKIP_WITHOUT_OPENCL();
  expect_on_opencl(tag_inames(row_blocks(), "g:g.0, i:l.0"), row_blocks(), {{"m", 3}});
  // Each work-item sums a strided part of a parametric length first; positions of work-items
  // with nothing to sum hold the neutral element (n < 32).
  for (int64_t n : {1, 20, 32, 1000}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    expect_on_opencl(split_strided_sum(), strided_sum(), {{"n", n}});
  }
}

TEST(ParallelReductionOpenCL, TwoLevelGlobalSum) {
  SKIP_WITHOUT_OPENCL();
  for (int64_t n : {1, 1000, 2561, 10000000}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    expect_on_opencl(tagged_two_level_sum(), two_level_sum(), {{"n", n}});
    expect_on_opencl(tagged_two_level_sum(), strided_sum(), {{"n", n}});  // the one-level sum
  }
}

// ---- CUDA source compiled by NVRTC (no GPU needed: skips only without NVRTC) ------------------

TEST(ParallelReductionGpuNvrtc, EveryKernelCompilesToCubinForSm90) {
  std::vector<LoopKernel> kernels = {tag_inames(column_reduction(67), "i:l.0, j:g.0"),
                                     tag_inames(column_reduction(113), "i:l.0, j:l.1"),
                                     tag_inames(column_reduction(128, "max(i, a[i, j] - i)"), "i:l.0"),
                                     tag_inames(argmax_kernel(67), "i:l.0"),
                                     tag_inames(row_blocks(), "g:g.0, i:l.0"),
                                     split_strided_sum(),
                                     tagged_two_level_sum()};
  for (const LoopKernel& kernel : kernels) {
    SCOPED_TRACE(kernel.name);
    try {
      std::vector<char> cubin =
          detail::nvrtc_compile_to_cubin(generate_code(kernel, Target::CUDA).source, "sm_90", kernel.name);
      ASSERT_GT(cubin.size(), 4u);
      EXPECT_EQ(std::string(cubin.data() + 1, 3), "ELF");
    } catch (const EnvironmentError& error) {
      GTEST_SKIP() << error.what();  // no NVRTC on this machine
    }
  }
}

}  // namespace
}  // namespace loom
