// Kernels generated for the C target, executed and checked against their float64 reference.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace loom
