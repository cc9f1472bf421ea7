// loopy's call shapes (include/loom/call_forms.hpp, issue 28): the positional overloads and the
// keyword form produce the same kernels as the typed calls (same generated code), the results
// run and match the untransformed kernels, and bad keywords are refused naming the transform and
// the parameter.
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;
using testing::expect_on_opencl;

LoopKernel tiled_matmul() {
  LoopKernel kernel = split_iname(test_kernels::matmul(), "i", 16, {.outer_tag = "g.0", .inner_tag = "l.1"});
  kernel = split_iname(kernel, "j", 16, {.outer_tag = "g.1", .inner_tag = "l.0"});
  return split_iname(kernel, "k", 16);
}

const std::vector<std::string> kOuter = {"i_outer", "j_outer", "k_outer"};

// The typed call with every option in the struct: what the other forms must equal.
LoopKernel prefetched_by_options() {
  return add_prefetch(tiled_matmul(), "a",
                      {.sweep_inames = {"k_inner", "i_inner"}, .default_tag = "l.auto", .fetch_outer_inames = kOuter});
}

std::string opencl_code(const LoopKernel& kernel) { return generate_code(kernel, Target::OpenCL).source; }
std::string c_code(const LoopKernel& kernel) { return generate_code(kernel, Target::C).source; }

// ---- positional forms ---------------------------------------------------------------------------

TEST(CallForms, AddPrefetchTakesSweepInamesPositionally) {
  LoopKernel positional =
      add_prefetch(tiled_matmul(), "a", {"k_inner", "i_inner"}, {.default_tag = "l.auto", .fetch_outer_inames = kOuter});
  EXPECT_EQ(opencl_code(positional), opencl_code(prefetched_by_options()));
  // loopy's comma string, and a std::vector, mean the same.
  LoopKernel comma = add_prefetch(tiled_matmul(), "a", "k_inner, i_inner", {.default_tag = "l.auto", .fetch_outer_inames = kOuter});
  EXPECT_EQ(opencl_code(comma), opencl_code(prefetched_by_options()));
  std::vector<std::string> sweep = {"k_inner", "i_inner"};
  LoopKernel vector = add_prefetch(tiled_matmul(), "a", sweep, {.default_tag = "l.auto", .fetch_outer_inames = kOuter});
  EXPECT_EQ(opencl_code(vector), opencl_code(prefetched_by_options()));
}

TEST(CallForms, AddPrefetchPositionalRunsLikeTheReference_OpenCL) {
  REQUIRE_OPENCL();
  LoopKernel kernel = add_prefetch(tiled_matmul(), "a", {"k_inner", "i_inner"},
                                   {.default_tag = "l.auto", .fetch_outer_inames = kOuter});
  kernel = add_prefetch(kernel, "b", {"j_inner", "k_inner"}, {.default_tag = "l.auto", .fetch_outer_inames = kOuter});
  CheckResult result = check_against_reference(kernel, test_kernels::matmul(), {{"n", 33}}, Target::OpenCL);
  EXPECT_TRUE(result.passed) << result.report();
}

TEST(CallForms, SweepInamesGivenTwiceIsRefused) {
  std::string message = error_message<Error>(
      [] { add_prefetch(tiled_matmul(), "a", {"k_inner"}, {.sweep_inames = {"i_inner"}}); });
  EXPECT_EQ(message, "add_prefetch: 'sweep_inames' given both positionally and in the options; give it once");
}

TEST(CallForms, OldFormsStillMeanTheOptions) {
  // `{}` after the variable is still the options struct (the positional Names cannot be made
  // from it): the same refusal of a rank-1 subscript of a rank-2 array as before.
  std::string message = error_message<Error>([] { add_prefetch(test_kernels::matmul(), "a[i]", {}); });
  EXPECT_NE(message.find("add_prefetch"), std::string::npos) << message;
}

// precompute's own example (memory_transforms.hpp): u(x) := 2*a[x]; out[i] = u(i) + u(i+1).
LoopKernel neighbours() {
  return make_kernel({"{[i]: 0<=i<n}"},
                     "u(x) := 2*a[x]\n"
                     "out[i] = u(i) + u(i+1)",
                     {array_arg("a", DType::Float32, {"n+1"}), array_arg("out", DType::Float32, {"n"})},
                     {.name = "neighbours"});
}

TEST(CallForms, PrecomputeTakesSweepInamesAndWithinPositionally) {
  LoopKernel kernel = split_iname(neighbours(), "i", 16);
  LoopKernel by_options = precompute(kernel, "u", {.sweep_inames = {"i_inner"}, .within = "id:*"});
  EXPECT_EQ(c_code(precompute(kernel, "u", {"i_inner"}, "id:*")), c_code(by_options));
  EXPECT_EQ(c_code(precompute(kernel, "u", "i_inner")), c_code(precompute(kernel, "u", {.sweep_inames = {"i_inner"}})));
  expect_matches_reference(precompute(kernel, "u", {"i_inner"}, "id:*"), neighbours(), {{"n", 37}});
}

LoopKernel two_loops() {
  return make_kernel({"{[i, j]: 0<=i<n and 0<=j<m}"},
                     "b[i, j] = 2*a[i, j] {id=double}\n"
                     "c[i, j] = b[i, j] + 1 {id=inc, dep=double}",
                     {array_arg("a, b, c", DType::Float32, {"n", "m"})}, {.name = "two_loops"});
}

TEST(CallForms, InameTransformsTakeLoopysPositionalArguments) {
  LoopKernel kernel = two_loops();
  EXPECT_EQ(c_code(duplicate_inames(kernel, {"i"}, "id:inc")),
            c_code(duplicate_inames(kernel, {"i"}, {.within = "id:inc"})));
  expect_matches_reference(duplicate_inames(kernel, "i", "id:inc"), kernel, {{"n", 5}, {"m", 7}});

  LoopKernel fixed = fix_parameters(kernel, {{"m", 7}});
  EXPECT_EQ(c_code(join_inames(fixed, {"i", "j"}, "ij")), c_code(join_inames(fixed, {"i", "j"}, {.new_iname = "ij"})));
  expect_matches_reference(join_inames(fixed, "i, j", "ij"), fixed, {{"n", 5}});
}

// m fixed: a nested reduction's accumulator needs a constant range for the inner iname.
LoopKernel double_sum() {
  return make_kernel({"{[i, j, k]: 0<=i<n and 0<=j<m and 0<=k<m}"}, "s[i] = sum([j, k], a[i, j]*b[k]) {id=s}",
                     {array_arg("a", DType::Float64, {"n", "m"}), array_arg("b", DType::Float64, {"m"}),
                      array_arg("s", DType::Float64, {"n"})},
                     {.name = "double_sum", .assumptions = "n >= 1"});
}

TEST(CallForms, ReductionTransformsTakeLoopysPositionalArguments) {
  LoopKernel kernel = fix_parameters(double_sum(), {{"m", 9}});
  EXPECT_EQ(c_code(split_reduction_inward(kernel, {"j"}, "id:s")),
            c_code(split_reduction_inward(kernel, {"j"}, {.within = "id:s"})));
  EXPECT_EQ(c_code(split_reduction_outward(kernel, "j", "id:s")),
            c_code(split_reduction_outward(kernel, {"j"}, {.within = "id:s"})));
  expect_matches_reference(split_reduction_outward(kernel, "j", "id:s"), kernel, {{"n", 4}});
  EXPECT_EQ(c_code(reduction_arg_to_subst_rule(kernel, {"j", "k"}, "product")),
            c_code(reduction_arg_to_subst_rule(kernel, {"j", "k"}, {.subst_rule_name = "product"})));
  EXPECT_EQ(c_code(make_reduction_inames_unique(kernel, {"j"}, "id:s")),
            c_code(make_reduction_inames_unique(kernel, {"j"}, {.within = "id:s"})));
}

TEST(CallForms, NameListsTakeLoopysCommaStrings) {
  // extract_subst(knl, "u_acc", "u[j]", parameters="j") in loopy's test_fd_1d.
  LoopKernel differences = make_kernel({"{[i]: 0<=i<n}"}, "result[i] = u[i+1] - u[i]",
                                       {array_arg("u", DType::Float32, {"n+1"}), array_arg("result", DType::Float32, {"n"})},
                                       {.name = "differences"});
  LoopKernel extracted = extract_subst(differences, "u_acc", "u[j]", "j");
  EXPECT_EQ(c_code(extracted), c_code(extract_subst(differences, "u_acc", "u[j]", std::vector<std::string>{"j"})));
  expect_matches_reference(extracted, differences, {{"n", 20}});

  LoopKernel split = split_iname(test_kernels::vector_scale(), "i", 16, {.inner_tag = "unr"});
  EXPECT_EQ(c_code(untag_inames(split, "i_inner")), c_code(untag_inames(split, std::vector<std::string>{"i_inner"})));

  LoopKernel bumped = make_kernel({"{[i, j]: 0<=i<n and 0<=j<m}"}, "out[i] = 2*a[i] {id=copy, inames=i}",
                                  {array_arg("a, out", DType::Float32, {"n"}), value_arg("m")}, {.name = "copy"});
  EXPECT_EQ(c_code(add_inames_to_insn(bumped, "j", "id:copy")),
            c_code(add_inames_to_insn(bumped, std::vector<std::string>{"j"}, "id:copy")));
  expect_matches_reference(add_inames_to_insn(bumped, "j", "id:copy"), bumped, {{"n", 6}, {"m", 3}});
  // `{}` still means no names, as before: the same refusal of an empty list.
  EXPECT_EQ(error_message<Error>([&] { add_inames_to_insn(bumped, {}, "id:copy"); }),
            error_message<Error>([&] { add_inames_to_insn(bumped, std::vector<std::string>{}, "id:copy"); }));
}

TEST(CallForms, CheckAgainstReferenceTakesTheTargetPositionally) {
  LoopKernel kernel = split_iname(test_kernels::vector_scale(), "i", 16);
  EXPECT_TRUE(check_against_reference(kernel, test_kernels::vector_scale(), {{"n", 40}}, Target::C).passed);
  // A kernel that computes something else fails: the check can fail.
  LoopKernel wrong = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 3*a[i]", {array_arg("a, out", DType::Float32, {"n"})},
                                 {.name = "vector_scale"});
  EXPECT_FALSE(check_against_reference(wrong, test_kernels::vector_scale(), {{"n", 40}}, Target::C).passed);
}

// ---- the keyword form ---------------------------------------------------------------------------

TEST(CallForms, KeywordFormTakesOptionsInAnyOrder) {
  // fetch_outer_inames before default_tag: the designated initializers of PrefetchOptions cannot.
  LoopKernel kernel = apply(tiled_matmul(), "add_prefetch",
                            {{"fetch_outer_inames", "i_outer, j_outer, k_outer"},
                             {"default_tag", "l.auto"},
                             {"sweep_inames", {"k_inner", "i_inner"}},
                             {"var_name", "a"}});
  EXPECT_EQ(opencl_code(kernel), opencl_code(prefetched_by_options()));
}

TEST(CallForms, KeywordFormTakesJsonLikeValues) {
  LoopKernel by_keywords = apply(test_kernels::vector_scale(), "split_iname",
                                 {{"iname", "i"}, {"inner_length", 16}, {"slabs", {0, 1}}, {"outer_tag", nullptr},
                                  {"unchecked", false}});
  LoopKernel typed = split_iname(test_kernels::vector_scale(), "i", 16, {.slabs = {0, 1}});
  EXPECT_EQ(c_code(by_keywords), c_code(typed));
  expect_matches_reference(by_keywords, test_kernels::vector_scale(), {{"n", 37}});
  // A tag map as an object ({{key, value}}) or as loopy's string.
  LoopKernel split = split_iname(test_kernels::vector_scale(), "i", 16);
  EXPECT_EQ(c_code(apply(split, "tag_inames", {{"iname_to_tag", {{"i_inner", "unr"}}}})),
            c_code(tag_inames(split, "i_inner:unr")));
  EXPECT_EQ(c_code(apply(test_kernels::vector_scale(), "fix_parameters", {{"n", 8}})),
            c_code(fix_parameters(test_kernels::vector_scale(), {{"n", 8}})));
}

TEST(CallForms, KeywordFormRefusesUnknownParameters) {
  EXPECT_EQ(error_message<Error>([] {
              apply(tiled_matmul(), "add_prefetch", {{"var_name", "a"}, {"sweep_iname", {"k_inner"}}});
            }),
            "add_prefetch: unknown parameter 'sweep_iname' (did you mean 'sweep_inames'?)");
  EXPECT_EQ(error_message<Error>([] { apply(tiled_matmul(), "add_prefetch", {{"sweep_inames", {"k_inner"}}}); }),
            "add_prefetch: missing parameter 'var_name'");
  EXPECT_EQ(error_message<Error>([] { apply(tiled_matmul(), "add_prefech", {{"var_name", "a"}}); }),
            "unknown transform 'add_prefech' (did you mean 'add_prefetch'?)");
  EXPECT_EQ(error_message<Error>([] {
              apply(test_kernels::vector_scale(), "split_iname", {{"iname", "i"}, {"inner_length", 4}, {"iname", "j"}});
            }),
            "split_iname: parameter 'iname' given twice");
}

TEST(CallForms, KeywordFormRefusesValuesOfTheWrongType) {
  EXPECT_EQ(error_message<Error>([] {
              apply(test_kernels::vector_scale(), "split_iname", {{"iname", "i"}, {"inner_length", "16"}});
            }),
            "split_iname: parameter 'inner_length' must be an integer, got \"16\"");
  EXPECT_EQ(error_message<Error>([] {
              apply(tiled_matmul(), "add_prefetch", {{"var_name", "a"}, {"fetch_bounding_box", 1}});
            }),
            "add_prefetch: parameter 'fetch_bounding_box' must be a boolean, got 1");
  std::string fractional = error_message<Error>([] {
    apply(test_kernels::vector_scale(), "split_iname", {{"iname", "i"}, {"inner_length", 1.5}});
  });
  EXPECT_NE(fractional.find("split_iname: parameter 'inner_length'"), std::string::npos) << fractional;
  std::string mixed = error_message<Error>([] {
    apply(tiled_matmul(), "add_prefetch", {{"var_name", "a"}, {"sweep_inames", {"k_inner", 3}}});
  });
  EXPECT_NE(mixed.find("add_prefetch: parameter 'sweep_inames'"), std::string::npos) << mixed;
}

}  // namespace
}  // namespace loom
