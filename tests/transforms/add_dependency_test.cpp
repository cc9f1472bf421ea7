// add_dependency: the new edge reorders the generated code and keeps the results; a dependency
// that splits a loop a scalar flows through is refused by the legality check; refusals.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "codegen/linearize.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

LoopKernel two_independent_loops() {
  return make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<n}"},
                     "b[i] = 2*a[i] {id=first}\n"
                     "c[j] = 3*a[j] {id=second}",
                     {array_arg("a, b, c", DType::Float32, {"n"})});
}

// The position of the first assignment to `array` in the generated C.
std::size_t position_of_write(const std::string& source, const std::string& array) {
  return source.find(array + "[", source.find("void loopy_kernel("));
}

TEST(AddDependency, ReordersTheLoopsAndKeepsTheResults) {
  LoopKernel kernel = two_independent_loops();
  std::string before = generate_code(kernel, Target::C).source;
  ASSERT_LT(position_of_write(before, "b"), position_of_write(before, "c")) << before;
  LoopKernel ordered = add_dependency(kernel, "id:first", "id:second");
  EXPECT_EQ(ordered.find_instruction("first")->depends_on, (std::set<std::string>{"second"}));
  EXPECT_TRUE(ordered.find_instruction("second")->depends_on.empty());
  std::string after = generate_code(ordered, Target::C).source;
  EXPECT_LT(position_of_write(after, "c"), position_of_write(after, "b")) << after;
  for (int64_t n : {0, 1, 17}) expect_matches_reference(ordered, kernel, {{"n", n}});
}

TEST(AddDependency, MatchExpressionsOnBothSides) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"},
                                  "b[i] = 2*a[i] {id=w1, tags=writer}\n"
                                  "c[i] = 3*a[i] {id=w2, tags=writer}\n"
                                  "d[i] = a[i] + 1 {id=r1}\n"
                                  "e[i] = a[i] - 1 {id=r2}",
                                  {array_arg("a, b, c, d, e", DType::Float32, {"n"})});
  LoopKernel ordered = add_dependency(kernel, "id:r*", "tag:writer");
  EXPECT_EQ(ordered.find_instruction("r1")->depends_on, (std::set<std::string>{"w1", "w2"}));
  EXPECT_EQ(ordered.find_instruction("r2")->depends_on, (std::set<std::string>{"w1", "w2"}));
  EXPECT_TRUE(ordered.find_instruction("w1")->depends_on.empty());
  for (int64_t n : {1, 9}) expect_matches_reference(ordered, kernel, {{"n", n}});
}

TEST(AddDependency, SplittingTheLoopOfAScalarIsRefused) {
  LoopKernel kernel = make_kernel(
      {"{[i]: 0<=i<n}"},
      "<float32> x = a[i] {id=load}\n"
      "out[i] = 2*x {id=store, dep=load}\n"
      "s[0] = 5 {id=setup, dep=load}",
      {array_arg("a, out", DType::Float32, {"n"}), array_arg("s", DType::Float32, {"1"})});
  // store after setup, which runs after every load outside the loop: loop i {load}; setup; loop i
  // {store}, and x holds only the last load by then.
  std::string message =
      error_message<LegalityError>([&] { add_dependency(kernel, "id:store", "id:setup"); });
  EXPECT_NE(
      message.find(
          "add_dependency: instruction 'load' must follow 'store' (anti dependence through 'x')"),
      std::string::npos)
      << message;
  LoopKernel forced = add_dependency(kernel, "id:store", "id:setup", /*unchecked=*/true);
  CheckResult broken = check_against_reference(forced, kernel, {{"n", 8}});
  EXPECT_FALSE(broken.passed) << "the refused order really computes something else";
}

// An instruction outside the loop that one inside waits for runs before the loop, which is then
// entered once (loopy's rule), instead of splitting it.
TEST(AddDependency, WhatRunsOutsideALoopRunsBeforeItRatherThanSplittingIt) {
  LoopKernel kernel = make_kernel(
      {"{[i]: 0<=i<n}"},
      "<float32> x = a[i] {id=load}\n"
      "out[i] = 2*x {id=store, dep=load}\n"
      "s[0] = 5 {id=setup}",
      {array_arg("a, out", DType::Float32, {"n"}), array_arg("s", DType::Float32, {"1"})});
  LoopKernel ordered = add_dependency(kernel, "id:store", "id:setup");
  EXPECT_EQ(codegen::to_string(codegen::linearize(ordered, [](const std::string&) { return true; }), ordered),
            "setup\nfor i\n  load\n  store\n");
  EXPECT_TRUE(check_against_reference(ordered, kernel, {{"n", 8}}).passed);
}

TEST(AddDependency, Refusals) {
  LoopKernel kernel = two_independent_loops();
  std::string no_dependency =
      error_message<Error>([&] { add_dependency(kernel, "id:first", "id:nope"); });
  EXPECT_NE(no_dependency.find(
                "add_dependency: depends_on 'id:nope' matches no instruction (the kernel's "
                "instructions: first, second)"),
            std::string::npos)
      << no_dependency;
  std::string no_target = error_message<Error>([&] { add_dependency(kernel, "secnd", "first"); });
  EXPECT_NE(
      no_target.find(
          "add_dependency: insn_match 'secnd' matches no instruction (did you mean 'second'?)"),
      std::string::npos)
      << no_target;
  std::string cycle = error_message<Error>(
      [&] { add_dependency(test_kernels::ordered_by_dep(), "id:double", "id:reverse"); });
  EXPECT_NE(cycle.find("add_dependency: making double depend on reverse would close a cycle: "
                       "dependency cycle: "),
            std::string::npos)
      << cycle;
  std::string self = error_message<Error>([&] { add_dependency(kernel, "first", "first"); });
  EXPECT_NE(self.find("dependency cycle: first -> first"), std::string::npos) << self;
  std::string syntax =
      error_message<ParseError>([&] { add_dependency(kernel, "id:first and", "second"); });
  EXPECT_NE(syntax.find("missing operand"), std::string::npos) << syntax;
}

TEST(AddDependency, ThroughTheRegistry) {
  LoopKernel kernel = two_independent_loops();
  LoopKernel ordered = apply_transform(
      kernel, {"add_dependency",
               {{"insn_match", std::string("id:first")}, {"depends_on", std::string("second")}}});
  EXPECT_EQ(ordered.find_instruction("first")->depends_on, (std::set<std::string>{"second"}));
  ASSERT_EQ(ordered.applied_transforms.size(), 1u);
  EXPECT_EQ(ordered.applied_transforms[0].call,
            "add_dependency(insn_match=\"id:first\", depends_on=\"second\")");
  expect_matches_reference(ordered, kernel, {{"n", 13}});
  std::string missing = error_message<Error>([&] {
    apply_transform(kernel, {"add_dependency", {{"insn_match", std::string("id:first")}}});
  });
  EXPECT_NE(missing.find("add_dependency: missing parameter 'depends_on'"), std::string::npos)
      << missing;
}

}  // namespace
}  // namespace loom
