// The substitution-rule and reduction transforms through the registry: the same result as the
// typed call, the recorded call text, and schema errors.
#include <gtest/gtest.h>

#include <algorithm>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

std::string last_call(const LoopKernel& kernel) {
  return kernel.applied_transforms.empty() ? "" : kernel.applied_transforms.back().call;
}

// The registry's result equals the typed call's, and the call is recorded as `recorded`.
void expect_same(const LoopKernel& kernel, const TransformCall& call, const LoopKernel& typed,
                 const std::string& recorded) {
  LoopKernel applied = apply_transform(kernel, call);
  EXPECT_EQ(instructions_text(applied), instructions_text(typed)) << call.name;
  EXPECT_EQ(applied.all_inames(), typed.all_inames()) << call.name;
  EXPECT_EQ(last_call(applied), recorded);
  EXPECT_EQ(last_call(typed), recorded);
  for (int64_t n : {1, 7}) expect_matches_reference(applied, kernel, {{"n", n}});
}

TEST(SubstitutionTransformsRegistry, AllAreRegistered) {
  std::vector<std::string> names = registered_transforms();
  for (const char* name : {"extract_subst", "expand_subst", "assignment_to_subst",
                           "simplify_indices", "split_reduction_inward", "split_reduction_outward",
                           "make_reduction_inames_unique", "reduction_arg_to_subst_rule"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  }
}

TEST(SubstitutionTransformsRegistry, RuleTransforms) {
  LoopKernel bsquare = make_kernel({"{[i]: 0<=i<n}"}, "a[i] = 23*b[i]**2 + 25*b[i]**2",
                                   {array_arg("a, b", DType::Float64, {"n"})});
  expect_same(
      bsquare,
      {"extract_subst",
       {{"subst_name", std::string("bsquare")},
        {"template", std::string("alpha*b[i]**2")},
        {"parameters", std::string("alpha")}}},
      extract_subst(bsquare, "bsquare", "alpha*b[i]**2", {"alpha"}),
      "extract_subst(subst_name=\"bsquare\", template=\"alpha*b[i]**2\", parameters=[\"alpha\"])");
  LoopKernel squares = test_kernels::substitution_rule_used_twice();
  expect_same(squares, {"expand_subst", {{"within", std::string("id:*")}}},
              expand_subst(squares, {.within = "id:*"}), "expand_subst(within=\"id:*\")");
  LoopKernel stored = make_kernel(
      {"{[i]: 0<=i<n}"}, "t[i] = 2*a[i] {id=def}\nout[i] = t[i]*t[i] {id=use}",
      {array_arg("a, out", DType::Float64, {"n"})},
      {.assumptions = "n <= 8", .temporaries = {Temporary{"t", DType::Float64, {int_literal(8)}}}});
  expect_same(stored, {"assignment_to_subst", {{"lhs_name", std::string("t")}}},
              assignment_to_subst(stored, "t"), "assignment_to_subst(lhs_name=\"t\")");
  LoopKernel split = split_iname(make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i // 2]",
                                             {array_arg("a, out", DType::Float64, {"n"})}),
                                 "i", 2);
  LoopKernel applied = apply_transform(split, {"simplify_indices", {}});
  EXPECT_EQ(instructions_text(applied), instructions_text(simplify_indices(split)));
  EXPECT_EQ(to_string(applied.instructions[0].expression), "a[i_outer]");
  EXPECT_EQ(last_call(applied), "simplify_indices()");
}

TEST(SubstitutionTransformsRegistry, ReductionTransforms) {
  LoopKernel sum2 = make_kernel(
      {"{[i,j]: 0<=i<n and 0<=j<3}"}, "s[0] = sum((i, j), a[i, j])",
      {array_arg("a", DType::Float64, {"n", "3"}), array_arg("s", DType::Float64, {"1"})});
  expect_same(sum2, {"split_reduction_inward", {{"inames", std::string("j")}}},
              split_reduction_inward(sum2, {"j"}), "split_reduction_inward(inames=[\"j\"])");
  expect_same(sum2, {"split_reduction_outward", {{"inames", std::vector<std::string>{"j"}}}},
              split_reduction_outward(sum2, {"j"}), "split_reduction_outward(inames=[\"j\"])");
  LoopKernel twice = make_kernel(
      {"{[i,k]: 0<=i,k<n}"}, "out[i] = sum(k, a[i, k]) + sum(k, a[k, i])",
      {array_arg("a", DType::Float64, {"n", "n"}), array_arg("out", DType::Float64, {"n"})});
  expect_same(twice, {"make_reduction_inames_unique", {}}, make_reduction_inames_unique(twice),
              "make_reduction_inames_unique()");
  LoopKernel matmul = test_kernels::matmul();
  expect_same(matmul,
              {"reduction_arg_to_subst_rule",
               {{"inames", std::string("k")}, {"subst_rule_name", std::string("prod")}}},
              reduction_arg_to_subst_rule(matmul, {"k"}, {.subst_rule_name = "prod"}),
              "reduction_arg_to_subst_rule(inames=[\"k\"], subst_rule_name=\"prod\")");
}

TEST(SubstitutionTransformsRegistry, SchemaErrors) {
  LoopKernel kernel = test_kernels::matmul();
  std::string missing = error_message<Error>([&] {
    apply_transform(kernel, {"extract_subst", {}});
  });
  EXPECT_NE(missing.find("extract_subst: missing parameter 'subst_name'"), std::string::npos)
      << missing;
  std::string misspelled = error_message<Error>([&] {
    apply_transform(kernel, {"split_reduction_inward", {{"iname", std::string("k")}}});
  });
  EXPECT_NE(misspelled.find("unknown parameter 'iname' (did you mean 'inames'?)"),
            std::string::npos)
      << misspelled;
  std::string wrong_type = error_message<Error>([&] {
    apply_transform(kernel,
                    {"assignment_to_subst",
                     {{"lhs_name", std::string("c")}, {"force_retain_argument", int64_t{1}}}});
  });
  EXPECT_NE(wrong_type.find("parameter 'force_retain_argument' must be a boolean"),
            std::string::npos)
      << wrong_type;
}

}  // namespace
}  // namespace loom
