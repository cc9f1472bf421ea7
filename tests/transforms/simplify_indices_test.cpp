// simplify_indices: split indices, assumptions, reductions, rules (their parameters are not
// inames), what is left alone, and executed equivalence.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::expect_matches_reference;

TEST(SimplifyIndices, AfterASplit) {
  LoopKernel kernel = make_kernel(
      {"{[i]: 0<=i<n}"}, "out[i] = a[i // 4] + b[i % 4]",
      {array_arg("a, out", DType::Float32, {"n"}), array_arg("b", DType::Float32, {"4"})});
  LoopKernel split = split_iname(kernel, "i", 4);
  EXPECT_EQ(to_string(split.instructions[0].expression),
            "a[(4*i_outer + i_inner) // 4] + b[(4*i_outer + i_inner) % 4]");
  LoopKernel simple = simplify_indices(split);
  EXPECT_EQ(to_string(simple.instructions[0].expression), "a[i_outer] + b[i_inner]");
  for (int64_t n : {1, 7, 13}) expect_matches_reference(simple, kernel, {{"n", n}});
  std::string code = generate_code(simple, Target::C).source;
  EXPECT_NE(code.find("out[4 * i_outer + i_inner] = a[i_outer] + b[i_inner];"), std::string::npos)
      << code;
}

TEST(SimplifyIndices, AssumptionsReductionsAndAssignees) {
  LoopKernel kernel = make_kernel(
      {"{[i,k]: 0<=i<n and 0<=k<4}"},
      "out[i + (n // 4)*4 - n] = sum(k, a[(4*i + k) // 4, (4*i + k) % 4])",
      {array_arg("a", DType::Float64, {"n", "4"}), array_arg("out", DType::Float64, {"n"})},
      {.assumptions = "n mod 4 = 0 and n >= 1"});
  LoopKernel simple = simplify_indices(kernel);
  EXPECT_EQ(to_string(simple.instructions[0].assignees[0]), "out[i]");
  EXPECT_EQ(to_string(simple.instructions[0].expression), "sum(k, a[i, k])");
  for (int64_t n : {4, 12, 20}) expect_matches_reference(simple, kernel, {{"n", n}});
}

TEST(SimplifyIndices, LeavesNonAffineIndicesAndSimplifiesInsideThem) {
  LoopKernel kernel = make_kernel(
      {"{[i]: 0<=i<n}"}, "out[i] = a[idx[(2*i + 1) // 2]] + a[i*i % n] + a[i / 2]",
      {array_arg("a, out", DType::Float64, {"n"}), array_arg("idx", DType::Int32, {"n"})});
  LoopKernel simple = simplify_indices(kernel);
  EXPECT_EQ(to_string(simple.instructions[0].expression), "a[idx[i]] + a[i*i % n] + a[i / 2]");
  CheckOptions options;
  options.inputs["idx"] = InputGenerator{InputGenerator::Kind::Values, 0, 0, {3, 0, 4, 1, 2}};
  expect_matches_reference(simple, kernel, {{"n", 5}}, options);
}

TEST(SimplifyIndices, RuleParametersAreNotInames) {
  // Inside f, i is f's parameter: the iname i's bounds (0..3) must not simplify i % 4 away.
  LoopKernel kernel = make_kernel(
      {"{[i]: 0<=i<4}", "{[j]: 0<=j<n}"},
      "f(i) := a[i % 4] + a[(2*j + 1) // 2 % 4]\n"
      "out[j] = f(j) {id=use}\n"
      "first[i] = a[(i + 4) % 4] {id=small}",
      {array_arg("a, first", DType::Float64, {"4"}), array_arg("out", DType::Float64, {"n"})});
  LoopKernel simple = simplify_indices(kernel);
  EXPECT_EQ(to_string(simple.substitutions.at("f").expression), "a[i % 4] + a[j % 4]");
  EXPECT_EQ(to_string(simple.find_instruction("small")->expression), "a[i]");
  for (int64_t n : {1, 9, 13}) expect_matches_reference(simple, kernel, {{"n", n}});
}

TEST(SimplifyIndices, LoopysFloorDivisionExample) {
  // loopy's test_simplify_indices: b is data, j//10 is 0 on the domain.
  LoopKernel kernel = make_kernel({"{[j]: 0<=j<10}"},
                                  "<int32> b = Z[0] {id=b}\n"
                                  "Y[j] = X[10*(j // 10 + b) + j - 10*b] {dep=b}",
                                  {array_arg("X, Y, Z", DType::Int32, {"10"})});
  LoopKernel simple = simplify_indices(kernel);
  EXPECT_EQ(to_string(simple.instructions[1].expression), "X[j]");
  expect_matches_reference(simple, kernel, {});
}

TEST(SimplifyIndices, NothingToSimplifyIsStable) {
  LoopKernel kernel = test_kernels::matmul();
  LoopKernel simple = simplify_indices(kernel);
  EXPECT_EQ(instructions_text(simple), instructions_text(kernel));
  ASSERT_EQ(simple.applied_transforms.size(), 1u);
  EXPECT_EQ(simple.applied_transforms[0].call, "simplify_indices()");
}

}  // namespace
}  // namespace loom
