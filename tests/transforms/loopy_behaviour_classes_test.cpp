// Issue 23's behaviour classes: recipes loopy 2025.2 accepts and runs that loom refused or got
// wrong. Each test is named after its class (LoopyClassNN) and fails without the fix: results
// against the untransformed kernel on the C target, or the message a refusal must give.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "loom/reduction_transforms.hpp"
#include "device_helpers.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Class 21 (wrong code before): ilp over CSR rows whose length is a temporary. The temporary is
// privatized per ilp copy, so the inner loop's bound must read the copy of its own row.
TEST(LoopyClass21, IlpOverRowsWithDataDependentLength) {
  LoopKernel reference = test_kernels::csr_spmv();
  SplitOptions ilp;
  ilp.inner_tag = "ilp";
  LoopKernel kernel = split_iname(reference, "i", 2, ilp);
  std::string source = generate_code(kernel, Target::C).source;
  EXPECT_FALSE(contains(source, "jj < row_len;")) << source;
  EXPECT_FALSE(contains(source, "jj <= row_len - 1;")) << source;
  expect_matches_reference(kernel, reference, {{"n", 5}, {"nnz", 7}}, test_kernels::csr_inputs());
}

// Class 1: prioritize_loops with one iname constrains nothing.
TEST(LoopyClass01, PrioritizeLoopsWithOneIname) {
  LoopKernel matmul = test_kernels::matmul();
  LoopKernel kernel = prioritize_loops(matmul, "i");
  EXPECT_TRUE(kernel.loop_priorities.empty());
  expect_matches_reference(kernel, matmul, {{"n", 5}});
  LoopKernel by_name = apply_transform(matmul, {"prioritize_loops", {{"loop_priority", std::string("j")}}});
  expect_matches_reference(by_name, matmul, {{"n", 3}});
}

// Class 2: loopy's parameter names and forms.
TEST(LoopyClass02, MapDomainTakesTransformMap) {
  LoopKernel reference = test_kernels::vector_scale();
  LoopKernel mapped = apply_transform(
      reference, {"map_domain", {{"transform_map", std::string("{[i] -> [o, r]: i = 4o + r and 0 <= r < 4}")}}});
  expect_matches_reference(mapped, reference, {{"n", 10}});
  std::string both = error_message<Error>([&] {
    apply_transform(reference, {"map_domain",
                                {{"transform_map", std::string("{[i] -> [o]: o = i}")},
                                 {"isl_map", std::string("{[i] -> [o]: o = i}")}}});
  });
  EXPECT_TRUE(contains(both, "map_domain: give transform_map or isl_map, not both")) << both;
  std::string none = error_message<Error>([&] { apply_transform(reference, {"map_domain", {}}); });
  EXPECT_TRUE(contains(none, "map_domain: missing parameter 'transform_map'")) << none;
}

TEST(LoopyClass02, ArrayNamesAsAListOrACommaString) {
  LoopKernel reference = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*a[i]", {array_arg("a, out", DType::Float32, {"n"})},
                                     {.assumptions = "n mod 4 = 0 and n >= 0"});
  LoopKernel listed = apply_transform(
      reference, {"split_array_axis",
                  {{"array_names", std::vector<std::string>{"a", "out"}}, {"axis_nr", int64_t{0}}, {"count", int64_t{4}}}});
  EXPECT_EQ(listed.find_arg("a")->shape.size(), 2u);
  EXPECT_EQ(listed.find_arg("out")->shape.size(), 2u);
  expect_matches_reference(listed, reference, {{"n", 8}});
  LoopKernel tagged = apply_transform(
      reference, {"tag_array_axes", {{"ary_names", std::vector<std::string>{"a"}}, {"dim_tags", std::string("c")}}});
  expect_matches_reference(tagged, reference, {{"n", 8}});
}

TEST(LoopyClass02, OmittedArgumentsMeanInferThemAll) {
  LoopKernel inferred = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*a[i]", {});
  ASSERT_NE(inferred.find_arg("a"), nullptr);
  ASSERT_NE(inferred.find_arg("out"), nullptr);
  LoopKernel declared = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*a[i]", {KernelArgument{.name = "..."}});
  EXPECT_EQ(inferred.args.size(), declared.args.size());
  Spec spec = read_spec(R"({"loom": 1, "name": "twice", "domains": "{[i]: 0<=i<n}",
                            "instructions": "out[i] = 2*a[i]"})");
  ASSERT_NE(spec.kernel.find_arg("a"), nullptr);
  EXPECT_TRUE(spec.kernel.find_arg("a")->is_array());
  EXPECT_EQ(spec.kernel.args.size(), declared.args.size());
}

// Class 3: arguments of shape () written without a subscript.
TEST(LoopyClass03, ScalarArraysWithoutSubscript) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "max_val, max_idx = argmax(i, abs(a[i]), i)",
                                  {array_arg("a", DType::Float32, {"n"}), array_arg("max_val", DType::Float32, {}),
                                   array_arg("max_idx", DType::Int32, {})});
  LoopKernel subscripted = make_kernel({"{[i]: 0<=i<n}"}, "max_val[0], max_idx[0] = argmax(i, abs(a[i]), i)",
                                       {array_arg("a", DType::Float32, {"n"}), array_arg("max_val", DType::Float32, {"1"}),
                                        array_arg("max_idx", DType::Int32, {"1"})});
  EXPECT_TRUE(contains(instructions_text(kernel), "max_val, max_idx = argmax(i, abs(a[i]), i)")) << instructions_text(kernel);
  for (int64_t n : {1, 9}) {
    ArgumentMap arguments = make_test_arguments(kernel, {{"n", n}});
    ArgumentMap expected = make_test_arguments(subscripted, {{"n", n}});
    compile(kernel, Target::C)(arguments);
    compile(subscripted, Target::C)(expected);
    auto first = [](const ArgumentMap& map, const char* name) {
      return std::get<Array>(map.at(name)).data();
    };
    EXPECT_EQ(*static_cast<const int32_t*>(first(arguments, "max_idx")),
              *static_cast<const int32_t*>(first(expected, "max_idx")));
    EXPECT_EQ(*static_cast<const float*>(first(arguments, "max_val")),
              *static_cast<const float*>(first(expected, "max_val")));
  }
}

// Class 17: a cycle the single-writer rule made names the inferred dependency and the way out.
TEST(LoopyClass17, CycleFromTheSingleWriterRuleIsExplained) {
  std::string message = error_message<Error>([] {
    LoopKernel kernel = make_kernel({"{[t,i]: 0<=t<4 and 0<=i<n}"},
                                    "b[i] = a[i] + 1 {id=s1}\n"
                                    "a[i] = 2*b[i] {id=s2, dep=s1}",
                                    {array_arg("a, b", DType::Float32, {"n"})});
    generate_code(kernel, Target::C);
  });
  EXPECT_TRUE(contains(message, "dependency cycle: s1 -> s2 -> s1")) << message;
  EXPECT_TRUE(contains(message, "'s1' depends on 's2' by the single-writer rule ('s1' reads 'a', which only "
                                "'s2' writes)"))
      << message;
  EXPECT_TRUE(contains(message, "{dep=*...}")) << message;
  // Stating s1's dependencies exactly removes the cycle.
  LoopKernel exact = make_kernel({"{[t,i]: 0<=t<4 and 0<=i<n}"},
                                 "b[i] = a[i] + 1 {id=s1, dep=*}\n"
                                 "a[i] = 2*b[i] {id=s2, dep=s1}",
                                 {array_arg("a, b", DType::Float32, {"n"})});
  EXPECT_NO_THROW(generate_code(exact, Target::C));
}

// Class 18: a domain naming outer inames as its parameters (loopy issue #380).
TEST(LoopyClass18, DomainWithOuterInamesAsParametersAfterSplit) {
  LoopKernel reference = make_kernel({"{[i, j]: 0<=i,j<16}", "[i,j] -> {[k]: 0<=k<=4}"},
                                     "out[i, j, k] = a[i, j] + k", {array_arg("a", DType::Float32, {"16", "16"}),
                                                                   array_arg("out", DType::Float32, {"16", "16", "5"})});
  LoopKernel split = split_iname(reference, "i", 4);
  EXPECT_TRUE(split.parameters().empty());
  expect_matches_reference(split, reference, {});
}

// Class 13: split_iname of an iname that bounds a nested (triangular) domain.
TEST(LoopyClass13, SplitOfAnInameThatBoundsANestedDomain) {
  LoopKernel reference = make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<i}"}, "out[i] = sum(j, a[i, j])",
                                     {array_arg("a", DType::Float32, {"n", "n"}), array_arg("out", DType::Float32, {"n"})});
  for (const char* tag : {"", "g.0"}) {
    SCOPED_TRACE(tag);
    SplitOptions options;
    if (*tag != 0) options.outer_tag = tag;
    LoopKernel split = split_iname(reference, "i", 4, options);
    EXPECT_EQ(split.parameters(), std::vector<std::string>{"n"});
    for (int64_t n : {1, 2, 7}) expect_matches_reference(split, reference, {{"n", n}});
  }
}

// Class 15 (library side): a floating-point value argument takes the value given.
TEST(LoopyClass15, FloatingPointValueArgumentsTakeTheGivenValue) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "y[i] = alpha*x[i]",
                                  {array_arg("x, y", DType::Float32, {"n"}), value_arg("alpha", DType::Float32), value_arg("n")});
  CheckOptions options;
  options.values["alpha"] = 1.5;
  ArgumentMap arguments = make_test_arguments(kernel, {{"n", 4}}, options);
  EXPECT_EQ(std::get<double>(std::get<Scalar>(arguments.at("alpha"))), 1.5);
  expect_matches_reference(split_iname(kernel, "i", 2), kernel, {{"n", 4}}, options);
}

// Class 4: l.auto in a kernel without local axes leaves the fetch inames sequential (loopy's
// assign_automatic_axes), so they can still be joined.
TEST(LoopyClass04, AutoLocalTagWithoutLocalAxesStaysSequential) {
  LoopKernel matmul = test_kernels::matmul();
  LoopKernel kernel = split_iname(split_iname(matmul, "i", 4), "k", 4);
  kernel = add_prefetch(kernel, "a", {.sweep_inames = {"i_inner", "k_inner"}, .default_tag = "l.auto",
                                      .fetch_outer_inames = std::vector<std::string>{"i_outer", "j", "k_outer"}});
  EXPECT_EQ(kernel.tag_of("a_dim_0").kind, InameTag::Kind::Sequential);
  EXPECT_EQ(kernel.tag_of("a_dim_1").kind, InameTag::Kind::Sequential);
  LoopKernel joined = join_inames(kernel, {"a_dim_0", "a_dim_1"});
  for (int64_t n : {3, 8}) expect_matches_reference(joined, matmul, {{"n", n}});
}

// Class 5: ilp over a temporary written in parallel gets a copy per ilp iteration, in local
// memory too (loopy's test_ilp_write_race_avoidance_local: shape (16, 17)).
TEST(LoopyClass05, IlpCopiesOfALocalTemporary_OpenCL) {
  REQUIRE_OPENCL();
  LoopKernel reference = make_kernel({"{[i,j]: 0<=i<16 and 0<=j<17}"}, "<> a[i] = 5 + i + j {id=w}\nout[i, j] = a[i] {dep=w}",
                                     {array_arg("out", DType::Float32, {"16", "17"})});
  LoopKernel kernel = tag_inames(reference, "i:l.0, j:ilp");
  std::string source = generate_code(kernel, Target::OpenCL).source;
  // One copy per j, the ilp axis last as in loopy's shape (16, 17).
  EXPECT_TRUE(contains(source, "__local int32_t a[272]")) << source;
  EXPECT_TRUE(contains(source, "a[i * 17 + 1] = 5 + i + 1;")) << source;
  testing::expect_on_opencl(kernel, reference);
}

TEST(LoopyClass05, IlpCopiesOfAPrivateTemporary) {
  LoopKernel reference = make_kernel({"{[j]: 0<=j<16}"}, "<> a = 5 + j {id=w}\nout[j] = a {dep=w}",
                                     {array_arg("out", DType::Float32, {"16"})});
  LoopKernel kernel = tag_inames(reference, "j:ilp");
  std::string source = generate_code(kernel, Target::C).source;
  EXPECT_TRUE(contains(source, "a[16]")) << source;
  expect_matches_reference(kernel, reference, {});
}

// Class 11: realize_reduction is a transform.
TEST(LoopyClass11, RealizeReductionAsATransform) {
  LoopKernel matmul = test_kernels::matmul();
  LoopKernel realized = realize_reduction(matmul);
  std::string text = instructions_text(realized);
  EXPECT_FALSE(contains(text, "sum(")) << text;
  EXPECT_TRUE(contains(text, "acc_k")) << text;
  EXPECT_GE(realized.instructions.size(), 3u);
  for (int64_t n : {1, 6}) expect_matches_reference(realized, matmul, {{"n", n}});
  LoopKernel by_name = apply_transform(matmul, {"realize_reduction", {}});
  EXPECT_EQ(instructions_text(by_name), text);
  // A later transform addresses what the realization made: the accumulator gets a copy per j.
  LoopKernel split = split_iname(realized, "k", 4);
  expect_matches_reference(split, matmul, {{"n", 7}});
  std::string none = error_message<Error>([&] { realize_reduction(matmul, std::string("id:nothing")); });
  EXPECT_TRUE(contains(none, "realize_reduction(insn_id_filter=\"id:nothing\"): insn_id_filter 'id:nothing' selects "
                             "no instruction with a reduction"))
      << none;
}

// Class 19: precompute of a rule that reads a temporary written earlier in the same iteration
// (loopy issue #498): the copy is made after that writer.
TEST(LoopyClass19, PrecomputeAfterAnEarlierWriterInTheSameIteration) {
  // What assignment_to_subst("tmp1") makes of `<> tmp1 = 2*tmp0`, written directly.
  LoopKernel reference = make_kernel({"{[i]: 0<=i<n}"},
                                     "tmp1_subst(x) := 2*tmp0 + x\n"
                                     "<> tmp0 = a[i] {id=w0}\n"
                                     "out[i] = tmp1_subst(0) + 1 {id=r, dep=w0}",
                                     {array_arg("a, out", DType::Float32, {"n"})});
  LoopKernel kernel = precompute(reference, "tmp1_subst");
  const Instruction* copy = nullptr;
  for (const Instruction& instruction : kernel.instructions) {
    if (instruction.assignees.front()->name.rfind("tmp1_subst", 0) == 0) copy = &instruction;
  }
  ASSERT_NE(copy, nullptr) << instructions_text(kernel);
  EXPECT_EQ(copy->depends_on.count("w0"), 1u) << instructions_text(kernel);
  for (int64_t n : {1, 6}) expect_matches_reference(kernel, reference, {{"n", n}});
  // A writer after the use still makes the copy stale.
  LoopKernel later = make_kernel({"{[i]: 0<=i<n}"},
                                 "tmp1_subst(x) := 2*tmp0 + x\n"
                                 "<> tmp0 = a[i] {id=w0}\n"
                                 "out[i] = tmp1_subst(0) + 1 {id=r, dep=w0}\n"
                                 "tmp0 = 3 {id=w2, dep=r}",
                                 {array_arg("a, out", DType::Float32, {"n"})});
  std::string message = error_message<Error>([&] { precompute(later, "tmp1_subst"); });
  EXPECT_TRUE(contains(message, "a copy made ahead of use would be stale")) << message;
}

// Class 6: a reduction whose instruction's loops have non-constant extents and come after the
// reduction iname in the domain string (loopy's funny-shape matmul, {[i,k,j]}). The reduction's
// loop nests inside the instruction's loops, as loopy's scheduler nests it; before, k nested
// outside j and the accumulator asked for a copy per j ("its range is not constant").
TEST(LoopyClass06, ReductionNestsInsideItsInstructionsLoops) {
  LoopKernel ikj = make_kernel({"{[i,k,j]: 0<=i<n and 0<=k<m and 0<=j<ell}"}, "c[i, j] = sum(k, a[i, k]*b[k, j])",
                               {array_arg("a", DType::Float32, {"n", "m"}), array_arg("b", DType::Float32, {"m", "ell"}),
                                array_arg("c", DType::Float32, {"n", "ell"})});
  LoopKernel ijk = make_kernel({"{[i,j,k]: 0<=i<n and 0<=k<m and 0<=j<ell}"}, "c[i, j] = sum(k, a[i, k]*b[k, j])",
                               {array_arg("a", DType::Float32, {"n", "m"}), array_arg("b", DType::Float32, {"m", "ell"}),
                                array_arg("c", DType::Float32, {"n", "ell"})});
  std::string source = generate_code(ikj, Target::C).source;
  EXPECT_FALSE(contains(source, "acc_k[")) << source;  // one scalar accumulator, no copy per j
  expect_matches_reference(ikj, ijk, {{"n", 5}, {"m", 7}, {"ell", 3}});
  // The funny-shape recipe: the same nest, split and tiled.
  LoopKernel tiled = split_iname(ikj, "i", 4);
  tiled = split_iname(tiled, "j", 2);
  tiled = split_iname(tiled, "k", 3);
  expect_matches_reference(tiled, ijk, {{"n", 9}, {"m", 7}, {"ell", 5}});
  // A priority that moves the reduction outward still privatizes the accumulator (constant j).
  LoopKernel outward = prioritize_loops(make_kernel({"{[i,j,k]: 0<=i<n and 0<=k<m and 0<=j<4}"},
                                                    "c[i, j] = sum(k, a[i, k]*b[k, j])",
                                                    {array_arg("a", DType::Float32, {"n", "m"}),
                                                     array_arg("b", DType::Float32, {"m", "4"}),
                                                     array_arg("c", DType::Float32, {"n", "4"})}),
                                        "i, k, j");
  EXPECT_TRUE(contains(generate_code(outward, Target::C).source, "acc_k[")) << generate_code(outward, Target::C).source;
  expect_matches_reference(outward, ijk, {{"n", 3}, {"m", 5}, {"ell", 4}});
}

// Class 7: a substitution rule reducing over a domain iname, invoked without arguments (loopy's
// n-body `invdist := rsqrt(sum(k, axdist(k)**2))`); its body names the instruction's i and j,
// so split_iname("i") rewrites the rule body too (loopy's rule-aware substitution).
TEST(LoopyClass07, RuleReducingOverADomainIname) {
  const char* instructions =
      "axdist(k) := x[i,k]-x[j,k]\n"
      "invdist := rsqrt(sum(k, axdist(k)**2))\n"
      "pot[i] = sum(j, if(i != j, invdist, 0))";
  LoopKernel reference = make_kernel({"{[i,j,k]: 0<=i,j<N and 0<=k<3}"}, instructions,
                                     {array_arg("x", DType::Float32, {"N", "3"}), array_arg("pot", DType::Float32, {"N"})},
                                     {.assumptions = "N >= 1"});
  LoopKernel expanded = make_kernel({"{[i,j,k]: 0<=i,j<N and 0<=k<3}"},
                                    "pot[i] = sum(j, if(i != j, rsqrt(sum(k, (x[i,k]-x[j,k])**2)), 0))",
                                    {array_arg("x", DType::Float32, {"N", "3"}), array_arg("pot", DType::Float32, {"N"})},
                                    {.assumptions = "N >= 1"});
  expect_matches_reference(reference, expanded, {{"N", 7}});
  SplitOptions slabs;
  slabs.slabs = {0, 1};
  LoopKernel split = split_iname(split_iname(reference, "i", 4, slabs), "j", 4, slabs);
  for (int64_t n : {1, 7, 9}) expect_matches_reference(split, reference, {{"N", n}});
  // A footprint subscript written against the unsplit kernel names i (loopy's
  // applied_iname_rewrites): x[i,k] is x[4*i_outer + i_inner, k].
  PrefetchOptions fetch;
  fetch.sweep_inames = {"k"};
  LoopKernel fetched = add_prefetch(split_iname(expand_subst(reference), "i", 4), "x[i,k]", fetch);
  EXPECT_NE(fetched.find_temporary("x_fetch"), nullptr);
  expect_matches_reference(fetched, reference, {{"N", 9}});
  // Inside a rule, the check for a reduction over the instruction's own iname applies at the
  // rule's use: here `sum(k, ...)` inside a loop over k is still refused.
  std::string message = error_message<Error>([&] {
    make_kernel({"{[i,k]: 0<=i<4 and 0<=k<3}"}, "s := sum(k, a[k])\nout[i, k] = s",
                {array_arg("a", DType::Float32, {"3"}), array_arg("out", DType::Float32, {"4", "3"})});
  });
  EXPECT_TRUE(contains(message, "a substitution rule it invokes reduces over 'k' inside the instruction's loop over 'k'"))
      << message;
}

// Class 8: precompute of a rule that invokes another rule (loopy's test_precompute_nested_subst):
// the temporary's type comes from the expansion of the invocation.
TEST(LoopyClass08, PrecomputeOfANestedRuleInfersItsType) {
  LoopKernel reference = make_kernel({"{[i]: 0<=i<n}"}, "E := a[i]\nD := E*E\nb[i] = D",
                                     {array_arg("a, b", DType::Float32, {"n"})});
  SplitOptions split;
  split.inner_tag = "l.0";
  split.outer_tag = "g.0";
  PrecomputeOptions options;
  options.sweep_inames = {"i_inner"};
  LoopKernel kernel = precompute(split_iname(reference, "i", 8, split), "D", options);
  for (int64_t n : {1, 13}) expect_matches_reference(kernel, reference, {{"n", n}});
}

}  // namespace
}  // namespace loom
