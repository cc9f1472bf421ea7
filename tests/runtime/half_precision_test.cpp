// float16 and bfloat16 (issue 29): host rounding, the device-side conversions of every target,
// reductions over 16-bit values accumulating in float32, and the --check tolerance rule for them.
#include <gtest/gtest.h>

#include <cmath>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/cuda_driver.hpp"
#include "runtime/half_precision.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using detail::bfloat16_bits;
using detail::bfloat16_value;
using detail::float16_bits;
using detail::float16_value;
using testing::error_message;

TEST(HalfPrecision, Float16RoundsToNearestEven) {
  EXPECT_EQ(float16_bits(1.0), 0x3c00);
  EXPECT_EQ(float16_bits(-2.0), 0xc000);
  EXPECT_EQ(float16_bits(1 + 0x1p-11), 0x3c00);            // a tie goes to the even neighbour
  EXPECT_EQ(float16_bits(1 + 3 * 0x1p-11), 0x3c02);        // ... also upwards
  EXPECT_EQ(float16_bits(1 + 0x1p-11 + 0x1p-40), 0x3c01);  // just above a tie rounds up
  EXPECT_EQ(float16_bits(65504), 0x7bff);
  EXPECT_EQ(float16_bits(65519.99), 0x7bff);
  EXPECT_EQ(float16_bits(65520), 0x7c00);  // the tie above the largest finite value overflows
  EXPECT_EQ(float16_bits(0x1p-24), 0x0001);
  EXPECT_EQ(float16_bits(0x1p-25), 0x0000);      // half the smallest subnormal: tie to zero
  EXPECT_EQ(float16_bits(3 * 0x1p-25), 0x0002);  // 1.5 subnormal quanta: tie to 2
  EXPECT_EQ(float16_bits(-0.0), 0x8000);
  EXPECT_EQ(float16_bits(INFINITY), 0x7c00);
  EXPECT_TRUE(std::isnan(float16_value(float16_bits(NAN))));
  EXPECT_EQ(float16_value(0x3555), 0x1.554p-2);
  EXPECT_EQ(float16_value(0x0001), 0x1p-24);
}

TEST(HalfPrecision, BFloat16RoundsToNearestEvenOnce) {
  EXPECT_EQ(bfloat16_bits(1.0), 0x3f80);
  EXPECT_EQ(bfloat16_bits(1 + 0x1p-8), 0x3f80);      // tie to even
  EXPECT_EQ(bfloat16_bits(1 + 3 * 0x1p-8), 0x3f82);  // tie to even, upwards
  // Through float32 first this would round twice (to 1 + 2^-8, then to 1): a single rounding
  // gives 1 + 2^-7.
  EXPECT_EQ(bfloat16_bits(1 + 0x1p-8 + 0x1p-30), 0x3f81);
  EXPECT_EQ(bfloat16_bits(0x1.fep127), 0x7f7f);
  EXPECT_EQ(bfloat16_bits(0x1.ffp127), 0x7f80);  // the tie above the largest finite value
  EXPECT_EQ(bfloat16_bits(-0x1p-133), 0x8001);   // the smallest subnormal
  EXPECT_EQ(bfloat16_value(0xc040), -3.0);
  EXPECT_TRUE(std::isnan(bfloat16_value(bfloat16_bits(NAN))));
}

// Values whose rounding exercises every branch of the device-side conversions: ties, subnormals,
// overflow, signs, zeros.
std::vector<double> awkward_values() {
  std::vector<double> values = {0.0, -0.0, 1.0, -1.0, 1 + 0x1p-11, 1 + 3 * 0x1p-11, 1 + 0x1p-8, 1 + 3 * 0x1p-8,
                                65504, 65519, 65520, 70000, -1e6, 0x1p-24, 0x1p-25, 3 * 0x1p-25, 0x1.8p-20,
                                0x1p-14, 0x1.ffcp-15, 0x1p-126, 0x1p-133, 3.14159265, -2.718281828, 1e30, 0.1};
  for (int k = 0; k < 200; ++k) values.push_back(std::ldexp(std::sin(k * 1.7), (k % 40) - 20));
  return values;
}

// out[i] = x[i] rounds x (float32) to `dtype` in the generated code; back[i] = out[i] widens it.
void expect_device_rounding_matches_host(DType dtype, Target target) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = x[i] {id=store}\nback[i] = 2*out[i] {dep=store}",
                                  {array_arg("x, back", DType::Float32, {"n"}), array_arg("out", dtype, {"n"})});
  std::vector<double> values = awkward_values();
  auto n = static_cast<int64_t>(values.size());
  Array x(DType::Float32, {n}), out(dtype, {n}), back(DType::Float32, {n});
  for (int64_t i = 0; i < n; ++i) x.set_double(i, values[static_cast<std::size_t>(i)]);
  compile(kernel, target)({{"x", x}, {"out", out}, {"back", back}, {"n", Scalar(n)}});
  for (int64_t i = 0; i < n; ++i) {
    double single = x.get_double(i);  // the float32 the kernel read
    Array expected(dtype, {1});
    expected.set_double(0, single);
    double want = expected.get_double(0);
    SCOPED_TRACE("value " + std::to_string(single));
    if (std::isnan(want)) {
      EXPECT_TRUE(std::isnan(out.get_double(i)));
      continue;
    }
    EXPECT_EQ(out.get_double(i), want);
    EXPECT_EQ(std::signbit(out.get_double(i)), std::signbit(want));
    EXPECT_EQ(back.get_double(i), static_cast<double>(static_cast<float>(2 * want)));
  }
}

TEST(HalfPrecision, CTargetRoundsLikeTheHost) {
  expect_device_rounding_matches_host(DType::Float16, Target::C);
  expect_device_rounding_matches_host(DType::BFloat16, Target::C);
}

TEST(HalfPrecisionOpenCL, OpenCLRoundsLikeTheHost) {
  expect_device_rounding_matches_host(DType::Float16, Target::OpenCL);
  expect_device_rounding_matches_host(DType::BFloat16, Target::OpenCL);
}

LoopKernel half_matmul(DType operands, DType result) {
  return make_kernel({"{[i,j,k]: 0<=i<m and 0<=j<n and 0<=k<l}"}, "c[i, j] = sum(k, a[i, k]*b[k, j])",
                     {array_arg("a", operands, {"m", "l"}), array_arg("b", operands, {"l", "n"}),
                      array_arg("c", result, {"m", "n"})},
                     {.name = "half_matmul"});
}

LoopKernel tiled(const LoopKernel& kernel) {
  LoopKernel result = split_iname(kernel, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.1"});
  result = split_iname(result, "j", 8, {.outer_tag = "g.1", .inner_tag = "l.0"});
  return split_iname(result, "k", 16);
}

TEST(HalfPrecision, ReductionsOverHalfValuesAccumulateInFloat32) {
  std::string code = generate_code(half_matmul(DType::BFloat16, DType::BFloat16), Target::C).source;
  EXPECT_NE(code.find("float acc_k"), std::string::npos) << code;
  EXPECT_NE(code.find("loom_float_to_bfloat16(acc_k)"), std::string::npos) << code;
  EXPECT_NE(code.find("loom_bfloat16_to_float(a["), std::string::npos) << code;
}

TEST(HalfPrecision, MatmulsMatchTheFloat64ReferenceOnC) {
  for (DType operands : {DType::BFloat16, DType::Float16}) {
    for (DType result : {DType::Float32, operands}) {
      LoopKernel kernel = half_matmul(operands, result);
      for (auto [m, n, l] : {std::tuple{1, 1, 1}, {17, 17, 17}, {33, 9, 129}}) {
        SCOPED_TRACE(std::string(dtype_name(operands)) + " -> " + std::string(dtype_name(result)) + " at " +
                     std::to_string(m) + "," + std::to_string(n) + "," + std::to_string(l));
        testing::expect_matches_reference(tiled(kernel), kernel, {{"m", m}, {"n", n}, {"l", l}});
      }
    }
  }
}

TEST(HalfPrecisionOpenCL, TiledMatmulsMatchTheFloat64ReferenceOnPocl) {
  for (DType operands : {DType::BFloat16, DType::Float16}) {
    LoopKernel kernel = half_matmul(operands, DType::Float32);
    testing::expect_on_opencl(tiled(kernel), kernel, {{"m", 33}, {"n", 17}, {"l", 129}});
    LoopKernel narrow = half_matmul(operands, operands);
    testing::expect_on_opencl(tiled(narrow), narrow, {{"m", 17}, {"n", 40}, {"l", 70}});
  }
}

TEST(HalfPrecision, CheckCatchesAnErrorAboveBFloat16Tolerance) {
  // One bfloat16 rounding of the result is within 2^-8; 5% is not.
  LoopKernel reference = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 3*a[i]",
                                     {array_arg("a, out", DType::BFloat16, {"n"})});
  LoopKernel wrong = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 3*a[i]*if(i == 5, 1.05f, 1.0f)",
                                 {array_arg("a, out", DType::BFloat16, {"n"})});
  EXPECT_TRUE(check_against_reference(reference, reference, {{"n", 64}}).passed);
  CheckResult result = check_against_reference(wrong, reference, {{"n", 64}});
  ASSERT_FALSE(result.passed);
  EXPECT_EQ(result.outputs[0].worst_position, std::vector<int64_t>{5});
  EXPECT_DOUBLE_EQ(result.outputs[0].rtol, 2e-2);
}

TEST(HalfPrecision, ToleranceGrowsWithTheReductionLengthWhereTheKernelRoundsToHalf) {
  // A sum stored into a bfloat16 temporary rounds a computed value to bfloat16:
  // rtol = 2·2^-8·sqrt(K) with K = 100 (SPEC.md's rule). Stored into float32, the output keeps
  // float32's 1e-3.
  auto kernel = [](const char* type) {
    return make_kernel({"{[i,k]: 0<=i<n and 0<=k<l}"}, std::string("<") + type + "> t = sum(k, a[i, k])\nout[i] = t",
                       {array_arg("a", DType::Float32, {"n", "l"}), array_arg("out", DType::Float32, {"n"})});
  };
  CheckResult rounded = check_against_reference(kernel("bfloat16"), kernel("bfloat16"), {{"n", 8}, {"l", 100}});
  ASSERT_EQ(rounded.outputs.size(), 1u);
  EXPECT_TRUE(rounded.passed) << rounded.report();
  EXPECT_DOUBLE_EQ(rounded.outputs[0].rtol, 2 * 0x1p-8 * 10) << rounded.report();
  CheckResult exact = check_against_reference(kernel("float32"), kernel("float32"), {{"n", 8}, {"l", 100}});
  EXPECT_DOUBLE_EQ(exact.outputs[0].rtol, 1e-3);
  // Plain copies into bfloat16 tiles are exact: a bfloat16 matmul accumulating in float32 keeps 1e-3.
  LoopKernel reference = half_matmul(DType::BFloat16, DType::Float32);
  LoopKernel sequential_tiles = split_iname(reference, "i", 16, {.outer_tag = "g.0"});
  sequential_tiles = split_iname(split_iname(sequential_tiles, "j", 8, {.outer_tag = "g.1"}), "k", 16);
  sequential_tiles = prioritize_loops(sequential_tiles, "k_outer, i_inner, j_inner, k_inner");
  LoopKernel copies = add_prefetch(sequential_tiles, "a",
                                   {.sweep_inames = {"i_inner", "k_inner"}, .default_tag = std::nullopt,
                                    .fetch_outer_inames = std::vector<std::string>{"i_outer", "j_outer", "k_outer"}});
  ASSERT_NE(copies.find_temporary("a_fetch"), nullptr);
  CheckResult copied = check_against_reference(copies, reference, {{"m", 20}, {"n", 9}, {"l", 100}});
  EXPECT_TRUE(copied.passed) << copied.report();
  EXPECT_DOUBLE_EQ(copied.outputs[0].rtol, 1e-3);
}

TEST(HalfPrecision, CudaSourceUsesCudasTypesAndCompilesWithNvrtc) {
  LoopKernel kernel = tiled(half_matmul(DType::BFloat16, DType::BFloat16));
  std::string source = generate_code(kernel, Target::CUDA).source;
  EXPECT_NE(source.find("const loom_bfloat16 *__restrict__ a"), std::string::npos) << source;
  EXPECT_NE(source.find("cvt.rn.bf16.f32"), std::string::npos);
  try {
    std::vector<char> cubin = detail::nvrtc_compile_to_cubin(source, "sm_90", kernel.name);
    EXPECT_EQ(std::string(cubin.data() + 1, 3), "ELF");
  } catch (const EnvironmentError& error) {
    // Needs no GPU, only the toolkit's NVRTC (CI has it at /usr/local/cuda); skipped where NVRTC is
    // absent, as the other NVRTC compile tests are.
    GTEST_SKIP() << error.what();
  }
}

TEST(HalfPrecisionGpu, MatmulsMatchTheFloat64ReferenceOnCuda) {
  SKIP_WITHOUT_CUDA();
  for (DType operands : {DType::BFloat16, DType::Float16}) {
    LoopKernel kernel = half_matmul(operands, DType::Float32);
    testing::expect_matches_reference(tiled(kernel), kernel, {{"m", 129}, {"n", 17}, {"l", 1000}},
                                      CheckOptions{.target = Target::CUDA});
  }
}

}  // namespace
}  // namespace loom
