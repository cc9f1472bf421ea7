// privatize_temporaries_with_inames and unprivatize_temporaries_with_inames (issue 11): one copy
// of a temporary per iteration of inames, and back. Checked against the untransformed kernel on
// the C target, along sequential, ilp and vec inames; refusals assert their message.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

LoopKernel scaled() {
  return make_kernel(
      {"{[i,j]: 0<=i<n and 0<=j<4}"}, "<float32> t = 2*a[i, j] {id=w}\nout[i, j] = t + 1 {id=r}",
      {array_arg("a, out", DType::Float32, {"n", "4"}), value_arg("n")}, {.name = "scaled"});
}

TEST(PrivatizeTest, AddsAnAxisPerIterationAndStillMatches) {
  LoopKernel kernel = privatize_temporaries_with_inames(scaled(), {"j"});
  const Temporary* t = kernel.find_temporary("t");
  ASSERT_EQ(t->shape.size(), 1u);
  EXPECT_EQ(to_string(t->shape[0]), "4");
  EXPECT_EQ(to_string(kernel.find_instruction("w")->assignees.front()), "t[j]");
  EXPECT_EQ(to_string(kernel.find_instruction("r")->expression), "t[j] + 1");
  for (int64_t n : {1, 5}) expect_matches_reference(kernel, scaled(), {{"n", n}});
}

TEST(PrivatizeTest, RoundTripThroughUnprivatize) {
  LoopKernel privatized =
      privatize_temporaries_with_inames(scaled(), {"j"}, std::vector<std::string>{"t"});
  LoopKernel back =
      unprivatize_temporaries_with_inames(privatized, {"j"}, std::vector<std::string>{"t"});
  EXPECT_TRUE(back.find_temporary("t")->shape.empty());
  EXPECT_EQ(instructions_text(back), instructions_text(scaled()));
  expect_matches_reference(back, scaled(), {{"n", 3}});
}

TEST(PrivatizeTest, AlongIlpAndVecInamesPreprocessingAddsNoSecondAxis) {
  for (const char* tag : {"ilp", "vec"}) {
    SCOPED_TRACE(tag);
    LoopKernel tagged = tag_inames(scaled(), std::string("j:") + tag);
    LoopKernel kernel = privatize_temporaries_with_inames(tagged, {"j"});
    EXPECT_EQ(kernel.find_temporary("t")->shape.size(), 1u);
    std::string source = generate_code(kernel, Target::C).source;
    EXPECT_NE(source.find("float t[4]"), std::string::npos) << source;
    expect_matches_reference(kernel, scaled(), {{"n", 6}});
  }
}

TEST(PrivatizeTest, UnprivatizeOfAReadAtAnotherIterationIsRefused) {
  LoopKernel kernel = make_kernel(
      {"{[j]: 0<=j<4}"}, "t[j] = a[j] {id=w}\nout[j] = t[3 - j] {id=r, dep=w}",
      {array_arg("a, out", DType::Float32, {"4"})},
      {.name = "reverse",
       .temporaries = {{.name = "t", .dtype = DType::Float32, .shape = {int_literal(4)}}}});
  std::string message =
      error_message<Error>([&] { unprivatize_temporaries_with_inames(kernel, {"j"}); });
  EXPECT_NE(
      message.find(
          "unprivatize_temporaries_with_inames: temporary 't' cannot lose its axis 0 along 'j'"),
      std::string::npos)
      << message;
  EXPECT_NE(message.find("instruction 'r'"), std::string::npos) << message;
}

TEST(PrivatizeTest, TwoWritersNeedingDifferentPrivateAxesAreRefused) {
  LoopKernel kernel = make_kernel(
      {"{[i,j]: 0<=i<4 and 0<=j<4}"},
      "for i\n  <float32> t = a[i, 0] {id=first}\n  for j\n"
      "    t = t + a[i, j] {id=second, dep=first}\n  end\n  out[i] = t {id=use, dep=second}\nend",
      {array_arg("a", DType::Float32, {"4", "4"}), array_arg("out", DType::Float32, {"4"})},
      {.name = "row_sums"});
  std::string message = error_message<Error>([&] {
    privatize_temporaries_with_inames(kernel, {"i", "j"});
  });
  EXPECT_NE(message.find("privatize_temporaries_with_inames: instruction 'second' needs private "
                         "axes for inames [i, j] "
                         "on temporary 't', but instruction 'first' needs [i]"),
            std::string::npos)
      << message;
}

TEST(PrivatizeTest, UnknownNamesAreRefused) {
  std::string message =
      error_message<Error>([&] { privatize_temporaries_with_inames(scaled(), {"k"}); });
  EXPECT_NE(message.find("unknown iname 'k'"), std::string::npos) << message;
  message = error_message<Error>(
      [&] { privatize_temporaries_with_inames(scaled(), {"j"}, std::vector<std::string>{"u"}); });
  EXPECT_NE(message.find("privatize_temporaries_with_inames: unknown temporary 'u' in "
                         "only_var_names (the kernel's temporaries: t)"),
            std::string::npos)
      << message;
  message = error_message<Error>(
      [&] { unprivatize_temporaries_with_inames(scaled(), {"j"}, std::vector<std::string>{"u"}); });
  EXPECT_NE(message.find("unknown temporary 'u'"), std::string::npos) << message;
}

}  // namespace
}  // namespace loom
