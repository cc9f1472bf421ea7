// The CUDA runtime (src/runtime/host_cuda.cpp, cuda_driver.cpp) on the process's GPU. The programs
// are hand-written CUDA C, so these tests check the launcher alone: launch geometry, buffers and
// offsets, value widths, global temporaries between device kernels, errors, the CUBIN cache and
// the poisoned context after a fault. Every test skips when there is no CUDA driver or GPU; test
// names contain `Gpu`, so ctest labels them gpu.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>

#include "device_helpers.hpp"
#include "lang/instruction_parser.hpp"
#include "loom/loom.hpp"
#include "runtime/cuda_driver.hpp"
#include "runtime/host_cuda.hpp"
#include "runtime/launcher.hpp"
#include "runtime/scoped_cache_directory.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

namespace fs = std::filesystem;
using testing::error_message;

class CudaRuntimeGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    // A device asked for by ordinal must exist; only a machine without a GPU skips.
    std::optional<std::string> missing = testing::cuda_unavailable();
    if (missing && std::getenv("LOOM_CUDA_DEVICE") != nullptr) FAIL() << *missing;
    SKIP_WITHOUT_CUDA();
  }
};

ExprPtr expr(const char* text) { return lang::parse_expression(text); }

GeneratedArgument array_argument(const std::string& name, DType dtype, bool written = false) {
  return {name, dtype, true, written};
}
GeneratedArgument value_argument(const std::string& name, DType dtype) {
  return {name, dtype, false, false};
}

DeviceKernel device_kernel(const std::string& name, std::vector<ExprPtr> grid,
                           std::vector<int64_t> block) {
  while (grid.size() < 3) grid.push_back(int_literal(1));
  while (block.size() < 3) block.push_back(1);
  return {name, std::move(grid), std::move(block)};
}

GeneratedCode cuda_code(std::string source, std::vector<GeneratedArgument> arguments,
                        std::vector<DeviceKernel> kernels,
                        std::vector<GlobalTemporary> temporaries = {}) {
  GeneratedCode code;
  code.target = Target::CUDA;
  code.function_name = kernels.empty() ? "none" : kernels.front().name;
  code.source = std::move(source);
  code.arguments = std::move(arguments);
  code.device_kernels = std::move(kernels);
  code.global_temporaries = std::move(temporaries);
  return code;
}

CompiledKernel compile_cuda(const LoopKernel& kernel, GeneratedCode code) {
  return CompiledKernel(detail::make_cuda_launcher(kernel, std::move(code)));
}

Scalar integer(int64_t value) { return Scalar(value); }

// ---- vector add with a guarded tail
// --------------------------------------------------------------

LoopKernel vector_kernel() {
  return make_kernel({"{[i]: 0<=i<n}"}, "c[i] = a[i] + b[i]",
                     {array_arg("a, b, c", DType::Float32, {"n"})}, {.name = "vadd"});
}

const char* kGuardedAdd = R"(
extern "C" __global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = 2.0f * a[i] + b[i];
}
)";

std::vector<GeneratedArgument> vector_arguments() {
  return {array_argument("a", DType::Float32), array_argument("b", DType::Float32),
          array_argument("c", DType::Float32, true), value_argument("n", DType::Int32)};
}

ArgumentMap vector_inputs(int64_t n) {
  Array a(DType::Float32, {n}), b(DType::Float32, {n}), c(DType::Float32, {n});
  for (int64_t i = 0; i < n; ++i) {
    a.set_double(i, 0.5 * static_cast<double>(i));
    b.set_double(i, 1000.0 - static_cast<double>(i));
    c.set_double(i, -1);
  }
  return {{"a", a}, {"b", b}, {"c", c}, {"n", integer(n)}};
}

CompiledKernel guarded_add() {
  return compile_cuda(vector_kernel(),
                      cuda_code(kGuardedAdd, vector_arguments(),
                                {device_kernel("vadd", {expr("(n + 63) // 64")}, {64})}));
}

TEST_F(CudaRuntimeGpu, GuardedTailCoversEveryElement) {
  CompiledKernel program = guarded_add();
  for (int64_t n : {1, 63, 64, 1000}) {
    ArgumentMap arguments = vector_inputs(n);
    program(arguments);
    const Array& c = std::get<Array>(arguments.at("c"));
    for (int64_t i = 0; i < n; ++i)
      ASSERT_EQ(c.get_double(i), static_cast<double>(i) + 1000.0 - static_cast<double>(i)) << i;
  }
}

TEST_F(CudaRuntimeGpu, LaunchGeometryOnThreeAxes) {
  const char* source = R"(
extern "C" __global__ void geometry(int *ids) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned z = blockIdx.z * blockDim.z + threadIdx.z;
  unsigned linear = x + gridDim.x * blockDim.x * (y + gridDim.y * blockDim.y * z);
  ids[linear] = blockIdx.x + 10 * blockIdx.y + 100 * blockIdx.z + 1000 * threadIdx.x +
                10000 * threadIdx.y + 100000 * threadIdx.z;
}
)";
  LoopKernel kernel =
      make_kernel({"{[i]: 0<=i<96}"}, "ids[i] = i", {array_arg("ids", DType::Int32, {"96"})});
  CompiledKernel program = compile_cuda(
      kernel, cuda_code(source, {array_argument("ids", DType::Int32, true)},
                        {device_kernel("geometry", {int_literal(3), int_literal(2), int_literal(2)},
                                       {4, 2, 1})}));
  Array ids(DType::Int32, {96});
  program({{"ids", ids}});
  for (int64_t z = 0; z < 2; ++z)
    for (int64_t y = 0; y < 4; ++y)
      for (int64_t x = 0; x < 12; ++x) {
        int64_t expected = x / 4 + 10 * (y / 2) + 100 * z + 1000 * (x % 4) + 10000 * (y % 2);
        ASSERT_EQ(ids.get_int(x + 12 * (y + 4 * z)), expected) << x << "," << y << "," << z;
      }
}

TEST_F(CudaRuntimeGpu, BlockLargerThanTheDeviceIsRefused) {
  std::string message = error_message<Error>([&] {
    compile_cuda(vector_kernel(), cuda_code(kGuardedAdd, vector_arguments(),
                                            {device_kernel("vadd", {int_literal(1)}, {2048})}));
  });
  EXPECT_NE(message.find("kernel 'vadd' of 'vadd' needs blocks of 2048 threads"), std::string::npos)
      << message;
}

// ---- several device kernels, global temporaries, empty grids -----------------------------------

CompiledKernel two_stage_program() {
  const char* source = R"(
extern "C" __global__ void stage1(const int *a, int *out, int n, int *tmp) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) tmp[i] = 3 * a[i];
}
extern "C" __global__ void stage2(const int *a, int *out, int n, int *tmp) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tmp[n - 1 - i] + 1;
}
)";
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 3*a[n-1-i] + 1",
                                  {array_arg("a, out", DType::Int32, {"n"})});
  return compile_cuda(kernel, cuda_code(source,
                                        {array_argument("a", DType::Int32),
                                         array_argument("out", DType::Int32, true),
                                         value_argument("n", DType::Int32)},
                                        {device_kernel("stage1", {expr("(n + 31) // 32")}, {32}),
                                         device_kernel("stage2", {expr("(n + 31) // 32")}, {32})},
                                        {{"tmp", DType::Int32, {variable("n")}}}));
}

TEST_F(CudaRuntimeGpu, SecondKernelReadsTheGlobalTemporaryOfTheFirst) {
  CompiledKernel program = two_stage_program();
  Array a(DType::Int32, {300}), out(DType::Int32, {300});
  for (int64_t i = 0; i < 300; ++i) a.set_int(i, i * i % 101);
  program({{"a", a}, {"out", out}, {"n", integer(300)}});
  for (int64_t i = 0; i < 300; ++i) ASSERT_EQ(out.get_int(i), 3 * a.get_int(299 - i) + 1) << i;
  // n = 0: empty arrays, a zero-size temporary and grids of 0 blocks launch nothing.
  Array none(DType::Int32, {0}), none_out(DType::Int32, {0});
  program({{"a", none}, {"out", none_out}, {"n", integer(0)}});
}

// ---- buffers: offsets, strides, unwritten elements; value widths --------------------------------

TEST_F(CudaRuntimeGpu, OffsetsStridesAndUnwrittenElements) {
  const char* source = R"(
extern "C" __global__ void copy_even(const int *a, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && i % 2 == 0) out[3 + 2 * i] = 10 * a[5 + i];
}
)";
  KernelArgument a = array_arg("a", DType::Int32, {"n"});
  a.offset = int_literal(5);
  KernelArgument out = array_arg("out", DType::Int32, {"n"});
  out.offset = int_literal(3);
  out.dim_tags = {"stride:2"};
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 10*a[i]", {a, out});
  CompiledKernel program = compile_cuda(
      kernel,
      cuda_code(source,
                {array_argument("a", DType::Int32), array_argument("out", DType::Int32, true),
                 value_argument("n", DType::Int32)},
                {device_kernel("copy_even", {expr("(n + 7) // 8")}, {8})}));
  Array a_values(DType::Int32, {21});
  Array out_values = Array::with_strides(DType::Int32, {21}, {2});
  auto* storage = static_cast<int32_t*>(out_values.data());
  for (int64_t i = 0; i < 41; ++i) storage[i] = -static_cast<int32_t>(i) - 1;
  for (int64_t i = 0; i < 21; ++i) a_values.set_int(i, i + 100);
  program({{"a", a_values}, {"out", out_values}, {"n", integer(21)}});
  for (int64_t i = 0; i < 41; ++i) {
    bool written = i % 4 == 0;
    ASSERT_EQ(storage[i], written ? 10 * (i / 2 + 100) : -i - 1) << i;
  }
}

TEST_F(CudaRuntimeGpu, ValueArgumentsOfEveryWidth) {
  const char* source = R"(
extern "C" __global__ void values(long long *ints, double *floats, signed char i8, short i16, int i32,
    long long i64, unsigned char u8, unsigned short u16, unsigned u32, unsigned long long u64,
    float f32, double f64) {
  ints[0] = i8; ints[1] = i16; ints[2] = i32; ints[3] = i64;
  ints[4] = u8; ints[5] = u16; ints[6] = u32; ints[7] = (long long)u64;
  floats[0] = f32; floats[1] = f64;
}
)";
  const std::vector<std::pair<std::string, DType>> values = {
      {"i8", DType::Int8},    {"i16", DType::Int16},  {"i32", DType::Int32},
      {"i64", DType::Int64},  {"u8", DType::UInt8},   {"u16", DType::UInt16},
      {"u32", DType::UInt32}, {"u64", DType::UInt64}, {"f32", DType::Float32},
      {"f64", DType::Float64}};
  std::vector<KernelArgument> args = {array_arg("ints", DType::Int64, {"8"}),
                                      array_arg("floats", DType::Float64, {"2"})};
  std::vector<GeneratedArgument> generated = {array_argument("ints", DType::Int64, true),
                                              array_argument("floats", DType::Float64, true)};
  for (const auto& [name, dtype] : values) {
    args.push_back(value_arg(name, dtype));
    generated.push_back(value_argument(name, dtype));
  }
  LoopKernel kernel = make_kernel(
      {"{[i]: 0<=i<1}"},
      "ints[0] = i8 + i16 + i32 + i64 + u8 + u16 + u32 + u64\nfloats[0] = f32 + f64", args);
  CompiledKernel program = compile_cuda(
      kernel, cuda_code(source, generated, {device_kernel("values", {int_literal(1)}, {1})}));
  const std::vector<int64_t> expected = {-128, -32768, -2147483648LL, -(int64_t{1} << 62) - 5,
                                         255,  65535,  4294967295LL,  1234567890123456789LL};
  const double f32 = 1.5 + 1.0 / (1 << 20), f64 = 0.1;
  Array ints(DType::Int64, {8}), floats(DType::Float64, {2});
  ArgumentMap arguments = {
      {"ints", ints}, {"floats", floats}, {"f32", Scalar(f32)}, {"f64", Scalar(f64)}};
  for (std::size_t k = 0; k < 8; ++k) arguments[values[k].first] = integer(expected[k]);
  program(arguments);
  for (std::size_t k = 0; k < 8; ++k)
    EXPECT_EQ(ints.get_int(static_cast<int64_t>(k)), expected[k]) << values[k].first;
  EXPECT_EQ(floats.get_double(0), f32);
  EXPECT_EQ(floats.get_double(1), f64);
}

// ---- errors in loom's generated code -----------------------------------------------------------

TEST_F(CudaRuntimeGpu, CompileErrorIsAnInternalErrorWithTheLog) {
  LoopKernel kernel =
      make_kernel({"{[i]: 0<=i<4}"}, "c[i] = 0", {array_arg("c", DType::Float32, {"4"})});
  std::string message = error_message<InternalError>([&] {
    compile_cuda(kernel, cuda_code("extern \"C\" __global__ void broken(float *c) { c[0] = "
                                   "undefined_name_in_loom_code; }\n",
                                   {array_argument("c", DType::Float32, true)},
                                   {device_kernel("broken", {int_literal(1)}, {4})}));
  });
  EXPECT_NE(message.find("NVRTC rejected loom's generated CUDA code for 'broken'"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("undefined_name_in_loom_code"), std::string::npos) << message;
  std::string absent = error_message<InternalError>([&] {
    compile_cuda(kernel, cuda_code("extern \"C\" __global__ void present(float *c) { c[0] = 1; }\n",
                                   {array_argument("c", DType::Float32, true)},
                                   {device_kernel("absent", {int_literal(1)}, {4})}));
  });
  EXPECT_NE(absent.find("has no __global__ 'absent'"), std::string::npos) << absent;
}

// ---- the CUBIN cache ---------------------------------------------------------------------------

using testing::ScopedCacheDirectory;

std::string shift_source(int amount) {
  return "extern \"C\" __global__ void shift(const int *a, int *out, int n) {\n"
         "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) out[i] = a[i] + " +
         std::to_string(amount) + ";\n}\n";
}

CompiledKernel compile_shift(const std::string& source) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i] + 1",
                                  {array_arg("a, out", DType::Int32, {"n"})});
  return compile_cuda(kernel, cuda_code(source,
                                        {array_argument("a", DType::Int32),
                                         array_argument("out", DType::Int32, true),
                                         value_argument("n", DType::Int32)},
                                        {device_kernel("shift", {expr("(n + 3) // 4")}, {4})}));
}

// Runs the `shift` program built from `source` and returns out[0] for a[0] = 100.
int64_t run_shift(const std::string& source) {
  CompiledKernel program = compile_shift(source);
  Array a(DType::Int32, {5}), out(DType::Int32, {5});
  a.set_int(0, 100);
  program({{"a", a}, {"out", out}, {"n", integer(5)}});
  return out.get_int(0);
}

std::string file_contents(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

TEST_F(CudaRuntimeGpu, CubinCacheIsUsedAndCorruptEntriesAreRebuilt) {
  ScopedCacheDirectory cache;
  std::string plus_one = shift_source(1), plus_two = shift_source(2);
  std::string entry_one = detail::cuda_cubin_cache_path(plus_one);
  std::string entry_two = detail::cuda_cubin_cache_path(plus_two);
  ASSERT_NE(entry_one, entry_two);
  EXPECT_EQ(run_shift(plus_one), 101);
  EXPECT_EQ(run_shift(plus_two), 102);
  ASSERT_TRUE(fs::exists(entry_one));
  ASSERT_TRUE(fs::exists(entry_two));
  EXPECT_EQ(file_contents(entry_one).substr(0, 8), "LOOMCUB1");

  // Proof that a compile reads the cache: under +1's key, +2's CUBIN runs.
  fs::copy_file(entry_two, entry_one, fs::copy_options::overwrite_existing);
  EXPECT_EQ(run_shift(plus_one), 102);

  // A damaged entry (garbage, or cut short) is rebuilt from source and replaced.
  std::ofstream(entry_one, std::ios::binary | std::ios::trunc) << std::string(4096, 'x');
  EXPECT_EQ(run_shift(plus_one), 101);
  std::string rebuilt = file_contents(entry_one);
  EXPECT_EQ(rebuilt.substr(0, 8), "LOOMCUB1");
  std::ofstream(entry_one, std::ios::binary | std::ios::trunc)
      << rebuilt.substr(0, rebuilt.size() / 2);
  EXPECT_EQ(run_shift(plus_one), 101);
  EXPECT_EQ(file_contents(entry_one), rebuilt);

  // LOOM_NO_CACHE=1 neither reads nor writes it.
  std::string plus_three = shift_source(3);
  setenv("LOOM_NO_CACHE", "1", 1);
  EXPECT_EQ(run_shift(plus_three), 103);
  unsetenv("LOOM_NO_CACHE");
  EXPECT_FALSE(fs::exists(detail::cuda_cubin_cache_path(plus_three)));
}

// Not an assertion: compile and launch times for the report (`--gtest_filter=*Timings*`).
TEST_F(CudaRuntimeGpu, Timings) {
  ScopedCacheDirectory cache;
  using Clock = std::chrono::steady_clock;
  auto milliseconds = [](Clock::duration d) {
    return std::chrono::duration<double, std::milli>(d).count();
  };
  std::string source = shift_source(7);
  Clock::time_point start = Clock::now();
  compile_shift(source);
  double cold = milliseconds(Clock::now() - start);
  start = Clock::now();
  CompiledKernel program = compile_shift(source);
  double cached = milliseconds(Clock::now() - start);
  Array a(DType::Int32, {5}), out(DType::Int32, {5});
  ArgumentMap arguments = {{"a", a}, {"out", out}, {"n", integer(5)}};
  program(arguments);
  constexpr int kLaunches = 2000;
  start = Clock::now();
  for (int k = 0; k < kLaunches; ++k) program(arguments);
  double launch = milliseconds(Clock::now() - start) * 1000 / kLaunches;
  std::cout << "[ timings ] " << detail::cuda_device_info().name << " "
            << detail::cuda_device_info().arch << ": NVRTC compile (cold) " << cold
            << " ms, cached CUBIN " << cached << " ms, launch (2 allocs, 2 copies, 1 kernel, sync) "
            << launch << " us\n";
  EXPECT_EQ(out.get_int(0), a.get_int(0) + 7);
}

// ---- a faulting kernel poisons the context: run in a child process ------------------------------

constexpr const char* kFaultChild = "LOOM_CUDA_FAULT_CHILD";

// The child's body (a CUDA context cannot be shared across fork, so the parent runs the test
// binary again with only this test): an out-of-bounds write faults, the error names the kernel,
// and every later launch or compile is refused. Skipped unless run as that child.
TEST_F(CudaRuntimeGpu, FaultChildProcess) {
  // Not a test of its own: a fault poisons the process's CUDA context, so this body runs only in
  // the child process OutOfBoundsWriteFaultsInAChildProcess starts (which asserts its outcome).
  if (std::getenv(kFaultChild) == nullptr)
    GTEST_SKIP() << "runs only as OutOfBoundsWriteFaults' child";
  const char* source = R"(
extern "C" __global__ void scribble(int *out, int n) {
  out[threadIdx.x + (1ll << 40)] = n;  // a terabyte past the buffer
}
)";
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = n",
                                  {array_arg("out", DType::Int32, {"n"}), value_arg("n")});
  CompiledKernel program = compile_cuda(
      kernel,
      cuda_code(source,
                {array_argument("out", DType::Int32, true), value_argument("n", DType::Int32)},
                {device_kernel("scribble", {int_literal(1)}, {32})}));
  Array out(DType::Int32, {32});
  ArgumentMap arguments = {{"out", out}, {"n", integer(32)}};
  std::string fault = error_message<CudaError>([&] { program(arguments); });
  EXPECT_NE(fault.find("kernel 'scribble'"), std::string::npos) << fault;
  EXPECT_NE(fault.find("CUDA_ERROR_ILLEGAL_ADDRESS"), std::string::npos) << fault;
  EXPECT_TRUE(detail::cuda_context_poisoned());
  std::string again = error_message<CudaError>([&] { program(arguments); });
  EXPECT_NE(again.find("refusing to run 'scribble'"), std::string::npos) << again;
  EXPECT_NE(again.find("CUDA_ERROR_ILLEGAL_ADDRESS"), std::string::npos) << again;
  std::string other = error_message<CudaError>([&] { guarded_add(); });
  EXPECT_NE(other.find("refusing to run 'vadd'"), std::string::npos) << other;
}

TEST_F(CudaRuntimeGpu, OutOfBoundsWriteFaultsInAChildProcess) {
  std::string log =
      (fs::temp_directory_path() / ("loom_cuda_fault_" + std::to_string(getpid()) + ".log"))
          .string();
  std::string command = std::string(kFaultChild) + "=1 " +
                        fs::read_symlink("/proc/self/exe").string() +
                        " --gtest_filter=CudaRuntimeGpu.FaultChildProcess > " + log + " 2>&1";
  int status = std::system(command.c_str());
  std::string output = file_contents(log);
  fs::remove(log);
  EXPECT_EQ(status, 0) << output;
  EXPECT_NE(output.find("[       OK ] CudaRuntimeGpu.FaultChildProcess"), std::string::npos)
      << output;
  EXPECT_FALSE(detail::cuda_context_poisoned());  // the parent's context is untouched
}

}  // namespace
}  // namespace loom
