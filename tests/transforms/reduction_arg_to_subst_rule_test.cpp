// reduction_arg_to_subst_rule: matmul and 2-iname reductions, shared and separate rules, an
// explicit name, within, executed equivalence, and refusals.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

TEST(ReductionArgToSubstRule, Matmul) {
  LoopKernel kernel = test_kernels::matmul();
  LoopKernel rule = reduction_arg_to_subst_rule(kernel, {"k"});
  ASSERT_EQ(rule.substitutions.count("red_k_arg"), 1u);
  EXPECT_EQ(rule.substitutions.at("red_k_arg").parameters, (std::vector<std::string>{"k"}));
  EXPECT_EQ(to_string(rule.substitutions.at("red_k_arg").expression), "a[i, k]*b[k, j]");
  EXPECT_EQ(to_string(rule.instructions[0].expression), "sum(k, red_k_arg(k))");
  for (int64_t n : {1, 7, 13}) expect_matches_reference(rule, kernel, {{"n", n}});
}

TEST(ReductionArgToSubstRule, TwoInamesInTheGivenOrder) {
  LoopKernel kernel = make_kernel(
      {"{[i,j]: 0<=i,j<n}"}, "s[0] = sum((i, j), a[i, j]*b[j, i])",
      {array_arg("a, b", DType::Float64, {"n", "n"}), array_arg("s", DType::Float64, {"1"})});
  LoopKernel rule = reduction_arg_to_subst_rule(kernel, {"j", "i"});
  EXPECT_EQ(rule.substitutions.at("red_j_i_arg").parameters, (std::vector<std::string>{"j", "i"}));
  EXPECT_EQ(to_string(rule.instructions[0].expression), "sum((i, j), red_j_i_arg(j, i))");
  for (int64_t n : {1, 7, 13}) expect_matches_reference(rule, kernel, {{"n", n}});
}

TEST(ReductionArgToSubstRule, SharedSeparateAndNamedRules) {
  LoopKernel kernel = make_kernel(
      {"{[i,k]: 0<=i,k<n}"},
      "x[i] = sum(k, a[i, k]) {id=first}\n"
      "y[i] = sum(k, a[i, k]) + 1 {id=second}\n"
      "z[i] = sum(k, 2*a[k, i]) {id=third}",
      {array_arg("a", DType::Float64, {"n", "n"}), array_arg("x, y, z", DType::Float64, {"n"})});
  LoopKernel rules = reduction_arg_to_subst_rule(kernel, {"k"});
  EXPECT_EQ(to_string(rules.find_instruction("first")->expression), "sum(k, red_k_arg(k))");
  EXPECT_EQ(to_string(rules.find_instruction("second")->expression), "sum(k, red_k_arg(k)) + 1");
  EXPECT_EQ(to_string(rules.find_instruction("third")->expression), "sum(k, red_k_arg_0(k))");
  EXPECT_EQ(to_string(rules.substitutions.at("red_k_arg_0").expression), "2*a[k, i]");
  for (int64_t n : {1, 7}) expect_matches_reference(rules, kernel, {{"n", n}});
  LoopKernel named =
      reduction_arg_to_subst_rule(kernel, {"k"}, {.subst_rule_name = "row", .within = "id:third"});
  EXPECT_EQ(to_string(named.find_instruction("first")->expression), "sum(k, a[i, k])");
  EXPECT_EQ(to_string(named.find_instruction("third")->expression), "sum(k, row(k))");
  for (int64_t n : {1, 13}) expect_matches_reference(named, kernel, {{"n", n}});
  std::string two = error_message<Error>(
      [&] { reduction_arg_to_subst_rule(kernel, {"k"}, {.subst_rule_name = "row"}); });
  EXPECT_NE(
      two.find(
          "subst_rule_name='row' would name two different arguments, 'a[i, k]' and '2*a[k, i]'"),
      std::string::npos)
      << two;
}

TEST(ReductionArgToSubstRule, Refusals) {
  LoopKernel kernel = test_kernels::matmul();
  std::string none = error_message<Error>([&] { reduction_arg_to_subst_rule(kernel, {"i"}); });
  EXPECT_NE(none.find("reduction_arg_to_subst_rule: no reduction reduces over exactly (i)"),
            std::string::npos)
      << none;
  std::string unknown = error_message<Error>([&] { reduction_arg_to_subst_rule(kernel, {"q"}); });
  EXPECT_NE(unknown.find("reduction_arg_to_subst_rule: unknown iname 'q'"), std::string::npos)
      << unknown;
  std::string taken = error_message<Error>(
      [&] { reduction_arg_to_subst_rule(kernel, {"k"}, {.subst_rule_name = "a"}); });
  EXPECT_NE(taken.find("the name 'a' is already used in the kernel"), std::string::npos) << taken;
  std::string pair = error_message<Error>(
      [&] { reduction_arg_to_subst_rule(test_kernels::argmax_argmin(), {"i"}); });
  EXPECT_NE(pair.find("argmax over (i) in instruction"), std::string::npos) << pair;
  EXPECT_NE(pair.find("a rule stands for one value"), std::string::npos) << pair;
}

}  // namespace
}  // namespace loom
