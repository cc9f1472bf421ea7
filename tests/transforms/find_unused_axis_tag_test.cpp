// find_unused_axis_tag: the lowest free axis of each kind, use with tag_inames, and refusals.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;

LoopKernel cube() {
  return make_kernel({"{[i,j,k]: 0<=i,j,k<n}"}, "out[i, j, k] = a[i, j, k]",
                     {array_arg("a, out", DType::Float32, {"n", "n", "n"})});
}

TEST(FindUnusedAxisTag, LowestFreeAxis) {
  LoopKernel kernel = cube();
  EXPECT_EQ(find_unused_axis_tag(kernel, "g"), "g.0");
  EXPECT_EQ(find_unused_axis_tag(kernel, "l"), "l.0");
  LoopKernel tagged = tag_inames(kernel, "i:g.0, j:l.1");
  EXPECT_EQ(find_unused_axis_tag(tagged, "g"), "g.1");
  EXPECT_EQ(find_unused_axis_tag(tagged, "l"), "l.0") << "a gap is filled first";
  LoopKernel more = tag_inames(tagged, {{"k", find_unused_axis_tag(tagged, "l")}});
  EXPECT_EQ(more.tag_of("k"), (InameTag{InameTag::Kind::Local, 0}));
  EXPECT_EQ(find_unused_axis_tag(more, "l"), "l.2");
  testing::expect_matches_reference(more, kernel, {{"n", 5}});
}

TEST(FindUnusedAxisTag, Refusals) {
  LoopKernel full = tag_inames(cube(), "i:l.0, j:l.1, k:l.2");
  std::string exhausted = error_message<Error>([&] { find_unused_axis_tag(full, "l"); });
  EXPECT_NE(exhausted.find("find_unused_axis_tag: every local axis (l.0-l.2) is already used"),
            std::string::npos)
      << exhausted;
  EXPECT_EQ(find_unused_axis_tag(full, "g"), "g.0");
  std::string kind = error_message<Error>([&] { find_unused_axis_tag(full, "local"); });
  EXPECT_NE(kind.find("find_unused_axis_tag: kind must be \"g\" (group axes) or \"l\" (local "
                      "axes), got \"local\""),
            std::string::npos)
      << kind;
}

}  // namespace
}  // namespace loom
