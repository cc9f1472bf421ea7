// Constant powers (issue 27): `x**2`, `x**3`, `x**4`, `x**-1`, `x**-2`, `x**0` become products and
// a reciprocal and `x**0.5` a square root on every target, as loopy emits `x*x` for `x**2`; checked
// against pow on random inputs, and in the generated source.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::count;

// `square_root_of` is x[i] (NaN for negative x, as pow gives) or fabs(x[i]) where the checker's
// tolerance (from the reference's RMS) needs finite values.
LoopKernel power_kernel(DType dtype, const std::string& square_root_of = "x[i]") {
  std::string powers =
      "y2[i] = x[i]**2\ny3[i] = x[i]**3\ny4[i] = x[i]**4\nym1[i] = x[i]**-1\nym2[i] = x[i]**(-2)\n"
      "y0[i] = x[i]**0\nyh[i] = " + square_root_of + "**0.5\ny2f[i] = x[i]**2.0\nyi[i] = k[i]**3";
  return make_kernel({"{[i]: 0<=i<n}"}, powers,
                     {array_arg("x, y2, y3, y4, ym1, ym2, y0, yh, y2f", dtype, {"n"}),
                      array_arg("k, yi", DType::Int32, {"n"}), value_arg("n")});
}

TEST(ConstantPowers, BecomeProductsReciprocalsAndSqrtOnEveryTarget) {
  for (Target target : {Target::C, Target::OpenCL, Target::CUDA}) {
    SCOPED_TRACE(std::string(target_name(target)));
    std::string source = generate_code(power_kernel(DType::Float32), target).source;
    std::string body = source.substr(source.find(" loopy_kernel("));
    EXPECT_EQ(count(body, "pow"), 0) << body;
    EXPECT_EQ(body.find("double"), std::string::npos) << body;
    EXPECT_NE(body.find("sqrt"), std::string::npos) << body;
    EXPECT_NE(body.find("x[i] * x[i] * x[i] * x[i]"), std::string::npos) << body;
  }
  // Beyond ±4, or a fraction other than 0.5, it stays a call.
  LoopKernel other = make_kernel({"{[i]: 0<=i<n}"}, "y[i] = x[i]**5 + x[i]**1.5",
                                 {array_arg("x, y", DType::Float32, {"n"}), value_arg("n")});
  std::string source = generate_code(other, Target::C).source;
  EXPECT_EQ(count(source.substr(source.find(" loopy_kernel(")), "powf("), 2) << source;
}

// The same values as pow itself, elementwise, on random inputs (zeros, negatives included).
TEST(ConstantPowers, MatchPowOnRandomInputs) {
  const int64_t n = 1000;
  std::mt19937 random(27);
  std::uniform_real_distribution<double> uniform(-3.0, 3.0);
  std::uniform_int_distribution<int> small(-9, 9);
  for (DType dtype : {DType::Float32, DType::Float64}) {
    SCOPED_TRACE(std::string(dtype_name(dtype)));
    ArgumentMap args{{"n", Scalar(n)}};
    Array x(dtype, {n});
    Array k(DType::Int32, {n});
    for (int64_t i = 0; i < n; ++i) {
      x.set_double(i, i % 50 == 0 ? 0.0 : uniform(random));
      k.set_double(i, small(random));
    }
    args["x"] = x;
    args["k"] = k;
    std::vector<std::string> outputs = {"y2", "y3", "y4", "ym1", "ym2", "y0", "yh", "y2f"};
    for (const std::string& name : outputs) args[name] = Array(dtype, {n});
    args["yi"] = Array(DType::Int32, {n});
    compile(power_kernel(dtype), Target::C)(args);
    std::map<std::string, double> exponent = {{"y2", 2},   {"y3", 3}, {"y4", 4},   {"ym1", -1},
                                              {"ym2", -2}, {"y0", 0}, {"yh", 0.5}, {"y2f", 2}};
    double ulp = dtype == DType::Float32 ? 6e-8 : 1.2e-16;
    for (const std::string& name : outputs) {
      const Array& out = std::get<Array>(args[name]);
      for (int64_t i = 0; i < n; ++i) {
        double base = x.get_double(i);
        double expected = dtype == DType::Float32 ? static_cast<double>(std::pow(static_cast<float>(base),
                                                                                 static_cast<float>(exponent[name])))
                                                  : std::pow(base, exponent[name]);
        double got = out.get_double(i);
        if (std::isnan(expected) || std::isinf(expected)) {
          EXPECT_EQ(std::isnan(got), std::isnan(expected)) << name << " at x=" << base;
          if (std::isinf(expected)) {
            EXPECT_EQ(got, expected) << name << " at x=" << base;
          }
          continue;
        }
        // Products round once per multiply; pow rounds once: a few ulp apart at most.
        EXPECT_NEAR(got, expected, 4 * ulp * std::fabs(expected)) << name << " at x=" << base;
      }
    }
    const Array& yi = std::get<Array>(args["yi"]);
    for (int64_t i = 0; i < n; ++i) {
      double base = k.get_double(i);
      EXPECT_EQ(yi.get_double(i), base * base * base) << "k=" << base;
    }
  }
}

TEST(ConstantPowersOpenCL, MatchTheCTargetOnPoCL) {
  REQUIRE_OPENCL();
  LoopKernel kernel = power_kernel(DType::Float32, "fabs(x[i])");
  CheckOptions options;
  options.target = Target::OpenCL;
  testing::expect_matches_reference(kernel, kernel, {{"n", 1000}}, options);
}

}  // namespace
}  // namespace loom
