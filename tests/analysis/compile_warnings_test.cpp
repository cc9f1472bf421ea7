// compile_warnings: an iname inside whose loop no instruction runs is named (loopy's unused-inames
// warning): a time loop written as a separate domain that no instruction names runs nothing, and a
// user who expected the loop is told how to put the instructions inside it.
#include <gtest/gtest.h>

#include "analysis/compile_warnings.hpp"
#include "analysis/preprocess.hpp"
#include "loom/loom.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

LoopKernel smoothing(const std::string& options, std::vector<std::string> silenced = {}) {
  LoopKernel kernel = make_kernel({"{[t]: 0<=t<steps}", "{[i]: 1<=i<n-1}"},
                                  "a[i] = (a[i-1] + a[i] + a[i+1]) / 3" + options,
                                  {array_arg("a", DType::Float32, {"n"}), value_arg("steps"), value_arg("n")},
                                  {.name = "smoothing"});
  kernel.options.silenced_warnings = std::move(silenced);
  return kernel;
}

TEST(CompileWarnings, AnInameNoInstructionRunsInsideIsNamed) {
  std::vector<std::string> warnings = compile_warnings(preprocess(smoothing("")));
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("no instruction runs inside the loop over 't'"), std::string::npos) << warnings[0];
  EXPECT_NE(warnings[0].find("{inames=t:...}"), std::string::npos) << warnings[0];
  // Named by the instruction, the loop runs it: no warning, and the results differ (three steps).
  LoopKernel stepped = smoothing(" {inames=t:i}");
  EXPECT_TRUE(compile_warnings(preprocess(stepped)).empty());
  EXPECT_FALSE(check_against_reference(stepped, smoothing(""), {{"steps", 3}, {"n", 9}}).passed);
  EXPECT_TRUE(compile_warnings(preprocess(smoothing("", {"unused_inames"}))).empty());
}

TEST(CompileWarnings, InamesOfReductionsAndFetchesCount) {
  LoopKernel matmul = make_kernel({"{[i,j,k]: 0<=i,j,k<n}"}, "c[i, j] = sum(k, a[i, k]*b[k, j])",
                                  {array_arg("a, b, c", DType::Float32, {"n", "n"}), value_arg("n")});
  LoopKernel tiled = split_iname(split_iname(matmul, "i", 8, {.outer_tag = "g.0", .inner_tag = "l.0"}), "k", 8);
  tiled = tag_inames(tiled, {{"j", "g.1"}});
  tiled = add_prefetch(tiled, "a", {.sweep_inames = {"i_inner", "k_inner"}});
  EXPECT_TRUE(compile_warnings(preprocess(tiled)).empty());
}

}  // namespace
}  // namespace loom
