// Printing a kernel gives text that parses back to the same kernel.
#include <gtest/gtest.h>

#include "test_kernels.hpp"

namespace loom {
namespace {

std::vector<std::string> domain_texts(const LoopKernel& kernel) {
  std::vector<std::string> texts;
  for (const Domain& domain : kernel.domains) texts.push_back(domain.text);
  return texts;
}

void expect_same_instruction(const Instruction& a, const Instruction& b) {
  SCOPED_TRACE("instruction " + a.id);
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(a.kind, b.kind);
  ASSERT_EQ(a.assignees.size(), b.assignees.size());
  for (std::size_t i = 0; i < a.assignees.size(); ++i) EXPECT_TRUE(structurally_equal(*a.assignees[i], *b.assignees[i]));
  ASSERT_EQ(a.expression == nullptr, b.expression == nullptr);
  if (a.expression) {
    EXPECT_TRUE(structurally_equal(*a.expression, *b.expression)) << to_string(a.expression);
  }
  EXPECT_EQ(a.within_inames, b.within_inames);
  EXPECT_EQ(a.depends_on, b.depends_on);
  EXPECT_EQ(a.tags, b.tags);
  EXPECT_EQ(a.priority, b.priority);
  ASSERT_EQ(a.predicates.size(), b.predicates.size());
  for (std::size_t i = 0; i < a.predicates.size(); ++i) EXPECT_TRUE(structurally_equal(*a.predicates[i], *b.predicates[i]));
}

class RoundTrip : public ::testing::TestWithParam<test_kernels::Entry> {};

TEST_P(RoundTrip, PrintedInstructionsParseToTheSameKernel) {
  LoopKernel original = GetParam().make();
  std::string text = instructions_text(original);
  SCOPED_TRACE(text);
  LoopKernel reparsed = make_kernel(domain_texts(original), text, original.args,
                                    {.name = original.name, .assumptions = original.assumptions_text});
  ASSERT_EQ(original.instructions.size(), reparsed.instructions.size());
  for (std::size_t i = 0; i < original.instructions.size(); ++i) {
    expect_same_instruction(original.instructions[i], reparsed.instructions[i]);
  }
  ASSERT_EQ(original.temporaries.size(), reparsed.temporaries.size());
  for (std::size_t i = 0; i < original.temporaries.size(); ++i) {
    EXPECT_EQ(original.temporaries[i].name, reparsed.temporaries[i].name);
    EXPECT_EQ(original.temporaries[i].dtype, reparsed.temporaries[i].dtype);
    EXPECT_EQ(original.temporaries[i].shape.size(), reparsed.temporaries[i].shape.size());
  }
  EXPECT_EQ(original.substitutions.size(), reparsed.substitutions.size());
  EXPECT_EQ(instructions_text(reparsed), text);
  EXPECT_EQ(generate_code(reparsed, Target::C).source, generate_code(original, Target::C).source);
}

INSTANTIATE_TEST_SUITE_P(Catalogue, RoundTrip, ::testing::ValuesIn(test_kernels::catalogue()),
                         [](const auto& info) { return info.param.name; });

class CatalogueKernel : public ::testing::TestWithParam<test_kernels::Entry> {};

TEST_P(CatalogueKernel, MatchesItsReference) {
  LoopKernel kernel = GetParam().make();
  CheckResult result = check_against_reference(kernel, kernel, GetParam().parameters, GetParam().options);
  EXPECT_TRUE(result.passed) << result.report();
}

INSTANTIATE_TEST_SUITE_P(Catalogue, CatalogueKernel, ::testing::ValuesIn(test_kernels::catalogue()),
                         [](const auto& info) { return info.param.name; });

}  // namespace
}  // namespace loom
