// Inferred temporary types compared with loopy 2025.2's (loopy.infer_unknown_types on the same
// kernels; the expected types below are what loopy printed, except where a comment says loom
// deliberately differs: docs/decisions.md "Issue 27").
#include <gtest/gtest.h>

#include "analysis/type_inference.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;

std::map<std::string, DType> inferred(const LoopKernel& kernel) {
  std::map<std::string, DType> types;
  for (const Temporary& temporary : infer_types(kernel).temporaries) types[temporary.name] = *temporary.dtype;
  return types;
}

TEST(TypeInference, LayernormAsWrittenStaysFloat32LikeLoopy) {
  LoopKernel kernel = make_kernel({"{[i,j,k,l]: 0<=i<m and 0<=j,k,l<n}"},
                                  "<> mean = sum(j, x[i, j]) / n\n"
                                  "<> var = sum(k, (x[i, k] - mean)**2) / n\n"
                                  "<> ti = i * 0.5\n"
                                  "<> tex = exp(x[i, 0])\n"
                                  "<> tp = x[i, 0]**0.5\n"
                                  "y[i, l] = (x[i, l] - mean) / sqrt(var + 1e-5)",
                                  {array_arg("x, y", DType::Float32, {"m", "n"}), value_arg("m"), value_arg("n")});
  auto types = inferred(kernel);
  EXPECT_EQ(types.at("mean"), DType::Float32);  // float32 / int32 stays float32 (loopy's exception to numpy)
  EXPECT_EQ(types.at("var"), DType::Float32);
  EXPECT_EQ(types.at("ti"), DType::Float32);  // int32 * 0.5 (exact in float32)
  EXPECT_EQ(types.at("tex"), DType::Float32);
  EXPECT_EQ(types.at("tp"), DType::Float32);
}

TEST(TypeInference, InexactFloatLiteralsStandingAloneAreFloat64LikeLoopy) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"},
                                  "<> t01 = 0.1\n<> thalf = 0.5\n<> tb = 1e300\n<> ti01 = i * 0.1\n"
                                  "<> tq = x[i] * 0.1\n"
                                  "y[i] = t01 + thalf + tb + ti01 + tq",
                                  {array_arg("x", DType::Float32, {"n"}), array_arg("y", DType::Float64, {"n"}),
                                   value_arg("n")});
  auto types = inferred(kernel);
  EXPECT_EQ(types.at("t01"), DType::Float64);
  EXPECT_EQ(types.at("thalf"), DType::Float32);
  EXPECT_EQ(types.at("tb"), DType::Float64);
  EXPECT_EQ(types.at("ti01"), DType::Float64);  // int32 * float64 literal
  // loopy: float32 * float64 literal = float64; loom keeps the literal weak next to a float, so
  // `x * 0.1` and `var + 1e-5` stay float32 (the literal prints as 0.1f): decisions.md "Issue 27".
  EXPECT_EQ(types.at("tq"), DType::Float32);
}

TEST(TypeInference, MixedIntegerAndFloatFollowNumpyOtherwise) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"},
                                  "<> f64i = x[i] * big[i]\n<> f32u8 = x[i] * c8[i]\n<> f32f64 = x[i] + d[i]\n"
                                  "<> h2 = h16[i] + 1\n<> fl = x[i] // 2\n"
                                  "y[i] = f64i + f32u8 + f32f64 + h2 + fl",
                                  {array_arg("x", DType::Float32, {"n"}), array_arg("big", DType::Int64, {"n"}),
                                   array_arg("c8", DType::UInt8, {"n"}), array_arg("d", DType::Float64, {"n"}),
                                   array_arg("h16", DType::Float16, {"n"}), array_arg("y", DType::Float64, {"n"}),
                                   value_arg("n")});
  auto types = inferred(kernel);
  EXPECT_EQ(types.at("f64i"), DType::Float64);
  EXPECT_EQ(types.at("f32u8"), DType::Float32);
  EXPECT_EQ(types.at("f32f64"), DType::Float64);
  EXPECT_EQ(types.at("h2"), DType::Float16);
  EXPECT_EQ(types.at("fl"), DType::Float32);
}

// Issue 23 class 20 (loopy issue #859): an accumulator typed by its own update.
TEST(TypeInference, AccumulatorUpdatedFromItselfGetsTheTypeOfItsWritersLikeLoopy) {
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i,j<n}"},
                                  "<> acc = 0 {id=zero, inames=i}\n"
                                  "acc = acc + A[i, j]*x[i, j] {id=update, dep=zero}\n"
                                  "out[i] = acc {dep=update}",
                                  {array_arg("A, x", DType::UInt8, {"n", "n"}), array_arg("out", DType::UInt32, {"n"}),
                                   value_arg("n")});
  EXPECT_EQ(inferred(kernel).at("acc"), DType::Int32);  // loopy: int32 (int32 writer with a uint8 one)

  LoopKernel floats = make_kernel({"{[i,j]: 0<=i,j<n}"},
                                  "<> acc = 0 {id=zero, inames=i}\n"
                                  "acc = acc + A[i, j]*x[i, j] {id=update, dep=zero}\n"
                                  "out[i] = acc {dep=update}",
                                  {array_arg("A, x", DType::Float32, {"n", "n"}), array_arg("out", DType::Float32, {"n"}),
                                   value_arg("n")});
  EXPECT_EQ(inferred(floats).at("acc"), DType::Float32);
}

TEST(TypeInference, AccumulatorOverUint8RunsAndMatchesTheSum) {
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i,j<n}"},
                                  "<> acc = 0 {id=zero, inames=i}\n"
                                  "acc = acc + A[i, j]*x[i, j] {id=update, dep=zero}\n"
                                  "out[i] = acc {dep=update}",
                                  {array_arg("A, x", DType::UInt8, {"n", "n"}), array_arg("out", DType::Int32, {"n"}),
                                   value_arg("n")});
  const int64_t n = 9;
  Array a = Array(DType::UInt8, {n, n});
  Array x = Array(DType::UInt8, {n, n});
  for (int64_t i = 0; i < n * n; ++i) {
    a.set_double(i, static_cast<double>(200 + i % 50));  // products up to 249*60, past uint8 and int16
    x.set_double(i, static_cast<double>(10 + i % 51));
  }
  Array out = Array(DType::Int32, {n});
  ArgumentMap args{{"A", a}, {"x", x}, {"out", out}, {"n", Scalar(n)}};
  compile(kernel, Target::C)(args);
  for (int64_t i = 0; i < n; ++i) {
    int64_t expected = 0;
    for (int64_t j = 0; j < n; ++j) expected += (200 + (i * n + j) % 50) * (10 + (i * n + j) % 51);
    EXPECT_EQ(static_cast<int64_t>(out.get_double(i)), expected) << "row " << i;
  }
}

// loopy's test_argmax: `max_val, max_idx = argmax(i, abs(a[i]), i)` with the outputs inferred:
// each takes the type of its operand (the value float32, the index the iname's int32).
TEST(TypeInference, ArgmaxOutputsTakeTheTypesOfTheirOperands) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<7}"}, "max_val, max_idx = argmax(i, abs(a[i]), i)",
                                  {array_arg("a", DType::Float32, {"7"}), KernelArgument{.name = "..."}});
  LoopKernel typed = infer_types(kernel);
  EXPECT_EQ(typed.find_arg("max_val")->dtype, DType::Float32);
  EXPECT_EQ(typed.find_arg("max_idx")->dtype, DType::Int32);
  Array a = Array(DType::Float32, {7});
  for (int64_t i = 0; i < 7; ++i) a.set_double(i, i == 4 ? -9.0 : static_cast<double>(i));
  Array max_val = Array(DType::Float32, {});
  Array max_idx = Array(DType::Int32, {});
  compile(kernel, Target::C)({{"a", a}, {"max_val", max_val}, {"max_idx", max_idx}});
  EXPECT_EQ(max_val.get_double(0), 9.0);
  EXPECT_EQ(max_idx.get_double(0), 4.0);
}

TEST(TypeInference, TemporaryNothingDeterminesIsStillRefusedWithItsName) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "<> a = b {id=one}\n<> b = a {id=two, dep=one}\nout[i] = a",
                                  {array_arg("out", DType::Float32, {"n"}), value_arg("n")});
  std::string message = error_message<Error>([&] { infer_types(kernel); });
  EXPECT_NE(message.find("cannot infer the type of temporary"), std::string::npos) << message;
}

TEST(TypeInference, Float64InAFloat32KernelIsNamed) {
  auto kernel_with = [](const std::string& extra_dtype, const std::vector<std::string>& silenced) {
    MakeKernelOptions options;
    options.options.silenced_warnings = silenced;
    return make_kernel({"{[i]: 0<=i<n}"}, "<> eps = 1e-5\n<> half = 0.5\n<float64> acc = x[i]\ny[i] = acc + eps + half + z[i]",
                       {array_arg("x, y", DType::Float32, {"n"}), array_arg("z", *parse_dtype(extra_dtype), {"n"}),
                        value_arg("n")},
                       options);
  };
  std::vector<std::string> warnings = float64_in_float32_kernel(infer_types(kernel_with("float32", {})));
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_NE(warnings[0].find("temporary 'eps' is float64"), std::string::npos) << warnings[0];
  EXPECT_NE(warnings[1].find("temporary 'acc' is float64"), std::string::npos) << warnings[1];
  EXPECT_TRUE(float64_in_float32_kernel(infer_types(kernel_with("float64", {}))).empty());  // float64 data: intended
  EXPECT_TRUE(float64_in_float32_kernel(infer_types(kernel_with("float32", {"float64_in_float32_kernel"}))).empty());
}

}  // namespace
}  // namespace loom
