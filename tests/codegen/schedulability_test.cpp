// Schedulability diagnostics (issue 12): a loop nesting no linearization realizes is reported with
// its cycle of constraints, the instructions that need them and the duplicate_inames calls that
// break it (loopy's get_iname_duplication_options); a dependency cycle with the cycle, from every
// path (code generation, checked and verified kernels, transforms).
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;

// Three instructions, each within two of i, j, k: every pair of loops nests together somewhere.
LoopKernel three_pairs_kernel() {
  return make_kernel({"{[i,j,k]: 0<=i,j,k<n}"},
                     "a[i, j] = 1 {id=ij}\n"
                     "b[j, k] = 2 {id=jk}\n"
                     "c[k, i] = 3 {id=ki}",
                     {array_arg("a, b, c", DType::Float32, {"n", "n"}), value_arg("n")},
                     {.name = "pairs"});
}

// i outside j for 'ij', j outside k for 'jk', k outside i for 'ki': no kernel-wide order.
LoopKernel cyclic_priorities_kernel() {
  LoopKernel kernel = prioritize_loops(three_pairs_kernel(), "i, j");
  kernel = prioritize_loops(kernel, "j, k");
  return prioritize_loops(kernel, "k, i", /*unchecked=*/true);
}

const char* const kCyclicPrioritiesMessage =
    "no loop nesting satisfies the kernel's instructions: 'i' outside 'j' (prioritize_loops(\"i, "
    "j\"); instruction "
    "'ij' within both), 'j' outside 'k' (prioritize_loops(\"j, k\"); instruction 'jk' within "
    "both), 'k' outside 'i' "
    "(prioritize_loops(\"k, i\"); instruction 'ki' within both) form a cycle. Each of these gives "
    "some instructions "
    "their own copy of an iname and breaks the cycle (order the copy with prioritize_loops where "
    "it matters):\n"
    "  duplicate_inames(\"i\", within=\"id:ij\")\n"
    "  duplicate_inames(\"i\", within=\"id:ki\")\n"
    "  duplicate_inames(\"j\", within=\"id:ij\")\n"
    "  duplicate_inames(\"j\", within=\"id:jk\")\n"
    "  duplicate_inames(\"k\", within=\"id:jk\")\n"
    "  duplicate_inames(\"k\", within=\"id:ki\")";

TEST(Schedulability, CyclicLoopPrioritiesAreReportedWithDuplicationOptions) {
  std::string message =
      error_message<Error>([&] { generate_code(cyclic_priorities_kernel(), Target::C); });
  EXPECT_EQ(message, kCyclicPrioritiesMessage);
}

TEST(Schedulability, ThePriorityClosingTheCycleIsRefusedByItsLegalityCheck) {
  LoopKernel kernel = prioritize_loops(prioritize_loops(three_pairs_kernel(), "i, j"), "j, k");
  std::string message = error_message<Error>([&] { prioritize_loops(kernel, "k, i"); });
  EXPECT_NE(message.find(kCyclicPrioritiesMessage), std::string::npos) << message;
}

// A cycle through a bounded domain names the bound as its reason (the constraints carry their
// reason as a kind and the text is built only here: issue 26, checks21).
TEST(Schedulability, ACycleThroughABoundedDomainNamesTheBound) {
  LoopKernel triangle = make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<=i}"}, "a[i, j] = 1 {id=tri}",
                                    {array_arg("a", DType::Float32, {"n", "n"}), value_arg("n")},
                                    {.name = "triangle"});
  LoopKernel kernel = prioritize_loops(triangle, "j, i", /*unchecked=*/true);
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::C); });
  EXPECT_NE(message.find("'i' outside 'j' (the domain of 'j' is bounded by 'i'; instruction 'tri' within both)"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("'j' outside 'i' (prioritize_loops(\"j, i\"); instruction 'tri' within both)"),
            std::string::npos)
      << message;
}

TEST(Schedulability, DeviceTargetsReportTheSameCycle) {
  std::string message =
      error_message<Error>([&] { generate_code(cyclic_priorities_kernel(), Target::CUDA); });
  EXPECT_EQ(message, kCyclicPrioritiesMessage);
}

TEST(Schedulability, EveryListedOptionMakesTheKernelSchedulable) {
  LoopKernel kernel = cyclic_priorities_kernel();
  std::vector<InameDuplicationOption> options = iname_duplication_options(kernel);
  ASSERT_EQ(options.size(), 6u);
  EXPECT_EQ(options[1].iname, "i");
  EXPECT_EQ(options[1].instructions, std::vector<std::string>{"ki"});
  EXPECT_EQ(options[1].call, "duplicate_inames(\"i\", within=\"id:ki\")");
  for (const InameDuplicationOption& option : options) {
    SCOPED_TRACE(option.call);
    LoopKernel fixed =
        duplicate_inames(kernel, {option.iname}, {.within = "id:" + option.instructions[0]});
    EXPECT_TRUE(iname_duplication_options(fixed).empty());
    EXPECT_NO_THROW(generate_code(fixed, Target::C));
  }
}

TEST(Schedulability, TheCopyTakesItsOwnPriority) {
  // The intent behind "k, i" kept for 'ki' alone: its own copy of i, inside k.
  LoopKernel kernel = prioritize_loops(prioritize_loops(three_pairs_kernel(), "i, j"), "j, k");
  kernel = duplicate_inames(kernel, {"i"}, {.within = "id:ki", .new_inames = {"i_ki"}});
  kernel = prioritize_loops(kernel, "k, i_ki");
  std::string source = generate_code(kernel, Target::C).source;
  std::size_t k_loop = source.find("for (int32_t k = 0;", source.find("b["));
  EXPECT_NE(source.find("for (int32_t i_ki = 0;", k_loop), std::string::npos) << source;
}

TEST(Schedulability, LoopysClassicNeedsNoDuplicationInLoom) {
  // loopy's get_iname_duplication_options example: loopy enters each loop once, so i and j cannot
  // both surround mat1 and each run alone around mat2 and mat3. loom may enter a loop again.
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i,j<n}"},
                                  "mat1[i, j] = mat1[i, j] + 1 {id=i1, inames=i:j}\n"
                                  "mat2[j] = mat2[j] + 1 {id=i2, inames=j}\n"
                                  "mat3[i] = mat3[i] + 1 {id=i3, inames=i}",
                                  {array_arg("mat1", DType::Float32, {"n", "n"}),
                                   array_arg("mat2, mat3", DType::Float32, {"n"}), value_arg("n")},
                                  {.name = "classic"});
  EXPECT_TRUE(iname_duplication_options(kernel).empty());
  std::string source = generate_code(kernel, Target::C).source;
  std::size_t mat2 = source.find("mat2[j] = ");
  ASSERT_NE(mat2, std::string::npos) << source;
  EXPECT_NE(source.rfind("for (int32_t j = 0;", mat2), std::string::npos) << source;
}

TEST(Schedulability, SchedulableKernelsHaveNoOptions) {
  EXPECT_TRUE(iname_duplication_options(three_pairs_kernel()).empty());
  EXPECT_TRUE(iname_duplication_options(prioritize_loops(three_pairs_kernel(), "i, j")).empty());
}

TEST(Schedulability, APriorityAgainstTheDomainsNestingNamesTheInstruction) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<i}"}, "a[i, j] = 1 {id=lower}",
                                  {array_arg("a", DType::Float32, {"n", "n"}), value_arg("n")},
                                  {.name = "triangle"});
  std::string message = error_message<Error>([&] { prioritize_loops(kernel, "j, i"); });
  EXPECT_NE(message.find(
                "no loop nesting satisfies the kernel's instructions: 'i' outside 'j' (the domain "
                "of 'j' is "
                "bounded by 'i'; instruction 'lower' within both), 'j' outside 'i' "
                "(prioritize_loops(\"j, "
                "i\"); instruction 'lower' within both) form a cycle. Instruction 'lower' runs "
                "within every "
                "iname of the cycle, so duplicating an iname cannot break it; remove one of these "
                "constraints"),
            std::string::npos)
      << message;
  EXPECT_TRUE(
      iname_duplication_options(prioritize_loops(kernel, "j, i", /*unchecked=*/true)).empty());
}

TEST(Schedulability, ConstraintsBetweenInamesNoInstructionSharesOrderNothing) {
  // "i, j" and "j, i" contradict, but no instruction runs within both i and j.
  LoopKernel kernel =
      make_kernel({"{[i,j]: 0<=i,j<n}"}, "a[i] = 1 {id=first}\nb[j] = 2 {id=second}",
                  {array_arg("a, b", DType::Float32, {"n"}), value_arg("n")}, {.name = "apart"});
  kernel = prioritize_loops(prioritize_loops(kernel, "i, j"), "j, i");
  EXPECT_NO_THROW(generate_code(kernel, Target::C));
  EXPECT_TRUE(iname_duplication_options(kernel).empty());
}

// ---- dependency cycles
// ----------------------------------------------------------------------------

LoopKernel cyclic_dependencies_kernel() {
  return make_kernel({"{[i]: 0<=i<n}"},
                     "a[i] = 1 {id=x, dep=z}\nb[i] = a[i] {id=y, dep=x}\nc[i] = b[i] {id=z, dep=y}",
                     {array_arg("a, b, c", DType::Float32, {"n"}), value_arg("n")},
                     {.name = "cyclic"});
}

// The edges loopy's single-writer rule explains are named (issue 23, class 17).
constexpr const char* kDependencyCycle =
    "dependency cycle: x -> z -> y -> x (each depends on the next). 'z' depends on 'y' by the single-writer rule "
    "('z' reads 'b', which only 'y' writes); 'y' depends on 'x' by the single-writer rule ('y' reads 'a', which "
    "only 'x' writes). Unless an instruction's dependencies are given exactly with {dep=*...} (e.g. "
    "{dep=*other_id}, or {dep=*} for none), loom adds these as loopy does; state the exact set on one of them, or "
    "remove one dependency";

TEST(Schedulability, DependencyCycleIsReportedWithTheCycleByCodeGeneration) {
  for (Target target : {Target::C, Target::OpenCL, Target::CUDA}) {
    std::string message =
        error_message<Error>([&] { generate_code(cyclic_dependencies_kernel(), target); });
    EXPECT_EQ(message, kDependencyCycle);
  }
}

TEST(Schedulability, DependencyCycleIsReportedWithTheCycleForAVerifiedKernel) {
  // A verified kernel skips the checks at code generation: the linearizer reports the cycle.
  LoopKernel kernel = cyclic_dependencies_kernel();
  kernel.verified = true;
  std::string message = error_message<Error>([&] { generate_code(kernel, Target::C); });
  EXPECT_EQ(message, kDependencyCycle);
}

TEST(Schedulability, DependencyCycleIsReportedWithTheCycleByTransforms) {
  std::string message =
      error_message<Error>([&] { split_iname(cyclic_dependencies_kernel(), "i", 4); });
  EXPECT_NE(message.find(kDependencyCycle), std::string::npos) << message;
  message = error_message<Error>([&] { tag_inames(cyclic_dependencies_kernel(), "i:g.0"); });
  EXPECT_NE(message.find(kDependencyCycle), std::string::npos) << message;
}

// loopy's scheduler keeps a loop open for the instructions that follow the one that needed it:
// `acc = 0` and `out[j] = acc` within j, `acc = acc + a[i,j]` within both, over `{[i,j]}` mean
// `for j { acc = 0; for i ...; out[j] = acc; }` (loopy 2025.2's code). Nested by the domain's order
// alone (i outside j), the j-only instructions got loops of their own and acc summed the whole
// array. The reference is the same sum written as a reduction, which no nesting choice affects.
TEST(Schedulability, AScalarCarriedBetweenLoopsKeepsLoopysSharedLoop) {
  std::vector<KernelArgument> args = {array_arg("a", DType::Float64, {"n", "m"}), array_arg("out", DType::Float64, {"m"})};
  LoopKernel carried = make_kernel({"{[i,j]: 0<=i<n and 0<=j<m}"},
                                   "<> acc = 0 {id=init, inames=j}\n"
                                   "acc = acc + a[i,j] {id=update, dep=init}\n"
                                   "out[j] = acc {dep=update}",
                                   args, {.name = "column_sums"});
  LoopKernel reduction =
      make_kernel({"{[i,j]: 0<=i<n and 0<=j<m}"}, "out[j] = sum(i, a[i,j])", args, {.name = "column_sums"});
  for (int64_t n : {1, 3, 17}) testing::expect_matches_reference(carried, reduction, {{"n", n}, {"m", 5}});
  std::string source = generate_code(carried, Target::C).source;
  EXPECT_LT(source.find("for (int32_t j"), source.find("for (int32_t i")) << source;
}

}  // namespace
}  // namespace loom
