// make_reduction_inames_unique: copies for later reductions (in one instruction, across
// instructions, inside rules), the inames filter, within, simul_reduce, tags, executed
// equivalence, and refusals.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

LoopKernel two_sums_over_k() {
  return make_kernel(
      {"{[i,k]: 0<=i,k<n}"}, "out[i] = sum(k, a[i, k]) * sum(k, b[k])",
      {array_arg("a", DType::Float64, {"n", "n"}), array_arg("b, out", DType::Float64, {"n"})});
}

TEST(MakeReductionInamesUnique, SecondReductionGetsACopy) {
  LoopKernel kernel = two_sums_over_k();
  LoopKernel unique = make_reduction_inames_unique(kernel);
  EXPECT_EQ(to_string(unique.instructions[0].expression), "sum(k, a[i, k])*sum(k_0, b[k_0])");
  EXPECT_EQ(unique.all_inames(), (std::vector<std::string>{"i", "k", "k_0"}));
  for (int64_t n : {1, 7, 13}) expect_matches_reference(unique, kernel, {{"n", n}});
  // The copy can now be transformed apart from k.
  LoopKernel split = split_iname(unique, "k_0", 4);
  EXPECT_EQ(to_string(split.instructions[0].expression),
            "sum(k, a[i, k])*sum((k_0_outer, k_0_inner), b[4*k_0_outer + k_0_inner])");
  for (int64_t n : {1, 7, 13}) expect_matches_reference(split, kernel, {{"n", n}});
  // Already unique: nothing changes.
  LoopKernel again = make_reduction_inames_unique(unique);
  EXPECT_EQ(instructions_text(again), instructions_text(unique));
}

TEST(MakeReductionInamesUnique, LoopysDoubleSum) {
  // loopy's test_double_sum_made_unique.
  LoopKernel kernel =
      make_kernel({"{[i,j]: 0<=i,j<n}"}, "a[0] = sum((i, j), i*j)\nb[0] = sum(i, sum(j, i*j))",
                  {array_arg("a, b", DType::Int32, {"1"})}, {.assumptions = "n >= 1"});
  LoopKernel unique = make_reduction_inames_unique(kernel);
  EXPECT_EQ(to_string(unique.instructions[1].expression), "sum(i_0, sum(j_0, i_0*j_0))");
  for (int64_t n : {1, 7, 20}) expect_matches_reference(unique, kernel, {{"n", n}});
}

TEST(MakeReductionInamesUnique, AcrossInstructionsFilterAndWithin) {
  LoopKernel kernel = make_kernel(
      {"{[i,k]: 0<=i,k<n}"},
      "x[i] = sum(k, a[i, k]) {id=first}\n"
      "y[i] = sum(k, a[k, i]) {id=second}\n"
      "z[i] = sum(k, 2*a[i, k]) {id=third}",
      {array_arg("a", DType::Float64, {"n", "n"}), array_arg("x, y, z", DType::Float64, {"n"})});
  LoopKernel unique = make_reduction_inames_unique(kernel);
  EXPECT_EQ(to_string(unique.find_instruction("first")->expression), "sum(k, a[i, k])");
  EXPECT_EQ(to_string(unique.find_instruction("second")->expression), "sum(k_0, a[k_0, i])");
  EXPECT_EQ(to_string(unique.find_instruction("third")->expression), "sum(k_1, 2*a[i, k_1])");
  for (int64_t n : {1, 7}) expect_matches_reference(unique, kernel, {{"n", n}});
  LoopKernel only_third = make_reduction_inames_unique(kernel, {}, {.within = "id:third"});
  EXPECT_EQ(to_string(only_third.find_instruction("second")->expression), "sum(k, a[k, i])");
  EXPECT_EQ(to_string(only_third.find_instruction("third")->expression), "sum(k_0, 2*a[i, k_0])");
  for (int64_t n : {1, 13}) expect_matches_reference(only_third, kernel, {{"n", n}});
  LoopKernel split = split_iname(only_third, "k_0", 2);
  for (int64_t n : {1, 7}) expect_matches_reference(split, kernel, {{"n", n}});
  LoopKernel filtered = make_reduction_inames_unique(kernel, {"i"});
  EXPECT_EQ(instructions_text(filtered), instructions_text(kernel));
}

TEST(MakeReductionInamesUnique, RulesSimultaneousReductionsAndTags) {
  // A rule with a reduction, invoked twice (make_kernel does not take reductions in rules yet).
  LoopKernel kernel = extract_subst(
      make_kernel({"{[i,k]: 0<=i,k<n}"}, "out[i] = b[i]*sum(k, a[k]) + 2*sum(k, a[k])",
                  {array_arg("a, b, out", DType::Float64, {"n"})}),
      "f", "x*sum(k, a[k])", {"x"});
  LoopKernel unique = make_reduction_inames_unique(kernel);
  EXPECT_EQ(to_string(unique.instructions[0].expression), "f(b[i]) + f_0(2)");
  EXPECT_EQ(to_string(unique.substitutions.at("f").expression), "x*sum(k, a[k])");
  EXPECT_EQ(to_string(unique.substitutions.at("f_0").expression), "x*sum(k_0, a[k_0])");
  for (int64_t n : {1, 7, 13}) expect_matches_reference(unique, kernel, {{"n", n}});
  LoopKernel simultaneous = make_kernel(
      {"{[i,k]: 0<=i,k<n}"}, "out[i] = simul_reduce(sum, k, a[k]) * simul_reduce(sum, k, b[k])",
      {array_arg("a, b, out", DType::Float64, {"n"})});
  EXPECT_EQ(instructions_text(make_reduction_inames_unique(simultaneous)),
            instructions_text(simultaneous));
  LoopKernel tagged = tag_inames(two_sums_over_k(), "k:unr_hint");
  LoopKernel copied = make_reduction_inames_unique(tagged);
  EXPECT_EQ(copied.tag_of("k_0"), tagged.tag_of("k"));
  for (int64_t n : {1, 7}) expect_matches_reference(copied, tagged, {{"n", n}});
}

TEST(MakeReductionInamesUnique, Refusals) {
  std::string unknown =
      error_message<Error>([&] { make_reduction_inames_unique(two_sums_over_k(), {"q"}); });
  EXPECT_NE(unknown.find("make_reduction_inames_unique: unknown iname 'q'"), std::string::npos)
      << unknown;
  LoopKernel triangle = make_kernel(
      {"{[i,k]: 0<=i,k<n}", "{[l]: 0<=l<=k}"}, "out[i] = sum(k, a[k]) + sum((k, l), b[k, l])",
      {array_arg("a, out", DType::Float64, {"n"}), array_arg("b", DType::Float64, {"n", "n"})});
  std::string bounded = error_message<Error>([&] { make_reduction_inames_unique(triangle); });
  EXPECT_NE(bounded.find("reduces over 'l', whose domain"), std::string::npos) << bounded;
  EXPECT_NE(bounded.find("is bounded by 'k'; a copy of 'k' would leave that bound on the original"),
            std::string::npos)
      << bounded;
}

}  // namespace
}  // namespace loom
