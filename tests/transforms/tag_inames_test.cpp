// tag_inames: forms (string, map, globs, like./unused.), equivalence on the C target (where g/l
// inames run as loops), and refusals.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

TEST(TagInames, StringMapAndGlobForms) {
  LoopKernel matmul = test_kernels::matmul();
  LoopKernel split = split_iname(split_iname(matmul, "i", 4), "j", 4);
  LoopKernel tagged = tag_inames(split, "i_outer:g.0, j_outer:g.1, i_inner:l.1, j_inner:l.0");
  LoopKernel mapped = tag_inames(split, std::map<std::string, std::string>{
                                            {"i_outer", "g.0"}, {"j_outer", "g.1"}, {"i_inner", "l.1"}, {"j_inner", "l.0"}});
  EXPECT_EQ(tagged.iname_tags, mapped.iname_tags);
  LoopKernel globbed = tag_inames(split, "*_inner:unr");
  EXPECT_EQ(globbed.tag_of("i_inner").kind, InameTag::Kind::Unroll);
  EXPECT_EQ(globbed.tag_of("j_inner").kind, InameTag::Kind::Unroll);
  for (int64_t n : {1, 8, 11}) expect_matches_reference(tagged, matmul, {{"n", n}});
}

TEST(TagInames, LikeAndUnusedAxes) {
  LoopKernel kernel = make_kernel({"{[i,j,k]: 0<=i,j,k<n}"}, "out[i, j, k] = a[i, j, k]",
                                  {array_arg("a, out", DType::Float32, {"n", "n", "n"})});
  LoopKernel tagged = tag_inames(tag_inames(kernel, "i:l.0"), "j:unused.l, k:like.i");
  EXPECT_EQ(tagged.tag_of("j"), (InameTag{InameTag::Kind::Local, 1}));
  EXPECT_EQ(tagged.tag_of("k"), (InameTag{InameTag::Kind::Local, 0}));
}

TEST(TagInames, SameTagTwiceIsAccepted) {
  LoopKernel kernel = tag_inames(test_kernels::vector_scale(), "i:g.0");
  EXPECT_NO_THROW(tag_inames(kernel, "i:g.0"));
}

TEST(TagInames, Refusals) {
  LoopKernel kernel = test_kernels::vector_scale();
  std::string unknown = error_message<Error>([&] { tag_inames(kernel, "q:l.0"); });
  EXPECT_NE(unknown.find("tag_inames: 'q' matches no iname (the kernel's inames: i)"), std::string::npos) << unknown;
  std::string bad_tag = error_message<Error>([&] { tag_inames(kernel, "i:l.7"); });
  EXPECT_NE(bad_tag.find("unknown iname tag 'l.7'"), std::string::npos) << bad_tag;
  std::string malformed = error_message<Error>([&] { tag_inames(kernel, "i l.0"); });
  EXPECT_NE(malformed.find("is not 'iname:tag'"), std::string::npos) << malformed;
  std::string second = error_message<Error>([&] { tag_inames(tag_inames(kernel, "i:l.0"), "i:g.0"); });
  EXPECT_NE(second.find("iname 'i' is already tagged l.0; an iname has one implementation tag"), std::string::npos)
      << second;
}

}  // namespace
}  // namespace loom
