// tag_instructions: the tag lands on the matched instructions only, later matches select by it,
// results unchanged; refusals.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

TEST(TagInstructions, TagsTheMatchedInstructionsAndLaterMatchesUseIt) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"},
                                  "b[i] = 2*a[i] {id=double}\n"
                                  "c[i] = 3*a[i] {id=triple}",
                                  {array_arg("a, b, c", DType::Float32, {"n"})});
  LoopKernel tagged = tag_instructions(kernel, "hot", "id:triple");
  EXPECT_EQ(tagged.find_instruction("triple")->tags, (std::set<std::string>{"hot"}));
  EXPECT_TRUE(tagged.find_instruction("double")->tags.empty());
  EXPECT_NE(instructions_text(tagged).find("tags=hot"), std::string::npos)
      << instructions_text(tagged);
  // A later transform selects by the tag: only 'triple' moves to the split inames.
  LoopKernel split = split_iname(tagged, "i", 4, {.within = "tag:hot"});
  EXPECT_EQ(split.find_instruction("triple")->within_inames,
            (std::set<std::string>{"i_outer", "i_inner"}));
  EXPECT_EQ(split.find_instruction("double")->within_inames, (std::set<std::string>{"i"}));
  for (int64_t n : {0, 1, 19}) {
    expect_matches_reference(tagged, kernel, {{"n", n}});
    expect_matches_reference(split, kernel, {{"n", n}});
  }
}

TEST(TagInstructions, EveryInstructionWithoutWithin) {
  LoopKernel tagged =
      tag_instructions(tag_instructions(test_kernels::ordered_by_dep(), "first"), "second");
  for (const Instruction& instruction : tagged.instructions) {
    EXPECT_EQ(instruction.tags, (std::set<std::string>{"first", "second"})) << instruction.id;
  }
}

TEST(TagInstructions, Refusals) {
  LoopKernel kernel = test_kernels::ordered_by_dep();
  std::string bad_tag = error_message<Error>([&] { tag_instructions(kernel, "two words"); });
  EXPECT_NE(bad_tag.find("tag_instructions: tag 'two words' is not an identifier"),
            std::string::npos)
      << bad_tag;
  std::string no_match = error_message<Error>([&] { tag_instructions(kernel, "hot", "id:nope"); });
  EXPECT_NE(no_match.find("tag_instructions: within 'id:nope' matches no instruction"),
            std::string::npos)
      << no_match;
}

TEST(TagInstructions, ThroughTheRegistry) {
  LoopKernel kernel = test_kernels::ordered_by_dep();
  LoopKernel tagged = apply_transform(
      kernel,
      {"tag_instructions", {{"new_tag", std::string("hot")}, {"within", std::string("double")}}});
  EXPECT_EQ(tagged.find_instruction("double")->tags, (std::set<std::string>{"hot"}));
  EXPECT_TRUE(tagged.find_instruction("reverse")->tags.empty());
  EXPECT_EQ(tagged.applied_transforms.back().call,
            "tag_instructions(new_tag=\"hot\", within=\"double\")");
  LoopKernel all = apply_transform(
      kernel,
      {"tag_instructions", {{"new_tag", std::string("hot")}, {"within", std::monostate{}}}});
  EXPECT_EQ(all.find_instruction("reverse")->tags, (std::set<std::string>{"hot"}));
  expect_matches_reference(all, kernel, {{"n", 6}});
}

}  // namespace
}  // namespace loom
