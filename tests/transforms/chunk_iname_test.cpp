// chunk_iname: the chunk length for constant extents (a split by ceil(extent/num_chunks)),
// equivalence, the recorded call, and the refusal of parametric extents.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

LoopKernel scale_of_extent(int64_t low, int64_t extent) {
  std::string domain = "{[i]: " + std::to_string(low) + "<=i<" + std::to_string(low + extent) + "}";
  std::string index = "i - " + std::to_string(low);
  return make_kernel({domain}, "out[" + index + "] = 2*a[" + index + "] + i",
                     {array_arg("a, out", DType::Float32, {std::to_string(extent)})},
                     {.name = "scale"});
}

TEST(ChunkIname, ConstantExtentsSplitByTheChunkLength) {
  // extent → chunk length for 4 chunks: ceil(extent/4), at least 1.
  const std::vector<std::pair<int64_t, int64_t>> cases = {
      {0, 1}, {1, 1}, {9, 3}, {13, 4}, {100, 25}};
  for (const auto& [extent, length] : cases) {
    LoopKernel reference = scale_of_extent(0, extent);
    LoopKernel chunked = chunk_iname(reference, "i", 4);
    EXPECT_EQ(chunked.all_inames(), (std::vector<std::string>{"i_outer", "i_inner"}));
    ASSERT_FALSE(chunked.iname_rewrites.empty());
    EXPECT_EQ(chunked.iname_rewrites.back().transform, "chunk_iname");
    EXPECT_EQ(chunked.iname_rewrites.back().relation, "i = " + std::to_string(length) +
                                                          "*i_outer + i_inner and 0 <= i_inner < " +
                                                          std::to_string(length))
        << "extent " << extent;
    // Code generation cannot yet emit a loop whose domain is empty for every parameter value
    // (isl returns no AST for it), so the empty extent is checked for its length only.
    if (extent > 0) expect_matches_reference(chunked, reference, {});
  }
}

TEST(ChunkIname, FourChunksOfAHundred) {
  LoopKernel reference = scale_of_extent(0, 100);
  LoopKernel chunked = chunk_iname(reference, "i", 4);
  std::string source = generate_code(chunked, Target::C).source;
  std::string body = source.substr(source.find("void scale("));
  EXPECT_NE(body.find("i_outer <= 3"), std::string::npos) << body;
  EXPECT_NE(body.find("i_inner <= 24"), std::string::npos) << body;
  EXPECT_EQ(body.find("loom_min"), std::string::npos) << body;
  ASSERT_EQ(chunked.applied_transforms.size(), 1u);
  EXPECT_EQ(chunked.applied_transforms[0].name, "chunk_iname");
  EXPECT_EQ(chunked.applied_transforms[0].call, "chunk_iname(iname=\"i\", num_chunks=4)");
}

TEST(ChunkIname, OffsetRangeNamesAndTags) {
  LoopKernel reference = scale_of_extent(5, 13);  // 5 <= i < 18
  LoopKernel chunked = chunk_iname(
      reference, "i", 3,
      {.outer_iname = "chunk", .inner_iname = "lane", .outer_tag = "g.0", .inner_tag = "l.0"});
  EXPECT_EQ(chunked.all_inames(), (std::vector<std::string>{"chunk", "lane"}));
  EXPECT_EQ(chunked.tag_of("chunk"), (InameTag{InameTag::Kind::Group, 0}));
  EXPECT_EQ(chunked.tag_of("lane"), (InameTag{InameTag::Kind::Local, 0}));
  EXPECT_NE(chunked.iname_rewrites.back().relation.find("i = 5*chunk + lane"), std::string::npos);
  expect_matches_reference(chunked, reference, {});
}

TEST(ChunkIname, ParametricExtentIsRefusedUntilFixed) {
  LoopKernel reference = test_kernels::vector_scale();
  std::string message = error_message<Error>([&] { chunk_iname(reference, "i", 4); });
  EXPECT_NE(message.find("chunk_iname: the extent of 'i' (n) is not constant, so the chunk length "
                         "ceil(n/4) is not "
                         "affine; use split_iname with a fixed length, or fix_parameters first"),
            std::string::npos)
      << message;
  LoopKernel shifted =
      make_kernel({"{[i]: 0<=i<n+2}"}, "out[i] = 1", {array_arg("out", DType::Float32, {"n+2"})});
  std::string compound = error_message<Error>([&] { chunk_iname(shifted, "i", 3); });
  EXPECT_NE(compound.find(
                "the extent of 'i' (n + 2) is not constant, so the chunk length ceil((n + 2)/3)"),
            std::string::npos)
      << compound;
  // Constant under the assumptions is constant.
  LoopKernel assumed = assume(reference, "n = 37");
  LoopKernel chunked = chunk_iname(assumed, "i", 4);
  EXPECT_NE(chunked.iname_rewrites.back().relation.find("10*i_outer"), std::string::npos);
  expect_matches_reference(chunked, reference, {{"n", 37}});
  LoopKernel fixed = fix_parameters(reference, {{"n", 37}});
  for (int64_t chunks : {1, 2, 5, 37, 40})
    expect_matches_reference(chunk_iname(fixed, "i", chunks), fixed, {});
}

TEST(ChunkIname, Refusals) {
  LoopKernel kernel = scale_of_extent(0, 16);
  std::string count = error_message<Error>([&] { chunk_iname(kernel, "i", 0); });
  EXPECT_NE(count.find("chunk_iname(\"i\", 0): num_chunks must be at least 1, got 0"),
            std::string::npos)
      << count;
  std::string unknown = error_message<Error>([&] { chunk_iname(kernel, "q", 2); });
  EXPECT_NE(unknown.find("chunk_iname: unknown iname 'q'"), std::string::npos) << unknown;
  std::string tagged =
      error_message<Error>([&] { chunk_iname(tag_inames(kernel, "i:l.0"), "i", 2); });
  EXPECT_NE(tagged.find("chunk_iname(\"i\", 2) (a split by the chunk length 8): split_iname(\"i\", "
                        "8): iname 'i' is "
                        "tagged l.0"),
            std::string::npos)
      << tagged;
  std::string clash =
      error_message<Error>([&] { chunk_iname(kernel, "i", 2, {.outer_iname = "out"}); });
  EXPECT_NE(clash.find("the name 'out' is already used"), std::string::npos) << clash;
}

}  // namespace
}  // namespace loom
