// Static resource checks before compiling (issue 12): work-group shape, threads per work-group
// and local memory against sm_90's limits (offline), a given device's, or the present GPU's
// (tests with `Gpu` in their name); grid sizes at launch.
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/host_cuda.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;

LoopKernel grid_kernel() {
  return make_kernel(
      {"{[i,j]: 0<=i<n and 0<=j<m}"}, "out[i, j] = 2*a[i, j]",
      {array_arg("a, out", DType::Float32, {"n", "m"}), value_arg("n"), value_arg("m")},
      {.name = "grid2d"});
}

// 64 x 32 work-items: 2048, twice sm_90's 1024.
LoopKernel oversized_block_kernel() {
  LoopKernel kernel = split_iname(grid_kernel(), "i", 32, {.outer_tag = "g.1", .inner_tag = "l.1"});
  return split_iname(kernel, "j", 64, {.outer_tag = "g.0", .inner_tag = "l.0"});
}

// A local tile of `elements` float32 values filled by 256 work-items and read back reversed.
LoopKernel local_tile_kernel(int64_t elements, int64_t extra_elements = 0) {
  MakeKernelOptions options{.name = "tile"};
  options.temporaries.push_back(
      Temporary{"tile", DType::Float32, {int_literal(elements)}, AddressSpace::Local});
  std::string instructions = "tile[256*q + ii] = a[" + std::to_string(elements) +
                             "*io + 256*q + ii] {id=fill}\n"
                             "out[" +
                             std::to_string(elements) + "*io + 256*p + jj] = tile[" +
                             std::to_string(elements - 1) + " - 256*p - jj] {id=use, dep=fill}";
  std::string domain = "{[io, q, p, ii, jj]: 0<=io<n and 0<=q,p<" + std::to_string(elements / 256) +
                       " and 0<=ii,jj<256}";
  std::vector<std::string> domains = {domain};
  if (extra_elements > 0) {
    options.temporaries.push_back(
        Temporary{"scratch", DType::Float64, {int_literal(extra_elements)}, AddressSpace::Local});
    instructions +=
        "\nscratch[ii] = tile[ii] {id=keep, dep=fill, inames=io:ii}\nout2[256*io + jj] = "
        "scratch[255 - jj] {id=back, dep=keep}";
  }
  std::vector<KernelArgument> args = {
      array_arg("a, out", DType::Float32, {std::to_string(elements) + "*n"}), value_arg("n")};
  if (extra_elements > 0) args.push_back(array_arg("out2", DType::Float64, {"256*n"}));
  return tag_inames(make_kernel(domains, instructions, args, options), "io:g.0, ii:l.0, jj:l.0");
}

TEST(ResourceChecks, ThreadsPerBlockAboveSm90AreRefusedNamingTheInames) {
  std::string message =
      error_message<Error>([&] { generate_code(oversized_block_kernel(), Target::CUDA); });
  EXPECT_EQ(message,
            "kernel 'grid2d' needs work-groups of 2048 work-items (64 x 32 x 1 along l.0, l.1, "
            "l.2), more than the "
            "1024 per work-group that sm_90 (offline default) allows: l.0 iname 'j_inner' (64), "
            "l.1 iname "
            "'i_inner' (32). Split l.0 iname 'j_inner' (64) so that its outer part is a loop: "
            "untag_inames(\"j_inner\") then split_iname(\"j_inner\", 32, inner_tag=\"l.0\") (or "
            "split the iname it "
            "came from with a smaller inner length)");
}

TEST(ResourceChecks, SuggestedSplitMakesTheKernelFit) {
  LoopKernel kernel = untag_inames(oversized_block_kernel(), {"j_inner"});
  kernel = split_iname(kernel, "j_inner", 32, {.inner_tag = "l.0"});
  GeneratedCode code = generate_code(kernel, Target::CUDA);
  EXPECT_EQ(code.device_kernels[0].block_size, (std::vector<int64_t>{32, 32, 1}));
}

TEST(ResourceChecks, BlockDimensionZAbove64IsRefused) {
  LoopKernel kernel =
      split_iname(grid_kernel(), "i", 128, {.outer_tag = "g.0", .inner_tag = "l.2"});
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::CUDA); });
  EXPECT_EQ(message,
            "kernel 'grid2d' needs 128 work-items along l.2 (block dimension z), more than the 64 "
            "that sm_90 "
            "(offline default) allows: l.2 iname 'i_inner' (128). Split 'i_inner' "
            "(untag_inames(\"i_inner\") then "
            "split_iname(\"i_inner\", 64, inner_tag=\"l.2\"), or split the iname it came from with "
            "a smaller inner "
            "length) or tag it with another l axis");
}

TEST(ResourceChecks, BlockDimensionXAbove1024IsRefusedOffline) {
  LoopKernel kernel =
      split_iname(grid_kernel(), "j", 2048, {.outer_tag = "g.0", .inner_tag = "l.0"});
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::OpenCL); });
  EXPECT_NE(
      message.find(
          "kernel 'grid2d' needs 2048 work-items along l.0 (block dimension x), more than the 1024 "
          "that a generic OpenCL GPU (offline default) allows: l.0 iname 'j_inner' (2048). Split "
          "'j_inner' (untag_inames(\"j_inner\") then split_iname(\"j_inner\", 1024, "
          "inner_tag=\"l.0\")"),
      std::string::npos)
      << message;
}

TEST(ResourceChecks, SharedMemoryAboveSm90OptInIsRefusedNamingTheTemporaries) {
  // 64 K float32 (256 KB) plus 256 float64: above the 227 KB (232448 bytes) sm_90 opts in to.
  LoopKernel kernel = local_tile_kernel(65536, 256);
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::CUDA); });
  EXPECT_EQ(message,
            "kernel 'tile' needs 264192 bytes of local (shared) memory per work-group, more than "
            "the 232448 that "
            "sm_90 (offline default) allows: 'tile' (float32 [65536], 262144 bytes), 'scratch' "
            "(float64 [256], "
            "2048 bytes). Make 'tile' smaller (fetch a smaller tile: split the inames its "
            "footprint spans into "
            "smaller pieces) or keep it in global memory");
}

TEST(ResourceChecks, SharedMemoryWithinTheOptInCompiles) {
  // 192 KB: above the 48 KB of static shared memory, within the dynamic opt-in.
  GeneratedCode code = generate_code(local_tile_kernel(49152), Target::CUDA);
  EXPECT_EQ(code.device_kernels[0].dynamic_shared_bytes, 196608);
}

TEST(ResourceChecks, LocalMemoryAbove64KBIsRefusedOfflineForClCode) {
  std::string message =
      error_message<Error>([&] { generate_code(local_tile_kernel(32768), Target::OpenCL); });
  EXPECT_NE(
      message.find(
          "kernel 'tile' needs 131072 bytes of local (shared) memory per work-group, more than the "
          "65536 that a generic OpenCL GPU (offline default) allows: 'tile' (float32 [32768], "
          "131072 "
          "bytes)"),
      std::string::npos)
      << message;
}

TEST(ResourceChecks, NonConstantLocalSizeNamesTheInameAndItsExtent) {
  LoopKernel kernel = tag_inames(grid_kernel(), "i:g.0, j:l.0");
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::CUDA); });
  EXPECT_EQ(message,
            "iname 'j' is tagged l.0 but its length, m, is not a constant; work-group sizes must "
            "be constants "
            "(split it: split_iname(\"j\", 16, inner_tag=\"l.0\"))");
}

TEST(ResourceChecks, GivenDeviceLimitsReplaceTheDefaults) {
  DeviceLimits small = sm90_device_limits();
  small.device = "'a small GPU'";
  small.max_threads_per_block = 256;
  LoopKernel kernel =
      split_iname(grid_kernel(), "j", 512, {.outer_tag = "g.0", .inner_tag = "l.0"});
  EXPECT_NO_THROW(generate_code(kernel, Target::CUDA));
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::CUDA, small); });
  EXPECT_NE(
      message.find(
          "kernel 'grid2d' needs work-groups of 512 work-items (512 x 1 x 1 along l.0, l.1, l.2), "
          "more than the 256 per work-group that 'a small GPU' allows: l.0 iname 'j_inner' (512). "
          "Split l.0 iname 'j_inner' (512) so that its outer part is a loop: "
          "untag_inames(\"j_inner\") then split_iname(\"j_inner\", 256, inner_tag=\"l.0\")"),
      std::string::npos)
      << message;
}

TEST(ResourceChecks, EachDeviceKernelOfASplitProgramIsNamed) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<n}"},
                                  "tmp[i] = 2*a[i] {id=first}\n"
                                  "... gbarrier {id=sync, dep=first}\n"
                                  "out[j] = tmp[j] {id=second, dep=sync}",
                                  {array_arg("a, out, tmp", DType::Float32, {"n"}), value_arg("n")},
                                  {.name = "two"});
  kernel = split_iname(kernel, "i", 128, {.outer_tag = "g.0", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "j", 128, {.outer_tag = "g.0", .inner_tag = "l.0"});
  EXPECT_NO_THROW(generate_code(kernel, Target::CUDA));
  DeviceLimits small = sm90_device_limits();
  small.device = "'a small GPU'";
  small.max_block_size[0] = 64;
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::CUDA, small); });
  EXPECT_NE(message.find("kernel 'two_0' (of 'two') needs 128 work-items along l.0"),
            std::string::npos)
      << message;
}

// ---- the present GPU
// ------------------------------------------------------------------------------

TEST(ResourceChecksGpu, PresentDeviceLimitsComeFromTheDriver) {
  SKIP_WITHOUT_CUDA();
  const detail::CudaDeviceInfo& info = detail::cuda_device_info();
  const DeviceLimits& limits = info.limits;
  EXPECT_EQ(limits.device, "'" + info.name + "' (" + info.arch + ")");
  EXPECT_EQ(limits.max_threads_per_block, 1024);
  EXPECT_EQ(limits.max_block_size, (std::array<int64_t, 3>{1024, 1024, 64}));
  EXPECT_EQ(limits.max_grid_size, (std::array<int64_t, 3>{2147483647, 65535, 65535}));
  EXPECT_GE(limits.max_local_memory_bytes, 48 * 1024);
}

TEST(ResourceChecksGpu, CompileChecksAgainstThePresentDevice) {
  SKIP_WITHOUT_CUDA();
  std::string message =
      error_message<Error>([&] { compile(oversized_block_kernel(), Target::CUDA); });
  std::string device = detail::cuda_device_info().limits.device;
  EXPECT_NE(
      message.find(
          "kernel 'grid2d' needs work-groups of 2048 work-items (64 x 32 x 1 along l.0, l.1, l.2), "
          "more than the 1024 per work-group that " +
          device + " allows"),
      std::string::npos)
      << message;
}

TEST(ResourceChecksGpu, GridAbove65535AlongYIsRefusedAtLaunch) {
  SKIP_WITHOUT_CUDA();
  LoopKernel kernel = split_iname(grid_kernel(), "i", 1, {.outer_tag = "g.1", .inner_tag = "l.1"});
  kernel = split_iname(kernel, "j", 32, {.outer_tag = "g.0", .inner_tag = "l.0"});
  CompiledKernel compiled = compile(kernel, Target::CUDA);
  Array a(DType::Float32, {70000, 1}), out(DType::Float32, {70000, 1});
  std::string message = error_message<Error>([&] {
    compiled({{"a", a}, {"out", out}, {"n", Scalar(int64_t{70000})}, {"m", Scalar(int64_t{1})}});
  });
  std::string device = detail::cuda_device_info().limits.device;
  EXPECT_NE(
      message.find(
          "kernel 'grid2d' of 'grid2d' needs 70000 blocks along g.1 (grid dimension y: if(n >= 1 and "
          "m >= 1, n, 0) for these parameter values), more than the 65535 that " +
          device +
          " launches; g.1 iname(s) "
          "'i_outer': tag the widest with g.0 (up to 2147483647) or split it and make part of it a "
          "loop"),
      std::string::npos)
      << message;
}

}  // namespace
}  // namespace loom
