// launch_shape's answers without isl (issue 26): a group iname alone on its axis whose values are
// one basic set without existentials (an interval for every parameter value) takes its own values
// as the AST context without building the launch box and asking isl whether the box holds only
// values. A strided range still asks, and its odd groups stay guarded.
// ctest SkippedChecksVerified.transforms runs this file with LOOM_VERIFY_SKIPPED_CHECKS=1 too
// (then isl's subset test runs beside the interval and an internal error is raised where they
// differ).
#include <gtest/gtest.h>

#include <string>

#include "ir/work_counters.hpp"
#include "loom/loom.hpp"
#include "device_helpers.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::count;
using testing::expect_on_opencl;
using testing::kernels_of;

LoopKernel scaled_copy(const std::string& domain) {
  return make_kernel({domain}, "out[i] = 2*a[i]", {array_arg("a, out", DType::Float32, {"n"}), value_arg("n")},
                     {.name = "scaled_copy"});
}

LoopKernel split_on_groups(const LoopKernel& kernel) {
  return split_iname(kernel, "i", 32, {.outer_tag = "g.0", .inner_tag = "l.0"});
}

bool verifying() { return std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr; }

TEST(LaunchShapeFastPaths, AGroupInameWhoseValuesAreAnIntervalAsksNoBoxQuestion) {
  LoopKernel kernel = split_on_groups(scaled_copy("{[i]: 0<=i<n}"));
  int before = detail::launch_box_tests();
  GeneratedCode code = generate_code(kernel, Target::OpenCL);
  // Under the verification the subset test runs beside the interval (and agrees, or this threw).
  EXPECT_EQ(detail::launch_box_tests() - before, verifying() ? 1 : 0);
  std::string source = kernels_of(code.source);
  // The context is the group's values, so the same two guards as with the box (full groups
  // unguarded, the last group per work-item).
  EXPECT_NE(source.find("if (n >= 32 * i_outer + 32)"), std::string::npos) << source;
  EXPECT_NE(source.find("if (n >= 32 * i_outer + i_inner + 1)"), std::string::npos) << source;
  EXPECT_EQ(count(source, "if ("), 2) << source;
}

TEST(LaunchShapeFastPaths, AStridedGroupInameStillAsksAndKeepsItsGuard) {
  // i_outer takes the even values only; the grid launches the odd groups too.
  LoopKernel kernel = tag_inames(scaled_copy("{[i]: 0<=i<n and i mod 2 = 0}"), "i:g.0");
  int before = detail::launch_box_tests();
  GeneratedCode code = generate_code(kernel, Target::OpenCL);
  EXPECT_EQ(detail::launch_box_tests() - before, 1);
  std::string source = kernels_of(code.source);
  EXPECT_NE(source.find("% 2"), std::string::npos) << source;  // the odd groups do nothing
}

TEST(LaunchShapeFastPathsOpenCL, IntervalAndStridedGroupsRunAsTheReference) {
  SKIP_WITHOUT_OPENCL();
  LoopKernel plain = scaled_copy("{[i]: 0<=i<n}");
  for (int64_t n : {1, 31, 32, 100}) expect_on_opencl(split_on_groups(plain), plain, {{"n", n}});
  LoopKernel strided = scaled_copy("{[i]: 0<=i<n and i mod 2 = 0}");
  for (int64_t n : {1, 2, 7}) expect_on_opencl(tag_inames(strided, "i:g.0"), strided, {{"n", n}});
}

}  // namespace
}  // namespace loom
