// split_iname: executed equivalence at sizes that do and do not divide the split, generated-code
// properties, and refusals.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

TEST(SplitIname, VectorScaleAtDividingAndRaggedSizes) {
  LoopKernel reference = test_kernels::vector_scale();
  LoopKernel split = split_iname(reference, "i", 16);
  EXPECT_EQ(split.all_inames(), (std::vector<std::string>{"i_outer", "i_inner"}));
  for (int64_t n : {0, 1, 15, 16, 17, 97, 256}) expect_matches_reference(split, reference, {{"n", n}});
}

TEST(SplitIname, AssumptionRemovesTheGuard) {
  LoopKernel plain = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*a[i]", {array_arg("a, out", DType::Float32, {"n"})},
                                 {.name = "scale", .assumptions = "n mod 16 = 0 and n >= 0"});
  std::string source = generate_code(split_iname(plain, "i", 16), Target::C).source;
  std::string body = source.substr(source.find("void scale("));
  EXPECT_EQ(body.find("loom_min"), std::string::npos) << body;
  EXPECT_NE(body.find("i_inner <= 15"), std::string::npos) << body;
  EXPECT_EQ(body.find("if ("), std::string::npos) << body;
}

TEST(SplitIname, ReductionInameAndMatmul) {
  LoopKernel reference = test_kernels::matmul();
  LoopKernel split = split_iname(split_iname(split_iname(reference, "i", 4), "j", 3), "k", 5);
  for (int64_t n : {1, 7, 12, 13}) expect_matches_reference(split, reference, {{"n", n}});
  std::string text = instructions_text(split);
  EXPECT_NE(text.find("sum((k_outer, k_inner)"), std::string::npos) << text;
}

TEST(SplitIname, TagsAndNamesAndWithin) {
  LoopKernel reference = test_kernels::ordered_by_dep();
  LoopKernel split = split_iname(reference, "i", 8, {.outer_iname = "blk", .inner_iname = "lane", .outer_tag = "g.0",
                                                     .inner_tag = "l.0", .within = "id:double"});
  EXPECT_EQ(split.tag_of("blk"), (InameTag{InameTag::Kind::Group, 0}));
  EXPECT_EQ(split.tag_of("lane"), (InameTag{InameTag::Kind::Local, 0}));
  EXPECT_EQ(split.find_instruction("double")->within_inames, (std::set<std::string>{"blk", "lane"}));
  EXPECT_EQ(split.find_instruction("reverse")->within_inames, (std::set<std::string>{"ii"}));
  for (int64_t n : {1, 9, 19}) expect_matches_reference(split, reference, {{"n", n}});
}

TEST(SplitIname, UniquifiesGeneratedNames) {
  LoopKernel kernel = make_kernel({"{[i, i_outer]: 0<=i<n and 0<=i_outer<2}"}, "out[i_outer, i] = a[i]",
                                  {array_arg("a", DType::Float32, {"n"}), array_arg("out", DType::Float32, {"2", "n"})});
  LoopKernel split = split_iname(kernel, "i", 4);
  EXPECT_EQ(split.all_inames(), (std::vector<std::string>{"i_outer_0", "i_inner", "i_outer"}));
  expect_matches_reference(split, kernel, {{"n", 10}});
}

TEST(SplitIname, Refusals) {
  LoopKernel kernel = test_kernels::vector_scale();
  std::string unknown = error_message<Error>([&] { split_iname(kernel, "q", 16); });
  EXPECT_NE(unknown.find("split_iname: unknown iname 'q'"), std::string::npos) << unknown;
  std::string length = error_message<Error>([&] { split_iname(kernel, "i", 0); });
  EXPECT_NE(length.find("inner_length must be at least 1"), std::string::npos) << length;
  LoopKernel tagged = tag_inames(kernel, "i:l.0");
  std::string parallel = error_message<Error>([&] { split_iname(tagged, "i", 16); });
  EXPECT_NE(parallel.find("split_iname(\"i\", 16): iname 'i' is tagged l.0; untag it first or split before tagging"),
            std::string::npos)
      << parallel;
  std::string clash = error_message<Error>([&] { split_iname(kernel, "i", 4, {.outer_iname = "a"}); });
  EXPECT_NE(clash.find("the name 'a' is already used"), std::string::npos) << clash;
}

TEST(SplitIname, ThroughTheRegistry) {
  LoopKernel kernel = test_kernels::vector_scale();
  TransformCall call{"split_iname", {{"iname", std::string("i")}, {"inner_length", int64_t{16}},
                                     {"outer_tag", std::string("g.0")}}};
  LoopKernel split = apply_transform(kernel, call);
  EXPECT_EQ(split.tag_of("i_outer"), (InameTag{InameTag::Kind::Group, 0}));
  ASSERT_EQ(split.applied_transforms.size(), 1u);
  EXPECT_EQ(split.applied_transforms[0].call, "split_iname(iname=\"i\", inner_length=16, outer_tag=\"g.0\")");
  std::string misspelled = error_message<Error>([&] {
    apply_transform(kernel, {"split_iname", {{"iname", std::string("i")}, {"inner_lenght", int64_t{16}}}});
  });
  EXPECT_NE(misspelled.find("unknown parameter 'inner_lenght' (did you mean 'inner_length'?)"), std::string::npos)
      << misspelled;
  std::string wrong_type = error_message<Error>([&] {
    apply_transform(kernel, {"split_iname", {{"iname", std::string("i")}, {"inner_length", std::string("16x")}}});
  });
  EXPECT_NE(wrong_type.find("parameter 'inner_length' must be an integer, got \"16x\""), std::string::npos) << wrong_type;
  std::string unknown = error_message<Error>([&] { apply_transform(kernel, {"split_inam", {}}); });
  EXPECT_NE(unknown.find("unknown transform 'split_inam' (did you mean 'split_iname'?)"), std::string::npos) << unknown;
}

}  // namespace
}  // namespace loom

namespace loom {
namespace {

TEST(SplitIname, WithinMayNameTheSplitIname) {
  LoopKernel kernel = make_kernel({"{[i,j]: 0<=i,j<n}"}, "a[i] = 1 {id=x}\nb[j] = 2 {id=y}",
                                  {array_arg("a, b", DType::Float32, {"n"})});
  LoopKernel split = split_iname(kernel, "i", 4);
  LoopKernel again = split_iname(split, "j", 2, {.within = "iname:j"});
  EXPECT_EQ(again.find_instruction("y")->within_inames, (std::set<std::string>{"j_outer", "j_inner"}));
  // "iname:i" still selects x, which is now within i_outer and i_inner.
  LoopKernel deeper = split_iname(again, "i_inner", 2, {.within = "iname:i"});
  EXPECT_EQ(deeper.find_instruction("x")->within_inames,
            (std::set<std::string>{"i_outer", "i_inner_outer", "i_inner_inner"}));
  testing::expect_matches_reference(deeper, kernel, {{"n", 9}});
}

}  // namespace
}  // namespace loom

namespace loom {
namespace {

TEST(SplitIname, SlabsGiveAGuardFreeBulk) {
  LoopKernel kernel = test_kernels::vector_scale();
  LoopKernel plain = split_iname(kernel, "i", 16);
  LoopKernel slabbed = split_iname(kernel, "i", 16, {.slabs = {0, 1}});
  std::string plain_body = generate_code(plain, Target::C).source;
  std::string body = generate_code(slabbed, Target::C).source;
  body = body.substr(body.find("void vector_scale("));
  // The bulk loop runs whole tiles (i_inner <= 15, no min); the tail is a separate loop.
  EXPECT_NE(body.find("i_inner <= 15"), std::string::npos) << body;
  EXPECT_EQ(plain_body.find("i_inner <= 15"), std::string::npos) << plain_body;
  for (int64_t n : {0, 1, 15, 16, 17, 33, 64, 97}) testing::expect_matches_reference(slabbed, kernel, {{"n", n}});
  std::string negative = testing::error_message<Error>([&] { split_iname(kernel, "i", 16, {.slabs = {-1, 0}}); });
  EXPECT_NE(negative.find("slabs must be two non-negative counts"), std::string::npos) << negative;
}

// Transform fuzzer regression (issue 24): with `within`, the split instructions left `i` while
// the domain of j (j <= i) still bounds j by i, so their j loop ran to n. Refused; a split of
// every instruction rewrites j's domain and is fine.
TEST(SplitIname, WithinRefusesLeavingAnInameAnotherDomainDependsOn) {
  LoopKernel reference = make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<=i}"},
                                     "row[i] = x[i] + 1 {id=first}\nout[i, j] = row[i] + x[j] {id=second, dep=first}",
                                     {array_arg("x, row", DType::Float32, {"n"}), array_arg("out", DType::Float32, {"n", "n"})});
  // After a checked transform (as in the fuzzer's case) the split's own check scope had skipped
  // the domain check.
  LoopKernel checked = prioritize_loops(reference, "i, j");
  std::string message = error_message<Error>([&] { split_iname(checked, "i", 4, {.inner_tag = "ilp", .within = "id:second"}); });
  EXPECT_NE(message.find("split_iname: instruction 'second' runs in iname 'j', whose bounds depend on iname 'i', but not in 'i'"),
            std::string::npos)
      << message;
  for (int64_t n : {3, 5}) expect_matches_reference(split_iname(reference, "i", 4, {.inner_tag = "ilp"}), reference, {{"n", n}});
}

}  // namespace
}  // namespace loom
