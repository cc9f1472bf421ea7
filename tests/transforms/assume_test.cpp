// assume: the guard it removes from a split, equivalence at sizes satisfying it, the recorded
// assumptions, and refusals.
#include <gtest/gtest.h>

#include "loom/loom.hpp"
#include "test_helpers.hpp"
#include "test_kernels.hpp"

namespace loom {
namespace {

using testing::error_message;
using testing::expect_matches_reference;

std::string kernel_body(const LoopKernel& kernel) {
  std::string source = generate_code(kernel, Target::C).source;
  return source.substr(source.find("void " + kernel.name + "("));
}

TEST(Assume, RemovesTheGuardOfASplit) {
  LoopKernel reference = test_kernels::vector_scale();
  std::string guarded = kernel_body(split_iname(reference, "i", 16));
  ASSERT_NE(guarded.find("loom_min"), std::string::npos)
      << "without the assumption the split needs a guard\n"
      << guarded;
  LoopKernel assumed = assume(reference, "n mod 16 = 0");
  LoopKernel split = split_iname(assumed, "i", 16);
  std::string body = kernel_body(split);
  EXPECT_EQ(body.find("loom_min"), std::string::npos) << body;
  EXPECT_EQ(body.find("if ("), std::string::npos) << body;
  EXPECT_NE(body.find("i_inner <= 15"), std::string::npos) << body;
  for (int64_t n : {0, 16, 48, 160}) expect_matches_reference(split, reference, {{"n", n}});
}

TEST(Assume, ValuesOutsideTheAssumptionsAreRefusedAtLaunch) {
  LoopKernel assumed = assume(test_kernels::vector_scale(), "n mod 16 = 0");
  EXPECT_NO_THROW(check_parameters(assumed, {{"n", 32}}));
  std::string message = error_message<Error>([&] { check_parameters(assumed, {{"n", 17}}); });
  EXPECT_NE(message.find("violate the assumptions"), std::string::npos) << message;
  EXPECT_NE(message.find("n mod 16 = 0"), std::string::npos) << message;
}

TEST(Assume, CombinesWithTheKernelsAssumptions) {
  LoopKernel kernel =
      make_kernel({"{[i,j]: 0<=i<n and 0<=j<m}"}, "out[i, j] = a[i, j]",
                  {array_arg("a, out", DType::Float32, {"n", "m"})}, {.assumptions = "n >= 1"});
  LoopKernel assumed = assume(assume(kernel, "m mod 4 = 0"), "m >= 8");
  EXPECT_EQ(assumed.assumptions_text, "n >= 1 and m mod 4 = 0 and m >= 8");
  EXPECT_NO_THROW(check_parameters(assumed, {{"n", 3}, {"m", 8}}));
  EXPECT_THROW(check_parameters(assumed, {{"n", 0}, {"m", 8}}), Error);  // the old assumption holds
  EXPECT_THROW(check_parameters(assumed, {{"n", 3}, {"m", 4}}), Error);
  EXPECT_THROW(check_parameters(assumed, {{"n", 3}, {"m", 10}}), Error);
  for (int64_t n : {1, 5}) expect_matches_reference(assumed, kernel, {{"n", n}, {"m", 12}});
  ASSERT_EQ(assumed.applied_transforms.size(), 2u);
  EXPECT_EQ(assumed.applied_transforms[1].name, "assume");
  // The set form cannot be glued as text: isl prints the combined set, which parses back.
  LoopKernel set_form = assume(kernel, "[m] -> { : m <= 100 }");
  EXPECT_NE(set_form.assumptions_text.find("m <= 100"), std::string::npos)
      << set_form.assumptions_text;
  EXPECT_NE(set_form.assumptions_text.find("n > 0"), std::string::npos)
      << set_form.assumptions_text;
  EXPECT_THROW(check_parameters(set_form, {{"n", 3}, {"m", 101}}), Error);
}

TEST(Assume, MayConstrainAValueArgument) {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = a[i] * s",
                                  {array_arg("a, out", DType::Int32, {"n"}), value_arg("s")});
  LoopKernel assumed = assume(kernel, "s >= 1");
  EXPECT_EQ(assumed.assumptions_text, "s >= 1");
  EXPECT_THROW(check_parameters(assumed, {{"n", 3}, {"s", 0}}), Error);
}

TEST(Assume, Refusals) {
  LoopKernel kernel =
      make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*a[i]",
                  {array_arg("a, out", DType::Float32, {"n"})}, {.assumptions = "n >= 1"});
  std::string iname = error_message<Error>([&] { assume(kernel, "i >= 2"); });
  EXPECT_NE(
      iname.find(
          "assume(\"i >= 2\"): 'i' is an iname; assumptions constrain the kernel's parameters (n)"),
      std::string::npos)
      << iname;
  std::string unknown = error_message<Error>([&] { assume(kernel, "q > 0"); });
  EXPECT_NE(unknown.find("'q' is not a name of the kernel; assumptions constrain the kernel's "
                         "parameters only (n)"),
            std::string::npos)
      << unknown;
  std::string array = error_message<Error>([&] { assume(kernel, "a > 0"); });
  EXPECT_NE(array.find("'a' is an array or non-integer argument"), std::string::npos) << array;
  std::string data =
      error_message<Error>([&] { assume(test_kernels::csr_spmv(), "row_len >= 1"); });
  EXPECT_NE(data.find("'row_len' is a temporary the kernel computes"), std::string::npos) << data;
  std::string contradiction = error_message<Error>([&] { assume(kernel, "n < 0"); });
  EXPECT_NE(contradiction.find("contradicts the kernel's assumptions (n >= 1)"), std::string::npos)
      << contradiction;
  std::string syntax = error_message<ParseError>([&] { assume(kernel, "n >="); });
  EXPECT_NE(syntax.find("assumptions"), std::string::npos) << syntax;
}

}  // namespace
}  // namespace loom
