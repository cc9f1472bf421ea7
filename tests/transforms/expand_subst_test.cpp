// expand_subst: full and selective expansion (plain and stack matches), rule variants, dropped
// and kept rules, executed equivalence, and refusals.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

LoopKernel nested_rules() {
  return make_kernel({"{[i]: 0<=i<n}"},
                     "f(x) := 2*x\n"
                     "g(y) := f(y) + 1\n"
                     "unused(z) := z*z\n"
                     "a[i] = g(b[i]) {id=s1}\n"
                     "c[i] = g(b[i]) + f(3) {id=s2}",
                     {array_arg("a, b, c", DType::Float64, {"n"})});
}

std::vector<std::string> rules_of(const LoopKernel& kernel) {
  std::vector<std::string> names;
  for (const auto& [name, rule] : kernel.substitutions) names.push_back(name);
  return names;
}

TEST(ExpandSubst, EverythingByDefault) {
  LoopKernel kernel = nested_rules();
  LoopKernel expanded = expand_subst(kernel);
  EXPECT_TRUE(expanded.substitutions.empty());
  EXPECT_EQ(to_string(expanded.find_instruction("s1")->expression), "2*b[i] + 1");
  EXPECT_EQ(to_string(expanded.find_instruction("s2")->expression), "2*b[i] + 1 + 2*3");
  for (int64_t n : {1, 7, 13}) expect_matches_reference(expanded, kernel, {{"n", n}});
  LoopKernel squares = test_kernels::substitution_rule_used_twice();
  LoopKernel plain = expand_subst(squares);
  EXPECT_EQ(to_string(plain.instructions[0].expression), "a[i]*a[i] + (a[i] + 1)*(a[i] + 1)");
  for (int64_t n : {1, 5}) expect_matches_reference(plain, squares, {{"n", n}});
}

TEST(ExpandSubst, WithinKeepsRulesStillUsedElsewhere) {
  LoopKernel kernel = nested_rules();
  LoopKernel expanded = expand_subst(kernel, {.within = "id:s1"});
  EXPECT_EQ(to_string(expanded.find_instruction("s1")->expression), "2*b[i] + 1");
  EXPECT_EQ(to_string(expanded.find_instruction("s2")->expression), "g(b[i]) + f(3)");
  // f and g stay for s2; the rule nothing invokes goes (loopy's finish_kernel).
  EXPECT_EQ(rules_of(expanded), (std::vector<std::string>{"f", "g"}));
  EXPECT_EQ(to_string(expanded.substitutions.at("g").expression), "f(y) + 1");
  for (int64_t n : {1, 7, 13}) expect_matches_reference(expanded, kernel, {{"n", n}});
}

TEST(ExpandSubst, StackMatchMakesVariants) {
  LoopKernel kernel = nested_rules();
  // Only the f that g invokes inside s1: g splits into g (for s2) and g_0 (for s1).
  LoopKernel inner = expand_subst(kernel, {.within = "id:s1 > id:g > id:f"});
  EXPECT_EQ(to_string(inner.find_instruction("s1")->expression), "g_0(b[i])");
  EXPECT_EQ(to_string(inner.find_instruction("s2")->expression), "g(b[i]) + f(3)");
  EXPECT_EQ(rules_of(inner), (std::vector<std::string>{"f", "g", "g_0"}));
  EXPECT_EQ(to_string(inner.substitutions.at("g").expression), "f(y) + 1");
  EXPECT_EQ(to_string(inner.substitutions.at("g_0").expression), "2*y + 1");
  EXPECT_EQ(inner.substitutions.at("g_0").parameters, (std::vector<std::string>{"y"}));
  for (int64_t n : {1, 7}) expect_matches_reference(inner, kernel, {{"n", n}});
  // f everywhere, at any depth: g is changed alike at both invocations and keeps its name.
  LoopKernel everywhere = expand_subst(kernel, {.within = "... > id:f"});
  EXPECT_EQ(rules_of(everywhere), (std::vector<std::string>{"g"}));
  EXPECT_EQ(to_string(everywhere.substitutions.at("g").expression), "2*y + 1");
  EXPECT_EQ(to_string(everywhere.find_instruction("s2")->expression), "g(b[i]) + 2*3");
  for (int64_t n : {1, 13}) expect_matches_reference(everywhere, kernel, {{"n", n}});
  // `$`: g itself where it is the innermost level, f kept inside it.
  LoopKernel outer_only = expand_subst(kernel, {.within = "id:s2 > id:g $"});
  EXPECT_EQ(to_string(outer_only.find_instruction("s2")->expression), "f(b[i]) + 1 + f(3)");
  for (int64_t n : {1, 7}) expect_matches_reference(outer_only, kernel, {{"n", n}});
}

TEST(ExpandSubst, ReductionsInsideRules) {
  LoopKernel reference = test_kernels::matmul();
  LoopKernel with_rule = reduction_arg_to_subst_rule(reference, {"k"});
  LoopKernel expanded = expand_subst(with_rule);
  EXPECT_EQ(to_string(expanded.instructions[0].expression),
            to_string(reference.instructions[0].expression));
  for (int64_t n : {1, 7}) expect_matches_reference(expanded, reference, {{"n", n}});
}

TEST(ExpandSubst, Refusals) {
  LoopKernel kernel = nested_rules();
  std::string nothing =
      error_message<Error>([&] { expand_subst(kernel, {.within = "id:nothere"}); });
  EXPECT_NE(nothing.find("expand_subst: within='id:nothere' selects no substitution rule "
                         "invocation (its rules: f, g, "
                         "unused)"),
            std::string::npos)
      << nothing;
  std::string unknown =
      error_message<Error>([&] { expand_subst(kernel, {.within = "id:s1 > id:h"}); });
  EXPECT_NE(unknown.find("expand_subst: within='id:s1 > id:h' names substitution rule 'h', which "
                         "the kernel does not "
                         "define (its rules: f, g, unused)"),
            std::string::npos)
      << unknown;
  std::string writes =
      error_message<Error>([&] { expand_subst(kernel, {.within = "id:s1 > writes:a"}); });
  EXPECT_NE(writes.find("'writes:' cannot select a substitution rule invocation"),
            std::string::npos)
      << writes;
  LoopKernel recursive = make_kernel({"{[i]: 0<=i<n}"}, "f(x) := f(x) + 1\na[i] = f(b[i])",
                                     {array_arg("a, b", DType::Float64, {"n"})});
  std::string loop = error_message<Error>([&] { expand_subst(recursive); });
  EXPECT_NE(loop.find("expand_subst: substitution rule 'f' expands recursively"), std::string::npos)
      << loop;
}

}  // namespace
}  // namespace loom
