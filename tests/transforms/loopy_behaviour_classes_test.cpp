// Issue 23's behaviour classes: recipes loopy 2025.2 accepts and runs that loom refused or got
// wrong. Each test is named after its class (LoopyClassNN) and fails without the fix: results
// against the untransformed kernel on the C target, or the message a refusal must give.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <tuple>

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

// Class 3: an array of shape auto that is never subscripted has shape () (loopy's
// test_arg_shape_guessing); one subscripted elsewhere keeps the refusal.
TEST(LoopyClass03, ShapeAutoWithoutSubscriptIsAScalarArray) {
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i,j<n}"}, "a = 1.5 + sum((i,j), i*j)\nb[i, j] = i*j",
                                  {array_arg("a, b", DType::Float32, {"auto"}), value_arg("n", DType::Int32)},
                                  {.assumptions = "n>=1"});
  EXPECT_TRUE(kernel.find_arg("a")->shape.empty());
  EXPECT_EQ(kernel.find_arg("b")->shape.size(), 2u);
  Array a(DType::Float32, {}), b(DType::Float32, {3, 3});
  compile(kernel)({{"a", a}, {"b", b}, {"n", Scalar(int64_t{3})}});
  EXPECT_EQ(a.get_double(0), 10.5);  // 1.5 + (0 + 1 + 2)**2
  std::string mixed = error_message<Error>([] {
    make_kernel({"{[i]: 0<=i<n}"}, "a[i] = 1\nb[i] = a", {array_arg("a, b", DType::Float32, {"auto"})});
  });
  EXPECT_TRUE(contains(mixed, "array 'a' is used without a subscript")) << mixed;
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

// loopy's test_emits_ternary_operators_correctly: a floating-point condition of `if(c, a, b)`
// (Python's `a if c else b`) is compared with zero; OpenCL C refused it in `?:` as it was.
TEST(LoopyClass03, FloatingPointConditionOfATernary_OpenCL) {
  REQUIRE_OPENCL();
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = if(a[i] - 0.5f, 1.0f, 2.0f) + if(i, 3, 4)",
                                  {array_arg("a, out", DType::Float32, {"n"})});
  std::string source = generate_code(kernel, Target::OpenCL).source;
  EXPECT_TRUE(contains(source, "!= 0.0f ?")) << source;
  testing::expect_on_opencl(kernel, kernel, {{"n", 9}});
}

// loopy's test_tuple: `a, b = make_tuple(x, y)` assigns each value to its own assignee; what
// depended on the instruction depends on every part.
TEST(LoopyClass03, MakeTupleAssignsEachValue) {
  std::vector<KernelArgument> args = {array_arg("x, a, b, out", DType::Float32, {"n"})};
  LoopKernel tuple = make_kernel({"{[i]: 0<=i<n}"},
                                 "a[i], b[i] = make_tuple(2*x[i], x[i] + 1) {id=t}\nout[i] = a[i]*b[i] {dep=t}", args);
  ASSERT_EQ(tuple.instructions.size(), 3u);
  EXPECT_EQ(tuple.instructions[1].id, "t_1");
  EXPECT_EQ(tuple.instructions[2].depends_on, (std::set<std::string>{"t", "t_1"}));
  LoopKernel separate = make_kernel({"{[i]: 0<=i<n}"}, "a[i] = 2*x[i] {id=t}\nb[i] = x[i] + 1 {id=u}\nout[i] = a[i]*b[i] {dep=t:u}",
                                    args);
  expect_matches_reference(tuple, separate, {{"n", 7}});
  std::string count = error_message<Error>([&] { make_kernel({"{[i]: 0<=i<n}"}, "a[i], b[i] = make_tuple(x[i])", args); });
  EXPECT_TRUE(contains(count, "make_tuple has 1 values for 2 assignees")) << count;
}

// Class 17, loopy's test_prefetch_to_same_temp_var: two fetches of the same values into one
// temporary need not wait for each other's readers, so loopy's extra dependencies close no cycle.
// Fetches of different values still do, and the cycle names the overwrite that causes it.
TEST(LoopyClass17, SecondFetchOfTheSameValuesIntoOneTemporary) {
  auto kernel_reading = [](const std::string& second_read) {
    return make_kernel({"{[i0, i1, j0, j1]: 0<=i0, i1<7 and 0<=j0, j1<5}"},
                       "y0[i0] = sum(j0, A[j0]*x0[i0, j0])\ny1[i1] = sum(j1, " + second_read + "*x1[i1, j1])",
                       {array_arg("A", DType::Float64, {"6"}), array_arg("x0, x1", DType::Float64, {"7", "5"}),
                        array_arg("y0, y1", DType::Float64, {"7"})});
  };
  auto fetch_twice = [](const LoopKernel& reference) {
    LoopKernel kernel = add_prefetch(reference, "A", {.sweep_inames = {"j0"}, .temporary_name = "A_fetch",
                                                      .prefetch_insn_id = "first_fetch", .within = "iname:i0"});
    return add_prefetch(kernel, "A", {.sweep_inames = {"j1"}, .temporary_name = "A_fetch",
                                      .prefetch_insn_id = "second_fetch", .within = "iname:i1"});
  };
  LoopKernel reference = kernel_reading("A[j1]");
  LoopKernel kernel = fetch_twice(reference);
  kernel = add_dependency(kernel, "writes:y1 or writes:y0", "id:second_fetch or id:first_fetch");
  kernel = add_dependency(kernel, "id:first_fetch", "id:second_fetch");
  expect_matches_reference(kernel, reference, {});
  // Other values (A[j1 + 1]): the second copy waits for the first one's reader, and making that
  // reader wait for the second copy is a cycle that says why.
  LoopKernel shifted = fetch_twice(kernel_reading("A[j1 + 1]"));
  EXPECT_EQ(shifted.find_instruction("second_fetch")->depends_on.count("insn"), 1u) << instructions_text(shifted);
  std::string message = error_message<Error>([&] { add_dependency(shifted, "writes:y0", "id:second_fetch"); });
  EXPECT_TRUE(contains(message, "dependency cycle: ")) << message;
  EXPECT_TRUE(contains(message, "'second_fetch' depends on 'insn' because it overwrites 'A_fetch', which 'insn' reads"))
      << message;
}

// Class 18 (loopy's test_domain_dependency_via_existentially_quantified_variable): an instruction
// whose inames are inferred runs in the outer inames its domains name as parameters, as loopy's
// find_all_insn_inames adds them. Inames given explicitly are not extended (and refused).
TEST(LoopyClass18, InferredInamesIncludeThoseBoundingTheirDomains) {
  std::vector<KernelArgument> args = {array_arg("a, b", DType::Float32, {"n"})};
  LoopKernel nested = make_kernel({"{[i]: 0<=i<n}", "{[k]: k=i and (exists l: k = 2*l)}"},
                                  "a[i] = 5 {id=set}\nb[k] = 6 {dep=set}", args, {.assumptions = "n >= 1"});
  EXPECT_EQ(nested.instructions[1].within_inames, (std::set<std::string>{"i", "k"}));
  LoopKernel flat = make_kernel({"{[i]: 0<=i<n}", "{[i2, k]: 0<=i2<n and k=i2 and (exists l: k = 2*l)}"},
                                "a[i] = 5 {id=set}\nb[k] = 6 {dep=set}", args, {.assumptions = "n >= 1"});
  for (int64_t n : {1, 10}) expect_matches_reference(nested, flat, {{"n", n}});
  std::string explicit_inames = error_message<Error>([&] {
    LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}", "{[k]: k=i and (exists l: k = 2*l)}"},
                                    "a[i] = 5 {id=set}\nb[k] = 6 {dep=set, inames=k}", args);
    generate_code(kernel, Target::C);
  });
  EXPECT_TRUE(contains(explicit_inames, "runs in iname 'k', whose bounds depend on iname 'i'")) << explicit_inames;
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
// Class 10: add_prefetch with its address space left open (loopy's temporary_address_space=None,
// the spec form without the key) decides it from the copy as loopy does: a copy that runs under
// l.N inames without storing along them is private (each work-item its own), not a local
// temporary that every work-item along the axis would write. Asked for local, it is refused.
TEST(LoopyClass10, PrefetchWithoutLocalStorageInamesIsPrivate_OpenCL) {
  REQUIRE_OPENCL();
  // loopy's test_rank_one, variant 2: the fetches of a and b are one element per work-item.
  LoopKernel reference = make_kernel({"{[i,j]: 0<=i,j<n}"}, "c[i, j] = a[i]*b[j]",
                                     {array_arg("a, b", DType::Float32, {"n"}), array_arg("c", DType::Float32, {"n", "n"})},
                                     {.assumptions = "n >= 16"});
  LoopKernel kernel = split_iname(reference, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "j", 16, {.outer_tag = "g.1", .inner_tag = "l.1"});
  const std::vector<std::string> all = {"i_outer", "i_inner", "j_outer", "j_inner"};
  LoopKernel fetched = apply_transform(kernel, {"add_prefetch", {{"var_name", std::string("a")}, {"fetch_outer_inames", all}}});
  fetched = apply_transform(fetched, {"add_prefetch", {{"var_name", std::string("b")}, {"fetch_outer_inames", all}}});
  std::string source = generate_code(fetched, Target::OpenCL).source;
  EXPECT_FALSE(contains(source, "__local")) << source;
  testing::expect_on_opencl(fetched, reference, {{"n", 64}});
  testing::expect_on_opencl(fetched, reference, {{"n", 37}});
  // Asked for local memory, the same copy is a write race along l.1 (l.0).
  std::string race = error_message<Error>([&] {
    apply_transform(kernel, {"add_prefetch", {{"var_name", std::string("a")},
                                              {"fetch_outer_inames", all},
                                              {"temporary_address_space", std::string("local")}}});
  });
  EXPECT_TRUE(contains(race, "would fill temporary 'a_fetch' in local memory within iname")) << race;
  EXPECT_TRUE(contains(race, "(a write race)")) << race;
  // A copy that stores along every l.N iname it runs under stays local (loopy's rule too).
  LoopKernel vector = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*a[i]",
                                  {array_arg("a, out", DType::Float32, {"n"})}, {.assumptions = "n >= 1"});
  LoopKernel tiled = split_iname(vector, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  tiled = apply_transform(tiled, {"add_prefetch", {{"var_name", std::string("a")},
                                                   {"sweep_inames", std::vector<std::string>{"i_inner"}},
                                                   {"default_tag", std::string("l.auto")}}});
  std::string tiled_source = generate_code(tiled, Target::OpenCL).source;
  EXPECT_TRUE(contains(tiled_source, "__local")) << tiled_source;
  testing::expect_on_opencl(tiled, vector, {{"n", 40}});
}

// Class 10, loopy's test_rank_one variant 3: a fetch asked for in local memory under an l.N iname
// it neither stores along nor reads (fetch_outer_inames names j_inner, l.1, for a[i]) is filled by
// the work-items at j_inner == 0 only; every other one reads it after the local barrier. It was
// refused as a write race (every work-item along l.1 writing the same element); loopy lets it
// through with a warning and all of them write. A fetch whose value does depend on that iname stays
// a refused race.
TEST(LoopyClass10, LocalFetchUnderAnUnusedLocalAxisIsFilledByOneRow_OpenCL) {
  REQUIRE_OPENCL();
  LoopKernel reference = make_kernel({"{[i,j]: 0<=i,j<n}"}, "c[i, j] = a[i]*b[j]",
                                     {array_arg("a, b", DType::Float32, {"n"}), array_arg("c", DType::Float32, {"n", "n"})},
                                     {.assumptions = "n >= 16"});
  LoopKernel kernel = split_iname(reference, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  kernel = split_iname(kernel, "j", 16, {.outer_tag = "g.1", .inner_tag = "l.1"});
  const std::vector<std::string> outer = {"i_outer", "j_outer", "j_inner"};
  auto fetch = [&](const LoopKernel& from, const std::string& name, const std::string& sweep) {
    return apply_transform(from, {"add_prefetch", {{"var_name", name},
                                                   {"sweep_inames", std::vector<std::string>{sweep}},
                                                   {"fetch_outer_inames", outer},
                                                   {"temporary_address_space", std::string("local")},
                                                   {"default_tag", std::string("l.auto")}}});
  };
  LoopKernel fetched = fetch(fetch(kernel, "a", "i_inner"), "b", "j_inner");
  std::string source = generate_code(fetched, Target::OpenCL).source;
  EXPECT_TRUE(contains(source, "__local float a_fetch[16]")) << source;
  EXPECT_TRUE(contains(source, "j_inner == 0")) << source;
  testing::expect_on_opencl(fetched, reference, {{"n", 64}});
  testing::expect_on_opencl(fetched, reference, {{"n", 37}});
  // c[i, j] = a[i + j]: the copy of a along i_inner differs per j_inner, so one row cannot fill it.
  LoopKernel shifted = make_kernel({"{[i,j]: 0<=i,j<n}"}, "c[i, j] = a[i + j]",
                                   {array_arg("a", DType::Float32, {"2*n"}), array_arg("c", DType::Float32, {"n", "n"})},
                                   {.assumptions = "n >= 16"});
  shifted = split_iname(shifted, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  shifted = split_iname(shifted, "j", 16, {.outer_tag = "g.1", .inner_tag = "l.1"});
  std::string race = error_message<Error>([&] { fetch(shifted, "a", "i_inner"); });
  EXPECT_TRUE(contains(race, "within iname 'j_inner' (l.1), which its index does not use")) << race;
  EXPECT_TRUE(contains(race, "(a write race)")) << race;
}

// Class 12, register tiles: with i and j split onto ilp (a 4x4 tile) and k split by 8, loom opened
// one k_inner loop per ilp copy (16 loops, each updating one accumulator). loopy unrolls ilp
// copies in place, inside the instruction's loops: one k_outer/k_inner nest whose body updates all
// 16 accumulators. A reduction whose bound is privatized per copy keeps a loop per copy
// (LoopyClass21).
TEST(LoopyClass12, IlpCopiesShareOneReductionLoop) {
  LoopKernel reference = test_kernels::matmul();
  LoopKernel tiled = split_iname(reference, "i", 4, {.inner_tag = "ilp"});
  tiled = split_iname(tiled, "j", 4, {.inner_tag = "ilp"});
  tiled = split_iname(tiled, "k", 8);
  std::string source = generate_code(tiled, Target::C).source;
  auto count = [&](const std::string& text) {
    std::size_t n = 0;
    for (std::size_t at = source.find(text); at != std::string::npos; at = source.find(text, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("for (int32_t k_inner"), 1u) << source;
  EXPECT_EQ(count("for (int32_t k_outer"), 1u) << source;
  EXPECT_TRUE(contains(source, "[16]")) << source;  // one accumulator per copy
  for (int64_t n : {4, 13, 16}) expect_matches_reference(tiled, reference, {{"n", n}});
}

// Class 12, redundant barriers: loopy's convolution (examples/memory/convolution.json) ran 7
// barriers per image where loopy runs 6, and one more before the image loop: one after the filter
// fetch (its reads come only after the barrier that orders the image fetch in every icolor
// iteration) and one at the top of each image (only the private accumulator's init lies between
// it and the icolor loop's own). A barrier before a loop is needed only for what an iteration can
// run before the loop's own first barrier. Now the two barriers of each icolor iteration are all:
// 2 in the source, 3 colours, 6 per image.
TEST(LoopyClass12, ConvolutionRunsLoopysSixBarriersPerImage_OpenCL) {
  std::ifstream file(std::string(LOOM_SOURCE_DIR) + "/examples/memory/convolution.json");
  std::stringstream text;
  text << file.rdbuf();
  Spec spec = read_spec(text.str());
  std::string source = generate_code(spec.kernel, Target::OpenCL).source;
  auto count = [](const std::string& in, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = in.find(what); at != std::string::npos; at = in.find(what, at + 1)) ++n;
    return n;
  };
  std::size_t icolor = source.find("for (int32_t icolor");
  ASSERT_NE(icolor, std::string::npos) << source;
  EXPECT_EQ(count(source, "barrier("), 2u) << source;
  EXPECT_EQ(count(source.substr(0, icolor), "barrier("), 0u) << source;
  // CUDA versions the image loop (two copies of the icolor loop): no barrier before the first.
  std::string cuda = generate_code(spec.kernel, Target::CUDA).source;
  EXPECT_EQ(count(cuda.substr(0, cuda.find("for (int32_t icolor")), "__syncthreads()"), 0u) << cuda;
  REQUIRE_OPENCL();
  for (auto [w, h, images] : {std::tuple{20, 7, 1}, {16, 16, 2}, {33, 9, 0}}) {
    testing::expect_on_opencl(spec.kernel, spec.reference,
                              {{"f_w", 3}, {"ncolors", 3}, {"im_w", w}, {"im_h", h}, {"nfeats", 2}, {"nimgs", images}});
  }
}

// Class 16: a 3-D stencil over the interior in 32x4 work-groups, with a bounding-box prefetch of
// its input sweeping j_inner and k_inner (i on g.2, or a sequential loop) ended in an internal
// error ("isl NULL input", exit 4). It runs now (the per-axis box of issue 26): three planes of
// (4 + 2) x (32 + 2) elements per work-group, checked against the untransformed kernel.
TEST(LoopyClass16, BoundingBoxPrefetchOfA3dStencil_OpenCL) {
  REQUIRE_OPENCL();
  LoopKernel reference = make_kernel(
      {"{[i,j,k]: 1<=i,j,k<n-1}"},
      "z[i, j, k] = -6*a[i, j, k] + a[i-1, j, k] + a[i+1, j, k] + a[i, j-1, k] + a[i, j+1, k] + a[i, j, k-1] + "
      "a[i, j, k+1]",
      {array_arg("a, z", DType::Float32, {"n", "n", "n"})});
  LoopKernel tiled = split_iname(reference, "k", 32, {.outer_tag = "g.0", .inner_tag = "l.0"});
  tiled = split_iname(tiled, "j", 4, {.outer_tag = "g.1", .inner_tag = "l.1"});
  for (bool i_on_g2 : {true, false}) {
    LoopKernel kernel = i_on_g2 ? tag_inames(tiled, "i:g.2") : tiled;
    kernel = add_prefetch(kernel, "a", {.sweep_inames = {"j_inner", "k_inner"}, .default_tag = "l.auto", .fetch_bounding_box = true});
    const Temporary* tile = kernel.find_temporary("a_fetch");
    ASSERT_NE(tile, nullptr);
    ASSERT_EQ(tile->shape.size(), 3u);
    EXPECT_EQ(to_string(tile->shape[0]), "3");
    EXPECT_EQ(to_string(tile->shape[1]), "6");
    EXPECT_EQ(to_string(tile->shape[2]), "34");
    for (int64_t n : {3, 11}) testing::expect_on_opencl(kernel, reference, {{"n", n}});
  }
}

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

// Class 19, loopy's test_prefetch_local_into_private: a fetch of a fetch. The second copy reads
// the first one's temporary, whose writer runs in loops of its own (the first sweep) that no use
// runs in: it completes before the second copy, which is made after it.
TEST(LoopyClass19, PrefetchOfATemporaryFilledByAnEarlierFetch) {
  LoopKernel reference = make_kernel({"{[k,i,j]: 0<=k<8 and 0<=i<6 and 0<=j<5}"}, "result[i,k] = sum(j, mat[i, j]*vec[j, k])",
                                     {array_arg("result", DType::Float32, {"6", "8"}),
                                      array_arg("mat", DType::Float32, {"6", "5"}),
                                      array_arg("vec", DType::Float32, {"5", "8"})});
  LoopKernel kernel = prioritize_loops(reference, "i, k, j");
  kernel = add_prefetch(kernel, "mat", {.sweep_inames = {"i", "j"}, .default_tag = "for", .temporary_name = "s_mat"});
  kernel = add_prefetch(kernel, "s_mat", {.sweep_inames = {"j"}, .default_tag = "for", .temporary_name = "p_mat"});
  const Instruction* second = kernel.find_instruction("s_mat_fetch_rule");
  ASSERT_NE(second, nullptr) << instructions_text(kernel);
  EXPECT_EQ(second->depends_on.count("mat_fetch_rule"), 1u) << instructions_text(kernel);
  expect_matches_reference(kernel, reference, {});
  expect_matches_reference(kernel, reference, {}, {.target = Target::OpenCL});
  // A writer that shares a swept loop with the use is still refused: a later iteration of that
  // loop would write after the copy was made.
  LoopKernel rolling = make_kernel({"{[i,j]: 0<=i<4 and 0<=j<6}"},
                                   "<float32> t[j] = a[i, j] {id=w}\nout[i, j] = t[j] + t[5 - j] {id=r, dep=w}",
                                   {array_arg("a, out", DType::Float32, {"4", "6"})});
  std::string message = error_message<Error>([&] {
    add_prefetch(rolling, "t", {.sweep_inames = {"j"}, .default_tag = "for", .fetch_outer_inames = std::vector<std::string>{"i"}});
  });
  EXPECT_TRUE(contains(message, "a copy made ahead of use would be stale")) << message;
}

// Class 6, loopy's test_ilp_loop_bound: prioritize_loops("j, i, k") on out[i, k] = sum(j, ...)
// with i and k of extent n, then k split by 4 with k_inner on ilp. The priority puts the reduction
// loop j outside i, so the accumulator would need a copy per i (parametric): prioritize_loops
// refused it ("its range is not constant"). As loopy's scheduler, loom gives that priority up for
// j: j nests inside i and k_outer, the accumulator has one copy per ilp lane (acc_j[4]).
TEST(LoopyClass06, PriorityThatWouldNeedAParametricAccumulatorYields) {
  LoopKernel reference = make_kernel({"{[i,j,k]: 0<=i,j,k<n}"}, "out[i, k] = sum(j, a[i, j]*b[j, k])",
                                     {array_arg("a, b, out", DType::Float32, {"n", "n"})}, {.assumptions = "n >= 1"});
  LoopKernel kernel = prioritize_loops(reference, "j, i, k");
  kernel = split_iname(kernel, "k", 4, {.inner_tag = "ilp"});
  std::string source = generate_code(kernel, Target::C).source;
  EXPECT_TRUE(contains(source, "float acc_j[4];")) << source;
  EXPECT_LT(source.find("for (int32_t i"), source.find("for (int32_t j")) << source;
  for (int64_t n : {1, 7, 50}) expect_matches_reference(kernel, reference, {{"n", n}});
  // Where the copies fit (i and k of constant extent), the priority holds: j outside i, one
  // accumulator per (i, k_outer, k_inner).
  LoopKernel small = make_kernel({"{[i,j,k]: 0<=i,k<8 and 0<=j<n}"}, "out[i, k] = sum(j, a[i, j]*b[j, k])",
                                 {array_arg("a", DType::Float32, {"8", "n"}), array_arg("b", DType::Float32, {"n", "8"}),
                                  array_arg("out", DType::Float32, {"8", "8"})},
                                 {.assumptions = "n >= 1"});
  LoopKernel kept = split_iname(prioritize_loops(small, "j, i, k"), "k", 4, {.inner_tag = "ilp"});
  std::string kept_source = generate_code(kept, Target::C).source;
  EXPECT_TRUE(contains(kept_source, "float acc_j[64];")) << kept_source;
  for (int64_t n : {3, 9}) expect_matches_reference(kept, small, {{"n", n}});
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
