// Launching generated kernels on the GPU through device arrays, streams, events and bound
// launches; the kernel level of the compile cache (within a process and across processes); the
// resources the driver reports. Every test skips when there is no CUDA driver or GPU; names
// contain `Gpu`, so ctest labels them gpu.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/host_cuda.hpp"
#include "runtime/kernel_cache.hpp"
#include "runtime/scoped_cache_directory.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

namespace fs = std::filesystem;
using testing::error_message;
using testing::ScopedCacheDirectory;

class CudaLaunchGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    // A device asked for by ordinal must exist; only a machine without a GPU skips.
    std::optional<std::string> missing = testing::cuda_unavailable();
    if (missing && std::getenv("LOOM_CUDA_DEVICE") != nullptr) FAIL() << *missing;
    SKIP_WITHOUT_CUDA();
  }
};

// out[i] = 3*a[i] + b over 128-wide blocks.
LoopKernel saxpy(const std::string& name = "saxpy") {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 3*a[i] + b",
                                  {array_arg("a, out", DType::Float32, {"n"}), value_arg("n"),
                                   value_arg("b", DType::Float32)},
                                  {.name = name});
  return split_iname(kernel, "i", 128, {.outer_tag = "g.0", .inner_tag = "l.0"});
}

Array ramp(int64_t n) {
  Array a(DType::Float32, {n});
  for (int64_t i = 0; i < n; ++i) a.set_double(i, static_cast<double>(i % 1000) - 17);
  return a;
}

void expect_saxpy(const Array& a, const Array& out, double b) {
  for (int64_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(out.get_double(i), 3 * a.get_double(i) + b) << "element " << i;
  }
}

TEST_F(CudaLaunchGpu, DeviceArraysRoundTripAndStayOnTheDevice) {
  for (int64_t n : {1, 127, 128, 129, 100003}) {
    SCOPED_TRACE(n);
    Array a = ramp(n);
    DeviceArray device_a = DeviceArray::from_host(a), device_out(DType::Float32, {n});
    EXPECT_EQ(device_a.to_host().get_double(n - 1), a.get_double(n - 1));
    EXPECT_EQ(device_out.to_host().get_double(n - 1), 0.0);  // allocated zero-filled
    CompiledKernel program = compile(saxpy(), Target::CUDA);
    program({{"a", device_a}, {"out", device_out}, {"n", Scalar(n)}, {"b", Scalar(0.5)}});
    expect_saxpy(a, device_out.to_host(), 0.5);
  }
}

TEST_F(CudaLaunchGpu, StreamsEventsAndBoundLaunches) {
  int64_t n = 1 << 20;
  Array a = ramp(n);
  DeviceArray device_a = DeviceArray::from_host(a), device_out(DType::Float32, {n});
  CompiledKernel program = compile(saxpy(), Target::CUDA);
  Stream stream = Stream::create();
  BoundLaunch bound = program.bind({{"a", device_a}, {"out", device_out}, {"n", Scalar(n)}, {"b", Scalar(2.0)}}, stream);
  Event start, end;
  start.record(stream);
  for (int k = 0; k < 10; ++k) bound();
  end.record(stream);
  double milliseconds = Event::elapsed_ms(start, end);
  EXPECT_GT(milliseconds, 0.0);
  stream.synchronize();
  expect_saxpy(a, device_out.to_host(), 2.0);
  std::cout << "[ timings ] 10 launches of saxpy over 2^20 floats: " << milliseconds << " ms (CUDA events)\n";
}

TEST_F(CudaLaunchGpu, BindRefusesHostArraysAndBadArguments) {
  CompiledKernel program = compile(saxpy(), Target::CUDA);
  DeviceArray device_a(DType::Float32, {64}), device_out(DType::Float32, {64});
  std::string host = error_message<Error>([&] {
    program.bind({{"a", Array(DType::Float32, {64})}, {"out", device_out}, {"n", Scalar(int64_t{64})}, {"b", Scalar(1.0)}});
  });
  EXPECT_NE(host.find("argument 'a' is a host Array; a bound CUDA launch takes DeviceArrays"), std::string::npos) << host;
  std::string shape = error_message<Error>([&] {
    program.bind({{"a", device_a}, {"out", device_out}, {"n", Scalar(int64_t{65})}, {"b", Scalar(1.0)}});
  });
  EXPECT_NE(shape.find("argument 'a' must have shape (65), got (64)"), std::string::npos) << shape;
  DeviceArray doubles(DType::Float64, {64});
  std::string dtype = error_message<Error>([&] {
    program({{"a", doubles}, {"out", device_out}, {"n", Scalar(int64_t{64})}, {"b", Scalar(1.0)}});
  });
  EXPECT_NE(dtype.find("argument 'a' must be float32, got float64"), std::string::npos) << dtype;
}

TEST_F(CudaLaunchGpu, HostAndDeviceArraysMixInOneLaunch) {
  int64_t n = 1000;
  Array a = ramp(n), out(DType::Float32, {n});
  DeviceArray device_a = DeviceArray::from_host(a);
  compile(saxpy(), Target::CUDA)({{"a", device_a}, {"out", out}, {"n", Scalar(n)}, {"b", Scalar(-1.0)}});
  expect_saxpy(a, out, -1.0);  // the host output is filled when the call returns
}

TEST_F(CudaLaunchGpu, KernelLevelCacheSkipsCodeGeneration) {
  ScopedCacheDirectory cache;
  int hits = detail::cuda_kernel_cache_hits();
  Array a = ramp(300), out(DType::Float32, {300});
  ArgumentMap arguments = {{"a", a}, {"out", out}, {"n", Scalar(int64_t{300})}, {"b", Scalar(1.0)}};
  compile(saxpy(), Target::CUDA)(arguments);
  EXPECT_EQ(detail::cuda_kernel_cache_hits(), hits);
  // The entry of the compiler in use (the gpu tests also run under LOOM_CUDA_COMPILER=llvm).
  std::string entry = detail::cuda_kernel_cache_path(saxpy(), std::string(cuda_compiler_name(default_cuda_compiler())));
  ASSERT_TRUE(fs::exists(entry));
  compile(saxpy(), Target::CUDA)(arguments);
  EXPECT_EQ(detail::cuda_kernel_cache_hits(), hits + 1);
  expect_saxpy(a, out, 1.0);

  // Proof that the entry is what runs: another kernel's entry under this kernel's key runs that
  // kernel's code (same signature, different body).
  LoopKernel other = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 5*a[i] + b",
                                 {array_arg("a, out", DType::Float32, {"n"}), value_arg("n"),
                                  value_arg("b", DType::Float32)},
                                 {.name = "saxpy"});
  other = split_iname(other, "i", 128, {.outer_tag = "g.0", .inner_tag = "l.0"});
  compile(other, Target::CUDA);
  fs::copy_file(detail::cuda_kernel_cache_path(other, std::string(cuda_compiler_name(default_cuda_compiler()))), entry, fs::copy_options::overwrite_existing);
  compile(saxpy(), Target::CUDA)(arguments);
  EXPECT_EQ(out.get_double(7), 5 * a.get_double(7) + 1.0);

  // A damaged entry is generated again and replaced.
  std::ofstream(entry, std::ios::binary | std::ios::trunc) << "LOOMGEN1 garbage";
  compile(saxpy(), Target::CUDA)(arguments);
  expect_saxpy(a, out, 1.0);
  EXPECT_TRUE(detail::read_generated_code(entry).has_value());
}

// The child's body for SecondProcessHitsTheCache: compiles and runs saxpy, printing whether the
// kernel level of the cache answered.
TEST_F(CudaLaunchGpu, CacheChildProcess) {
  if (std::getenv("LOOM_CACHE_CHILD") == nullptr) GTEST_SKIP() << "runs only as SecondProcessHitsTheCache's child";
  Array a = ramp(500), out(DType::Float32, {500});
  compile(saxpy("saxpy_child"), Target::CUDA)({{"a", a}, {"out", out}, {"n", Scalar(int64_t{500})}, {"b", Scalar(4.0)}});
  expect_saxpy(a, out, 4.0);
  std::cout << "[ cache ] kernel-level hits: " << detail::cuda_kernel_cache_hits() << "\n";
}

TEST_F(CudaLaunchGpu, SecondProcessHitsTheCache) {
  ScopedCacheDirectory cache;
  std::string log = cache.path() + "/child.log";
  std::string command = "LOOM_CACHE_CHILD=1 " + fs::read_symlink("/proc/self/exe").string() +
                        " --gtest_filter=CudaLaunchGpu.CacheChildProcess > " + log + " 2>&1";
  auto run_child = [&] {
    EXPECT_EQ(std::system(command.c_str()), 0);
    std::ifstream in(log);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  };
  std::string first = run_child(), second = run_child();
  EXPECT_NE(first.find("[ cache ] kernel-level hits: 0"), std::string::npos) << first;
  EXPECT_NE(second.find("[ cache ] kernel-level hits: 1"), std::string::npos) << second;
  EXPECT_NE(second.find("[       OK ] CudaLaunchGpu.CacheChildProcess"), std::string::npos) << second;
}

TEST_F(CudaLaunchGpu, ResourcesFromTheDriver) {
  MakeKernelOptions options{.name = "tile"};
  options.temporaries.push_back(Temporary{"tile", DType::Float32, {int_literal(256)}, AddressSpace::Local});
  LoopKernel kernel = make_kernel({"{[io, ii, jj]: 0<=io<n and 0<=ii,jj<256}"},
                                  "tile[ii] = a[256*io + ii] {id=fill}\n"
                                  "out[256*io + jj] = tile[255 - jj] {id=use, dep=fill}",
                                  {array_arg("a, out", DType::Float32, {"256*n"}), value_arg("n")}, options);
  kernel = tag_inames(kernel, "io:g.0, ii:l.0, jj:l.0");
  std::vector<DeviceKernelResources> resources = compile(kernel, Target::CUDA).resources();
  ASSERT_EQ(resources.size(), 1u);
  EXPECT_EQ(resources[0].name, "tile");
  EXPECT_GT(resources[0].registers, 0);
  EXPECT_EQ(resources[0].static_shared_bytes, 1024);
  EXPECT_GE(resources[0].max_threads_per_block, 256);
  EXPECT_GT(resources[0].occupancy, 0.0);
  EXPECT_LE(resources[0].occupancy, 1.0);
  std::cout << "[ resources ] tile: " << resources[0].registers << " registers, " << resources[0].local_bytes
            << " bytes local, " << resources[0].static_shared_bytes << " bytes shared\n";
}

}  // namespace
}  // namespace loom
