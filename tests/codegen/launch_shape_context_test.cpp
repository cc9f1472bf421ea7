// The AST context launch_shape gives a group iname (issue 26, wt-speed11): the launch box, whose
// guards are the same as with the iname's own values where those are an interval, and which keeps
// the odd groups of a strided range guarded (they are launched but are no value).
#include <gtest/gtest.h>

#include <string>

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

TEST(LaunchShapeContext, AGroupInameOverAnIntervalGetsTheFullGroupSplitAndOneGuard) {
  std::string source = kernels_of(generate_code(split_on_groups(scaled_copy("{[i]: 0<=i<n}")), Target::OpenCL).source);
  EXPECT_NE(source.find("if (n >= 32 * i_outer + 32)"), std::string::npos) << source;
  EXPECT_NE(source.find("if (n >= 32 * i_outer + i_inner + 1)"), std::string::npos) << source;
  EXPECT_EQ(count(source, "if ("), 2) << source;
}

TEST(LaunchShapeContext, AStridedGroupInameKeepsTheGuardOfTheGroupsThatAreNoValue) {
  // i takes the even values only; the grid launches the odd groups too.
  std::string source =
      kernels_of(generate_code(tag_inames(scaled_copy("{[i]: 0<=i<n and i mod 2 = 0}"), "i:g.0"), Target::OpenCL).source);
  EXPECT_NE(source.find("% 2"), std::string::npos) << source;
}

TEST(LaunchShapeContextOpenCL, IntervalAndStridedGroupsRunAsTheReference) {
  REQUIRE_OPENCL();
  LoopKernel plain = scaled_copy("{[i]: 0<=i<n}");
  for (int64_t n : {1, 31, 32, 100}) expect_on_opencl(split_on_groups(plain), plain, {{"n", n}});
  LoopKernel strided = scaled_copy("{[i]: 0<=i<n and i mod 2 = 0}");
  for (int64_t n : {1, 2, 7}) expect_on_opencl(tag_inames(strided, "i:g.0"), strided, {{"n", n}});
}

}  // namespace
}  // namespace loom
