// Kernels generated for the C target, executed and checked against their float64 reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::expect_matches_reference;

using test_kernels::vector_scale;

TEST(CTarget, VectorScaleGeneratesFloatCode) {
  GeneratedCode code = generate_code(vector_scale(), Target::C);
  EXPECT_NE(code.source.find("out[i] = 2.0f * a[i];"), std::string::npos) << code.source;
  std::string function = code.source.substr(code.source.find("void vector_scale("));
  EXPECT_EQ(function.find("double"), std::string::npos) << "no stray double:\n" << function;
}

class VectorScaleSizes : public ::testing::TestWithParam<int64_t> {};

TEST_P(VectorScaleSizes, MatchesReference) {
  LoopKernel kernel = vector_scale();
  expect_matches_reference(kernel, kernel, {{"n", GetParam()}});
}

// 0 and 1 at the edges, odd and prime sizes in between.
INSTANTIATE_TEST_SUITE_P(EdgeSizes, VectorScaleSizes, ::testing::Values(0, 1, 2, 7, 97, 1000, 1021));

TEST(CTarget, TriangularCopy) {
  LoopKernel kernel = make_kernel({"{[i, j]: 0 <= i < n and 0 <= j <= i}"}, "b[i, j] = a[i, j]",
                                  {array_arg("a, b", DType::Float64, {"n", "n"})});
  for (int64_t n : {0, 1, 5, 13}) expect_matches_reference(kernel, kernel, {{"n", n}});
  GeneratedCode code = generate_code(kernel, Target::C);
  EXPECT_NE(code.source.find("j <= i"), std::string::npos) << code.source;
}

TEST(CTarget, ThreePointStencil) {
  LoopKernel kernel = make_kernel({"{[i]: 1 <= i < n - 1}"},
                                  "u_new[i] = 0.25f*u[i-1] + 0.5f*u[i] + 0.25f*u[i+1]",
                                  {array_arg("u, u_new", DType::Float32, {"n"})});
  for (int64_t n : {0, 1, 2, 3, 17, 101}) expect_matches_reference(kernel, kernel, {{"n", n}});
}

}  // namespace
}  // namespace loom

namespace loom {
namespace {

TEST(CTarget, DomainEmptyForEveryParameterValue) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<0}", "{[j]: 0<=j<n}"}, "out[i] = 1 {id=never}\nb[j] = 2 {id=always}",
                                  {array_arg("out", DType::Float32, {"1"}), array_arg("b", DType::Float32, {"n"})});
  std::string source = generate_code(kernel, Target::C).source;
  EXPECT_EQ(source.find("out["), std::string::npos) << source;
  testing::expect_matches_reference(kernel, kernel, {{"n", 5}});
}

// loopy's fma(a, b, c) and clamp(x, lo, hi), on floats and integers, against values computed here.
TEST(CTarget, FmaAndClamp) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"},
                                  "f[i] = fma(a[i], b[i], c[i])\n"
                                  "clamped[i] = clamp(a[i], lo, 1.5)\n"
                                  "k_clamped[i] = clamp(k[i], -2, 3)",
                                  {array_arg("a, b, c, f, clamped", DType::Float64, {"n"}),
                                   array_arg("k, k_clamped", DType::Int32, {"n"}), value_arg("lo", DType::Float64),
                                   value_arg("n")},
                                  {.name = "fma_clamp"});
  std::string source = generate_code(kernel, Target::C).source;
  EXPECT_NE(source.find("fma(a[i], b[i], c[i])"), std::string::npos) << source;
  const int64_t n = 6;
  Array a(DType::Float64, {n}), b(DType::Float64, {n}), c(DType::Float64, {n}), f(DType::Float64, {n}),
      clamped(DType::Float64, {n}), k(DType::Int32, {n}), k_clamped(DType::Int32, {n});
  for (int64_t i = 0; i < n; ++i) {
    a.set_double(i, 0.75 * static_cast<double>(i) - 1.7);
    b.set_double(i, 1.0 / 3.0 + static_cast<double>(i));
    c.set_double(i, -0.1 * static_cast<double>(i));
    k.set_int(i, 2 * i - 5);
  }
  compile(kernel)({{"a", a}, {"b", b}, {"c", c}, {"f", f}, {"clamped", clamped}, {"k", k},
                   {"k_clamped", k_clamped}, {"lo", Scalar(-0.5)}, {"n", Scalar(n)}});
  for (int64_t i = 0; i < n; ++i) {
    EXPECT_EQ(f.get_double(i), std::fma(a.get_double(i), b.get_double(i), c.get_double(i))) << i;
    EXPECT_EQ(clamped.get_double(i), std::min(std::max(a.get_double(i), -0.5), 1.5)) << i;
    EXPECT_EQ(k_clamped.get_int(i), std::min<int64_t>(std::max<int64_t>(k.get_int(i), -2), 3)) << i;
  }
}

// A temporary's initializer fills it (it used to be declared and never filled); a written local
// one cannot be initialized in its declaration and is refused.
TEST(CTarget, TemporaryInitializers) {
  auto table_kernel = [](AddressSpace space, bool read_only) {
    Temporary table{.name = "table", .dtype = DType::Float64, .shape = {int_literal(2), int_literal(3)},
                    .address_space = space, .read_only = read_only, .initializer = {0.5, 1, 2, 3, 4, 5.25}};
    return make_kernel({"{[i,j]: 0<=i<2 and 0<=j<3}"}, "out[i, j] = table[i, j] * 2",
                       {array_arg("out", DType::Float64, {"2", "3"})}, {.name = "tables", .temporaries = {table}});
  };
  for (AddressSpace space : {AddressSpace::Private, AddressSpace::Local}) {
    LoopKernel kernel = table_kernel(space, true);
    std::string source = generate_code(kernel, Target::C).source;
    EXPECT_NE(source.find("const double table[6] = {0.5, 1.0, 2.0, 3.0, 4.0, 5.25};"), std::string::npos) << source;
    Array out(DType::Float64, {2, 3});
    compile(kernel)({{"out", out}});
    std::vector<double> expected = {1, 2, 4, 6, 8, 10.5};
    for (int64_t k = 0; k < 6; ++k) EXPECT_EQ(out.get_double(k), expected[static_cast<std::size_t>(k)]) << k;
  }
  std::string message = testing::error_message<Error>(
      [&] { generate_code(table_kernel(AddressSpace::Global, false), Target::C); });
  EXPECT_NE(message.find("temporary 'table' has an initializer but is in global memory"), std::string::npos) << message;
}

}  // namespace
}  // namespace loom
