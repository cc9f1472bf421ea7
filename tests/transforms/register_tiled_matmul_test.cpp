// The 4x4 register-tiled ILP matmul (research/loopy-notes.md §6.1, loopy's test_intel_matrix_mul):
// 16x16 work-groups, each work-item computing a 4x4 block of c through `ilp` inames, a and b
// prefetched into local memory. The accumulator is privatized along the ilp inames (4x4 per
// work-item); checked on OpenCL (PoCL) against the untransformed kernel at sizes that do and do
// not divide the 64x64 tiles, with and without a buffered output.
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/host_opencl.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::have_opencl;
using testing::count;

using testing::expect_matches_reference;

LoopKernel matmul() {
  return make_kernel({"{[i,j,k]: 0<=i,j,k<n}"}, "c[i, j] = sum(k, a[i, k]*b[k, j])",
                     {array_arg("a, b, c", DType::Float32, {"n", "n"}), value_arg("n")},
                     {.name = "matmul"});
}

LoopKernel register_tiled(const LoopKernel& kernel) {
  LoopKernel result = split_iname(kernel, "i", 64, {.outer_tag = "g.0"});
  result = split_iname(result, "i_inner", 4, {.outer_tag = "l.0", .inner_tag = "ilp"});
  result = split_iname(result, "j", 64, {.outer_tag = "g.1"});
  result = split_iname(result, "j_inner", 4, {.outer_tag = "l.1", .inner_tag = "ilp"});
  return split_iname(result, "k", 16);
}

LoopKernel prefetched(const LoopKernel& kernel) {
  std::vector<std::string> outer{"i_outer", "j_outer", "k_outer"};
  LoopKernel result = add_prefetch(kernel, "a",
                                   {.sweep_inames = {"i_inner_inner", "k_inner", "i_inner_outer"},
                                    .default_tag = "l.auto",
                                    .fetch_outer_inames = outer});
  return add_prefetch(result, "b",
                      {.sweep_inames = {"j_inner_inner", "k_inner", "j_inner_outer"},
                       .default_tag = "l.auto",
                       .fetch_outer_inames = outer});
}

using testing::expect_on_opencl;

TEST(RegisterTiledMatmulTest, SixteenBySixteenGroupsWithFourByFourAccumulators) {
  LoopKernel kernel = prefetched(register_tiled(matmul()));
  GeneratedCode code = generate_code(kernel, Target::OpenCL);
  std::string source = code.source.substr(code.source.find("__kernel"));
  EXPECT_NE(source.find("reqd_work_group_size(16, 16, 1)"), std::string::npos) << source;
  // The accumulator has one copy per ilp value: 4x4 registers per work-item.
  EXPECT_NE(source.find("float acc_k_outer_k_inner[16]"), std::string::npos) << source;
  EXPECT_NE(source.find("__local float a_fetch["), std::string::npos) << source;
  EXPECT_NE(source.find("__local float b_fetch["), std::string::npos) << source;
  EXPECT_EQ(count(source, "barrier(CLK_LOCAL_MEM_FENCE)"), 2) << source;
}

TEST(RegisterTiledMatmulOpenCL, MatchesAtSizesThatDoAndDoNotDivideTheTiles) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel kernel = prefetched(register_tiled(matmul()));
  for (int64_t n : {1, 5, 64, 67, 128}) expect_on_opencl(kernel, matmul(), {{"n", n}});
}

TEST(RegisterTiledMatmulOpenCL, WithoutPrefetchTheIlpTilesAloneMatch) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel kernel = register_tiled(matmul());
  for (int64_t n : {3, 64, 70}) expect_on_opencl(kernel, matmul(), {{"n", n}});
}

// The output block buffered in registers (loopy's buffer_array with an init expression): each
// work-item accumulates its 4x4 block of c in private memory, then adds it to c.
LoopKernel accumulating_matmul() {
  return make_kernel({"{[i,j,k]: 0<=i,j,k<n}"}, "c[i, j] = c[i, j] + a[i, k]*b[k, j]",
                     {array_arg("a, b, c", DType::Float32, {"n", "n"}), value_arg("n")},
                     {.name = "matmul_acc"});
}

TEST(RegisterTiledMatmulOpenCL, OutputBlockBufferedInRegisters) {
  SKIP_WITHOUT_OPENCL();
  // Buffered before the prefetches, so the init comes ahead of the fetches in instruction order
  // and the k_outer loop holding fetches and products is entered once.
  LoopKernel kernel = buffer_array(
      register_tiled(accumulating_matmul()), "c", {"i_inner_inner", "j_inner_inner"},
      {.init_expression = "0", .store_expression = "base + buffer", .default_tag = "ilp"});
  kernel = prefetched(kernel);
  const Temporary* buffer = kernel.find_temporary("c_buf");
  ASSERT_NE(buffer, nullptr);
  ASSERT_EQ(buffer->shape.size(), 2u);
  EXPECT_EQ(to_string(buffer->shape[0]) + "x" + to_string(buffer->shape[1]), "4x4");
  std::string source = generate_code(kernel, Target::OpenCL).source;
  EXPECT_EQ(source.find("__local float c_buf"), std::string::npos) << source;
  for (int64_t n : {1, 64, 67}) expect_on_opencl(kernel, accumulating_matmul(), {{"n", n}});
}

}  // namespace
}  // namespace loom
