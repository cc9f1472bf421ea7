// precompute (issue 10): substitution-rule invocations evaluated over a footprint into a
// temporary. Every transformed kernel is run and compared with the untransformed one (C target;
// OpenCL/PoCL when it uses local memory and l.N inames) at sizes that do and do not divide the
// tiles; refusals assert their message.
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/host_opencl.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::have_opencl;
using testing::count;

using testing::error_message;
using testing::expect_matches_reference;

// loopy's test_fd_1d: a first difference through a precomputed tile of u.
LoopKernel finite_difference() {
  return make_kernel({"{[i]: 0<=i<n}"}, "result[i] = u[i + 1] - u[i]",
                     {array_arg("u", DType::Float32, {"n + 1"}), array_arg("result", DType::Float32, {"n"}), value_arg("n")},
                     {.name = "fd"});
}

LoopKernel with_rule(const LoopKernel& kernel) {
  return extract_subst(split_iname(kernel, "i", 16), "u_acc", "u[j]", {"j"});
}

const Temporary* temporary_named(const LoopKernel& kernel, const std::string& name) {
  const Temporary* temporary = kernel.find_temporary(name);
  EXPECT_NE(temporary, nullptr) << name;
  return temporary;
}

TEST(PrecomputeTest, FiniteDifferenceTileOfSeventeen) {
  LoopKernel kernel = precompute(with_rule(finite_difference()), "u_acc", {.sweep_inames = {"i_inner"}, .default_tag = "for"});
  const Temporary* tile = temporary_named(kernel, "u_acc_0");
  ASSERT_NE(tile, nullptr);
  ASSERT_EQ(tile->shape.size(), 1u);
  EXPECT_EQ(to_string(tile->shape[0]), "17");
  ASSERT_NE(kernel.find_instruction("u_acc"), nullptr);
  EXPECT_EQ(kernel.substitutions.count("u_acc"), 0u) << "every invocation was replaced";
  for (int64_t n : {1, 7, 13, 16, 33}) expect_matches_reference(kernel, finite_difference(), {{"n", n}});
}

TEST(PrecomputeTest, NamesTemporaryInstructionAndInames) {
  LoopKernel kernel = precompute(with_rule(finite_difference()), "u_acc",
                                 {.sweep_inames = {"i_inner"}, .temporary_name = "tile", .precompute_inames = {"t"},
                                  .compute_insn_id = "fill"});
  const Instruction* fill = kernel.find_instruction("fill");
  ASSERT_NE(fill, nullptr);
  EXPECT_EQ(fill->within_inames, (std::set<std::string>{"i_outer", "t"}));
  EXPECT_EQ(to_string(fill->assignees[0]), "tile[t]");
  for (int64_t n : {2, 17, 31}) expect_matches_reference(kernel, finite_difference(), {{"n", n}});
}

TEST(PrecomputeTest, ReusesAnInameWhoseDomainMatches) {
  LoopKernel reference = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 3*a[i]",
                                     {array_arg("a, out", DType::Float32, {"n"}), value_arg("n")}, {.name = "scale"});
  LoopKernel kernel = extract_subst(split_iname(reference, "i", 16), "f", "a[x]", {"x"});
  kernel = precompute(kernel, "f", {.sweep_inames = {"i_inner"}, .precompute_inames = {"i_inner"}});
  EXPECT_EQ(kernel.find_instruction("f")->within_inames, (std::set<std::string>{"i_outer", "i_inner"}));
  for (int64_t n : {1, 16, 23}) expect_matches_reference(kernel, reference, {{"n", n}});
}

TEST(PrecomputeTest, ReusingAnInameWhoseDomainDoesNotMatchIsRefused) {
  std::string message = error_message<Error>([&] {
    precompute(with_rule(finite_difference()), "u_acc", {.sweep_inames = {"i_inner"}, .precompute_inames = {"i_inner"}});
  });
  EXPECT_NE(message.find("precompute: cannot reuse iname 'i_inner' for storage axis 'j': its domain (0 <= i_inner < 16) "
                         "does not match the axis (0 <= i_inner < 17)"),
            std::string::npos)
      << message;
}

TEST(PrecomputeTest, UnknownRuleAndSweepInameAreRefused) {
  std::string rule = error_message<Error>([&] { precompute(with_rule(finite_difference()), "u_ac", {.sweep_inames = {"i_inner"}}); });
  EXPECT_NE(rule.find("precompute: unknown substitution rule 'u_ac' (the kernel's rules: u_acc)"), std::string::npos) << rule;
  std::string iname = error_message<Error>([&] { precompute(with_rule(finite_difference()), "u_acc", {.sweep_inames = {"q"}}); });
  EXPECT_NE(iname.find("precompute: unknown iname 'q'"), std::string::npos) << iname;
  std::string unused = error_message<Error>([&] { precompute(with_rule(finite_difference()), "u_acc", {.sweep_inames = {"i_outer", "i_inner"}, .precompute_outer_inames = std::vector<std::string>{}}); });
  EXPECT_NE(unused.find("no bounding box of constant size"), std::string::npos) << unused;
}

// Rules invoking rules: the outer one first (its compute instruction then invokes the inner one,
// which is precomputed over the new iname), and the inner one alone (inside the outer's body).
LoopKernel nested_rules() {
  return make_kernel({"{[i]: 0<=i<n}"},
                     "E(x) := a[x]\n"
                     "D(x) := E(x)*E(x) + 1\n"
                     "b[i] = D(i) + D(i + 1)",
                     {array_arg("a", DType::Float32, {"n + 1"}), array_arg("b", DType::Float32, {"n"}), value_arg("n")},
                     {.name = "nested"});
}

TEST(PrecomputeTest, NestedRulesOuterThenInner) {
  LoopKernel kernel = split_iname(nested_rules(), "i", 8);
  kernel = precompute(kernel, "D", {.sweep_inames = {"i_inner"}, .precompute_inames = {"dx"}});
  ASSERT_EQ(kernel.substitutions.count("E"), 1u);
  kernel = precompute(kernel, "E", {.sweep_inames = {"dx"}, .precompute_inames = {"ex"}});
  EXPECT_EQ(kernel.substitutions.size(), 0u);
  EXPECT_NE(kernel.find_temporary("E_0"), nullptr);
  for (int64_t n : {1, 8, 11, 29}) expect_matches_reference(kernel, nested_rules(), {{"n", n}});
}

TEST(PrecomputeTest, NestedRuleInsideAnotherRule) {
  LoopKernel kernel = precompute(split_iname(nested_rules(), "i", 8), "E", {.sweep_inames = {"i_inner"}});
  EXPECT_EQ(to_string(kernel.find_temporary("E_0")->shape[0]), "9");
  for (int64_t n : {1, 8, 13}) expect_matches_reference(kernel, nested_rules(), {{"n", n}});
}

// A rule whose body reads an iname it does not take as a parameter (loopy's test_poisson_fem:
// dpsi's body reads DFinv[c, ...]) is evaluated anew in each iteration of that iname's loop.
TEST(PrecomputeTest, AnInameTheRuleBodyReadsIsAnOuterIname) {
  LoopKernel reference =
      make_kernel({"{[c,i,l]: 0<=c<m and 0<=i<8 and 0<=l<3}"}, "f(x) := sum(l, a[c, x] + l)\nout[c, i] = f(i)",
                  {array_arg("a, out", DType::Float32, {"m", "8"})}, {.name = "rowwise"});
  LoopKernel kernel = precompute(reference, "f", {.sweep_inames = {"i"}});
  const Instruction* compute = kernel.find_instruction("f");
  ASSERT_NE(compute, nullptr);
  EXPECT_EQ(compute->within_inames.count("c"), 1u) << to_string(kernel);
  EXPECT_EQ(compute->within_inames.count("l"), 0u) << "l is the body's own reduction iname";
  for (int64_t m : {1, 3, 4}) expect_matches_reference(kernel, reference, {{"m", m}});
}

TEST(PrecomputeTest, StorageAxesOrderAndTags) {
  // A 2-D rule stored transposed (storage_axes), one storage iname tagged by storage_axis_to_tag.
  LoopKernel reference = make_kernel({"{[i,j]: 0<=i<n and 0<=j<m}"}, "out[i, j] = 2*a[i, j]",
                                     {array_arg("a, out", DType::Float32, {"n", "m"})}, {.name = "twod"});
  LoopKernel kernel = extract_subst(split_iname(split_iname(reference, "i", 4), "j", 8), "g", "a[p, q]", {"p", "q"});
  kernel = precompute(kernel, "g",
                      {.sweep_inames = {"i_inner", "j_inner"}, .storage_axes = std::vector<std::string>{"q", "p"},
                       .storage_axis_to_tag = {{"p", "unr"}}});
  EXPECT_EQ(to_string(kernel.find_instruction("g")->assignees[0]), "g_0[q, p]");
  EXPECT_EQ(to_string(kernel.find_temporary("g_0")->shape[0]) + "x" + to_string(kernel.find_temporary("g_0")->shape[1]), "8x4");
  EXPECT_EQ(to_string(kernel.tag_of("p")), "unr");
  for (auto [n, m] : {std::pair{1, 1}, {4, 8}, {7, 13}}) expect_matches_reference(kernel, reference, {{"n", n}, {"m", m}});
  std::string message = error_message<Error>([&] {
    precompute(extract_subst(split_iname(split_iname(reference, "i", 4), "j", 8), "g", "a[p, q]", {"p", "q"}), "g",
               {.sweep_inames = {"i_inner", "j_inner"}, .storage_axes = std::vector<std::string>{"q"}});
  });
  EXPECT_NE(message.find("precompute: storage axis 'p' has length 4 but storage_axes leaves it out"), std::string::npos) << message;
}

TEST(PrecomputeTest, ExistingTemporaryIsReusedAndGrown) {
  LoopKernel kernel = precompute(with_rule(finite_difference()), "u_acc",
                                 {.sweep_inames = {"i_inner"}, .temporary_name = "tile", .default_tag = "for"});
  EXPECT_EQ(to_string(kernel.find_temporary("tile")->shape[0]), "17");
  // A second rule precomputed into the same temporary: rank checked, shape kept as the maximum.
  LoopKernel twice = make_kernel({"{[i]: 0<=i<n}"}, "p[i] = u[i + 1] - u[i] {id=first}\nq[i] = 3*v[i] {id=second}",
                                 {array_arg("u, v", DType::Float32, {"n + 1"}), array_arg("p, q", DType::Float32, {"n"}),
                                  value_arg("n")},
                                 {.name = "twice"});
  LoopKernel split = split_iname(twice, "i", 16);
  split = extract_subst(extract_subst(split, "u_acc", "u[j]", {"j"}), "v_acc", "v[j]", {"j"});
  split = precompute(split, "u_acc", {.sweep_inames = {"i_inner"}, .temporary_name = "tile"});
  split = precompute(split, "v_acc", {.sweep_inames = {"i_inner"}, .temporary_name = "tile"});
  EXPECT_EQ(split.temporaries.size(), 1u);
  EXPECT_EQ(to_string(split.find_temporary("tile")->shape[0]), "17");
  for (int64_t n : {1, 16, 20}) expect_matches_reference(split, twice, {{"n", n}});
  std::string message = error_message<Error>([&] {
    LoopKernel two = extract_subst(split_iname(twice, "i", 16), "v_acc", "v[j]", {"j"});
    two.temporaries.push_back(Temporary{"grid", DType::Float32, {int_literal(4), int_literal(4)}});
    precompute(two, "v_acc", {.sweep_inames = {"i_inner"}, .temporary_name = "grid"});
  });
  EXPECT_NE(message.find("precompute: existing temporary 'grid' has 2 axes, the footprint needs 1"), std::string::npos) << message;
}

TEST(PrecomputeTest, InputWrittenInTheKernelIsRefused) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "a[i] = 2*b[i] {id=write}\nout[i] = a[i] {id=read, dep=write}",
                                  {array_arg("a, b, out", DType::Float32, {"n"}), value_arg("n")}, {.name = "written"});
  kernel = extract_subst(split_iname(kernel, "i", 16), "ra", "a[x]", {"x"});
  std::string message = error_message<Error>([&] { precompute(kernel, "ra", {.sweep_inames = {"i_inner"}}); });
  EXPECT_NE(message.find("precompute: instruction 'write' writes 'a', which rule 'ra' reads"), std::string::npos) << message;
}

TEST(PrecomputeOpenCL, LocalTileWithLAutoSplitsTheLongerAxis) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel kernel = extract_subst(split_iname(finite_difference(), "i", 16, {.outer_tag = "g.0", .inner_tag = "l.0"}),
                                    "u_acc", "u[j]", {"j"});
  kernel = precompute(kernel, "u_acc",
                      {.sweep_inames = {"i_inner"}, .default_tag = "l.auto", .temporary_address_space = AddressSpace::Local});
  // 17 values on a 16-wide axis: j_inner on l.0, j_outer a loop.
  EXPECT_EQ(to_string(kernel.tag_of("j_inner")), "l.0");
  EXPECT_EQ(to_string(kernel.tag_of("j_outer")), "for");
  std::string source = generate_code(kernel, Target::OpenCL).source;
  EXPECT_NE(source.find("__local float u_acc_0[17] __attribute__((aligned(16)));"), std::string::npos) << source;
  EXPECT_EQ(count(source, "barrier(CLK_LOCAL_MEM_FENCE)"), 1) << source;
  CheckOptions options;
  options.target = Target::OpenCL;
  for (int64_t n : {1, 7, 16, 31, 64}) expect_matches_reference(kernel, finite_difference(), {{"n", n}}, options);
}

// Differential comparison with loopy (wt-diff10): a private tile whose fill iname l.auto puts on
// l.0 was accepted and each work-item filled one element of its own copy and read the other 15
// unfilled (matvec with x precomputed privately: NaN on C and PoCL). Refused; the same recipe
// with the tile in local memory matches the reference.
TEST(PrecomputeOpenCL, PrivateTileFilledAlongALocalAxisIsRefused) {
  LoopKernel tiled = extract_subst(split_iname(finite_difference(), "i", 16, {.outer_tag = "g.0", .inner_tag = "l.0"}),
                                   "u_acc", "u[j]", {"j"});
  std::string message = error_message<Error>([&] {
    precompute(tiled, "u_acc",
               {.sweep_inames = {"i_inner"}, .default_tag = "l.auto", .temporary_address_space = AddressSpace::Private});
  });
  EXPECT_NE(message.find("precompute: instruction 'u_acc' would fill private temporary 'u_acc_0' along iname "
                         "'j_inner' (l.0), but each work-item has its own copy"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("temporary_address_space=\"local\") or leave 'j_inner' sequential"), std::string::npos)
      << message;
  REQUIRE_OPENCL();
  LoopKernel local = precompute(
      tiled, "u_acc", {.sweep_inames = {"i_inner"}, .default_tag = "l.auto", .temporary_address_space = AddressSpace::Local});
  CheckOptions options;
  options.target = Target::OpenCL;
  for (int64_t n : {1, 7, 31}) expect_matches_reference(local, finite_difference(), {{"n", n}}, options);
}

// Differential comparison with loopy (wt-diff10): x precomputed per k tile into a private tile
// whose fill stays sequential, read under i_inner on l.0. OpenCL and CUDA refuse the kernel (the
// copy uses no l.0 iname), but the C target runs i_inner as a loop around k_outer and made the
// copies in a k_outer loop of their own before it: every row read the last tile. The copy's
// outer loop now nests outside the reader's hardware iname on the C target too.
TEST(PrecomputeTest, CopyPerKTileUnderALocalInameOnTheCTarget) {
  LoopKernel matvec = make_kernel({"{[i,k]: 0<=i<n and 0<=k<m}"}, "xx(kk) := x[kk]\ny[i] = sum(k, a[i, k]*xx(k))",
                                  {array_arg("a", DType::Float32, {"n", "m"}), array_arg("x", DType::Float32, {"m"}),
                                   array_arg("y", DType::Float32, {"n"})},
                                  {.name = "matvec"});
  LoopKernel tiled = split_iname(split_iname(matvec, "i", 8, {.outer_tag = "g.0", .inner_tag = "l.0"}), "k", 8);
  LoopKernel kernel = precompute(tiled, "xx",
                                 {.sweep_inames = {"k_inner"}, .default_tag = std::nullopt,
                                  .temporary_address_space = AddressSpace::Private});
  for (auto [n, m] : {std::pair<int64_t, int64_t>{37, 29}, {8, 8}, {1, 17}})
    expect_matches_reference(kernel, matvec, {{"n", n}, {"m", m}});
}

TEST(PrecomputeTest, ThroughTheRegistry) {
  TransformCall call{"precompute",
                     {{"subst_use", std::string("u_acc")},
                      {"sweep_inames", std::string("i_inner")},
                      {"default_tag", std::monostate{}},
                      {"temporary_address_space", std::string("private")}}};
  LoopKernel kernel = apply_transform(with_rule(finite_difference()), call);
  EXPECT_EQ(kernel.find_temporary("u_acc_0")->address_space, AddressSpace::Private);
  EXPECT_NE(kernel.applied_transforms.back().call.find("precompute(subst_use=\"u_acc\""), std::string::npos)
      << kernel.applied_transforms.back().call;
  expect_matches_reference(kernel, finite_difference(), {{"n", 21}});
}

// Transform fuzzer regression (issue 24): `ab(i, k)` precomputed without a sweep for two sums
// over k, the second waiting for the first: each sum gets its own loop over k, the scalar is
// written in one, and the second sum added up its last value. Refused; without the dependency
// both sums share one loop over k with the copy, and that is fine.
TEST(PrecomputeTest, OneCopyForTwoReductionsOneAfterTheOtherIsRefused) {
  std::vector<KernelArgument> args = {array_arg("a", DType::Float32, {"n", "m"}), array_arg("y", DType::Float32, {"m"}),
                                      array_arg("s, t", DType::Float32, {"n"})};
  auto kernel = [&](const char* second) {
    return make_kernel({"{[i]: 0<=i<n}", "{[k]: 0<=k<m}"},
                       std::string("ab(p, q) := a[p, q]*y[q]\ns[i] = sum(k, ab(i, k)) {id=first}\n") + second, args);
  };
  LoopKernel ordered = kernel("t[i] = sum(k, ab(i, k)) + 1 {id=second, dep=first}");
  std::string message = error_message<LegalityError>([&] { precompute(ordered, "ab"); });
  EXPECT_NE(message.find("precompute: instruction 'second' reads 'ab_0', which 'ab' writes in a loop over 'k'"),
            std::string::npos)
      << message;
  LoopKernel independent = kernel("t[i] = sum(k, ab(i, k)) + 1 {id=second}");
  for (int64_t m : {1, 4}) expect_matches_reference(precompute(independent, "ab"), independent, {{"n", 3}, {"m", m}});
}

}  // namespace
}  // namespace loom
