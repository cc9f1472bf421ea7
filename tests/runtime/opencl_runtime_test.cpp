// The OpenCL runtime (src/runtime/host_opencl.cpp) on whatever device the ICD loader offers (PoCL
// in CI). The programs are hand-written OpenCL C, so these tests check the launcher alone: launch
// geometry, buffers and offsets, value widths, local memory, global temporaries between device
// kernels, errors and the binary cache. Every test skips when there is no OpenCL platform.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "lang/instruction_parser.hpp"
#include "loom/loom.hpp"
#include "runtime/host_opencl.hpp"
#include "runtime/launcher.hpp"
#include "runtime/scoped_cache_directory.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

namespace fs = std::filesystem;
using testing::error_message;

class OpenCLRuntime : public ::testing::Test {
 protected:
  void SetUp() override {
    try {
      detail::opencl_device_info();
    } catch (const EnvironmentError& error) {
      // A device asked for by name must exist; only a machine without OpenCL skips.
      if (std::getenv("LOOM_OPENCL_DEVICE") != nullptr) FAIL() << error.what();
      GTEST_SKIP() << error.what();
    }
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

GeneratedCode opencl_code(std::string source, std::vector<GeneratedArgument> arguments,
                          std::vector<DeviceKernel> kernels,
                          std::vector<GlobalTemporary> temporaries = {}) {
  GeneratedCode code;
  code.target = Target::OpenCL;
  code.function_name = kernels.empty() ? "none" : kernels.front().name;
  code.source = std::move(source);
  code.arguments = std::move(arguments);
  code.device_kernels = std::move(kernels);
  code.global_temporaries = std::move(temporaries);
  return code;
}

CompiledKernel compile_opencl(const LoopKernel& kernel, GeneratedCode code) {
  return CompiledKernel(detail::make_opencl_launcher(kernel, std::move(code)));
}

Scalar integer(int64_t value) { return Scalar(value); }

// ---- vector add, with and without a guarded tail
// --------------------------------------------------

LoopKernel vector_kernel(DType dtype) {
  return make_kernel({"{[i]: 0<=i<n}"}, "c[i] = a[i] + b[i]", {array_arg("a, b, c", dtype, {"n"})},
                     {.name = "vadd"});
}

const char* kVectorAdd = R"(
__kernel void vadd(__global const float *a, __global const float *b, __global float *c, int n) {
  int i = get_global_id(0);
  c[i] = a[i] + b[i];
}
)";

const char* kGuardedAdd = R"(
__kernel void vadd(__global const float *a, __global const float *b, __global float *c, int n) {
  int i = get_global_id(0);
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

TEST_F(OpenCLRuntime, VectorAdd) {
  CompiledKernel program = compile_opencl(
      vector_kernel(DType::Float32), opencl_code(kVectorAdd, vector_arguments(),
                                                 {device_kernel("vadd", {expr("n // 64")}, {64})}));
  ArgumentMap arguments = vector_inputs(1024);
  program(arguments);
  const Array& c = std::get<Array>(arguments.at("c"));
  for (int64_t i = 0; i < 1024; ++i)
    ASSERT_EQ(c.get_double(i), 0.5 * static_cast<double>(i) + 1000.0 - static_cast<double>(i)) << i;
}

TEST_F(OpenCLRuntime, GuardedTailCoversEveryElement) {
  // 1000 is not a multiple of 64: the grid rounds up to 16 groups, the guard drops the last 24.
  CompiledKernel program =
      compile_opencl(vector_kernel(DType::Float32),
                     opencl_code(kGuardedAdd, vector_arguments(),
                                 {device_kernel("vadd", {expr("(n + 63) // 64")}, {64})}));
  ArgumentMap arguments = vector_inputs(1000);
  program(arguments);
  const Array& c = std::get<Array>(arguments.at("c"));
  for (int64_t i = 0; i < 1000; ++i)
    ASSERT_EQ(c.get_double(i), static_cast<double>(i) + 1000.0 - static_cast<double>(i)) << i;
}

TEST_F(OpenCLRuntime, MissingAndUnknownArgumentsAreRefused) {
  CompiledKernel program = compile_opencl(
      vector_kernel(DType::Float32), opencl_code(kVectorAdd, vector_arguments(),
                                                 {device_kernel("vadd", {expr("n // 64")}, {64})}));
  ArgumentMap arguments = vector_inputs(64);
  arguments.erase("b");
  std::string missing = error_message<Error>([&] { program(arguments); });
  EXPECT_NE(missing.find("missing argument 'b'"), std::string::npos) << missing;
  arguments = vector_inputs(64);
  arguments["d"] = integer(1);
  std::string unknown = error_message<Error>([&] { program(arguments); });
  EXPECT_NE(unknown.find("has no argument 'd'"), std::string::npos) << unknown;
}

// ---- launch geometry: global = grid * block, local = block, on three axes
// --------------------------

TEST_F(OpenCLRuntime, LaunchGeometryOnThreeAxes) {
  // grid (3, 2, 2) of blocks (4, 2, 1): 96 work-items, each writing its group and local ids.
  const char* source = R"(
__kernel void geometry(__global int *ids, __global long *sizes) {
  size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  size_t linear = x + get_global_size(0) * (y + get_global_size(1) * z);
  ids[linear] = get_group_id(0) + 10 * get_group_id(1) + 100 * get_group_id(2) +
                1000 * get_local_id(0) + 10000 * get_local_id(1) + 100000 * get_local_id(2);
  if (linear == 0) {
    for (int d = 0; d < 3; ++d) { sizes[d] = get_global_size(d); sizes[3 + d] = get_local_size(d); }
  }
}
)";
  LoopKernel kernel = make_kernel(
      {"{[i]: 0<=i<96}", "{[j]: 0<=j<6}"}, "ids[i] = i\nsizes[j] = j",
      {array_arg("ids", DType::Int32, {"96"}), array_arg("sizes", DType::Int64, {"6"})});
  CompiledKernel program = compile_opencl(
      kernel,
      opencl_code(
          source,
          {array_argument("ids", DType::Int32, true), array_argument("sizes", DType::Int64, true)},
          {device_kernel("geometry", {int_literal(3), int_literal(2), int_literal(2)},
                         {4, 2, 1})}));
  Array ids(DType::Int32, {96}), sizes(DType::Int64, {6});
  program({{"ids", ids}, {"sizes", sizes}});
  EXPECT_EQ((std::vector<int64_t>{sizes.get_int(0), sizes.get_int(1), sizes.get_int(2),
                                  sizes.get_int(3), sizes.get_int(4), sizes.get_int(5)}),
            (std::vector<int64_t>{12, 4, 2, 4, 2, 1}));
  for (int64_t z = 0; z < 2; ++z) {
    for (int64_t y = 0; y < 4; ++y) {
      for (int64_t x = 0; x < 12; ++x) {
        int64_t expected = x / 4 + 10 * (y / 2) + 100 * z + 1000 * (x % 4) + 10000 * (y % 2);
        ASSERT_EQ(ids.get_int(x + 12 * (y + 4 * z)), expected) << x << "," << y << "," << z;
      }
    }
  }
}

TEST_F(OpenCLRuntime, WorkGroupLargerThanTheDeviceIsRefused) {
  std::string message = error_message<Error>([&] {
    compile_opencl(vector_kernel(DType::Float32),
                   opencl_code(kGuardedAdd, vector_arguments(),
                               {device_kernel("vadd", {int_literal(1)}, {1024, 1024, 1})}));
  });
  EXPECT_NE(message.find(
                "kernel 'vadd' of 'vadd' needs work-groups of 1048576 work-items (1024, 1024, 1)"),
            std::string::npos)
      << message;
}

// ---- local memory and barriers
// ---------------------------------------------------------------------

TEST_F(OpenCLRuntime, LocalMemoryWithBarrier) {
  // Each work-group of 64 reverses its slice through __local memory; without the barrier a
  // work-item would read a tile element before its owner wrote it.
  const char* source = R"(
__kernel void reverse_groups(__global const int *in, __global int *out, int n) {
  __local int tile[64];
  int l = get_local_id(0), g = get_group_id(0);
  tile[l] = in[g * 64 + l];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[g * 64 + l] = tile[63 - l];
}
)";
  LoopKernel kernel =
      make_kernel({"{[i]: 0<=i<n}"}, "out[i] = in[i]", {array_arg("in, out", DType::Int32, {"n"})});
  CompiledKernel program = compile_opencl(
      kernel,
      opencl_code(source,
                  {array_argument("in", DType::Int32), array_argument("out", DType::Int32, true),
                   value_argument("n", DType::Int32)},
                  {device_kernel("reverse_groups", {expr("n // 64")}, {64})}));
  Array in(DType::Int32, {512}), out(DType::Int32, {512});
  for (int64_t i = 0; i < 512; ++i) in.set_int(i, 7 * i + 3);
  program({{"in", in}, {"out", out}, {"n", integer(512)}});
  for (int64_t i = 0; i < 512; ++i)
    ASSERT_EQ(out.get_int(i), in.get_int(i / 64 * 64 + 63 - i % 64)) << i;
}

// ---- several device kernels and global temporaries
// -------------------------------------------------

const char* kTwoStages = R"(
__kernel void stage1(__global const int *a, __global int *out, int n, __global int *tmp) {
  int i = get_global_id(0);
  if (i < n) tmp[i] = 3 * a[i];
}
__kernel void stage2(__global const int *a, __global int *out, int n, __global int *tmp) {
  int i = get_global_id(0);
  if (i < n) out[i] = tmp[n - 1 - i] + 1;
}
)";

CompiledKernel two_stage_program() {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 3*a[n-1-i] + 1",
                                  {array_arg("a, out", DType::Int32, {"n"})});
  return compile_opencl(
      kernel,
      opencl_code(kTwoStages,
                  {array_argument("a", DType::Int32), array_argument("out", DType::Int32, true),
                   value_argument("n", DType::Int32)},
                  {device_kernel("stage1", {expr("(n + 31) // 32")}, {32}),
                   device_kernel("stage2", {expr("(n + 31) // 32")}, {32})},
                  {{"tmp", DType::Int32, {variable("n")}}}));
}

TEST_F(OpenCLRuntime, SecondKernelReadsTheGlobalTemporaryOfTheFirst) {
  // stage2 reads elements stage1 wrote in other work-groups: only the kernel boundary orders them.
  CompiledKernel program = two_stage_program();
  Array a(DType::Int32, {300}), out(DType::Int32, {300});
  for (int64_t i = 0; i < 300; ++i) a.set_int(i, i * i % 101);
  program({{"a", a}, {"out", out}, {"n", integer(300)}});
  for (int64_t i = 0; i < 300; ++i) ASSERT_EQ(out.get_int(i), 3 * a.get_int(299 - i) + 1) << i;
}

TEST_F(OpenCLRuntime, EmptyGridLaunchesNothing) {
  // n = 0: empty arrays, a zero-size temporary, and a grid of 0 groups for both kernels.
  CompiledKernel program = two_stage_program();
  Array a(DType::Int32, {0}), out(DType::Int32, {0});
  program({{"a", a}, {"out", out}, {"n", integer(0)}});
}

TEST_F(OpenCLRuntime, ZeroGridSkipsOnlyThatKernel) {
  const char* source = R"(
__kernel void fill(__global int *out, int n, int m) { int i = get_global_id(0); if (i < n) out[i] = 7; }
__kernel void bump(__global int *out, int n, int m) { int i = get_global_id(0); if (i < n) out[i] += 1; }
)";
  LoopKernel kernel =
      make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<m}"}, "out[i] = 7\nout[j] = out[j] + 1",
                  {array_arg("out", DType::Int32, {"n"}), value_arg("n"), value_arg("m")});
  CompiledKernel program = compile_opencl(
      kernel, opencl_code(source,
                          {array_argument("out", DType::Int32, true),
                           value_argument("n", DType::Int32), value_argument("m", DType::Int32)},
                          {device_kernel("fill", {expr("(n + 15) // 16")}, {16}),
                           device_kernel("bump", {variable("m")}, {16})}));
  Array out(DType::Int32, {40});
  program({{"out", out}, {"n", integer(40)}, {"m", integer(0)}});
  for (int64_t i = 0; i < 40; ++i) ASSERT_EQ(out.get_int(i), 7) << i;
  program({{"out", out}, {"n", integer(40)}, {"m", integer(1)}});
  for (int64_t i = 0; i < 40; ++i) ASSERT_EQ(out.get_int(i), i < 16 ? 8 : 7) << i;
}

// ---- buffers: offsets, strides, unwritten elements
// ---------------------------------------------------

TEST_F(OpenCLRuntime, OffsetsStridesAndUnwrittenElements) {
  // a has offset 5 and out offset 3, as the generated code indexes them; out has a stride of 2,
  // and the kernel writes only even i: every other element of out keeps its contents.
  const char* source = R"(
__kernel void copy_even(__global const int *a, __global int *out, int n) {
  int i = get_global_id(0);
  if (i < n && i % 2 == 0) out[3 + 2 * i] = 10 * a[5 + i];
}
)";
  KernelArgument a = array_arg("a", DType::Int32, {"n"});
  a.offset = int_literal(5);
  KernelArgument out = array_arg("out", DType::Int32, {"n"});
  out.offset = int_literal(3);
  out.dim_tags = {"stride:2"};
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 10*a[i]", {a, out});
  CompiledKernel program = compile_opencl(
      kernel,
      opencl_code(source,
                  {array_argument("a", DType::Int32), array_argument("out", DType::Int32, true),
                   value_argument("n", DType::Int32)},
                  {device_kernel("copy_even", {expr("(n + 7) // 8")}, {8})}));
  Array a_values(DType::Int32, {21});
  Array out_values = Array::with_strides(DType::Int32, {21}, {2});
  auto* storage = static_cast<int32_t*>(out_values.data());
  for (int64_t i = 0; i < 41; ++i) storage[i] = -static_cast<int32_t>(i) - 1;  // elements and gaps
  for (int64_t i = 0; i < 21; ++i) a_values.set_int(i, i + 100);
  program({{"a", a_values}, {"out", out_values}, {"n", integer(21)}});
  for (int64_t i = 0; i < 41; ++i) {
    bool written = i % 4 == 0;  // element i/2 for even i/2
    ASSERT_EQ(storage[i], written ? 10 * (i / 2 + 100) : -i - 1) << i;
  }
}

TEST_F(OpenCLRuntime, ValueArgumentsOfEveryWidth) {
  const char* source = R"(
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void values(__global long *ints, __global double *floats, char i8, short i16, int i32, long i64,
                     uchar u8, ushort u16, uint u32, ulong u64, float f32, double f64) {
  ints[0] = i8; ints[1] = i16; ints[2] = i32; ints[3] = i64;
  ints[4] = u8; ints[5] = u16; ints[6] = u32; ints[7] = (long)u64;
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
  CompiledKernel program = compile_opencl(
      kernel, opencl_code(source, generated, {device_kernel("values", {int_literal(1)}, {1})}));
  const std::vector<int64_t> expected = {-128, -32768, -2147483648LL, -(int64_t{1} << 62) - 5,
                                         255,  65535,  4294967295LL,  1234567890123456789LL};
  const double f32 = 1.5 + 1.0 / (1 << 20), f64 = 0.1;  // f32 exact in float; f64 not
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

// ---- errors in loom's generated code
// ------------------------------------------------------------------

TEST_F(OpenCLRuntime, BuildErrorIsAnInternalErrorWithTheLog) {
  const char* source =
      "__kernel void broken(__global float *c) { c[0] = undefined_name_in_loom_code; }\n";
  LoopKernel kernel =
      make_kernel({"{[i]: 0<=i<4}"}, "c[i] = 0", {array_arg("c", DType::Float32, {"4"})});
  std::string message = error_message<InternalError>([&] {
    compile_opencl(kernel, opencl_code(source, {array_argument("c", DType::Float32, true)},
                                       {device_kernel("broken", {int_literal(1)}, {4})}));
  });
  EXPECT_NE(message.find("rejected loom's generated code for 'broken'"), std::string::npos)
      << message;
  EXPECT_NE(message.find("undefined_name_in_loom_code"), std::string::npos) << message;

  const char* fine = "__kernel void present(__global float *c) { c[0] = 1.0f; }\n";
  std::string absent = error_message<InternalError>([&] {
    compile_opencl(kernel, opencl_code(fine, {array_argument("c", DType::Float32, true)},
                                       {device_kernel("absent", {int_literal(1)}, {4})}));
  });
  EXPECT_NE(absent.find("has no __kernel 'absent'"), std::string::npos) << absent;
}

// ---- the binary cache
// ---------------------------------------------------------------------------------

using testing::ScopedCacheDirectory;

std::string shift_source(int amount) {
  return "__kernel void shift(__global const int *a, __global int *out, int n) {\n"
         "  int i = get_global_id(0);\n  if (i < n) out[i] = a[i] + " +
         std::to_string(amount) + ";\n}\n";
}

CompiledKernel compile_shift(const std::string& source) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i] + 1",
                                  {array_arg("a, out", DType::Int32, {"n"})});
  return compile_opencl(kernel, opencl_code(source,
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

TEST_F(OpenCLRuntime, BinaryCacheIsUsedAndCorruptEntriesAreRebuilt) {
  ScopedCacheDirectory cache;
  std::string plus_one = shift_source(1), plus_two = shift_source(2);
  std::string entry_one = detail::opencl_binary_cache_path(plus_one);
  std::string entry_two = detail::opencl_binary_cache_path(plus_two);
  ASSERT_NE(entry_one, entry_two);
  EXPECT_EQ(run_shift(plus_one), 101);
  EXPECT_EQ(run_shift(plus_two), 102);
  ASSERT_TRUE(fs::exists(entry_one));
  ASSERT_TRUE(fs::exists(entry_two));

  // Proof that a compile reads the cache: under +1's key, +2's binary runs.
  fs::copy_file(entry_two, entry_one, fs::copy_options::overwrite_existing);
  EXPECT_EQ(run_shift(plus_one), 102);

  // A damaged entry (garbage, or cut short) is rebuilt from source and replaced.
  const std::string garbage(4096, 'x');
  std::ofstream(entry_one, std::ios::binary | std::ios::trunc) << garbage;
  EXPECT_EQ(run_shift(plus_one), 101);
  std::string rebuilt = file_contents(entry_one);
  EXPECT_EQ(rebuilt.substr(0, 8), "LOOMCLB1");
  std::ofstream(entry_one, std::ios::binary | std::ios::trunc)
      << rebuilt.substr(0, rebuilt.size() / 2);
  EXPECT_EQ(run_shift(plus_one), 101);
  EXPECT_EQ(file_contents(entry_one).substr(0, 8), "LOOMCLB1");
  EXPECT_GT(file_contents(entry_one).size(), rebuilt.size() / 2);

  // A program compiled but never launched is cached too.
  std::string plus_three = shift_source(3);
  compile_shift(plus_three);
  EXPECT_TRUE(fs::exists(detail::opencl_binary_cache_path(plus_three)));
}

// ---- concurrency
// ---------------------------------------------------------------------------------------

TEST_F(OpenCLRuntime, ConcurrentLaunchesOfOneKernel) {
  CompiledKernel program =
      compile_opencl(vector_kernel(DType::Float32),
                     opencl_code(kGuardedAdd, vector_arguments(),
                                 {device_kernel("vadd", {expr("(n + 63) // 64")}, {64})}));
  // Eight threads, 40 launches each: launches once shared the kernel's isl assumptions unlocked (a
  // SIGSEGV in about 1 run in 40 with 4 x 10 launches; runtime/evaluate.cpp's check_parameters).
  std::vector<std::thread> threads;
  std::vector<int> failures(8, 0);
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      for (int repeat = 0; repeat < 40; ++repeat) {
        int64_t n = 100 + 37 * t + repeat;
        ArgumentMap arguments = vector_inputs(n);
        program(arguments);
        const Array& c = std::get<Array>(arguments.at("c"));
        for (int64_t i = 0; i < n; ++i)
          failures[t] +=
              c.get_double(i) != static_cast<double>(i) + 1000.0 - static_cast<double>(i);
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(failures, std::vector<int>(8, 0));
}

// ---- through compile() and the checker
// -------------------------------------------------------------------

TEST_F(OpenCLRuntime, CheckAgainstReferenceOnTheOpenCLTarget) {
  // compile(kernel, Target::OpenCL) through the checker, with an input at an offset.
  KernelArgument a = array_arg("a", DType::Float32, {"n"});
  a.offset = int_literal(3);
  LoopKernel reference = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*a[i] + 1",
                                     {a, array_arg("out", DType::Float32, {"n"})});
  LoopKernel kernel = split_iname(reference, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  EXPECT_EQ(compile(kernel, Target::OpenCL).code().device_kernels.size(), 1u);
  testing::expect_matches_reference(kernel, reference, {{"n", 100}}, {.target = Target::OpenCL});
}

}  // namespace
}  // namespace loom
