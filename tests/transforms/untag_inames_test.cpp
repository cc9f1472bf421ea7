// untag_inames: tags removed (and the generated code back to a loop), equivalence, re-tagging,
// and refusals.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

TEST(UntagInames, UnrolledLoopBecomesALoopAgain) {
  LoopKernel reference = test_kernels::vector_scale();
  LoopKernel unrolled = tag_inames(split_iname(reference, "i", 4), "i_inner:unr");
  std::string unrolled_source = generate_code(unrolled, Target::C).source;
  EXPECT_EQ(unrolled_source.find("for (int32_t i_inner"), std::string::npos) << unrolled_source;
  LoopKernel untagged = untag_inames(unrolled, {"i_inner"});
  EXPECT_EQ(untagged.tag_of("i_inner").kind, InameTag::Kind::Sequential);
  EXPECT_EQ(untagged.iname_tags.count("i_inner"), 0u);
  std::string source = generate_code(untagged, Target::C).source;
  EXPECT_NE(source.find("for (int32_t i_inner"), std::string::npos) << source;
  for (int64_t n : {0, 1, 7, 13}) expect_matches_reference(untagged, reference, {{"n", n}});
}

TEST(UntagInames, UntagThenTagDifferently) {
  LoopKernel matmul = test_kernels::matmul();
  LoopKernel tagged = tag_inames(matmul, "i:g.0, j:l.0");
  LoopKernel untagged = untag_inames(tagged, {"i", "j", "k"});  // k has no tag: nothing to do
  EXPECT_TRUE(untagged.iname_tags.empty());
  LoopKernel retagged = tag_inames(untag_inames(tagged, {"j"}), "j:l.1");
  EXPECT_EQ(retagged.tag_of("j"), (InameTag{InameTag::Kind::Local, 1}));
  EXPECT_EQ(retagged.tag_of("i"), (InameTag{InameTag::Kind::Group, 0}));
  for (int64_t n : {1, 5, 11}) expect_matches_reference(retagged, matmul, {{"n", n}});
  ASSERT_FALSE(untagged.applied_transforms.empty());
  EXPECT_EQ(untagged.applied_transforms.back().name, "untag_inames");
}

TEST(UntagInames, Refusals) {
  LoopKernel kernel = tag_inames(test_kernels::vector_scale(), "i:l.0");
  std::string unknown = error_message<Error>([&] { untag_inames(kernel, {"i", "q"}); });
  EXPECT_NE(unknown.find("untag_inames: unknown iname 'q' (the kernel's inames: i)"),
            std::string::npos)
      << unknown;
  std::string empty = error_message<Error>([&] { untag_inames(kernel, {}); });
  EXPECT_NE(empty.find("untag_inames: give at least one iname"), std::string::npos) << empty;
}

}  // namespace
}  // namespace loom
