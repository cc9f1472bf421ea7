// make_kernel: name resolution, used inames, dependencies, and refusals naming the problem.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;

TEST(MakeKernel, AddsUsedInamesAndParameterArguments) {
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i<n and 0<=j<m}"}, "c[i, j] = a[i, j] + 1",
                                  {array_arg("a, c", DType::Float32, {"n", "m"})});
  ASSERT_EQ(kernel.instructions.size(), 1u);
  EXPECT_EQ(kernel.instructions[0].within_inames, (std::set<std::string>{"i", "j"}));
  EXPECT_EQ(kernel.instructions[0].id, "insn");
  ASSERT_NE(kernel.find_arg("n"), nullptr);
  EXPECT_EQ(kernel.find_arg("n")->kind, ArgKind::Value);
  EXPECT_EQ(kernel.find_arg("n")->dtype, DType::Int32);
  EXPECT_EQ(kernel.all_inames(), (std::vector<std::string>{"i", "j"}));
}

TEST(MakeKernel, SingleWriterRuleAddsDependency) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"},
                                  "<float32> t = 2*a[i] {id=first}\n"
                                  "b[i] = t + 1 {id=second}",
                                  {array_arg("a, b", DType::Float32, {"n"})});
  EXPECT_EQ(kernel.find_instruction("second")->depends_on, (std::set<std::string>{"first"}));
}

// Unnamed instructions take the first free id of insn, insn_0, insn_1, ...: ids given in the text
// are skipped, and each search resumes where the last one stopped (issue 26) with the same ids.
TEST(MakeKernel, UnnamedInstructionsTakeTheFirstFreeIds) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"},
                                  "b[i] = 1 {id=insn_1}\n"
                                  "c[i] = 2\n"
                                  "d[i] = 3\n"
                                  "e[i] = 4\n"
                                  "f[i] = 5\n"
                                  "g[i] = 6 {id=insn_4}\n"
                                  "h[i] = 7",
                                  {array_arg("b, c, d, e, f, g, h", DType::Float32, {"n"})});
  std::vector<std::string> ids;
  for (const Instruction& instruction : kernel.instructions) ids.push_back(instruction.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"insn_1", "insn", "insn_0", "insn_2", "insn_3", "insn_4", "insn_5"}));
}

struct Refusal {
  const char* domain;
  const char* instructions;
  const char* message;
  int column;  // -1: not a ParseError
};

class MakeKernelRefuses : public ::testing::TestWithParam<Refusal> {};

TEST_P(MakeKernelRefuses, NamingTheProblem) {
  const Refusal& refusal = GetParam();
  auto make = [&] {
    make_kernel({refusal.domain}, refusal.instructions, {array_arg("a, b", DType::Float32, {"n"})});
  };
  if (refusal.column >= 0) {
    try {
      make();
      FAIL() << "accepted " << refusal.instructions;
    } catch (const ParseError& error) {
      EXPECT_NE(std::string(error.what()).find(refusal.message), std::string::npos) << error.what();
      EXPECT_EQ(error.column(), refusal.column) << error.what();
    }
  } else {
    std::string message = error_message<Error>(make);
    EXPECT_NE(message.find(refusal.message), std::string::npos) << message;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Table, MakeKernelRefuses,
    ::testing::Values(
        Refusal{"{[i]: 0<=i<n}", "b[i] = (a[i] + 1", "'('", 8},
        Refusal{"{[i]: 0<=i<n}", "b[i] = a[i]]", "']'", 12},
        Refusal{"{[i]: 0<=i<n}", "b[i] = frobnicate(a[i])", "unknown function 'frobnicate'", 8},
        Refusal{"{[i]: 0<=i<n}", "b[i] = c[i] * 2", "array 'c' is not declared", 8},
        Refusal{"{[i]: 0<=i<n}", "b[i] = a[i] * x", "unknown name 'x'", 15},
        Refusal{"{[i]: 0<=i<n}", "b[i] = a[i, i]", "array 'a' has 1 axes but is indexed with 2", 8},
        Refusal{"{[i]: 0<=i<n*n}", "b[i] = a[i]", "not a valid isl set", 0},
        Refusal{"{[i]: 0<=i<n}", "b[i] = a[i] {inames=i:k}", "is within iname 'k', but no domain defines it", -1},
        Refusal{"{[i]: 0<=i<n}", "b[i] = sum(k, a[k])", "reduction iname 'k' is defined by no domain", 8},
        // loopy reads max(x, y) as a reduction over the iname x too; the message says what to write.
        Refusal{"{[i]: 0<=i<n}", "<> t = a[i]\nb[i] = max(t, 0.5)",
                "reduction iname 't' is defined by no domain ('t' is a variable, not an iname); for the larger of two "
                "values write fmax(x, y)",
                8},
        Refusal{"{[i]: 0<=i<n}", "b[i] = min(q, a[i])", "for the smaller of two values write fmin(x, y)", 8},
        Refusal{"{[i]: 0<=i<n}", "b[i] = a[i] {dep=nothing*}", "matches no instruction id", -1},
        Refusal{"{[i]: 0<=i<n}", "b[i] = a[i] {id=s, dep=s*}", "matches no instruction id but its own", -1},
        Refusal{"{[i]: 0<=i<n}", "b[i] = a[i] {colour=red}", "unknown instruction option 'colour'", 14}));

// loopy accepts `dep=r` on the recurrence r itself (its own instances are in loop order); so does
// loom, dropping the self-edge rather than refusing the spec.
TEST(MakeKernel, AnInstructionNamingItselfAsItsDependenceIsAccepted) {
  LoopKernel kernel = make_kernel({"{[i]: 1<=i<n}"}, "b[i] = b[i-1] + a[i] {id=r, dep=r}",
                                  {array_arg("a, b", DType::Float32, {"n"})});
  ASSERT_EQ(kernel.instructions.size(), 1u);
  EXPECT_TRUE(kernel.instructions[0].depends_on.empty());
}

// A write to an iname or a value argument (conf15's mutated specs): `i = 1` inside the loop over
// i compiled and looped forever on C; `n = 1` was an internal error (the C compiler refused the
// write to the const parameter). Both are refused naming the instruction and the name.
TEST(MakeKernel, RefusesWritesToInamesAndValueArguments) {
  EXPECT_EQ(error_message<Error>([] { make_kernel({"{[i]: 0<=i<n}"}, "i = 1", {array_arg("a", DType::Float32, {"n"})}); }),
            "instruction 'insn' (i = 1) assigns to 'i', which is an iname (a loop index defined by the domains); "
            "inames cannot be written: assign to a temporary instead");
  EXPECT_EQ(error_message<Error>([] {
              make_kernel({"{[i]: 0<=i<n}"}, "a[i] = 1 {id=w}\nn = 1 {dep=w}",
                          {array_arg("a", DType::Float32, {"n"}), value_arg("n", DType::Int32)});
            }),
            "instruction 'insn' (n = 1 {dep=w}) assigns to 'n', which is a value argument (a read-only input); "
            "assign to a temporary, or declare 'n' as an array");
}

// loopy's `dup=` option: the instruction runs in its own copy of the iname (a reduction's too),
// named as given or by duplicate_inames' default; an iname it does not run in is refused.
TEST(MakeKernel, DupOptionGivesTheInstructionItsOwnIname) {
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i<n and 0<=j<m}"},
                                  "x[i] = sum(j, a[i, j]) {id=s}\ny[i] = sum(j, a[i, j]) {id=t, dup=i->i2:j}",
                                  {array_arg("a", DType::Float32, {"n", "m"}), array_arg("x, y", DType::Float32, {"n"})});
  EXPECT_EQ(kernel.find_instruction("s")->within_inames, (std::set<std::string>{"i"}));
  EXPECT_EQ(kernel.find_instruction("t")->within_inames, (std::set<std::string>{"i2"}));
  EXPECT_EQ(kernel.find_instruction("t")->expression->reduction_inames, (std::vector<std::string>{"j_0"}));
  LoopKernel plain = make_kernel({"{[i,j]: 0<=i<n and 0<=j<m}"}, "x[i] = sum(j, a[i, j])\ny[i] = sum(j, a[i, j])",
                                 {array_arg("a", DType::Float32, {"n", "m"}), array_arg("x, y", DType::Float32, {"n"})});
  CheckResult same = check_against_reference(kernel, plain, {{"n", 7}, {"m", 5}});
  EXPECT_TRUE(same.passed) << same.report();
  EXPECT_EQ(error_message<Error>([] { make_kernel({"{[i]: 0<=i<n}"}, "y[i] = 1 {dup=q}", {array_arg("y", DType::Float32, {"n"})}); }),
            "instruction 'insn' (y[i] = 1 {dup=q}): dup=q: the instruction does not run in iname 'q'");
}

// loopy's dependency-based iname inference (find_all_insn_inames): `y = 2*z` reads z, which is
// written only within i (not indexed by it), so y runs in i too, and so does `x = y + 1` after
// it. Without the inference both ran once, outside the loop, and b read the last i's value.
TEST(MakeKernel, InstructionsReadingALoopsScalarRunInItsLoop) {
  std::vector<KernelArgument> args = {array_arg("a, b", DType::Float64, {"n"})};
  LoopKernel chained = make_kernel({"{[i]: 0<=i<n}"},
                                   "<> z = a[i] {id=z}\n<> y = 2*z {id=y, dep=z}\n<> x = y + 1 {id=x, dep=y}\n"
                                   "b[i] = x {id=b, dep=x}",
                                   args, {.name = "chain"});
  EXPECT_EQ(chained.find_instruction("y")->within_inames, std::set<std::string>{"i"});
  EXPECT_EQ(chained.find_instruction("x")->within_inames, std::set<std::string>{"i"});
  LoopKernel direct = make_kernel({"{[i]: 0<=i<n}"}, "b[i] = 2*a[i] + 1", args, {.name = "chain"});
  for (int64_t n : {1, 7}) testing::expect_matches_reference(chained, direct, {{"n", n}});
  // Writers in different loops: only the loops they share count (loopy intersects them).
  LoopKernel two_writers = make_kernel({"{[i,j]: 0<=i<n and 0<=j<n}"},
                                       "<> s = 0 {id=init, inames=i}\ns = s + a[j] {id=acc, dep=init, inames=i:j}\n"
                                       "<> t = s {id=copy, dep=acc}\nb[i] = t {id=out, dep=copy}",
                                       args);
  EXPECT_EQ(two_writers.find_instruction("copy")->within_inames, std::set<std::string>{"i"});
}

}  // namespace
}  // namespace loom
