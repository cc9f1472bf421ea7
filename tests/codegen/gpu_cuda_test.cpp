// Generated CUDA run on the GPU (issue 9): the kernels of gpu_codegen_test.cpp compiled by NVRTC,
// launched through the driver API and compared with their untransformed versions on the C target.
// Test names contain `Gpu` (ctest label gpu); every test skips when there is no CUDA driver or GPU.
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/cuda_driver.hpp"
#include "runtime/host_cuda.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::expect_matches_reference;

class GpuCuda : public ::testing::Test {
 protected:
  void SetUp() override { SKIP_WITHOUT_CUDA(); }
};

void expect_on_cuda(const LoopKernel& kernel, const LoopKernel& reference,
                    const ParameterMap& parameters) {
  expect_matches_reference(kernel, reference, parameters, CheckOptions{.target = Target::CUDA});
}

// ---- the kernels (as in gpu_codegen_test.cpp)
// ----------------------------------------------------

LoopKernel vector_kernel() {
  return make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*a[i] + 1",
                     {array_arg("a, out", DType::Float32, {"n"}), value_arg("n")},
                     {.name = "vscale"});
}

LoopKernel split_vector_kernel() {
  return split_iname(vector_kernel(), "i", 128, {.outer_tag = "g.0", .inner_tag = "l.0"});
}

// Each work-item stages one element in local memory and reads its neighbour's.
LoopKernel neighbour_kernel() {
  return make_kernel({"{[io, ii, jj]: 0<=io<n and 0<=ii,jj<16}"},
                     "<float32> tile[ii] = a[16*io + ii] {id=fetch}\n"
                     "out[16*io + jj] = tile[(jj + 1) % 16] {id=use, dep=fetch}",
                     {array_arg("a, out", DType::Float32, {"16*n"}), value_arg("n")},
                     {.name = "neighbour"});
}

// A tile refilled in every iteration of a sequential loop: two barriers per iteration.
LoopKernel tiled_loop_kernel() {
  return make_kernel(
      {"{[io, k, ii, jj]: 0<=io<n and 0<=k<m and 0<=ii,jj<16}"},
      "<float32> tile[ii] = a[k, 16*io + ii] {id=fetch}\n"
      "out[k, 16*io + jj] = tile[15 - jj] {id=use, dep=fetch}",
      {array_arg("a, out", DType::Float32, {"m", "16*n"}), value_arg("n"), value_arg("m")},
      {.name = "tiled"});
}

// Split by a global barrier, with a private value saved across it.
LoopKernel split_program() {
  return make_kernel({"{[i]: 0<=i<n}"},
                     "for i\n"
                     "  <float32> keep = 3*a[i] {id=keep}\n"
                     "  b[i] = 2*a[i] {id=double}\n"
                     "  ... gbarrier {id=split, dep=double:keep}\n"
                     "  out[i] = if(i > 0, b[i - 1], 0) + keep {id=use, dep=split}\n"
                     "end",
                     {array_arg("a, b, out", DType::Float32, {"n"}), value_arg("n")},
                     {.name = "split"});
}

// ---- compiled by NVRTC (no GPU needed: skips only without NVRTC) --------------------------------

// 64 KB of local memory: above CUDA's 48 KB of static shared memory.
LoopKernel big_tile_kernel() {
  MakeKernelOptions options{.name = "big_tile"};
  options.temporaries.push_back(Temporary{"big", DType::Float32, {int_literal(16384)}, AddressSpace::Local});
  return make_kernel({"{[io, q, p, ii, jj]: 0<=io<n and 0<=q,p<64 and 0<=ii,jj<256}"},
                     "big[256*q + ii] = a[16384*io + 256*q + ii] {id=fill}\n"
                     "out[16384*io + 256*p + jj] = big[16383 - 256*p - jj] {id=use, dep=fill}",
                     {array_arg("a, out", DType::Float32, {"16384*n"}), value_arg("n")}, options);
}

TEST(GpuCudaNvrtc, EveryKernelCompilesToCubinForSm90) {
  std::vector<LoopKernel> kernels = {
      split_vector_kernel(), tag_inames(neighbour_kernel(), "io:g.0, ii:l.0, jj:l.0"),
      tag_inames(tiled_loop_kernel(), "io:g.0, ii:l.0, jj:l.0"),
      tag_inames(big_tile_kernel(), "io:g.0, ii:l.0, jj:l.0"),
      save_and_reload_temporaries(
          split_iname(split_program(), "i", 32, {.outer_tag = "g.0", .inner_tag = "l.0"}))};
  for (const LoopKernel& kernel : kernels) {
    SCOPED_TRACE(kernel.name);
    try {
      std::vector<char> cubin = detail::nvrtc_compile_to_cubin(
          generate_code(kernel, Target::CUDA).source, "sm_90", kernel.name);
      ASSERT_GT(cubin.size(), 4u);
      EXPECT_EQ(std::string(cubin.data() + 1, 3), "ELF");
    } catch (const EnvironmentError& error) {
      GTEST_SKIP() << error.what();  // no CUDA driver/GPU (or NVRTC) on this machine
    }
  }
}

// ---- executed on the GPU
// ---------------------------------------------------------------------------

TEST_F(GpuCuda, SplitVectorKernelAtSizesThatDoNotDivideTheBlock) {
  for (int64_t n : {1, 127, 128, 129, 1000, 1021, 100000}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    expect_on_cuda(split_vector_kernel(), vector_kernel(), {{"n", n}});
  }
}

TEST_F(GpuCuda, MatmulOnBothAxes) {
  LoopKernel reference = make_kernel(
      {"{[i,j,k]: 0<=i<n and 0<=j<m and 0<=k<l}"}, "c[i, j] = sum(k, a[i, k]*b[k, j])",
      {array_arg("a", DType::Float32, {"n", "l"}), array_arg("b", DType::Float32, {"l", "m"}),
       array_arg("c", DType::Float32, {"n", "m"}), value_arg("n"), value_arg("m"), value_arg("l")},
      {.name = "mm"});
  LoopKernel kernel = split_iname(reference, "i", 8, {.outer_tag = "g.1", .inner_tag = "l.1"});
  kernel = split_iname(kernel, "j", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "k", 4);
  for (auto [n, m, l] : {std::tuple{1, 1, 1}, {17, 33, 5}, {40, 16, 31}, {130, 70, 64}}) {
    SCOPED_TRACE(std::to_string(n) + "x" + std::to_string(m) + "x" + std::to_string(l));
    expect_on_cuda(kernel, reference, {{"n", n}, {"m", m}, {"l", l}});
  }
}

TEST_F(GpuCuda, NeighbourReadThroughSharedMemoryWithABarrier) {
  LoopKernel kernel = tag_inames(neighbour_kernel(), "io:g.0, ii:l.0, jj:l.0");
  for (int64_t n : {1, 3, 7, 1000}) expect_on_cuda(kernel, neighbour_kernel(), {{"n", n}});
}

TEST_F(GpuCuda, LoopCarriedTileWithTwoBarriers) {
  LoopKernel kernel = tag_inames(tiled_loop_kernel(), "io:g.0, ii:l.0, jj:l.0");
  for (auto [n, m] : {std::pair{1, 1}, {3, 5}, {2, 17}})
    expect_on_cuda(kernel, tiled_loop_kernel(), {{"n", n}, {"m", m}});
}

TEST_F(GpuCuda, SharedMemoryAbove48KBThroughTheDynamicBuffer) {
  LoopKernel kernel = tag_inames(big_tile_kernel(), "io:g.0, ii:l.0, jj:l.0");
  EXPECT_EQ(compile(kernel, Target::CUDA).code().device_kernels[0].dynamic_shared_bytes, 65536);
  for (int64_t n : {1, 3}) expect_on_cuda(kernel, big_tile_kernel(), {{"n", n}});
}

TEST_F(GpuCuda, ProgramSplitByAGlobalBarrierWithASavedTemporary) {
  LoopKernel kernel = save_and_reload_temporaries(
      split_iname(split_program(), "i", 32, {.outer_tag = "g.0", .inner_tag = "l.0"}));
  EXPECT_EQ(compile(kernel, Target::CUDA).code().device_kernels.size(), 2u);
  for (int64_t n : {1, 31, 33, 100, 5000}) expect_on_cuda(kernel, split_program(), {{"n", n}});
}

}  // namespace
}  // namespace loom
