// The nesting order's shared-loop preferences (codegen/loop_nesting.cpp, add_shared_loop_preferences):
// an instruction within j but not i that shares a written variable with one within both nests j
// outside i, whichever of the two writes it. The pairs are found through each variable's writers
// and readers (issue 26); these kernels fail if either direction is missed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "codegen/loop_nesting.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

// 64 instructions within j that share nothing with any other: the kernels below then have more
// instructions than the nesting problem tests pair by pair (kPairsTestedDirectlyUpTo), so their
// pairs are found through the variables' writers and readers.
std::string unrelated_instructions() {
  std::string text;
  for (int k = 0; k < 64; ++k) {
    std::string n = std::to_string(k);
    text += "\n<float32> f" + n + " = " + n + " {id=fill" + n + ", inames=j}";
  }
  return text;
}

// `t` is written within i and j and only read within j: the reader's variable is the writer's.
LoopKernel read_within_the_outer_loop_only() {
  return make_kernel({"{[i,j]: 0<=i,j<n}"},
                     "<float32> t = a[i, j] {id=w}\n"
                     "out[j] = t {id=r, dep=w, inames=j}" + unrelated_instructions(),
                     {array_arg("a", DType::Float32, {"n", "n"}), array_arg("out", DType::Float32, {"n"}),
                      value_arg("n")});
}

// `s` is written within j only and read within i and j: the writer is the instruction outside.
LoopKernel written_within_the_outer_loop_only() {
  return make_kernel({"{[i,j]: 0<=i,j<n}"},
                     "<float32> s = b[j] {id=w, inames=j}\n"
                     "out[i, j] = s {id=r, dep=w}" + unrelated_instructions(),
                     {array_arg("b", DType::Float32, {"n"}), array_arg("out", DType::Float32, {"n", "n"}),
                      value_arg("n")});
}

// Instructions that share nothing keep the domain's order.
LoopKernel sharing_nothing() {
  return make_kernel({"{[i,j]: 0<=i,j<n}"},
                     "out[j] = b[j] {id=x, inames=j}\n"
                     "c[i, j] = a[i, j] {id=y}" + unrelated_instructions(),
                     {array_arg("a, c", DType::Float32, {"n", "n"}), array_arg("b, out", DType::Float32, {"n"}),
                      value_arg("n")});
}

TEST(SharedLoopPreferences, AReaderOutsideTheInnerLoopNestsItsLoopOutside) {
  EXPECT_EQ(codegen::iname_nesting_order(read_within_the_outer_loop_only()), (std::vector<std::string>{"j", "i"}));
}

TEST(SharedLoopPreferences, AWriterOutsideTheInnerLoopNestsItsLoopOutside) {
  EXPECT_EQ(codegen::iname_nesting_order(written_within_the_outer_loop_only()), (std::vector<std::string>{"j", "i"}));
}

TEST(SharedLoopPreferences, InstructionsSharingNothingKeepTheDomainOrder) {
  EXPECT_EQ(codegen::iname_nesting_order(sharing_nothing()), (std::vector<std::string>{"i", "j"}));
}

// LOOM_VERIFY_SKIPPED_CHECKS=1 also tests every pair and compares: no internal error, same order.
TEST(SharedLoopPreferences, EveryPairsTestAgreesUnderVerification) {
  ::setenv("LOOM_VERIFY_SKIPPED_CHECKS", "1", 1);
  std::vector<std::string> read = codegen::iname_nesting_order(read_within_the_outer_loop_only());
  std::vector<std::string> written = codegen::iname_nesting_order(written_within_the_outer_loop_only());
  ::unsetenv("LOOM_VERIFY_SKIPPED_CHECKS");
  EXPECT_EQ(read, (std::vector<std::string>{"j", "i"}));
  EXPECT_EQ(written, (std::vector<std::string>{"j", "i"}));
}

}  // namespace
}  // namespace loom
