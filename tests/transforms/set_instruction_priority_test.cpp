// set_instruction_priority: the priority lands on the matched instructions only, is printed and
// parsed back, results unchanged; refusals.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

TEST(SetInstructionPriority, SetsTheMatchedInstructionsOnly) {
  LoopKernel kernel = test_kernels::ordered_by_dep();
  LoopKernel result = set_instruction_priority(kernel, "id:reverse", 5);
  EXPECT_EQ(result.find_instruction("reverse")->priority, 5);
  EXPECT_EQ(result.find_instruction("double")->priority, 0);
  std::string text = instructions_text(result);
  EXPECT_NE(text.find("priority=5"), std::string::npos) << text;
  LoopKernel reparsed = make_kernel({"{[i]: 0<=i<n}", "{[ii]: 0<=ii<n}"}, text,
                                    {array_arg("a, b, c", DType::Float32, {"n"})});
  EXPECT_EQ(reparsed.find_instruction("reverse")->priority, 5);
  LoopKernel lowered = set_instruction_priority(result, "all", -3);
  EXPECT_EQ(lowered.find_instruction("reverse")->priority, -3);
  EXPECT_EQ(lowered.find_instruction("double")->priority, -3);
  for (int64_t n : {0, 1, 19}) expect_matches_reference(lowered, kernel, {{"n", n}});
}

TEST(SetInstructionPriority, Refusals) {
  LoopKernel kernel = test_kernels::ordered_by_dep();
  std::string no_match =
      error_message<Error>([&] { set_instruction_priority(kernel, "tag:hot", 1); });
  EXPECT_NE(no_match.find("set_instruction_priority: insn_match 'tag:hot' matches no instruction"),
            std::string::npos)
      << no_match;
  std::string range =
      error_message<Error>([&] { set_instruction_priority(kernel, "double", int64_t{1} << 40); });
  EXPECT_NE(range.find("set_instruction_priority: priority 1099511627776 is outside the range of a "
                       "32-bit integer"),
            std::string::npos)
      << range;
}

TEST(SetInstructionPriority, ThroughTheRegistry) {
  LoopKernel kernel = test_kernels::ordered_by_dep();
  LoopKernel result = apply_transform(
      kernel, {"set_instruction_priority",
               {{"insn_match", std::string("id:double")}, {"priority", int64_t{7}}}});
  EXPECT_EQ(result.find_instruction("double")->priority, 7);
  EXPECT_EQ(result.find_instruction("reverse")->priority, 0);
  EXPECT_EQ(result.applied_transforms.back().call,
            "set_instruction_priority(insn_match=\"id:double\", priority=7)");
  std::string wrong_type = error_message<Error>([&] {
    apply_transform(
        kernel, {"set_instruction_priority",
                 {{"insn_match", std::string("id:double")}, {"priority", std::string("high")}}});
  });
  EXPECT_NE(wrong_type.find("parameter 'priority' must be an integer"), std::string::npos)
      << wrong_type;
}

}  // namespace
}  // namespace loom
