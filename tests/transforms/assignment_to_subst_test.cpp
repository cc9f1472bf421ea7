// assignment_to_subst: array and scalar temporaries, reads inside reductions, partial
// replacement with within, arguments, executed equivalence, and refusals (written twice, value
// flow, overwritten inputs).
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

// Temporaries need a constant size: declared with 32 elements, n bounded accordingly.
MakeKernelOptions bounded(const std::string& temporary) {
  return {.assumptions = "n <= 32",
          .temporaries = {Temporary{temporary, DType::Float64, {int_literal(33)}}}};
}

LoopKernel doubled_then_used() {
  return make_kernel({"{[i]: 0<=i<n}"},
                     "t[i] = 2*a[i] {id=def}\n"
                     "out[i] = t[i] + t[i]*t[i] {id=use}",
                     {array_arg("a, out", DType::Float64, {"n"})}, bounded("t"));
}

TEST(AssignmentToSubst, ArrayTemporaryBecomesARule) {
  LoopKernel kernel = doubled_then_used();
  LoopKernel rule = assignment_to_subst(kernel, "t");
  ASSERT_EQ(rule.substitutions.count("t_subst"), 1u);
  EXPECT_EQ(rule.substitutions.at("t_subst").parameters, (std::vector<std::string>{"i"}));
  EXPECT_EQ(to_string(rule.substitutions.at("t_subst").expression), "2*a[i]");
  ASSERT_EQ(rule.instructions.size(), 1u);
  EXPECT_EQ(to_string(rule.instructions[0].expression), "t_subst(i) + t_subst(i)*t_subst(i)");
  EXPECT_TRUE(rule.instructions[0].depends_on.empty());
  EXPECT_EQ(rule.find_temporary("t"), nullptr);
  for (int64_t n : {1, 7, 13}) expect_matches_reference(rule, kernel, {{"n", n}});
}

TEST(AssignmentToSubst, LoopysChainOfTemporaries) {
  // loopy's test_precompute_does_not_lead_to_dep_cycle, up to assignment_to_subst.
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<10}"},
                                  "<float64> tmp0[i] = 2*i {id=d0}\n"
                                  "<float64> tmp1[i] = 2*tmp0[i] {id=d1}\n"
                                  "<float64> tmp2[i] = 3*tmp1[i] {id=d2}\n"
                                  "out[i] = 2*tmp1[i] + 3*tmp2[i] {id=use}",
                                  {array_arg("out", DType::Float64, {"10"})});
  LoopKernel rule = assignment_to_subst(kernel, "tmp1");
  EXPECT_EQ(to_string(rule.substitutions.at("tmp1_subst").expression), "2*tmp0[i]");
  EXPECT_EQ(to_string(rule.find_instruction("d2")->expression), "3*tmp1_subst(i)");
  EXPECT_EQ(to_string(rule.find_instruction("use")->expression), "2*tmp1_subst(i) + 3*tmp2[i]");
  EXPECT_EQ(rule.find_instruction("d2")->depends_on, (std::set<std::string>{"d0"}));
  EXPECT_EQ(rule.find_instruction("use")->depends_on, (std::set<std::string>{"d0", "d2"}));
  expect_matches_reference(rule, kernel, {});
}

TEST(AssignmentToSubst, ScalarTemporaryInsideLoops) {
  LoopKernel kernel = make_kernel(
      {"{[i,j]: 0<=i<n and 0<=j<m}"},
      "for i\n"
      "  <float64> s = a[i]*a[i] {id=def}\n"
      "  for j\n"
      "    out[i, j] = s + b[j] {id=use}\n"
      "  end\n"
      "end\n"
      "last[0] = 3 {id=other, dep=use}",
      {array_arg("a", DType::Float64, {"n"}), array_arg("b", DType::Float64, {"m"}),
       array_arg("out", DType::Float64, {"n", "m"}), array_arg("last", DType::Float64, {"1"})});
  LoopKernel rule = assignment_to_subst(kernel, "s");
  EXPECT_EQ(to_string(rule.substitutions.at("s_subst").expression), "a[i]*a[i]");
  EXPECT_TRUE(rule.substitutions.at("s_subst").parameters.empty());
  EXPECT_EQ(to_string(rule.find_instruction("use")->expression), "s_subst() + b[j]");
  EXPECT_EQ(rule.find_instruction("def"), nullptr);
  for (int64_t n : {1, 3, 7}) {
    for (int64_t m : {1, 5}) expect_matches_reference(rule, kernel, {{"n", n}, {"m", m}});
  }
}

TEST(AssignmentToSubst, ReadsInsideAReductionAndDependenciesMove) {
  // A matmul-like reduction over a precomputed row: the rule is evaluated per k.
  LoopKernel kernel =
      make_kernel({"{[k]: 0<=k<n}", "{[i,kk]: 0<=i<n and 0<=kk<n}"},
                  "scaled[k] = 3*x[k] + 1 {id=def}\n"
                  "y[i] = sum(kk, a[i, kk]*scaled[kk]) {id=use, dep=def}\n"
                  "z[0] = 1 {id=after, dep=use:def}",
                  {array_arg("a", DType::Float64, {"n", "n"}),
                   array_arg("x, y", DType::Float64, {"n"}), array_arg("z", DType::Float64, {"1"})},
                  bounded("scaled"));
  LoopKernel rule = assignment_to_subst(kernel, "scaled");
  EXPECT_EQ(to_string(rule.substitutions.at("scaled_subst").expression), "3*x[k] + 1");
  EXPECT_EQ(to_string(rule.find_instruction("use")->expression),
            "sum(kk, a[i, kk]*scaled_subst(kk))");
  EXPECT_EQ(rule.find_instruction("after")->depends_on, (std::set<std::string>{"use"}));
  for (int64_t n : {1, 7, 13}) expect_matches_reference(rule, kernel, {{"n", n}});
}

TEST(AssignmentToSubst, WithinReplacesSomeReadsAndKeepsTheStore) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"},
                                  "t[i] = 2*a[i] {id=def}\n"
                                  "x[i] = t[i] + 1 {id=first}\n"
                                  "y[i] = t[i] - 1 {id=second}",
                                  {array_arg("a, x, y", DType::Float64, {"n"})}, bounded("t"));
  LoopKernel rule = assignment_to_subst(kernel, "t", {.within = "id:second"});
  EXPECT_NE(rule.find_instruction("def"), nullptr);
  EXPECT_NE(rule.find_temporary("t"), nullptr);
  EXPECT_EQ(to_string(rule.find_instruction("first")->expression), "t[i] + 1");
  EXPECT_EQ(to_string(rule.find_instruction("second")->expression), "t_subst(i) - 1");
  for (int64_t n : {1, 7}) expect_matches_reference(rule, kernel, {{"n", n}});
  std::string nothing =
      error_message<Error>([&] { assignment_to_subst(kernel, "t", {.within = "id:def"}); });
  EXPECT_NE(nothing.find("assignment_to_subst: within='id:def' selects no read of 't'"),
            std::string::npos)
      << nothing;
}

TEST(AssignmentToSubst, ArgumentsNeedForceRetainArgument) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"},
                                  "x[i] = 2*a[i] {id=def}\n"
                                  "out[i] = x[i] + 1 {id=use}",
                                  {array_arg("a, x, out", DType::Float64, {"n"})});
  std::string refused = error_message<Error>([&] { assignment_to_subst(kernel, "x"); });
  EXPECT_NE(refused.find("assignment_to_subst: 'x' is an argument: the kernel's caller reads what "
                         "'def' writes; pass "
                         "force_retain_argument=true"),
            std::string::npos)
      << refused;
  LoopKernel kept = assignment_to_subst(kernel, "x", {.force_retain_argument = true});
  EXPECT_NE(kept.find_instruction("def"), nullptr);
  EXPECT_EQ(to_string(kept.find_instruction("use")->expression), "x_subst(i) + 1");
  for (int64_t n : {1, 13}) expect_matches_reference(kept, kernel, {{"n", n}});
}

TEST(AssignmentToSubst, WrittenTwiceAndOtherDefinitionsAreRefused) {
  LoopKernel twice = make_kernel({"{[i]: 0<=i<n}"},
                                 "t[i] = a[i] {id=w1}\n"
                                 "t[i] = 2*a[i] {id=w2, dep=w1}\n"
                                 "out[i] = t[i] {id=use, dep=w2}",
                                 {array_arg("a, out", DType::Float64, {"n"})}, bounded("t"));
  std::string written_twice = error_message<Error>([&] { assignment_to_subst(twice, "t"); });
  EXPECT_NE(
      written_twice.find(
          "assignment_to_subst: 't' is written by 2 instructions ('w1', 'w2'); a substitution "
          "rule has one definition"),
      std::string::npos)
      << written_twice;
  LoopKernel kernel = doubled_then_used();
  std::string unknown = error_message<Error>([&] { assignment_to_subst(kernel, "nothere"); });
  EXPECT_NE(unknown.find("assignment_to_subst: unknown variable 'nothere'"), std::string::npos)
      << unknown;
  std::string input = error_message<Error>([&] { assignment_to_subst(kernel, "a"); });
  EXPECT_NE(input.find("assignment_to_subst: no assignments to variable 'a' found"),
            std::string::npos)
      << input;
  LoopKernel accumulate =
      make_kernel({"{[i]: 0<=i<n}"}, "x[i] = x[i] + a[i] {id=acc}\nout[i] = x[i] {id=use}",
                  {array_arg("a, x, out", DType::Float64, {"n"})});
  std::string reads_itself = error_message<Error>(
      [&] { assignment_to_subst(accumulate, "x", {.force_retain_argument = true}); });
  EXPECT_NE(reads_itself.find("instruction 'acc' both reads *and* writes 'x'"), std::string::npos)
      << reads_itself;
  LoopKernel shifted =
      make_kernel({"{[i]: 0<=i<n}"}, "t[i + 1] = a[i] {id=def}\nout[i] = t[i + 1] {id=use}",
                  {array_arg("a, out", DType::Float64, {"n"})}, bounded("t"));
  std::string not_plain = error_message<Error>([&] { assignment_to_subst(shifted, "t"); });
  EXPECT_NE(
      not_plain.find("in defining instruction 'def': assignee index 'i + 1' is not a plain iname"),
      std::string::npos)
      << not_plain;
  LoopKernel predicated = make_kernel(
      {"{[i]: 0<=i<n}"}, "if a[i] > 0\n  t[i] = 2*a[i] {id=def}\nend\nout[i] = t[i] {id=use}",
      {array_arg("a, out", DType::Float64, {"n"})}, bounded("t"));
  LoopKernel truncating = make_kernel(
      {"{[i]: 0<=i<n}"}, "t[i] = 2.5*a[i] {id=def}\nout[i] = t[i] {id=use}",
      {array_arg("a, out", DType::Float64, {"n"})},
      {.assumptions = "n <= 32", .temporaries = {Temporary{"t", DType::Int32, {int_literal(33)}}}});
  std::string type = error_message<Error>([&] { assignment_to_subst(truncating, "t"); });
  EXPECT_NE(type.find("assignment_to_subst: 't' is int32 but 'def' computes float64 ('2.5*a[i]')"),
            std::string::npos)
      << type;
  std::string condition = error_message<Error>([&] { assignment_to_subst(predicated, "t"); });
  EXPECT_NE(condition.find("instruction 'def' is predicated (if a[i] > 0)"), std::string::npos)
      << condition;
}

TEST(AssignmentToSubst, ValueFlowRefusals) {
  // The read after the loop sees the last iteration's value; a rule would need i there. (`inames=`
  // keeps it outside: loopy's inference would put it in i, as the writer of s runs there.)
  LoopKernel after_loop =
      make_kernel({"{[i]: 0<=i<n}"}, "<float64> s = a[i] {id=def}\nout[0] = s {id=use, dep=def, inames=}",
                  {array_arg("a", DType::Float64, {"n"}), array_arg("out", DType::Float64, {"1"})},
                  {.assumptions = "n >= 1"});
  std::string outside = error_message<Error>([&] { assignment_to_subst(after_loop, "s"); });
  EXPECT_NE(outside.find("instruction 'use' is not within iname 'i' of 'def'"), std::string::npos)
      << outside;
  // Read before the store of the same iteration: i=0 reads nothing stored...
  LoopKernel before = make_kernel({"{[i]: 0<=i<n}"},
                                  "for i\n"
                                  "  out[i] = s {id=use, dep=*}\n"
                                  "  <float64> s = a[i] {id=def, dep=use}\n"
                                  "end",
                                  {array_arg("a, out", DType::Float64, {"n"})});
  std::string unreached = error_message<Error>([&] { assignment_to_subst(before, "s"); });
  EXPECT_NE(
      unreached.find("instruction 'use' reads 's' where no write of 'def' reaches it (use[i=0]"),
      std::string::npos)
      << unreached;
  // ...and where guarded to i >= 1 it reads the previous iteration's value.
  LoopKernel previous = make_kernel({"{[i]: 0<=i<n}"},
                                    "for i\n"
                                    "  if i >= 1\n"
                                    "    out[i] = s {id=use, dep=*}\n"
                                    "  end\n"
                                    "  <float64> s = a[i] {id=def, dep=use}\n"
                                    "end",
                                    {array_arg("a, out", DType::Float64, {"n"})});
  std::string other_iteration = error_message<Error>([&] { assignment_to_subst(previous, "s"); });
  EXPECT_NE(other_iteration.find("reads the 's' that def[i="), std::string::npos)
      << other_iteration;
  EXPECT_NE(other_iteration.find("stored in another iteration of its loops"), std::string::npos)
      << other_iteration;
}

TEST(AssignmentToSubst, OverwrittenInputsAreALegalityError) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"},
                                  "t[i] = a[i] {id=def, dep=*}\n"
                                  "a[i] = 0 {id=clobber, dep=def}\n"
                                  "out[i] = t[i] {id=use, dep=clobber}",
                                  {array_arg("a, out", DType::Float64, {"n"})}, bounded("t"));
  std::string message = error_message<LegalityError>([&] { assignment_to_subst(kernel, "t"); });
  EXPECT_NE(message.find("assignment_to_subst: instruction 'clobber' must follow 'use' (anti "
                         "dependence through 'a')"),
            std::string::npos)
      << message;
  // Unchecked, it recomputes from the overwritten input: the results differ.
  LoopKernel forced = assignment_to_subst(kernel, "t", {.unchecked = true});
  CheckResult result = check_against_reference(forced, kernel, {{"n", 5}});
  EXPECT_FALSE(result.passed);
}

}  // namespace
}  // namespace loom
